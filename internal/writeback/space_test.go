package writeback

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
)

// randomChain is a skeleton of the given mode with a branching hierarchy,
// non-uniform scales and compensation on some joints, and a clip pose
// for it (one target per joint, bound by index).
func randomChain(mode anim.HierarchyMode, quat bool, r *rand.Rand) (*anim.Skeleton, []anim.TargetPose) {
	parents := []int{-1, 0, 1, 2, 1, 4, 0}
	s := &anim.Skeleton{Mode: mode}
	poses := make([]anim.TargetPose, len(parents))
	for j, p := range parents {
		jt := anim.Joint{Parent: p, Rest: anim.DefaultBase(), ScaleCompensate: j%2 == 0}
		if mode >= anim.G3dNoScale && j%2 == 0 {
			jt.Flags = anim.FlagSegmentScaleCompensate
		}
		s.Joints = append(s.Joints, jt)
		v := &poses[j].V
		for k := range 3 {
			v[anim.ScaleX+anim.Slot(k)] = 0.6 + r.Float64()
			v[anim.RotX+anim.Slot(k)] = r.Float64()*300 - 150
			v[anim.TransX+anim.Slot(k)] = r.Float64()*20 - 10
		}
		if quat {
			q := mgl64.QuatRotate(r.Float64()*3, mgl64.Vec3{r.Float64() - 0.5, r.Float64(), 0.3}.Normalize())
			v[anim.QuatX], v[anim.QuatY], v[anim.QuatZ], v[anim.QuatW] = q.V[0], q.V[1], q.V[2], q.W
			poses[j].Quaternion = true
		}
	}
	if err := s.Finish(); err != nil {
		panic(err)
	}
	return s, poses
}

// TestSolveInvertsWorld holds solve to anim.Skeleton.World, the posing
// every command uses: local values posed by World give world matrices;
// solving each joint from its world matrix and the state its solved
// parent passes gives values that World poses at the same matrices.
func TestSolveInvertsWorld(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		mode anim.HierarchyMode
		quat bool
	}{
		{anim.J3DBasic, false}, {anim.J3DSoftImage, false}, {anim.J3DMaya, false},
		{anim.G3dNoScale, true}, {anim.G3dStandard, false}, {anim.G3dMaya, true}, {anim.G3dSoftimage, false},
	} {
		skel, poses := randomChain(c.mode, c.quat, r)
		n := len(skel.Joints)
		clip := &anim.Clip{Duration: 1, FPS: 30}
		for j := range n {
			clip.Targets = append(clip.Targets, anim.Target{Index: j, Kind: anim.JointTarget})
		}
		bind := anim.BindByIndex(clip, skel)
		pose := &anim.Pose{Targets: poses}
		want := make([]mgl64.Mat4, n)
		skel.World(pose, &bind, want)
		if c.mode == anim.G3dNoScale {
			// Scale means nothing there; the solved one is 1.
			for j := range poses {
				poses[j].V[anim.ScaleX], poses[j].V[anim.ScaleY], poses[j].V[anim.ScaleZ] = 1, 1, 1
			}
		}
		sp := space{skel}
		states := make([]jointState, n)
		solved := make([]anim.TargetPose, n)
		for _, j := range jointOrder(skel) {
			parent := &rootState
			if p := skel.Joints[j].Parent; p >= 0 {
				parent = &states[p]
			}
			fl := skel.Joints[j].Flags
			v := sp.solve(j, &want[j], c.quat, fl, parent, &poses[j].V, nil)
			solved[j] = anim.TargetPose{V: v, Quaternion: c.quat}
			states[j] = sp.forward(j, &v, c.quat, fl, parent)
			if d := maxDiff(states[j].world, want[j]); d > 1e-9 {
				t.Errorf("%v joint %d: forward of the solved values is %g from World", c.mode, j, d)
			}
		}
		got := make([]mgl64.Mat4, n)
		skel.World(&anim.Pose{Targets: solved}, &bind, got)
		for j := range n {
			if d := maxDiff(got[j], want[j]); d > 1e-9 {
				t.Errorf("%v joint %d: solved values pose %g from the original world matrix", c.mode, j, d)
			}
		}
	}
}

func maxDiff(a, b mgl64.Mat4) float64 {
	d := 0.0
	for i := range 16 {
		if i%4 == 3 {
			continue
		}
		d = math.Max(d, math.Abs(a[i]-b[i]))
	}
	return d
}

// TestEulerStaysContinuous: a joint turning 400° about x and through
// gimbal lock keeps continuous angles, each step the short way.
func TestEulerStaysContinuous(t *testing.T) {
	var prev *[3]float64
	for i := 0; i <= 100; i++ {
		x := float64(i) * 4 // 0..400°
		y := 90 * math.Sin(float64(i)/100*math.Pi)
		r := anim.EulerZYX(x*math.Pi/180, y*math.Pi/180, 0.3)
		e := eulerNear(&r, prev)
		back := anim.EulerZYX(e[0]*math.Pi/180, e[1]*math.Pi/180, e[2]*math.Pi/180)
		for k := range 9 {
			if !near(back[k], r[k], 1e-9) {
				t.Fatalf("step %d: angles %v do not give the rotation", i, e)
			}
		}
		if prev != nil {
			for k := range 3 {
				if d := math.Abs(e[k] - prev[k]); d > 20 {
					t.Fatalf("step %d: angle %d jumps %g° (%v after %v)", i, k, d, e, *prev)
				}
			}
		}
		prev = &e
	}
	if prev[0] < 350 {
		t.Errorf("x ended at %g°, want the continuous 400° (or its equivalent near it)", prev[0])
	}
}
