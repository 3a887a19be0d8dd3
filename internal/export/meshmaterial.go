package export

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"

	"github.com/qmuntal/gltf"

	"github.com/animscope/animscope/mesh"
)

// matOut is one model material as written.
type matOut struct {
	index  int // the glTF material
	albedo int // the slot exported as baseColorTexture, -1 for none
	uvSet  int // the UV set that texture samples
	// plain is the same material without its texture, for a shape that
	// lacks that UV set (-1 until needed).
	plain int
	// transform is set once the texture's KHR_texture_transform is
	// written (a texture SRT animation drives it).
	transform bool
}

// textureKey is one glTF texture: an image with a sampler.
type textureKey struct {
	tex     *mesh.Texture
	sampler mesh.Sampler
}

// albedoSlot is the slot a material's base colour comes from: the one
// with RoleAlbedo, else the first slot if the decoder gave it no role.
func albedoSlot(m *mesh.Material) int {
	for i := range m.Textures {
		if m.Textures[i].Role == mesh.RoleAlbedo {
			return i
		}
	}
	if len(m.Textures) > 0 && m.Textures[0].Role == mesh.RoleOther {
		return 0
	}
	return -1
}

// addMaterials writes every material of the model as pbrMetallicRoughness:
// baseColorFactor = the material colour, baseColorTexture = the albedo
// slot's texture (mip 0 decoded, PNG), alphaMode and alphaCutoff from the
// blend mode and alpha test, doubleSided when nothing is culled.
func (b *builder) addMaterials(m *mesh.Model) []matOut {
	out := make([]matOut, len(m.Materials))
	for mi := range m.Materials {
		mat := &m.Materials[mi]
		o := matOut{albedo: -1, plain: -1}
		g := b.gltfMaterial(m, mat, false)
		if s := albedoSlot(mat); s >= 0 {
			slot := &mat.Textures[s]
			if tex := b.texture(m, slot); tex >= 0 {
				g.PBRMetallicRoughness.BaseColorTexture = &gltf.TextureInfo{Index: tex, TexCoord: slot.UVSet}
				o.albedo, o.uvSet = s, slot.UVSet
			}
		}
		b.doc.Materials = append(b.doc.Materials, g)
		o.index = len(b.doc.Materials) - 1
		out[mi] = o
	}
	return out
}

// gltfMaterial is a material's factors and state, without texture.
func (b *builder) gltfMaterial(m *mesh.Model, mat *mesh.Material, plain bool) *gltf.Material {
	col := [4]float64{}
	for i := range col {
		col[i] = math.Max(0, math.Min(1, float64(mat.Color[i])))
	}
	zero, one := 0.0, 1.0
	name := mat.Name
	if plain {
		name += " (untextured)"
	}
	g := &gltf.Material{Name: name, PBRMetallicRoughness: &gltf.PBRMetallicRoughness{BaseColorFactor: &col, MetallicFactor: &zero, RoughnessFactor: &one},
		DoubleSided: mat.Cull == mesh.CullNone}
	switch {
	case mat.Blend.Mode == mesh.Translucent:
		g.AlphaMode = gltf.AlphaBlend
	case mat.Blend.Mode == mesh.Mask || mat.AlphaTest.Enabled:
		if cut, ok := alphaCutoff(mat.AlphaTest); ok {
			g.AlphaMode, g.AlphaCutoff = gltf.AlphaMask, &cut
		} else if mat.AlphaTest.Enabled && mat.AlphaTest.Func != mesh.CompareAlways {
			b.warns = append(b.warns, fmt.Sprintf("model %s: material %s: alpha test %d against %g has no glTF form; exported opaque", m.Name, mat.Name, mat.AlphaTest.Func, mat.AlphaTest.Ref))
		}
	}
	return g
}

// alphaCutoff is glTF MASK's cutoff (kept where alpha >= cutoff) for an
// alpha test that keeps alpha above a reference: >= ref as it is, > ref
// one 8-bit step higher (the games' alpha is 8-bit).
func alphaCutoff(t mesh.AlphaTest) (float64, bool) {
	if !t.Enabled {
		return 0.5, true // a Mask material without a test: glTF's default
	}
	switch t.Func {
	case mesh.CompareGEqual:
		return float64(t.Ref), true
	case mesh.CompareGreater:
		return math.Min(1, float64(t.Ref)+1.0/255), true
	}
	return 0, false
}

// shapeMaterial is the glTF material of a shape: the material's own, or
// its untextured copy when the shape lacks the UV set the texture samples.
func (b *builder) shapeMaterial(em *exportedModel, mi int, s *mesh.Shape) int {
	o := &em.mats[mi]
	if o.albedo < 0 || o.uvSet < len(s.UVs) && len(s.UVs[o.uvSet]) == len(s.Positions) {
		return o.index
	}
	if o.plain < 0 {
		b.doc.Materials = append(b.doc.Materials, b.gltfMaterial(em.m, &em.m.Materials[mi], true))
		o.plain = len(b.doc.Materials) - 1
		b.warns = append(b.warns, fmt.Sprintf("model %s: a shape of material %s has no UV set %d; it is exported untextured", em.m.Name, em.m.Materials[mi].Name, o.uvSet))
	}
	return o.plain
}

// texture returns the glTF texture of a slot, writing its image and
// sampler on first use; -1 (with a warning) when the texture is missing
// or does not decode.
func (b *builder) texture(m *mesh.Model, slot *mesh.TextureSlot) int {
	if slot.Texture < 0 || slot.Texture >= len(m.Textures) || m.Textures[slot.Texture] == nil {
		b.warnOnce(fmt.Sprintf("model %s: texture %s is not in the file (a separate texture file?); materials using it are exported untextured", m.Name, slot.Name))
		return -1
	}
	t := m.Textures[slot.Texture]
	key := textureKey{t, slot.Sampler}
	if i, ok := b.textures[key]; ok {
		return i
	}
	img, ok := b.images[t]
	if !ok {
		img = b.image(m, t)
		b.images[t] = img
	}
	if img < 0 {
		b.textures[key] = -1
		return -1
	}
	smp, ok := b.samplers[slot.Sampler]
	if !ok {
		b.doc.Samplers = append(b.doc.Samplers, gltfSampler(slot.Sampler))
		smp = len(b.doc.Samplers) - 1
		b.samplers[slot.Sampler] = smp
	}
	b.doc.Textures = append(b.doc.Textures, &gltf.Texture{Name: t.Name, Sampler: gltf.Index(smp), Source: gltf.Index(img)})
	b.textures[key] = len(b.doc.Textures) - 1
	return len(b.doc.Textures) - 1
}

// image decodes mip 0 and embeds it as PNG (glTF base colour textures are
// sRGB, as the games' bytes are: written unchanged).
func (b *builder) image(m *mesh.Model, t *mesh.Texture) int {
	if t.Decode == nil {
		b.warns = append(b.warns, fmt.Sprintf("model %s: texture %s cannot be decoded; exported untextured", m.Name, t.Name))
		return -1
	}
	rgba, err := t.Decode(0)
	if err == nil && (rgba == nil || rgba.Rect.Empty()) {
		err = fmt.Errorf("empty image")
	}
	var buf bytes.Buffer
	if err == nil {
		// The decoded bytes are straight (not premultiplied) RGBA, as
		// the GPU samples them; *image.RGBA would have png un-premultiply
		// them, so they go out as the NRGBA they are.
		straight := &image.NRGBA{Pix: rgba.Pix, Stride: rgba.Stride, Rect: rgba.Rect}
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		err = enc.Encode(&buf, straight)
	}
	if err != nil {
		b.warns = append(b.warns, fmt.Sprintf("model %s: texture %s: %v; exported untextured", m.Name, t.Name, err))
		return -1
	}
	view := b.addBytes(buf.Bytes())
	b.doc.Images = append(b.doc.Images, &gltf.Image{Name: t.Name, MimeType: "image/png", BufferView: gltf.Index(view)})
	return len(b.doc.Images) - 1
}

// warnOnce adds a warning unless it was given already (a texture many
// materials use is missing once).
func (b *builder) warnOnce(w string) {
	if !b.warned[w] {
		b.warned[w] = true
		b.warns = append(b.warns, w)
	}
}

// gltfSampler maps a sampler (MESH-FACTS D.3: 10497 repeat, 33071 clamp
// to edge, 33648 mirrored repeat).
func gltfSampler(s mesh.Sampler) *gltf.Sampler {
	wrap := func(w mesh.Wrap) gltf.WrappingMode {
		switch w {
		case mesh.WrapClamp:
			return gltf.WrapClampToEdge
		case mesh.WrapMirror:
			return gltf.WrapMirroredRepeat
		}
		return gltf.WrapRepeat
	}
	g := &gltf.Sampler{WrapS: wrap(s.WrapS), WrapT: wrap(s.WrapT), MagFilter: gltf.MagLinear, MinFilter: gltf.MinLinear}
	if s.MagFilter == mesh.FilterNearest {
		g.MagFilter = gltf.MagNearest
	}
	switch {
	case s.MinFilter == mesh.FilterNearest && s.Mipmaps:
		g.MinFilter = gltf.MinNearestMipMapNearest
	case s.MinFilter == mesh.FilterNearest:
		g.MinFilter = gltf.MinNearest
	case s.Mipmaps:
		g.MinFilter = gltf.MinLinearMipMapLinear
	}
	return g
}
