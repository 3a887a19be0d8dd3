package writeback

import (
	"fmt"

	"github.com/animscope/animscope/anim"
)

// passes keeps the best file of the fit passes an import makes. Each pass
// halves the tolerances above a miss (tighten). A pass that does not
// bring the worst miss down by a tenth is meeting the format's own
// precision (J3D rotation steps, BFRES key types), where more keys buy
// nothing: after two such passes fitting stops and the best file, with
// the fewest passes, is kept.
type passes struct {
	best    *Result
	stalled int
}

// take records pass number pass: res with the written file data, its
// verdict v and its key count. It reports whether fitting is done.
func (p *passes) take(res *Result, data []byte, v verdict, keys, pass int, skel *anim.Skeleton) bool {
	cur := *res
	cur.Data, cur.Worst, cur.Passes = data, v.worst, pass
	cur.WorstJoint = jointName(skel, max(v.worstJoint, 0))
	cur.Keys = keys
	return p.keep(cur)
}

// keep records a pass's result cur (Data, Worst and the rest filled
// in) and reports whether fitting is done.
func (p *passes) keep(cur Result) bool {
	if p.best == nil || cur.Worst < 0.9*p.best.Worst {
		p.best, p.stalled = &cur, 0
	} else {
		p.stalled++
	}
	return cur.Worst <= 1 || p.stalled == 2
}

// tighten halves the tolerances of every driven joint above a joint v
// finds over the bound and marks them dirty (to fit again; the rest are
// cleared). A joint kept from the target is fitted after all when its
// subtree misses.
func tighten(v verdict, skel *anim.Skeleton, m *Match, id *ideal, tol *tolerances, dirty []bool) {
	clear(dirty)
	for j, e := range v.perJoint {
		if e <= 1 {
			continue
		}
		for a := j; a >= 0; a = skel.Joints[a].Parent {
			if m.Driven[a] && !dirty[a] {
				id.same[a] = false
				dirty[a] = true
				tol.rotDeg[a] /= 2
				tol.trans[a] /= 2
				tol.scale[a] /= 2
			}
		}
	}
}

// missNote is the note for a best pass still over the bound: when the
// worst joint, or a joint above it, is one the glTF does not animate,
// it plays the target's tracks where the glTF holds it still, and no fit
// can close that; otherwise the fits met the format's limit (why).
func missNote(res *Result, skel *anim.Skeleton, m *Match, why string) string {
	for j := range skel.Joints {
		if jointName(skel, j) != res.WorstJoint {
			continue
		}
		for a := j; a >= 0; a = skel.Joints[a].Parent {
			if a < len(m.Driven) && !m.Driven[a] {
				return fmt.Sprintf("joint %q is %.2f× the bound from the glTF because %q keeps the target's tracks, which the glTF does not animate", res.WorstJoint, res.Worst, jointName(skel, a))
			}
		}
		break
	}
	return fmt.Sprintf("joint %q stays %.2f× the bound from the glTF after %d fits%s", res.WorstJoint, res.Worst, res.Passes, why)
}
