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
	k := newBaker(s, nil, nil, false)
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

// texParamTol is the error allowed on KHR_texture_transform's offset,
// scale and rotation (radians), well inside the sample schema's 1e-4 on
// matrix entries.
const texParamTol = 2e-5

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

// texSRTChannels animates the KHR_texture_transform of the base colour
// textures of materials mats (glTF indices) with target t.
func (b *builder) texSRTChannels(a *gltf.Animation, c Clip, t *anim.Target, label string, mats []int) {
	var tp anim.TargetPose
	worst := 0.0
	frames, values := sampleVec(c.Clip, 5, false, texParamTol, texMinGap, targetKeyFrames(t), func(f float64, out []float64) {
		anim.EvaluateTarget(t, f, &tp)
		mtx := anim.TexMatrixOf(t, &tp)
		off, rot, scale := splitTexMatrix(mtx, tp.V[anim.RotZ]*math.Pi/180)
		out[0], out[1], out[2], out[3], out[4] = off[0], off[1], rot, scale[0], scale[1]
		worst = math.Max(worst, texMatrixErr(mtx, off, rot, scale))
	})
	if worst > 1e-4 {
		b.warns = append(b.warns, fmt.Sprintf("%s: texture matrix of %s has shear (non-uniform scale under rotation); KHR_texture_transform approximates it (largest entry error %.3g)", clipWhere(c), label, worst))
	}
	for _, m := range mats {
		base := fmt.Sprintf("/materials/%d/pbrMetallicRoughness/baseColorTexture/extensions/%s/", m, extTransform)
		for _, part := range []struct {
			name   string
			lo, hi int
		}{{"offset", 0, 2}, {"rotation", 2, 3}, {"scale", 3, 5}} {
			ch := vecChannel{pointer: base + part.name, frames: frames, dim: part.hi - part.lo}
			for k := range frames {
				ch.values = append(ch.values, values[k*5+part.lo:k*5+part.hi]...)
			}
			b.addPointerChannel(a, c.Clip.FPS, ch)
		}
	}
}

// splitTexMatrix writes a 2×3 texture matrix as KHR_texture_transform's
// T(offset)·R(rotation)·S(scale), where R = [[cos, −sin], [sin, cos]]
// (the extension's GLSL). Exact when the matrix has no shear; otherwise
// the first column is kept and the second projected. The rotation is
// unwrapped towards ref (the target's own angle, or its negation: J3D's
// Maya formula turns the other way), so interpolation never spins.
func splitTexMatrix(m anim.TexMatrix, ref float64) (off [2]float64, rot float64, scale [2]float64) {
	off = [2]float64{m[0][2], m[1][2]}
	sx := math.Hypot(m[0][0], m[1][0])
	rot = math.Atan2(m[1][0], m[0][0])
	if sx == 0 {
		rot = ref
	}
	c, s := math.Cos(rot), math.Sin(rot)
	sy := -s*m[0][1] + c*m[1][1]
	unwrap := func(r float64) float64 { return rot + 2*math.Pi*math.Round((r-rot)/(2*math.Pi)) }
	a, bb := unwrap(ref), unwrap(-ref)
	if math.Abs(bb+ref) < math.Abs(a-ref) {
		a = bb
	}
	rot = a
	return off, rot, [2]float64{sx, sy}
}

// texMatrixErr is the largest entry difference between m and the matrix
// the split parameters give.
func texMatrixErr(m anim.TexMatrix, off [2]float64, rot float64, scale [2]float64) float64 {
	c, s := math.Cos(rot), math.Sin(rot)
	g := anim.TexMatrix{{c * scale[0], -s * scale[1], off[0]}, {s * scale[0], c * scale[1], off[1]}}
	e := 0.0
	for r := range g {
		for k := range g[r] {
			e = math.Max(e, math.Abs(g[r][k]-m[r][k])/math.Max(1, math.Abs(m[r][k])))
		}
	}
	return e
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
	frames, values := sampleVec(c.Clip, 4, true, 1e-6, 0, targetKeyFrames(t), func(f float64, out []float64) {
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

// targetKeyFrames lists a target's key frames (refinement candidates;
// sampleVec adds the frame just before each). The steps of J3D texture
// rotations are not keys: the game truncates the angle to whole s16
// units (2^frac · 0.0055° per step), and a texture spinning a whole turn
// would need a key pair per step (megabytes for a two-second BTK); the
// refinement follows the staircase with a ramp within a step or two.
func targetKeyFrames(t *anim.Target) []float64 {
	return t.KeyFrames(nil)
}

// texMinGap is the narrowest interval the texture refinement splits
// between candidates, in frames: a staircase of fine rotation steps is
// followed by a ramp within one step rather than bisected step by step.
const texMinGap = 1.0 / 16

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
