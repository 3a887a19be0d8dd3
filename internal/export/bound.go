// The error bound stage: from the promise (PositionBound for joints,
// MeshBound for mesh corners) to a tolerance per node and path
// (baker.tolerances), which the sampling and the key reduction share.

package export

import (
	"math"
	"sort"

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
			above[j] = above[p] + weight[p][pathT] + weight[p][pathR]
			if !k.lay.underChain(j) { // a scale node's scale moves no chain
				above[j] += weight[p][pathS]
			}
		}
	}
	step := max(1, len(frames)/maxTolFrames)
	inv := make([]mgl64.Mat3, n)
	norm := make([]float64, n)
	ident := mgl64.Ident3()
	// The split joints' chain nodes' linear parts, inverted, and their
	// norms (layout.go).
	var chainInv []mgl64.Mat3
	var chainNorm []float64
	if k.lay != nil {
		chainInv, chainNorm = make([]mgl64.Mat3, n), make([]float64, n)
	}
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
		if k.lay != nil {
			k.chainFrames(frames[fi], chainInv, chainNorm)
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
			for j, prev := d, -1; j >= 0; j, prev = k.skel.Joints[j].Parent, j {
				pinv, pnorm := &ident, 1.0
				if p := k.skel.Joints[j].Parent; p >= 0 {
					pinv, pnorm = &inv[p], norm[p]
					if k.lay.underChain(j) {
						pinv, pnorm = &chainInv[p], chainNorm[p]
					}
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
				if prev >= 0 && k.lay.underChain(prev) {
					continue // a scale node's scale moves no chain
				}
				if x := pnorm * inv[j].Mul3x1(diff).Len(); x > 0 {
					tol[j][pathS] = min(tol[j][pathS], w[pathS]*budget/x)
				}
			}
		}
		for d := 0; d < n; d++ {
			wd := mgl64.Vec3{k.world[d][12], k.world[d][13], k.world[d][14]}
			b := PositionBound(wd)
			if k.floor != nil {
				b = min(b, k.floor[d])
			}
			limit(d, wd, b, false)
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

// boundFloor sets, per joint, the smallest PositionBound over the clip
// (floor) and the smallest between each two whole frames (dips). The bound is
// relative to the distance from the origin, and the tolerances are
// measured at maxTolFrames frames spread over the clip: a joint passing
// near the origin between them would be keyed to the larger bound of
// those frames (SMG2 Mario's PartsControl passes through it in two of a
// clip's 630 frames, 30 units from it at the frames measured). The
// joints are posed at every whole frame, and between two the nearest
// point of the chord to the origin stands for the path's. The
// lever arms change with the pose as smoothly as the tolerances' margin
// allows for; the bound near the origin changes thirtyfold in a frame.
func (k *baker) boundFloor(whole []float64) {
	n := len(k.skel.Joints)
	// The frames checkFast posed (seen, in order) are not posed again.
	si := 0
	posed := func(f float64) []mgl64.Vec3 {
		for si < len(k.seen) && k.seen[si].f < f {
			si++
		}
		world := k.world
		if si < len(k.seen) && k.seen[si].f == f {
			world = k.seen[si].world
		} else {
			k.worldAt(f)
		}
		p := make([]mgl64.Vec3, n)
		for j := range p {
			p[j] = mgl64.Vec3{world[j][12], world[j][13], world[j][14]}
		}
		return p
	}
	// nearest is per joint the smallest bound between fa and fb (posed a
	// and b): the chord's, or where a joint moves farther than it is from
	// the origin (its path may swing past the chord's nearest point), the
	// halves'.
	var nearest func(fa, fb float64, a, b []mgl64.Vec3, depth int) []float64
	nearest = func(fa, fb float64, a, b []mgl64.Vec3, depth int) []float64 {
		out := make([]float64, n)
		split := false
		for j := range out {
			near := nearestOnChord(a[j], b[j])
			out[j] = PositionBound(near)
			if d := near.Len(); d > 1 && b[j].Sub(a[j]).Len() > d {
				split = true
			}
		}
		if split && depth < maxDipDepth {
			fm := (fa + fb) / 2
			m := posed(fm)
			lo, hi := nearest(fa, fm, a, m, depth+1), nearest(fm, fb, m, b, depth+1)
			for j := range out {
				out[j] = min(lo[j], hi[j])
			}
		}
		return out
	}
	k.floor = make([]float64, n)
	for j := range k.floor {
		k.floor[j] = math.Inf(1)
	}
	k.dips = dips{frames: whole, b: make([][]float64, max(len(whole)-1, 0))}
	var prev []mgl64.Vec3
	for i, f := range whole {
		cur := posed(f)
		for j, w := range cur {
			k.floor[j] = min(k.floor[j], PositionBound(w))
		}
		if i > 0 {
			k.dips.b[i-1] = nearest(whole[i-1], f, prev, cur, 0)
			for j, b := range k.dips.b[i-1] {
				k.floor[j] = min(k.floor[j], b)
			}
		}
		prev = cur
	}
}

// maxDipDepth bounds the halvings of a frame where boundFloor follows a
// joint's path (to 1/32 of a frame).
const maxDipDepth = 5

// dips is per stretch between consecutive frames and joint the smallest
// bound there (boundFloor).
type dips struct {
	frames []float64
	b      [][]float64
}

// deepest is how many times smaller than edge (per joint, the bounds at
// f0 and f1) some joint's bound gets between f0 and f1 (at least 1).
func (d *dips) deepest(f0, f1 float64, edge []float64) float64 {
	r := 1.0
	// The stretches that overlap (f0, f1): from the last starting at or
	// before f0.
	i0 := max(sort.SearchFloat64s(d.frames, f0)-1, 0)
	for i := i0; i < len(d.b) && d.frames[i] < f1; i++ {
		if d.frames[i+1] <= f0 {
			continue
		}
		for j, b := range d.b[i] {
			if b > 0 && edge[j]/b > r {
				r = edge[j] / b
			}
		}
	}
	return r
}

// nearestOnChord is the point of the segment a–b nearest the origin.
func nearestOnChord(a, b mgl64.Vec3) mgl64.Vec3 {
	d := [3]float64{b[0] - a[0], b[1] - a[1], b[2] - a[2]}
	l2 := d[0]*d[0] + d[1]*d[1] + d[2]*d[2]
	if !(l2 > 0) {
		return a
	}
	t := max(0, min(1, -(a[0]*d[0]+a[1]*d[1]+a[2]*d[2])/l2))
	return mgl64.Vec3{a[0] + t*d[0], a[1] + t*d[1], a[2] + t*d[2]}
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

// chainFrames fills, for each joint the layout splits, the inverse and
// the norm of its chain node's linear part at frame f: the linear part of
// the node it hangs under (its parent's chain node's, or its parent's
// whole matrix; k.world holds the game's at f) turned by its own
// rotation. A rotation changes neither norm nor length, so the parent's
// serve; SoftImage's chains are rotations all the way.
// The linear parts stay in k.chainLin; inv and norm may be nil.
func (k *baker) chainFrames(f float64, inv []mgl64.Mat3, norm []float64) {
	if len(k.chainLin) != len(k.skel.Joints) {
		k.chainLin = make([]mgl64.Mat4, len(k.skel.Joints))
	}
	lin := k.chainLin
	pose, bind := k.posed(f)
	for _, j := range k.order {
		if !k.lay.isSplit(j) {
			continue
		}
		m := mgl64.Ident4()
		if p := k.skel.Joints[j].Parent; p >= 0 {
			m = k.world[p]
			if k.lay.underChain(j) {
				m = lin[p]
			}
		}
		q := k.ownRotation(j, pose, bind)
		lin[j] = m.Mul4(mgl64.Quat{W: q[3], V: mgl64.Vec3{q[0], q[1], q[2]}}.Mat4())
		if inv != nil {
			inv[j] = inverse3(&lin[j])
			norm[j] = spectralNorm3(&lin[j])
		}
	}
}
