// The sampling of smooth curves played LINEAR: a walk in leaves sized by
// the curvature, in place of refine's bisection from the top.

package export

import "math"

// walk appends the samples strictly between candidates a and c where the
// curves are smooth and played LINEAR (hermite): instead of halving the
// interval from the top, it steps from a in leaves of the length the
// last leaf's error predicts, each tested as refine tests an interval
// (needsSplit's midpoint and slope tests on the leaf, with its midpoint
// as a sample); a leaf that fails is halved at its midpoint, which is
// then the end of the leaf tried next. Every pair of neighbouring samples
// is thus half of an interval that passed the same test as refine's, at
// about as many evaluations as the keys need.
func (r *refiner) walk(a, c *poseAt) {
	if c.f-a.f <= r.wmin {
		return
	}
	s := *a
	for s.f < c.f {
		if r.evalsLeft <= 0 {
			r.exhausted = true // as refine: no more samples up to c
			return
		}
		rem := c.f - s.f
		h := r.step
		if h <= 0 || h >= rem {
			h = rem
		}
		if r.maxLeaf > 0 {
			h = min(h, r.maxLeaf)
		}
		k := float64(int(rem/h - 1e-6)) // leaves of rem/k, k rounded up
		if k < rem/h-1e-6 {
			k++
		}
		var e poseAt
		fresh := false // e is a new sample whose slope is yet to estimate
		if k <= 1 {
			e = *c
		} else {
			e = r.eval(s.f+rem/k, &s, false)
			fresh = true
		}
		for depth := 0; ; depth++ {
			span := e.f - s.f
			if span <= r.wmin || depth > maxRefineDepth {
				// A jump: no midpoint, as refine; the leaves after it
				// grow back to the curve's own length.
				r.step, r.kappa = 2*span, 0
				break
			}
			if r.evalsLeft <= 0 {
				r.exhausted = true
				break
			}
			m := r.eval(s.f+span/2, &s, false)
			// The slope at m by the central difference; at a new e
			// one-sided, from the parabola through s, m and e.
			r.leafSlopes(&s, &m, &e, 1/span, fresh)
			ratio := r.leafRatio(&s, &m, &e)
			if ratio <= 1 {
				r.out = append(r.out, m)
				// The leaf's curvature (its error over its length
				// squared), extrapolated from the last leaf's: where
				// it grows, the next leaf is shortened before it fails.
				kappa := ratio / (span * span)
				next := kappa
				if r.kappa > 0 && kappa > 0 {
					next = kappa * max(0.5, min(2, kappa/r.kappa))
				}
				r.kappa = kappa
				r.step = span * max(0.5, min(2, math.Sqrt(walkTarget/(next*span*span))))
				break
			}
			e, fresh = m, false
			r.step, r.kappa = span/2, 0
		}
		if e.f >= c.f {
			return
		}
		r.out = append(r.out, e)
		s = e
	}
}

// walkTarget is the part of the test's limit walk aims a leaf's error
// at: near the limit, for long leaves (few keys); the curvature's
// extrapolation keeps the leaves that fail (and cost an evaluation) few.
const walkTarget = 0.98

// leafRatio is the largest of needsSplit's errors over the active
// channels, each as a part of its limit: the leaf passes at 1 or less.
func (r *refiner) leafRatio(a, m, c *poseAt) float64 {
	worst := 0.0
	// A channel whose error is NaN (a joint under a parent scaled to
	// zero has no local transform) passes, as in needsSplit: the builtin
	// max would make the whole leaf NaN, fail it at every length and
	// crawl through the clip in leaves of wmin.
	worse := func(e float64) {
		if e > worst {
			worst = e
		}
	}
	td := c.f - a.f
	for _, lc := range r.activeChans() {
		j, p := lc.j, lc.p
		inv := lc.inv
		if lc.mode == interpLinear && r.grow != nil {
			inv /= r.grow.at(j, p, a.f, c.f)
		}
		if p == pathR && lc.mode == interpLinear {
			worse(midRotErr(&a.v[j].R, &m.v[j].R, &c.v[j].R) * inv)
		} else {
			worse(r.midErr(j, p, a, m, c) * inv)
		}
		if lc.mode == interpLinear {
			worse(hermiteErr(p, &a.v[j], &a.dout[j], &c.v[j], &c.din[j], td) * inv)
		}
	}
	return worst
}

// leafChan is an active channel as leafRatio tests it: the inverse of
// its limit (splitTol).
type leafChan struct {
	j, p int
	mode interp
	inv  float64
}

// activeChans lists the active channels (made once).
func (r *refiner) activeChans() []leafChan {
	if r.leafChans == nil {
		r.leafChans = []leafChan{}
		for j := range r.active {
			for p := 0; p < numPaths; p++ {
				if r.active[j][p] {
					r.leafChans = append(r.leafChans, leafChan{j, p, r.mode[j][p], 1 / r.splitTol(j, p)})
				}
			}
		}
	}
	return r.leafChans
}

// leafSlopes writes walk's estimates of the active channels' slopes:
// at m the central difference of lo and hi, and with atHi at hi the
// slope of the parabola through lo, m and hi (k the inverse of the span
// from lo to hi). The other channels' slopes are never read.
func (r *refiner) leafSlopes(lo, m, hi *poseAt, k float64, atHi bool) {
	for _, lc := range r.activeChans() {
		j := lc.j
		a, b, c := pathOf(lc.p, &lo.v[j]), pathOf(lc.p, &m.v[j]), pathOf(lc.p, &hi.v[j])
		dm := pathOf(lc.p, &m.dout[j])
		for i := range a {
			dm[i] = (c[i] - a[i]) * k
		}
		if atHi {
			dh := pathOf(lc.p, &hi.dout[j])
			for i := range a {
				dh[i] = (a[i] - 4*b[i] + 3*c[i]) * k
			}
		}
	}
}

// pathOf is path p's components of t.
func pathOf(p int, t *trs) []float64 {
	switch p {
	case pathT:
		return t.T[:]
	case pathS:
		return t.S[:]
	}
	return t.R[:]
}
