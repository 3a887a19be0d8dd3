package app

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"testing"

	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
)

// courseArchive writes a RARC laid out like a Mario Kart Double Dash
// course's objects folder: two models, each with clips named after it
// (the other model's files first in path order, as minigamearrow.* comes
// before minigamebombhei_battle.*), and a BPK named after neither.
func courseArchive(t *testing.T) string {
	t.Helper()
	bmdBig, bmdSmall := readFixture(t, apptest.ModelFixtures+"biped.bmd"), readFixture(t, apptest.ModelFixtures+"chain3.bmd")
	walk := readFixture(t, apptest.ModelFixtures+"walk.bck")
	btk := readFixture(t, "../../formats/j3d/testdata/btk_basic.btk")
	brk, bpk := readFixture(t, familyFixtures+"brk_tan0.brk"), readFixture(t, familyFixtures+"bpk_color.bpk")
	p := writeArchive(t, filepath.Join(t.TempDir(), "track.arc"), "course", []archivetest.RARCFile{
		{Path: "objects/arrow.bmd", Data: bmdSmall},
		{Path: "objects/arrow.brk", Data: brk},
		{Path: "objects/arrow.btk", Data: btk},
		{Path: "objects/bomb.bmd", Data: bmdBig},
		{Path: "objects/bomb_1p.brk", Data: brk},
		{Path: "objects/bomb_wait.bck", Data: walk},
		{Path: "objects/bomb_wait.btk", Data: btk},
		{Path: "objects/shared.bpk", Data: bpk},
	})
	return p
}

// entryOf is the archive entry (base name) a slot plays, "" for none.
func entryOf(a *App, s *slot) string {
	if s == nil {
		return ""
	}
	return path.Base(a.ses.files[s.file].entry)
}

func materialEntries(a *App) []string {
	var out []string
	for _, s := range a.play.mat.slots {
		out = append(out, entryOf(a, s))
	}
	return out
}

// TestModelPlaysClipsNamedAfterIt: texture and material clips play as
// the games start them (pairing.PlaysWith): showing bomb.bmd with
// bomb_wait.bck plays bomb_wait.btk (the joint clip's name) and
// bomb_1p.brk (named after the model), not the arrow's BTK and BRK that
// come first in the archive, nor shared.bpk (named after nothing) until
// the user picks it. Picking the other model chooses again; without a
// model only the joint clip's own clips play.
func TestModelPlaysClipsNamedAfterIt(t *testing.T) {
	a, _ := openApp(t, courseArchive(t))
	if got := entryOf(a, &slot{file: a.rig.skelFile}); got != "bomb.bmd" {
		t.Fatalf("model %q, want bomb.bmd (the largest, with an animation named after it)", got)
	}
	check := func(when, joint, tex string, mats ...string) {
		t.Helper()
		if joint != "-" {
			if got := entryOf(a, a.play.joint); got != joint {
				t.Errorf("%s: joint clip %q, want %q", when, got, joint)
			}
		}
		if got := entryOf(a, a.play.tex); got != tex {
			t.Errorf("%s: texture clip %q, want %q", when, got, tex)
		}
		if got := materialEntries(a); !slices.Equal(got, mats) {
			t.Errorf("%s: material clips %q, want %q", when, got, mats)
		}
	}
	check("bomb.bmd", "bomb_wait.bck", "bomb_wait.btk", "bomb_1p.brk")
	if st := a.Snapshot(100, 100, [4]int{0, 0, 100, 100}); len(st.MaterialClips) != 1 || path.Base(st.MaterialClips[0]) != "bomb_1p.brk" {
		t.Errorf("--state-json materialClips %q", st.MaterialClips)
	}

	// The view's material list and the focus follow the slots.
	v := viewOf(a)
	if v.Materials == nil || len(v.Materials.Clips) != 1 || v.Materials.Clips[0].Label != a.play.mat.slots[0].label {
		t.Fatalf("view materials %+v", v.Materials)
	}

	arrow := -1
	for i, f := range a.ses.files {
		if path.Base(f.entry) == "arrow.bmd" {
			arrow = i
		}
	}
	a.Apply(viewmodel.SelectModel{File: arrow, Skel: 0})
	check("arrow.bmd", "-", "arrow.btk", "arrow.brk")

	a.Apply(viewmodel.SelectModel{File: -1, Skel: -1})
	check("no model", "", "bomb_wait.btk") // no joint clip plays: the one at rest does

	// A clip the user picks plays, and stays when the model changes.
	for fi, f := range a.ses.files {
		if path.Base(f.entry) == "shared.bpk" {
			a.Apply(viewmodel.SelectClip{File: fi, Clip: 0})
		}
	}
	a.Apply(viewmodel.SelectModel{File: arrow + 3, Skel: 0}) // bomb.bmd
	check("bomb.bmd again", "-", "bomb_wait.btk", "shared.bpk", "bomb_1p.brk")

	// The user can still pick another model's clip.
	for fi, f := range a.ses.files {
		if path.Base(f.entry) == "arrow.btk" {
			a.Apply(viewmodel.SelectClip{File: fi, Clip: 0})
		}
	}
	if got := entryOf(a, a.play.tex); got != "arrow.btk" {
		t.Errorf("picked arrow.btk: texture clip %q", got)
	}
}

// TestLooseClipsWithoutModelPlay: a BRK and a BTK opened on their own
// play, with or without a model, wherever they lie: the user gave them
// (a BRK from another folder is not silently ignored).
func TestLooseClipsWithoutModelPlay(t *testing.T) {
	a, _ := openApp(t, familyFixtures+"brk_tan0.brk", "../../formats/j3d/testdata/btk_basic.btk")
	if len(a.play.mat.slots) != 1 || a.play.tex == nil {
		t.Errorf("lone BRK and BTK: %d material slots, texture %v; want both playing", len(a.play.mat.slots), a.play.tex)
	}
	b, _ := openApp(t, oneFolder(t, apptest.ModelFixtures+"biped.bmd", familyFixtures+"brk_tan0.brk")...)
	if b.rig.skel == nil || len(b.play.mat.slots) != 1 {
		t.Errorf("biped.bmd + brk_tan0.brk in one folder: model %v, %d material slots; want the BRK playing on the model", b.rig.skel, len(b.play.mat.slots))
	}
	c, _ := openApp(t, apptest.ModelFixtures+"biped.bmd", familyFixtures+"brk_tan0.brk")
	if c.rig.skel == nil || len(c.play.mat.slots) != 1 {
		t.Errorf("biped.bmd + brk_tan0.brk in two folders: model %v, %d material slots; want the BRK playing", c.rig.skel != nil, len(c.play.mat.slots))
	}
}

// oneFolder copies files into one new folder and returns their paths
// there, in order.
func oneFolder(t *testing.T, files ...string) []string {
	t.Helper()
	dir := t.TempDir()
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		apptest.Must(t, err)
		p := filepath.Join(dir, filepath.Base(f))
		apptest.Must(t, os.WriteFile(p, b, 0o644))
		out = append(out, p)
	}
	return out
}

// TestMaterialClipRows: material clips run on their own clocks, so each
// material
// clip is a row of the scene timeline: focusing it makes the transport
// seek its frames, an offset shifts it against the one scene time, and
// mute leaves the quad alone.
func TestMaterialClipRows(t *testing.T) {
	a, _ := openApp(t, courseArchive(t))
	for fi, f := range a.ses.files {
		if path.Base(f.entry) == "shared.bpk" {
			a.Apply(viewmodel.SelectClip{File: fi, Clip: 0})
		}
	}
	a.Apply(viewmodel.FocusSlot{Slot: viewmodel.JointSlot})
	if len(a.play.mat.slots) != 2 || a.play.joint == nil || a.play.tex == nil {
		t.Fatalf("joint %q, tex %q, material clips %q; want bomb_wait.bck, bomb_wait.btk, bomb_1p.brk and shared.bpk",
			entryOf(a, a.play.joint), entryOf(a, a.play.tex), materialEntries(a))
	}
	brk, bpk := a.play.mat.slots[0], a.play.mat.slots[1]
	a.Apply(viewmodel.FocusSlot{Slot: viewmodel.MatSlot0 + 1})
	if a.play.focus != viewmodel.MatSlot0+1 {
		t.Fatalf("focus %v after focusing the BPK's row, want %v", a.play.focus, viewmodel.MatSlot0+1)
	}
	if v := viewOf(a); v.Focused() == nil || v.Focused().Clip != bpk.clip {
		t.Errorf("the transport does not show the BPK")
	}
	a.Apply(viewmodel.SetClipOffset{Slot: viewmodel.MatSlot0 + 1, Frames: 4})
	if bpk.offset != 4 {
		t.Fatalf("BPK offset %v, want 4", bpk.offset)
	}
	// Seeking the focused BPK to its frame 6 puts the scene at its frame
	// 6 + 4 = 10 (30 fps): the BRK and the walk, not offset, are at 10.
	a.Apply(viewmodel.Seek{Frame: 6})
	if got := a.play.sceneT; abs(got-10.0/30) > 1e-9 {
		t.Errorf("scene time %v, want %v", got, 10.0/30)
	}
	for name, want := range map[*slot]float64{bpk: 6, brk: 10, a.play.joint: 10, a.play.tex: 10} {
		if abs(name.clock.Frame-want) > 1e-6 {
			t.Errorf("%s at frame %v, want %v", name.label, name.clock.Frame, want)
		}
	}
	// Muting the BRK (the quad's tint source) leaves the tint to the BPK.
	a.Apply(viewmodel.MuteClip{Slot: viewmodel.MatSlot0, Mute: true})
	if !brk.muted {
		t.Fatal("mute on the BRK's row did nothing")
	}
	a.Evaluate()
	var q viewmodel.QuadMaterial
	if a.play.quadMaterial(&q) == nil {
		t.Fatal("no quad material")
	}
	for i, ch := range []string{"r", "g", "b"} {
		want := max(0, min(1, goldenValue(t, "bpk_color.bpk", 0, ch, 6)/255))
		if abs(float64(q.Tint[i])-want) > 1e-6 {
			t.Errorf("tint %s %v with the BRK muted, want the BPK's first colour at its frame 6: %v", ch, q.Tint[i], want)
		}
	}
}

// TestJointClipNamedAfterAnotherModel: an animation named after another
// model belongs to that model even where it would fit: picking a model
// whose archive holds another model's animation that would fit it shows
// the bind pose rather than that animation (minigame_balloon.bmd and
// mariotree1_wait.bca); picking the other model plays it again.
func TestJointClipNamedAfterAnotherModel(t *testing.T) {
	bmd, bck := readFixture(t, apptest.ModelFixtures+"maya_ssc.bmd"), readFixture(t, apptest.ModelFixtures+"pulse.bck")
	p := writeArchive(t, filepath.Join(t.TempDir(), "track.arc"), "course", []archivetest.RARCFile{
		{Path: "objects/balloon.bmd", Data: bmd},
		{Path: "objects/balloon.brk", Data: readFixture(t, familyFixtures+"brk_tan0.brk")},
		{Path: "objects/tree.bmd", Data: bmd},
		{Path: "objects/tree_wait.bck", Data: bck},
	})
	a, _ := openApp(t, p)
	model := func(name string) int {
		for i, f := range a.ses.files {
			if path.Base(f.entry) == name {
				return i
			}
		}
		t.Fatalf("no %s", name)
		return -1
	}
	a.Apply(viewmodel.SelectModel{File: model("tree.bmd"), Skel: 0})
	if got := entryOf(a, a.play.joint); got != "tree_wait.bck" {
		t.Fatalf("tree.bmd plays %q, want tree_wait.bck", got)
	}
	a.Apply(viewmodel.SelectModel{File: model("balloon.bmd"), Skel: 0})
	if a.play.joint != nil {
		t.Errorf("balloon.bmd plays %q, want its bind pose (tree_wait.bck is the tree's)", entryOf(a, a.play.joint))
	}
	if got := materialEntries(a); !slices.Equal(got, []string{"balloon.brk"}) {
		t.Errorf("balloon.bmd material clips %q", got)
	}
	a.Apply(viewmodel.SelectModel{File: model("tree.bmd"), Skel: 0})
	if got := entryOf(a, a.play.joint); got != "tree_wait.bck" {
		t.Errorf("tree.bmd again plays %q, want tree_wait.bck", got)
	}
}

// TestSideClipsStayWithinTheirGame: files of two games dropped together
// into one folder. The texture and colour clips of an archive holding
// another game's model go with that model only; a loose BRK the user gave
// plays beside whichever model is shown.
func TestSideClipsStayWithinTheirGame(t *testing.T) {
	paths := oneFolder(t, apptest.ModelFixtures+"biped.bmd", apptest.ModelFixtures+"walk.bck", familyFixtures+"brk_tan1.brk")
	// Another game's archive: its own model and two clips named after
	// nothing (SMO's BombHei.szs holds SignExplosion_fcl).
	other := writeArchive(t, filepath.Join(filepath.Dir(paths[0]), "other.arc"), "other", []archivetest.RARCFile{
		{Path: "other/bomb.bmd", Data: readFixture(t, apptest.ModelFixtures+"chain3.bmd")},
		{Path: "other/bomb.brk", Data: readFixture(t, familyFixtures+"brk_tan0.brk")},
		{Path: "other/bomb.btk", Data: readFixture(t, "../../formats/j3d/testdata/btk_basic.btk")},
	})

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
	if got := materialEntries(a); len(got) != 2 || a.ses.files[a.play.mat.slots[0].file].name != "brk_tan1.brk" || got[1] != "bomb.brk" || entryOf(a, a.play.tex) != "bomb.btk" {
		t.Errorf("beside the archive's bomb.bmd: materials %v, texture %q; want brk_tan1.brk, bomb.brk and bomb.btk", got, entryOf(a, a.play.tex))
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
	// The warning names what there is (Galaxy's "swim" for Swim.bck), as
	// the command line's error does: the three open clips.
	a.Apply(viewmodel.SelectClipNamed{Name: "Walk"})
	if !noticeWith(a, viewmodel.Warning, `no open animation named "Walk"`, "walk", "wave", "bck_le") {
		t.Errorf("the --clip warning does not list the open animations: %q", noticeTexts(a))
	}
}

func noticeTexts(a *App) []string {
	var out []string
	for _, n := range a.msgs.notices {
		out = append(out, n.Text)
	}
	return out
}

// TestClipFlagFramesTheNamedClip: Galaxy's SkeletalFishBoss.arc opens on
// BattleStart, the boss swimming a wide circle; --clip Swim showed the
// fish small in a camera framed for BattleStart, while render --clip
// Swim frames the swim. The viewer opened with --clip frames the named
// clip, as it frames a clip it opens with.
func TestClipFlagFramesTheNamedClip(t *testing.T) {
	dir := apptest.ModelFixtures
	a, _ := openApp(t, dir+"biped.bmd", dir+"walk.bck", dir+"wave.bck")
	if a.play.joint == nil || a.ses.files[a.play.joint.file].name != "walk.bck" {
		t.Fatalf("opens on %v, want walk.bck (the test names the other)", a.play.joint)
	}
	before := a.frame.camera
	want, _ := openApp(t, dir+"biped.bmd", dir+"wave.bck") // the frame of wave.bck opened on its own
	if want.frame.camera == before {
		t.Fatalf("walk.bck and wave.bck frame alike (%+v): the test needs clips that do not", before)
	}
	a.Apply(viewmodel.SelectClipNamed{Name: "wave"})
	if got := a.frame.camera; got != want.frame.camera {
		t.Errorf("--clip wave: camera %+v, want %+v (wave.bck's frame); walk.bck's was %+v", got, want.frame.camera, before)
	}
}
