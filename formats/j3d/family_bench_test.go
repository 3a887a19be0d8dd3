package j3d_test

import (
	"math/rand/v2"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/j3dtest"
	"github.com/animscope/animscope/internal/cputime/cputimetest"
)

// largeBCA builds a 400-joint, 120-frame BCA as real character files are:
// per joint, scale constant, rotation and translation one value per frame
// on most channels (different data per joint, so no sharing).
func largeBCA(tb testing.TB) []byte {
	tb.Helper()
	const joints, frames = 400, 121
	rng := rand.New(rand.NewPCG(13, 400))
	b := &j3d.BCA{LoopMode: 2, Duration: frames - 1}
	b.Joints = make([]j3d.FullSet, joints)
	for i := range b.Joints {
		for j := range b.Joints[i] {
			var err error
			switch j3d.KindOf(j) {
			case j3d.ScaleTrack:
				b.Joints[i][j], err = j3dtest.FullSeq(&b.Scale, float32(1+0.001*float64(i)))
			case j3d.RotationTrack:
				v := make([]int16, frames)
				for f := range v {
					v[f] = int16(rng.IntN(65536) - 32768)
				}
				b.Joints[i][j], err = j3dtest.FullSeq(&b.Rotation, v...)
			default:
				v := make([]float32, frames)
				for f := range v {
					v[f] = rng.Float32() * 100
				}
				b.Joints[i][j], err = j3dtest.FullSeq(&b.Translation, v...)
			}
			if err != nil {
				// The u16 table counts cap what fits: fall back to a
				// constant once a table is full.
				b.Joints[i][j], _ = j3dtest.FullSeq(&b.Scale, 1)
			}
		}
	}
	data, err := j3dtest.EncodeBCA(b)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// BenchmarkEvaluateBCA400 samples all 400 joints (3600 full-frame
// channels) of a BCA at a fractional frame into a reused pose. Target:
// ≤ 10 µs/op, 0 allocs/op.
func BenchmarkEvaluateBCA400(b *testing.B) {
	clip, err := decodeFamily(largeBCA(b))
	if err != nil {
		b.Fatal(err)
	}
	clip.Prepare() // as formats.Open does
	pose := anim.NewPose(clip)
	b.ReportAllocs()
	defer cputimetest.Meter(b, 0)()
	for b.Loop() {
		anim.Evaluate(clip, 61.68, pose)
	}
}

// BenchmarkDecodeBCA400 decodes the 400-joint BCA into its spec struct and
// a clip, as formats.Open does. Target: ≥ 200 MB/s.
func BenchmarkDecodeBCA400(b *testing.B) {
	data := largeBCA(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	defer cputimetest.Meter(b, len(data))()
	for b.Loop() {
		bca, err := j3d.DecodeBCA(data)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := bca.Clip(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeBRK decodes a BRK of 200 C and 200 K entries with
// 8-key tracks (bigger than any real one) into a clip.
func BenchmarkDecodeBRK(b *testing.B) {
	rng := rand.New(rand.NewPCG(13, 200))
	brk := &j3d.BRK{Duration: 60}
	for i := range 400 {
		var tr j3d.ColorTracks
		values := &brk.CValues
		if i >= 200 {
			values = &brk.KValues
		}
		for j := range tr {
			keys := make([][]float64, 8)
			for k := range keys {
				keys[k] = []float64{float64(k * 8), float64(rng.IntN(512) - 128), float64(rng.IntN(40) - 20), float64(rng.IntN(40) - 20)}
			}
			tr[j], _ = j3dtest.ColorKeys(&values[j], 1, keys...)
		}
		name := j3d.Name{Name: "material_" + string(rune('a'+i%26)) + string(rune('a'+i/26))}
		if i < 200 {
			brk.CRegs, brk.CNames = append(brk.CRegs, j3d.RegEntry{Tracks: tr, ColorID: uint8(i % 4)}), append(brk.CNames, name)
		} else {
			brk.KRegs, brk.KNames = append(brk.KRegs, j3d.RegEntry{Tracks: tr, ColorID: uint8(i % 4)}), append(brk.KNames, name)
		}
	}
	data, err := j3dtest.EncodeBRK(brk)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	defer cputimetest.Meter(b, len(data))()
	for b.Loop() {
		d, err := j3d.DecodeBRK(data)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := d.Clip(); err != nil {
			b.Fatal(err)
		}
	}
}
