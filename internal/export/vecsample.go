// The sampling of texture SRT and colour tracks: candidates, refinement
// and reduction for tracks of plain numbers played LINEAR or STEP, in
// one function (their tolerance is absolute, with no hierarchy under
// them).

package export

import (
	"math"
	"slices"

	"github.com/animscope/animscope/anim"
)

// sampleVec samples fn (dim numbers per frame) over [0, duration]:
// whole frames and the given key frames (each with the frame just before
// it), refined at midpoints until linear interpolation (or, for step,
// holding) is within tol of every component or the interval is narrower
// than minGap, then reduced to the keys that matter.
func sampleVec(c *anim.Clip, dim int, step bool, tol, minGap float64, keys []float64, fn func(f float64, out []float64)) (frames, values []float64) {
	wmin := math.Max(minJumpFrames(c), minGap)
	n := int(math.Floor(c.Duration))
	var cands []float64
	for i := 0; i <= n; i++ {
		cands = append(cands, float64(i))
	}
	cands = append(cands, c.Duration)
	for _, k := range keys {
		if k > 0 && k < c.Duration {
			cands = append(cands, k, justBefore(k, c.FPS))
		}
	}
	slices.Sort(cands)
	cands = dedupeTimes(cands, c.FPS)
	type vs struct {
		f float64
		v []float64
	}
	eval := func(f float64) vs {
		v := make([]float64, dim)
		fn(f, v)
		return vs{f, v}
	}
	far := func(a, b []float64) bool {
		for i := range a {
			if math.Abs(a[i]-b[i]) > tol/2 {
				return true
			}
		}
		return false
	}
	budget := evalBudget(1)
	var dense []vs
	var refine func(a, b vs, depth int)
	refine = func(a, b vs, depth int) {
		if b.f-a.f <= wmin || depth > maxRefineDepth || budget <= 0 {
			return
		}
		m := eval((a.f + b.f) / 2)
		budget--
		split := false
		if step {
			split = far(a.v, m.v) || far(a.v, b.v)
		} else {
			mid := make([]float64, dim)
			for i := range mid {
				mid[i] = (a.v[i] + b.v[i]) / 2
			}
			split = far(mid, m.v)
		}
		if split {
			refine(a, m, depth+1)
		}
		dense = append(dense, m)
		if split {
			refine(m, b, depth+1)
		}
	}
	prev := eval(cands[0])
	dense = append(dense, prev)
	for _, f := range cands[1:] {
		next := eval(f)
		refine(prev, next, 0)
		dense = append(dense, next)
		prev = next
	}
	keep := []int{0}
	if step {
		for i := 1; i < len(dense); i++ {
			if far(dense[i].v, dense[keep[len(keep)-1]].v) {
				keep = append(keep, i)
			}
		}
	} else {
		tmp := make([]float64, dim)
		keep = greedyKeep(nil, len(dense), true, func(s, e int) bool {
			for i := s + 1; i < e; i++ {
				u := (dense[i].f - dense[s].f) / (dense[e].f - dense[s].f)
				for d := range tmp {
					tmp[d] = dense[s].v[d] + (dense[e].v[d]-dense[s].v[d])*u
				}
				if far(tmp, dense[i].v) {
					return false
				}
			}
			return true
		})
	}
	for _, k := range keep {
		frames = append(frames, dense[k].f)
		values = append(values, dense[k].v...)
	}
	return frames, values
}
