package j3d

import (
	"testing"

	"github.com/animscope/animscope/anim"
)

// BenchmarkEvaluateLarge samples all 400 joints (3600 channels, about half
// keyed with 30 keys) of large.bck at a fractional frame into a reused
// pose: what the viewer does every frame. Target: ≤ 20 µs/op, 0 allocs/op.
func BenchmarkEvaluateLarge(b *testing.B) {
	_, clip := mustBCKClip(b, readFixture(b, "large.bck"))
	pose := anim.NewPose(clip)
	frames := []float64{33.34, 61.68, 90.07, 17.25}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		anim.Evaluate(clip, frames[i&3], pose)
	}
}

// BenchmarkDecodeLarge decodes large.bck into its spec struct and converts
// it into a clip, as formats.Open does. Target: ≥ 200 MB/s.
func BenchmarkDecodeLarge(b *testing.B) {
	data := readFixture(b, "large.bck")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		bck, err := DecodeBCK(data)
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
		if _, err := DecodeBCK(data); err != nil {
			b.Fatal(err)
		}
	}
}
