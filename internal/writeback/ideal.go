package writeback

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
)

// subframes is how many samples each frame gets: the fit is held to the
// bound at every quarter frame, so fractional frames (a slowed-down
// playback, the viewer's scrubbing) are as exact as whole ones.
const subframes = 4

// ideal is what the game should play: per sample frame, each driven
// joint's local values under the skeleton's rule (from the glTF's world
// matrices and the game's own parent state), and each matched joint's
// glTF world position, the reference the written file is checked against.
type ideal struct {
	frames []float64
	// values[j][slot][i] is joint j's local value at frames[i] (nil for
	// joints the glTF does not drive).
	values [][anim.NumSlots][]float64
	quat   []bool // per joint: the rotation is a quaternion
	// pos[i*n+j] is joint j's glTF world position at frames[i].
	pos []mgl64.Vec3
}

// sampleFrames are the frames 0, 1/subframes, ... up to duration.
func sampleFrames(duration int) []float64 {
	f := make([]float64, duration*subframes+1)
	for i := range f {
		f[i] = float64(i) / subframes
	}
	return f
}

// solveIdeal poses the glTF at each frame (fps frames per second) and
// turns it into the game's local values, joint by joint from the roots:
// a driven joint takes the values that put it at its node's world matrix
// given the state its parent passes in the game (so that the parent's
// own rounding does not carry down), an undriven one plays the original
// clip (orig, bound with b) as the game would.
func solveIdeal(src *Source, skel *anim.Skeleton, m *Match, orig *anim.Clip, b *anim.Binding, frames []float64, fps float64) *ideal {
	n := len(skel.Joints)
	id := &ideal{frames: frames, values: make([][anim.NumSlots][]float64, n), quat: make([]bool, n), pos: make([]mgl64.Vec3, len(frames)*n)}
	pose := anim.NewPose(orig)
	anim.Evaluate(orig, 0, pose)
	for j := range skel.Joints {
		_, id.quat[j] = skel.LocalSRT(j, pose, b)
		if m.Driven[j] {
			for s := range id.values[j] {
				id.values[j][s] = make([]float64, len(frames))
			}
		}
	}
	sp := space{skel}
	order := jointOrder(skel)
	world := make([]mgl64.Mat4, len(src.Nodes))
	states := make([]jointState, n)
	prev := make([][anim.NumSlots]float64, n)
	for i, f := range frames {
		src.WorldAt(f/fps, world)
		anim.Evaluate(orig, f, pose)
		for j := range skel.Joints {
			if ni := m.Node[j]; ni >= 0 {
				id.pos[i*n+j] = mgl64.Vec3{world[ni][12], world[ni][13], world[ni][14]}
			}
		}
		for _, j := range order {
			parent := &rootState
			if p := skel.Joints[j].Parent; p >= 0 {
				parent = &states[p]
			}
			fl := skel.LocalFlags(j, pose, b)
			var v [anim.NumSlots]float64
			if m.Driven[j] {
				var near *[anim.NumSlots]float64
				if i > 0 {
					near = &prev[j]
				}
				v = sp.solve(j, &world[m.Node[j]], id.quat[j], fl, parent, near)
				prev[j] = v
				for s := range v {
					id.values[j][s][i] = v[s]
				}
			} else {
				v, _ = skel.LocalSRT(j, pose, b)
			}
			states[j] = sp.forward(j, &v, id.quat[j], fl, parent)
		}
	}
	return id
}

// jointOrder lists joints parents first.
func jointOrder(s *anim.Skeleton) []int {
	n := len(s.Joints)
	children := make([][]int, n)
	var stack, order []int
	for i, j := range s.Joints {
		if j.Parent < 0 || j.Parent >= n {
			stack = append(stack, i)
		} else {
			children[j.Parent] = append(children[j.Parent], i)
		}
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		order = append(order, i)
		stack = append(stack, children[i]...)
	}
	return order
}

// PositionBound is the export's promise for a joint at world position w:
// 1e-3 · max(1, |w|).
func PositionBound(w mgl64.Vec3) float64 { return 1e-3 * math.Max(1, w.Len()) }

// tolerances are a first share of the bound per driven joint and
// channel kind, which verification then tightens where the composed
// error still exceeds it: a rotation error moves the joint's descendants
// by up to its angle times their distance (lever), a translation error
// moves them by itself (times the parent's world scale), a scale error by
// itself times the lever. Each joint gets a share that shrinks with the
// number of driven joints above it, whose errors add up.
type tolerances struct {
	rotDeg, trans, scale []float64
}

// maxRotRad and maxScaleTol cap the tolerances of joints whose
// descendants are near them (a leaf: lever 0), whose rotation and scale
// still move the mesh they skin: the export's own caps.
const (
	maxRotRad   = 1e-3
	maxScaleTol = 1e-3
)

func newTolerances(skel *anim.Skeleton, m *Match, id *ideal) *tolerances {
	n := len(skel.Joints)
	tol := &tolerances{rotDeg: make([]float64, n), trans: make([]float64, n), scale: make([]float64, n)}
	lever := make([]float64, n)
	bound := make([]float64, n)
	for j := range bound {
		bound[j] = math.Inf(1)
	}
	// Every matched joint raises the lever and lowers the bound of each
	// matched ancestor.
	for i := range id.frames {
		row := id.pos[i*n : (i+1)*n]
		for d := range skel.Joints {
			if m.Node[d] < 0 {
				continue
			}
			bd := PositionBound(row[d])
			for a := d; a >= 0; a = skel.Joints[a].Parent {
				if m.Node[a] < 0 {
					continue
				}
				lever[a] = math.Max(lever[a], row[d].Sub(row[a]).Len())
				bound[a] = math.Min(bound[a], bd)
			}
		}
	}
	depth := make([]int, n)
	for _, j := range jointOrder(skel) {
		if p := skel.Joints[j].Parent; p >= 0 {
			depth[j] = depth[p]
		}
		if m.Driven[j] {
			depth[j]++
		}
	}
	for j := range skel.Joints {
		if math.IsInf(bound[j], 1) {
			bound[j] = 1e-3
		}
		budget := 0.5 * bound[j] / math.Sqrt(float64(3*max(depth[j], 1)))
		rot := maxRotRad
		if lever[j] > 0 {
			rot = math.Min(rot*10, budget/lever[j])
		}
		tol.rotDeg[j] = rot * 180 / math.Pi
		tol.trans[j] = budget
		tol.scale[j] = maxScaleTol
		if lever[j] > 0 {
			tol.scale[j] = math.Min(maxScaleTol*10, budget/lever[j])
		}
	}
	return tol
}
