package app

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
)

// queenSkeleton is a two-bone skeleton named like BotW's models.
func queenSkeleton(name string) *anim.Skeleton {
	s := &anim.Skeleton{Name: name, Mode: anim.G3dStandard, Joints: []anim.Joint{
		{Name: "Root", Parent: -1, Rest: anim.DefaultBase()}, {Name: "Crown", Parent: 0, Rest: anim.DefaultBase()}}}
	if err := s.Finish(); err != nil {
		panic(err)
	}
	return s
}

// skeletalClip animates both bones of queenSkeleton.
func skeletalClip(name string) *anim.Clip {
	c := &anim.Clip{Name: name, Format: "bfres-skeletal", Duration: 20, FPS: 30, Loop: anim.Loop}
	for _, j := range []string{"Root", "Crown"} {
		c.Targets = append(c.Targets, anim.Target{Name: j, Kind: anim.JointTarget, TexGen: -1, Base: anim.DefaultBase(),
			Channels: []anim.Channel{{Slot: anim.RotY, Curve: &anim.Hermite{Keys: []anim.HermiteKey{{Time: 0, Value: 0, In: 0.05, Out: 0.05}, {Time: 20, Value: 1, In: 0.05, Out: 0.05}}, RotationFrac: -1}}}})
	}
	return c
}

func crownVisibility(name string) *anim.Clip {
	return &anim.Clip{Name: name, Format: "bfres-matvis", Duration: 20, FPS: 30, Loop: anim.Loop, Targets: []anim.Target{
		{Name: "Mt_Crown", Kind: anim.ShapeTarget, TexGen: -1, Base: anim.DefaultBase(),
			Channels: []anim.Channel{{Slot: anim.Visible, Curve: &anim.FullFrame{Values: []float32{0}}}}}}}
}

func eyeScroll(name string) *anim.Clip {
	c := texClip(anim.Loop, 20)
	c.Name, c.Format = name, "bfres-texsrt"
	return c
}

func slotName(s *slot) string {
	if s == nil {
		return ""
	}
	return s.clip.Name
}

func materialNames(a *App) []string {
	var out []string
	for _, s := range a.play.mat.slots {
		out = append(out, slotName(s))
	}
	return out
}

// TestSideClipsPlayWithTheirSkeletalClip: BotW's animation file holds
// skeletal, visibility and eye clips; the game starts a visibility clip
// with the skeletal clip of its name and an eye clip with the one its
// name after "Face_" gives. While Common_Detect plays, the visibility
// clips Common_Sleep and Common_Sleep_Getup_L (which hide the Queen's
// crown) and the eye clip Face_Common_Sleep_Getup_St do not play; each
// plays with its own skeletal clip. Paused, the side clips stay put.
func TestSideClipsPlayWithTheirSkeletalClip(t *testing.T) {
	dir := t.TempDir()
	clips := []*anim.Clip{skeletalClip("Common_Detect"), skeletalClip("Common_Sleep"), skeletalClip("Common_Sleep_Getup_L"), skeletalClip("Common_Sleep_Getup_St"),
		eyeScroll("Face_Common_Sleep_Getup_St"), eyeScroll("Face_Default_Blink"),
		crownVisibility("Common_Sleep"), crownVisibility("Common_Sleep_Getup_L")}
	a := New(nil)
	a.Add([]*File{
		{path: filepath.Join(dir, "Npc_Queen.bfres"), name: "Npc_Queen.bfres", asset: &formats.Asset{Format: "bfres", Skeletons: []*anim.Skeleton{queenSkeleton("Npc_Queen")}}},
		{path: filepath.Join(dir, "Npc_Queen_Animation.bfres"), name: "Npc_Queen_Animation.bfres", asset: &formats.Asset{Format: "bfres", Clips: clips, Skeletons: []*anim.Skeleton{queenSkeleton("Skeleton")}}},
	})
	check := func(joint, tex string, mats ...string) {
		t.Helper()
		if got := slotName(a.play.joint); got != joint {
			t.Errorf("joint clip %q, want %q", got, joint)
		}
		if got := slotName(a.play.tex); got != tex {
			t.Errorf("with %s: texture clip %q, want %q", joint, got, tex)
		}
		if got := materialNames(a); !slices.Equal(got, mats) {
			t.Errorf("with %s: material clips %q, want %q", joint, got, mats)
		}
	}
	pick := func(i int) {
		t.Helper()
		a.Apply(viewmodel.SelectClip{File: 1, Clip: i})
	}
	pick(0)
	check("Common_Detect", "")
	pick(1)
	check("Common_Sleep", "", "Common_Sleep")
	pick(2)
	check("Common_Sleep_Getup_L", "", "Common_Sleep_Getup_L")
	pick(3)
	check("Common_Sleep_Getup_St", "Face_Common_Sleep_Getup_St")
	pick(0)
	check("Common_Detect", "")

	// Played and paused: the visibility clip's frame follows the scene
	// time only while it plays.
	pick(1)
	a.Apply(viewmodel.Play{})
	a.Advance(5.0 / 30)
	vis := a.play.mat.slots[0]
	at := vis.clock.Frame
	a.Apply(viewmodel.Pause{})
	a.Advance(10.0 / 30)
	if vis.clock.Frame != at || at != 5 {
		t.Errorf("visibility clip at frame %v after 5 frames, %v after pausing; want 5 and 5", at, vis.clock.Frame)
	}

	// The user picks an eye clip: it plays with any skeletal clip.
	pick(5)
	pick(0)
	check("Common_Detect", "Face_Default_Blink")
	a.Apply(viewmodel.ClearTexClip{})
	check("Common_Detect", "")
}

// TestModelPicksItsAnimationBesideCopies: BotW folders hold a model,
// its animation file carrying a copy of the skeleton, and both again
// Yaz0-compressed (Animal_Bass.bfres, .sbfres, Animal_Bass_Animation.bfres,
// .sbfres). Picking the model plays one of its animations: the
// animation files' skeleton copies do not own each other's clips.
func TestModelPicksItsAnimationBesideCopies(t *testing.T) {
	dir := t.TempDir()
	anims := func(name string) *File {
		return &File{path: filepath.Join(dir, name), name: name, asset: &formats.Asset{Format: "bfres",
			Clips: []*anim.Clip{skeletalClip("Dead"), skeletalClip("Wait")}, Skeletons: []*anim.Skeleton{queenSkeleton("Skeleton")}}}
	}
	model := func(name string) *File {
		return &File{path: filepath.Join(dir, name), name: name, asset: &formats.Asset{Format: "bfres", Skeletons: []*anim.Skeleton{queenSkeleton("Bass")}}}
	}
	a := New(nil)
	a.Add([]*File{model("Animal_Bass.bfres"), model("Animal_Bass.sbfres"), anims("Animal_Bass_Animation.bfres"), anims("Animal_Bass_Animation.sbfres"),
		{path: filepath.Join(dir, "Other.bfres"), name: "Other.bfres", asset: &formats.Asset{Format: "bfres", Skeletons: []*anim.Skeleton{queenSkeleton("Other")}}}})
	for _, m := range []int{4, 0, 4, 1} {
		a.Apply(viewmodel.SelectModel{File: m, Skel: 0})
		if m == 4 {
			continue
		}
		if a.play.joint == nil || a.play.joint.file < 2 || a.play.joint.file > 3 {
			t.Errorf("picked %s: joint clip %v, want one of the animation files' clips", a.ses.files[m].name, a.play.joint)
		}
	}
}

// TestJ3DTexturePrefixAndVariants: Wind Waker names the eye clips of
// cutturn.bck tcutturn.btk and tcutturn.btp; with wait.bck playing they
// stay still. MKDD's four player BRKs are one choice: the first plays.
func TestJ3DTexturePrefixAndVariants(t *testing.T) {
	btk, btp := readFixture(t, "../../formats/j3d/testdata/btk_basic.btk"), readFixture(t, familyFixtures+"btp_pattern.btp")
	dir := t.TempDir()
	for name, data := range map[string][]byte{
		"cl.bdl": readFixture(t, apptest.ModelFixtures+"biped.bmd"), "cutturn.bck": readFixture(t, apptest.ModelFixtures+"walk.bck"),
		"wait.bck": readFixture(t, apptest.ModelFixtures+"wave.bck"), "tcutturn.btk": btk, "tcutturn.btp": btp,
	} {
		apptest.Must(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	a, _ := openApp(t, dir)
	byName := func(n string) (int, int) {
		for fi, f := range a.ses.files {
			if filepath.Base(f.path) == n {
				return fi, 0
			}
		}
		t.Fatalf("%s not open", n)
		return -1, -1
	}
	play := func(n string) {
		fi, ci := byName(n)
		a.Apply(viewmodel.SelectClip{File: fi, Clip: ci})
	}
	fileOf := func(s *slot) string {
		if s == nil {
			return ""
		}
		return filepath.Base(a.ses.files[s.file].path)
	}
	play("wait.bck")
	if a.play.tex != nil || len(a.play.mat.slots) != 0 {
		t.Errorf("wait.bck: texture %q, %d material clips; want none (tcutturn goes with cutturn)", fileOf(a.play.tex), len(a.play.mat.slots))
	}
	play("cutturn.bck")
	if fileOf(a.play.tex) != "tcutturn.btk" || len(a.play.mat.slots) != 1 || fileOf(a.play.mat.slots[0]) != "tcutturn.btp" {
		t.Errorf("cutturn.bck: texture %q, material clips %d; want tcutturn.btk and tcutturn.btp", fileOf(a.play.tex), len(a.play.mat.slots))
	}

	brk := readFixture(t, familyFixtures+"brk_tan0.brk")
	p := writeArchive(t, filepath.Join(t.TempDir(), "track.arc"), "course", []archivetest.RARCFile{
		{Path: "objects/bomb.bmd", Data: readFixture(t, apptest.ModelFixtures+"biped.bmd")},
		{Path: "objects/bomb.bca", Data: readFixture(t, apptest.ModelFixtures+"walk.bck")},
		{Path: "objects/bomb_1p.brk", Data: brk}, {Path: "objects/bomb_2p.brk", Data: brk},
		{Path: "objects/bomb_3p.brk", Data: brk}, {Path: "objects/bomb_4p.brk", Data: brk},
	})
	b, _ := openApp(t, p)
	if got := materialEntries(b); !slices.Equal(got, []string{"bomb_1p.brk"}) {
		t.Errorf("four player BRKs: playing %q, want only bomb_1p.brk", got)
	}
	for fi, f := range b.ses.files {
		if path.Base(f.entry) == "bomb_3p.brk" {
			b.Apply(viewmodel.SelectClip{File: fi, Clip: 0})
		}
	}
	if got := materialEntries(b); !slices.Equal(got, []string{"bomb_3p.brk"}) {
		t.Errorf("picked bomb_3p.brk: playing %q, want it instead of bomb_1p.brk", got)
	}
}

// TestClipGivenFromAnotherFolderPlays: a texture clip the user gives on
// its own plays on the model wherever it lies (render tglad.btp --model
// ../j3dchar/cl.bdl); one drop of a model, its animation and that
// animation's texture clips from elsewhere plays them all.
func TestClipGivenFromAnotherFolderPlays(t *testing.T) {
	model := apptest.ModelFixtures + "biped.bmd"
	other := filepath.Join(t.TempDir(), "tglad.btk")
	b, err := os.ReadFile("../../formats/j3d/testdata/btk_basic.btk")
	apptest.Must(t, err)
	apptest.Must(t, os.WriteFile(other, b, 0o644))
	a, _ := openApp(t, model, other)
	if a.rig.skel == nil || a.play.tex == nil || path.Base(a.ses.files[a.play.tex.file].path) != "tglad.btk" {
		t.Errorf("biped.bmd + tglad.btk from another folder: texture clip %v, want tglad.btk", a.play.tex)
	}

	// One drop: the model, cutturn.bck and its tcutturn.btk and .btp.
	dir := t.TempDir()
	var drop []string
	for name, src := range map[string]string{"cl.bdl": model, "cutturn.bck": apptest.ModelFixtures + "walk.bck",
		"tcutturn.btk": "../../formats/j3d/testdata/btk_basic.btk", "tcutturn.btp": familyFixtures + "btp_pattern.btp"} {
		b, err := os.ReadFile(src)
		apptest.Must(t, err)
		p := filepath.Join(dir, name)
		apptest.Must(t, os.WriteFile(p, b, 0o644))
		drop = append(drop, p)
	}
	d, _ := openApp(t, drop...)
	if d.play.joint == nil || d.play.tex == nil || len(d.play.mat.slots) != 1 {
		t.Errorf("drop of cl.bdl, cutturn.bck, tcutturn.btk, tcutturn.btp: joint %v, texture %v, %d material clips; want all three playing", d.play.joint != nil, d.play.tex != nil, len(d.play.mat.slots))
	}
}

// TestOpensOnTheClipAtRest: SMO's BombHei.bfres lists its clips
// alphabetically (AttackSuccess first); the model opens on Wait, and
// picking the model again after another comes back to it.
func TestOpensOnTheClipAtRest(t *testing.T) {
	dir := t.TempDir()
	a := New(nil)
	a.Add([]*File{{path: filepath.Join(dir, "BombHei.bfres"), name: "BombHei.bfres", asset: &formats.Asset{Format: "bfres",
		Skeletons: []*anim.Skeleton{queenSkeleton("BombHei")},
		Clips:     []*anim.Clip{skeletalClip("AttackSuccess"), skeletalClip("BlowDown"), skeletalClip("Wait"), skeletalClip("Walk")}}}})
	if got := slotName(a.play.joint); got != "Wait" {
		t.Errorf("BombHei opens on %q, want Wait", got)
	}
	v := viewOf(a)
	if len(v.Pairing.Anims) == 0 || !strings.HasSuffix(v.Pairing.Anims[0].Label, "Wait") {
		t.Errorf("first suggestion %+v, want Wait", v.Pairing.Anims)
	}
}

// TestModelWithoutAnimationPlaysItsClipsAtRest: Galaxy's barrier models
// have no BCK; their Wait.brk and Wait.btk play (the actor's wait state),
// Warning.brk only when picked.
func TestModelWithoutAnimationPlaysItsClipsAtRest(t *testing.T) {
	brk := readFixture(t, familyFixtures+"brk_tan0.brk")
	p := writeArchive(t, filepath.Join(t.TempDir(), "Barrier.arc"), "barrier", []archivetest.RARCFile{
		{Path: "barrier/Barrier.bdl", Data: readFixture(t, apptest.ModelFixtures+"chain3.bmd")},
		{Path: "barrier/Wait.brk", Data: brk}, {Path: "barrier/Warning.brk", Data: brk},
		{Path: "barrier/Wait.btk", Data: readFixture(t, "../../formats/j3d/testdata/btk_basic.btk")},
	})
	a, _ := openApp(t, p)
	if got := materialEntries(a); a.rig.skel == nil || !slices.Equal(got, []string{"Wait.brk"}) || entryOf(a, a.play.tex) != "Wait.btk" {
		t.Errorf("barrier: materials %q, texture %q; want Wait.brk and Wait.btk", got, entryOf(a, a.play.tex))
	}
}

// TestTexturePickedWhilePausedKeepsTheScene: the Queen paused at frame 12
// of Common_Sleep_Getup_St; picking another eye clip in the Texture
// picker (Face_Default_Joy_Talk) plays it from the scene's time, as a
// material clip picked so does: the body stays at frame 12 instead of
// jumping back to frame 0, and the new eye clip shows frame 12.
func TestTexturePickedWhilePausedKeepsTheScene(t *testing.T) {
	dir := t.TempDir()
	clips := []*anim.Clip{skeletalClip("Common_Sleep_Getup_St"), eyeScroll("Face_Common_Sleep_Getup_St"), eyeScroll("Face_Default_Joy_Talk")}
	a := New(nil)
	a.Add([]*File{
		{path: filepath.Join(dir, "Npc_Queen.bfres"), name: "Npc_Queen.bfres", asset: &formats.Asset{Format: "bfres", Skeletons: []*anim.Skeleton{queenSkeleton("Npc_Queen")}}},
		{path: filepath.Join(dir, "Npc_Queen_Animation.bfres"), name: "Npc_Queen_Animation.bfres", asset: &formats.Asset{Format: "bfres", Clips: clips, Skeletons: []*anim.Skeleton{queenSkeleton("Skeleton")}}},
	})
	if slotName(a.play.joint) != "Common_Sleep_Getup_St" || slotName(a.play.tex) != "Face_Common_Sleep_Getup_St" {
		t.Fatalf("playing %q with %q", slotName(a.play.joint), slotName(a.play.tex))
	}
	a.Apply(viewmodel.Pause{})
	a.Apply(viewmodel.Seek{Frame: 12})
	a.Apply(viewmodel.SelectClip{File: 1, Clip: 2})
	a.Evaluate()
	if got := slotName(a.play.tex); got != "Face_Default_Joy_Talk" {
		t.Fatalf("texture clip %q after picking Face_Default_Joy_Talk", got)
	}
	// Both clips are 20 frames at 30 fps and loop (skeletalClip,
	// eyeScroll): the scene time of frame 12 is frame 12 of each.
	if f := a.play.joint.clock.Frame; f != 12 {
		t.Errorf("body at frame %g after picking an eye clip, want 12 (where it was paused)", f)
	}
	if f := a.play.tex.clock.Frame; f != 12 {
		t.Errorf("Face_Default_Joy_Talk at frame %g, want 12 (the scene's)", f)
	}
	if a.play.Playing() {
		t.Errorf("picking an eye clip started playback")
	}
}
