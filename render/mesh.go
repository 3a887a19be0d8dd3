package render

import (
	"encoding/binary"
	"fmt"
	"math"
	"unsafe"
	"weak"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/mesh"
)

// meshKeepDraws is how many DrawScene calls a model (and a texture no
// cached model uses) may go undrawn before its GL objects are freed: a
// closed file's model that something still holds, or a model the app
// leaves out of its scenes (in BonesOnly mode it passes none; coming back
// uploads it again). A model nothing holds goes as soon as the garbage
// collector takes it (the caches key by weak pointers), and Forget frees
// one at once.
const meshKeepDraws = 240

// meshVertexSize is the bytes per vertex of a shape's buffer:
//
//	 0 position   3×f32
//	12 normal     3×f32 ((0,0,0) when the shape has none)
//	24 colour     4×u8 normalised (colour set 0; white without)
//	28 uv         2×f32 (the set the albedo slot samples)
//	36 joints 0–3 4×u16 (palette entries)
//	44 joints 4–7 4×u16
//	52 weights 0–3 4×f32
//	68 weights 4–7 4×f32
const meshVertexSize = 84

// gpuModel is one *mesh.Model on the GPU.
type gpuModel struct {
	shapes []gpuShape
	// textures are the model's Textures on the GPU, by index.
	textures []*gpuTexture
	lastUsed uint64
}

// gpuShape is one shape's vertex array: the interleaved vertex buffer and
// the triangles' index buffer. count is 0 for a shape with no triangles
// (it has no GL objects).
type gpuShape struct {
	vao, vbo, ebo uint32
	// gxVBO holds what the GX pipeline reads besides: colour set 1 and
	// every UV set (0 for shapes of other materials).
	gxVBO uint32
	count int32
}

// model returns m's GL objects, uploading them the first time; nil when
// m has nothing to put on the GPU (no triangles, no textures: a
// skeleton's model), which is not cached.
func (r *Renderer) model(m *mesh.Model) *gpuModel {
	k := weak.Make(m)
	if g, ok := r.models[k]; ok {
		g.lastUsed = r.draws
		return g
	}
	if !hasGPUData(m) {
		return nil
	}
	g := &gpuModel{lastUsed: r.draws, shapes: make([]gpuShape, len(m.Shapes)), textures: make([]*gpuTexture, len(m.Textures))}
	for i := range m.Shapes {
		g.shapes[i] = r.uploadShape(m, i)
	}
	for i, t := range m.Textures {
		if t == nil {
			continue
		}
		gt := r.texture(t)
		gt.refs++
		g.textures[i] = gt
	}
	r.models[k] = g
	return g
}

func hasGPUData(m *mesh.Model) bool {
	for i := range m.Shapes {
		if len(m.Shapes[i].Triangles) > 0 && len(m.Shapes[i].Positions) > 0 {
			return true
		}
	}
	for _, t := range m.Textures {
		if t != nil {
			return true
		}
	}
	return false
}

// albedoSlot is the index of the material's texture slot that gives the
// base colour: the first with RoleAlbedo, else the first slot; -1 when
// the material has none.
func albedoSlot(mat *mesh.Material) int {
	if mat == nil || len(mat.Textures) == 0 {
		return -1
	}
	for i := range mat.Textures {
		if mat.Textures[i].Role == mesh.RoleAlbedo {
			return i
		}
	}
	return 0
}

// shapeMaterial is the shape's material, nil when it has none.
func shapeMaterial(m *mesh.Model, s *mesh.Shape) *mesh.Material {
	if s.Material < 0 || s.Material >= len(m.Materials) {
		return nil
	}
	return &m.Materials[s.Material]
}

// uploadShape builds shape si's vertex array. The UV attribute carries
// the set the material's albedo slot samples (set 0 when the shape lacks
// it; zeros when it has none).
func (r *Renderer) uploadShape(m *mesh.Model, si int) gpuShape {
	s := &m.Shapes[si]
	n := len(s.Positions)
	if n == 0 || len(s.Triangles) == 0 {
		return gpuShape{}
	}
	for _, ix := range s.Triangles {
		if int(ix) >= n { // Check drops such triangles; a model not checked draws nothing here
			return gpuShape{}
		}
	}
	var uvs []mgl32.Vec2
	if mat := shapeMaterial(m, s); mat != nil {
		if slot := albedoSlot(mat); slot >= 0 {
			if set := mat.Textures[slot].UVSet; set >= 0 && set < len(s.UVs) && len(s.UVs[set]) == n {
				uvs = s.UVs[set]
			}
		}
	}
	if uvs == nil && len(s.UVs) > 0 && len(s.UVs[0]) == n {
		uvs = s.UVs[0]
	}
	var colors []mgl32.Vec4
	if len(s.Colors) > 0 && len(s.Colors[0]) == n {
		colors = s.Colors[0]
	}
	normals := len(s.Normals) == n
	skinned := len(s.Skin) == n

	need := n * meshVertexSize
	if cap(r.vertexScratch) < need {
		r.vertexScratch = make([]byte, need)
	}
	buf := r.vertexScratch[:need]
	clear(buf)
	ne := binary.NativeEndian
	putF := func(o int, f float32) { ne.PutUint32(buf[o:], math.Float32bits(f)) }
	for v := 0; v < n; v++ {
		o := v * meshVertexSize
		p := s.Positions[v]
		putF(o, p[0])
		putF(o+4, p[1])
		putF(o+8, p[2])
		if normals {
			nv := s.Normals[v]
			putF(o+12, nv[0])
			putF(o+16, nv[1])
			putF(o+20, nv[2])
		}
		if colors != nil {
			c := colors[v]
			for k := 0; k < 4; k++ {
				buf[o+24+k] = unorm8(c[k])
			}
		} else {
			buf[o+24], buf[o+25], buf[o+26], buf[o+27] = 255, 255, 255, 255
		}
		if uvs != nil {
			putF(o+28, uvs[v][0])
			putF(o+32, uvs[v][1])
		}
		if skinned {
			in := &s.Skin[v]
			for k := 0; k < int(min(in.N, mesh.MaxInfluences)); k++ {
				ne.PutUint16(buf[o+36+2*k:], in.Entry[k])
				putF(o+52+4*k, in.Weight[k])
			}
		}
	}
	var g gpuShape
	gl.GenVertexArrays(1, &g.vao)
	gl.BindVertexArray(g.vao)
	gl.GenBuffers(1, &g.vbo)
	gl.BindBuffer(gl.ARRAY_BUFFER, g.vbo)
	gl.BufferData(gl.ARRAY_BUFFER, need, unsafe.Pointer(&buf[0]), gl.STATIC_DRAW)
	const stride = meshVertexSize
	gl.EnableVertexAttribArray(0)
	gl.VertexAttribPointerWithOffset(0, 3, gl.FLOAT, false, stride, 0)
	gl.EnableVertexAttribArray(1)
	gl.VertexAttribPointerWithOffset(1, 3, gl.FLOAT, false, stride, 12)
	gl.EnableVertexAttribArray(2)
	gl.VertexAttribPointerWithOffset(2, 4, gl.UNSIGNED_BYTE, true, stride, 24)
	gl.EnableVertexAttribArray(3)
	gl.VertexAttribPointerWithOffset(3, 2, gl.FLOAT, false, stride, 28)
	gl.EnableVertexAttribArray(4)
	gl.VertexAttribIPointerWithOffset(4, 4, gl.UNSIGNED_SHORT, stride, 36)
	gl.EnableVertexAttribArray(5)
	gl.VertexAttribIPointerWithOffset(5, 4, gl.UNSIGNED_SHORT, stride, 44)
	gl.EnableVertexAttribArray(6)
	gl.VertexAttribPointerWithOffset(6, 4, gl.FLOAT, false, stride, 52)
	gl.EnableVertexAttribArray(7)
	gl.VertexAttribPointerWithOffset(7, 4, gl.FLOAT, false, stride, 68)
	if gxMaterialOf(shapeMaterial(m, s)) != nil {
		g.gxVBO = r.uploadGXAttribs(s)
	}
	gl.GenBuffers(1, &g.ebo)
	gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, g.ebo)
	gl.BufferData(gl.ELEMENT_ARRAY_BUFFER, len(s.Triangles)*4, unsafe.Pointer(&s.Triangles[0]), gl.STATIC_DRAW)
	gl.BindVertexArray(0)
	g.count = int32(len(s.Triangles))
	// The scratch is for this upload only: a big model's buffer is not
	// kept alive for the rest of the session.
	if need > 1<<20 {
		r.vertexScratch = nil
	}
	return g
}

func unorm8(f float32) byte {
	switch {
	case !(f > 0): // NaN too
		return 0
	case f >= 1:
		return 255
	}
	return byte(f*255 + 0.5)
}

func (g *gpuShape) delete() {
	if g.vao != 0 {
		gl.DeleteVertexArrays(1, &g.vao)
	}
	deleteBuffers(&g.vbo, &g.ebo, &g.gxVBO)
	*g = gpuShape{}
}

// Forget frees the GL objects of m (a model of a file that was closed)
// and of its textures that no other uploaded model uses. Drawing m again
// uploads it again.
func (r *Renderer) Forget(m *mesh.Model) {
	k := weak.Make(m)
	g, ok := r.models[k]
	if !ok {
		return
	}
	delete(r.models, k)
	r.freeModel(g)
}

func (r *Renderer) freeModel(g *gpuModel) {
	for i := range g.shapes {
		g.shapes[i].delete()
	}
	for _, t := range g.textures {
		if t == nil {
			continue
		}
		if t.refs--; t.refs <= 0 {
			r.freeTexture(t)
		}
	}
}

// ReleaseMeshes frees the GL objects of every model and texture uploaded
// so far (closing everything).
func (r *Renderer) ReleaseMeshes() {
	for m, g := range r.models {
		delete(r.models, m)
		r.freeModel(g)
	}
	for _, t := range r.textures {
		r.freeTexture(t)
	}
}

// sweepMeshes frees the models the garbage collector took, those not
// drawn in the last meshKeepDraws scenes, and the textures no model holds
// that are gone or were not used as long.
func (r *Renderer) sweepMeshes() {
	old := uint64(0)
	if r.draws > meshKeepDraws {
		old = r.draws - meshKeepDraws
	}
	for k, g := range r.models {
		if g.lastUsed < old || k.Value() == nil {
			delete(r.models, k)
			r.freeModel(g)
		}
	}
	for k, t := range r.textures {
		if t.refs <= 0 && (t.lastUsed < old || k.Value() == nil) {
			r.freeTexture(t)
		}
	}
}

// Problems lists what could not go to the GPU as it is for the models
// drawn so far (a texture whose blocks or decode failed: it draws
// untextured), one line per texture naming it.
func (r *Renderer) Problems(m *mesh.Model) []string {
	g, ok := r.models[weak.Make(m)]
	if !ok {
		return nil
	}
	var out []string
	for _, t := range g.textures {
		if t != nil && t.err != nil {
			out = append(out, fmt.Sprintf("model %s: %v", m.Name, t.err))
		}
	}
	return out
}
