package writeback

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/j3d"

	"github.com/animscope/animscope/anim"
)

// TestImportOntoAnotherClip writes the biped walk's glTF onto wave.bck:
// every joint is fitted anew, and wave's rotation fraction (steps of
// 2^3 units, 0.044°) is too coarse for the walk's legs to put the feet
// within the bound. The written clip, decoded and posed here, must play
// the glTF within the bound at every eighth of a frame.
func TestImportOntoAnotherClip(t *testing.T) {
	dir := "../../formats/j3d/testdata/j3dmodel"
	skel := openSkeleton(t, filepath.Join(dir, "biped.bmd"))
	walk := readBCK(t, filepath.Join(dir, "walk.bck"))
	wave := readBCK(t, filepath.Join(dir, "wave.bck"))
	clip, err := walk.Clip()
	if err != nil {
		t.Fatal(err)
	}
	src := exportGLB(t, skel, clip, "walk")
	importAndMeasure(t, src, wave, skel, clip.FPS, int(walk.Duration), "the walk's glTF")
}

// importAndMeasure imports src onto target and poses the written clip,
// decoded again, against src over frames: within the bound everywhere.
func importAndMeasure(t *testing.T, src *Source, target *j3d.BCK, skel *anim.Skeleton, fps float64, frames int, what string) {
	t.Helper()
	res, err := ImportBCK(src, target, skel, DefaultEncoders)
	if err != nil {
		t.Fatal(err)
	}
	got, err := readBCKData(t, res.Data).Clip()
	if err != nil {
		t.Fatal(err)
	}
	got = got.UnroundedRotations()
	m, _ := MatchJoints(src, skel)
	bind := anim.BindByIndex(got, skel)
	if v := newReference(src, fps, frames).measure(got, &bind, skel, m); v.worst > 1 {
		t.Errorf("%.3f× the bound from %s at %s (notes %q)", v.worst, what, skel.Joints[v.worstJoint].Name, res.Notes)
	}
}

// TestMissNoteNamesKeptJoint: a glTF that holds the walk's hips still
// (its tracks removed) imported onto the walk: the hips keep the
// target's moving tracks, so the file is off the glTF there, and the
// note must say which joint keeps the target's tracks rather than blame
// the format's precision.
func TestMissNoteNamesKeptJoint(t *testing.T) {
	dir := "../../formats/j3d/testdata/j3dmodel"
	skel := openSkeleton(t, filepath.Join(dir, "biped.bmd"))
	walk := readBCK(t, filepath.Join(dir, "walk.bck"))
	clip, err := walk.Clip()
	if err != nil {
		t.Fatal(err)
	}
	src := exportGLB(t, skel, clip, "walk")
	m, err := MatchJoints(src, skel)
	if err != nil {
		t.Fatal(err)
	}
	hips := -1
	for j, jt := range skel.Joints {
		if jt.Name == "hips" {
			hips = j
		}
	}
	if hips < 0 || m.Node[hips] < 0 {
		t.Fatal("no hips node")
	}
	clear(src.Nodes[m.Node[hips]].tracks[:])
	res, err := ImportBCK(src, walk, skel, DefaultEncoders)
	if err != nil {
		t.Fatal(err)
	}
	if res.Worst <= 1 {
		t.Fatalf("worst %.3f: the hips' target motion should put the file off the still glTF", res.Worst)
	}
	want := `because "hips" keeps the target's tracks`
	found := false
	for _, n := range res.Notes {
		found = found || strings.Contains(n, want) && !strings.Contains(n, "precision")
	}
	if !found {
		t.Errorf("notes %q do not say %s", res.Notes, want)
	}
}

// heldAtRest lists, from the BCK's own tables, the joints whose nine
// tracks are one value each, equal to the skeleton's rest.
func heldAtRest(b *j3d.BCK, skel *anim.Skeleton) map[string]bool {
	held := map[string]bool{}
	deg := float64(int(1)<<b.RotationFrac) * 180 / 32768
	for j, set := range b.Joints {
		still := true
		for i, tr := range set {
			kind := j3d.TrackKind(i % 3)
			if tr.Count != 1 {
				still = false
				break
			}
			v := b.Tables.Value(kind, int(tr.Index))
			var rest float64
			switch kind {
			case j3d.ScaleTrack:
				rest = skel.Joints[j].Rest[anim.ScaleX+anim.Slot(i/3)]
			case j3d.RotationTrack:
				v *= deg
				rest = skel.Joints[j].Rest[anim.RotX+anim.Slot(i/3)]
			default:
				rest = skel.Joints[j].Rest[anim.TransX+anim.Slot(i/3)]
			}
			if math.Abs(v-rest) > 1e-4 {
				still = false
			}
		}
		if still {
			held[skel.Joints[j].Name] = true
		}
	}
	return held
}

// TestImportHeldJointsOntoAnotherClip writes the wave's glTF onto
// walk.bck. The wave holds the legs and the centre at their rests, so
// the export gives them no channels; its animation's extras list them as
// held, and the import must hold them still too rather than keep the
// walk's striding legs (60,000× the bound at the centre when kept).
func TestImportHeldJointsOntoAnotherClip(t *testing.T) {
	dir := "../../formats/j3d/testdata/j3dmodel"
	skel := openSkeleton(t, filepath.Join(dir, "biped.bmd"))
	walk := readBCK(t, filepath.Join(dir, "walk.bck"))
	wave := readBCK(t, filepath.Join(dir, "wave.bck"))
	clip, err := wave.Clip()
	if err != nil {
		t.Fatal(err)
	}
	src := exportGLB(t, skel, clip, "wave")
	want := heldAtRest(wave, skel)
	if len(want) == 0 || len(want) == len(skel.Joints) {
		t.Fatalf("wave holds %d of %d joints at rest: the case needs some of each", len(want), len(skel.Joints))
	}
	for _, nd := range src.Nodes {
		if nd.Held != want[nd.Name] {
			t.Errorf("node %q: held %v, the wave's tables say %v", nd.Name, nd.Held, want[nd.Name])
		}
	}
	importAndMeasure(t, src, walk, skel, clip.FPS, int(wave.Duration), "the wave's glTF")
}
