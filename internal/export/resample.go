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

// budgetShare is the part of the bound the resampling may use: half for
// the refinement, half for dropping samples, with a factor for the
// geometry changing between the frames the tolerances are measured at.
const budgetShare = 0.25

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
// evenly over the 3·(depth+1) channels above it. Measured at up to
// maxTolFrames frames spread over the clip.
func (k *baker) tolerances(frames []float64) [][numPaths]float64 {
	n := len(k.skel.Joints)
	tol := make([][numPaths]float64, n)
	for j := range tol {
		tol[j] = [numPaths]float64{math.Inf(1), maxRotTol, maxScaleTol}
	}
	step := max(1, len(frames)/maxTolFrames)
	for fi := 0; fi < len(frames); fi += step {
		k.worldAt(frames[fi])
		for d := 0; d < n; d++ {
			wd := mgl64.Vec3{k.world[d][12], k.world[d][13], k.world[d][14]}
			budget := budgetShare * PositionBound(wd) / float64(3*(k.depth[d]+1))
			for j := d; j >= 0; j = k.skel.Joints[j].Parent {
				var ap mgl64.Mat4
				if p := k.skel.Joints[j].Parent; p >= 0 {
					ap = k.world[p]
				} else {
					ap = mgl64.Ident4()
				}
				norm := frobenius3(&ap)
				tol[j][pathT] = math.Min(tol[j][pathT], budget/norm)
				if j == d {
					continue
				}
				wj := mgl64.Vec3{k.world[j][12], k.world[j][13], k.world[j][14]}
				diff := wd.Sub(wj)
				inv := invAffine(&ap).Mat3()
				if r := norm * inv.Mul3x1(diff).Len(); r > 0 {
					tol[j][pathR] = math.Min(tol[j][pathR], budget/r)
				}
				wjm := k.world[j]
				if x := norm * invAffine(&wjm).Mat3().Mul3x1(diff).Len(); x > 0 {
					tol[j][pathS] = math.Min(tol[j][pathS], budget/x)
				}
			}
		}
	}
	for j := range tol {
		tol[j][pathT] = math.Max(tol[j][pathT], minTransTol)
		tol[j][pathR] = math.Max(tol[j][pathR], minRotTol)
		tol[j][pathS] = math.Max(tol[j][pathS], minScaleTol)
	}
	return tol
}

// maxTolFrames bounds the frames the tolerances are measured at.
const maxTolFrames = 64

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
		return math.Max(math.Abs(a.S[0]-b.S[0]), math.Max(math.Abs(a.S[1]-b.S[1]), math.Abs(a.S[2]-b.S[2])))
	default:
		return quatAngle(a.R, b.R)
	}
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

// sample is the transforms of every node at one frame.
type poseAt struct {
	f float64
	v []trs
}

// dense samples the clip at the candidate frames and, between each pair,
// adds midpoints until every channel interpolates its midpoint within
// half its tolerance (STEP channels: until each interval holds one value),
// or the interval is narrower than wmin (a jump: two keys that close make
// it one). evalBudget caps the evaluations; reaching it is reported.
type refiner struct {
	k         *baker
	tol       [][numPaths]float64
	step      [][numPaths]bool
	wmin      float64
	evalsLeft int
	exhausted bool
	out       []poseAt
	scratch   trs
}

func (r *refiner) eval(f float64) poseAt {
	s := poseAt{f: f, v: make([]trs, len(r.k.skel.Joints))}
	r.k.at(f, s.v)
	r.evalsLeft--
	return s
}

func (r *refiner) needsSplit(a, m, c *poseAt) bool {
	for j := range a.v {
		for p := 0; p < numPaths; p++ {
			lim := r.tol[j][p] / 2
			if r.step[j][p] {
				if pathErr(p, &a.v[j], &m.v[j]) > lim || pathErr(p, &a.v[j], &c.v[j]) > lim {
					return true
				}
				continue
			}
			u := (m.f - a.f) / (c.f - a.f)
			lerpPath(p, &a.v[j], &c.v[j], u, &r.scratch)
			if pathErr(p, &r.scratch, &m.v[j]) > lim {
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
	m := r.eval((a.f + c.f) / 2)
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
	prev := r.eval(cands[0])
	r.out = append(r.out, prev)
	for _, f := range cands[1:] {
		next := r.eval(f)
		r.refine(&prev, &next, 0)
		r.out = append(r.out, next)
		prev = next
	}
	return r.out
}
