// Package export writes animations to glTF 2.0 (.glb, or .gltf with a
// .bin), exact to the game: a conformant glTF player shows every joint
// where `animscope sample --model` puts it, at any time, within
// PositionBound, J3D rotations taken before the games' truncation to
// whole units (anim.Clip.UnroundedRotations: the promise's one stated
// exception, less than a unit per channel). Skeletons become node hierarchies (a node per joint,
// extras {"joint": index}); each clip becomes one glTF animation (extras
// {fps, frames, loopMode, source}) resampled with a bounded error (see
// bakeJoints for its stages: posing, error bound, keying, sampling, key
// reduction), the clips of one name that play together one animation
// (see mergeGroups); texture SRT animations drive KHR_texture_transform
// on test quads and colour animations the quads' baseColorFactor, both
// through KHR_animation_pointer (sampled by sampleVec). Every channel
// is written by channels.go into the one buffer (buffer.go).
//
// Models (mesh.Model) posed by the skeleton become skinned glTF meshes
// (see skin.go for how the game's skinning maps onto glTF's exactly,
// meshes.go for the meshes, meshmaterial.go for materials and textures);
// texture SRT and colour animations then drive the real materials, and
// the test quads appear only in files without a model.
//
// It depends on anim, mesh and formats (the same posing and binding the
// CLI and the viewer use) and on assets for the UV checker the test quads
// show, never on a window, GL or the UI.
package export

import (
	"fmt"
	"hash/maphash"
	"path"
	"strconv"
	"strings"

	"github.com/qmuntal/gltf"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/mesh"
)

// Clip is one animation to export and where it came from.
type Clip struct {
	Clip *anim.Clip
	// Source names the input in warnings, as the user gave it.
	Source string
	// Origin names the input in the file (the "source" extra): no
	// folder, so that the same inputs give the same bytes wherever they
	// lie (SourceName). Empty: the base name of Source.
	Origin string
}

// SourceName is how an exported file names an input: the file's base
// name, and for a file inside an archive the entry's path after a colon
// ("track.arc:objects/bomb.bca").
func SourceName(file, entry string) string {
	base := path.Base(strings.ReplaceAll(file, `\`, "/"))
	if entry == "" {
		return base
	}
	return base + ":" + entry
}

// origin is the "source" extra of c.
func (c Clip) origin() string {
	if c.Origin != "" {
		return c.Origin
	}
	return SourceName(c.Source, "")
}

// Scene is what one output file holds: a skeleton (nil: none; joint clips
// then get the viewer's stand-in skeleton, one unparented joint per
// target) and the clips to play on it.
type Scene struct {
	Skeleton *anim.Skeleton
	// Models are the models Skeleton poses, written as skinned meshes
	// with their materials and textures; none: the skeleton alone.
	Models []*mesh.Model
	Clips  []Clip
	// Progress, when set, is called after each clip is converted: a
	// batch's progress moves per animation, not only per file.
	Progress func()
	// RootMotion applies JBA's world-space track to the skeleton's roots.
	RootMotion bool
	// Interpolation is how the joint channels are keyed (default
	// Linear).
	Interpolation Interpolation
}

// Interpolation chooses the glTF interpolation of the joint channels.
// Either way the keys are placed so that the players it is meant for show
// every joint within PositionBound; channels that hold between changes
// are STEP in both.
type Interpolation uint8

const (
	// Linear keys play right in every importer: both under the
	// specification's slerp and under the component-wise lerp and
	// normalisation of the rotation quaternion that Blender and assimp
	// do instead.
	Linear Interpolation = iota
	// Cubic writes CUBICSPLINE with the game curves' own slopes where
	// the clip's curves are smooth: fewer keys, but only for players that
	// honour the tangents (Blender's importer drops them).
	Cubic
)

// ParseInterpolation reads "linear" or "cubic".
func ParseInterpolation(s string) (Interpolation, error) {
	switch s {
	case "linear":
		return Linear, nil
	case "cubic":
		return Cubic, nil
	}
	return Linear, fmt.Errorf("interpolation %q: want linear or cubic", s)
}

// Extension names written as raw JSON (the library has no type for the
// pointer extension).
const (
	extPointer   = "KHR_animation_pointer"
	extTransform = "KHR_texture_transform"
)

// builder accumulates the document and its one binary buffer.
type builder struct {
	doc   *gltf.Document
	bin   []byte
	times []float64 // timeAccessor's scratch
	warns []string
	used  map[string]bool
	quads *quadSet
	// models are the models written, with where their parts went;
	// meshPts the points the resampling keeps within MeshBound.
	models   []*exportedModel
	meshPts  []meshPoint
	images   map[*mesh.Texture]int
	samplers map[mesh.Sampler]int
	textures map[textureKey]int
	warned   map[string]bool
	// keyView is 1 + the buffer view animation keys are written into
	// (buffer.go view), 0 before the first.
	keyView int
	// lay is the skeleton's node layout (layout.go; nil: a node per
	// joint); scaleNode is per joint its scale node, -1 for none.
	lay       *layout
	scaleNode []int
	// keyBlocks are the key accessors written, by keyHash, for
	// sameKeys.
	keyBlocks map[uint64][]keyBlock
	keySeed   maphash.Seed
}

// Build converts a scene into a glTF document. Warnings (a clip that
// binds only partly, a texture matrix with shear) are returned for the
// user; they do not stop the export.
func Build(sc Scene) (*gltf.Document, []string, error) {
	b := &builder{doc: gltf.NewDocument(), used: map[string]bool{},
		images: map[*mesh.Texture]int{}, samplers: map[mesh.Sampler]int{}, textures: map[textureKey]int{}, warned: map[string]bool{}}
	b.doc.Asset.Generator = "animscope"
	b.doc.Scenes[0].Name = "animscope export"
	skel := sc.Skeleton
	if skel == nil {
		skel = fallbackSkeleton(sc.Clips)
	}
	rest := []trs(nil)
	if skel != nil {
		b.lay = splitScale(skel, sc.Clips)
		rest = b.addSkeleton(skel)
	}
	models := withTriangles(sc.Models)
	switch {
	case len(models) > 0 && sc.Skeleton == nil:
		b.warns = append(b.warns, "the models have no skeleton to pose them; exported without meshes")
	case len(models) > 0:
		b.meshPts = b.addModels(skel, models)
	}
	b.quads = newQuadSet(b, skelReach(skel, rest))
	start, done := len(b.bin), 0
	groups, names := mergeGroups(sc.Clips)
	var order []int
	for _, group := range groups {
		for _, i := range group {
			if err := sc.Clips[i].Clip.Validate(); err != nil {
				return nil, nil, fmt.Errorf("%s: %v", sc.Clips[i].Source, err)
			}
		}
		order = append(order, group...)
	}
	bk := newBakery(b, &sc, skel, rest, order)
	for gi, group := range groups {
		parts := make([]Clip, len(group))
		for k, i := range group {
			parts[k] = sc.Clips[i]
		}
		a := newAnimation(names[gi], parts)
		jointPart := false
		for _, c := range parts {
			if done > 0 {
				// Room for the clips to come at the clips' size so far
				// (growing by doubling would copy the buffer several
				// times), when the buffer is nearly full; never more
				// than twice what is written, which a long clip first
				// would otherwise make room for after every short one
				// (SMG2's 735 Mario clips in one file: 540 MB reserved
				// for 58 MB).
				avg := (len(b.bin) - start) / done
				if cap(b.bin)-len(b.bin) < 2*avg {
					need := len(b.bin) + avg*(len(sc.Clips)-done)*9/8
					b.growTo(max(cap(b.bin), min(need, 3*len(b.bin))))
				}
			}
			job := bk.take(done)
			b.addClip(a, c, skel, job)
			bk.release(job)
			if job.joints && len(parts) > 1 {
				jointPart = true
			}
			done++
			if sc.Progress != nil {
				sc.Progress()
			}
		}
		// glTF wants a channel; and a joint clip that moves nothing
		// merged with material clips keeps one on a node, or importers
		// that skip pointer channels (Blender) would lose its name.
		if len(a.Channels) == 0 || jointPart && !hasNodeChannel(a) {
			b.holdChannel(a, rest)
		}
		b.doc.Animations = append(b.doc.Animations, a)
	}
	b.finish()
	return b.doc, b.warns, nil
}

// addClip writes clip c's channels into animation a: its joints as job
// baked them, and its materials.
func (b *builder) addClip(a *gltf.Animation, c Clip, skel *anim.Skeleton, job *bakeJob) {
	if job.joints {
		for _, w := range collapse(job.bind.Warnings) {
			b.warns = append(b.warns, fmt.Sprintf("%s on %s: %s", c.Source, skelLabel(skel), w))
		}
		b.warns = append(b.warns, job.warns...)
		moved := make([]bool, len(skel.Joints))
		for _, ch := range job.chans {
			b.addNodeChannel(a, c.Clip.FPS, ch)
			moved[ch.node] = true
		}
		b.markHeld(a, job.bind.Target, moved)
	}
	b.materialTracks(a, c)
}

// markHeld lists in a's extras ("held") the nodes of the joints the clip
// drives (target, per joint: the clip target or -1) that got no channel
// because they stay at their rest (the nodes' own transforms) all clip
// long. A glTF player holds them there anyway; the list tells animscope
// import that the clip holds them still, so imported onto another clip
// they hold still too instead of keeping that clip's motion.
func (b *builder) markHeld(a *gltf.Animation, target []int, moved []bool) {
	var held []string
	for j, t := range target {
		if t >= 0 && !moved[j] {
			held = append(held, b.doc.Nodes[j].Name)
		}
	}
	if len(held) > 0 {
		a.Extras.(map[string]any)["held"] = held
	}
}

// withTriangles keeps the models that draw something (a model file's
// skeleton alone, as a J3D model without shapes, exports as before).
func withTriangles(models []*mesh.Model) []*mesh.Model {
	var out []*mesh.Model
	for _, m := range models {
		for si := range m.Shapes {
			if len(m.Shapes[si].Triangles) > 0 {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

func clipName(c Clip) string {
	if c.Clip.Name != "" {
		return c.Clip.Name
	}
	return formatStem(c.Source)
}

// collapse keeps a binding's first warnings and counts the rest, so a
// clip of 120 unknown bones is a few lines, not 120.
func collapse(w []string) []string {
	const keep = 3
	if len(w) <= keep+1 {
		return w
	}
	return append(w[:keep:keep], fmt.Sprintf("and %d more like these", len(w)-keep))
}

func skelLabel(s *anim.Skeleton) string {
	if s.Name != "" {
		return s.Name
	}
	return "the skeleton"
}

// fallbackSkeleton is the viewer's stand-in when a joint animation has no
// model: one unparented joint per target of the first joint clip, at
// rest, in the clip format's fallback hierarchy mode.
func fallbackSkeleton(clips []Clip) *anim.Skeleton {
	for _, c := range clips {
		if pairing.JointTargets(c.Clip) == 0 {
			continue
		}
		s := &anim.Skeleton{Name: "fallback", Mode: formats.ClipInfo(c.Clip).Fallback, Joints: make([]anim.Joint, len(c.Clip.Targets))}
		for i := range s.Joints {
			s.Joints[i] = anim.Joint{Name: c.Clip.Targets[i].Name, Parent: -1, Rest: anim.DefaultBase()}
		}
		if s.Finish() != nil {
			return nil
		}
		return s
	}
	return nil
}

// addSkeleton adds one node per joint with its rest transform, and a
// scale node under each joint b.lay splits (layout.go), and returns the
// joints' rest transforms.
func (b *builder) addSkeleton(s *anim.Skeleton) []trs {
	rest := restTRS(s, b.lay)
	base := len(b.doc.Nodes)
	for i, j := range s.Joints {
		name := j.Name
		if name == "" {
			name = fmt.Sprintf("joint %d", i)
		}
		r := rest[i]
		sc := nonZeroScale(r.S)
		if b.lay.isSplit(i) {
			sc = [3]float64{1, 1, 1}
		}
		n := &gltf.Node{Name: name, Extras: map[string]any{"joint": i},
			Translation: short3(r.T), Rotation: short4(r.R), Scale: short3(sc)}
		b.doc.Nodes = append(b.doc.Nodes, n)
	}
	b.scaleNode = make([]int, len(s.Joints))
	for i := range s.Joints {
		b.scaleNode[i] = -1
		if !b.lay.isSplit(i) {
			continue
		}
		b.scaleNode[i] = len(b.doc.Nodes)
		b.doc.Nodes = append(b.doc.Nodes, &gltf.Node{Name: b.doc.Nodes[base+i].Name + " scale",
			Extras: map[string]any{"jointScale": i}, Scale: short3(nonZeroScale(rest[i].S))})
		b.doc.Nodes[base+i].Children = append(b.doc.Nodes[base+i].Children, b.scaleNode[i])
	}
	for i, j := range s.Joints {
		if j.Parent >= 0 {
			// Under the parent's chain node, or its whole matrix.
			p := b.doc.Nodes[base+j.Parent]
			if b.lay.isSplit(j.Parent) && !b.lay.underChain(i) {
				p = b.doc.Nodes[b.scaleNode[j.Parent]]
			}
			p.Children = append(p.Children, base+i)
		} else {
			b.doc.Scenes[0].Nodes = append(b.doc.Scenes[0].Nodes, base+i)
		}
	}
	return rest
}

// skinNode is the node whose world matrix is joint j's: its scale node
// where it has one, else its own.
func (b *builder) skinNode(j int) int {
	if j >= 0 && j < len(b.scaleNode) && b.scaleNode[j] >= 0 {
		return b.scaleNode[j]
	}
	return j
}

// short32 is x at float32 precision, the float64 nearest the shortest
// decimal that reads back as float32(x): the JSON then says -1.4999959
// for a game's float32 rest, not -1.4999959468841553 (a character's nodes
// are kilobytes of such digits), and float32 readers (every player, and
// the game's own values) get the same number either way.
func short32(x float64) float64 {
	v, err := strconv.ParseFloat(strconv.FormatFloat(x, 'g', -1, 32), 64)
	if err != nil {
		return x
	}
	return v
}

func short3(v [3]float64) [3]float64 { return [3]float64{short32(v[0]), short32(v[1]), short32(v[2])} }

func short4(v [4]float64) [4]float64 {
	return [4]float64{short32(v[0]), short32(v[1]), short32(v[2]), short32(v[3])}
}

// nonZeroScale keeps a zero scale from being dropped as "default" by the
// encoder (which omits [0,0,0] and so would mean 1).
func nonZeroScale(s [3]float64) [3]float64 {
	if s == [3]float64{} {
		return [3]float64{1e-30, 1e-30, 1e-30}
	}
	return s
}

// finish attaches the buffer and lists the extensions used.
func (b *builder) finish() {
	for len(b.bin)%4 != 0 {
		b.bin = append(b.bin, 0)
	}
	if len(b.bin) > 0 { // glTF forbids an empty buffer (a skeleton alone has none)
		b.doc.Buffers = []*gltf.Buffer{{ByteLength: len(b.bin), Data: b.bin}}
	}
	for _, e := range []string{extPointer, extTransform} {
		if b.used[e] {
			b.doc.ExtensionsUsed = append(b.doc.ExtensionsUsed, e)
		}
	}
}
