package j3d_test

import (
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
)

// BenchmarkEvaluateLarge samples all 400 joints (3600 channels, 1782 of
// them keyed with about 30 keys) of large.bck at a fractional frame into a
// reused pose: what the viewer does every frame. Target: ≤ 20 µs/op,
// 0 allocs/op.
func BenchmarkEvaluateLarge(b *testing.B) {
	_, clip := mustBCKClip(b, readFixture(b, "large.bck"))
	pose := anim.NewPose(clip)
	b.ReportAllocs()
	for b.Loop() {
		anim.Evaluate(clip, 61.68, pose)
	}
}

// BenchmarkEvaluateLargeMoving cycles through four frames far apart, so
// every curve's segment changes between calls (a seek, or a slider drag).
func BenchmarkEvaluateLargeMoving(b *testing.B) {
	_, clip := mustBCKClip(b, readFixture(b, "large.bck"))
	pose := anim.NewPose(clip)
	frames := []float64{33.34, 61.68, 90.07, 17.25}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		anim.Evaluate(clip, frames[i&3], pose)
	}
}

// BenchmarkEvaluateLargeConstants is the same clip with every keyed curve
// replaced by a constant: the cost of Evaluate itself (with a plan, one
// copy of the base pose), the floor under the Hermite work.
func BenchmarkEvaluateLargeConstants(b *testing.B) {
	_, clip := mustBCKClip(b, readFixture(b, "large.bck"))
	for i := range clip.Targets {
		for c := range clip.Targets[i].Channels {
			ch := &clip.Targets[i].Channels[c]
			if h, ok := ch.Curve.(*anim.Hermite); ok {
				ch.Curve = anim.Constant(h.Keys[0].Value)
			}
		}
	}
	clip.Prepare() // the channels changed: rebuild the plan
	pose := anim.NewPose(clip)
	b.ReportAllocs()
	for b.Loop() {
		anim.Evaluate(clip, 61.68, pose)
	}
}

// BenchmarkDecodeLarge decodes large.bck into its spec struct and converts
// it into a clip, as formats.Open does. Target: ≥ 200 MB/s.
func BenchmarkDecodeLarge(b *testing.B) {
	data := readFixture(b, "large.bck")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		bck, err := j3d.DecodeBCK(data)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := bck.Clip(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeLargeRaw is the decode step alone (spec struct only).
func BenchmarkDecodeLargeRaw(b *testing.B) {
	data := readFixture(b, "large.bck")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := j3d.DecodeBCK(data); err != nil {
			b.Fatal(err)
		}
	}
}
