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
	// same is per driven joint whether the original clip's local values
	// match values within the tolerances at every sample (set by
	// markSame): the glTF animates it as the target does.
	same []bool
	// posMiss is per driven joint with matched children the largest
	// distance, as a fraction of the bound, from the glTF of the joint
	// and its children when the joint and the children play the target's
	// own values under the parent's state in the game (markSame).
	posMiss []float64
	// origVals[j][slot][i] is the original clip's local value of driven
	// joint j at frames[i], which markSame compares with.
	origVals [][anim.NumSlots][]float64
	quat     []bool // per joint: the rotation is a quaternion
	// wholeOnly says the glTF holds its motion once per frame
	// (Source.onceAFrame): markSame judges at whole frames only.
	wholeOnly bool
	// pos[i*n+j] is joint j's glTF world position at frames[i].
	pos []mgl64.Vec3
}

// jointSlots are the slots a joint's local values use (scale, Euler
// rotation, translation, quaternion): the ideal holds only those, where
// a pose has room for every kind of target.
const jointSlots = anim.QuatW + 1

// sampleFrames are the frames 0, 1/subframes, ... up to duration, and
// the glTF's key times within them rounded to 1/keyGrid of a frame (where
// a glTF holds many keys in a frame its curve turns there, and the fit
// must see it; the grid keeps samples far enough apart that a key placed
// on one is a float32 time of its own and a slope between two is not
// noise).
func sampleFrames(duration int, keys []float64) []float64 {
	const keyGrid = 8
	// Marks on the key grid (which holds every sample) instead of a sort:
	// a glTF of a stepping curve holds a key per step, tens of thousands.
	marks := make([]bool, duration*keyGrid+1)
	for i := 0; i <= duration*subframes; i++ {
		marks[i*keyGrid/subframes] = true
	}
	for _, k := range keys {
		if g := math.Round(k * keyGrid); g > 0 && g < float64(len(marks)) {
			marks[int(g)] = true
		}
	}
	var f []float64
	for g, ok := range marks {
		if ok {
			f = append(f, float64(g)/keyGrid)
		}
	}
	return f
}

// keyFrames are the key times of every track of the source, in frames.
func (s *Source) keyFrames(fps float64) []float64 {
	var out []float64
	seen := map[*track]bool{}
	for i := range s.Nodes {
		for _, tr := range s.Nodes[i].tracks {
			if tr == nil || seen[tr] {
				continue
			}
			seen[tr] = true
			for _, t := range tr.times {
				out = append(out, t*fps)
			}
		}
	}
	return out
}

// solveIdeal poses the glTF at each frame (fps frames per second) and
// turns it into the game's local values, joint by joint from the roots:
// a driven joint takes the values that put it at its node's world matrix
// given the state its parent passes in the game (so that the parent's
// own rounding does not carry down), an undriven one, or one keep marks,
// plays the original clip (orig, bound with b) as the game would.
func solveIdeal(src *Source, skel *anim.Skeleton, m *Match, orig *anim.Clip, b *anim.Binding, frames []float64, fps float64, keep []bool) *ideal {
	n := len(skel.Joints)
	id := &ideal{wholeOnly: src.onceAFrame(fps), frames: frames, values: make([][anim.NumSlots][]float64, n), origVals: make([][anim.NumSlots][]float64, n), same: make([]bool, n), posMiss: make([]float64, n), quat: make([]bool, n), pos: make([]mgl64.Vec3, len(frames)*n)}
	s := &solver{src: src, skel: skel, m: m, orig: orig, b: b, fps: fps, id: id, keep: keep,
		sp: space{skel}, order: jointOrder(skel), pose: anim.NewPose(orig),
		world: make([]mgl64.Mat4, len(src.Nodes)), states: make([]jointState, n),
		prev: make([][anim.NumSlots]float64, n), next: make([][anim.NumSlots]float64, n)}
	anim.Evaluate(orig, 0, s.pose)
	for j := range skel.Joints {
		_, id.quat[j] = skel.LocalSRT(j, s.pose, b)
		if m.Driven[j] {
			for k := range jointSlots {
				id.values[j][k] = make([]float64, len(frames))
				id.origVals[j][k] = make([]float64, len(frames))
			}
		}
	}
	for i, f := range frames {
		if i == 0 {
			s.solveAt(f, false)
		} else {
			s.follow(frames[i-1], f, 0)
		}
		copy(s.prev, s.next)
		if !id.wholeOnly || f == math.Floor(f) {
			s.checkTargetValues(id.posMiss)
		}
		for j := range skel.Joints {
			if ni := m.Node[j]; ni >= 0 {
				id.pos[i*n+j] = mgl64.Vec3{s.world[ni][12], s.world[ni][13], s.world[ni][14]}
			}
			if m.Driven[j] {
				ov, _ := skel.LocalSRT(j, s.pose, b)
				for k := range jointSlots {
					id.values[j][k][i] = s.next[j][k]
					id.origVals[j][k][i] = ov[k]
				}
			}
		}
	}
	for j := range id.values {
		if m.Driven[j] && !id.quat[j] {
			for k := anim.RotX; k <= anim.RotZ; k++ {
				centerTurns(id.values[j][k])
			}
		}
	}
	return id
}

// centerTurns moves a continuous angle track by whole turns so that its
// largest magnitude is least: the game wraps rotations at 16 bits, so the
// turn is the same and the track needs the smallest rotation fraction.
func centerTurns(ys []float64) {
	if len(ys) == 0 {
		return
	}
	lo, hi := ys[0], ys[0]
	for _, y := range ys {
		lo, hi = math.Min(lo, y), math.Max(hi, y)
	}
	if shift := 360 * math.Round((lo+hi)/2/360); shift != 0 {
		for i := range ys {
			ys[i] -= shift
		}
	}
}

// solver holds solveIdeal's state between frames: prev are each joint's
// values at the last frame, which the next frame's Euler angles stay
// near; next the values just solved.
type solver struct {
	src        *Source
	skel       *anim.Skeleton
	m          *Match
	orig       *anim.Clip
	b          *anim.Binding
	fps        float64
	id         *ideal
	sp         space
	order      []int
	pose       *anim.Pose
	world      []mgl64.Mat4
	states     []jointState
	prev, next [][anim.NumSlots]float64
	children   [][]int // matched children per joint (checkTargetValues)
	// keep marks driven joints posed with the target's values (joints
	// found unchanged), so that their children are solved against the
	// state the game will give them.
	keep []bool
}

// maxEulerStep is the largest change of an Euler angle between two
// solved frames that is taken as it comes. A joint turning faster (a
// spin of 350° in one frame, which the glTF holds in dense keys) is
// followed through smaller steps, so that its angles keep turning the
// way it turns instead of the short way between the two frames.
const maxEulerStep = 30

// follow solves frame f after frame f0 (whose values are in prev): at
// once, or, where an Euler angle would step more than maxEulerStep,
// through eight steps between them, each near the last (and a step that
// still jumps through eight more: a jump left after that is a real one,
// a glTF STEP or a flip, which no finer step removes).
func (s *solver) follow(f0, f float64, depth int) {
	s.solveAt(f, true)
	if depth >= 2 || !s.jumps() {
		return
	}
	saved := make([][anim.NumSlots]float64, len(s.prev))
	copy(saved, s.prev)
	const steps = 8
	for k := 1; k <= steps; k++ {
		fk := f0 + (f-f0)*float64(k)/steps
		s.follow(f0+(f-f0)*float64(k-1)/steps, fk, depth+1)
		copy(s.prev, s.next)
	}
	copy(s.prev, saved)
}

// jumps reports whether a driven joint's Euler angle moved more than
// maxEulerStep from prev to next.
func (s *solver) jumps() bool {
	for j := range s.skel.Joints {
		if !s.m.Driven[j] || s.id.quat[j] {
			continue
		}
		for k := anim.RotX; k <= anim.RotZ; k++ {
			if math.Abs(s.next[j][k]-s.prev[j][k]) > maxEulerStep {
				return true
			}
		}
	}
	return false
}

// solveAt solves every joint at frame f into next (near prev when
// near), leaving the glTF's world matrices in world.
func (s *solver) solveAt(f float64, near bool) {
	s.src.WorldAt(f/s.fps, s.world)
	anim.Evaluate(s.orig, f, s.pose)
	for _, j := range s.order {
		parent := &rootState
		if p := s.skel.Joints[j].Parent; p >= 0 {
			parent = &s.states[p]
		}
		fl := s.skel.LocalFlags(j, s.pose, s.b)
		var v [anim.NumSlots]float64
		if s.m.Driven[j] && (s.keep == nil || !s.keep[j]) {
			// The target's own values say which of the splits of a
			// scale's signs to take (a scale overshooting through zero
			// to a negative value stays negative), and the first
			// frame's Euler triple (of the two that name each rotation)
			// so that the angles run in the range its keys do.
			o, _ := s.skel.LocalSRT(j, s.pose, s.b)
			prev := &o
			if near {
				prev = &s.prev[j]
			}
			v = s.sp.solve(j, &s.world[s.m.World[j]], s.id.quat[j], fl, parent, prev, &o)
		} else {
			v, _ = s.skel.LocalSRT(j, s.pose, s.b)
		}
		s.next[j] = v
		s.states[j] = s.sp.forward(j, &v, s.id.quat[j], fl, parent)
	}
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
	// ratio[a] is the smallest bound(d)/|d - a| over a's matched
	// descendants d and the frames: the rotation (radians) or relative
	// scale error at a that moves some descendant by its whole bound.
	// bound[a] is the smallest bound of a's subtree.
	ratio := make([]float64, n)
	bound := make([]float64, n)
	for j := range bound {
		ratio[j], bound[j] = math.Inf(1), math.Inf(1)
	}
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
				bound[a] = math.Min(bound[a], bd)
				if l := row[d].Sub(row[a]).Len(); l > 0 {
					ratio[a] = math.Min(ratio[a], bd/l)
				}
			}
		}
	}
	for j := range skel.Joints {
		if math.IsInf(bound[j], 1) {
			bound[j] = 1e-3
		}
		// A leaf (no descendant away from it) moves no joint by turning
		// or scaling, but still the mesh it skins: the export's caps.
		rot, sc := maxRotRad, maxScaleTol
		if !math.IsInf(ratio[j], 1) {
			rot, sc = math.Min(10*maxRotRad, ratio[j]), math.Min(10*maxScaleTol, ratio[j])
		}
		tol.rotDeg[j] = rot * 180 / math.Pi
		tol.trans[j] = bound[j]
		tol.scale[j] = sc
	}
	return tol
}
