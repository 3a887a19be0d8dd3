package export

import (
	"encoding/binary"
	"fmt"
	"math"
	"path"
	"strings"

	"github.com/qmuntal/gltf"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/assets"
)

// quadSet is the test quads that carry material animations: one quad per
// animated material (texture SRT entry or colour target), side by side
// next to the skeleton, sharing one mesh geometry and the UV checker.
type quadSet struct {
	b         *builder
	size, x0  float64
	byKey     map[string]int // material key -> material index
	geometry  [3]int         // POSITION, TEXCOORD_0, indices accessors
	haveGeom  bool
	texture   int
	haveImage bool
}

func newQuadSet(b *builder, reach float64) *quadSet {
	size := math.Max(1, reach/2)
	return &quadSet{b: b, size: size, x0: reach + size, byKey: map[string]int{}, texture: -1}
}

// skelReach is how far the skeleton's rest pose reaches from the origin
// (for placing the quads beside it).
func skelReach(s *anim.Skeleton, rest []trs) float64 {
	if s == nil {
		return 0
	}
	k := newBaker(s, nil, nil, false, nil)
	k.worldAt(0)
	r := 0.0
	for _, w := range k.world {
		r = math.Max(r, math.Abs(w[12]))
	}
	return r
}

func (q *quadSet) geometryAccessors() [3]int {
	if q.haveGeom {
		return q.geometry
	}
	b := q.b
	s := q.size
	pos := []float64{0, 0, 0, s, 0, 0, s, s, 0, 0, s, 0}
	uv := []float64{0, 1, 1, 1, 1, 0, 0, 0}
	q.geometry[0] = b.floatAccessor(pos, gltf.AccessorVec3, true)
	b.doc.BufferViews[len(b.doc.BufferViews)-1].Target = gltf.TargetArrayBuffer
	q.geometry[1] = b.floatAccessor(uv, gltf.AccessorVec2, false)
	b.doc.BufferViews[len(b.doc.BufferViews)-1].Target = gltf.TargetArrayBuffer
	var idx []byte
	for _, i := range []uint16{0, 1, 2, 0, 2, 3} {
		idx = binary.LittleEndian.AppendUint16(idx, i)
	}
	view := b.addBytes(idx)
	b.doc.BufferViews[view].Target = gltf.TargetElementArrayBuffer
	b.doc.Accessors = append(b.doc.Accessors, &gltf.Accessor{BufferView: gltf.Index(view), ComponentType: gltf.ComponentUshort, Count: 6, Type: gltf.AccessorScalar})
	q.geometry[2] = len(b.doc.Accessors) - 1
	q.haveGeom = true
	return q.geometry
}

// checkerTexture is the UV checker (the viewer's test-quad texture).
func (q *quadSet) checkerTexture() (int, error) {
	if q.haveImage {
		return q.texture, nil
	}
	png, err := assets.CheckerPNG()
	if err != nil {
		return 0, err
	}
	b := q.b
	view := b.addBytes(png)
	b.doc.Images = append(b.doc.Images, &gltf.Image{Name: "checker", MimeType: "image/png", BufferView: gltf.Index(view)})
	b.doc.Samplers = append(b.doc.Samplers, &gltf.Sampler{MagFilter: gltf.MagNearest, MinFilter: gltf.MinNearest, WrapS: gltf.WrapRepeat, WrapT: gltf.WrapRepeat})
	b.doc.Textures = append(b.doc.Textures, &gltf.Texture{Sampler: gltf.Index(len(b.doc.Samplers) - 1), Source: gltf.Index(len(b.doc.Images) - 1)})
	q.texture, q.haveImage = len(b.doc.Textures)-1, true
	return q.texture, nil
}

// material returns the material for key, adding it and its quad node on
// first use. textured materials show the checker through
// KHR_texture_transform (identity until animated).
func (q *quadSet) material(key, name string, textured bool, color [4]float64) (int, error) {
	if m, ok := q.byKey[key]; ok {
		return m, nil
	}
	b := q.b
	zero := 0.0
	pbr := &gltf.PBRMetallicRoughness{BaseColorFactor: &color, MetallicFactor: &zero}
	if textured {
		tex, err := q.checkerTexture()
		if err != nil {
			return 0, err
		}
		pbr.BaseColorTexture = &gltf.TextureInfo{Index: tex, Extensions: gltf.Extensions{
			extTransform: map[string]any{"offset": [2]float64{0, 0}, "rotation": 0.0, "scale": [2]float64{1, 1}},
		}}
		b.used[extTransform] = true
	}
	b.doc.Materials = append(b.doc.Materials, &gltf.Material{Name: name, PBRMetallicRoughness: pbr, DoubleSided: true})
	m := len(b.doc.Materials) - 1
	g := q.geometryAccessors()
	b.doc.Meshes = append(b.doc.Meshes, &gltf.Mesh{Name: name, Primitives: []*gltf.Primitive{{
		Attributes: gltf.PrimitiveAttributes{gltf.POSITION: g[0], gltf.TEXCOORD_0: g[1]},
		Indices:    gltf.Index(g[2]), Material: gltf.Index(m),
	}}})
	x := q.x0 + float64(len(q.byKey))*q.size*1.25
	b.doc.Nodes = append(b.doc.Nodes, &gltf.Node{Name: "quad " + name, Mesh: gltf.Index(len(b.doc.Meshes) - 1),
		Translation: [3]float64{x, 0, 0}, Extras: map[string]any{"material": name}})
	b.doc.Scenes[0].Nodes = append(b.doc.Scenes[0].Nodes, len(b.doc.Nodes)-1)
	q.byKey[key] = m
	return m, nil
}

// materialTracks exports the clip's texture SRT and colour targets onto
// quads, and lists every other material target in the animation's
// extras.
func (b *builder) materialTracks(a *gltf.Animation, c Clip) {
	clip := c.Clip
	var other []map[string]any
	if len(b.models) > 0 {
		other = b.modelMaterialTracks(a, c)
	} else {
		for i := range clip.Targets {
			t := &clip.Targets[i]
			switch t.Kind {
			case anim.TexSRTTarget:
				b.texSRT(a, c, t)
			case anim.TevRegTarget, anim.MatColorTarget:
				b.colour(a, c, t)
			case anim.JointTarget:
			default:
				other = append(other, sampledTrack(clip, t))
			}
		}
	}
	if len(other) > 0 {
		// The clips of one animation (see mergeGroups) list theirs
		// in turn.
		ex := a.Extras.(map[string]any)
		prev, _ := ex["materialTracks"].([]map[string]any)
		ex["materialTracks"] = append(prev, other...)
	}
}

// texSRT puts one texture SRT target on a textured quad: its matrix (the
// file's own formula, anim.TexMatrixOf) split into KHR_texture_transform's
// offset, rotation and scale, sampled with a bounded error.
func (b *builder) texSRT(a *gltf.Animation, c Clip, t *anim.Target) {
	name := t.Name
	if t.Param != "" {
		name += "/" + t.Param
	}
	// Entries of one file may share a material and texGen (BTK): the
	// entry's index tells them apart.
	key := fmt.Sprintf("texsrt\x00%s\x00%s\x00%d\x00%d", t.Name, t.Param, t.TexGen, t.Index)
	label := fmt.Sprintf("%s texgen %d", name, t.TexGen)
	for i := range c.Clip.Targets {
		o := &c.Clip.Targets[i]
		if o != t && o.Kind == t.Kind && o.Name == t.Name && o.Param == t.Param && o.TexGen == t.TexGen {
			label = fmt.Sprintf("%s texgen %d entry %d", name, t.TexGen, t.Index)
		}
	}
	m, err := b.quads.material(key, label, true, [4]float64{1, 1, 1, 1})
	if err != nil {
		b.warns = append(b.warns, fmt.Sprintf("%s: %v", clipWhere(c), err))
		return
	}
	b.texSRTChannels(a, c, t, label, []int{m})
}

// colour puts a colour target (BRK register, BPK material colour) on a
// plain quad: baseColorFactor = the game's integer colour / 255, clamped
// to [0, 1] (glTF factors are linear and bounded; BRK C registers range
// −1024..1023, so values outside 0..255 are clamped), STEP because the
// game's colours are whole numbers.
func (b *builder) colour(a *gltf.Animation, c Clip, t *anim.Target) {
	key := fmt.Sprintf("colour\x00%d\x00%s", t.Kind, t.Name)
	name := t.Name
	if name == "" {
		name = fmt.Sprintf("%s %d", t.Kind, t.Index)
	}
	var tp anim.TargetPose
	anim.EvaluateTarget(t, 0, &tp)
	m, err := b.quads.material(key, name, false, colourFactor(&tp))
	if err != nil {
		b.warns = append(b.warns, fmt.Sprintf("%s: %v", clipWhere(c), err))
		return
	}
	b.colourChannels(a, c, t, []int{m})
}

// colourChannels animates the baseColorFactor of materials mats (glTF
// indices) with colour target t.
func (b *builder) colourChannels(a *gltf.Animation, c Clip, t *anim.Target, mats []int) {
	var tp anim.TargetPose
	o := vecSampling{dim: 4, keys: 4, step: true, far: componentsFar(1e-6), keyFrames: t.KeyFrames(nil)}
	frames, values := sampleVec(c.Clip, o, func(f float64, out []float64) {
		anim.EvaluateTarget(t, f, &tp)
		col := colourFactor(&tp)
		copy(out, col[:])
	})
	for _, m := range mats {
		b.addPointerChannel(a, c.Clip.FPS, vecChannel{pointer: fmt.Sprintf("/materials/%d/pbrMetallicRoughness/baseColorFactor", m),
			step: true, frames: frames, values: values, dim: 4})
	}
}

func colourFactor(tp *anim.TargetPose) [4]float64 {
	var out [4]float64
	for i := range out {
		out[i] = math.Max(0, math.Min(1, tp.V[anim.ColorR+anim.Slot(i)]/255))
	}
	return out
}

// sampledTrack is a material target glTF cannot animate (texture
// pattern, shape visibility, shader parameters): its channels at every
// whole frame, for the animation's extras.
func sampledTrack(c *anim.Clip, t *anim.Target) map[string]any {
	n := int(math.Floor(c.Duration)) + 1
	if n > maxExtrasFrames {
		n = maxExtrasFrames
	}
	frames := make([]float64, n)
	chans := map[string][]float64{}
	var tp anim.TargetPose
	for f := 0; f < n; f++ {
		frames[f] = float64(f)
		anim.EvaluateTarget(t, float64(f), &tp)
		for _, ch := range t.Channels {
			name := ch.Slot.Name(t.Kind)
			chans[name] = append(chans[name], tp.V[ch.Slot])
		}
	}
	tr := map[string]any{"kind": t.Kind.String(), "name": t.Name, "index": t.Index, "frames": frames, "channels": chans}
	if t.Material != "" {
		tr["material"] = t.Material
	}
	if t.Param != "" {
		tr["param"] = t.Param
	}
	if t.Kind == anim.TexPatternTarget {
		tr["texMap"] = t.TexMap
	}
	return tr
}

// maxExtrasFrames bounds the frames listed per extras track.
const maxExtrasFrames = 1 << 16

// clipWhere names a clip in a warning: its file, followed by the clip's
// name where that is not the file's own (a BFRES file holds many).
func clipWhere(c Clip) string {
	base := path.Base(strings.ReplaceAll(c.Source, `\`, "/"))
	if c.Clip.Name == "" || strings.TrimSuffix(base, path.Ext(base)) == c.Clip.Name {
		return c.Source
	}
	return c.Source + ", animation " + c.Clip.Name
}
