package export

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// eulerQuat is the quaternion of Rz·Ry·Rx (degrees), the order of J3D and
// NW4F.
func eulerQuat(x, y, z float64) [4]float64 {
	const half = math.Pi / 360
	sx, cx := math.Sincos(x * half)
	sy, cy := math.Sincos(y * half)
	sz, cz := math.Sincos(z * half)
	// qz·qy·qx
	return [4]float64{
		cz*cy*sx - sz*sy*cx,
		cz*sy*cx + sz*cy*sx,
		sz*cy*cx - cz*sy*sx,
		cz*cy*cx + sz*sy*sx,
	}
}

// composeTRS is T·R·S as a matrix.
func composeTRS(v trs) mgl64.Mat4 {
	r := mgl64.Quat{W: v.R[3], V: mgl64.Vec3{v.R[0], v.R[1], v.R[2]}}.Mat4()
	for c := 0; c < 3; c++ {
		for row := 0; row < 3; row++ {
			r[c*4+row] *= v.S[c]
		}
	}
	r[12], r[13], r[14] = v.T[0], v.T[1], v.T[2]
	return r
}

// invAffine inverts an affine matrix; a singular one (a zero scale) gets
// its degenerate axes replaced by tiny ones, so the children's offsets
// stay finite.
func invAffine(m *mgl64.Mat4) mgl64.Mat4 {
	if d := m.Mat3().Det(); math.Abs(d) > 1e-300 {
		return m.Inv()
	}
	n := *m
	for c := 0; c < 3; c++ {
		if n[c*4]*n[c*4]+n[c*4+1]*n[c*4+1]+n[c*4+2]*n[c*4+2] < 1e-24 {
			n[c*4+c] = 1e-12
		}
	}
	return n.Inv()
}

// splitTRS splits an affine matrix into T, R, S: S the column lengths, R
// the Gram-Schmidt orthonormalisation of the columns (exact when the
// matrix has no shear), a mirror put into the z scale. A zero column (a
// joint scaled to zero along an axis) says nothing about its axis'
// direction, yet the rotation still turns the other axes and, through
// them, the children: the columns that have a length are taken first
// (in order, so a matrix without zero columns splits as before), an axis
// the others fix (one zero column) is their cross product, and axes
// nothing fixes (two or three zero columns) are hint's — the joint's own
// rotation in the game — made orthogonal to the fixed ones.
func splitTRS(m mgl64.Mat4, hint [4]float64) trs {
	var out trs
	out.T = [3]float64{m[12], m[13], m[14]}
	var cols [3]mgl64.Vec3
	longest := 0.0
	for c := 0; c < 3; c++ {
		cols[c] = mgl64.Vec3{m[c*4], m[c*4+1], m[c*4+2]}
		out.S[c] = cols[c].Len()
		longest = math.Max(longest, out.S[c])
	}
	var u [3]mgl64.Vec3
	var have [3]bool
	fixed := 0
	for c := 0; c < 3; c++ {
		if out.S[c] <= 1e-12*math.Max(1, longest) {
			continue
		}
		col := cols[c]
		for p := 0; p < c; p++ {
			if have[p] {
				col = col.Sub(u[p].Mul(u[p].Dot(col)))
			}
		}
		if l := col.Len(); l > 1e-12*math.Max(1, out.S[c]) {
			u[c], have[c] = col.Mul(1/l), true
			fixed++
		}
	}
	mirror := fixed == 3 && u[0].Cross(u[1]).Dot(u[2]) < 0
	h := mgl64.Quat{W: hint[3], V: mgl64.Vec3{hint[0], hint[1], hint[2]}}.Mat4()
	for c := 0; c < 3 && fixed < 2; c++ {
		if have[c] {
			continue
		}
		col := mgl64.Vec3{h[c*4], h[c*4+1], h[c*4+2]}
		for p := 0; p < 3; p++ {
			if have[p] {
				col = col.Sub(u[p].Mul(u[p].Dot(col)))
			}
		}
		if l := col.Len(); l > 1e-6 {
			u[c], have[c] = col.Mul(1/l), true
			fixed++
		}
	}
	if fixed < 2 { // the hint along the one fixed axis: any other will do
		f := 0
		for !have[f] {
			f++
		}
		c := (f + 1) % 3
		u[c], have[c] = perpendicular(u[f]), true
	}
	for c := 0; c < 3; c++ {
		if !have[c] {
			u[c] = u[(c+1)%3].Cross(u[(c+2)%3])
		}
	}
	if mirror {
		u[2] = u[2].Mul(-1)
		out.S[2] = -out.S[2]
	}
	out.R = quatFromBasis(u)
	return out
}

// perpendicular returns a unit vector orthogonal to the unit vector v.
func perpendicular(v mgl64.Vec3) mgl64.Vec3 {
	for _, a := range []mgl64.Vec3{{0, 1, 0}, {0, 0, 1}, {1, 0, 0}} {
		w := a.Sub(v.Mul(v.Dot(a)))
		if l := w.Len(); l > 1e-6 {
			return w.Mul(1 / l)
		}
	}
	return mgl64.Vec3{1, 0, 0} // unreachable for a unit v
}

// quatFromBasis converts an orthonormal right-handed basis (the columns
// of a rotation matrix) to a unit quaternion (Shepperd's method).
func quatFromBasis(u [3]mgl64.Vec3) [4]float64 {
	m00, m10, m20 := u[0][0], u[0][1], u[0][2]
	m01, m11, m21 := u[1][0], u[1][1], u[1][2]
	m02, m12, m22 := u[2][0], u[2][1], u[2][2]
	var q [4]float64
	switch tr := m00 + m11 + m22; {
	case tr > 0:
		s := math.Sqrt(tr+1) * 2
		q = [4]float64{(m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, s / 4}
	case m00 > m11 && m00 > m22:
		s := math.Sqrt(1+m00-m11-m22) * 2
		q = [4]float64{s / 4, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s}
	case m11 > m22:
		s := math.Sqrt(1+m11-m00-m22) * 2
		q = [4]float64{(m01 + m10) / s, s / 4, (m12 + m21) / s, (m02 - m20) / s}
	default:
		s := math.Sqrt(1+m22-m00-m11) * 2
		q = [4]float64{(m02 + m20) / s, (m12 + m21) / s, s / 4, (m10 - m01) / s}
	}
	l := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
	return [4]float64{q[0] / l, q[1] / l, q[2] / l, q[3] / l}
}
