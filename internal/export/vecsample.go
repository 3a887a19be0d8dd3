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

// vecSampling says how sampleVec samples a track.
type vecSampling struct {
	// dim numbers are sampled per frame; the first keys of them are the
	// track's values (the rest only tell far what the game shows).
	dim, keys int
	// step holds each value until the next key; otherwise LINEAR.
	step bool
	// far reports whether values (interpolated, keys numbers) are too
	// far from a sample exact (dim numbers).
	far func(values, exact []float64) bool
	// minGap is the narrowest interval the refinement splits, in frames
	// (at least the clip's jump resolution, minJumpFrames).
	minGap float64
	// keyFrames are the curves' own key frames: kinks and jumps.
	keyFrames []float64
}

// componentsFar is the plain tolerance: some value off by more than
// tol/2.
func componentsFar(tol float64) func(values, exact []float64) bool {
	return func(a, b []float64) bool {
		for i := range a {
			if math.Abs(a[i]-b[i]) > tol/2 {
				return true
			}
		}
		return false
	}
}

// vecSample is one sample: nominal frame f, the frame x its float32 key
// time stands for (what a player interpolates with), the numbers v.
type vecSample struct {
	f, x float64
	v    []float64
}

// sampleVec samples fn over [0, duration]: whole frames and the key
// frames (each with the frame just before it), refined until
// interpolation (or, for step, holding) stays close (o.far) to the track
// at the midpoint and quarter points of every interval — a midpoint
// alone misses an S-shaped Hermite, whose chord crosses it there — or
// the interval is narrower than the minimum gap, then reduced to the
// keys that matter.
//
// A LINEAR track is sampled where its keys will play: at the frame of
// each key's float32 time, which on a long clip lies up to a
// thousandth of a frame before the nominal frame. A key there holding
// the nominal frame's value would shift the whole segment by that much,
// off by slope × shift wherever the track moves fast. The end (held past
// the last key) keeps its own value, and a key frame (a kink or a jump)
// the value of the segment after it, each with a key one float32 step
// before.
func sampleVec(c *anim.Clip, o vecSampling, fn func(f float64, out []float64)) (frames, values []float64) {
	wmin := math.Max(minJumpFrames(c), o.minGap)
	n := int(math.Floor(c.Duration))
	var cands []float64
	for i := 0; i <= n; i++ {
		cands = append(cands, float64(i))
	}
	cands = append(cands, c.Duration)
	isKey := map[float64]bool{}
	for _, k := range o.keyFrames {
		if k > 0 && k < c.Duration {
			cands = append(cands, k, justBefore(k, c.FPS))
			isKey[k] = true
		}
	}
	if !o.step && c.Duration > 0 {
		cands = append(cands, justBefore(c.Duration, c.FPS))
	}
	slices.Sort(cands)
	cands = dedupeTimes(cands, c.FPS)
	// The step to the right of each key frame that measures the track's
	// slope there: short of the next candidate, so it stays on the key's
	// own segment.
	right := map[float64]float64{}
	for i, f := range cands {
		if isKey[f] && i+1 < len(cands) {
			right[f] = math.Min(wmin, (cands[i+1]-f)/2)
		}
	}
	stored := func(f float64) float64 { return float64(secs32(f, c.FPS)) * c.FPS }
	raw := func(f float64) []float64 {
		v := make([]float64, o.dim)
		fn(f, v)
		return v
	}
	eval := func(f float64) vecSample {
		x := stored(f)
		if o.step || x == f || f == c.Duration {
			// STEP keys and the last key hold their frame's value from
			// their time on.
			return vecSample{f, x, raw(f)}
		}
		if h := right[f]; h > 0 {
			// A key frame may be a kink or a jump: the key at x takes
			// the value of the segment after the key frame, extended
			// back from it; its partner one float32 step before holds
			// the segment before, so only that step's ramp is off.
			v, next := raw(f), raw(f+h)
			for i := range v {
				v[i] -= (next[i] - v[i]) * (f - x) / h
			}
			return vecSample{f, x, v}
		}
		return vecSample{f, x, raw(x)}
	}
	lerp := func(dst []float64, a, b vecSample, x float64) []float64 {
		u := (x - a.x) / (b.x - a.x)
		for i := range dst {
			dst[i] = a.v[i] + (b.v[i]-a.v[i])*u
		}
		return dst
	}
	tmp := make([]float64, o.keys)
	// off reports whether the interval a..b misses sample m.
	off := func(a, b, m vecSample) bool {
		if o.step {
			return o.far(a.v[:o.keys], m.v)
		}
		return o.far(lerp(tmp, a, b, m.x), m.v)
	}
	budget := evalBudget(1)
	var dense []vecSample
	var refine func(a, b vecSample, depth int)
	refine = func(a, b vecSample, depth int) {
		if b.f-a.f <= wmin || depth > maxRefineDepth || budget <= 0 {
			return
		}
		m := eval((a.f + b.f) / 2)
		budget--
		split := off(a, b, m) || (o.step && o.far(a.v[:o.keys], b.v))
		var q1, q3 vecSample
		if !split {
			q1, q3 = eval((a.f+m.f)/2), eval((m.f+b.f)/2)
			budget -= 2
			split = off(a, b, q1) || off(a, b, q3)
		}
		if split {
			refine(a, m, depth+1)
			dense = append(dense, m)
			refine(m, b, depth+1)
			return
		}
		dense = append(dense, q1, m, q3)
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
	if o.step {
		for i := 1; i < len(dense); i++ {
			if o.far(dense[keep[len(keep)-1]].v[:o.keys], dense[i].v) {
				keep = append(keep, i)
			}
		}
	} else {
		keep = greedyKeep(nil, len(dense), true, func(s, e int) bool {
			for i := s + 1; i < e; i++ {
				if off(dense[s], dense[e], dense[i]) {
					return false
				}
			}
			return true
		})
	}
	for _, k := range keep {
		frames = append(frames, dense[k].f)
		values = append(values, dense[k].v[:o.keys]...)
	}
	return frames, values
}
