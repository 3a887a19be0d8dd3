package app

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/j3dtest"
	"github.com/animscope/animscope/internal/app/apptest"
)

// TestModelTheOpenedAnimationsFit: an archive of a character and its
// effect models (Wind Waker's Link.arc: cl.bdl, and gicer01.bdl with
// gicer01.bck named after it) opens on the effect, whose clip is named
// after it; opened with the character's own animations beside it (the
// game keeps them in another archive, LkAnm.arc), it opens on the
// character those animations fit, playing one of them.
func TestModelTheOpenedAnimationsFit(t *testing.T) {
	// A three-joint clip for the effect model (chain3.bmd).
	fx := &j3d.BCK{LoopMode: 0, Duration: 10}
	for range 3 {
		var set j3d.TrackSet
		for s := range set {
			kind := []j3d.TrackKind{j3d.ScaleTrack, j3d.RotationTrack, j3d.TranslationTrack}[s%3]
			v := 0.0
			if kind == j3d.ScaleTrack {
				v = 1
			}
			tr, err := j3dtest.Const(&fx.Tables, kind, v)
			apptest.Must(t, err)
			set[s] = tr
		}
		fx.Joints = append(fx.Joints, set)
	}
	fxData, err := j3dtest.EncodeBCK(fx)
	apptest.Must(t, err)
	dir := t.TempDir()
	p := writeArchive(t, filepath.Join(dir, "Link.arc"), "link", []archivetest.RARCFile{
		{Path: "bdl/cl.bmd", Data: readFixture(t, apptest.ModelFixtures+"biped.bmd")},
		{Path: "bdlm/gicer01.bmd", Data: readFixture(t, apptest.ModelFixtures+"chain3.bmd")},
		{Path: "bck/gicer01.bck", Data: fxData},
	})

	a, _ := openApp(t, p)
	if got := entryOf(a, a.play.joint); a.rig.skel == nil || len(a.rig.skel.Joints) != 3 || got != "gicer01.bck" {
		t.Errorf("Link.arc alone: model %v playing %q, want the effect with gicer01.bck", a.rig.skelLabel, got)
	}

	walk := filepath.Join(dir, "walk.bck")
	apptest.Must(t, os.WriteFile(walk, readFixture(t, apptest.ModelFixtures+"walk.bck"), 0o644))
	b, _ := openApp(t, p, walk)
	if b.rig.skel == nil || len(b.rig.skel.Joints) != 12 || b.play.joint == nil || b.play.joint.label != "walk.bck" {
		t.Errorf("Link.arc with walk.bck: model %v playing %v, want cl.bmd playing walk.bck", b.rig.skelLabel, b.play.joint)
	}
}
