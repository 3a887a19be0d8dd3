package export

import "math"

// interpAt interpolates channel (j, p) between samples a and c at u with
// the channel's interpolation, into out.
func (r *refiner) interpAt(j, p int, a, c *poseAt, u float64, out *trs) {
	switch r.mode[j][p] {
	case interpStep:
		*out = a.v[j]
	case interpCubic:
		hermitePath(p, &a.v[j], &a.dout[j], &c.v[j], &c.din[j], c.f-a.f, u, out)
	default:
		lerpPath(p, &a.v[j], &c.v[j], u, out)
	}
}

// interpErr is how far channel (j, p) interpolated between samples a and
// c is from sample m (for STEP: also whether c holds a's value). A LINEAR
// rotation is measured as linearRotErr does.
func (r *refiner) interpErr(j, p int, a, m, c *poseAt) float64 {
	switch {
	case r.mode[j][p] == interpStep:
		return math.Max(pathErr(p, &a.v[j], &m.v[j]), pathErr(p, &a.v[j], &c.v[j]))
	case r.mode[j][p] == interpLinear && p == pathR:
		var arc slerpArc
		if !arc.init(a.v[j].R, c.v[j].R) {
			return math.Inf(1)
		}
		return arc.err((m.f-a.f)/(c.f-a.f), m.v[j].R)
	}
	r.interpAt(j, p, a, c, (m.f-a.f)/(c.f-a.f), &r.scratch)
	return pathErr(p, &r.scratch, &m.v[j])
}

// midErr is interpErr at the midpoint m of a and c (the refinement's
// test), where the slerp and the normalised lerp of a LINEAR rotation
// agree.
func (r *refiner) midErr(j, p int, a, m, c *poseAt) float64 {
	if r.mode[j][p] != interpLinear || p != pathR {
		return r.interpErr(j, p, a, m, c)
	}
	qa, qc := a.v[j].R, c.v[j].R
	if qa[0]*qc[0]+qa[1]*qc[1]+qa[2]*qc[2]+qa[3]*qc[3] < 0 {
		return math.Inf(1)
	}
	return quatDist(Nlerp(qa, qc, 0.5), m.v[j].R)
}

// splitTol is how far a channel's interpolation may miss a midpoint
// before the refinement splits the interval: half the tolerance, the
// other half left to dropping samples (keepInterp); for LINEAR channels
// tested against their slopes too (hermite), linearSplit of it.
func (r *refiner) splitTol(j, p int) float64 {
	if r.hermite && r.mode[j][p] == interpLinear {
		return r.tol[j][p] * linearSplit
	}
	return r.tol[j][p] / 2
}

// linearSplit is the part of the tolerance splitTol gives such channels.
const linearSplit = 0.75

// linearKeepTol is how far the lerp between kept samples of a LINEAR
// channel may miss the dense samples between them. The refinement left
// each dense interval's midpoint within split of the lerp over the
// interval twice as long; over the halves the curve then bends from the
// chord about a quarter as far (a lerp's error grows with the square of
// the span). Lerps between kept samples differ from the dense ones by at
// most their difference at the dense samples, so that may use the rest.
// (Without the slope test a curve bending both ways passed the midpoint
// test, and real BFRES clips went past the bound between samples.)
func (r *refiner) linearKeepTol(j, p int) float64 {
	return r.tol[j][p] - r.splitTol(j, p)/4
}
