package export

import (
	"math"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/app/apptest"
)

// TestUnroundedRotationException checks the export's one stated
// exception to its bound instead of assuming it: the export follows J3D
// rotations without the games' truncation to whole units, and the games'
// pose differs from that reference by what the truncation can do: less
// than one unit (2^frac·180/32768°) per keyed rotation channel, each
// turning the joints below it about its joint's origin, so a joint moves
// by at most the sum over its ancestors' keyed rotation channels of one
// unit in radians times its distance from the ancestor. At a curve's
// keys, whose stored values are whole units, it adds nothing.
func TestUnroundedRotationException(t *testing.T) {
	dir := apptest.ModelFixtures
	biped := open(t, dir+"biped.bmd").Skeletons[0]
	link, _ := linkShapedScene(t, func(j int) bool { return j > 0 })
	for _, tc := range []struct {
		name string
		skel *anim.Skeleton
		clip *anim.Clip
	}{
		{"biped/walk.bck", biped, open(t, dir+"walk.bck").Clips[0]},
		{"biped/wave.bck", biped, open(t, dir+"wave.bck").Clips[0]},
		{"link-shaped", link.Skeleton, link.Clips[0].Clip},
	} {
		t.Run(tc.name, func(t *testing.T) {
			skel, clip := tc.skel, tc.clip
			bind := formats.Bind(clip, skel)
			// curves[j]: joint j's keyed J3D rotation curves.
			curves := make([][]*anim.Hermite, len(skel.Joints))
			keyed := 0
			for j, ti := range bind.Target {
				if ti < 0 {
					continue
				}
				for _, ch := range clip.Targets[ti].Channels {
					if h, ok := ch.Curve.(*anim.Hermite); ok && h.RotationFrac >= 0 && len(h.Keys) > 1 {
						curves[j] = append(curves[j], h)
						keyed++
					}
				}
			}
			if keyed == 0 {
				t.Fatal("the clip has no keyed J3D rotation")
			}
			// units is the most joint a's rotation can be off at frame f,
			// in radians: a unit per curve, none at the curve's keys
			// (whole units, which the truncation keeps).
			units := func(a int, f float64) float64 {
				u := 0.0
				for _, h := range curves[a] {
					atKey := false
					for _, k := range h.Keys {
						atKey = atKey || k.Time == f
					}
					if !atKey {
						u += math.Ldexp(math.Pi/32768, h.RotationFrac)
					}
				}
				return u
			}
			ref := clip.UnroundedRotations()
			var frames []float64
			for i := 0; float64(i) <= clip.Duration*16; i++ {
				frames = append(frames, float64(i)/16)
			}
			game := worldPositions(skel, &bind, clip, frames, false)
			want := worldPositions(skel, &bind, ref, frames, false)
			worst, apart := 0.0, 0.0
			for fi, f := range frames {
				for j := range skel.Joints {
					limit := 0.0
					for a := skel.Joints[j].Parent; a >= 0; a = skel.Joints[a].Parent {
						limit += units(a, f) * dist(want[fi][j], want[fi][a])
					}
					d := dist(game[fi][j], want[fi][j])
					apart = math.Max(apart, d)
					// 1% and 1e-9 for the second-order terms and rounding.
					if d > limit*1.01+1e-9 {
						t.Errorf("frame %g joint %d (%s): the game's pose is %.3g from the unrounded one, more than the exception's %.3g", f, j, skel.Joints[j].Name, d, limit)
					}
					if limit > 0 {
						worst = math.Max(worst, d/limit)
					}
				}
			}
			if apart == 0 {
				t.Error("the game's pose never differs from the unrounded one")
			}
			t.Logf("%s: up to %.3g apart, %.2f of the exception", tc.name, apart, worst)
		})
	}
}
