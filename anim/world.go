package anim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// World computes every joint's world matrix (model matrix = identity) for
// a clip pose bound with b; pose and b may be nil for the rest pose. out
// must have one matrix per joint. It allocates nothing.
//
// The composition follows s.Mode exactly as the games do it (JSystem
// J3DMtxCalcBasic / J3DMtxCalcSoftimage / J3DMtxCalcMaya; see
// formats/j3d/testdata/j3dmodel/README.fixtures.md):
//   - J3DBasic: world = parentWorld · T·Rz·Ry·Rx·S, except that a joint's
//     own S is skipped when the product of the scales from the root down
//     to it (itself included, in float32 like the game) is exactly 1.
//   - J3DSoftImage: the chain passed to children is parentChain ·
//     T'·R with T' = T times the accumulated scale of the ancestors; a
//     joint's own matrix is its chain · diag(accumulated scale, itself
//     included).
//   - J3DMaya: world = parentWorld · T·R·S, and with ScaleCompensate the
//     rows of the 3×3 part are divided by the parent's local scale (the
//     posed one when the clip drives the parent; 1 for a root).
//   - Standard: world = parentWorld · T·R·S, with scale compensation as
//     J3DMaya.
//   - G3dNoScale, G3dStandard, G3dMaya, G3dSoftimage: NintendoWare G3d
//     (BFRES), see worldG3d.
func (s *Skeleton) World(pose *Pose, b *Binding, out []mgl64.Mat4) {
	if s.order == nil && len(s.Joints) > 0 {
		panic("anim: Skeleton.World before Finish")
	}
	_ = out[:len(s.Joints)] // one bounds check: out must hold every joint
	switch s.Mode {
	case J3DBasic:
		s.worldBasic(pose, b, out)
	case J3DSoftImage:
		s.worldSoftImage(pose, b, out)
	case G3dNoScale, G3dStandard, G3dMaya, G3dSoftimage:
		s.worldG3d(pose, b, out)
	default:
		s.worldTRS(pose, b, out)
	}
}

// The accumulated scale of Basic and SoftImage is needed by each joint's
// children only. Rather than scratch memory (which would make World either
// allocate or unsafe to call concurrently on one Skeleton), it travels in
// the bottom row of the joint's own out matrix — elements [3], [7], [11],
// which are always 0 for these affine matrices — and is cleared once every
// joint is done. Every product below is affine and ignores that row.

func stashScale(m *mgl64.Mat4, acc [3]float32) {
	m[3], m[7], m[11] = float64(acc[0]), float64(acc[1]), float64(acc[2])
}

func stashedScale(m *mgl64.Mat4) [3]float32 {
	return [3]float32{float32(m[3]), float32(m[7]), float32(m[11])}
}

func (s *Skeleton) clearStash(out []mgl64.Mat4) {
	for j := range s.Joints {
		out[j][3], out[j][7], out[j][11] = 0, 0, 0
	}
}

// accumulate multiplies the parent's accumulated scale by the joint's own
// in float32, as the game does (J3DSys::mCurrentS is a float32 Vec), so
// that the exact comparison with 1 decides the same way.
func accumulate(parent [3]float32, v *[NumSlots]float64) [3]float32 {
	return [3]float32{
		float32(parent[0] * float32(v[ScaleX])),
		float32(parent[1] * float32(v[ScaleY])),
		float32(parent[2] * float32(v[ScaleZ])),
	}
}

func isOne(a [3]float32) bool { return a[0] == 1 && a[1] == 1 && a[2] == 1 }

func (s *Skeleton) worldBasic(pose *Pose, b *Binding, out []mgl64.Mat4) {
	var scratch [NumSlots]float64
	for _, j := range s.order {
		v, quat, _ := s.local(j, pose, b, &scratch)
		acc := [3]float32{1, 1, 1} // the model's base scale
		p := s.Joints[j].Parent
		if p >= 0 {
			acc = stashedScale(&out[p])
		}
		acc = accumulate(acc, v)
		local := translateRotate(v, quat, 1, 1, 1)
		if !isOne(acc) {
			scaleColumns(&local, v[ScaleX], v[ScaleY], v[ScaleZ])
		}
		if p >= 0 {
			out[j] = mulAffine(&out[p], &local)
		} else {
			out[j] = local
		}
		stashScale(&out[j], acc)
	}
	s.clearStash(out)
}

func (s *Skeleton) worldSoftImage(pose *Pose, b *Binding, out []mgl64.Mat4) {
	// First pass: out[j] holds the joint's chain (no scale), which its
	// children extend; second pass: the joint's own matrix.
	var scratch [NumSlots]float64
	for _, j := range s.order {
		v, quat, _ := s.local(j, pose, b, &scratch)
		acc := [3]float32{1, 1, 1}
		p := s.Joints[j].Parent
		if p >= 0 {
			acc = stashedScale(&out[p])
		}
		local := translateRotate(v, quat, float64(acc[0]), float64(acc[1]), float64(acc[2]))
		if p >= 0 {
			out[j] = mulAffine(&out[p], &local)
		} else {
			out[j] = local
		}
		stashScale(&out[j], accumulate(acc, v))
	}
	for j := range s.Joints {
		acc := stashedScale(&out[j])
		scaleColumns(&out[j], float64(acc[0]), float64(acc[1]), float64(acc[2]))
	}
	s.clearStash(out)
}

// worldTRS is Maya and Standard: T·R·S per joint, with scale
// compensation where a joint asks for it.
func (s *Skeleton) worldTRS(pose *Pose, b *Binding, out []mgl64.Mat4) {
	var scratch, parentScratch [NumSlots]float64
	for _, j := range s.order {
		v, quat, _ := s.local(j, pose, b, &scratch)
		local := translateRotate(v, quat, 1, 1, 1)
		scaleColumns(&local, v[ScaleX], v[ScaleY], v[ScaleZ])
		p := s.Joints[j].Parent
		if s.Joints[j].ScaleCompensate && p >= 0 {
			// The game keeps the parent's local scale in J3DSys::mParentS;
			// for a root it is (1, 1, 1), so roots need nothing.
			pv, _, _ := s.local(p, pose, b, &parentScratch)
			scaleRows(&local, 1/pv[ScaleX], 1/pv[ScaleY], 1/pv[ScaleZ])
		}
		if p >= 0 {
			out[j] = mulAffine(&out[p], &local)
		} else {
			out[j] = local
		}
	}
}

// translateRotate returns T·R for a local SRT, the translation multiplied
// component-wise by (tx, ty, tz) (SoftImage's accumulated parent scale).
func translateRotate(v *[NumSlots]float64, quat bool, tx, ty, tz float64) mgl64.Mat4 {
	r := rotation(v, quat)
	return mgl64.Mat4{
		r[0], r[1], r[2], 0,
		r[3], r[4], r[5], 0,
		r[6], r[7], r[8], 0,
		v[TransX] * tx, v[TransY] * ty, v[TransZ] * tz, 1,
	}
}

// scaleColumns right-multiplies the 3×3 part by diag(x, y, z).
func scaleColumns(m *mgl64.Mat4, x, y, z float64) {
	m[0], m[1], m[2] = m[0]*x, m[1]*x, m[2]*x
	m[4], m[5], m[6] = m[4]*y, m[5]*y, m[6]*y
	m[8], m[9], m[10] = m[8]*z, m[9]*z, m[10]*z
}

// scaleRows left-multiplies the 3×3 part by diag(x, y, z), leaving the
// translation alone (the game's scale compensation touches only the 3×3).
func scaleRows(m *mgl64.Mat4, x, y, z float64) {
	m[0], m[4], m[8] = m[0]*x, m[4]*x, m[8]*x
	m[1], m[5], m[9] = m[1]*y, m[5]*y, m[9]*y
	m[2], m[6], m[10] = m[2]*z, m[6]*z, m[10]*z
}

// mulAffine returns a·b for affine matrices, treating both bottom rows as
// (0, 0, 0, 1) whatever they hold (see stashScale).
func mulAffine(a, b *mgl64.Mat4) mgl64.Mat4 {
	var m mgl64.Mat4
	for c := 0; c < 4; c++ {
		b0, b1, b2 := b[c*4], b[c*4+1], b[c*4+2]
		m[c*4] = a[0]*b0 + a[4]*b1 + a[8]*b2
		m[c*4+1] = a[1]*b0 + a[5]*b1 + a[9]*b2
		m[c*4+2] = a[2]*b0 + a[6]*b1 + a[10]*b2
	}
	m[12] += a[12]
	m[13] += a[13]
	m[14] += a[14]
	m[15] = 1
	return m
}

// rotation returns the 3x3 rotation (column-major) of a local SRT.
func rotation(v *[NumSlots]float64, quat bool) mgl64.Mat3 {
	if quat {
		q := mgl64.Quat{W: v[QuatW], V: mgl64.Vec3{v[QuatX], v[QuatY], v[QuatZ]}}
		if l := q.Len(); l > 0 {
			q = q.Scale(1 / l)
		} else {
			q = mgl64.QuatIdent()
		}
		return q.Mat4().Mat3()
	}
	return EulerZYX(degToRad(v[RotX]), degToRad(v[RotY]), degToRad(v[RotZ]))
}

// EulerZYX is Rz·Ry·Rx, the rotation order of J3D and NW4F.
func EulerZYX(x, y, z float64) mgl64.Mat3 {
	sx, cx := math.Sincos(x)
	sy, cy := math.Sincos(y)
	sz, cz := math.Sincos(z)
	// Column-major: element (row r, col c) at [c*3+r].
	return mgl64.Mat3{
		cy * cz, cy * sz, -sy,
		sx*sy*cz - cx*sz, sx*sy*sz + cx*cz, sx * cy,
		cx*sy*cz + sx*sz, cx*sy*sz - sx*cz, cx * cy,
	}
}

// DecomposeSRT splits an affine matrix (a World result) into scale,
// Euler rotation in degrees (Rz·Ry·Rx, as joints store it) and
// translation, for showing a joint's world transform. Scale is each
// column's length; a matrix with shear (Maya scale compensation under a
// non-uniform parent scale, or SoftImage) has no exact SRT, and the
// rotation is then that of the normalised columns.
func DecomposeSRT(m mgl64.Mat4) (scale, rotationDeg, translation [3]float64) {
	var r [3][3]float64 // r[row][col]
	for c := 0; c < 3; c++ {
		x, y, z := m[c*4], m[c*4+1], m[c*4+2]
		scale[c] = math.Sqrt(x*x + y*y + z*z)
		if scale[c] != 0 {
			x, y, z = x/scale[c], y/scale[c], z/scale[c]
		}
		r[0][c], r[1][c], r[2][c] = x, y, z
	}
	// A mirrored basis: put the reflection into the x scale so the rest
	// is a rotation.
	det := r[0][0]*(r[1][1]*r[2][2]-r[1][2]*r[2][1]) - r[0][1]*(r[1][0]*r[2][2]-r[1][2]*r[2][0]) + r[0][2]*(r[1][0]*r[2][1]-r[1][1]*r[2][0])
	if det < 0 {
		scale[0] = -scale[0]
		r[0][0], r[1][0], r[2][0] = -r[0][0], -r[1][0], -r[2][0]
	}
	// R = Rz·Ry·Rx: r20 = -sin y, r21 = cos y sin x, r22 = cos y cos x,
	// r10 = cos y sin z, r00 = cos y cos z.
	sy := math.Max(-1, math.Min(1, -r[2][0]))
	y := math.Asin(sy)
	var x, z float64
	if math.Abs(sy) < 1-1e-12 {
		x = math.Atan2(r[2][1], r[2][2])
		z = math.Atan2(r[1][0], r[0][0])
	} else {
		// Gimbal lock: only x - z (or x + z) is defined; report it as z.
		z = math.Atan2(-r[0][1], r[1][1])
	}
	const deg = 180 / math.Pi
	rotationDeg = [3]float64{x * deg, y * deg, z * deg}
	translation = [3]float64{m[12], m[13], m[14]}
	return scale, rotationDeg, translation
}
