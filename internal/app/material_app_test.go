package app

import (
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
)

const familyFixtures = "../../formats/j3d/testdata/family/"

// goldenValue is a channel's expected value at a frame of a family
// fixture's golden sample document.
func goldenValue(t *testing.T, file string, target int, channel string, frame float64) float64 {
	t.Helper()
	doc := apptest.GoldenDoc(t, familyFixtures+file+".expected.json")
	fi := apptest.FrameIndex(t, doc, frame)
	vals, ok := doc.Targets[target].Channels.Get(channel)
	if !ok {
		t.Fatalf("%s target %d has no %s", file, target, channel)
	}
	return vals[fi]
}

// TestMaterialClipsPlayTogether opens a model with its BCK and a BRK, a
// BTP and a BVA: the material clips get slots of their own next to the
// joint clip, each with its own clock, and the view, the quad and the
// runtime switch show the values the goldens give.
func TestMaterialClipsPlayTogether(t *testing.T) {
	a, _ := openApp(t, oneFolder(t, apptest.ModelFixtures+"biped.bmd", apptest.ModelFixtures+"walk.bck",
		familyFixtures+"brk_tan0.brk", familyFixtures+"btp_pattern.btp", familyFixtures+"bva_visible.bva")...)
	if a.play.joint == nil || a.play.joint.clip.Format != "bck" || a.rig.skel == nil {
		t.Fatalf("joint slot %v, model %v: want walk.bck on biped.bmd", a.play.joint, a.rig.skel)
	}
	if len(a.play.mat.slots) != 3 {
		t.Fatalf("%d material slots, want 3", len(a.play.mat.slots))
	}
	formats := map[string]int{}
	for i, s := range a.play.mat.slots {
		formats[s.clip.Format] = i
	}
	if len(a.play.slots()) != 4 {
		t.Errorf("%d slots in all, want 4 (joint + 3 material)", len(a.play.slots()))
	}
	// Each slot keeps its own clock: after 40 frames of playback the
	// clips (durations 28, 31, 35; loop, loop, once) are at different
	// frames.
	a.Apply(viewmodel.Play{})
	a.Advance(40.0 / 30)
	brk, btp, bva := a.play.mat.slots[formats["brk"]], a.play.mat.slots[formats["btp"]], a.play.mat.slots[formats["bva"]]
	if f := brk.clock.Frame; abs(f-12) > 1e-6 {
		t.Errorf("BRK (loop, 28) after 40 frames at %v, want 12", f)
	}
	if f := btp.clock.Frame; abs(f-9) > 1e-6 {
		t.Errorf("BTP (loop, 31) after 40 frames at %v, want 9", f)
	}
	if f := bva.clock.Frame; abs(f-34.999) > 1e-6 {
		t.Errorf("BVA (once, 35) after 40 frames at %v, want 34.999", f)
	}

	a.Apply(viewmodel.Seek{Frame: 14})
	a.Evaluate()
	v := viewOf(a)
	if v.Materials == nil || len(v.Materials.Clips) != 3 {
		t.Fatalf("view materials %+v", v.Materials)
	}
	mv := v.Materials.Clips[formats["brk"]]
	for i, ch := range []anim.Slot{anim.ColorR, anim.ColorG, anim.ColorB, anim.ColorA} {
		name := []string{"r", "g", "b", "a"}[i]
		if got, want := mv.Pose.Targets[3].V[ch], goldenValue(t, "brk_tan0.brk", 3, name, 14); got != want {
			t.Errorf("BRK mat_2/K0 %s at 14: %v, want %v", name, got, want)
		}
	}
	// The quad: tinted by the first colour target, patterned by the first
	// texture-pattern entry, faded when shape 0 is hidden.
	var q viewmodel.QuadMaterial
	if a.play.quadMaterial(&q) == nil {
		t.Fatal("no quad material")
	}
	var c0 [4]float64
	for i, name := range []string{"r", "g", "b", "a"} {
		c0[i] = min(1, max(0, goldenValue(t, "brk_tan0.brk", 0, name, 14)/255))
	}
	wantAlpha := tintAlphaFloor + (1-tintAlphaFloor)*c0[3]
	// bva_visible.json: shape 0 stores byte 0 at frame 14: hidden.
	wantAlpha *= hiddenAlpha
	for i := 0; i < 3; i++ {
		if abs(float64(q.Tint[i])-c0[i]) > 1e-6 {
			t.Errorf("tint %d = %v, want %v", i, q.Tint[i], c0[i])
		}
	}
	if abs(float64(q.Tint[3])-wantAlpha) > 1e-6 {
		t.Errorf("quad alpha %v, want %v", q.Tint[3], wantAlpha)
	}
	if want := goldenValue(t, "btp_pattern.btp", 0, "texIndex", 14); !q.HasPattern || float64(q.Pattern) != want {
		t.Errorf("pattern %v %v, want %v", q.HasPattern, q.Pattern, want)
	}
	// Selecting another colour target retints the quad and focuses its
	// clip (the timeline and curves follow it).
	a.Apply(viewmodel.SelectMaterial{Ref: viewmodel.MatRef{Clip: formats["brk"], Target: 3}})
	a.play.quadMaterial(&q)
	if want := goldenValue(t, "brk_tan0.brk", 3, "g", 14) / 255; abs(float64(q.Tint[1])-min(1, want)) > 1e-6 {
		t.Errorf("tint g after selecting K0: %v, want %v", q.Tint[1], want)
	}
	if f := a.play.focused(); f != brk {
		t.Errorf("focused slot is not the BRK's after SelectMaterial")
	}
}

// TestMaterialRuntimeSwitch: the early runtime truncates BVA's full-frame
// index and clamps mirrored playback; the setting reaches clips opened
// later too.
func TestMaterialRuntimeSwitch(t *testing.T) {
	a, _ := openApp(t, familyFixtures+"bva_visible.bva")
	if len(a.play.mat.slots) != 1 || a.play.focused() != a.play.mat.slots[0] {
		t.Fatalf("BVA alone: %d material slots, focus %v", len(a.play.mat.slots), a.play.focus)
	}
	a.Apply(viewmodel.Seek{Frame: 2.5})
	a.Evaluate()
	// Shape 0 stores 1 1 2 0 255 ...: frame 2.5 rounds to byte 3 (0,
	// hidden) in the later runtime and truncates to byte 2 (2, shown) in
	// the earlier one.
	if v := viewOf(a).Materials.Clips[0].Pose.Targets[0].V[anim.Visible]; v != 0 {
		t.Errorf("late runtime: shape 0 at 2.5 visible = %v, want 0", v)
	}
	a.Apply(viewmodel.SetRuntime{Runtime: anim.EarlyRuntime})
	if v := viewOf(a).Materials.Clips[0].Pose.Targets[0].V[anim.Visible]; v != 1 {
		t.Errorf("early runtime: shape 0 at 2.5 visible = %v, want 1", v)
	}
	if a.play.mat.slots[0].clock.Runtime != anim.EarlyRuntime || viewOf(a).Materials.Runtime != anim.EarlyRuntime {
		t.Error("the clock or the view did not switch to the early runtime")
	}
	a.Open([]string{familyFixtures + "bca_le.bca"})
	if a.play.joint == nil || a.play.joint.clock.Runtime != anim.EarlyRuntime {
		t.Fatal("a clip opened later does not get the early runtime")
	}
	a.Apply(viewmodel.Seek{Frame: 0.5})
	a.Evaluate()
	// bca_le joint 0 translation.x: value 0 under truncation.
	want := a.play.joint.clip.Targets[0].Channels[2].Curve.(*anim.FullFrame).Values[0]
	if got := viewOf(a).Joint.Pose.Targets[0].V[anim.TransX]; got != float64(want) {
		t.Errorf("early BCA at 0.5: %v, want value 0 (%v)", got, want)
	}
	a.closeFile(0)
	if len(a.play.mat.slots) != 0 {
		t.Errorf("closing the BVA left %d material slots", len(a.play.mat.slots))
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
