package export

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// The exporter's promise: a glTF player evaluating the file at time t
// shows every joint's world position within PositionBound of what
// `animscope sample --model` computes at frame t·fps.
//
// PositionBound(w) = 1e-3 · max(1, |w|).
func PositionBound(w [3]float64) float64 {
	return 1e-3 * math.Max(1, math.Sqrt(w[0]*w[0]+w[1]*w[1]+w[2]*w[2]))
}

// budgetShare is the part of the bound the resampling may use (split in
// half for the refinement and for dropping samples), with a margin for
// the geometry changing between the frames the tolerances are measured
// at.
const budgetShare = 0.5

// Tolerance clamps per channel (rotation in radians, scale absolute,
// translation relative to the node's size). Rotations of leaves move no
// position, yet stay within 0.06°.
const (
	maxRotTol   = 1e-3
	minRotTol   = 1e-8
	maxScaleTol = 1e-3
	minScaleTol = 1e-8
	minTransTol = 1e-9
)

// tolerances are per node and path: how far the node's local value may
// be off so that no world position under it leaves its share of the
// bound. An error δ in a joint's translation moves everything below it
// by at most ‖A_p‖·δ (A_p the parent's world matrix, ‖·‖ bounded by the
// Frobenius norm); an angle θ in its rotation moves descendant d by at
// most ‖A_p‖·θ·|A_p⁻¹(w_d − w_j)|; a scale error δ by ‖A_p‖·δ·|x_d|, x_d
// the descendant in the joint's frame. Each descendant's share is split
// over the channels that can move it (its ancestors' and its own
// translation; for a mesh corner also its joint's rotation and scale),
// evenly among those that vary
// over the clip; a channel that holds still (baker.varies) is keyed
// exactly (its one value, or none when it is the rest) and takes only
// heldShare of a varying one's part. The corners of the
// exported meshes (meshPts) count as descendants of the joints that
// carry them, with their own bound (MeshBound). Measured at up to
// maxTolFrames frames spread over the clip.
func (k *baker) tolerances(frames []float64) [][numPaths]float64 {
	n := len(k.skel.Joints)
	tol := make([][numPaths]float64, n)
	for j := range tol {
		tol[j] = [numPaths]float64{math.Inf(1), maxRotTol, maxScaleTol}
	}
	// weight[j] is each channel's part of a share; above[j] their sum
	// over j's ancestors.
	weight := make([][numPaths]float64, n)
	above := make([]float64, n)
	for _, j := range k.order {
		for p := range weight[j] {
			weight[j][p] = heldShare
			if k.varies(j, p) {
				weight[j][p] = 1
			}
		}
		if p := k.skel.Joints[j].Parent; p >= 0 {
			above[j] = above[p] + weight[p][pathT] + weight[p][pathR] + weight[p][pathS]
		}
	}
	step := max(1, len(frames)/maxTolFrames)
	inv := make([]mgl64.Mat3, n)
	norm := make([]float64, n)
	ident := mgl64.Ident3()
	for fi, si := 0, 0; fi < len(frames); fi, si = fi+step, si+1 {
		if si < len(k.seen) && k.seen[si].f == frames[fi] {
			copy(k.world, k.seen[si].world)
		} else {
			k.worldAt(frames[fi])
		}
		for j := range inv {
			inv[j] = inverse3(&k.world[j])
			norm[j] = spectralNorm3(&k.world[j])
		}
		// A point at wd carried by joint d (the joint itself, or a
		// corner of the mesh it carries) limits d and its ancestors. The
		// joint's own rotation and scale do not move the joint: only the
		// channels that can move the point share its budget.
		limit := func(d int, wd mgl64.Vec3, bound float64, corner bool) {
			share := above[d] + weight[d][pathT]
			if corner {
				share += weight[d][pathR] + weight[d][pathS]
			}
			budget := budgetShare * bound / share
			for j := d; j >= 0; j = k.skel.Joints[j].Parent {
				pinv, pnorm := &ident, 1.0
				if p := k.skel.Joints[j].Parent; p >= 0 {
					pinv, pnorm = &inv[p], norm[p]
				}
				w := &weight[j]
				tol[j][pathT] = min(tol[j][pathT], w[pathT]*budget/pnorm)
				diff := wd.Sub(mgl64.Vec3{k.world[j][12], k.world[j][13], k.world[j][14]})
				if diff == (mgl64.Vec3{}) {
					continue
				}
				if r := pnorm * pinv.Mul3x1(diff).Len(); r > 0 {
					tol[j][pathR] = min(tol[j][pathR], w[pathR]*budget/r)
				}
				if x := pnorm * inv[j].Mul3x1(diff).Len(); x > 0 {
					tol[j][pathS] = min(tol[j][pathS], w[pathS]*budget/x)
				}
			}
		}
		for d := 0; d < n; d++ {
			wd := mgl64.Vec3{k.world[d][12], k.world[d][13], k.world[d][14]}
			limit(d, wd, PositionBound(wd), false)
		}
		for _, p := range k.meshPts {
			limit(p.joint, k.world[p.joint].Mul4x1(p.local.Vec4(1)).Vec3(), p.bound, true)
		}
	}
	for j := range tol {
		tol[j][pathT] = math.Max(tol[j][pathT], minTransTol)
		tol[j][pathR] = math.Max(tol[j][pathR], minRotTol)
		tol[j][pathS] = math.Max(tol[j][pathS], minScaleTol)
	}
	return tol
}

// heldShare is the part of a descendant's share a channel that holds
// still takes, against 1 for a varying one: its error is only how far its
// one value may lie from the rest before it gets a key.
const heldShare = 1.0 / 64

// maxTolFrames bounds the frames the tolerances are measured at.
const maxTolFrames = 16

// inverse3 inverts the 3×3 part of an affine matrix (a singular one as
// invAffine does).
func inverse3(m *mgl64.Mat4) mgl64.Mat3 {
	a := m.Mat3()
	if d := a.Det(); math.Abs(d) > 1e-300 {
		return a.Inv()
	}
	i := invAffine(m)
	return i.Mat3()
}

// spectralNorm3 is the largest singular value of the 3×3 part (how far
// the matrix stretches a vector): the square root of the largest
// eigenvalue of the symmetric MᵀM, in closed form (the trigonometric
// solution of its characteristic cubic), with a small margin for
// rounding and never above the Frobenius norm, which bounds it.
func spectralNorm3(m *mgl64.Mat4) float64 {
	a := m.Mat3()
	s := a.Transpose().Mul3(a) // column-major; symmetric
	a11, a22, a33 := s[0], s[4], s[8]
	a12, a13, a23 := s[3], s[6], s[7]
	p1 := a12*a12 + a13*a13 + a23*a23
	q := (a11 + a22 + a33) / 3
	var top float64
	if p1 < 1e-30*q*q {
		top = math.Max(a11, math.Max(a22, a33))
	} else {
		p2 := sq(a11-q) + sq(a22-q) + sq(a33-q) + 2*p1
		p := math.Sqrt(p2 / 6)
		b11, b22, b33 := (a11-q)/p, (a22-q)/p, (a33-q)/p
		b12, b13, b23 := a12/p, a13/p, a23/p
		det := b11*(b22*b33-b23*b23) - b12*(b12*b33-b23*b13) + b13*(b12*b23-b22*b13)
		phi := math.Acos(math.Max(-1, math.Min(1, det/2))) / 3
		top = q + 2*p*math.Cos(phi)
	}
	return math.Min(math.Sqrt(math.Max(top, 0))*(1+1e-9)+1e-300, frobenius3(m))
}

func frobenius3(m *mgl64.Mat4) float64 {
	s := 0.0
	for c := 0; c < 3; c++ {
		for r := 0; r < 3; r++ {
			s += m[c*4+r] * m[c*4+r]
		}
	}
	if s == 0 {
		return 1e-12
	}
	return math.Sqrt(s)
}

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

// poseAt is the transforms of every node at one frame and, when some
// channel is cubic, their derivatives per frame from the left (din) and
// from the right (dout): a game curve with a kink (a linear key, a baked
// frame) or a jump keeps both sides exact.
type poseAt struct {
	f         float64
	v         []trs
	din, dout []trs
}

// refiner samples a clip: the candidate frames and, between each pair,
// midpoints until every channel interpolates its midpoint within half its
// tolerance (STEP channels: until each interval holds one value), or the
// interval is narrower than wmin (a jump: two keys that close make it
// one). evalsLeft caps the evaluations; reaching it is reported.
type refiner struct {
	// at computes the n transforms the refiner follows at a frame (every
	// joint of a skeleton, or one joint).
	at     func(f float64, out []trs)
	n      int
	tol    [][numPaths]float64
	mode   [][numPaths]interp
	active [][numPaths]bool // the channel may change (baker.varies)
	cubic  bool             // some channel is cubic: evaluate slopes
	// hermite: the curves are smooth between the candidate frames and
	// the LINEAR channels are also tested against the chord's departure
	// predicted from the slopes at both ends (hermiteErr); the slopes
	// are measured at the candidates and estimated elsewhere (walk).
	hermite bool
	step    float64 // walk's leaf length for the next leaf
	kappa   float64 // the last leaf's error over its length squared
	// leafChans are the active channels (leafRatio's, made once).
	leafChans []leafChan
	// maxLeaf bounds walk's leaves (frames; 0: the candidates do), so
	// that a midpoint test cannot pass by chance over a long span.
	maxLeaf   float64
	wmin      float64
	evalsLeft int
	exhausted bool
	out       []poseAt
	scratch   trs
	tmp       []trs
	slabs     *slabs[trs]     // storage handed out to poses
	keys      *slabs[float64] // storage for the channels (nil: their own)
	keep      []int           // keepInterp's, reused
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

// slabPoses is how many poses' transforms one allocation holds.
const slabPoses = 64

// slabs hands out storage (the poses' transforms, the channels' keys)
// from blocks of size it keeps; reset makes them all free again once
// what was handed out is done with, so that refining one joint after
// another, and baking one clip after another, reuses the storage.
type slabs[T any] struct {
	size   int
	blocks [][]T
	used   int // blocks handed out
	free   []T
}

// take hands out k values (more than size: a block of their own, not
// kept).
func (s *slabs[T]) take(k int) []T {
	if k > s.size {
		return make([]T, k)
	}
	if len(s.free) < k {
		if s.used == len(s.blocks) {
			s.blocks = append(s.blocks, make([]T, s.size))
		}
		s.free = s.blocks[s.used]
		s.used++
	}
	b := s.free[:k:k]
	s.free = s.free[k:]
	return b
}

func (s *slabs[T]) reset() { s.used, s.free = 0, nil }

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

func (r *refiner) needsSplit(a, m, c *poseAt) bool {
	for j := range a.v {
		for p := 0; p < numPaths; p++ {
			if !r.active[j][p] {
				continue
			}
			if r.midErr(j, p, a, m, c) > r.splitTol(j, p) {
				return true
			}
			if r.hermite && r.mode[j][p] == interpLinear && hermiteErr(p, &a.v[j], &a.dout[j], &c.v[j], &c.din[j], c.f-a.f) > r.splitTol(j, p) {
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
	td := c.f - a.f
	for _, lc := range r.activeChans() {
		j, p := lc.j, lc.p
		if p == pathR && lc.mode == interpLinear {
			worst = max(worst, midRotErr(&a.v[j].R, &m.v[j].R, &c.v[j].R)*lc.inv)
		} else {
			worst = max(worst, r.midErr(j, p, a, m, c)*lc.inv)
		}
		if lc.mode == interpLinear {
			worst = max(worst, hermiteErr(p, &a.v[j], &a.dout[j], &c.v[j], &c.din[j], td)*lc.inv)
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
