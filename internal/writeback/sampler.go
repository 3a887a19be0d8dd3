package writeback

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// eval writes the track's value at time t (seconds) into out (comps
// values), as glTF 2.0's animation sampling defines it: clamped to the
// first and last keys, STEP holding a key's value until the next, LINEAR
// interpolating (rotations by spherical linear interpolation along the
// shorter arc), CUBICSPLINE the Hermite spline of the keys' in- and
// out-tangents scaled by the key interval (rotations normalised after).
func (tr *track) eval(t float64, out []float64) {
	n, c := len(tr.times), tr.comps
	per := 1
	mid := 0 // offset of the value within a key's block
	if tr.interp == interpCubic {
		per, mid = 3, c
	}
	key := func(i int) []float64 { return tr.values[(i*per)*c+mid : (i*per)*c+mid+c] }
	if t <= tr.times[0] || n == 1 {
		copy(out, key(0))
		return
	}
	if t >= tr.times[n-1] {
		copy(out, key(n-1))
		return
	}
	// The last key at or before t (a binary search: this runs for every
	// node at every sample and check frame).
	lo, hi := 0, n-1 // times[lo] <= t < times[hi]
	for hi-lo > 1 {
		if mid := int(uint(lo+hi) >> 1); tr.times[mid] <= t {
			lo = mid
		} else {
			hi = mid
		}
	}
	i := lo
	t0, t1 := tr.times[i], tr.times[i+1]
	u := (t - t0) / (t1 - t0)
	switch tr.interp {
	case interpStep:
		copy(out, key(i))
	case interpLinear:
		a, b := key(i), key(i+1)
		if c == 4 {
			tr.arcsOnce.Do(tr.makeArcs)
			tr.arcs[i].slerp(a, b, u, out)
			return
		}
		for k := range c {
			out[k] = a[k] + (b[k]-a[k])*u
		}
	default:
		d := t1 - t0
		v0, v1 := key(i), key(i+1)
		out0 := tr.values[(i*3+2)*c : (i*3+2)*c+c]    // b_k, key i's out-tangent
		in1 := tr.values[((i+1)*3)*c : ((i+1)*3)*c+c] // a_k+1, key i+1's in-tangent
		u2, u3 := u*u, u*u*u
		h00, h10, h01, h11 := 2*u3-3*u2+1, u3-2*u2+u, -2*u3+3*u2, u3-u2
		for k := range c {
			out[k] = h00*v0[k] + h10*d*out0[k] + h01*v1[k] + h11*d*in1[k]
		}
		if c == 4 {
			q := normQuat([4]float64{out[0], out[1], out[2], out[3]})
			copy(out, q[:])
		}
	}
}

// slerpArc is what spherical linear interpolation between two unit
// quaternions a and b (x, y, z, w) along the shorter arc takes from the
// pair alone: whether b is negated (the shorter arc), whether the two are
// so near that it interpolates linearly, and else the angle between them
// and its sine.
type slerpArc struct {
	neg, lerp bool
	th, s     float64
}

func newSlerpArc(a, b []float64) slerpArc {
	d := a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]
	var arc slerpArc
	if d < 0 {
		d, arc.neg = -d, true
	}
	if d > 1-1e-9 {
		arc.lerp = true
		return arc
	}
	arc.th = math.Acos(d)
	arc.s = math.Sin(arc.th)
	return arc
}

// makeArcs fills arcs, one per key pair of a LINEAR VEC4 track.
func (tr *track) makeArcs() {
	n := len(tr.times)
	tr.arcs = make([]slerpArc, max(n-1, 0))
	for i := range tr.arcs {
		tr.arcs[i] = newSlerpArc(tr.values[i*4:i*4+4], tr.values[(i+1)*4:(i+1)*4+4])
	}
}

// slerp interpolates unit quaternions a and b (x, y, z, w), whose arc
// is arc, along the shorter arc.
func (arc *slerpArc) slerp(a, b []float64, u float64, out []float64) {
	var wa, wb float64
	if arc.lerp {
		wa, wb = 1-u, u
	} else {
		wa, wb = math.Sin((1-u)*arc.th)/arc.s, math.Sin(u*arc.th)/arc.s
	}
	if arc.neg {
		wb *= -1
	}
	q := normQuat([4]float64{wa*a[0] + wb*b[0], wa*a[1] + wb*b[1], wa*a[2] + wb*b[2], wa*a[3] + wb*b[3]})
	copy(out, q[:])
}

// localAt is node i's local matrix at time t (seconds).
func (s *Source) localAt(i int, t float64) mgl64.Mat4 {
	n := &s.Nodes[i]
	if n.HasMatrix {
		return n.Matrix
	}
	tv, rv, sv := n.T, n.R, n.S
	if tr := n.tracks[pathT]; tr != nil {
		tr.eval(t, tv[:])
	}
	if tr := n.tracks[pathR]; tr != nil {
		tr.eval(t, rv[:])
	}
	if tr := n.tracks[pathS]; tr != nil {
		tr.eval(t, sv[:])
	}
	return composeTRS(tv, rv, sv)
}

// composeTRS is T·R·S as a glTF player composes a node.
func composeTRS(t [3]float64, r [4]float64, s [3]float64) mgl64.Mat4 {
	q := mgl64.Quat{W: r[3], V: mgl64.Vec3{r[0], r[1], r[2]}}.Normalize()
	m := q.Mat4()
	for c := 0; c < 3; c++ {
		for r := 0; r < 3; r++ {
			m[c*4+r] *= s[c]
		}
	}
	m[12], m[13], m[14] = t[0], t[1], t[2]
	return m
}

// WorldAt fills out (one matrix per node) with every node's world matrix
// at time t in seconds, as a glTF player poses the scene, each turned to
// its joint's frame where alignRest found a turn.
func (s *Source) WorldAt(t float64, out []mgl64.Mat4) {
	for _, i := range s.order {
		m := s.localAt(i, t)
		if p := s.Nodes[i].Parent; p >= 0 {
			m = out[p].Mul4(m)
		}
		out[i] = m
	}
	// After every node is posed: children follow the glTF's frames.
	for i, f := range s.fix {
		out[i] = out[i].Mul4(f)
	}
}
