package writeback

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/bfres"
)

// TestFSKAJumps gives one bone of a fixture clip's glTF a rotation that
// jumps and imports it onto the clip: the written clip plays the jumps
// as jumps. Every matched joint lands within the bound of the glTF
// player's pose, posed directly from the glTF's keys, at every eighth of
// a frame, and (for a jump at a whole frame) also a hundredth and a
// thousandth of a frame before it, where a curve that ramps across the
// jump (keys only at the 1/8-frame samples) is still far from either
// side. Two forms: STEP keys (the bone's frame-0 rotation, then turned
// 25° about z from frame 12 and -15° from frame 30.3), and LINEAR keys
// turning it 30° up to frame 20.2 and jumping to -10° two thousandths of
// a frame later (as our export writes a curve's wrap), so the fit's
// piece before the jump ends between frames (20.25) after a turning
// stretch. (Between a jump off the 1/8 grid and the next eighth the
// glTF has jumped and the clip, keyed on eighths, not yet: not checked.)
func TestFSKAJumps(t *testing.T) {
	for _, c := range []struct {
		name   string
		interp interp
		keys   []struct{ frame, deg float64 }
		before []float64 // frames checked besides the eighths
	}{
		{"step", interpStep, []struct{ frame, deg float64 }{{0, 0}, {12, 25}, {30.3, -15}}, []float64{11.99, 11.999, 30.24, 30.249}},
		{"linear pair", interpLinear, []struct{ frame, deg float64 }{{0, 0}, {20.2, 30}, {20.202, -10}, {48, 5}}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			data, f, skel := fresFixture(t, bfresFixtures+"switch/nx01_v5_euler.bfres", "")
			ci := len(f.SkeletalAnims) - 1
			fa := &f.SkeletalAnims[ci]
			orig, _ := f.SkeletalClip(ci)
			src := exportGLB(t, skel, orig, fa.Name)
			m, err := MatchJoints(src, skel)
			if err != nil {
				t.Fatal(err)
			}
			ji := -1
			for j := range skel.Joints {
				if skel.Joints[j].Name == "Upper" {
					ji = j
				}
			}
			if ji < 0 || m.Node[ji] < 0 {
				t.Fatal("no matched joint Upper")
			}
			fps := orig.FPS
			n := &src.Nodes[m.Node[ji]]
			q0 := make([]float64, 4)
			copy(q0, n.R[:])
			if tr := n.tracks[pathR]; tr != nil {
				tr.eval(0, q0)
			}
			base := mgl64.Quat{W: q0[3], V: mgl64.Vec3{q0[0], q0[1], q0[2]}}
			tr := &track{comps: 4, interp: c.interp}
			for _, k := range c.keys {
				q := base.Mul(mgl64.QuatRotate(k.deg*math.Pi/180, mgl64.Vec3{0, 0, 1}))
				tr.times = append(tr.times, k.frame/fps)
				tr.values = append(tr.values, q.V[0], q.V[1], q.V[2], q.W)
			}
			n.tracks[pathR] = tr

			res, err := ImportFSKA(src, FSKATarget{File: data, Clip: fa.Name}, skel)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("worst %.3f at %s, keys %d -> %d, passes %d, notes %q", res.Worst, res.WorstJoint, res.KeysBefore, res.Keys, res.Passes, res.Notes)
			g, err := bfres.Parse(res.Data)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := g.SkeletalClip(ci)
			bind := anim.BindByName(got, skel)
			pose := anim.NewPose(got)
			game := make([]mgl64.Mat4, len(skel.Joints))
			gl := make([]mgl64.Mat4, len(src.Nodes))
			frames := c.before
			for i := 0; i <= int(fa.FrameCount)*8; i++ {
				frames = append(frames, float64(i)/8)
			}
			for _, fr := range frames {
				src.WorldAt(fr/fps, gl)
				anim.Evaluate(got, fr, pose)
				skel.World(pose, &bind, game)
				for j, ni := range m.Node {
					if ni < 0 {
						continue
					}
					want := mgl64.Vec3{gl[ni][12], gl[ni][13], gl[ni][14]}
					have := mgl64.Vec3{game[j][12], game[j][13], game[j][14]}
					if e := have.Sub(want).Len() / (1e-3 * math.Max(1, want.Len())); e > 1 {
						t.Errorf("frame %g: joint %s is %.2f× the bound from the glTF", fr, skel.Joints[j].Name, e)
					}
				}
			}
		})
	}
}
