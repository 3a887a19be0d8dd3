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
	// world = parent·local. BFRES and JBA skeletons. A joint with
	// ScaleCompensate (BFRES Maya scale mode, segment scale compensation)
	// has its rotation rows divided by the parent's local scale, as J3DMaya.
	Standard
)

var hierarchyNames = [...]string{"basic", "softimage", "maya", "standard"}

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
	Target   []int    // per joint: the clip target index, or -1 (rest pose)
	Warnings []string // mismatches found while binding, for the user
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
		b.Warnings = append(b.Warnings, fmt.Sprintf("animation has %d joints, skeleton has %d; binding the first %d by index",
			len(c.Targets), len(s.Joints), min(len(c.Targets), len(s.Joints))))
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
			b.Warnings = append(b.Warnings, fmt.Sprintf("animated bone %q is not in the skeleton", t.Name))
		}
	}
	return b
}

// LocalSRT returns joint j's local values: the bound target's pose when the
// clip drives it (it replaces the whole local transform), else the rest.
func (s *Skeleton) LocalSRT(j int, pose *Pose, b *Binding) (v *[NumSlots]float64, quat bool) {
	if pose != nil && b != nil && j < len(b.Target) {
		if ti := b.Target[j]; ti >= 0 && ti < len(pose.Targets) {
			return &pose.Targets[ti].V, pose.Targets[ti].Quaternion
		}
	}
	return &s.Joints[j].Rest, s.Joints[j].Quaternion
}

// World computes every joint's world matrix (model matrix = identity) for
// a clip pose bound with b; pose and b may be nil for the rest pose. out
// must have one matrix per joint. It allocates nothing.
func (s *Skeleton) World(pose *Pose, b *Binding, out []mgl64.Mat4) {
	if s.order == nil && len(s.Joints) > 0 {
		panic("anim: Skeleton.World before Finish")
	}
	for _, j := range s.order {
		v, quat := s.LocalSRT(j, pose, b)
		parent := mgl64.Ident4()
		if p := s.Joints[j].Parent; p >= 0 {
			parent = out[p]
		}
		rot := rotation(v, quat)
		scale := mgl64.Vec3{v[ScaleX], v[ScaleY], v[ScaleZ]}
		trans := mgl64.Vec3{v[TransX], v[TransY], v[TransZ]}
		if (s.Mode == J3DMaya || s.Mode == Standard) && s.Joints[j].ScaleCompensate {
			if p := s.Joints[j].Parent; p >= 0 {
				pv, _ := s.LocalSRT(p, pose, b)
				for r := 0; r < 3; r++ {
					inv := 1 / pv[ScaleX+Slot(r)]
					for c := 0; c < 3; c++ {
						rot[c*3+r] *= inv
					}
				}
			}
		}
		local := compose(trans, rot, scale)
		out[j] = parent.Mul4(local)
	}
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

// compose builds T·R·S as a 4x4 matrix.
func compose(t mgl64.Vec3, r mgl64.Mat3, s mgl64.Vec3) mgl64.Mat4 {
	return mgl64.Mat4{
		r[0] * s[0], r[1] * s[0], r[2] * s[0], 0,
		r[3] * s[1], r[4] * s[1], r[5] * s[1], 0,
		r[6] * s[2], r[7] * s[2], r[8] * s[2], 0,
		t[0], t[1], t[2], 1,
	}
}
