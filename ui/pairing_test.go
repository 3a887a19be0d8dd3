package ui

import (
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// archiveView is an opened archive with two animations and a model inside
// (entries 1..3 of Files), one texture left unopened.
func archiveView() *viewmodel.View {
	walk, wave := testClip(anim.Loop), testClip(anim.Once)
	sk := &anim.Skeleton{Name: "biped", Joints: []anim.Joint{{Name: "root", Parent: -1, Rest: anim.DefaultBase()}}}
	v := testView(walk, 3, false)
	v.Files = []viewmodel.FileView{
		{Name: "biped.szs", Path: "/g/biped.szs", Kind: "RARC", Entries: []viewmodel.ArchiveEntry{
			{Path: "biped/bck/walk.bck", Kind: "J3D BCK", Openable: true}, {Path: "biped/bck/wave.bck", Kind: "J3D BCK", Openable: true},
			{Path: "biped/bmdl/biped.bmd", Kind: "J3D BMD", Openable: true}, {Path: "biped/tex/skin.bti", Size: 4096}}},
		{Name: "biped.szs › biped/bck/walk.bck", Path: "/g/biped.szs:biped/bck/walk.bck", Kind: "J3D BCK", Clips: []*anim.Clip{walk},
			Archive: "/g/biped.szs", Entry: "biped/bck/walk.bck"},
		{Name: "biped.szs › biped/bck/wave.bck", Path: "/g/biped.szs:biped/bck/wave.bck", Kind: "J3D BCK", Clips: []*anim.Clip{wave},
			Archive: "/g/biped.szs", Entry: "biped/bck/wave.bck"},
		{Name: "biped.szs › biped/bmdl/biped.bmd", Path: "/g/biped.szs:biped/bmdl/biped.bmd", Kind: "J3D BMD", Skels: []*anim.Skeleton{sk},
			Archive: "/g/biped.szs", Entry: "biped/bmdl/biped.bmd"},
	}
	v.Pairing = viewmodel.Pairing{
		Models: []viewmodel.ModelChoice{{File: 3, Skel: 0, Label: "biped.szs › biped/bmdl/biped.bmd", Joints: 1}}, Model: 0,
		Anims: []viewmodel.AnimChoice{
			{File: 1, Clip: 0, Label: "biped.szs › biped/bck/walk.bck", Joints: 1, Frames: 30, Reason: "same archive"},
			{File: 2, Clip: 0, Label: "biped.szs › biped/bck/wave.bck", Joints: 1, Frames: 30, Reason: "same archive"},
		},
		Anim: 0, TexAnim: -1, HasRootMotion: true,
	}
	return v
}

// TestFilesTreeOfArchive: the archive's entries are nested under it by
// folder (each opened entry once, with its clips), not listed flat.
func TestFilesTreeOfArchive(t *testing.T) {
	h := newHarness(t, archiveView())
	for _, id := range []string{"file:0", "file:1", "file:2", "file:3", "clip:1:0", "clip:2:0", "skel:3:0"} {
		h.rect(id)
	}
	arc, walk, wave := h.rect("file:0"), h.rect("file:1"), h.rect("file:2")
	// Nested: entries are indented under the archive and come below it.
	if walk.X <= arc.X || walk.Y <= arc.Y || wave.Y <= walk.Y {
		t.Errorf("archive %v, walk %v, wave %v: entries should be nested below the archive", arc, walk, wave)
	}
	// Clicking wave.bck's clip plays it.
	if s, ok := find[viewmodel.SelectClip](h.click(center(h.rect("clip:2:0")))); !ok || s.File != 2 || s.Clip != 0 {
		t.Errorf("clicking wave.bck's clip: %#v", s)
	}
	// An entry opened alone (FILE:PATH, its archive not open) is listed
	// at the top level.
	v := archiveView()
	v.Files = v.Files[1:2]
	v.Pairing = viewmodel.Pairing{Model: -1, Anim: -1, TexAnim: -1}
	h = newHarness(t, v)
	if r := h.rect("file:0"); r.X > h.rect("clip:0:0").X {
		t.Errorf("a lone entry is not listed: %v", r)
	}
}

// TestPairingCombos: the Model and Animation combos emit the choices, the
// root-motion box toggles.
func TestPairingCombos(t *testing.T) {
	v := archiveView()
	h := newHarness(t, v)
	h.click(center(h.rect("pair:anim")))
	h.frame()
	got := h.click(center(h.rect("pair:anim:1")))
	if s, ok := find[viewmodel.SelectClip](got); !ok || s.File != 2 || s.Clip != 0 {
		t.Errorf("picking wave.bck: %#v", got)
	}
	h.frame()
	h.click(center(h.rect("pair:model")))
	h.frame()
	got = h.click(center(h.rect("pair:model:none")))
	if s, ok := find[viewmodel.SelectModel](got); !ok || s.File != -1 {
		t.Errorf("picking no model: %#v", got)
	}
	h.frame()
	got = h.click(center(h.rect("pair:rootmotion")))
	if s, ok := find[viewmodel.SetRootMotion](got); !ok || !s.Apply {
		t.Errorf("ticking root motion: %#v", got)
	}
	v.Pairing.ApplyRootMotion = true
	h.frame()
	got = h.click(center(h.rect("pair:rootmotion")))
	if s, ok := find[viewmodel.SetRootMotion](got); !ok || s.Apply {
		t.Errorf("unticking root motion: %#v", got)
	}
	// Without a root-motion track there is no box.
	v.Pairing.HasRootMotion = false
	h.frame()
	if _, ok := h.u.ItemRect("pair:rootmotion"); ok {
		t.Error("root-motion box shown for a clip without the track")
	}
	if got := shortLabel("biped.szs › biped/bck/walk.bck"); got != "walk.bck" {
		t.Errorf("shortLabel = %q", got)
	}
	if got := shortLabel("skel_anim.bfres › Trot"); got != "Trot" {
		t.Errorf("shortLabel = %q", got)
	}
}

// TestNWTexModeCombo: for an NW texture clip the file's per-frame mode is
// a choice of its own next to forcing each of the three formulas.
func TestNWTexModeCombo(t *testing.T) {
	tex := &anim.Clip{Name: "Lava", Format: "bfres-texsrt", Duration: 10, FPS: 30, Targets: []anim.Target{{
		Name: "Lava", Kind: anim.TexSRTTarget, Base: anim.DefaultBase(), TexMode: anim.TexNWMaya}}}
	v := testView(tex, 0, false)
	v.Joint, v.Tex, v.Focus = nil, &viewmodel.Playback{Clip: tex, Label: "x.bfres", Clock: anim.NewClock(anim.Loop, 10, 1), Pose: anim.NewPose(tex)}, viewmodel.TexSlot
	v.TexMode, v.FileTexMode = anim.TexNW3dsMax, anim.TexNW3dsMax
	v.TexMatrix = anim.TexMatrix{{1, 0, 0}, {0, 1, 0}}
	h := newHarness(t, v)
	h.click(center(h.rect("texmode")))
	h.frame()
	got := h.click(center(h.rect("texmode:nw-softimage")))
	if s, ok := find[viewmodel.SetTexMode](got); !ok || s.Mode != anim.TexNWSoftimage || !s.Override {
		t.Errorf("forcing Softimage: %#v", got)
	}
	v.TexMode, v.TexModeOverride = anim.TexNWSoftimage, true
	h.frame()
	h.click(center(h.rect("texmode")))
	h.frame()
	got = h.click(center(h.rect("texmode:file")))
	if s, ok := find[viewmodel.SetTexMode](got); !ok || s.Override {
		t.Errorf("back to the file's mode curve: %#v", got)
	}
	// Forcing the mode the file happens to use at this frame still forces
	// it (the curve may pick another one later).
	v.TexMode, v.TexModeOverride = anim.TexNW3dsMax, false
	h.frame()
	h.click(center(h.rect("texmode")))
	h.frame()
	got = h.click(center(h.rect("texmode:nw-3dsmax")))
	if s, ok := find[viewmodel.SetTexMode](got); !ok || s.Mode != anim.TexNW3dsMax || !s.Override {
		t.Errorf("forcing 3ds Max: %#v", got)
	}
}

// TestTexturePickerHasNone: the Texture combo offers "(none)", which
// stops the texture clip playing.
func TestTexturePickerHasNone(t *testing.T) {
	v := archiveView()
	v.Pairing.TexAnims = []viewmodel.AnimChoice{{File: 1, Clip: 0, Label: "eyes.btk", Joints: 2, Frames: 30}}
	v.Pairing.TexAnim = 0
	h := newHarness(t, v)
	h.click(center(h.rect("pair:tex")))
	h.frame()
	if _, ok := h.u.ItemRect("pair:tex:none"); !ok {
		t.Fatal("the Texture combo has no (none)")
	}
	got := h.click(center(h.rect("pair:tex:none")))
	if _, ok := find[viewmodel.ClearTexClip](got); !ok {
		t.Errorf("picking (none): %#v, want ClearTexClip", got)
	}
}
