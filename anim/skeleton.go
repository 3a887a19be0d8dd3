package anim

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// HierarchyMode is the rule that composes joint matrices.
type HierarchyMode uint8

const (
	// J3DBasic: local = T·Rz·Ry·Rx·S, world = parent·local (with the
	// games' scale quirk, see Skeleton.World).
	J3DBasic HierarchyMode = iota
	// J3DSoftImage: translation scaled by the accumulated parent scale;
	// scale is not passed down the chain.
	J3DSoftImage
	// J3DMaya: T·R·S, with scale compensation dividing a joint's rotation
	// rows by its parent's local scale when the joint asks for it.
	J3DMaya
	// Standard: local = T·R·S (R from Euler Rz·Ry·Rx or a quaternion),
	// world = parent·local. JBA skeletons, stand-ins and root motion. A
	// joint with ScaleCompensate has its rotation rows divided by the
	// parent's local scale, as J3DMaya.
	Standard
	// G3dNoScale, G3dStandard, G3dMaya and G3dSoftimage are the four
	// scale modes of a NintendoWare G3d skeleton (BFRES FSKL flags bits
	// 8-9: none, standard, maya, softimage), composed as the runtime does
	// (see worldG3d). They read Joint.Flags, or the flags of the bone
	// animation driving a joint (Target.HasFlags).
	G3dNoScale
	G3dStandard
	G3dMaya
	G3dSoftimage
)

var hierarchyNames = [...]string{"basic", "softimage", "maya", "standard", "g3d-none", "g3d-standard", "g3d-maya", "g3d-softimage"}

func (m HierarchyMode) String() string {
	if int(m) < len(hierarchyNames) {
		return hierarchyNames[m]
	}
	return fmt.Sprintf("hierarchy(%d)", uint8(m))
}

// Joint is one joint of a skeleton with its rest (bind) transform.
type Joint struct {
	Name   string
	Parent int // -1 for a root
	// Rest holds the rest scale, rotation (Euler degrees, or quaternion
	// when Quaternion is set) and translation in the slots of a pose.
	Rest            [NumSlots]float64
	Quaternion      bool
	ScaleCompensate bool
	// Flags are the joint's G3d transform flags (the G3d modes only; a
	// bound target with its own flags replaces them while it drives the
	// joint).
	Flags TransformFlags
}

// Skeleton is a joint hierarchy.
type Skeleton struct {
	Name   string
	Mode   HierarchyMode
	Joints []Joint
	// order lists joint indices so that every parent comes before its
	// children; Finish computes it.
	order []int
}

// Finish validates the hierarchy (parents in range, no cycles) and prepares
// the evaluation order. Call it once after building the skeleton.
func (s *Skeleton) Finish() error {
	n := len(s.Joints)
	for i, j := range s.Joints {
		if j.Parent < -1 || j.Parent >= n || j.Parent == i {
			return fmt.Errorf("joint %d (%q): parent %d out of range (%d joints)", i, j.Name, j.Parent, n)
		}
		for _, v := range j.Rest {
			if !finite(v) {
				return fmt.Errorf("joint %d (%q): rest value %v is not finite", i, j.Name, v)
			}
		}
	}
	// Depth-first from the roots; a joint never reached sits on a cycle.
	const (
		unseen = iota
		done
	)
	state := make([]uint8, n)
	order := make([]int, 0, n)
	children := make([][]int, n)
	var roots []int
	for i, j := range s.Joints {
		if j.Parent < 0 {
			roots = append(roots, i)
		} else {
			children[j.Parent] = append(children[j.Parent], i)
		}
	}
	stack := append([]int(nil), roots...)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if state[i] == done {
			continue
		}
		state[i] = done
		order = append(order, i)
		stack = append(stack, children[i]...)
	}
	if len(order) != n {
		for i := range state {
			if state[i] == unseen {
				return fmt.Errorf("joint %d (%q): parent chain forms a cycle", i, s.Joints[i].Name)
			}
		}
	}
	s.order = order
	return nil
}

// Binding says which clip target drives each skeleton joint.
type Binding struct {
	Target []int // per joint: the clip target index, or -1 (rest pose)
	// Issues are what the binding could not do, as data: pairing decides
	// from them whether a clip suits a skeleton, and Warnings is their
	// text for the user.
	Issues   []BindIssue
	Warnings []string // Issues as text, one line each, in the same order
}

// BindIssueKind is what went wrong binding one target (or the clip).
type BindIssueKind uint8

const (
	// MissingBone: a named joint target has no joint of its name; it
	// drives nothing, the rest of the clip still plays.
	MissingBone BindIssueKind = iota + 1
	// ExtraTrack: a name appears more often among the clip's targets than
	// among the skeleton's joints; the extra track drives nothing.
	ExtraTrack
	// JointCountMismatch: an index binding (J3D) whose clip and skeleton
	// have different joint counts; the first min(both) joints bind. It
	// means another model's animation rather than a few missing bones.
	JointCountMismatch
)

// BindIssue is one thing a binding could not do.
type BindIssue struct {
	Kind BindIssueKind
	// Target is the clip target concerned and Name its name (MissingBone,
	// ExtraTrack); -1 and "" for JointCountMismatch.
	Target int
	Name   string
	// Targets and Joints are the two counts of a JointCountMismatch.
	Targets, Joints int
}

// String is the issue as a warning line.
func (i BindIssue) String() string {
	switch i.Kind {
	case MissingBone:
		return fmt.Sprintf("animated bone %q is not in the skeleton", i.Name)
	case ExtraTrack:
		return fmt.Sprintf("animated bone %q appears more often than in the skeleton; the extra track drives nothing", i.Name)
	case JointCountMismatch:
		return fmt.Sprintf("animation has %d joints, skeleton has %d; binding the first %d by index",
			i.Targets, i.Joints, min(i.Targets, i.Joints))
	}
	return fmt.Sprintf("binding issue %d", i.Kind)
}

// Add records an issue and its warning text.
func (b *Binding) Add(i BindIssue) {
	b.Issues = append(b.Issues, i)
	b.Warnings = append(b.Warnings, i.String())
}

// Bound counts the joints a target drives.
func (b *Binding) Bound() int {
	n := 0
	for _, t := range b.Target {
		if t >= 0 {
			n++
		}
	}
	return n
}

// OnlyMissingBones reports whether every issue is a MissingBone: the
// clip was made for this skeleton, or one with the same bone names.
func (b *Binding) OnlyMissingBones() bool {
	for _, i := range b.Issues {
		if i.Kind != MissingBone {
			return false
		}
	}
	return true
}

// BindByIndex binds target i to joint i (J3D: a BCK entry drives the JNT1
// joint with the same index). A count mismatch is a warning; the clip still
// drives the joints that exist.
func BindByIndex(c *Clip, s *Skeleton) Binding {
	b := Binding{Target: make([]int, len(s.Joints))}
	for i := range b.Target {
		b.Target[i] = -1
		if i < len(c.Targets) && c.Targets[i].Kind == JointTarget {
			b.Target[i] = i
		}
	}
	if len(c.Targets) != len(s.Joints) {
		b.Add(BindIssue{Kind: JointCountMismatch, Target: -1, Targets: len(c.Targets), Joints: len(s.Joints)})
	}
	return b
}

// BindByName binds targets to joints with the same name (BFRES, JBA);
// targets without a joint are listed as warnings.
func BindByName(c *Clip, s *Skeleton) Binding {
	b := Binding{Target: make([]int, len(s.Joints))}
	byName := make(map[string]int, len(s.Joints))
	for i, j := range s.Joints {
		b.Target[i] = -1
		if _, dup := byName[j.Name]; !dup {
			byName[j.Name] = i
		}
	}
	for ti := range c.Targets {
		t := &c.Targets[ti]
		if t.Kind != JointTarget {
			continue
		}
		if ji, ok := byName[t.Name]; ok {
			b.Target[ji] = ti
		} else {
			b.Add(BindIssue{Kind: MissingBone, Target: ti, Name: t.Name})
		}
	}
	return b
}

// LocalSRT returns joint j's local values: the bound target's pose when the
// clip drives it (it replaces the whole local transform, except the slots
// the target leaves to the skeleton, Target.FromRest, which take the
// joint's rest values), else the rest.
func (s *Skeleton) LocalSRT(j int, pose *Pose, b *Binding) (v [NumSlots]float64, quat bool) {
	p, quat, _ := s.local(j, pose, b, &v)
	return *p, quat
}

// LocalFlags are the G3d transform flags joint j is posed with: the bound
// target's own (Target.HasFlags) or else the joint's (see worldG3d).
func (s *Skeleton) LocalFlags(j int, pose *Pose, b *Binding) TransformFlags {
	if pose != nil && b != nil && j < len(b.Target) {
		if ti := b.Target[j]; ti >= 0 && ti < len(pose.Targets) && pose.Targets[ti].HasFlags {
			return pose.Targets[ti].Flags
		}
	}
	return s.Joints[j].Flags
}

// JointLocal is joint j's local values, rotation kind and flags when its
// bound target's pose is tp (nil: the joint is not animated), exactly as
// World reads them: slots the clip leaves to the skeleton
// (Target.FromRest) come from the joint's rest, flags from the target
// where it has its own. The G3d shortcut flags are not applied to v. v
// points into tp or the joint, or, when slots are filled, at scratch;
// treat it as read-only.
func (s *Skeleton) JointLocal(j int, tp *TargetPose, scratch *[NumSlots]float64) (v *[NumSlots]float64, quat bool, flags TransformFlags) {
	jt := &s.Joints[j]
	if tp == nil {
		return &jt.Rest, jt.Quaternion, jt.Flags
	}
	v, quat, flags = &tp.V, tp.Quaternion, jt.Flags
	if tp.HasFlags {
		flags = tp.Flags
	}
	if tp.FromRest != 0 {
		*scratch = tp.V
		jt.restInto(scratch, tp.FromRest, quat)
		v = scratch
	}
	return v, quat, flags
}

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
