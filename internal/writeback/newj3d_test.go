package writeback

import (
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
)

// TestNewBCKAndBCA: the walk, its loop mode set to once, exported and
// written as a new BCK and a new BCA for the biped: loop mode from the
// glTF's extras, the glTF's length, a track set per joint; the BCK plays
// the walk (before the rotation truncation, as the export follows it)
// within the bound at every eighth of a frame, the BCA at every whole
// frame (the late runtime's exact ones), and the joint the glTF does not
// animate holds its rest values.
func TestNewBCKAndBCA(t *testing.T) {
	dir := "../../formats/j3d/testdata/j3dmodel"
	skel := openSkeleton(t, filepath.Join(dir, "biped.bmd"))
	walk, err := readBCK(t, filepath.Join(dir, "walk.bck")).Clip()
	if err != nil {
		t.Fatal(err)
	}
	walk.Loop = anim.Once
	src := exportGLB(t, skel, walk, "walk")
	res, err := NewBCK(src, skel, DefaultEncoders)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("BCK: worst %.3g at %s, %d keys, %d bytes, notes %q", res.Worst, res.WorstJoint, res.Keys, len(res.Data), res.Notes)
	b := readBCKData(t, res.Data)
	if b.LoopMode != uint8(anim.Once) || b.Duration != uint16(walk.Duration) || len(b.Joints) != len(skel.Joints) {
		t.Errorf("BCK header: loop %d duration %d joints %d, want %d %g %d", b.LoopMode, b.Duration, len(b.Joints), anim.Once, walk.Duration, len(skel.Joints))
	}
	clip, err := b.Clip()
	if err != nil {
		t.Fatal(err)
	}
	// Both as the export follows them, before the rotation truncation;
	// the glTF's own error (within the bound) adds to the file's.
	if e := worstAgainst(skel, clip.UnroundedRotations(), walk.UnroundedRotations(), walk.Duration); e > 2 {
		t.Errorf("new BCK is %.3g× the bound from the walk", e)
	}
	bca, err := NewBCA(src, skel, anim.LateRuntime)
	if err != nil {
		t.Fatal(err)
	}
	a, err := j3d.DecodeBCA(bca.Data)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("BCA: %d values, %d bytes", bca.Keys, len(bca.Data))
	if a.LoopMode != uint8(anim.Once) || a.Duration != uint16(walk.Duration) || len(a.Joints) != len(skel.Joints) {
		t.Errorf("BCA header: loop %d duration %d joints %d", a.LoopMode, a.Duration, len(a.Joints))
	}
	ac, err := a.Clip()
	if err != nil {
		t.Fatal(err)
	}
	head := -1
	for j, jt := range skel.Joints {
		if jt.Name == "head" {
			head = j
		}
	}
	for i := range 9 {
		tr := a.Joints[head][i]
		want := skel.Joints[head].Rest[bckSlot(i)]
		got := a.Tables.Value(j3d.KindOf(i), int(tr.Index))
		if j3d.KindOf(i) == j3d.RotationTrack {
			got = j3d.RotationDegrees(int16(got))
		}
		if tr.Count != 1 || float32(got) != float32(want) && j3d.KindOf(i) != j3d.RotationTrack || j3d.KindOf(i) == j3d.RotationTrack && got-want > 0.006 {
			t.Errorf("head track %d: %d values, %g; want its rest %g", i, tr.Count, got, want)
		}
	}
	wg := 0.0
	for f := 0; f <= int(walk.Duration); f++ {
		wg = max(wg, worstAt(skel, ac, walk.UnroundedRotations(), float64(f)))
	}
	if wg > 2 {
		t.Errorf("new BCA is %.3g× the bound from the walk at a whole frame", wg)
	}
}

// worstAt is worstAgainst at one frame.
func worstAt(skel *anim.Skeleton, got, want *anim.Clip, f float64) float64 {
	return worstAgainstFrames(skel, got, want, []float64{f})
}
