package export

import (
	"fmt"
	"math"
	"slices"

	"github.com/animscope/animscope/anim"
)

// nodeChannel is one exported glTF channel of a joint node.
type nodeChannel struct {
	node, path int
	step       bool
	frames     []float64
	values     []float64 // 3 or 4 per key
}

// minJumpFrames is the narrowest interval the refinement splits, in
// frames: two keys this close turn a jump of the game's curve (a J3D
// rotation stepping by one s16 unit, an NW segment boundary) into a
// near-vertical ramp. Longer clips need more to stay distinct as float32
// seconds.
func minJumpFrames(c *anim.Clip) float64 {
	end := float32(c.Duration / c.FPS)
	ulp := float64(math.Nextafter32(end, float32(math.Inf(1))) - end)
	return math.Max(1e-4, 8*ulp*c.FPS)
}

// maxEvalsPerClip bounds the poses one clip may cost (a hostile curve
// that oscillates everywhere); past it the clip is written with what was
// sampled and a warning says the bound may not hold.
const maxEvalsPerClip = 400_000

// bakeJoints samples a joint clip and returns the channels that differ
// from the nodes' rest transforms.
func bakeJoints(s *anim.Skeleton, b *anim.Binding, c *anim.Clip, rootMotion bool, rest []trs) ([]nodeChannel, []string) {
	k := newBaker(s, b, c, rootMotion)
	wmin := minJumpFrames(c)
	cands := candidates(c, c.FPS)
	r := &refiner{k: k, wmin: wmin, evalsLeft: maxEvalsPerClip}
	r.tol = k.tolerances(cands)
	r.step = make([][numPaths]bool, len(s.Joints))
	for j := range r.step {
		for p := 0; p < numPaths; p++ {
			r.step[j][p] = k.stepwise(j, p)
		}
	}
	dense := r.run(cands)
	var warns []string
	if r.exhausted {
		warns = append(warns, fmt.Sprintf("clip %q: stopped refining after %d poses; positions may be off by more than the bound between samples", c.Name, maxEvalsPerClip))
	}
	fixQuatSigns(dense)
	var out []nodeChannel
	for j := range s.Joints {
		for p := 0; p < numPaths; p++ {
			lim := r.tol[j][p] / 2
			static := true
			for i := range dense {
				if pathErr(p, &dense[i].v[j], &rest[j]) > lim {
					static = false
					break
				}
			}
			if static {
				continue
			}
			var keep []int
			if r.step[j][p] {
				keep = keepSteps(dense, j, p, lim)
			} else {
				keep = keepLinear(dense, j, p, lim)
			}
			out = append(out, channelOf(dense, keep, j, p, r.step[j][p]))
		}
	}
	return out, warns
}

// fixQuatSigns makes consecutive rotations of each node lie in the same
// hemisphere, so every player interpolates along the short arc.
func fixQuatSigns(dense []poseAt) {
	for i := 1; i < len(dense); i++ {
		for j := range dense[i].v {
			a, b := dense[i-1].v[j].R, &dense[i].v[j].R
			if a[0]*b[0]+a[1]*b[1]+a[2]*b[2]+a[3]*b[3] < 0 {
				*b = [4]float64{-b[0], -b[1], -b[2], -b[3]}
			}
		}
	}
}

// keepSteps keeps the first sample and every sample whose value differs
// from the last kept one.
func keepSteps(dense []poseAt, j, p int, lim float64) []int {
	keep := []int{0}
	for i := 1; i < len(dense); i++ {
		if pathErr(p, &dense[i].v[j], &dense[keep[len(keep)-1]].v[j]) > lim {
			keep = append(keep, i)
		}
	}
	return keep
}

// maxDropRun bounds how many samples one kept segment may span, so that
// dropping stays linear in the number of samples.
const maxDropRun = 96

// keepLinear keeps the fewest samples (greedily) such that interpolating
// between the kept ones reproduces every dropped sample within lim.
func keepLinear(dense []poseAt, j, p int, lim float64) []int {
	keep := []int{0}
	var tmp trs
	s := 0
	for s < len(dense)-1 {
		e := s + 1
		for e+1 < len(dense) && e+1-s <= maxDropRun {
			ok := true
			cand := e + 1
			for i := s + 1; i < cand; i++ {
				u := (dense[i].f - dense[s].f) / (dense[cand].f - dense[s].f)
				lerpPath(p, &dense[s].v[j], &dense[cand].v[j], u, &tmp)
				if pathErr(p, &tmp, &dense[i].v[j]) > lim {
					ok = false
					break
				}
			}
			if !ok {
				break
			}
			e = cand
		}
		keep = append(keep, e)
		s = e
	}
	return keep
}

func channelOf(dense []poseAt, keep []int, j, p int, step bool) nodeChannel {
	ch := nodeChannel{node: j, path: p, step: step, frames: make([]float64, len(keep))}
	for i, k := range keep {
		ch.frames[i] = dense[k].f
		v := &dense[k].v[j]
		switch p {
		case pathT:
			ch.values = append(ch.values, v.T[:]...)
		case pathR:
			ch.values = append(ch.values, v.R[:]...)
		default:
			ch.values = append(ch.values, v.S[:]...)
		}
	}
	return ch
}

// vecChannel is a channel of plain numbers (a texture transform, a
// colour) addressed by a JSON pointer.
type vecChannel struct {
	pointer string
	step    bool
	frames  []float64
	values  []float64 // dim per key
	dim     int
}

// sampleVec samples fn (dim numbers per frame) over [0, duration]:
// whole frames and the given key frames, refined at midpoints until
// linear interpolation (or, for step, holding) is within tol of every
// component, then reduced to the keys that matter.
func sampleVec(c *anim.Clip, dim int, step bool, tol float64, keys []float64, fn func(f float64, out []float64)) (frames, values []float64) {
	wmin := minJumpFrames(c)
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
	budget := maxEvalsPerClip
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
		for s := 0; s < len(dense)-1; {
			e := s + 1
			for e+1 < len(dense) && e+1-s <= maxDropRun {
				cand, ok := e+1, true
				for i := s + 1; i < cand && ok; i++ {
					u := (dense[i].f - dense[s].f) / (dense[cand].f - dense[s].f)
					for d := range tmp {
						tmp[d] = dense[s].v[d] + (dense[cand].v[d]-dense[s].v[d])*u
					}
					ok = !far(tmp, dense[i].v)
				}
				if !ok {
					break
				}
				e = cand
			}
			keep = append(keep, e)
			s = e
		}
	}
	for _, k := range keep {
		frames = append(frames, dense[k].f)
		values = append(values, dense[k].v...)
	}
	return frames, values
}
