// The glTF channels the document is assembled from: a joint node's
// translation, rotation or scale (nodeChannel, from the key reduction)
// and a track of plain numbers addressed by a JSON pointer (vecChannel:
// texture transforms and colours, from sampleVec), each written as a
// sampler with its accessors and a channel of the clip's animation.

package export

import "github.com/qmuntal/gltf"

// nodeChannel is one exported glTF channel of a joint node.
type nodeChannel struct {
	node, path int
	mode       interp
	frames     []float64
	values     []float64 // 3 or 4 per key; cubic: in-slope, value, out-slope (per frame)
	// quant: a rotation whose values are normalised SHORTs decoded
	// (c/32767), written as those SHORTs (quantrot.go).
	quant bool
}

// vecChannel is a channel of plain numbers (a texture transform, a
// colour) addressed by a JSON pointer.
type vecChannel struct {
	pointer string
	step    bool
	frames  []float64
	values  []float64 // dim per key
	dim     int
}

// hasNodeChannel reports whether the animation moves a node.
func hasNodeChannel(a *gltf.Animation) bool {
	for _, ch := range a.Channels {
		if ch.Target.Node != nil {
			return true
		}
	}
	return false
}

// holdChannel gives an animation that moves nothing one channel (glTF
// requires at least one): the first root's translation, held.
func (b *builder) holdChannel(a *gltf.Animation, rest []trs) {
	if len(b.doc.Nodes) == 0 {
		b.addNodeChannel(a, 30, nodeChannel{})
		return
	}
	node := b.doc.Scenes[0].Nodes[0]
	t := b.doc.Nodes[node].Translation
	b.addNodeChannel(a, 30, nodeChannel{node: node, path: pathT, frames: []float64{0}, values: t[:]})
}

// addNodeChannel writes a joint channel's keys and adds its sampler.
func (b *builder) addNodeChannel(a *gltf.Animation, fps float64, ch nodeChannel) {
	if len(b.doc.Nodes) == 0 {
		b.doc.Nodes = append(b.doc.Nodes, &gltf.Node{Name: "empty"})
		b.doc.Scenes[0].Nodes = append(b.doc.Scenes[0].Nodes, 0)
		ch = nodeChannel{frames: []float64{0}, values: []float64{0, 0, 0}}
	}
	if ch.path == pathS {
		// A joint with a scale node keeps its scale there (layout.go).
		ch.node = b.skinNode(ch.node)
	}
	path := [...]gltf.TRSProperty{gltf.TRSTranslation, gltf.TRSRotation, gltf.TRSScale}[ch.path]
	typ := gltf.AccessorVec3
	if ch.path == pathR {
		typ = gltf.AccessorVec4
	}
	in := b.timeAccessor(ch.frames, fps)
	sampler := &gltf.AnimationSampler{Input: in, Interpolation: gltf.InterpolationLinear}
	switch ch.mode {
	case interpStep:
		sampler.Interpolation = gltf.InterpolationStep
	case interpCubic:
		// in-tangent, value, out-tangent per key; glTF tangents are per
		// second, the slopes per frame.
		sampler.Interpolation = gltf.InterpolationCubicSpline
		comps := int(typ.Components())
		for i := range ch.values {
			if (i/comps)%3 != 1 {
				ch.values[i] *= fps
			}
		}
	}
	if ch.quant {
		sampler.Output = b.shortAccessor(ch.values, typ)
	} else {
		sampler.Output = b.keyFloats(ch.values, typ, false)
	}
	a.Samplers = append(a.Samplers, sampler)
	a.Channels = append(a.Channels, &gltf.AnimationChannel{Sampler: len(a.Samplers) - 1,
		Target: gltf.AnimationChannelTarget{Node: gltf.Index(ch.node), Path: path}})
}

// pointerPath stands for KHR_animation_pointer's "pointer" path, which the
// library's TRSProperty cannot name: it marshals as "" and the encoder
// rewrites it (see Encode).
const pointerPath gltf.TRSProperty = 255

// addPointerChannel animates the JSON pointer target of a vecChannel.
func (b *builder) addPointerChannel(a *gltf.Animation, fps float64, ch vecChannel) {
	in := b.timeAccessor(ch.frames, fps)
	b.addPointerSampler(a, in, b.valueAccessor(ch.values, ch.dim), ch.step, ch.pointer)
}

// valueAccessor stores a track's values, dim numbers per key.
func (b *builder) valueAccessor(values []float64, dim int) int {
	typ := map[int]gltf.AccessorType{1: gltf.AccessorScalar, 2: gltf.AccessorVec2, 3: gltf.AccessorVec3, 4: gltf.AccessorVec4}[dim]
	return b.keyFloats(values, typ, false)
}

// addPointerSampler animates a JSON pointer target with the keys of
// accessors in (times) and out (values); tracks with the same keys share
// them.
func (b *builder) addPointerSampler(a *gltf.Animation, in, out int, step bool, pointer string) {
	sampler := &gltf.AnimationSampler{Input: in, Output: out, Interpolation: gltf.InterpolationLinear}
	if step {
		sampler.Interpolation = gltf.InterpolationStep
	}
	a.Samplers = append(a.Samplers, sampler)
	a.Channels = append(a.Channels, &gltf.AnimationChannel{Sampler: len(a.Samplers) - 1,
		Target: gltf.AnimationChannelTarget{Path: pointerPath,
			Extensions: gltf.Extensions{extPointer: map[string]any{"pointer": pointer}}}})
	b.used[extPointer] = true
}

// timeAccessor stores key frames as seconds (frame / fps), with the
// min/max glTF requires of animation inputs.
func (b *builder) timeAccessor(frames []float64, fps float64) int {
	if cap(b.times) < len(frames) {
		b.times = make([]float64, len(frames))
	}
	t := b.times[:len(frames)]
	for i, f := range frames {
		t[i] = float64(secs32(f, fps))
	}
	return b.keyFloats(t, gltf.AccessorScalar, true)
}
