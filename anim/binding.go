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
	return BindByNameIndexed(c, NewJointIndex(s, nil))
}

// BindCache is what binding many clips to many skeletons shares: pairing
// binds every clip of a folder to every model in it. It numbers bone
// names once (a clip's target names once per clip, not once per
// skeleton) and formats each warning line once. Clips and skeletons must
// not change while it is in use; it is not safe for concurrent use.
type BindCache struct {
	ids     map[string]int32
	clips   map[*Clip]*clipNames
	missing []string // per name number: its MissingBone line, "" until made
	lines   map[BindIssue]string
}

// clipNames are a clip's joint targets as numbers, compact: binding reads
// them for every skeleton instead of the clip's large targets.
type clipNames struct {
	target, id []int32  // each joint target's index and name number
	name       []string // and its name
	named      []int32  // the name numbers of the joint targets with a name
}

// id is name's number.
func (bc *BindCache) id(name string) int32 {
	if id, ok := bc.ids[name]; ok {
		return id
	}
	if bc.ids == nil {
		bc.ids = map[string]int32{}
	}
	id := int32(len(bc.ids))
	bc.ids[name] = id
	return id
}

// names are c's joint targets as numbers.
func (bc *BindCache) names(c *Clip) *clipNames {
	if cn, ok := bc.clips[c]; ok {
		return cn
	}
	if bc.clips == nil {
		bc.clips = map[*Clip]*clipNames{}
	}
	cn := &clipNames{}
	for ti := range c.Targets {
		if t := &c.Targets[ti]; t.Kind == JointTarget {
			id := bc.id(t.Name)
			cn.target, cn.id, cn.name = append(cn.target, int32(ti)), append(cn.id, id), append(cn.name, t.Name)
			if t.Name != "" {
				cn.named = append(cn.named, id)
			}
		}
	}
	bc.clips[c] = cn
	return cn
}

// line is i.String(), made once per cache (a nil cache makes it each
// time). No line names the target, so the key leaves it out.
func (bc *BindCache) line(i BindIssue) string {
	if bc == nil {
		return i.String()
	}
	if i.Kind == MissingBone {
		return bc.missingLine(bc.id(i.Name), i)
	}
	key := i
	key.Target = 0
	if s, ok := bc.lines[key]; ok {
		return s
	}
	if bc.lines == nil {
		bc.lines = map[BindIssue]string{}
	}
	s := i.String()
	bc.lines[key] = s
	return s
}

// missingLine is the line of MissingBone issue i, whose name has number
// id.
func (bc *BindCache) missingLine(id int32, i BindIssue) string {
	if int(id) >= len(bc.missing) {
		bc.missing = append(bc.missing, make([]string, int(id)+1-len(bc.missing))...)
	}
	if bc.missing[id] == "" {
		bc.missing[id] = i.String()
	}
	return bc.missing[id]
}

// JointIndex finds a skeleton's joints by name, built once to bind many
// clips to the skeleton (BindByNameIndexed).
type JointIndex struct {
	Skeleton *Skeleton
	first    map[string]int // the first joint of each name
	next     []int          // per joint, the next joint of its name, or -1
	cache    *BindCache
	byID     []int32 // with a cache: per name number, the first joint of that name, or -1
	missing  []int   // BindByNameIndexed's scratch: joint targets (by place among clipNames) without a joint
}

// NewJointIndex indexes s's joint names. With a cache (nil: none) the
// bindings made with the index share its numbered names and warning
// lines; the index is then no safer for concurrent use than the cache.
func NewJointIndex(s *Skeleton, cache *BindCache) *JointIndex {
	ix := &JointIndex{Skeleton: s, first: make(map[string]int, len(s.Joints)), next: make([]int, len(s.Joints)), cache: cache}
	for i := len(s.Joints) - 1; i >= 0; i-- { // from the end: first ends on the lowest
		name := s.Joints[i].Name
		ix.next[i] = ix.First(name)
		ix.first[name] = i
	}
	if cache != nil {
		for name, j := range ix.first {
			id := int(cache.id(name))
			for len(ix.byID) <= id {
				ix.byID = append(ix.byID, -1)
			}
			ix.byID[id] = int32(j)
		}
	}
	return ix
}

// First is the first joint named name, or -1.
func (ix *JointIndex) First(name string) int {
	if j, ok := ix.first[name]; ok {
		return j
	}
	return -1
}

// Next is the joint after j with j's name, or -1.
func (ix *JointIndex) Next(j int) int { return ix.next[j] }

// firstID is the first joint whose name has number id, or -1.
func (ix *JointIndex) firstID(id int32) int {
	if int(id) < len(ix.byID) {
		return int(ix.byID[id])
	}
	return -1
}

// Named counts c's joint targets that have a name and how many of them
// name a joint of the skeleton: how well a clip made for another file
// suits it, without binding.
func (ix *JointIndex) Named(c *Clip) (named, found int) {
	if ix.cache != nil {
		cn := ix.cache.names(c)
		for _, id := range cn.named {
			if ix.firstID(id) >= 0 {
				found++
			}
		}
		return len(cn.named), found
	}
	for ti := range c.Targets {
		t := &c.Targets[ti]
		if t.Kind != JointTarget || t.Name == "" {
			continue
		}
		named++
		if ix.First(t.Name) >= 0 {
			found++
		}
	}
	return named, found
}

// Add records an issue in b with its warning line (Binding.Add), made
// once per cache.
func (ix *JointIndex) Add(b *Binding, i BindIssue) {
	b.Issues = append(b.Issues, i)
	b.Warnings = append(b.Warnings, ix.cache.line(i))
}

// BindByNameIndexed is BindByName to the skeleton ix indexes.
func BindByNameIndexed(c *Clip, ix *JointIndex) Binding {
	b := Binding{Target: make([]int, len(ix.Skeleton.Joints))}
	for i := range b.Target {
		b.Target[i] = -1
	}
	ix.missing = ix.missing[:0]
	if ix.cache != nil {
		cn := ix.cache.names(c)
		for k, id := range cn.id {
			if ji := ix.firstID(id); ji >= 0 {
				b.Target[ji] = int(cn.target[k])
			} else {
				ix.missing = append(ix.missing, k)
			}
		}
		if n := len(ix.missing); n > 0 {
			b.Issues, b.Warnings = make([]BindIssue, n), make([]string, n)
		}
		for i, k := range ix.missing {
			b.Issues[i] = BindIssue{Kind: MissingBone, Target: int(cn.target[k]), Name: cn.name[k]}
			b.Warnings[i] = ix.cache.missingLine(cn.id[k], b.Issues[i])
		}
		return b
	}
	for ti := range c.Targets {
		if t := &c.Targets[ti]; t.Kind == JointTarget {
			if ji := ix.First(t.Name); ji >= 0 {
				b.Target[ji] = ti
			} else {
				b.Add(BindIssue{Kind: MissingBone, Target: ti, Name: t.Name})
			}
		}
	}
	return b
}
