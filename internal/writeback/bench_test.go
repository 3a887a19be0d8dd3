package writeback

import (
	"bytes"
	"math"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/internal/cputime/cputimetest"
	"github.com/animscope/animscope/internal/export"
)

// syntheticBCK is a BCK of n joints over frames frames, each joint swinging
// smoothly about two axes with a few Hermite keys, on a Basic skeleton of
// n joints (a spine with branches every fourth joint), and the glTF
// animscope export writes from it.
func syntheticBCK(tb testing.TB, n, frames int) (*j3d.BCK, *anim.Skeleton, []byte) {
	tb.Helper()
	skel := &anim.Skeleton{Mode: anim.J3DBasic}
	for j := range n {
		p := j - 1
		if j%4 == 0 && j >= 4 {
			p = j - 4
		}
		rest := anim.DefaultBase()
		rest[anim.TransY] = 10
		rest[anim.TransX] = float64(j%3) * 2
		skel.Joints = append(skel.Joints, anim.Joint{Name: "j" + string(rune('A'+j%26)) + string(rune('a'+j/26)), Parent: p, Rest: rest})
	}
	if err := skel.Finish(); err != nil {
		tb.Fatal(err)
	}
	b := &j3d.BCK{LoopMode: 2, Duration: uint16(frames)}
	tbld := j3d.NewTableBuilder(nil)
	for j := range n {
		var set j3d.TrackSet
		for i := range 9 {
			k := j3d.KindOf(i)
			var tr j3d.Track
			var err error
			switch {
			case k == j3d.ScaleTrack:
				tr, err = tbld.Const(k, 1)
			case k == j3d.TranslationTrack:
				tr, err = tbld.Const(k, skel.Joints[j].Rest[anim.TransX+anim.Slot(i/3)])
			case i/3 == 0 || i/3 == 2:
				amp := 20 + float64(j%5)*5
				var keys []j3d.Key
				for f := 0; f <= frames; f += frames / 3 {
					v := amp * math.Sin(float64(f)/float64(frames)*2*math.Pi+float64(j))
					d := amp * math.Cos(float64(f)/float64(frames)*2*math.Pi+float64(j)) * 2 * math.Pi / float64(frames)
					r, _ := j3d.RotationRaw(v, 0)
					s, _ := j3d.RotationRaw(d, 0)
					keys = append(keys, j3d.Key{Time: float64(f), Value: float64(r), In: float64(s), Out: float64(s)})
				}
				tr, err = tbld.Keys(k, 0, keys)
			default:
				tr, err = tbld.Const(k, 0)
			}
			if err != nil {
				tb.Fatal(err)
			}
			set[i] = tr
		}
		b.Joints = append(b.Joints, set)
	}
	b.Tables = tbld.Tables()
	data, err := j3d.EncodeBCK(b)
	if err != nil {
		tb.Fatal(err)
	}
	if b, err = j3d.DecodeBCK(data); err != nil {
		tb.Fatal(err)
	}
	clip, err := b.Clip()
	if err != nil {
		tb.Fatal(err)
	}
	doc, _, err := export.Build(export.Scene{Skeleton: skel, Clips: []export.Clip{{Clip: clip, Source: "synth.bck"}}})
	if err != nil {
		tb.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := export.WriteGLB(&buf, doc); err != nil {
		tb.Fatal(err)
	}
	return b, skel, buf.Bytes()
}

// BenchmarkImportBCK42x30 is the target of a 42-joint, 30-frame BCK:
// reading the glTF and writing the BCK (fit and verification) in at most
// 100 ms of CPU time (cpu-ns/op: the machine may be shared).
func BenchmarkImportBCK42x30(b *testing.B) {
	target, skel, glb := syntheticBCK(b, 42, 30)
	b.ResetTimer()
	defer cputimetest.Meter(b, 0)()
	for b.Loop() {
		src, err := ReadGLTF("synth.glb", glb, nil, "", "")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := ImportBCK(src, target, skel, DefaultEncoders); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSyntheticRoundTrip holds the benchmark's kind of input (fewer
// joints: exporting it is the slow part) to the bound, so the benchmark
// times a conversion that succeeds.
func TestSyntheticRoundTrip(t *testing.T) {
	target, skel, glb := syntheticBCK(t, 12, 30)
	src, err := ReadGLTF("synth.glb", glb, nil, "", "")
	if err != nil {
		t.Fatal(err)
	}
	res, err := ImportBCK(src, target, skel, DefaultEncoders)
	if err != nil {
		t.Fatal(err)
	}
	orig, _ := target.Clip()
	got, _ := readBCKData(t, res.Data).Clip()
	if e := worstAgainst(skel, got, orig, 30); e > 1 {
		t.Errorf("%.3f× the bound from the original", e)
	}
	t.Logf("worst %.3f, keys %d -> %d, %d bytes", res.Worst, res.KeysBefore, res.Keys, len(res.Data))
}
