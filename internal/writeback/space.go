package writeback

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
)

// jointState is what a joint passes to its children under the skeleton's
// rule, as anim.Skeleton.World composes it: the matrix its children
// extend (chain) and the scale they may need (pass: J3D's accumulated
// float32 scale for Basic and SoftImage, the joint's own local scale for
// J3D Maya, the G3d modes' stashed scale), and its world matrix.
type jointState struct {
	chain, world mgl64.Mat4
	pass         [3]float64
}

// rootState is the state a root's parent would pass: identity, scale 1.
var rootState = jointState{chain: mgl64.Ident4(), world: mgl64.Ident4(), pass: [3]float64{1, 1, 1}}

// space composes and inverts one skeleton's rule. forward is the game's
// composition for one joint (the same rule anim.Skeleton.World runs for
// all of them, which the verification then checks against); solve is its
// inverse: the local values that put the joint's world matrix at w.
type space struct {
	skel *anim.Skeleton
}

// forward composes joint j with local values v (Euler degrees, or a
// quaternion when quat) and flags fl under parent state p.
func (sp space) forward(j int, v *[anim.NumSlots]float64, quat bool, fl anim.TransformFlags, p *jointState) jointState {
	s := [3]float64{v[anim.ScaleX], v[anim.ScaleY], v[anim.ScaleZ]}
	var out jointState
	switch sp.skel.Mode {
	case anim.J3DBasic:
		acc := acc32(p.pass, s)
		local := trMatrix(v, quat, [3]float64{1, 1, 1})
		if acc != [3]float64{1, 1, 1} {
			scaleCols(&local, s)
		}
		out.world = p.world.Mul4(local)
		out.chain, out.pass = out.world, acc
	case anim.J3DSoftImage:
		out.chain = p.chain.Mul4(trMatrix(v, quat, p.pass))
		out.pass = acc32(p.pass, s)
		out.world = out.chain
		scaleCols(&out.world, out.pass)
	case anim.G3dNoScale, anim.G3dStandard, anim.G3dMaya, anim.G3dSoftimage:
		return sp.forwardG3d(v, quat, fl, p)
	default: // J3D Maya and Standard: T·R·S, compensated where asked
		local := trMatrix(v, quat, [3]float64{1, 1, 1})
		scaleCols(&local, s)
		if sp.skel.Joints[j].ScaleCompensate && sp.skel.Joints[j].Parent >= 0 {
			scaleRows(&local, [3]float64{1 / p.pass[0], 1 / p.pass[1], 1 / p.pass[2]})
		}
		out.world = p.world.Mul4(local)
		out.chain, out.pass = out.world, s
	}
	return out
}

func (sp space) forwardG3d(v *[anim.NumSlots]float64, quat bool, fl anim.TransformFlags, p *jointState) jointState {
	mode := sp.skel.Mode
	sc := [3]float64{v[anim.ScaleX], v[anim.ScaleY], v[anim.ScaleZ]}
	if fl&anim.FlagScaleOne == anim.FlagScaleOne {
		sc = [3]float64{1, 1, 1}
	}
	comp := mode == anim.G3dMaya && fl&anim.FlagSegmentScaleCompensate != 0
	tx := [3]float64{1, 1, 1}
	if comp || mode == anim.G3dSoftimage {
		tx = p.pass
	}
	rt := mgl64.Ident4()
	if fl&anim.FlagRotTransZero != anim.FlagRotTransZero {
		rt = trMatrix(v, quat, tx)
	}
	parent := p.chain
	if mode == anim.G3dStandard || mode == anim.G3dMaya && !comp {
		scaleCols(&parent, p.pass)
	}
	var out jointState
	out.chain = parent.Mul4(rt)
	if mode == anim.G3dSoftimage {
		sc = [3]float64{p.pass[0] * sc[0], p.pass[1] * sc[1], p.pass[2] * sc[2]}
	}
	out.pass = sc
	out.world = out.chain
	if mode != anim.G3dNoScale {
		scaleCols(&out.world, sc)
	}
	return out
}

// solve returns joint j's local values that put its world matrix at w
// under parent state p: translation exact, rotation and scale from the
// remaining 3×3 (the nearest rotation when w carries shear). Rotations
// are Euler degrees (Rz·Ry·Rx) near prev, or a quaternion when quat; of
// the splits of a scale's signs, the one nearest signs (else prev).
// Scales within 1e-6 of 1 are 1, so J3D Basic's exact-1 test and a
// file's constant 1s survive the round trip.
func (sp space) solve(j int, w *mgl64.Mat4, quat bool, fl anim.TransformFlags, p *jointState, prev, signs *[anim.NumSlots]float64) [anim.NumSlots]float64 {
	var m mgl64.Mat4
	tdiv := [3]float64{1, 1, 1}
	var rowScale *[3]float64
	switch sp.skel.Mode {
	case anim.J3DBasic:
		m = affineInverse(&p.world).Mul4(*w)
	case anim.J3DSoftImage, anim.G3dSoftimage:
		m = affineInverse(&p.chain).Mul4(*w)
		tdiv = p.pass
	case anim.G3dNoScale:
		m = affineInverse(&p.chain).Mul4(*w)
	case anim.G3dStandard:
		parent := p.chain
		scaleCols(&parent, p.pass)
		m = affineInverse(&parent).Mul4(*w)
	case anim.G3dMaya:
		parent := p.chain
		if fl&anim.FlagSegmentScaleCompensate != 0 {
			tdiv = p.pass
		} else {
			scaleCols(&parent, p.pass)
		}
		m = affineInverse(&parent).Mul4(*w)
	default:
		m = affineInverse(&p.world).Mul4(*w)
		if sp.skel.Joints[j].ScaleCompensate && sp.skel.Joints[j].Parent >= 0 {
			rowScale = &p.pass
		}
	}
	var v [anim.NumSlots]float64
	for i := range 3 {
		v[anim.TransX+anim.Slot(i)] = m[12+i] / nonZero(tdiv[i])
	}
	if rowScale != nil {
		scaleRows(&m, *rowScale)
	}
	s, r := splitRS(&m)
	if signs == nil {
		signs = prev
	}
	if signs != nil {
		s, r = nearestSigns(s, r, signs)
	}
	switch sp.skel.Mode {
	case anim.J3DSoftImage, anim.G3dSoftimage:
		for i := range s {
			s[i] /= nonZero(p.pass[i])
		}
	case anim.G3dNoScale:
		s = [3]float64{1, 1, 1}
	}
	for i := range s {
		if math.Abs(s[i]-1) < 1e-6 {
			s[i] = 1
		}
		v[anim.ScaleX+anim.Slot(i)] = s[i]
	}
	if quat {
		q := mgl64.Mat4ToQuat(mgl64.Mat4{r[0], r[1], r[2], 0, r[3], r[4], r[5], 0, r[6], r[7], r[8], 0, 0, 0, 0, 1}).Normalize()
		if prev != nil && q.W*prev[anim.QuatW]+q.V[0]*prev[anim.QuatX]+q.V[1]*prev[anim.QuatY]+q.V[2]*prev[anim.QuatZ] < 0 {
			q = q.Scale(-1)
		}
		v[anim.QuatX], v[anim.QuatY], v[anim.QuatZ], v[anim.QuatW] = q.V[0], q.V[1], q.V[2], q.W
		return v
	}
	var near *[3]float64
	if prev != nil {
		near = &[3]float64{prev[anim.RotX], prev[anim.RotY], prev[anim.RotZ]}
	}
	e := eulerNear(&r, near)
	v[anim.RotX], v[anim.RotY], v[anim.RotZ] = e[0], e[1], e[2]
	return v
}

func nonZero(x float64) float64 {
	if x == 0 {
		return 1e-30
	}
	return x
}

// acc32 is J3D's accumulated scale: the product in float32, as the game
// keeps it (J3DSys::mCurrentS), so that the exact comparison with 1
// decides as there.
func acc32(parent, s [3]float64) [3]float64 {
	return [3]float64{
		float64(float32(parent[0]) * float32(s[0])),
		float64(float32(parent[1]) * float32(s[1])),
		float64(float32(parent[2]) * float32(s[2])),
	}
}

// trMatrix is T·R with the translation multiplied component-wise by tx.
func trMatrix(v *[anim.NumSlots]float64, quat bool, tx [3]float64) mgl64.Mat4 {
	var r mgl64.Mat3
	if quat {
		q := mgl64.Quat{W: v[anim.QuatW], V: mgl64.Vec3{v[anim.QuatX], v[anim.QuatY], v[anim.QuatZ]}}
		if l := q.Len(); l > 0 {
			q = q.Scale(1 / l)
		} else {
			q = mgl64.QuatIdent()
		}
		r = q.Mat4().Mat3()
	} else {
		const rad = math.Pi / 180
		r = anim.EulerZYX(v[anim.RotX]*rad, v[anim.RotY]*rad, v[anim.RotZ]*rad)
	}
	return mgl64.Mat4{
		r[0], r[1], r[2], 0,
		r[3], r[4], r[5], 0,
		r[6], r[7], r[8], 0,
		v[anim.TransX] * tx[0], v[anim.TransY] * tx[1], v[anim.TransZ] * tx[2], 1,
	}
}

func scaleCols(m *mgl64.Mat4, s [3]float64) {
	for c := range 3 {
		for r := range 3 {
			m[c*4+r] *= s[c]
		}
	}
}

func scaleRows(m *mgl64.Mat4, s [3]float64) {
	for c := range 3 {
		for r := range 3 {
			m[c*4+r] *= s[r]
		}
	}
}

// affineInverse inverts an affine matrix (bottom row 0 0 0 1).
func affineInverse(m *mgl64.Mat4) mgl64.Mat4 {
	a := m.Mat3()
	inv := a.Inv()
	if a.Det() == 0 {
		inv = mgl64.Ident3()
	}
	t := inv.Mul3x1(mgl64.Vec3{m[12], m[13], m[14]})
	return mgl64.Mat4{
		inv[0], inv[1], inv[2], 0,
		inv[3], inv[4], inv[5], 0,
		inv[6], inv[7], inv[8], 0,
		-t[0], -t[1], -t[2], 1,
	}
}

// splitRS splits the 3×3 part of m into R·diag(s): s the column lengths
// (the first negated for a mirrored basis), R the nearest rotation to the
// normalised columns (Gram-Schmidt, x first), column-major.
func splitRS(m *mgl64.Mat4) (s [3]float64, r mgl64.Mat3) {
	var cols [3]mgl64.Vec3
	for c := range 3 {
		cols[c] = mgl64.Vec3{m[c*4], m[c*4+1], m[c*4+2]}
		s[c] = cols[c].Len()
	}
	if cols[0].Cross(cols[1]).Dot(cols[2]) < 0 {
		s[0] = -s[0]
	}
	if math.Abs(s[0]) <= 1e-300 && s[1] > 1e-300 && s[2] > 1e-300 {
		// A joint scaled to zero along x keeps its turn in the other
		// two axes (Mario's PartsControl: x scale 0, −2° about y):
		// building x first from the zero column would lose it.
		y := cols[1].Mul(1 / s[1])
		z := unit(cols[2].Sub(y.Mul(y.Dot(cols[2]))), anyPerp(y))
		x := y.Cross(z)
		return s, mgl64.Mat3{x[0], x[1], x[2], y[0], y[1], y[2], z[0], z[1], z[2]}
	}
	x := unit(cols[0].Mul(1/nonZero(s[0])), mgl64.Vec3{1, 0, 0})
	y := cols[1].Sub(x.Mul(x.Dot(cols[1])))
	if l := y.Len(); l > 1e-300 {
		y = y.Mul(1 / l)
	} else {
		// (unit's fallback, made only when needed: a solve per joint
		// and sample runs this.)
		y = anyPerp(x)
	}
	z := x.Cross(y)
	r = mgl64.Mat3{x[0], x[1], x[2], y[0], y[1], y[2], z[0], z[1], z[2]}
	return s, r
}

func unit(v, fallback mgl64.Vec3) mgl64.Vec3 {
	if l := v.Len(); l > 1e-300 {
		return v.Mul(1 / l)
	}
	return fallback
}

func anyPerp(x mgl64.Vec3) mgl64.Vec3 {
	a := mgl64.Vec3{0, 1, 0}
	if math.Abs(x[1]) > 0.9 {
		a = mgl64.Vec3{0, 0, 1}
	}
	return unit(a.Sub(x.Mul(x.Dot(a))), mgl64.Vec3{0, 0, 1})
}

// eulerNear returns Euler angles in degrees (R = Rz·Ry·Rx) of rotation r,
// choosing of the two solutions, and of their 360° turns, the one nearest
// near (nil: the principal one), so that a sampled track stays continuous
// and a Hermite between its keys never turns the long way round. At
// gimbal lock x is kept from near and z takes the rest.
func eulerNear(r *mgl64.Mat3, near *[3]float64) [3]float64 {
	const deg = 180 / math.Pi
	// Element (row, col) is r[col*3+row].
	r00, r10, r20 := r[0], r[1], r[2]
	r01, r11, r21 := r[3], r[4], r[5]
	r22 := r[8]
	sy := math.Max(-1, math.Min(1, -r20))
	y := math.Asin(sy)
	var a, b [3]float64
	if math.Abs(sy) < 1-1e-9 {
		x := math.Atan2(r21, r22)
		z := math.Atan2(r10, r00)
		a = [3]float64{x * deg, y * deg, z * deg}
		b = [3]float64{a[0] + 180, 180 - a[1], a[2] + 180}
	} else {
		x := 0.0
		if near != nil {
			x = near[0] / deg
		}
		var z float64
		if sy > 0 {
			z = x - math.Atan2(r01, r11)
		} else {
			z = math.Atan2(-r01, r11) - x
		}
		a = [3]float64{x * deg, y * deg, z * deg}
		b = a
	}
	if near == nil {
		return a
	}
	a, b = turnNear(a, near), turnNear(b, near)
	if dist(a, near) <= dist(b, near) {
		return a
	}
	return b
}

func turnNear(e [3]float64, near *[3]float64) [3]float64 {
	for i := range e {
		e[i] += 360 * math.Round((near[i]-e[i])/360)
	}
	return e
}

func dist(a [3]float64, b *[3]float64) float64 {
	return math.Abs(a[0]-b[0]) + math.Abs(a[1]-b[1]) + math.Abs(a[2]-b[2])
}

// nearestSigns picks, of the four ways to split R·diag(s) that differ by
// the signs of two scale axes (and a half turn of R about the third), the
// one whose scale is nearest prev's. A scale passing through zero to a
// negative value (a clip shrinking a joint away and overshooting) then
// keeps its sign and path, instead of the split turning the joint half
// around, which a curve between two samples would play as a spin.
func nearestSigns(s [3]float64, r mgl64.Mat3, prev *[anim.NumSlots]float64) ([3]float64, mgl64.Mat3) {
	best, bestD := [3]float64{1, 1, 1}, math.Inf(1)
	for _, d := range [4][3]float64{{1, 1, 1}, {-1, -1, 1}, {-1, 1, -1}, {1, -1, -1}} {
		dist := 0.0
		for i := range 3 {
			dist += math.Abs(d[i]*s[i] - prev[anim.ScaleX+anim.Slot(i)])
		}
		if dist < bestD-1e-12 {
			best, bestD = d, dist
		}
	}
	for i := range 3 {
		s[i] *= best[i]
		for k := range 3 {
			r[i*3+k] *= best[i]
		}
	}
	return s, r
}
