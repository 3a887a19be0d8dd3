package writeback

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
)

// checkTargetValues raises miss[j], for each driven joint, to how far
// the target's own values of the joint and of its children put them from the glTF at the frame just solved, given the
// state the joint's parent has in the game.
func (s *solver) checkTargetValues(miss []float64) {
	if s.children == nil {
		s.children = make([][]int, len(s.skel.Joints))
		for j, jt := range s.skel.Joints {
			if jt.Parent >= 0 && s.m.Node[j] >= 0 {
				s.children[jt.Parent] = append(s.children[jt.Parent], j)
			}
		}
	}
	gpos := func(j int) mgl64.Vec3 {
		w := &s.world[s.m.Node[j]]
		return mgl64.Vec3{w[12], w[13], w[14]}
	}
	for j := range s.skel.Joints {
		// A joint without matched children is checked by its own
		// position: markSame lets a miss of 0 call any joint unchanged
		// whose rotation is, though its translation moved it.
		if !s.m.Driven[j] {
			continue
		}
		parent := &rootState
		if p := s.skel.Joints[j].Parent; p >= 0 {
			parent = &s.states[p]
		}
		v, _ := s.skel.LocalSRT(j, s.pose, s.b)
		sj := s.sp.forward(j, &v, s.id.quat[j], s.skel.LocalFlags(j, s.pose, s.b), parent)
		want := gpos(j)
		e := mgl64.Vec3{sj.world[12], sj.world[13], sj.world[14]}.Sub(want).Len() / PositionBound(want)
		for _, c := range s.children[j] {
			vc, _ := s.skel.LocalSRT(c, s.pose, s.b)
			sc := s.sp.forward(c, &vc, s.id.quat[c], s.skel.LocalFlags(c, s.pose, s.b), &sj)
			want := gpos(c)
			e = math.Max(e, mgl64.Vec3{sc.world[12], sc.world[13], sc.world[14]}.Sub(want).Len()/PositionBound(want))
		}
		miss[j] = math.Max(miss[j], e)
	}
}

// onceAFrame reports whether every track of the source is LINEAR or
// STEP with keys at whole frames (at fps) only: the glTF holds its motion
// sampled once per frame, as Blender's glTF export writes an action by
// default. Between its keys such a file is a straight line wherever the
// motion it was sampled from curves, which no key of it can change; a
// joint whose keys all hold the target's values at their frames is one
// the file carries as the target plays it, and keeps the target's curves
// between them. Whether a joint is unchanged is judged at whole frames
// then, and so are the joints that keep the target's tracks.
func (s *Source) onceAFrame(fps float64) bool {
	any := false
	for i := range s.Nodes {
		for _, tr := range s.Nodes[i].tracks {
			if tr == nil {
				continue
			}
			if tr.interp == interpCubic {
				return false
			}
			for _, t := range tr.times {
				if f := t * fps; math.Abs(f-math.Round(f)) > 1e-3 {
					return false
				}
			}
			any = true
		}
	}
	return any
}

// judgeKept has the reference measure the joints that keep the target's
// tracks (same, which the fit passes may still clear) at whole frames
// when the glTF holds its motion once per frame, and returns the note
// that says so.
func (r *reference) judgeKept(same []bool) []string {
	r.same = same
	if !r.wholeOnly || !slices.Contains(same, true) {
		return nil
	}
	return []string{"the glTF holds one key per frame: the joints that keep the target's tracks are held to it at whole frames, and between them play the target's curves, not the glTF's straight lines"}
}

// markSame sets id.same for each driven joint whose original values
// stay near the solved ones at every sample: within sameSlack times the
// tolerances, and for rotations also within one and a half of the
// format's rotation steps (step degrees; the glTF of a J3D clip carries
// the steps the game plays its rotations in, which a fit can only
// match by luck). The target's tracks already play what the glTF shows
// there, so they are kept as they are, exactly, instead of fitted again:
// an edit in Blender refits the bones it moved, not the others. The
// check is generous because verification has the last word: a kept
// joint above a miss is fitted after all.
func (id *ideal) markSame(m *Match, tol *tolerances, step float64) {
	for j, d := range m.Driven {
		if !d {
			continue
		}
		id.same[j] = true
		turn := 0.0
		for i, f := range id.frames {
			if id.wholeOnly && f != math.Floor(f) {
				continue
			}
			ok, angle := id.sameAt(j, i, tol, step)
			turn = math.Max(turn, angle)
			id.same[j] = id.same[j] && ok
		}
		// Where the skeleton's rule shears a joint's world matrix, the
		// glTF holds only the nearest rotation and scale, and the values
		// solved from it differ from the target's though the target
		// plays the glTF: then the positions decide (the joint's and
		// its children's, the target's values against the glTF), with
		// the rotation within maxSameTurn so that a twist, which moves
		// no child, is still an edit.
		if !id.same[j] && id.posMiss[j] <= 0.5 && turn <= maxSameTurn {
			id.same[j] = true
		}
	}
}

// sameSlack is how much looser than the fit the test for an unchanged
// joint is: the export keeps every joint within the bound, but each
// channel of the glTF only about as close as its share of it.
const sameSlack = 4

// maxSameTurn is the largest rotation, in degrees, between the target's
// and the solved values of a joint that the position test may still call
// unchanged.
const maxSameTurn = 2

// sameAt compares joint j's solved and original values at sample i:
// scale and translation slot by slot, the rotation as a rotation (the
// angle between the two), since two Euler triples can name one rotation.
func (id *ideal) sameAt(j, i int, tol *tolerances, step float64) (ok bool, angle float64) {
	ok = true
	var a, b [anim.NumSlots]float64
	for k := range jointSlots {
		a[k], b[k] = id.values[j][k][i], id.origVals[j][k][i]
	}
	for k := range 3 {
		if math.Abs(a[anim.ScaleX+anim.Slot(k)]-b[anim.ScaleX+anim.Slot(k)]) > sameSlack*tol.scale[j] ||
			math.Abs(a[anim.TransX+anim.Slot(k)]-b[anim.TransX+anim.Slot(k)]) > sameSlack*tol.trans[j] {
			ok = false
		}
	}
	ra, rb := trMatrix(&a, id.quat[j], [3]float64{}), trMatrix(&b, id.quat[j], [3]float64{})
	// trace(Raᵀ·Rb) = 1 + 2·cos(angle)
	tr := 0.0
	for c := range 3 {
		for r := range 3 {
			tr += ra[c*4+r] * rb[c*4+r]
		}
	}
	angle = math.Acos(math.Max(-1, math.Min(1, (tr-1)/2))) * 180 / math.Pi
	return ok && angle <= math.Max(sameSlack*tol.rotDeg[j], 1.5*step), angle
}

// keepSolving finds, from id (solved with no joint kept), the driven
// joints the glTF animates as the target does (markSame), and solves the
// others again against the state the kept ones give them in the game,
// which may find more of them unchanged (a chain whose rule shears is
// only judged right from its parent's true state). step is the format's
// rotation step in degrees (0: float rotations).
func keepSolving(id *ideal, src *Source, skel *anim.Skeleton, m *Match, orig *anim.Clip, bind *anim.Binding, frames []float64, step float64) (*ideal, *tolerances) {
	tol := newTolerances(skel, m, id)
	id.markSame(m, tol, step)
	for range 4 {
		keep := id.same
		open, kept := false, false
		for j, d := range m.Driven {
			open = open || d && !keep[j]
			kept = kept || keep[j]
		}
		// Solving again changes nothing unless some joints are kept
		// and some are not.
		if !open || !kept {
			break
		}
		next := solveIdeal(src, skel, m, orig, bind, frames, orig.FPS, keep)
		next.markSame(m, tol, step)
		more := false
		for j := range keep {
			next.same[j] = next.same[j] || keep[j]
			more = more || next.same[j] != keep[j]
		}
		id = next
		if !more {
			break
		}
	}
	return id, tol
}

// sameNote is the note naming the joints (what: "joints", "bones") that
// keep the target's tracks (kept: "tracks", "curves") because the glTF
// animates them as the target does; none when there are none.
func sameNote(skel *anim.Skeleton, same []bool, what, kept string) []string {
	var names []string
	for j, ok := range same {
		if ok {
			names = append(names, jointName(skel, j))
		}
	}
	if len(names) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("%d %s the glTF animates as the target does keep its %s exactly: %s", len(names), what, kept, listNames(names, 6))}
}

// keepsSlot reports whether driven joint j's original values in slot s
// (a scale or translation component) stay within tol of the solved ones
// at every sample: the glTF plays that component as the target does, and
// the target's track serves as well as a fitted one, and keeps its keys.
// (Between a once-a-frame glTF's keys too: the joint is fitted to the
// glTF's straight lines there, which a curved track of the target's
// would leave.)
func (id *ideal) keepsSlot(j int, s anim.Slot, tol float64) bool {
	if id.origVals == nil || len(id.origVals[j][s]) != len(id.frames) || len(id.values[j][s]) != len(id.frames) {
		return false
	}
	for i := range id.frames {
		if math.Abs(id.values[j][s][i]-id.origVals[j][s][i]) > tol {
			return false
		}
	}
	return true
}
