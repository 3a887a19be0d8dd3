package export

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
)

// trs is one node's local transform as glTF composes it: T·R·S, R a unit
// quaternion (x, y, z, w).
type trs struct {
	T [3]float64
	R [4]float64
	S [3]float64
}

// Paths of a node's transform, in the order glTF names them.
const (
	pathT = iota
	pathR
	pathS
	numPaths
)

// baker turns a clip posed on a skeleton into per-node glTF transforms.
//
// A glTF player composes world = parentWorld · T·R·S. The games' rules
// (J3D SoftImage, Maya segment scale compensation, a root-motion track)
// can give a joint a world matrix that no product of TRS nodes equals
// (shear). The baker therefore works from the world matrices that
// anim.Skeleton.World computes (the same call `animscope sample --model`
// makes): each node's local transform is its parent's *exported* world
// inverted, times the joint's true world, split into T, R and S. The
// translation is always exact, so every joint's world position is exact
// at the sampled times; only where the true matrix has shear is the
// node's rotation/scale the nearest TRS (Gram-Schmidt of the columns),
// which moves no position. Where a rule composes as TRS anyway (J3D Basic,
// Maya and BFRES without scale compensation) the local transform is read
// straight from the pose: the fast path, with the same result.
type baker struct {
	// scratch holds a joint's rest-filled values (targetPose); local and
	// chain are localAt's and its J3D ancestor walk's.
	scratch [2][anim.NumSlots]float64
	local   [anim.NumSlots]float64
	skel    *anim.Skeleton
	bind    *anim.Binding
	clip    *anim.Clip
	root    bool // apply the clip's root-motion track to the roots
	order   []int
	depth   []int
	fast    bool

	pose   *anim.Pose
	world  []mgl64.Mat4 // true world matrices at the last worldAt
	approx []mgl64.Mat4 // the exported nodes' world matrices
	acc    [][3]float32 // J3D Basic accumulated scale per joint
	// stepMin is per joint the smallest J3D rotation step given keys
	// (stepMinOf); set once the tolerances are known.
	stepMin []float64
}

func newBaker(s *anim.Skeleton, b *anim.Binding, c *anim.Clip, rootMotion bool) *baker {
	k := &baker{skel: s, bind: b, clip: c, root: rootMotion && c != nil && c.RootMotion != nil}
	k.order, k.depth = topoOrder(s)
	n := len(s.Joints)
	k.world = make([]mgl64.Mat4, n)
	k.approx = make([]mgl64.Mat4, n)
	k.acc = make([][3]float32, n)
	if c != nil {
		k.pose = anim.NewPose(c)
	}
	k.fast = !k.root
	switch s.Mode {
	case anim.J3DBasic, anim.J3DMaya, anim.Standard, anim.G3dNoScale, anim.G3dStandard, anim.G3dMaya:
		// Scale compensation divides by the parent's scale: a product of
		// T·R·S only while that scale holds still (checkFast then sees
		// whether it is 1). G3d Maya takes the compensation flag from the
		// bone animation driving a joint where it has one.
		for i, j := range s.Joints {
			comp := j.ScaleCompensate && s.Mode != anim.J3DBasic && s.Mode < anim.G3dNoScale
			if s.Mode == anim.G3dMaya {
				comp = k.g3dFlags(i)&anim.FlagSegmentScaleCompensate != 0
			}
			if comp && j.Parent >= 0 && (c == nil || k.varies(j.Parent, pathS)) {
				k.fast = false
			}
		}
	default:
		k.fast = false
	}
	return k
}

// checkFast keeps the fast path only if, at the given frames, composing
// its local transforms as glTF does reproduces anim.Skeleton.World — the
// one posing function, whose rules may grow (a BFRES scale mode, say):
// then the exporter falls back to decomposing World rather than
// disagreeing with it.
func (k *baker) checkFast(frames []float64) {
	if !k.fast {
		return
	}
	local := make([]trs, len(k.skel.Joints))
	comp := make([]mgl64.Mat4, len(k.skel.Joints))
	step := max(1, len(frames)/maxTolFrames)
	for fi := 0; fi < len(frames); fi += step {
		pose, bind := k.posed(frames[fi])
		k.fastLocal(pose, bind, local)
		k.worldAt(frames[fi])
		for _, j := range k.order {
			comp[j] = composeTRS(local[j])
			if p := k.skel.Joints[j].Parent; p >= 0 {
				comp[j] = comp[p].Mul4(comp[j])
			}
			for e := 0; e < 15; e++ {
				if d := math.Abs(comp[j][e] - k.world[j][e]); d > 1e-9*math.Max(1, math.Abs(k.world[j][e])) && !(d <= 1e-6 && e%4 == 3) {
					k.fast = false
					return
				}
			}
		}
	}
}

// topoOrder lists joints parents first (Skeleton.Finish has ruled out
// cycles) and gives each joint's depth (roots 0).
func topoOrder(s *anim.Skeleton) (order, depth []int) {
	n := len(s.Joints)
	children := make([][]int, n)
	var stack []int
	for i, j := range s.Joints {
		if j.Parent < 0 || j.Parent >= n {
			stack = append(stack, i)
		} else {
			children[j.Parent] = append(children[j.Parent], i)
		}
	}
	depth = make([]int, n)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		order = append(order, i)
		for _, c := range children[i] {
			depth[c] = depth[i] + 1
			stack = append(stack, c)
		}
	}
	return order, depth
}

// posed evaluates the clip at frame (nil clip: the rest pose).
func (k *baker) posed(f float64) (*anim.Pose, *anim.Binding) {
	if k.clip == nil {
		return nil, nil
	}
	anim.Evaluate(k.clip, f, k.pose)
	return k.pose, k.bind
}

// worldAt fills k.world with the true world matrices at frame f, the
// root-motion track applied when asked (model matrix · skeleton world,
// as the viewer does).
func (k *baker) worldAt(f float64) {
	pose, bind := k.posed(f)
	k.skel.World(pose, bind, k.world)
	if k.root {
		var tp anim.TargetPose
		anim.EvaluateTarget(k.clip.RootMotion, f, &tp)
		m := composeTRS(localOf(&tp.V, tp.Quaternion, [3]float64{tp.V[anim.ScaleX], tp.V[anim.ScaleY], tp.V[anim.ScaleZ]}))
		for i := range k.world {
			k.world[i] = m.Mul4(k.world[i])
		}
	}
}

// at computes every node's local transform at frame f.
func (k *baker) at(f float64, out []trs) {
	if k.fast {
		pose, bind := k.posed(f)
		k.fastLocal(pose, bind, out)
		return
	}
	k.worldAt(f)
	k.decompose(out)
}

// fastLocal reads the local transforms from the pose: the rules whose
// world matrices are products of T·R·S.
func (k *baker) fastLocal(pose *anim.Pose, bind *anim.Binding, out []trs) {
	for _, j := range k.order {
		v, quat := k.skel.LocalSRT(j, pose, bind)
		s := [3]float64{v[anim.ScaleX], v[anim.ScaleY], v[anim.ScaleZ]}
		if k.skel.Mode == anim.J3DBasic {
			// The game skips a joint's own scale when the product of the
			// scales from the root down to it is exactly 1 (in float32);
			// see anim.Skeleton.World.
			acc := [3]float32{1, 1, 1}
			if p := k.skel.Joints[j].Parent; p >= 0 {
				acc = k.acc[p]
			}
			for c := range acc {
				acc[c] = acc[c] * float32(s[c])
			}
			k.acc[j] = acc
			if acc == [3]float32{1, 1, 1} {
				s = [3]float64{1, 1, 1}
			}
		}
		if k.skel.Mode >= anim.G3dNoScale {
			g3dShortcuts(k.skel.Mode, k.skel.LocalFlags(j, pose, bind), &v, &s)
		}
		out[j] = localOf(&v, quat, s)
	}
}

// g3dShortcuts applies what worldG3d does before composing a joint: the
// no-scale mode and the scale-one flags make the scale 1, the
// rotate-and-translate-zero flags drop rotation and translation.
func g3dShortcuts(mode anim.HierarchyMode, fl anim.TransformFlags, v *[anim.NumSlots]float64, s *[3]float64) {
	if mode == anim.G3dNoScale || fl&anim.FlagScaleOne == anim.FlagScaleOne {
		*s = [3]float64{1, 1, 1}
	}
	if fl&anim.FlagRotTransZero == anim.FlagRotTransZero {
		b := anim.DefaultBase()
		copy(v[anim.RotX:anim.QuatW+1], b[anim.RotX:anim.QuatW+1])
	}
}

// g3dFlags are the transform flags joint j is posed with under the
// clip's binding (the flags do not change with the frame).
func (k *baker) g3dFlags(j int) anim.TransformFlags {
	var pose *anim.Pose
	if k.clip != nil {
		anim.Evaluate(k.clip, 0, k.pose) // the pose carries the targets' flags
		pose = k.pose
	}
	return k.skel.LocalFlags(j, pose, k.bind)
}

// decompose splits each joint's true world matrix into a local TRS under
// its parent's exported world (see baker).
func (k *baker) decompose(out []trs) {
	for _, j := range k.order {
		m := k.world[j]
		if p := k.skel.Joints[j].Parent; p >= 0 {
			m = invAffine(&k.approx[p]).Mul4(m)
		}
		out[j] = splitTRS(m)
		l := composeTRS(out[j])
		if p := k.skel.Joints[j].Parent; p >= 0 {
			k.approx[j] = k.approx[p].Mul4(l)
		} else {
			k.approx[j] = l
		}
	}
}

// localOf is a joint's local SRT as a trs, the rotation as a quaternion.
func localOf(v *[anim.NumSlots]float64, quat bool, s [3]float64) trs {
	var r [4]float64
	if quat {
		r = [4]float64{v[anim.QuatX], v[anim.QuatY], v[anim.QuatZ], v[anim.QuatW]}
		l := math.Sqrt(r[0]*r[0] + r[1]*r[1] + r[2]*r[2] + r[3]*r[3])
		if l > 0 && !math.IsInf(l, 0) {
			r = [4]float64{r[0] / l, r[1] / l, r[2] / l, r[3] / l}
		} else {
			r = [4]float64{0, 0, 0, 1}
		}
	} else {
		r = eulerQuat(v[anim.RotX], v[anim.RotY], v[anim.RotZ])
	}
	return trs{T: [3]float64{v[anim.TransX], v[anim.TransY], v[anim.TransZ]}, R: r, S: s}
}

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
// matrix has no shear), a mirror put into the z scale.
func splitTRS(m mgl64.Mat4) trs {
	var out trs
	out.T = [3]float64{m[12], m[13], m[14]}
	var u [3]mgl64.Vec3
	for c := 0; c < 3; c++ {
		col := mgl64.Vec3{m[c*4], m[c*4+1], m[c*4+2]}
		out.S[c] = col.Len()
		for p := 0; p < c; p++ {
			col = col.Sub(u[p].Mul(u[p].Dot(col)))
		}
		if l := col.Len(); l > 1e-12*math.Max(1, out.S[c]) {
			u[c] = col.Mul(1 / l)
		} else {
			u[c] = completeBasis(u, c)
		}
	}
	if u[0].Cross(u[1]).Dot(u[2]) < 0 {
		u[2] = u[2].Mul(-1)
		out.S[2] = -out.S[2]
	}
	out.R = quatFromBasis(u)
	return out
}

// completeBasis returns a unit vector orthogonal to u[0..c-1].
func completeBasis(u [3]mgl64.Vec3, c int) mgl64.Vec3 {
	switch c {
	case 0:
		return mgl64.Vec3{1, 0, 0}
	case 1:
		for _, a := range []mgl64.Vec3{{0, 1, 0}, {0, 0, 1}, {1, 0, 0}} {
			v := a.Sub(u[0].Mul(u[0].Dot(a)))
			if l := v.Len(); l > 1e-6 {
				return v.Mul(1 / l)
			}
		}
	}
	return u[0].Cross(u[1]).Normalize()
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

// rest is every node's rest transform (the clip-free pose).
func restTRS(s *anim.Skeleton) []trs {
	k := newBaker(s, nil, nil, false)
	out := make([]trs, len(s.Joints))
	k.at(0, out)
	return out
}

// stepwise reports whether the clip drives path p of joint j only with
// curves that hold between changes (step curves, J3D rotations, which the
// game truncates to whole s16 units, constants), and the node's local
// transform is read straight from the pose: the glTF channel can then be
// STEP and exact.
func (k *baker) stepwise(j, p int) bool {
	if !k.fast || k.clip == nil || k.bind == nil || j >= len(k.bind.Target) {
		return false
	}
	ti := k.bind.Target[j]
	if ti < 0 || ti >= len(k.clip.Targets) {
		return false
	}
	t := &k.clip.Targets[ti]
	lo, hi := anim.Slot(0), anim.Slot(0)
	switch p {
	case pathT:
		lo, hi = anim.TransX, anim.TransZ
	case pathS:
		if k.skel.Mode == anim.J3DBasic {
			return false // the Basic scale rule depends on the ancestors
		}
		lo, hi = anim.ScaleX, anim.ScaleZ
	case pathR:
		if t.Quaternion {
			if t.Quat != nil {
				return false
			}
			lo, hi = anim.QuatX, anim.QuatW
		} else {
			lo, hi = anim.RotX, anim.RotZ
		}
	}
	animated := false
	for _, ch := range t.Channels {
		if ch.Slot < lo || ch.Slot > hi {
			continue
		}
		kind := ch.Curve.Kind()
		if kind == anim.KindConstant {
			continue
		}
		animated = true
		if h, ok := ch.Curve.(*anim.Hermite); ok && h.RotationFrac >= 0 && stepAngle(h) > k.stepMinOf(j) {
			continue
		}
		if !kind.Stepped() {
			return false
		}
	}
	return animated
}

// varies reports whether path p of joint j can change over the clip. Only
// the fast path knows (its local transform is the joint's own pose): a
// joint no target drives, or whose driving channels for p are all
// constants, holds still; J3D Basic's scale depends on the ancestors.
func (k *baker) varies(j, p int) bool {
	if !k.fast || k.clip == nil {
		return true
	}
	if p == pathS && k.skel.Mode == anim.J3DBasic {
		return true
	}
	if k.bind == nil || j >= len(k.bind.Target) || k.bind.Target[j] < 0 || k.bind.Target[j] >= len(k.clip.Targets) {
		return false
	}
	t := &k.clip.Targets[k.bind.Target[j]]
	lo, hi := anim.TransX, anim.TransZ
	switch p {
	case pathS:
		lo, hi = anim.ScaleX, anim.ScaleZ
	case pathR:
		if t.Quat != nil {
			return true
		}
		lo, hi = anim.RotX, anim.QuatW // Euler or quaternion slots
	}
	for _, ch := range t.Channels {
		if ch.Slot >= lo && ch.Slot <= hi && ch.Curve.Kind() != anim.KindConstant {
			return true
		}
	}
	return false
}

// keyFrames lists the frames where the clip's curves have keys, and the
// frames just before keys of curves that may jump there (NW segments,
// steps), inside [0, duration]; J3D rotation steps of the targets bound
// to joints whose steps matter (k.keepSteps).
func (k *baker) keyFrames() []float64 {
	c := k.clip
	joint := make([]int, len(c.Targets))
	for i := range joint {
		joint[i] = -1
	}
	if k.bind != nil {
		for j, ti := range k.bind.Target {
			if ti >= 0 && ti < len(joint) {
				joint[ti] = j
			}
		}
	}
	var out []float64
	for i := range c.Targets {
		out = targetFrames(c, &c.Targets[i], k.stepMinOf(joint[i]), out)
	}
	if c.RootMotion != nil {
		out = targetFrames(c, c.RootMotion, math.Inf(1), out)
	}
	return out
}

// stepMinOf is the smallest J3D rotation step (radians) worth keys on
// joint j: a quarter of its rotation tolerance. Finer steps are followed
// by the interpolation well within the tolerance, which spares a key per
// step (a BCK of random 400-joint motion has tens of thousands per curve).
func (k *baker) stepMinOf(j int) float64 {
	if j < 0 || j >= len(k.stepMin) {
		return math.Inf(1)
	}
	return k.stepMin[j]
}

// stepAngle is one step of a J3D rotation curve, in radians.
func stepAngle(h *anim.Hermite) float64 { return math.Ldexp(math.Pi/32768, h.RotationFrac) }

// targetFrames appends one target's key frames (see keyFrames) to out,
// with the steps of its J3D rotations larger than stepMin radians.
func targetFrames(c *anim.Clip, t *anim.Target, stepMin float64, out []float64) []float64 {
	add := func(t *anim.Target) {
		for _, ch := range t.Channels {
			kind := ch.Curve.Kind()
			if kind == anim.KindConstant || kind == anim.KindSampled {
				continue // sampled curves have keys at whole frames
			}
			jumps := kind != anim.KindHermite
			if h, ok := ch.Curve.(*anim.Hermite); ok && h.RotationFrac >= 0 && stepAngle(h) > stepMin {
				// A J3D rotation steps wherever its Hermite crosses a
				// whole s16 unit: every step is a key.
				for _, f := range quantizedSteps(h, c.Duration) {
					out = append(out, f, justBefore(f, c.FPS))
				}
			}
			n := ch.Curve.NumKeys()
			if n > maxCurveKeysListed {
				n = maxCurveKeysListed
			}
			for i := 0; i < n; i++ {
				f := ch.Curve.Key(i).Frame
				if f > 0 && f <= c.Duration {
					out = append(out, f)
					if jumps {
						out = append(out, justBefore(f, c.FPS))
					}
				}
			}
		}
	}
	add(t)
	return out
}

// secs32 is frame f as float32 seconds, rounded down: a game curve takes
// a key's value from the key's frame on, so a key must not land after it
// (at the clip's last frame a player would otherwise still interpolate).
func secs32(f, fps float64) float32 {
	t := f / fps
	t32 := float32(t)
	if float64(t32) > t {
		t32 = math.Nextafter32(t32, float32(math.Inf(-1)))
	}
	return t32
}

// justBefore is the frame of the float32 time just below frame f's key
// time: a curve that jumps at a key gets its old value there and its new
// one at the key, so the jump is as sharp as float32 seconds allow.
func justBefore(f, fps float64) float64 {
	return float64(math.Nextafter32(secs32(f, fps), float32(math.Inf(-1)))) * fps
}

// quantizedSteps lists the frames in (0, end] where a J3D rotation curve
// changes value: the game truncates the Hermite to whole units, so the
// curve is a staircase. Each segment's cubic is split at its extrema into
// monotone pieces; on a monotone piece the truncated value changes only
// where the two ends differ, and bisection finds each step to far below
// float32 time resolution. At most maxStepsListed steps are listed.
func quantizedSteps(h *anim.Hermite, end float64) []float64 {
	keys := h.Keys
	var out []float64
	for i := 0; i+1 < len(keys) && len(out) < maxStepsListed; i++ {
		t0, t1 := keys[i].Time, keys[i+1].Time
		if t1 <= t0 || t0 >= end || t1 <= 0 {
			continue
		}
		// v(u) = a u³ + b u² + s0 u + p0 on u in [0, 1].
		L := t1 - t0
		p0, p1, s0, s1 := keys[i].Value, keys[i+1].Value, keys[i].Out*L, keys[i+1].In*L
		a, b := 2*p0-2*p1+s0+s1, -3*p0+3*p1-2*s0-s1
		cuts := []float64{0, 1}
		for _, u := range quadRoots(3*a, 2*b, s0) {
			if u > 0 && u < 1 {
				cuts = append(cuts, u)
			}
		}
		slices.Sort(cuts)
		for k := 0; k+1 < len(cuts); k++ {
			out = stepsIn(h, t0+cuts[k]*L, t0+cuts[k+1]*L, end, out)
		}
	}
	return out
}

// maxStepsListed bounds the steps of one curve used as keys.
const maxStepsListed = 1 << 16

// stepsIn appends the frames in (lo, hi] ∩ (0, end] where the monotone
// staircase h changes value.
func stepsIn(h *anim.Hermite, lo, hi, end float64, out []float64) []float64 {
	lo, hi = math.Max(lo, 0), math.Min(hi, end)
	if hi <= lo || len(out) >= maxStepsListed {
		return out
	}
	vlo, vhi := h.Eval(lo), h.Eval(hi)
	if vlo == vhi {
		return out
	}
	if hi-lo < 1e-9 {
		return append(out, hi)
	}
	mid := (lo + hi) / 2
	out = stepsIn(h, lo, mid, end, out)
	return stepsIn(h, mid, hi, end, out)
}

// quadRoots solves a x² + b x + c = 0 (a linear or empty answer when a
// or b vanish).
func quadRoots(a, b, c float64) []float64 {
	if math.Abs(a) < 1e-300 {
		if math.Abs(b) < 1e-300 {
			return nil
		}
		return []float64{-c / b}
	}
	d := b*b - 4*a*c
	if d < 0 {
		return nil
	}
	r := math.Sqrt(d)
	return []float64{(-b - r) / (2 * a), (-b + r) / (2 * a)}
}

// maxCurveKeysListed bounds the keys of one curve used as sampling
// candidates; the error-bounded refinement finds what lies between.
const maxCurveKeysListed = 1 << 16

// localAt is joint j's local transform at frame f on the fast path,
// evaluating only its own target (and, for J3D Basic's scale rule, its
// ancestors' scales): a clip's joints can be sampled one by one, each at
// its own keys.
func (k *baker) localAt(j int, f float64, tp *anim.TargetPose) trs {
	v, quat, fl := k.targetPose(j, f, tp, &k.scratch[0])
	s := [3]float64{v[anim.ScaleX], v[anim.ScaleY], v[anim.ScaleZ]}
	if k.skel.Mode >= anim.G3dNoScale {
		if fl&anim.FlagRotTransZero == anim.FlagRotTransZero {
			k.local = *v // v may be the joint's rest: change a copy
			v = &k.local
		}
		g3dShortcuts(k.skel.Mode, fl, v, &s)
	}
	if k.skel.Mode == anim.J3DBasic {
		// The game's float32 product from the root down (see
		// fastLocal), over the ancestors' posed scales.
		var chain [64]int
		path := chain[:0]
		for a := j; a >= 0; a = k.skel.Joints[a].Parent {
			path = append(path, a)
		}
		acc := [3]float32{1, 1, 1}
		var atp anim.TargetPose
		for i := len(path) - 1; i >= 0; i-- {
			av := v
			if a := path[i]; a != j {
				av, _, _ = k.targetPose(a, f, &atp, &k.scratch[1])
			}
			for c := range acc {
				acc[c] = acc[c] * float32(av[anim.ScaleX+anim.Slot(c)])
			}
		}
		if acc == [3]float32{1, 1, 1} {
			s = [3]float64{1, 1, 1}
		}
	}
	return localOf(v, quat, s)
}

// targetPose is joint j's local values at f as anim.Skeleton.World reads
// them (anim.Skeleton.JointLocal): its bound target's pose with the
// slots the clip leaves to the skeleton filled from the rest, or its rest.
func (k *baker) targetPose(j int, f float64, tp *anim.TargetPose, scratch *[anim.NumSlots]float64) (*[anim.NumSlots]float64, bool, anim.TransformFlags) {
	if k.bind != nil && j < len(k.bind.Target) {
		if ti := k.bind.Target[j]; ti >= 0 && ti < len(k.clip.Targets) {
			anim.EvaluateTarget(&k.clip.Targets[ti], f, tp)
			return k.skel.JointLocal(j, tp, scratch)
		}
	}
	return k.skel.JointLocal(j, nil, scratch)
}

// candidates are the frames sampled before refinement: the curves' key
// frames, the end, and whole frames every wholeStep frames (1 for linear
// and step channels, which the games' per-frame data and quantized
// rotations need; cubic channels follow the curves' own keys and need
// only a grid coarse enough that a midpoint test cannot pass by chance),
// distinct as float32 seconds.
func candidates(c *anim.Clip, fps float64, wholeStep int, keys []float64) []float64 {
	n := int(math.Floor(c.Duration))
	out := make([]float64, 0, n/wholeStep+2+len(keys))
	for i := 0; i <= n; i += wholeStep {
		out = append(out, float64(i))
	}
	out = append(out, c.Duration)
	out = append(out, keys...)
	slices.Sort(out)
	return dedupeTimes(out, fps)
}

// dedupeTimes drops frames whose float32 time in seconds equals the
// previous one's (glTF key times must increase strictly).
func dedupeTimes(fr []float64, fps float64) []float64 {
	w := 0
	var last float32
	for i, f := range fr {
		t := secs32(f, fps)
		if i > 0 && t <= last {
			continue
		}
		fr[w], last = f, t
		w++
	}
	return fr[:w]
}
