package render

import (
	"encoding/binary"
	"math"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
	"github.com/animscope/animscope/mesh/gx"
	"github.com/animscope/animscope/render/gxshader"
)

// J3D materials are drawn through the GX pipeline: one program per
// material state (render/gxshader writes it, gxCache compiles and keeps
// it), the registers and matrices as uniforms. Other formats keep the
// model shader.

// gxSource is what a material's Native offers when it can be drawn
// through the GX pipeline.
type gxSource interface{ GXMaterial() *gx.Material }

// gxMaterialOf is mat's GX state, nil for a material of another kind
// and for one without TEV stages (the hardware draws nothing sensible
// with none: such a material, which only synthetic files have, keeps the
// model shader).
func gxMaterialOf(mat *mesh.Material) *gx.Material {
	if mat == nil {
		return nil
	}
	if g, ok := mat.Native.(gxSource); ok {
		if m := g.GXMaterial(); m != nil && m.Shader.NumStages > 0 {
			return m
		}
	}
	return nil
}

// gxVertexSize: colour set 1 (4×u8 normalised) then UV sets 0..7 (2×f32
// each; zeros for sets the shape lacks).
const gxVertexSize = 4 + 8*8

// uploadGXAttribs fills the bound vertex array's GX attributes from a
// buffer of their own and returns it.
func (r *Renderer) uploadGXAttribs(s *mesh.Shape) uint32 {
	n := len(s.Positions)
	buf := make([]byte, n*gxVertexSize)
	ne := binary.NativeEndian
	for v := 0; v < n; v++ {
		o := v * gxVertexSize
		if len(s.Colors) > 1 && len(s.Colors[1]) == n {
			for k := 0; k < 4; k++ {
				buf[o+k] = unorm8(s.Colors[1][v][k])
			}
		} else {
			buf[o], buf[o+1], buf[o+2], buf[o+3] = 255, 255, 255, 255
		}
		for set := 0; set < 8 && set < len(s.UVs); set++ {
			if len(s.UVs[set]) != n {
				continue
			}
			uv := s.UVs[set][v]
			ne.PutUint32(buf[o+4+8*set:], math.Float32bits(uv[0]))
			ne.PutUint32(buf[o+8+8*set:], math.Float32bits(uv[1]))
		}
	}
	var vbo uint32
	gl.GenBuffers(1, &vbo)
	gl.BindBuffer(gl.ARRAY_BUFFER, vbo)
	gl.BufferData(gl.ARRAY_BUFFER, len(buf), unsafe.Pointer(&buf[0]), gl.STATIC_DRAW)
	gl.EnableVertexAttribArray(gxshader.AttrColor1)
	gl.VertexAttribPointerWithOffset(gxshader.AttrColor1, 4, gl.UNSIGNED_BYTE, true, gxVertexSize, 0)
	for k := 0; k < 4; k++ {
		gl.EnableVertexAttribArray(uint32(gxshader.AttrUV01 + k))
		gl.VertexAttribPointerWithOffset(uint32(gxshader.AttrUV01+k), 4, gl.FLOAT, false, gxVertexSize, uintptr(4+16*k))
	}
	return vbo
}

// gxState is the renderer's GX part: the program cache, a white texture
// for maps without one, the errors already reported.
type gxState struct {
	gxCache    *gxCache
	gxWhite    uint32
	gxRamp     uint32
	gxProblems []string
	gxTexMtx   *[10]mgl32.Mat4
	gxValues   *gx.Values
	gxInd      *[3][2][3]float32
	gxVertex   *gxshader.VertexState
	// gxCameraSet and gxLastDraw say what the shared vertex program
	// already holds in this scene.
	gxCameraSet bool
	gxLastDraw  int32
}

// beginGX forgets what the shared vertex program holds: a new scene.
func (r *Renderer) beginGX() { r.gxCameraSet, r.gxLastDraw = false, -1 }

// usedMaps are the texture maps s samples (bit i: map i).
func usedMaps(s *gx.Shader) uint8 {
	var m uint8
	for i := 0; i < int(s.NumStages); i++ {
		if t := s.Stages[i].TexMap; t < 8 {
			m |= 1 << t
		}
	}
	for i := 0; i < int(s.NumInd) && i < 4; i++ {
		if t := s.Ind[i].TexMap; t < 8 {
			m |= 1 << t
		}
	}
	return m
}

func (r *Renderer) initGX() {
	r.gxCache = newGXCache()
	r.gxTexMtx, r.gxValues, r.gxInd, r.gxVertex = new([10]mgl32.Mat4), new(gx.Values), new([3][2][3]float32), new(gxshader.VertexState)
	gl.GenTextures(1, &r.gxWhite)
	gl.BindTexture(gl.TEXTURE_2D, r.gxWhite)
	white := []byte{255, 255, 255, 255}
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, 1, 1, 0, gl.RGBA, gl.UNSIGNED_BYTE, unsafe.Pointer(&white[0]))
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST)
	r.gxRamp = newRampTexture()
	gl.BindTexture(gl.TEXTURE_2D, 0)
}

// rampSize is the stand-in toon ramp's width.
const rampSize = 64

// newRampTexture is the stand-in for the toon ramp a game binds to a
// light-ramp map whose file holds only a placeholder: red steps from 0
// to 1 at half light (two tones, as Wind Waker's), green (a rim or
// highlight term some materials add) is 0.
func newRampTexture() uint32 {
	var id uint32
	gl.GenTextures(1, &id)
	gl.BindTexture(gl.TEXTURE_2D, id)
	px := make([]byte, 4*rampSize)
	for x := 0; x < rampSize; x++ {
		v := byte(0)
		if x >= rampSize/2 {
			v = 255
		}
		px[4*x], px[4*x+3] = v, 255
	}
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, rampSize, 1, 0, gl.RGBA, gl.UNSIGNED_BYTE, unsafe.Pointer(&px[0]))
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE)
	return id
}

// rampPlaceholder is the largest texture taken for a placeholder on a
// light-ramp map (Wind Waker's are 8×8 numbered squares).
const rampPlaceholder = 8

func (r *Renderer) deleteGX() {
	if r.gxCache != nil {
		r.gxCache.delete()
	}
	deleteTextures(&r.gxWhite, &r.gxRamp)
}

// GXProblems returns, once each, the GX programs that failed to compile
// (one line naming the material) since the last call.
func (r *Renderer) GXProblems() []string {
	p := r.gxProblems
	r.gxProblems = nil
	return p
}

// drawGXShape draws one shape of a GX material; false when its program
// failed (the caller draws it with the model shader instead).
func (r *Renderer) drawGXShape(s *viewmodel.Scene, it meshItem, gm *gx.Material, xray bool) bool {
	d := &s.Meshes[it.draw]
	m := d.Model
	sh := &m.Shapes[it.shape]
	g := r.frameModels[it.draw]
	mat := shapeMaterial(m, sh)
	var md *viewmodel.MaterialDraw
	if sh.Material < len(d.Materials) {
		md = &d.Materials[sh.Material]
	}
	state := gm.Shader
	if md != nil {
		state.Off = md.GX.StageOff & (1<<state.NumStages - 1)
	}
	p, fresh, err := r.gxCache.get(&state, gm.Name)
	if err != nil {
		if fresh {
			r.gxProblems = append(r.gxProblems, err.Error())
		}
		return false
	}
	p.use()
	// Every pipeline shares the vertex program: the camera once per
	// scene, the model draw's transform once per draw.
	if !r.gxCameraSet {
		p.setCamera(&s.View, &s.Proj)
		r.gxCameraSet = true
	}
	if r.gxLastDraw != it.draw {
		base := int(r.skinBase[it.draw])
		p.setDraw(&d.Transform, int32(base), int32(max(0, min(len(d.Skin), r.maxSkin-base))))
		r.gxLastDraw = it.draw
	}
	h := [4]float32{}
	if int(it.shape) == d.Highlight {
		h = highlightColor
	}
	alpha := float32(1)
	if xray {
		alpha = xrayAlpha
	}
	p.setShape(int32(sh.Billboard), h, alpha)

	// Registers: the material's, then what animations set.
	v := r.gxValues
	*v = gm.Values
	var anim *viewmodel.GXDraw
	if md != nil {
		anim = &md.GX
		anim.Apply(v)
	}
	model := d.Transform
	for k := range r.gxTexMtx {
		t := gm.TexMtx[k]
		srt := [2][3]float32{{1, 0, 0}, {0, 1, 0}}
		if t != nil {
			srt = t.SRT
		}
		if anim != nil && anim.TexMtxSet&(1<<k) != 0 {
			srt = anim.TexMtx[k]
		}
		r.gxTexMtx[k] = gxshader.TexMatrix(t, srt, model, s.View, s.Proj)
	}
	*r.gxInd = gm.IndMtx
	gxshader.MakeVertexState(&state, r.gxVertex)
	p.setValues(v, r.gxInd, r.gxTexMtx, r.gxVertex)

	// Texture maps 0..7: the slot of that map (a pattern animation's
	// texture in its place), else white.
	used := usedMaps(&state)
	for mp := 0; mp < 8; mp++ {
		if used&(1<<mp) == 0 {
			continue
		}
		gl.ActiveTexture(gl.TEXTURE0 + uint32(gxTexUnit0+mp))
		id, smp := r.gxWhite, uint32(0)
		if mat != nil {
			for si := range mat.Textures {
				ts := &mat.Textures[si]
				if ts.Map != mp {
					continue
				}
				ti := ts.Texture
				if md != nil && si < len(md.Texture) && md.Texture[si] >= 0 {
					ti = md.Texture[si]
				}
				if ti >= 0 && ti < len(g.textures) && g.textures[ti] != nil && g.textures[ti].id != 0 {
					id, smp = g.textures[ti].id, r.sampler(ts.Sampler)
					if t := g.textures[ti]; gm.LightRamps&(1<<mp) != 0 && t.w <= rampPlaceholder && t.h <= rampPlaceholder {
						id, smp = r.gxRamp, 0
					}
				}
				break
			}
		}
		gl.BindTexture(gl.TEXTURE_2D, id)
		gl.BindSampler(uint32(gxTexUnit0+mp), smp)
	}
	gl.ActiveTexture(gl.TEXTURE0)

	setMaterialState(mat, xray)
	if !xray {
		setGXState(gm)
	}
	if gm.MaskOnly {
		if xray {
			return true
		}
		gl.ColorMask(false, false, false, false)
		gl.DepthMask(false)
	}
	gl.BindVertexArray(g.shapes[it.shape].vao)
	gl.DrawElements(gl.TRIANGLES, g.shapes[it.shape].count, gl.UNSIGNED_INT, nil)
	if gm.Blend.Mode == 2 {
		gl.Disable(gl.COLOR_LOGIC_OP)
	}
	if gm.MaskOnly {
		gl.ColorMask(true, true, true, false)
	}
	return true
}

// gxCompare are GL's depth functions by GXCompare.
var gxCompare = [8]uint32{gl.NEVER, gl.LESS, gl.EQUAL, gl.LEQUAL, gl.GREATER, gl.NOTEQUAL, gl.GEQUAL, gl.ALWAYS}

// gxLogicOps are GL's logic ops by GXLogicOp (GX's REVAND is s & ~d,
// GL's AND_REVERSE; INVAND ~s & d, AND_INVERTED; and so on).
var gxLogicOps = [16]uint32{gl.CLEAR, gl.AND, gl.AND_REVERSE, gl.COPY, gl.AND_INVERTED, gl.NOOP, gl.XOR, gl.OR,
	gl.NOR, gl.EQUIV, gl.INVERT, gl.OR_REVERSE, gl.COPY_INVERTED, gl.OR_INVERTED, gl.NAND, gl.SET}

// gxBlendFactor maps a GX blend factor; 2 and 3 are the other side's
// colour (GX_BL_DSTCLR as source, GX_BL_SRCCLR as destination).
func gxBlendFactor(f uint8, src bool) uint32 {
	switch f {
	case 0:
		return gl.ZERO
	case 2:
		if src {
			return gl.DST_COLOR
		}
		return gl.SRC_COLOR
	case 3:
		if src {
			return gl.ONE_MINUS_DST_COLOR
		}
		return gl.ONE_MINUS_SRC_COLOR
	case 4:
		return gl.SRC_ALPHA
	case 5:
		return gl.ONE_MINUS_SRC_ALPHA
	case 6:
		return gl.DST_ALPHA
	case 7:
		return gl.ONE_MINUS_DST_ALPHA
	}
	return gl.ONE
}

// setGXState sets the depth function and the blend exactly as the GX
// material says (after setMaterialState has set culling and depth
// writes from the mesh material).
func setGXState(gm *gx.Material) {
	if gm.Z.Enable {
		gl.Enable(gl.DEPTH_TEST)
		gl.DepthFunc(gxCompare[gm.Z.Func&7])
	} else {
		gl.Disable(gl.DEPTH_TEST)
	}
	gl.DepthMask(gm.Z.Write)
	switch gm.Blend.Mode {
	case 1:
		gl.Enable(gl.BLEND)
		gl.BlendEquation(gl.FUNC_ADD)
		gl.BlendFunc(gxBlendFactor(gm.Blend.Src, true), gxBlendFactor(gm.Blend.Dst, false))
	case 2:
		gl.Disable(gl.BLEND)
		gl.Enable(gl.COLOR_LOGIC_OP)
		gl.LogicOp(gxLogicOps[gm.Blend.Logic&15])
	case 3: // dst − src, factors unused
		gl.Enable(gl.BLEND)
		gl.BlendEquation(gl.FUNC_REVERSE_SUBTRACT)
		gl.BlendFunc(gl.ONE, gl.ONE)
	default:
		gl.Disable(gl.BLEND)
	}
}
