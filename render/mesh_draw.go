package render

import (
	"unsafe"
	"weak"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// meshRenderer is the Renderer's model drawing: the program, the skin
// matrices' texture buffer, the uploaded models and textures, the sampler
// objects.
type meshRenderer struct {
	mesh             *program
	skinBuf, skinTex uint32
	skinCap          int // matrices the buffer holds
	maxSkin          int // matrices the driver's texture buffers can hold
	caps             texCaps
	// models and textures are keyed weakly: the cache never keeps a
	// closed file's model alive; a model the garbage collector took has
	// its GL objects freed at the next DrawScene.
	models   map[weak.Pointer[mesh.Model]]*gpuModel
	textures map[weak.Pointer[mesh.Texture]]*gpuTexture
	samplers map[mesh.Sampler]uint32
	draws    uint64 // DrawScene calls so far: the caches' clock
	gxState
	// scratch, reused across frames
	items         []meshItem
	frameModels   []*gpuModel // per draw of this frame (nil: nothing to draw)
	skinBase      []int32
	vertexScratch []byte
}

// meshItem is one shape to draw this frame.
type meshItem struct {
	draw, shape int32
}

// Wireframe and highlight colours.
var (
	wireColor      = [4]float32{0.55, 0.85, 1.0, 0.75}
	highlightColor = [4]float32{1.0, 0.72, 0.2, 0.4}
	defaultGrey    = mgl32.Vec4{0.72, 0.72, 0.72, 1}
)

// xrayAlpha is the meshes' opacity in X-ray mode.
const xrayAlpha = 0.35

var meshUniforms = []string{"u_model", "u_view", "u_proj", "u_skin", "u_skinBase", "u_skinCount", "u_billboard",
	"u_texrow0", "u_texrow1", "u_texture", "u_textured", "u_color", "u_vertexColor", "u_alphaFunc", "u_alphaRef",
	"u_alphaScale", "u_highlight", "u_wire", "u_up"}

func (r *Renderer) initMeshes(source ShaderSource) error {
	var err error
	if r.mesh, err = newProgram(source, "mesh", meshUniforms...); err != nil {
		return err
	}
	r.models = map[weak.Pointer[mesh.Model]]*gpuModel{}
	r.textures = map[weak.Pointer[mesh.Texture]]*gpuTexture{}
	r.samplers = map[mesh.Sampler]uint32{}
	r.caps = detectTexCaps()
	r.initGX()
	var texels int32
	gl.GetIntegerv(gl.MAX_TEXTURE_BUFFER_SIZE, &texels)
	r.maxSkin = int(texels / 4)
	gl.GenBuffers(1, &r.skinBuf)
	gl.BindBuffer(gl.TEXTURE_BUFFER, r.skinBuf)
	r.skinCap = 256
	gl.BufferData(gl.TEXTURE_BUFFER, r.skinCap*64, nil, gl.STREAM_DRAW)
	gl.GenTextures(1, &r.skinTex)
	gl.BindTexture(gl.TEXTURE_BUFFER, r.skinTex)
	gl.TexBuffer(gl.TEXTURE_BUFFER, gl.RGBA32F, r.skinBuf)
	gl.BindTexture(gl.TEXTURE_BUFFER, 0)
	gl.BindBuffer(gl.TEXTURE_BUFFER, 0)
	return nil
}

func (r *Renderer) deleteMeshes() {
	if r.models != nil {
		r.ReleaseMeshes()
	}
	r.mesh.delete()
	r.deleteGX()
	for s, id := range r.samplers {
		gl.DeleteSamplers(1, &id)
		delete(r.samplers, s)
	}
	deleteTextures(&r.skinTex)
	deleteBuffers(&r.skinBuf)
}

// deleteTextures and deleteBuffers free the named objects that exist and
// zero the names.
func deleteTextures(ids ...*uint32) {
	for _, id := range ids {
		if *id != 0 {
			gl.DeleteTextures(1, id)
			*id = 0
		}
	}
}

func deleteBuffers(ids ...*uint32) {
	for _, id := range ids {
		if *id != 0 {
			gl.DeleteBuffers(1, id)
			*id = 0
		}
	}
}

// BlockFormats names the block-compressed formats this driver samples as
// they are ("BC1 BC2 BC3 BC4 BC5 BC6H BC7 ASTC"); the others are decoded.
func (r *Renderer) BlockFormats() string { return r.caps.String() }

// uploadSkins puts every draw's skin matrices into the texture buffer,
// one after the other, and notes where each starts.
func (r *Renderer) uploadSkins(draws []viewmodel.MeshDraw) {
	r.skinBase = r.skinBase[:0]
	total := 0
	for i := range draws {
		r.skinBase = append(r.skinBase, int32(total))
		total += len(draws[i].Skin)
	}
	total = min(total, r.maxSkin)
	gl.BindBuffer(gl.TEXTURE_BUFFER, r.skinBuf)
	if total > r.skinCap {
		r.skinCap = max(total, 2*r.skinCap)
	}
	// Orphan last frame's storage, then fill.
	gl.BufferData(gl.TEXTURE_BUFFER, r.skinCap*64, nil, gl.STREAM_DRAW)
	for i := range draws {
		skin := draws[i].Skin
		base := int(r.skinBase[i])
		n := min(len(skin), r.maxSkin-base)
		if n <= 0 {
			continue
		}
		gl.BufferSubData(gl.TEXTURE_BUFFER, base*64, n*64, unsafe.Pointer(&skin[0][0]))
	}
	gl.BindBuffer(gl.TEXTURE_BUFFER, 0)
}

// drawMeshes draws the scene's models as s.MeshMode says (after the grid,
// before the bones).
func (r *Renderer) drawMeshes(s *viewmodel.Scene) {
	r.draws++
	r.sweepMeshes()
	if len(s.Meshes) == 0 {
		return
	}
	models := 0
	r.frameModels = r.frameModels[:0]
	for i := range s.Meshes {
		var g *gpuModel
		if m := s.Meshes[i].Model; m != nil {
			if g = r.model(m); g != nil {
				for _, t := range g.textures {
					if t != nil {
						t.lastUsed = r.draws
					}
				}
				models++
			}
		}
		r.frameModels = append(r.frameModels, g)
	}
	if s.MeshMode == viewmodel.BonesOnly || models == 0 {
		return
	}
	r.uploadSkins(s.Meshes)

	// What to draw: every visible shape, the translucent ones after.
	items := r.items[:0]
	for pass := 0; pass < 2; pass++ {
		for di := range s.Meshes {
			d := &s.Meshes[di]
			g := r.frameModels[di]
			if g == nil {
				continue
			}
			for si := range d.Model.Shapes {
				if g.shapes[si].count == 0 || shapeHidden(d, si) {
					continue
				}
				mat := shapeMaterial(d.Model, &d.Model.Shapes[si])
				translucent := mat != nil && mat.Blend.Mode == mesh.Translucent
				if translucent == (pass == 1) {
					items = append(items, meshItem{int32(di), int32(si)})
				}
			}
		}
	}
	r.items = items

	p := r.mesh
	gl.UseProgram(p.id)
	gl.UniformMatrix4fv(p.loc("u_view"), 1, false, &s.View[0])
	gl.UniformMatrix4fv(p.loc("u_proj"), 1, false, &s.Proj[0])
	up := s.View.Mul4x1(mgl32.Vec4{0, 1, 0, 0}).Vec3()
	if l := up.Len(); l > 0 {
		up = up.Mul(1 / l)
	}
	gl.Uniform3f(p.loc("u_up"), up[0], up[1], up[2])
	gl.ActiveTexture(gl.TEXTURE1)
	gl.BindTexture(gl.TEXTURE_BUFFER, r.skinTex)
	gl.Uniform1i(p.loc("u_skin"), 1)
	gl.ActiveTexture(gl.TEXTURE0)
	gl.Uniform1i(p.loc("u_texture"), 0)
	gl.Uniform4f(p.loc("u_wire"), 0, 0, 0, 0)
	// Meshes leave the target's alpha alone: the comparison's viewports
	// are shown as images that blend with it.
	gl.ColorMask(true, true, true, false)

	xray := s.MeshMode == viewmodel.XRay
	wire := s.MeshMode == viewmodel.Wireframe
	if wire {
		gl.Enable(gl.POLYGON_OFFSET_FILL)
		gl.PolygonOffset(1, 1)
	}
	lastDraw := int32(-1)
	meshProgram := true
	r.beginGX()
	for _, it := range items {
		d := &s.Meshes[it.draw]
		if gm := gxMaterialOf(shapeMaterial(d.Model, &d.Model.Shapes[it.shape])); gm != nil {
			setFrontFace(d)
			if r.drawGXShape(s, it, gm, xray) {
				meshProgram = false
				continue
			}
		}
		if !meshProgram {
			gl.UseProgram(p.id)
			meshProgram, lastDraw = true, -1
		}
		if it.draw != lastDraw {
			r.setDraw(s, it.draw)
			lastDraw = it.draw
		}
		r.drawShape(s, it, xray, false)
	}
	if !meshProgram {
		gl.UseProgram(p.id)
		unbindGXPipeline()
		for mp := 0; mp < 8; mp++ {
			gl.BindSampler(uint32(gxTexUnit0+mp), 0)
		}
	}
	if wire {
		gl.Disable(gl.POLYGON_OFFSET_FILL)
		gl.PolygonMode(gl.FRONT_AND_BACK, gl.LINE)
		gl.Disable(gl.CULL_FACE)
		overlayState()
		gl.Uniform4f(p.loc("u_wire"), wireColor[0], wireColor[1], wireColor[2], wireColor[3])
		lastDraw = -1
		for _, it := range items {
			if it.draw != lastDraw {
				r.setDraw(s, it.draw)
				lastDraw = it.draw
			}
			r.drawShape(s, it, false, true)
		}
		gl.PolygonMode(gl.FRONT_AND_BACK, gl.FILL)
	}

	// Back to the state the rest of DrawScene expects.
	gl.ColorMask(true, true, true, true)
	gl.FrontFace(gl.CCW)
	sceneState()
	gl.BindSampler(0, 0)
	gl.ActiveTexture(gl.TEXTURE1)
	gl.BindTexture(gl.TEXTURE_BUFFER, 0)
	gl.ActiveTexture(gl.TEXTURE0)
}

func shapeHidden(d *viewmodel.MeshDraw, si int) bool {
	if si < len(d.Hidden) && d.Hidden[si] {
		return true
	}
	mi := d.Model.Shapes[si].Material
	return mi >= 0 && mi < len(d.Materials) && d.Materials[mi].Hidden
}

// setDraw sets the uniforms one model draw shares: its transform, where
// its skin starts, and the winding a mirroring transform turns around.
func (r *Renderer) setDraw(s *viewmodel.Scene, di int32) {
	d := &s.Meshes[di]
	p := r.mesh
	gl.UniformMatrix4fv(p.loc("u_model"), 1, false, &d.Transform[0])
	base := int(r.skinBase[di])
	gl.Uniform1i(p.loc("u_skinBase"), int32(base))
	gl.Uniform1i(p.loc("u_skinCount"), int32(max(0, min(len(d.Skin), r.maxSkin-base))))
	setFrontFace(d)
}

func setFrontFace(d *viewmodel.MeshDraw) {
	if d.Transform.Mat3().Det() < 0 {
		gl.FrontFace(gl.CW)
	} else {
		gl.FrontFace(gl.CCW)
	}
}

// drawShape draws one shape with its material's state and this frame's
// overrides. wire draws its triangles' edges only (the overlay pass).
func (r *Renderer) drawShape(s *viewmodel.Scene, it meshItem, xray, wire bool) {
	d := &s.Meshes[it.draw]
	m := d.Model
	sh := &m.Shapes[it.shape]
	g := r.frameModels[it.draw]
	p := r.mesh
	mat := shapeMaterial(m, sh)
	var md *viewmodel.MaterialDraw
	if mat != nil && sh.Material < len(d.Materials) {
		md = &d.Materials[sh.Material]
	}

	// Texture and its matrix.
	var tex *gpuTexture
	var slotSampler mesh.Sampler
	texrow := [2][3]float32{{1, 0, 0}, {0, 1, 0}}
	if slot := albedoSlot(mat); slot >= 0 {
		ts := &mat.Textures[slot]
		ti := ts.Texture
		if md != nil && slot < len(md.Texture) && md.Texture[slot] >= 0 {
			ti = md.Texture[slot]
		}
		if ti >= 0 && ti < len(g.textures) && g.textures[ti] != nil && g.textures[ti].id != 0 {
			tex = g.textures[ti]
		}
		slotSampler = ts.Sampler
		if md != nil && slot < len(md.TexMatrix) {
			texrow = md.TexMatrix[slot]
		}
	}
	gl.Uniform3f(p.loc("u_texrow0"), texrow[0][0], texrow[0][1], texrow[0][2])
	gl.Uniform3f(p.loc("u_texrow1"), texrow[1][0], texrow[1][1], texrow[1][2])
	gl.Uniform1i(p.loc("u_billboard"), int32(sh.Billboard))

	if !wire {
		if tex != nil {
			gl.BindTexture(gl.TEXTURE_2D, tex.id)
			gl.BindSampler(0, r.sampler(slotSampler))
			gl.Uniform1i(p.loc("u_textured"), 1)
		} else {
			gl.Uniform1i(p.loc("u_textured"), 0)
		}
		c := materialColor(mat, tex != nil)
		switch {
		case md != nil && md.ReplaceColor:
			c = mgl32.Vec4(md.Color)
		case md != nil:
			for k := 0; k < 4; k++ {
				c[k] *= md.Color[k]
			}
		}
		gl.Uniform4f(p.loc("u_color"), c[0], c[1], c[2], c[3])
		vc := int32(0)
		if mat != nil && mat.VertexColor {
			vc = 1
		}
		gl.Uniform1i(p.loc("u_vertexColor"), vc)
		fn, ref := int32(mesh.CompareAlways), float32(0)
		if mat != nil {
			switch {
			case mat.AlphaTest.Enabled:
				fn, ref = int32(mat.AlphaTest.Func), mat.AlphaTest.Ref
			case mat.Blend.Mode == mesh.Mask:
				fn, ref = int32(mesh.CompareGEqual), 0.5
			}
		}
		gl.Uniform1i(p.loc("u_alphaFunc"), fn)
		gl.Uniform1f(p.loc("u_alphaRef"), ref)
		h := [4]float32{}
		if int(it.shape) == d.Highlight {
			h = highlightColor
		}
		gl.Uniform4f(p.loc("u_highlight"), h[0], h[1], h[2], h[3])
		alpha := float32(1)
		if xray {
			alpha = xrayAlpha
		}
		gl.Uniform1f(p.loc("u_alphaScale"), alpha)
		setMaterialState(mat, xray)
	}
	gl.BindVertexArray(g.shapes[it.shape].vao)
	gl.DrawElements(gl.TRIANGLES, g.shapes[it.shape].count, gl.UNSIGNED_INT, nil)
}

// materialColor is the colour the texture is multiplied by: the
// material's, or (no material, or a material whose colour was never set)
// white on a texture and a neutral grey without one.
func materialColor(mat *mesh.Material, textured bool) mgl32.Vec4 {
	if mat != nil && mat.Color != (mgl32.Vec4{}) {
		return mat.Color
	}
	if textured {
		return mgl32.Vec4{1, 1, 1, 1}
	}
	return defaultGrey
}

// setMaterialState sets culling, blending and the depth test from the
// material; X-ray blends every shape and writes no depth.
func setMaterialState(mat *mesh.Material, xray bool) {
	cull, depthTest, depthWrite := mesh.CullBack, true, true
	blend := mesh.Blend{Mode: mesh.Opaque}
	if mat != nil {
		cull, depthTest, depthWrite, blend = mat.Cull, mat.DepthTest, mat.DepthWrite, mat.Blend
	}
	switch cull {
	case mesh.CullNone:
		gl.Disable(gl.CULL_FACE)
	case mesh.CullFront:
		gl.Enable(gl.CULL_FACE)
		gl.CullFace(gl.FRONT)
	case mesh.CullAll:
		gl.Enable(gl.CULL_FACE)
		gl.CullFace(gl.FRONT_AND_BACK)
	default:
		gl.Enable(gl.CULL_FACE)
		gl.CullFace(gl.BACK)
	}
	if xray {
		overlayState()
		return
	}
	if depthTest {
		gl.Enable(gl.DEPTH_TEST)
		gl.DepthFunc(gl.LEQUAL)
	} else {
		gl.Disable(gl.DEPTH_TEST)
	}
	gl.DepthMask(depthWrite)
	if blend.Mode != mesh.Translucent {
		gl.Disable(gl.BLEND)
		return
	}
	gl.Enable(gl.BLEND)
	if blend.Subtract {
		gl.BlendEquation(gl.FUNC_REVERSE_SUBTRACT) // dst − src
	} else {
		gl.BlendEquation(gl.FUNC_ADD)
	}
	gl.BlendFunc(blendFactor(blend.Src), blendFactor(blend.Dst))
}

// blendFactors are the GL factors by mesh.BlendFactor.
var blendFactors = [...]uint32{
	mesh.FactorZero: gl.ZERO, mesh.FactorOne: gl.ONE,
	mesh.FactorSrcColor: gl.SRC_COLOR, mesh.FactorOneMinusSrcColor: gl.ONE_MINUS_SRC_COLOR,
	mesh.FactorSrcAlpha: gl.SRC_ALPHA, mesh.FactorOneMinusSrcAlpha: gl.ONE_MINUS_SRC_ALPHA,
	mesh.FactorDstAlpha: gl.DST_ALPHA, mesh.FactorOneMinusDstAlpha: gl.ONE_MINUS_DST_ALPHA,
	mesh.FactorDstColor: gl.DST_COLOR, mesh.FactorOneMinusDstColor: gl.ONE_MINUS_DST_COLOR,
}

// overlayState draws over what is there without hiding it: depth tested,
// not written, alpha blended (the wireframe pass, X-ray meshes).
func overlayState() {
	gl.Enable(gl.DEPTH_TEST)
	gl.DepthFunc(gl.LEQUAL)
	gl.DepthMask(false)
	gl.Enable(gl.BLEND)
	gl.BlendEquation(gl.FUNC_ADD)
	gl.BlendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA)
}

func blendFactor(f mesh.BlendFactor) uint32 {
	if int(f) < len(blendFactors) {
		return blendFactors[f]
	}
	return gl.ONE
}
