package export

import (
	"testing"

	"github.com/animscope/animscope/anim"
)

// TestBoundDipsNearOrigin: a joint 30 units from the origin all clip
// long (630 frames) except for two frames, where it swings through the
// origin (as SMG2 Mario's PartsControl in DemoBattleStartDinoPackunBaby)
// and its bound (relative to that distance) is thirty times smaller. The
// tolerances are measured at frames spread over the clip, none of them
// there: the joint still holds the bound where it dips, in both players.
func TestBoundDipsNearOrigin(t *testing.T) {
	j := func(name string, parent int) anim.Joint {
		return anim.Joint{Name: name, Parent: parent, Rest: anim.DefaultBase()}
	}
	skel := &anim.Skeleton{Name: "dip", Mode: anim.J3DBasic, Joints: []anim.Joint{j("root", -1), j("parts", 0)}}
	if err := skel.Finish(); err != nil {
		t.Fatal(err)
	}
	k := func(f, v, in, out float64) anim.HermiteKey {
		return anim.HermiteKey{Time: f, Value: v, In: in, Out: out}
	}
	c := &anim.Clip{Name: "dip", Format: "test", Duration: 630, FPS: 30, Loop: anim.Once}
	target := func(name string, ch ...anim.Channel) anim.Target {
		return anim.Target{Name: name, Kind: anim.JointTarget, TexGen: -1, Base: anim.DefaultBase(), Channels: ch}
	}
	c.Targets = []anim.Target{
		target("root"),
		target("parts", anim.Channel{Slot: anim.TransY, Curve: hermite(
			k(0, 30, 0, 0), k(31, 30, 0, 0), k(32, 0, -5, -5), k(33, 0, 20, 20), k(34, 30, 0, 0), k(630, 30, 0, 0))},
			anim.Channel{Slot: anim.TransZ, Curve: anim.Constant(0.01)}),
	}
	name := "bound-dip.glb"
	src := Clip{Clip: c, Source: "dip.test"}
	var frames []float64
	for f := 28.0; f <= 38; f += 1.0 / 16 {
		frames = append(frames, f)
	}
	frames = append(frames, testFrames(c)...)
	// LINEAR in both players; CUBICSPLINE in the specification's (Blender
	// drops its tangents).
	d, _ := exportFile(t, name, Scene{Skeleton: skel, Clips: []Clip{src}})
	bind := anim.Binding{Target: []int{0, 1}}
	want := worldPositions(skel, &bind, c, frames, false)
	if w := playedWorst(t, d, d.animation(t, clipName(src)), skel, &bind, c, frames, want, nil); w.over > 0 {
		t.Errorf("LINEAR: %.3g× the bound at frame %g (joint %d), %d joint-frames over", w.ratio, w.frame, w.joint, w.over)
	}
	checkWorldAt(t, d, skel, c, src.Source, false, frames) // (and into make blender-check)
	d, _ = exportFile(t, "bound-dip-cubic.glb", Scene{Skeleton: skel, Clips: []Clip{src}, Interpolation: Cubic})
	checkWorldAt(t, d, skel, c, src.Source, false, frames)
}
