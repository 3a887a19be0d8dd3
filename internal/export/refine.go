// The sampling stage: the dense samples of the nodes' transforms
// (refiner), at the candidate frames and wherever interpolating between
// neighbours would miss the game by more than the tolerance.

package export

// poseAt is the transforms of every node at one frame and, when some
// channel is cubic, their derivatives per frame from the left (din) and
// from the right (dout): a game curve with a kink (a linear key, a baked
// frame) or a jump keeps both sides exact.
type poseAt struct {
	f         float64
	v         []trs
	din, dout []trs
}

// refiner is the sampling stage: run takes the candidate frames and
// returns the dense samples the key reduction chooses keys from: the
// candidates and, between each pair, midpoints until every channel
// interpolates its midpoint within its split tolerance (keying.splitTol;
// STEP channels: until each interval holds one value), or the interval
// is narrower than wmin (a jump: two keys that close make it one).
// Smooth curves played LINEAR (hermite) are walked instead (walk).
// evalsLeft caps the evaluations; reaching it is reported (exhausted).
type refiner struct {
	keying
	// at computes the n transforms the refiner follows at a frame (every
	// joint of a skeleton, or one joint).
	at    func(f float64, out []trs)
	n     int
	cubic bool    // some channel is cubic: evaluate slopes
	step  float64 // walk's leaf length for the next leaf
	kappa float64 // the last leaf's error over its length squared
	// leafChans are the active channels (leafRatio's, made once).
	leafChans []leafChan
	// maxLeaf bounds walk's leaves (frames; 0: the candidates do), so
	// that a midpoint test cannot pass by chance over a long span.
	maxLeaf   float64
	evalsLeft int
	exhausted bool
	out       []poseAt
	tmp       []trs
	slabs     *slabs[trs] // storage handed out to poses
}

// newRefiner is the refiner of n nodes posed by at, keyed by ky, with
// the evaluation budget of n nodes; a walk's leaves are no longer than
// the grid of whole frames smooth curves are sampled at.
func newRefiner(at func(f float64, out []trs), n int, ky keying) *refiner {
	r := &refiner{keying: ky, at: at, n: n, evalsLeft: evalBudget(n), cubic: ky.anyCubic()}
	if ky.hermite {
		r.maxLeaf = cubicGrid
	}
	return r
}

// eval samples frame f, its quaternions in the hemisphere of ref's.
// Where the curves may have a kink or a jump (atKey: a candidate frame)
// the slopes from the left and from the right are measured apart; a
// midpoint between samples lies inside the curves' segments, where one
// slope serves both sides.
func (r *refiner) eval(f float64, ref *poseAt, atKey bool) poseAt {
	n := r.n
	per := 1
	if r.cubic || r.hermite {
		per = 2
		if atKey {
			per = 3
		}
	}
	if r.slabs == nil {
		r.slabs = &slabs[trs]{size: slabPoses * 3 * n}
	}
	buf := r.slabs.take(per * n)
	s := poseAt{f: f, v: buf[:n]}
	r.at(f, s.v)
	r.evalsLeft--
	if ref != nil {
		if n == 1 { // alignQuats for one node, without the loop
			a, b := &ref.v[0].R, &s.v[0].R
			if a[0]*b[0]+a[1]*b[1]+a[2]*b[2]+a[3]*b[3] < 0 {
				*b = [4]float64{-b[0], -b[1], -b[2], -b[3]}
			}
		} else {
			alignQuats(s.v, ref.v, nil, nil)
		}
	}
	if r.hermite && !r.cubic && !atKey {
		s.dout = buf[n : 2*n] // the caller estimates it
		s.din = s.dout
		return s
	}
	if !r.cubic && !r.hermite {
		return s
	}
	// One-sided slopes from a step far below wmin, so that the slope
	// next to a jump does not reach across it.
	d := r.wmin / 16
	if len(r.tmp) != n {
		r.tmp = make([]trs, n)
	}
	s.dout = buf[n : 2*n]
	r.at(f+d, r.tmp)
	alignQuats(r.tmp, s.v, nil, nil)
	slope(s.dout, r.tmp, s.v, 1/d)
	s.din = s.dout
	if atKey {
		s.din = buf[2*n : 3*n]
		r.at(f-d, r.tmp)
		alignQuats(r.tmp, s.v, nil, nil)
		slope(s.din, s.v, r.tmp, 1/d)
	}
	return s
}

// evalCand is eval at a candidate frame for walk, measuring the slope
// from the left (in) and from the right (out) only where a leaf ends or
// starts there.
func (r *refiner) evalCand(f float64, ref *poseAt, in, out bool) poseAt {
	if in && out {
		return r.eval(f, ref, true)
	}
	s := r.eval(f, ref, false) // one slope, from the side asked for
	d := r.wmin / 16
	if len(r.tmp) != r.n {
		r.tmp = make([]trs, r.n)
	}
	switch {
	case out:
		r.at(f+d, r.tmp)
		alignQuats(r.tmp, s.v, nil, nil)
		slope(s.dout, r.tmp, s.v, 1/d)
	case in:
		r.at(f-d, r.tmp)
		alignQuats(r.tmp, s.v, nil, nil)
		slope(s.din, s.v, r.tmp, 1/d)
	default:
		clear(s.dout)
	}
	return s
}

// alignQuats negates each rotation of v (and its slopes) whose dot
// product with ref's is negative.
func alignQuats(v, ref, din, dout []trs) {
	for j := range v {
		a, b := ref[j].R, v[j].R
		if a[0]*b[0]+a[1]*b[1]+a[2]*b[2]+a[3]*b[3] < 0 {
			v[j].R = [4]float64{-b[0], -b[1], -b[2], -b[3]}
			if din != nil {
				negR(&din[j])
				negR(&dout[j])
			}
		}
	}
}

func negR(t *trs) { t.R = [4]float64{-t.R[0], -t.R[1], -t.R[2], -t.R[3]} }

// slope writes (hi - lo)·k per component.
func slope(out, hi, lo []trs, k float64) {
	for j := range out {
		for i := range out[j].T {
			out[j].T[i] = (hi[j].T[i] - lo[j].T[i]) * k
			out[j].S[i] = (hi[j].S[i] - lo[j].S[i]) * k
		}
		for i := range out[j].R {
			out[j].R[i] = (hi[j].R[i] - lo[j].R[i]) * k
		}
	}
}

func (r *refiner) needsSplit(a, m, c *poseAt) bool {
	for j := range a.v {
		for p := 0; p < numPaths; p++ {
			if !r.active[j][p] {
				continue
			}
			lim := r.splitTol(j, p)
			if r.mode[j][p] == interpLinear {
				lim *= r.grow.at(j, p, a.f, c.f)
			}
			if r.midErr(j, p, a, m, c) > lim {
				return true
			}
			if r.hermite && r.mode[j][p] == interpLinear && hermiteErr(p, &a.v[j], &a.dout[j], &c.v[j], &c.din[j], c.f-a.f) > lim {
				return true
			}
		}
	}
	return false
}

// refine appends the samples strictly between a and c.
func (r *refiner) refine(a, c *poseAt, depth int) {
	if c.f-a.f <= r.wmin || depth > maxRefineDepth {
		return
	}
	if r.evalsLeft <= 0 {
		r.exhausted = true
		return
	}
	m := r.eval((a.f+c.f)/2, a, false)
	if r.hermite && !r.cubic {
		// The slope at the midpoint, by the central difference (its
		// error shrinks with the square of the span).
		slope(m.dout, c.v, a.v, 1/(c.f-a.f))
	}
	split := r.needsSplit(a, &m, c)
	if split {
		r.refine(a, &m, depth+1)
	}
	r.out = append(r.out, m)
	if split {
		r.refine(&m, c, depth+1)
	}
}

// maxRefineDepth bounds the recursion (2^-40 of a frame is far below
// float32 time resolution).
const maxRefineDepth = 40

func (r *refiner) run(cands []float64) []poseAt {
	if len(cands) == 0 {
		return nil
	}
	if r.out == nil {
		r.out = make([]poseAt, 0, 2*len(cands)) // refinement adds about as many again
	}
	walking := r.hermite && !r.cubic
	at := func(i int, ref *poseAt) poseAt {
		if !walking {
			return r.eval(cands[i], ref, true)
		}
		// walk tests no interval of wmin or less: the slopes there go
		// unused.
		in := i > 0 && cands[i]-cands[i-1] > r.wmin
		out := i+1 < len(cands) && cands[i+1]-cands[i] > r.wmin
		return r.evalCand(cands[i], ref, in, out)
	}
	prev := at(0, nil)
	r.out = append(r.out, prev)
	for i := 1; i < len(cands); i++ {
		next := at(i, &prev)
		if walking {
			r.walk(&prev, &next)
		} else {
			r.refine(&prev, &next, 0)
		}
		r.out = append(r.out, next)
		prev = next
	}
	return r.out
}
