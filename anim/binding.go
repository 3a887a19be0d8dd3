package anim

import "fmt"

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
