package anim

import "fmt"

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
