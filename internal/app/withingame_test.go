package app

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestSideClipsStayWithinTheirGame: files of two games dropped together
// into one folder. The texture and colour clips of an archive holding
// another game's model go with that model only; a loose BRK in the
// model's folder still plays beside it.
func TestSideClipsStayWithinTheirGame(t *testing.T) {
	paths := oneFolder(t, apptest.ModelFixtures+"biped.bmd", apptest.ModelFixtures+"walk.bck", familyFixtures+"brk_tan1.brk")
	read := func(p string) []byte {
		b, err := os.ReadFile(p)
		apptest.Must(t, err)
		return b
	}
	// Another game's archive: its own model and two clips named after
	// nothing (SMO's BombHei.szs holds SignExplosion_fcl).
	arc, err := archivetest.WriteRARC("other", []archivetest.RARCFile{
		{Path: "other/bomb.bmd", Data: read(apptest.ModelFixtures + "chain3.bmd")},
		{Path: "other/sign.brk", Data: read(familyFixtures + "brk_tan0.brk")},
		{Path: "other/sign.btk", Data: read("../../formats/j3d/testdata/btk_basic.btk")},
	})
	apptest.Must(t, err)
	other := filepath.Join(filepath.Dir(paths[0]), "other.arc")
	apptest.Must(t, os.WriteFile(other, arc, 0o644))

	a, _ := openApp(t, append(paths, other)...)
	if a.rig.skel == nil || a.rig.skel.Name != "biped" && len(a.rig.skel.Joints) != 12 {
		t.Fatalf("model %v, want biped.bmd", a.rig.skel)
	}
	if len(a.play.mat.slots) != 1 || a.ses.files[a.play.mat.slots[0].file].name != "brk_tan1.brk" {
		t.Errorf("material clips beside biped.bmd: %v, want only the loose brk_tan1.brk of its folder", materialEntries(a))
	}
	if a.play.tex != nil {
		t.Errorf("texture clip %q plays on biped.bmd; the archive's sign.btk belongs to its own model", a.play.tex.label)
	}
	// The archive's model takes them.
	v := viewOf(a)
	mi := slices.IndexFunc(v.Pairing.Models, func(m viewmodel.ModelChoice) bool { return m.Joints == 3 })
	a.Apply(viewmodel.SelectModel{File: v.Pairing.Models[mi].File, Skel: v.Pairing.Models[mi].Skel})
	if got := materialEntries(a); !slices.Equal(got, []string{"sign.brk"}) || entryOf(a, a.play.tex) != "sign.btk" {
		t.Errorf("beside the archive's bomb.bmd: materials %v, texture %q; want sign.brk and sign.btk", got, entryOf(a, a.play.tex))
	}
}

// TestPickerSuggestsWhatBinds: the Animation picker suggests only clips
// that bind to the model (a 12-joint walk is not suggested for a 3-joint
// chain, though in its folder); the viewer remembers each model's last
// clip; --clip plays a clip by name.
func TestPickerSuggestsWhatBinds(t *testing.T) {
	paths := oneFolder(t, apptest.ModelFixtures+"biped.bmd", apptest.ModelFixtures+"chain3.bmd",
		apptest.ModelFixtures+"walk.bck", apptest.ModelFixtures+"wave.bck", familyFixtures+"bck_le.bck")
	a, _ := openApp(t, paths...)
	model := func(joints int) {
		t.Helper()
		v := viewOf(a)
		mi := slices.IndexFunc(v.Pairing.Models, func(m viewmodel.ModelChoice) bool { return m.Joints == joints })
		if mi < 0 {
			t.Fatalf("no %d-joint model among %+v", joints, v.Pairing.Models)
		}
		a.Apply(viewmodel.SelectModel{File: v.Pairing.Models[mi].File, Skel: v.Pairing.Models[mi].Skel})
	}
	suggested := func() []string {
		var out []string
		for _, c := range viewOf(a).Pairing.Anims {
			if c.Reason != "" {
				out = append(out, c.Label)
			}
		}
		return out
	}
	model(3)
	if got := suggested(); !slices.Equal(got, []string{"bck_le.bck"}) {
		t.Errorf("suggested for the 3-joint chain: %v, want only the 3-joint bck_le.bck", got)
	}
	if n := len(viewOf(a).Pairing.Anims); n != 3 {
		t.Errorf("%d animations listed, want all 3 (the others unsuggested)", n)
	}
	model(12)
	if got := suggested(); !slices.Equal(got, []string{"walk.bck", "wave.bck"}) {
		t.Errorf("suggested for biped: %v, want walk.bck and wave.bck", got)
	}
	// Remembered per model: wave on the biped, back to the chain and
	// again to the biped plays wave, not the best-ranked walk.
	a.Apply(viewmodel.SelectClipNamed{Name: "wave"})
	if a.play.joint == nil || a.ses.files[a.play.joint.file].name != "wave.bck" {
		t.Fatalf("--clip wave: playing %v", a.play.joint)
	}
	model(3)
	if name := a.ses.files[a.play.joint.file].name; name != "bck_le.bck" {
		t.Errorf("on the chain: %s, want bck_le.bck", name)
	}
	model(12)
	if name := a.ses.files[a.play.joint.file].name; name != "wave.bck" {
		t.Errorf("back on the biped: %s, want wave.bck (its last clip)", name)
	}
	a.Apply(viewmodel.SelectClipNamed{Name: "walk.bck"})
	if name := a.ses.files[a.play.joint.file].name; name != "walk.bck" {
		t.Errorf("--clip walk.bck: playing %s", name)
	}
	a.Apply(viewmodel.SelectClipNamed{Name: "run"})
	if !noticeWith(a, viewmodel.Warning, `--clip: no open animation named "run"`) {
		t.Errorf("no warning for an unknown --clip: %+v", a.msgs.notices)
	}
}
