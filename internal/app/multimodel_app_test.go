package app

import (
	"testing"

	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/app/apptest"
)

// TestMultiModelFileUsesItsBody: a BotW-shaped pair of files — a model
// file whose 1-bone prop comes before the body, and an animation file
// named after it that carries its own copy of the skeleton — shows the
// body from the model file, plays the animation named after it, and binds
// it exactly as formats' fit rule does, as the batch and sample --model
// do.
func TestMultiModelFileUsesItsBody(t *testing.T) {
	a, _ := openApp(t, apptest.BFRESFixtures+"multi_model.bfres", apptest.BFRESFixtures+"multi_model_Animation.bfres")
	v := viewOf(a)
	if a.rig.skel == nil || a.rig.skel.Name != "Body" || a.rig.skelLabel != "multi_model.bfres › Body" || v.Skeleton.Label != a.rig.skelLabel {
		t.Fatalf("model %v from %q; want Body from multi_model.bfres", a.rig.skel, a.rig.skelLabel)
	}
	if a.play.joint == nil || a.play.joint.clip.Name != "Wave" {
		t.Fatalf("playing %v; want Wave", a.play.joint)
	}
	if got := v.Pairing.Anims[v.Pairing.Anim].Reason; got != pairing.SameName {
		t.Errorf("Wave's reason %q; want %q", got, pairing.SameName)
	}
	fit := pairing.FitClip(a.play.joint.clip, a.rig.skel)
	if got := a.rig.binding.Bound(); got != fit.Bound() || got != 5 {
		t.Errorf("%d joints bound; formats' fit rule binds %d (want 5)", got, fit.Bound())
	}
}
