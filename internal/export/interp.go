// How a glTF player plays a channel between two keys, and how far apart
// two values of a path are: the measures the sampling and the key
// reduction hold the channels to. LINEAR is played by slerp (the
// specification) and by the normalised lerp of Blender and assimp
// (slerpArc measures both), CUBICSPLINE as a Hermite cubic.

package export

import "math"

// pathErr is the distance between two values of a path: Euclidean for
// translation, the largest component for scale, the angle for rotations.
func pathErr(p int, a, b *trs) float64 {
	switch p {
	case pathT:
		return math.Sqrt(sq(a.T[0]-b.T[0]) + sq(a.T[1]-b.T[1]) + sq(a.T[2]-b.T[2]))
	case pathS:
		return max(math.Abs(a.S[0]-b.S[0]), math.Abs(a.S[1]-b.S[1]), math.Abs(a.S[2]-b.S[2]))
	default:
		return quatDist(a.R, b.R)
	}
}

// quatDist bounds the angle between two unit quaternions from the chord
// between them (the nearer of q and -q): θ = 4·asin(c/2) ≤ 2.1·c for the
// angles a tolerance compares.
func quatDist(a, b [4]float64) float64 {
	var dp, dm float64
	for i := range a {
		dp += (a[i] - b[i]) * (a[i] - b[i])
		dm += (a[i] + b[i]) * (a[i] + b[i])
	}
	c := math.Sqrt(min(dp, dm))
	if c > 0.5 {
		return quatAngle(a, b)
	}
	return 2.1 * c
}

func sq(x float64) float64 { return x * x }

// quatAngle is the angle of the rotation between two unit quaternions.
func quatAngle(a, b [4]float64) float64 {
	d := math.Abs(a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3])
	if d >= 1 {
		return 0
	}
	return 2 * math.Acos(d)
}

// lerpPath interpolates path p of a and b at u as a glTF player does
// (LINEAR: lerp, slerp for rotations), into out.
func lerpPath(p int, a, b *trs, u float64, out *trs) {
	switch p {
	case pathT:
		for i := range out.T {
			out.T[i] = a.T[i] + (b.T[i]-a.T[i])*u
		}
	case pathS:
		for i := range out.S {
			out.S[i] = a.S[i] + (b.S[i]-a.S[i])*u
		}
	default:
		out.R = Slerp(a.R, b.R, u)
	}
}

// Slerp is glTF's spherical interpolation of unit quaternions along the
// shortest arc (the specification's reference implementation).
func Slerp(a, b [4]float64, u float64) [4]float64 {
	d := a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]
	s := 1.0
	if d < 0 {
		d, s = -d, -1
	}
	var wa, wb float64
	if d > 1-1e-12 {
		wa, wb = 1-u, u
	} else {
		th := math.Acos(d)
		sn := math.Sin(th)
		wa, wb = math.Sin((1-u)*th)/sn, math.Sin(u*th)/sn
	}
	wb *= s
	q := [4]float64{wa*a[0] + wb*b[0], wa*a[1] + wb*b[1], wa*a[2] + wb*b[2], wa*a[3] + wb*b[3]}
	l := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
	return [4]float64{q[0] / l, q[1] / l, q[2] / l, q[3] / l}
}

// Nlerp is how Blender's and assimp's importers play a LINEAR rotation
// channel: each component of the quaternion interpolated on its own,
// the result normalised (a rotation matrix built from it would be).
func Nlerp(a, b [4]float64, u float64) [4]float64 {
	var q [4]float64
	l := 0.0
	for i := range q {
		q[i] = a[i] + (b[i]-a[i])*u
		l += q[i] * q[i]
	}
	l = math.Sqrt(l)
	if l == 0 {
		return a
	}
	return [4]float64{q[0] / l, q[1] / l, q[2] / l, q[3] / l}
}

// interp is a channel's glTF interpolation.
type interp uint8

const (
	interpLinear interp = iota
	interpStep
	interpCubic // CUBICSPLINE with the game curve's own one-sided slopes
)

// hermitePath is glTF's CUBICSPLINE between a (out-slope ad) and c
// (in-slope cd) at u, span td frames; rotations normalised.
func hermitePath(p int, a, ad, c, cd *trs, td, u float64, out *trs) {
	u2, u3 := u*u, u*u*u
	h00, h10, h01, h11 := 2*u3-3*u2+1, (u3-2*u2+u)*td, -2*u3+3*u2, (u3-u2)*td
	switch p {
	case pathT:
		for i := range out.T {
			out.T[i] = h00*a.T[i] + h10*ad.T[i] + h01*c.T[i] + h11*cd.T[i]
		}
	case pathS:
		for i := range out.S {
			out.S[i] = h00*a.S[i] + h10*ad.S[i] + h01*c.S[i] + h11*cd.S[i]
		}
	default:
		l := 0.0
		for i := range out.R {
			out.R[i] = h00*a.R[i] + h10*ad.R[i] + h01*c.R[i] + h11*cd.R[i]
			l += out.R[i] * out.R[i]
		}
		l = math.Sqrt(l)
		for i := range out.R {
			out.R[i] /= l
		}
	}
}

// slerpArc plays a LINEAR rotation between two keys both as the
// specification does (slerp) and as Blender and assimp do (the
// quaternions' components lerped, then normalised), so that the keys are
// measured by the worse of the two: they then hold in both. Two keys in
// opposite hemispheres (where slerp turns the short way round and the
// lerp, without a sign flip, does not) are refused. The two agree at the
// ends and the middle and part most near u = ½ ± √3/6 (for the angles
// between keys, where the gap grows with the cube of the angle); that gap
// is found once per pair of keys, and the slerp's distance from a sample
// is bounded by the lerp's plus the gap.
type slerpArc struct {
	a, b [4]float64
	gap  float64
}

// slerpLerpWorst is where between two keys slerp and the normalised lerp
// part most.
const slerpLerpWorst = 0.5 - 0.28867513459481287 // ½ − √3/6

// init sets up the arc from a to b and reports whether b lies in a's
// hemisphere.
func (s *slerpArc) init(a, b [4]float64) bool {
	d := a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]
	if d < 0 {
		return false
	}
	s.a, s.b = a, b
	// Ω, the angle between the keys as unit vectors: where they part
	// most, the two directions are at most 0.0169·Ω³ apart for Ω ≤ 1
	// (about Ω³/60 for small Ω), which quatDist scales by 2.1. With c the
	// chord between the keys, Ω = 2·asin(c/2) ≤ 1.0472·c for c ≤ 0.95.
	if c := math.Sqrt(sq(a[0]-b[0]) + sq(a[1]-b[1]) + sq(a[2]-b[2]) + sq(a[3]-b[3])); c <= 0.95 {
		omega := 1.0472 * c
		s.gap = 2.1 * 0.0169 * omega * omega * omega
	} else {
		s.gap = quatDist(Slerp(a, b, slerpLerpWorst), Nlerp(a, b, slerpLerpWorst))
	}
	return true
}

// err bounds the larger distance (pathErr) of the slerp and of the
// normalised lerp at u from q.
func (s *slerpArc) err(u float64, q [4]float64) float64 {
	return quatDist(Nlerp(s.a, s.b, u), q) + s.gap
}

// within reports whether err(u, q) ≤ lim, for lim well below a radian
// (the tolerances): the chord between q (or −q) and the normalised lerp
// l/|l| is then at most (lim − gap)/2.1, and its square is
// 2 − 2·|l·q|/|l|, found with one square root.
func (s *slerpArc) within(u float64, q [4]float64, lim float64) bool {
	c := (lim - s.gap) / 2.1
	if c <= 0 {
		return false
	}
	var ll, lq float64
	for i := range q {
		l := s.a[i] + (s.b[i]-s.a[i])*u
		ll += l * l
		lq += l * q[i]
	}
	return 2-2*math.Abs(lq)/math.Sqrt(ll) <= c*c
}

// hermiteErr predicts how far the chord from a to c (span td frames)
// departs from a smooth curve with slopes ad at a and cd at c: the cubic
// through both ends with those slopes, compared with the chord at u = ⅓
// and ⅔, where the two Hermite slope terms peak. A midpoint test alone
// misses a curve that bends one way and then the other (its midpoint on
// the chord); the slopes show it.
func hermiteErr(p int, a, ad, c, cd *trs, td float64) float64 {
	switch p {
	case pathT:
		return hermiteDev(a.T[:], ad.T[:], c.T[:], cd.T[:], td, false)
	case pathS:
		return hermiteDev(a.S[:], ad.S[:], c.S[:], cd.S[:], td, true)
	}
	return 2.1 * hermiteDev(a.R[:], ad.R[:], c.R[:], cd.R[:], td, false) // as quatDist measures a chord
}

// hermiteDev is hermiteErr's departure for one path's components: the
// length of the difference vector, or with top its largest component.
func hermiteDev(av, adv, cv, cdv []float64, td float64, top bool) float64 {
	var sum1, sum2, top1, top2 float64
	itd := 1 / td
	for i := range av {
		s := (cv[i] - av[i]) * itd
		x, y := adv[i]-s, cdv[i]-s
		d1 := td * (4.0/27*x + -2.0/27*y)
		d2 := td * (2.0/27*x + -4.0/27*y)
		sum1, sum2 = sum1+d1*d1, sum2+d2*d2
		top1, top2 = max(top1, math.Abs(d1)), max(top2, math.Abs(d2))
	}
	if top {
		return max(top1, top2)
	}
	return math.Sqrt(max(sum1, sum2))
}

// midRotErr is midErr of a LINEAR rotation from a to c at their midpoint
// m: quatDist of the normalised mean of a and c (their slerp and their
// normalised lerp at ½) from m; keys in opposite hemispheres are refused.
func midRotErr(a, m, c *[4]float64) float64 {
	if a[0]*c[0]+a[1]*c[1]+a[2]*c[2]+a[3]*c[3] < 0 {
		return math.Inf(1)
	}
	x := [4]float64{a[0] + c[0], a[1] + c[1], a[2] + c[2], a[3] + c[3]}
	l := math.Sqrt(x[0]*x[0] + x[1]*x[1] + x[2]*x[2] + x[3]*x[3])
	if l == 0 {
		return math.Inf(1)
	}
	il := 1 / l
	return quatDist([4]float64{x[0] * il, x[1] * il, x[2] * il, x[3] * il}, *m)
}
