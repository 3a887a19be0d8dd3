package j3d

import (
	"github.com/animscope/animscope/mesh"
	"github.com/go-gl/mathgl/mgl32"
)

// GX compare functions (GXCompare).
var gxCompare = [8]mesh.Compare{mesh.CompareNever, mesh.CompareLess, mesh.CompareEqual, mesh.CompareLEqual,
	mesh.CompareGreater, mesh.CompareNEqual, mesh.CompareGEqual, mesh.CompareAlways}

// alphaTest reduces GX's two-comparison alpha test to one: a comparison
// that always passes (or never) is dropped from an AND (or an OR); when
// both remain, the first is kept (Native has both).
func (a AlphaCompare) alphaTest() mesh.AlphaTest {
	ca, cb := gxCompare[a.CompA&7], gxCompare[a.CompB&7]
	ra, rb := float32(a.RefA)/255, float32(a.RefB)/255
	f, ref := ca, ra
	switch a.Op {
	case 0: // AND
		if ca == mesh.CompareAlways {
			f, ref = cb, rb
		}
		if cb == mesh.CompareNever {
			f = mesh.CompareNever
		}
	case 1: // OR
		if ca == mesh.CompareNever {
			f, ref = cb, rb
		}
		if cb == mesh.CompareAlways {
			f = mesh.CompareAlways
		}
	}
	return mesh.AlphaTest{Enabled: f != mesh.CompareAlways, Func: f, Ref: ref}
}

// blendFactor maps a GX blend factor; 2 and 3 are the other side's
// colour (GX_BL_DSTCLR as source, GX_BL_SRCCLR as destination).
func blendFactor(f uint8, src bool) mesh.BlendFactor {
	switch f {
	case 0:
		return mesh.FactorZero
	case 1:
		return mesh.FactorOne
	case 2:
		if src {
			return mesh.FactorDstColor
		}
		return mesh.FactorSrcColor
	case 3:
		if src {
			return mesh.FactorOneMinusDstColor
		}
		return mesh.FactorOneMinusSrcColor
	case 4:
		return mesh.FactorSrcAlpha
	case 5:
		return mesh.FactorOneMinusSrcAlpha
	case 6:
		return mesh.FactorDstAlpha
	case 7:
		return mesh.FactorOneMinusDstAlpha
	}
	return mesh.FactorOne
}

// albedoStage is the stage whose texture is the shape's base colour: the
// first that samples a texture through coordinates made from a UV set
// (on Wind Waker characters the first textured stage is often the toon
// ramp, from a normal or position), else the first that samples one.
func (m *Material3) albedoStage() int {
	first := -1
	for i, st := range m.TevStages {
		if st.TexMap >= 8 || m.Textures[st.TexMap] < 0 {
			continue
		}
		if first < 0 {
			first = i
		}
		if int(st.TexCoord) < len(m.TexGens) {
			if src := m.TexGens[st.TexCoord].Source; src >= 4 && src <= 11 {
				return i
			}
		}
	}
	return first
}

// meshMaterial is the essentials of the material for mesh.Material;
// texName names TEX1 entries, texSampler gives their sampling state.
func (m *Material3) meshMaterial(texOf func(int) int, texName func(int) string, texSampler func(int) mesh.Sampler) mesh.Material {
	out := mesh.Material{Name: m.Name, Native: m}
	// Rasterised colour: channel 0's colour and alpha come from the
	// material register or from vertex colour 0.
	mc := m.MatColor[0]
	out.Color = mgl32.Vec4{float32(mc[0]) / 255, float32(mc[1]) / 255, float32(mc[2]) / 255, float32(mc[3]) / 255}
	if m.ChanCount > 0 {
		if m.Channels[0].Present && m.Channels[0].MatSrc == 1 {
			out.Color[0], out.Color[1], out.Color[2] = 1, 1, 1
			out.VertexColor = true
		}
		if m.Channels[1].Present && m.Channels[1].MatSrc == 1 {
			out.Color[3] = 1
			out.VertexColor = true
		}
	}
	switch m.CullMode {
	case 0:
		out.Cull = mesh.CullNone
	case 1:
		out.Cull = mesh.CullFront
	case 3:
		out.Cull = mesh.CullAll
	default:
		out.Cull = mesh.CullBack
	}
	out.AlphaTest = m.Alpha.alphaTest()
	switch {
	case m.Blend.Mode == 1 || m.Blend.Mode == 3:
		out.Blend = mesh.Blend{Mode: mesh.Translucent, Src: blendFactor(m.Blend.Src, true), Dst: blendFactor(m.Blend.Dst, false), Subtract: m.Blend.Mode == 3}
		if m.Blend.Mode == 3 {
			out.Blend.Src, out.Blend.Dst = mesh.FactorOne, mesh.FactorOne
		}
	case m.Mode&3 == 0: // the translucent draw list, without blending
		out.Blend = mesh.Blend{Mode: mesh.Translucent, Src: mesh.FactorOne, Dst: mesh.FactorZero}
	case out.AlphaTest.Enabled:
		out.Blend = mesh.Blend{Mode: mesh.Mask, Src: mesh.FactorOne, Dst: mesh.FactorZero}
	default:
		out.Blend = mesh.Blend{Mode: mesh.Opaque, Src: mesh.FactorOne, Dst: mesh.FactorZero}
	}
	out.DepthTest, out.DepthWrite = m.ZMode.Enable != 0, m.ZMode.Write != 0
	// Textures: the albedo stage's first, then every other texture map
	// a stage samples, in stage order.
	albedo := m.albedoStage()
	order := make([]int, 0, len(m.TevStages))
	if albedo >= 0 {
		order = append(order, albedo)
	}
	seen := [8]bool{}
	for i := range m.TevStages {
		if i != albedo {
			order = append(order, i)
		}
	}
	for _, i := range order {
		st := m.TevStages[i]
		if st.TexMap >= 8 || m.Textures[st.TexMap] < 0 || seen[st.TexMap] {
			continue
		}
		seen[st.TexMap] = true
		tex := m.Textures[st.TexMap]
		slot := mesh.TextureSlot{Texture: texOf(tex), Name: texName(tex), UVSet: 0, TexMatrix: -1, Sampler: texSampler(tex), Map: int(st.TexMap)}
		if i == albedo {
			slot.Role = mesh.RoleAlbedo
		}
		if int(st.TexCoord) < len(m.TexGens) {
			g := m.TexGens[st.TexCoord]
			if g.Source >= 4 && g.Source <= 11 {
				slot.UVSet = int(g.Source) - 4
			}
			if g.Matrix >= 30 && g.Matrix <= 57 && (g.Matrix-30)%3 == 0 {
				slot.TexMatrix = int(g.Matrix-30) / 3
			}
		}
		out.Textures = append(out.Textures, slot)
	}
	// Indirect stages sample texture maps of their own.
	if in := m.Indirect; in != nil && in.Enabled {
		for k := 0; k < int(in.NumStages); k++ {
			mp := in.Orders[k][1]
			if mp >= 8 || m.Textures[mp] < 0 || seen[mp] {
				continue
			}
			seen[mp] = true
			tex := m.Textures[mp]
			out.Textures = append(out.Textures, mesh.TextureSlot{Texture: texOf(tex), Name: texName(tex), TexMatrix: -1, Sampler: texSampler(tex), Map: int(mp)})
		}
	}
	return out
}
