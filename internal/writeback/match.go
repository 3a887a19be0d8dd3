package writeback

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/animscope/animscope/anim"
)

// Match pairs the glTF's nodes with the target skeleton's joints.
type Match struct {
	// Node is per joint the glTF node standing for it, -1 when none.
	Node []int
	// World is per joint the node whose world matrix is the joint's:
	// Node, or its child carrying the joint's scale where the export
	// split the two (a SoftImage skeleton: the child has extras
	// {"jointScale": N}, or, once Blender dropped the extras, the name
	// "NAME scale"); -1 when none.
	World []int
	// Driven is per joint whether the glTF moves it against its parent
	// joint: its node, or a node between it and its parent joint's node,
	// is animated, or held still by the animation (Node.Held). Other
	// joints keep the target's tracks.
	Driven []bool
	// Ignored are the names of nodes that stand for no joint; Kept the
	// names of matched joints the glTF does not animate.
	Ignored, Kept []string
}

// jointName is how animscope's export names joint j (joints without a
// name become "joint N").
func jointName(s *anim.Skeleton, j int) string {
	if n := s.Joints[j].Name; n != "" {
		return n
	}
	return fmt.Sprintf("joint %d", j)
}

// MatchJoints matches nodes to joints by name; where several nodes share
// a joint's name, the one whose extras name the joint's index wins, and a
// node named "joint N" (an unnamed J3D joint in animscope's export) or
// carrying extras {"joint": N} without a name of the skeleton stands for
// joint N when that joint has no name. Nothing matching is an error that
// names a few nodes and joints.
func MatchJoints(src *Source, skel *anim.Skeleton) (*Match, error) {
	n := len(skel.Joints)
	m := &Match{Node: make([]int, n), Driven: make([]bool, n)}
	byName := map[string]int{}
	for j := range skel.Joints {
		m.Node[j] = -1
		if name := skel.Joints[j].Name; name != "" {
			if _, dup := byName[name]; !dup {
				byName[name] = j
			}
		}
	}
	used := make([]bool, len(src.Nodes))
	for i := range src.Nodes {
		nd := &src.Nodes[i]
		j, ok := byName[nd.Name]
		if !ok {
			j = unnamedJoint(nd, skel)
			if j < 0 {
				continue
			}
		}
		if cur := m.Node[j]; cur >= 0 && !(src.Nodes[cur].Joint != j && nd.Joint == j) {
			continue
		}
		if cur := m.Node[j]; cur >= 0 {
			used[cur] = false
		}
		m.Node[j], used[i] = i, true
	}
	m.World = scaleChildren(src, m.Node, used)
	matched := 0
	for j, ni := range m.Node {
		if ni < 0 {
			continue
		}
		matched++
		stop := -1
		if p := skel.Joints[j].Parent; p >= 0 {
			stop = m.Node[p]
		}
		for k := ni; k >= 0 && k != stop; k = src.Nodes[k].Parent {
			if src.Nodes[k].Animated() || src.Nodes[k].Held {
				m.Driven[j] = true
				break
			}
		}
		if w := m.World[j]; w != ni && src.Nodes[w].Animated() {
			m.Driven[j] = true
		}
		if !m.Driven[j] {
			m.Kept = append(m.Kept, jointName(skel, j))
		}
	}
	for i := range src.Nodes {
		if !used[i] {
			m.Ignored = append(m.Ignored, nodeName(src, i))
		}
	}
	if matched == 0 {
		var joints, nodes []string
		for j := range skel.Joints {
			joints = append(joints, jointName(skel, j))
		}
		for i := range src.Nodes {
			nodes = append(nodes, nodeName(src, i))
		}
		return nil, fmt.Errorf("no glTF node matches a joint of %s by name: nodes %s; joints %s", skelName(skel), listNames(nodes, 4), listNames(joints, 4))
	}
	src.alignRest(skel, m)
	return m, nil
}

// scaleChildren is per joint the node whose world matrix is the joint's
// (Match.World): the child of its node that carries its scale, else its
// node. A scale child counts as used.
func scaleChildren(src *Source, node []int, used []bool) []int {
	world := slices.Clone(node)
	jointOf := map[int]int{}
	for j, ni := range node {
		if ni >= 0 {
			jointOf[ni] = j
		}
	}
	for i := range src.Nodes {
		nd := &src.Nodes[i]
		j, ok := jointOf[nd.Parent]
		if ok && (nd.ScaleOf == j || nd.ScaleOf < 0 && nd.Name == src.Nodes[nd.Parent].Name+" scale") {
			world[j], used[i] = i, true
		}
	}
	return world
}

func nodeName(src *Source, i int) string {
	if n := src.Nodes[i].Name; n != "" {
		return n
	}
	return fmt.Sprintf("node %d", i)
}

func skelName(s *anim.Skeleton) string {
	if s.Name != "" {
		return s.Name
	}
	return "the skeleton"
}

// unnamedJoint is the unnamed joint a node stands for, or -1.
func unnamedJoint(nd *Node, skel *anim.Skeleton) int {
	j := nd.Joint
	if rest, ok := strings.CutPrefix(nd.Name, "joint "); ok {
		if k, err := strconv.Atoi(rest); err == nil {
			j = k
		}
	}
	if j >= 0 && j < len(skel.Joints) && skel.Joints[j].Name == "" {
		return j
	}
	return -1
}

// lengthen is the clip's duration in frames when the glTF, ending at end
// seconds, runs longer than the target's duration (with a note saying
// so), else duration.
func lengthen(end, fps float64, duration int, notes []string) (int, []string) {
	if g := int(math.Ceil(end*fps - 1e-6)); g > duration {
		notes = append(notes, fmt.Sprintf("the glTF runs %d frames, the target %d: the animation is made longer", g, duration))
		return g, notes
	}
	return duration, notes
}
