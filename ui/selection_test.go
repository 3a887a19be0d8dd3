package ui

import (
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// The selection's local values are the ones its joint is posed with: a
// slot the clip leaves to the model (a BFRES bone animation without scale)
// shows the model's rest, not the clip's stand-in value.
func TestSelectedValuesTakeModelRest(t *testing.T) {
	sk := &anim.Skeleton{Mode: anim.G3dMaya, Joints: []anim.Joint{{Name: "Hand", Parent: -1, Rest: anim.DefaultBase()}}}
	sk.Joints[0].Rest[anim.ScaleX] = 0.9
	if err := sk.Finish(); err != nil {
		t.Fatal(err)
	}
	clip := &anim.Clip{Targets: []anim.Target{{Name: "Hand", Kind: anim.JointTarget, Base: anim.DefaultBase(), FromRest: anim.SlotMask(0).With(anim.ScaleX)}}}
	clip.Targets[0].Base[anim.TransY] = 2
	b := anim.BindByName(clip, sk)
	pose := anim.NewPose(clip)
	anim.Evaluate(clip, 0, pose)
	v := &viewmodel.View{Joint: &viewmodel.Playback{Clip: clip, Pose: pose}, Skeleton: &viewmodel.SkeletonView{Skeleton: sk, Binding: &b}, Selection: viewmodel.Selection{Joint: 0, Target: 0}}
	vals, tg, _, ok := selectedValues(v)
	if !ok || tg != &clip.Targets[0] || vals[anim.ScaleX] != 0.9 || vals[anim.TransY] != 2 {
		t.Errorf("ok %v target %v scale.x %v translation.y %v, want the model's 0.9 and the clip's 2", ok, tg, vals[anim.ScaleX], vals[anim.TransY])
	}
	// Without a skeleton the clip's own values are shown.
	v.Skeleton = nil
	if vals, _, _, _ := selectedValues(v); vals[anim.ScaleX] != 1 {
		t.Errorf("without a model: scale.x %v, want the clip's 1", vals[anim.ScaleX])
	}
}
