package export

import (
	"fmt"
	"math"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/j3dtest"
	"github.com/animscope/animscope/internal/app/apptest"
)

// fullFrameBCA writes a BCA driving every slot of n joints with a table
// of frames+1 values that changes every frame (scale around 1,
// rotations in whole s16 units, translations of a few units), and opens
// it as the program does.
func fullFrameBCA(t *testing.T, n, frames int) *anim.Clip {
	t.Helper()
	b := &j3d.BCA{Duration: uint16(frames)}
	must := func(tr j3d.FullTrack, err error) j3d.FullTrack {
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	for j := 0; j < n; j++ {
		var set j3d.FullSet
		for axis := 0; axis < 3; axis++ {
			sc := make([]float32, frames+1)
			rot := make([]int16, frames+1)
			tr := make([]float32, frames+1)
			for f := range sc {
				ph := float64(f)*0.9 + float64(3*j+axis)
				sc[f] = float32(1 + 0.3*math.Sin(ph))
				rot[f] = int16(6000 * math.Sin(ph*1.3))
				tr[f] = float32(3 * math.Cos(ph*0.7))
			}
			set[3*axis] = must(j3dtest.FullSeq(&b.Scale, sc...))
			set[3*axis+1] = must(j3dtest.FullSeq(&b.Rotation, rot...))
			set[3*axis+2] = must(j3dtest.FullSeq(&b.Translation, tr...))
		}
		b.Joints = append(b.Joints, set)
	}
	data, err := j3dtest.EncodeBCA(b)
	if err != nil {
		t.Fatal(err)
	}
	a, err := formats.Open("table.bca", data)
	if err != nil {
		t.Fatal(err)
	}
	return a.Clips[0]
}

// TestFullFrameWorldPositions: a BCA's values hold between the frames
// where the game's lookup switches to the next one ((int)(f + 0.5) in
// the later runtime, (int)f in the earlier), so a player must show the
// table's value at every time, not a blend of two; under every J3D
// hierarchy rule, the fast path (Basic) and the one through World
// (Maya and SoftImage with an animated parent scale).
func TestFullFrameWorldPositions(t *testing.T) {
	dir := apptest.ModelFixtures
	biped := open(t, dir+"biped.bmd").Skeletons[0]
	maya := open(t, dir+"maya_ssc.bmd").Skeletons[0]
	for _, skel := range []*anim.Skeleton{biped, maya, withMode(t, maya, anim.J3DSoftImage)} {
		for _, rt := range []anim.Runtime{anim.LateRuntime, anim.EarlyRuntime} {
			t.Run(skel.Name+"/"+rt.String(), func(t *testing.T) {
				clip := fullFrameBCA(t, len(skel.Joints), 12)
				clip.SetRuntime(rt)
				// Either side of every frame where either runtime
				// switches, as well as the usual frames.
				frames := testFrames(clip)
				for i := 1; float64(i) <= clip.Duration; i++ {
					for _, o := range []float64{-0.52, -0.48, -0.02, 0.02} {
						frames = append(frames, float64(i)+o)
					}
				}
				for _, how := range []Interpolation{Linear, Cubic} {
					name := fmt.Sprintf("%s-table-%s-%d.glb", skel.Name, rt, how)
					d, _ := exportFile(t, name, Scene{Skeleton: skel, Clips: []Clip{{Clip: clip, Source: "table.bca"}}, Interpolation: how})
					ai := d.animation(t, clipName(Clip{Clip: clip, Source: "table.bca"}))
					if n := d.nonStepSamplers(t, ai); n > 0 {
						t.Errorf("interpolation %d: %d joint samplers are not STEP: the game's values hold between switches", how, n)
					}
					checkWorldAt(t, d, skel, clip, "table.bca", false, frames)
				}
			})
		}
	}
}

// nonStepSamplers counts the node-channel samplers of animation ai that
// are not STEP.
func (d *gDoc) nonStepSamplers(t *testing.T, ai int) int {
	n := 0
	an := &d.Animations[ai]
	for _, ch := range an.Channels {
		if ch.Target.Node != nil && an.Samplers[ch.Sampler].Interpolation != "STEP" {
			n++
		}
	}
	return n
}
