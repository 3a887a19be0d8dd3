// Package writeback turns an animation edited outside the game (a glTF
// file, as animscope export writes it and Blender re-exports it) back into
// the game's own animation file: it reads and samples the glTF (this file
// and sampler.go), matches its nodes to the target skeleton's joints
// (match.go), turns each node's transform into the game's local values
// under the skeleton's hierarchy rule (space.go), fits keys that the
// game's evaluation plays within the export's world bound (fit.go) and
// checks the written file by decoding it again and posing it with the
// same evaluator every other command uses (verify.go).
//
// The name says what it does for the user: the animation is written back
// into the file it came from. It sits under internal/ beside export, its
// inverse, and depends on anim, formats and the format packages' encoders,
// never on a window.
package writeback

import (
	"bytes"
	"fmt"
	"io/fs"
	"math"
	"sync"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
)

// MaxKeys bounds the keyframes of all samplers of the chosen animation
// together. A Blender-sampled 135-bone, 300-frame clip holds about 120,000
// (three paths per bone, one key per frame); 4M is far above any real
// edit and keeps a hostile file's reading and sampling to seconds and its
// memory to the size of the file itself.
const MaxKeys = 1 << 22

// Paths of a node's transform.
const (
	pathT = iota
	pathR
	pathS
	numPaths
)

var pathNames = [numPaths]string{"translation", "rotation", "scale"}

// Interpolation of a glTF sampler.
type interp uint8

const (
	interpLinear interp = iota
	interpStep
	interpCubic
)

// track is one sampler driving one path of one node: key times in
// seconds, and per key comps values (three blocks of comps per key for
// CUBICSPLINE: in-tangent, value, out-tangent).
type track struct {
	times  []float64
	values []float64
	comps  int
	interp interp

	// arcs are a LINEAR rotation track's slerp constants per key pair
	// (sampler.go), made once on first use: posing the glTF at every
	// sample and check frame would take an arccosine and a sine per key
	// pair again each time.
	arcsOnce sync.Once
	arcs     []slerpArc
}

// Node is one glTF node: its parent, its static transform and the tracks
// of the chosen animation driving it.
type Node struct {
	Name  string
	Joint int // extras {"joint": N} of animscope's export, else -1
	// ScaleOf is N for extras {"jointScale": N}: the node under joint
	// N's node that carries its scale (the export's SoftImage layout),
	// else -1.
	ScaleOf int
	Parent  int // -1 for a scene root
	// Static is the node's transform when no track drives a path: TRS
	// (R a unit quaternion x, y, z, w), or Matrix when HasMatrix.
	T, S      [3]float64
	R         [4]float64
	Matrix    mgl64.Mat4
	HasMatrix bool
	// Held: the animation's extras list the node among those its clip
	// holds still at the node's own transform (animscope's export leaves
	// them without channels).
	Held   bool
	tracks [numPaths]*track
}

// Animated reports whether the chosen animation drives the node.
func (n *Node) Animated() bool {
	return n.tracks[pathT] != nil || n.tracks[pathR] != nil || n.tracks[pathS] != nil
}

// Source is a glTF file's node hierarchy with one of its animations.
type Source struct {
	File  string
	Nodes []Node
	order []int // parents before children
	// fix turns matched nodes back to their joints' frames (alignRest):
	// node index -> the turn WorldAt applies after posing; nil for none.
	fix       map[int]mgl64.Mat4
	Animation string
	// FPS is the frame rate the animation's extras state (animscope's
	// export writes them), 0 when absent.
	FPS float64
	// End is the last key time of the animation, in seconds.
	End float64
	// LoopMode is the loop mode the animation's extras state ("loop",
	// "once", ...; animscope's export writes it), "" when absent.
	LoopMode string
	// Animations lists every animation's name, for messages.
	Animations []string
}

// decodeAnimated decodes a .glb or .gltf (external buffers through fsys,
// nil for a .glb) and picks its animation: name when given, else the
// only one, else the one named like the target clip (clipName). It
// returns the document, every animation's name ("animation N" when it
// has none) and the picked one's index. Every problem is one line naming
// file.
func decodeAnimated(file string, data []byte, fsys fs.FS, name, clipName string) (*gltf.Document, []string, int, error) {
	doc := new(gltf.Document)
	dec := gltf.NewDecoder(bytes.NewReader(data))
	if fsys != nil {
		dec = gltf.NewDecoderFS(bytes.NewReader(data), fsys)
	}
	if err := decodeSafely(dec, doc); err != nil {
		return nil, nil, 0, fmt.Errorf("%s: not a readable glTF: %v", file, err)
	}
	if err := nullEntry(doc); err != nil {
		return nil, nil, 0, fmt.Errorf("%s: not a valid glTF: %v", file, err)
	}
	if len(doc.Animations) == 0 {
		return nil, nil, 0, fmt.Errorf("%s: the glTF has no animations", file)
	}
	names := make([]string, len(doc.Animations))
	for i, a := range doc.Animations {
		names[i] = a.Name
		if names[i] == "" {
			names[i] = fmt.Sprintf("animation %d", i)
		}
	}
	ai, err := pickAnimation(names, name, clipName)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("%s: %v", file, err)
	}
	return doc, names, ai, nil
}

// ReadGLTF decodes a .glb or .gltf (external buffers are read from dir
// through fsys, which may be nil for a .glb) and picks the animation:
// name when given, else the only one, else the one named like the target
// clip (clipName). Every problem is one line naming file.
func ReadGLTF(file string, data []byte, fsys fs.FS, name, clipName string) (*Source, error) {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%s: %s", file, fmt.Sprintf(format, args...))
	}
	doc, names, ai, err := decodeAnimated(file, data, fsys, name, clipName)
	if err != nil {
		return nil, err
	}
	src := &Source{File: file, Animations: names}
	src.Animation = src.Animations[ai]
	if err := src.readNodes(doc); err != nil {
		return nil, fail("%v", err)
	}
	if err := src.readAnimation(doc, doc.Animations[ai]); err != nil {
		return nil, fail("animation %q: %v", src.Animation, err)
	}
	return src, nil
}

// decodeSafely runs the library's decoder, which trusts some counts of a
// malformed file; a panic there is turned into an error so that a bad
// file is one line, not a crash.
func decodeSafely(dec *gltf.Decoder, doc *gltf.Document) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("malformed document (%v)", r)
		}
	}()
	return dec.Decode(doc)
}

// nullEntry names the first null among the document's lists ("nodes":
// [null]), which the decoder keeps as a nil entry and glTF forbids.
func nullEntry(doc *gltf.Document) error {
	check := func(what string, n int, isNil func(int) bool) error {
		for i := range n {
			if isNil(i) {
				return fmt.Errorf("%s %d is null", what, i)
			}
		}
		return nil
	}
	errs := []error{
		check("node", len(doc.Nodes), func(i int) bool { return doc.Nodes[i] == nil }),
		check("scene", len(doc.Scenes), func(i int) bool { return doc.Scenes[i] == nil }),
		check("accessor", len(doc.Accessors), func(i int) bool { return doc.Accessors[i] == nil }),
		check("buffer view", len(doc.BufferViews), func(i int) bool { return doc.BufferViews[i] == nil }),
		check("buffer", len(doc.Buffers), func(i int) bool { return doc.Buffers[i] == nil }),
		check("material", len(doc.Materials), func(i int) bool { return doc.Materials[i] == nil }),
		check("texture", len(doc.Textures), func(i int) bool { return doc.Textures[i] == nil }),
		check("animation", len(doc.Animations), func(i int) bool { return doc.Animations[i] == nil }),
	}
	for ai, a := range doc.Animations {
		if a == nil {
			break
		}
		errs = append(errs,
			check(fmt.Sprintf("animation %d: channel", ai), len(a.Channels), func(i int) bool { return a.Channels[i] == nil }),
			check(fmt.Sprintf("animation %d: sampler", ai), len(a.Samplers), func(i int) bool { return a.Samplers[i] == nil }))
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func pickAnimation(names []string, want, clipName string) (int, error) {
	if want != "" {
		for i, n := range names {
			if n == want {
				return i, nil
			}
		}
		return 0, fmt.Errorf("no animation %q (it has %s)", want, listNames(names, 8))
	}
	if len(names) == 1 {
		return 0, nil
	}
	for i, n := range names {
		if clipName != "" && n == clipName {
			return i, nil
		}
	}
	return 0, fmt.Errorf("%d animations and none named %q: choose one with --animation (%s)", len(names), clipName, listNames(names, 8))
}

// listNames quotes the first few names and counts the rest.
func listNames(names []string, keep int) string {
	s := ""
	for i, n := range names {
		if i == keep {
			return s + fmt.Sprintf(" and %d more", len(names)-keep)
		}
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%q", n)
	}
	return s
}

func finiteAll(v ...float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

func (s *Source) readNodes(doc *gltf.Document) error {
	n := len(doc.Nodes)
	s.Nodes = make([]Node, n)
	for i, gn := range doc.Nodes {
		nd := &s.Nodes[i]
		nd.Name, nd.Parent, nd.Joint, nd.ScaleOf = gn.Name, -1, -1, -1
		if ex, ok := gn.Extras.(map[string]any); ok {
			index := func(key string) int {
				if j, ok := ex[key].(float64); ok && j >= 0 && j == math.Trunc(j) && j < 1<<20 {
					return int(j)
				}
				return -1
			}
			nd.Joint, nd.ScaleOf = index("joint"), index("jointScale")
		}
		nd.T, nd.R, nd.S = gn.TranslationOrDefault(), gn.RotationOrDefault(), gn.ScaleOrDefault()
		if m := gn.MatrixOrDefault(); m != gltf.DefaultMatrix {
			nd.Matrix, nd.HasMatrix = mgl64.Mat4(m), true
			if !finiteAll(m[:]...) {
				return fmt.Errorf("node %d (%q): matrix is not finite", i, gn.Name)
			}
		}
		if !finiteAll(nd.T[:]...) || !finiteAll(nd.R[:]...) || !finiteAll(nd.S[:]...) {
			return fmt.Errorf("node %d (%q): transform is not finite", i, gn.Name)
		}
		nd.R = normQuat(nd.R)
	}
	for i, gn := range doc.Nodes {
		for _, c := range gn.Children {
			if c < 0 || c >= n || c == i {
				return fmt.Errorf("node %d (%q): child %d out of range (%d nodes)", i, gn.Name, c, n)
			}
			if s.Nodes[c].Parent >= 0 {
				return fmt.Errorf("node %d has two parents (%d and %d)", c, s.Nodes[c].Parent, i)
			}
			s.Nodes[c].Parent = i
		}
	}
	// Parents before children; a node never reached from a root is on a
	// cycle.
	children := make([][]int, n)
	var stack []int
	for i := range s.Nodes {
		if p := s.Nodes[i].Parent; p >= 0 {
			children[p] = append(children[p], i)
		} else {
			stack = append(stack, i)
		}
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		s.order = append(s.order, i)
		stack = append(stack, children[i]...)
	}
	if len(s.order) != n {
		return fmt.Errorf("the node hierarchy has a cycle")
	}
	return nil
}

// markHeld marks the nodes named in an animation's extras "held" list
// (names that are not strings, or name no node, are skipped).
func (s *Source) markHeld(list any) {
	names, _ := list.([]any)
	held := map[string]bool{}
	for _, n := range names {
		if name, ok := n.(string); ok {
			held[name] = true
		}
	}
	for i := range s.Nodes {
		s.Nodes[i].Held = held[s.Nodes[i].Name]
	}
}

func normQuat(q [4]float64) [4]float64 {
	l := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
	if l == 0 || math.IsNaN(l) {
		return [4]float64{0, 0, 0, 1}
	}
	return [4]float64{q[0] / l, q[1] / l, q[2] / l, q[3] / l}
}

func (s *Source) readAnimation(doc *gltf.Document, a *gltf.Animation) error {
	if ex, ok := a.Extras.(map[string]any); ok {
		if f, ok := ex["fps"].(float64); ok && f > 0 && f < 1e4 {
			s.FPS = f
		}
		s.LoopMode, _ = ex["loopMode"].(string)
		s.markHeld(ex["held"])
	}
	if err := checkKeyBudget(doc, a); err != nil {
		return err
	}
	cache := map[int]*track{}
	for ci, ch := range a.Channels {
		if ch.Target.Node == nil {
			continue // an extension's target (KHR_animation_pointer): not a joint
		}
		ni := *ch.Target.Node
		if ni < 0 || ni >= len(s.Nodes) {
			return fmt.Errorf("channel %d: node %d out of range (%d nodes)", ci, ni, len(s.Nodes))
		}
		var p int
		switch ch.Target.Path {
		case gltf.TRSTranslation:
			p = pathT
		case gltf.TRSRotation:
			p = pathR
		case gltf.TRSScale:
			p = pathS
		default:
			continue // morph weights drive no joint
		}
		if s.Nodes[ni].HasMatrix {
			return fmt.Errorf("channel %d animates node %d (%q), which has a matrix (glTF forbids that)", ci, ni, s.Nodes[ni].Name)
		}
		key := ch.Sampler<<2 | p
		tr, ok := cache[key]
		if !ok {
			var err error
			if tr, err = readTrack(doc, a.Samplers[ch.Sampler], p); err != nil {
				return fmt.Errorf("channel %d (%s of node %q): %v", ci, pathNames[p], s.Nodes[ni].Name, err)
			}
			cache[key] = tr
		}
		s.Nodes[ni].tracks[p] = tr
		if n := len(tr.times); n > 0 {
			s.End = math.Max(s.End, tr.times[n-1])
		}
	}
	for i := range s.Nodes {
		if s.Nodes[i].Animated() {
			return nil
		}
	}
	return fmt.Errorf("no channel animates a node's translation, rotation or scale")
}

// checkKeyBudget checks a's channels name a sampler and an input accessor
// that exist, and counts their keyframes first, so that a file claiming
// 10^9 keys is refused before anything is allocated for them.
func checkKeyBudget(doc *gltf.Document, a *gltf.Animation) error {
	total := 0
	for ci, ch := range a.Channels {
		if ch.Sampler < 0 || ch.Sampler >= len(a.Samplers) {
			return fmt.Errorf("channel %d: sampler %d out of range (%d samplers)", ci, ch.Sampler, len(a.Samplers))
		}
		in := a.Samplers[ch.Sampler].Input
		if in < 0 || in >= len(doc.Accessors) {
			return fmt.Errorf("channel %d: input accessor %d out of range", ci, in)
		}
		total += int(min(doc.Accessors[in].Count, MaxKeys+1))
		if total > MaxKeys {
			return fmt.Errorf("more than %d keyframes in all; this importer reads up to that many", MaxKeys)
		}
	}
	return nil
}
