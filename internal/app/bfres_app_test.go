package app

import (
	"math"
	"slices"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestAppBFRESOnSeparateModel: an FSKA plays on the FSKL of a separately
// opened model file (it wins over the animation file's own skeleton),
// bound by name, the unmatched bone listed; joints are where the golden
// channels put them.
func TestAppBFRESOnSeparateModel(t *testing.T) {
	a, _ := openApp(t, apptest.BFRESFixtures+"skel_anim.bfres", apptest.BFRESFixtures+"skel_model.bfres")
	if a.rig.skel == nil || a.rig.skel.Name != "Fox" || a.play.joint == nil || a.play.joint.clip.Name != "Trot" {
		t.Fatalf("model %v playing %v: want Trot on skel_model.bfres's Fox", a.rig.skel, a.play.joint)
	}
	if a.rig.skel.Mode != anim.G3dMaya {
		t.Errorf("hierarchy %v, want g3d-maya (the FSKL's scale mode)", a.rig.skel.Mode)
	}
	if !noticeWith(a, viewmodel.Warning, "on skel_model.bfres", "1 animated bone is not in the skeleton: Tail") {
		t.Errorf("no warning for the unmatched bone Tail: %+v", a.msgs.notices)
	}
	doc := apptest.GoldenDoc(t, apptest.BFRESFixtures+"skel_anim.bfres.Trot.expected.json")
	bones := apptest.FoxBones(t)
	a.Apply(viewmodel.Pause{})
	for _, f := range []float64{6, 18, 23.75} {
		a.Apply(viewmodel.Seek{Frame: f})
		v := viewOf(a)
		want := apptest.GoldenWorldOf(doc, bones, apptest.FrameIndex(t, doc, f))
		for j, m := range v.Markers {
			if m.Name != bones[j].Name || !near3(m.Pos, want[j], 1e-4) {
				t.Errorf("frame %v joint %d %q at %v, want %q at %v", f, j, m.Name, m.Pos, bones[j].Name, want[j])
			}
		}
	}
	p := viewOf(a).Pairing
	if len(p.Models) != 2 || p.Models[p.Model].Label != "skel_model.bfres" {
		t.Errorf("models %+v in use %d", p.Models, p.Model)
	}
	if p.Anim < 0 || p.Anims[p.Anim].Label != "skel_anim.bfres › Trot" || p.Anims[p.Anim].Reason != "same directory" {
		t.Errorf("playing %+v, want skel_anim.bfres › Trot (same directory)", p.Anims[p.Anim])
	}
	// The animation file's own skeleton is also offered; its own clip is
	// then "same file".
	si := slices.IndexFunc(p.Models, func(m viewmodel.ModelChoice) bool { return m.Label == "skel_anim.bfres" })
	a.Apply(viewmodel.SelectModel{File: p.Models[si].File, Skel: p.Models[si].Skel})
	if p := viewOf(a).Pairing; a.rig.skel.Name != "Skeleton" || p.Anims[0].Reason != pairing.SameFile {
		t.Errorf("on the file's own skeleton: model %q, first suggestion %+v", a.rig.skel.Name, p.Anims[0])
	}
}

// TestAppBFRESPlaybackAndClipPicker: BFRES clips play, scrub, step and
// loop like J3D ones; a file with several animations offers each.
func TestAppBFRESPlaybackAndClipPicker(t *testing.T) {
	a, _ := openApp(t, apptest.BFRESFixtures+"skel_anim.bfres")
	c := &a.play.joint.clock
	if a.play.joint.clip.FPS != 30 || c.Mode != anim.Loop {
		t.Fatalf("Trot at %v fps, %v", a.play.joint.clip.FPS, c.Mode)
	}
	a.Advance(0.5) // 15 frames
	if math.Abs(c.Frame-15) > 1e-9 {
		t.Fatalf("after 0.5 s: frame %v", c.Frame)
	}
	a.Advance(0.5) // 30 frames: loops at 24
	if math.Abs(c.Frame-6) > 1e-9 {
		t.Fatalf("after 1 s of a 24-frame loop: frame %v, want 6", c.Frame)
	}
	a.Apply(viewmodel.ScrubBegin{})
	a.Apply(viewmodel.Seek{Frame: 12.5})
	a.Advance(1)
	if c.Frame != 12.5 || !c.Paused {
		t.Fatalf("scrubbing: frame %v paused %v", c.Frame, c.Paused)
	}
	a.Apply(viewmodel.ScrubEnd{})
	a.Apply(viewmodel.Step{N: 1})
	if c.Frame != 13 || !c.Paused {
		t.Fatalf("step from 12.5: frame %v, want 13 (the next whole frame)", c.Frame)
	}
	// G3d's frame control: once holds the end frame itself (J3D parks
	// at end − 0.001); the J3D-only modes do not exist; the JSystem
	// switch leaves the clip alone.
	a.Apply(viewmodel.SetLoop{Mode: anim.Once, Override: true})
	a.Apply(viewmodel.Play{})
	a.Advance(1)
	if a.play.joint.clock.Runtime != anim.G3dRuntime || a.play.joint.clock.Frame != 24 {
		t.Fatalf("once: frame %v under %v, want 24 under g3d", a.play.joint.clock.Frame, a.play.joint.clock.Runtime)
	}
	a.Apply(viewmodel.SetLoop{Mode: anim.MirroredLoop, Override: true})
	if m := a.play.joint.clock.Mode; m != anim.Once {
		t.Errorf("mirrored-loop asked of a BFRES clip: mode now %v, want once kept", m)
	}
	a.Apply(viewmodel.SetRuntime{Runtime: anim.EarlyRuntime})
	if r := a.play.joint.clock.Runtime; r != anim.G3dRuntime {
		t.Errorf("Early JSystem rules moved the BFRES clip to %v", r)
	}
	a.Comparison().SetActive(true)
	if cv := viewOf(a).Compare; cv == nil || !slices.Equal(cv.Modes, []anim.LoopMode{anim.Once, anim.Loop}) {
		t.Errorf("comparison of a BFRES clip: %+v, want modes once and loop", cv)
	}
	a.Comparison().SetActive(false)
	a.Apply(viewmodel.SetRuntime{Runtime: anim.LateRuntime})

	// Two texture SRT animations in one file: both offered, either plays.
	b, _ := openApp(t, apptest.BFRESFixtures+"texsrt.bfres")
	p := viewOf(b).Pairing
	if len(p.TexAnims) != 2 || b.play.tex == nil || b.play.tex.clip.Name != "ScrollWater" || len(p.Anims) != 0 {
		t.Fatalf("texture animations %+v playing %v", p.TexAnims, b.play.tex)
	}
	b.Apply(viewmodel.SelectClip{File: p.TexAnims[1].File, Clip: p.TexAnims[1].Clip})
	if b.play.tex.clip.Name != "Blink" || b.play.tex.label != "texsrt.bfres › Blink" || b.play.tex.clock.Mode != anim.Once {
		t.Errorf("picked %q (%q, %v), want Blink playing once", b.play.tex.clip.Name, b.play.tex.label, b.play.tex.clock.Mode)
	}
}

// TestAppNWTexModes: the quad follows the NW formula the file's mode
// curve picks at each frame; the user can force one formula, and go back.
func TestAppNWTexModes(t *testing.T) {
	a, _ := openApp(t, apptest.BFRESFixtures+"texsrt.bfres")
	clip := a.play.tex.clip
	lava := slices.IndexFunc(clip.Targets, func(tg anim.Target) bool {
		ch, ok := tg.Channel(anim.TexModeSlot)
		return ok && ch.Curve.Kind() != anim.KindConstant && tg.Name == "Lava" && tg.TexGen == 0
	})
	if lava < 0 {
		t.Fatal("no Lava texGen 0 target with an animated mode")
	}
	a.Apply(viewmodel.SelectTexTarget{Target: lava})
	a.Apply(viewmodel.Pause{})
	seen := map[anim.TexMatrixMode]bool{}
	pose := anim.NewPose(clip)
	for f := 0.0; f <= clip.Duration; f++ {
		a.Apply(viewmodel.Seek{Frame: f})
		v := viewOf(a)
		anim.Evaluate(clip, f, pose)
		tp := &pose.Targets[lava]
		var want anim.TexMatrixMode
		switch tp.V[anim.TexModeSlot] {
		case 1:
			want = anim.TexNW3dsMax
		case 2:
			want = anim.TexNWSoftimage
		default:
			want = anim.TexNWMaya
		}
		seen[want] = true
		if v.TexMode != want || v.FileTexMode != want || v.TexModeOverride {
			t.Fatalf("frame %v: mode %v (file %v, override %v), want the mode curve's %v", f, v.TexMode, v.FileTexMode, v.TexModeOverride, want)
		}
		if v.TexMatrix != anim.TexMatrixWith(want, &clip.Targets[lava], tp) {
			t.Fatalf("frame %v: matrix %v is not the %v formula's", f, v.TexMatrix, want)
		}
	}
	if len(seen) < 2 {
		t.Fatalf("the mode curve picked only %v over the clip; the test needs a switch", seen)
	}
	// Forced: the same formula on every frame.
	a.Apply(viewmodel.SetTexMode{Mode: anim.TexNWSoftimage, Override: true})
	for _, f := range []float64{0, 20, 40} {
		a.Apply(viewmodel.Seek{Frame: f})
		v := viewOf(a)
		anim.Evaluate(clip, f, pose)
		if v.TexMode != anim.TexNWSoftimage || v.TexMatrix != anim.TexMatrixWith(anim.TexNWSoftimage, &clip.Targets[lava], &pose.Targets[lava]) {
			t.Fatalf("forced Softimage at %v: mode %v", f, v.TexMode)
		}
	}
	a.Apply(viewmodel.SetTexMode{Override: false})
	if v := viewOf(a); v.TexModeOverride {
		t.Error("the override did not end")
	}
}
