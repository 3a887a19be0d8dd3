package app

import (
	"fmt"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/viewmodel"
)

// chainSkeleton is an n-joint chain named name, joints j0..j(n-1).
func chainSkeleton(name string, n int) *anim.Skeleton {
	s := &anim.Skeleton{Name: name, Mode: anim.Standard}
	for i := 0; i < n; i++ {
		s.Joints = append(s.Joints, anim.Joint{Name: fmt.Sprintf("j%d", i), Parent: i - 1, Rest: anim.DefaultBase()})
	}
	if err := s.Finish(); err != nil {
		panic(err)
	}
	return s
}

// TestDefaultModelIsLargestSkeleton: a multi-model file's props are not
// what people open it for: a file holding a 1-joint
// prop and a character uses the character.
func TestDefaultModelIsLargestSkeleton(t *testing.T) {
	a := New(nil)
	a.Add([]*File{{path: "queen.bfres", name: "queen.bfres", asset: &formats.Asset{Format: "bfres",
		Skeletons: []*anim.Skeleton{chainSkeleton("Item_Armor", 1), chainSkeleton("Queen", 9), chainSkeleton("Hair", 4)}}}})
	if a.rig.skel == nil || a.rig.skel.Name != "Queen" || a.rig.skelLabel != "queen.bfres › Queen" {
		t.Fatalf("default model %v (%q), want the 9-joint Queen", a.rig.skel, a.rig.skelLabel)
	}
}

// TestOpeningAModelDoesNotHijack: opening a model must not force the
// playing animation onto it: a model dropped while an
// animation plays that does not fit it shows its bind pose; no binding
// message stays behind.
func TestOpeningAModelDoesNotHijack(t *testing.T) {
	a, _ := newTestApp(t, anim.Loop, true) // hand.bck on the 2-joint chain
	a.Add([]*File{{path: "faceship.bmd", name: "faceship.bmd", asset: &formats.Asset{Format: "bmd",
		Skeletons: []*anim.Skeleton{chainSkeleton("ship", 1)}}}})
	if a.rig.skelLabel != "faceship.bmd" || a.play.joint != nil {
		t.Fatalf("after faceship.bmd: model %q playing %v; want its bind pose", a.rig.skelLabel, a.play.joint)
	}
	a.Evaluate()
	if len(a.rig.markers) != 1 || a.rig.markers[0].Pos != [3]float32{} {
		t.Errorf("bind pose: markers %+v", a.rig.markers)
	}
	for _, n := range a.msgs.notices {
		if n.Severity >= viewmodel.Warning {
			t.Errorf("message after opening a model: %q", n.Text)
		}
	}
	// A model the animation fits keeps it playing.
	b, _ := newTestApp(t, anim.Loop, true)
	b.Add([]*File{{path: "other.bmd", name: "other.bmd", asset: &formats.Asset{Format: "bmd",
		Skeletons: []*anim.Skeleton{handSkeleton()}}}})
	if b.rig.skelLabel != "other.bmd" || b.play.joint == nil || b.play.joint.label != "hand.bck" {
		t.Errorf("a fitting model: model %q playing %v; want hand.bck on other.bmd", b.rig.skelLabel, b.play.joint)
	}
}

// TestBindingMessageSummarised: a long binding complaint must not flood
// the Messages tab: 33 unbound bones are one
// message naming the first five, the full list in its detail; it goes
// when the binding goes.
func TestBindingMessageSummarised(t *testing.T) {
	var targets []anim.Target
	for i := 0; i < 35; i++ {
		name := fmt.Sprintf("Bone%02d", i)
		if i < 2 {
			name = fmt.Sprintf("j%d", i)
		}
		targets = append(targets, anim.Target{Name: name, Kind: anim.JointTarget, TexGen: -1, Base: anim.DefaultBase(),
			Channels: []anim.Channel{{Slot: anim.TransY, Curve: anim.Constant(1)}}})
	}
	clip := &anim.Clip{Name: "Wait", Format: "bfres", Duration: 10, FPS: 30, Loop: anim.Loop, Targets: targets}
	a := New(nil)
	a.Add([]*File{{path: "m.bfres", name: "m.bfres", asset: &formats.Asset{Format: "bfres", Skeletons: []*anim.Skeleton{chainSkeleton("M", 2)}}}})
	a.Add([]*File{{path: "a.bfres", name: "a.bfres", asset: &formats.Asset{Format: "bfres", Clips: []*anim.Clip{clip}}}})
	if a.play.joint == nil {
		t.Fatal("the opened animation should play (the user opened it; only a model never hijacks)")
	}
	var bind []viewmodel.Notice
	for _, n := range a.msgs.notices {
		if strings.Contains(n.Text, "not in the skeleton") {
			bind = append(bind, n)
		}
	}
	if len(bind) != 1 {
		t.Fatalf("%d binding messages, want 1: %+v", len(bind), bind)
	}
	want := "33 animated bones are not in the skeleton: Bone02, Bone03, Bone04, Bone05, Bone06, …"
	if !strings.HasSuffix(bind[0].Text, want) || !strings.Contains(bind[0].Detail, "Bone34") {
		t.Errorf("message %q detail %q; want it to end %q and the detail to name Bone34", bind[0].Text, bind[0].Detail, want)
	}
	a.Apply(viewmodel.SelectModel{File: -1, Skel: -1})
	for _, n := range a.msgs.notices {
		if strings.Contains(n.Text, "not in the skeleton") {
			t.Errorf("stale binding message after the model went: %q", n.Text)
		}
	}
}

func TestSummarizeOtherWarnings(t *testing.T) {
	var mismatch anim.Binding
	mismatch.Add(anim.BindIssue{Kind: anim.JointCountMismatch, Target: -1, Targets: 7, Joints: 3})
	text, detail := summarize(&mismatch)
	if text != "animation has 7 joints, skeleton has 3; binding the first 3 by index" || detail != "" {
		t.Errorf("one warning: %q / %q", text, detail)
	}
	var tail anim.Binding
	tail.Add(anim.BindIssue{Kind: anim.MissingBone, Target: 4, Name: "Tail"})
	text, _ = summarize(&tail)
	if text != "1 animated bone is not in the skeleton: Tail" {
		t.Errorf("one bone: %q", text)
	}
}

// TestModelOfAnotherGameStaysUnbound: binding by index to a skeleton of
// another size would pose garbage: a J3D animation is never
// bound by index to a model with another joint count when that model is
// opened: the model shows its bind pose.
func TestModelOfAnotherGameStaysUnbound(t *testing.T) {
	a, _ := newTestApp(t, anim.Loop, true) // hand.bck: 2 joints, on a 2-joint chain
	a.Add([]*File{{path: "queen.bfres", name: "queen.bfres", asset: &formats.Asset{Format: "bfres",
		Skeletons: []*anim.Skeleton{chainSkeleton("Queen", 135)}}}})
	if a.rig.skel == nil || len(a.rig.skel.Joints) != 135 || a.play.joint != nil {
		t.Fatalf("after a 135-joint model: model %v playing %v; want its bind pose", a.rig.skel, a.play.joint)
	}
}

// TestAnimationWithItsOwnSkeletonKeepsTheModel: the skeleton copy inside
// an animation file must not replace the model the user opened: a BotW
// animation file carries a copy of the skeleton; opened onto the model
// it fits, the model stays and the animation plays on it.
func TestAnimationWithItsOwnSkeletonKeepsTheModel(t *testing.T) {
	a := New(nil)
	model := chainSkeleton("Queen", 6)
	a.Add([]*File{{path: "Queen.bfres", name: "Queen.bfres", asset: &formats.Asset{Format: "bfres", Skeletons: []*anim.Skeleton{model}}}})
	var targets []anim.Target
	for i := 0; i < 6; i++ {
		targets = append(targets, anim.Target{Name: fmt.Sprintf("j%d", i), Kind: anim.JointTarget, TexGen: -1, Base: anim.DefaultBase(),
			Channels: []anim.Channel{{Slot: anim.TransY, Curve: anim.Constant(1)}}})
	}
	clip := &anim.Clip{Name: "Wait", Format: "bfres-skeletal", Duration: 10, FPS: 30, Loop: anim.Loop, Targets: targets}
	a.Add([]*File{{path: "Queen_Animation.bfres", name: "Queen_Animation.bfres", asset: &formats.Asset{Format: "bfres",
		Clips: []*anim.Clip{clip}, Skeletons: []*anim.Skeleton{chainSkeleton("Skeleton", 6)}}}})
	if a.rig.skel != model || a.play.joint == nil || a.play.joint.clip != clip {
		t.Fatalf("model %q playing %v; want Wait on Queen.bfres", a.rig.skelLabel, a.play.joint)
	}
}

// TestArchiveModelNamedAfterItsAnimation (points 5, 6): opening a course
// archive picks the model its animation is named after, not the largest
// model of the archive, and plays that animation.
func TestArchiveModelNamedAfterItsAnimation(t *testing.T) {
	one := handClip(anim.Loop)
	one.Targets = one.Targets[:1]
	j3d := func(n int) *anim.Skeleton {
		s := chainSkeleton("m", n)
		s.Mode = anim.J3DBasic
		return s
	}
	a := New(nil)
	entry := func(name string, as *formats.Asset) *File {
		return &File{path: "c/track.arc:" + name, name: "track.arc › " + name, archive: "c/track.arc", entry: name, asset: as}
	}
	a.Add([]*File{
		entry("course/itembox_bomb.bmd", &formats.Asset{Format: "bmd", Skeletons: []*anim.Skeleton{j3d(3)}}),
		entry("course/mariotree1.bmd", &formats.Asset{Format: "bmd", Skeletons: []*anim.Skeleton{j3d(1)}}),
		entry("course/mariotree1_wait.bck", &formats.Asset{Format: "bck", Clips: []*anim.Clip{one}}),
	})
	if a.rig.skelLabel != "track.arc › course/mariotree1.bmd" || a.play.joint == nil || a.play.joint.clip != one {
		t.Fatalf("model %q playing %v; want mariotree1_wait.bck on mariotree1.bmd", a.rig.skelLabel, a.play.joint)
	}
}

// TestManyLoadWarningsAreOneMessage: one file's warnings must not bury
// the others: a file with 40 warnings is
// one message with the list in its detail.
func TestManyLoadWarningsAreOneMessage(t *testing.T) {
	var ws []string
	for i := 0; i < 40; i++ {
		ws = append(ws, fmt.Sprintf("bone %d is odd", i))
	}
	a := New(nil)
	a.Add([]*File{{path: "x.bfres", name: "x.bfres", asset: &formats.Asset{Format: "bfres", Skeletons: []*anim.Skeleton{chainSkeleton("m", 2)}, Warnings: ws}}})
	if len(a.msgs.notices) != 1 || a.msgs.notices[0].Text != "x.bfres: 40 warnings (first: bone 0 is odd)" || !strings.Contains(a.msgs.notices[0].Detail, "bone 39 is odd") {
		t.Fatalf("notices %+v", a.msgs.notices)
	}
}
