package render

import (
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/shaders"
)

// floats per vertex of each buffer layout.
const (
	flatStride  = 7  // pos3 color4
	thickStride = 12 // a3 b3 color4 corner2
	pointStride = 10 // center3 color4 corner2 scale1
	quadStride  = 5  // pos3 uv2
)

// Renderer draws scenes. It owns GL objects; create it with NewRenderer
// after Init, on the thread that owns the context.
type Renderer struct {
	flat, thick, point, quad *program
	flatVAO, flatVBO         uint32
	thickVAO, thickVBO       uint32
	pointVAO, pointVBO       uint32
	quadVAO, quadVBO         uint32
	// scratch vertex data, reused across frames so drawing allocates
	// nothing once the buffers have grown.
	flatData, thickData, pointData []float32
	// quadData is a slice, not an array in the struct: cgo refuses a
	// pointer into memory that also holds Go pointers.
	quadData  []float32
	gridKey   viewmodel.Grid
	gridVerts int32
	// mvp is the frame's projection × view, kept on the heap once: a
	// local handed to GL would escape and allocate every frame.
	mvp *mgl32.Mat4
	meshRenderer
}

// NewRenderer compiles the scene shaders and creates the vertex buffers.
func NewRenderer() (*Renderer, error) { return NewRendererFrom(shaders.Source) }

// NewRendererFrom is NewRenderer with the shader files read from source
// (an edited copy, or a test's broken one).
func NewRendererFrom(source ShaderSource) (*Renderer, error) {
	r := &Renderer{quadData: make([]float32, 4*quadStride), mvp: new(mgl32.Mat4)}
	var err error
	if r.flat, err = newProgram(source, "flat", "u_mvp"); err != nil {
		return nil, err
	}
	if r.thick, err = newProgram(source, "thickline", "u_mvp", "u_viewport", "u_width"); err != nil {
		r.Delete()
		return nil, err
	}
	if r.point, err = newProgram(source, "point", "u_mvp", "u_viewport", "u_size"); err != nil {
		r.Delete()
		return nil, err
	}
	if r.quad, err = newProgram(source, "texquad", "u_mvp", "u_texrow0", "u_texrow1", "u_texture", "u_outline", "u_tint", "u_pattern"); err != nil {
		r.Delete()
		return nil, err
	}
	if err = r.initMeshes(source); err != nil {
		r.Delete()
		return nil, err
	}
	r.flatVAO, r.flatVBO = newVertexArray(flatStride, []attrib{{0, 3}, {1, 4}})
	r.thickVAO, r.thickVBO = newVertexArray(thickStride, []attrib{{0, 3}, {1, 3}, {2, 4}, {3, 2}})
	r.pointVAO, r.pointVBO = newVertexArray(pointStride, []attrib{{0, 3}, {1, 4}, {2, 2}, {3, 1}})
	r.quadVAO, r.quadVBO = newVertexArray(quadStride, []attrib{{0, 3}, {1, 2}})
	if err := checkError("creating scene buffers"); err != nil {
		r.Delete()
		return nil, err
	}
	return r, nil
}

type attrib struct {
	location uint32
	size     int32
}

// newVertexArray creates a VAO with one interleaved float buffer.
func newVertexArray(stride int, attribs []attrib) (vao, vbo uint32) {
	gl.GenVertexArrays(1, &vao)
	gl.BindVertexArray(vao)
	gl.GenBuffers(1, &vbo)
	gl.BindBuffer(gl.ARRAY_BUFFER, vbo)
	offset := 0
	for _, a := range attribs {
		gl.EnableVertexAttribArray(a.location)
		gl.VertexAttribPointerWithOffset(a.location, a.size, gl.FLOAT, false, int32(stride*4), uintptr(offset*4))
		offset += int(a.size)
	}
	gl.BindVertexArray(0)
	return vao, vbo
}

// Delete frees the GL objects.
func (r *Renderer) Delete() {
	r.deleteMeshes()
	for _, p := range []*program{r.flat, r.thick, r.point, r.quad} {
		p.delete()
	}
	for _, v := range []*uint32{&r.flatVAO, &r.thickVAO, &r.pointVAO, &r.quadVAO} {
		if *v != 0 {
			gl.DeleteVertexArrays(1, v)
			*v = 0
		}
	}
	for _, b := range []*uint32{&r.flatVBO, &r.thickVBO, &r.pointVBO, &r.quadVBO} {
		if *b != 0 {
			gl.DeleteBuffers(1, b)
			*b = 0
		}
	}
}

// upload replaces a buffer's contents (orphaning the old storage so the
// driver need not wait for the previous frame's draw).
func upload(vbo uint32, data []float32) {
	gl.BindBuffer(gl.ARRAY_BUFFER, vbo)
	if len(data) == 0 {
		return
	}
	gl.BufferData(gl.ARRAY_BUFFER, len(data)*4, unsafe.Pointer(&data[0]), gl.STREAM_DRAW)
}

// DrawScene draws s into the current framebuffer's viewport s.Viewport,
// clearing that rectangle first: the test quad, the grid, the models
// (mesh_draw.go: uploaded on first sight, skinned on the GPU) as
// s.MeshMode says, then the bones and joints over everything. MeshMode
// matters only when the scene has meshes: a skeleton without a model is
// always drawn.
func (r *Renderer) DrawScene(s *viewmodel.Scene) {
	vp := s.Viewport
	if vp.W <= 0 || vp.H <= 0 {
		return
	}
	px := s.PixelScale
	if px <= 0 {
		px = 1
	}
	gl.Viewport(vp.X, vp.Y, vp.W, vp.H)
	gl.Enable(gl.SCISSOR_TEST)
	gl.Scissor(vp.X, vp.Y, vp.W, vp.H)
	bg := s.Background
	gl.ClearColor(bg[0], bg[1], bg[2], bg[3])
	gl.ClearDepth(1)
	gl.DepthMask(true)
	gl.Clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)
	sceneState()

	*r.mvp = s.Proj.Mul4(s.View)
	mvp := r.mvp
	viewport := [2]float32{float32(vp.W), float32(vp.H)}

	if s.Quad != nil {
		r.drawQuad(s.Quad, mvp)
	}
	if s.Grid.Show && s.Grid.Spacing > 0 && s.Grid.Half > 0 {
		r.drawGrid(s.Grid, mvp)
		if s.Grid.Axes {
			ext := s.Grid.Spacing * float32(s.Grid.Half)
			axes := [3]viewmodel.Line{
				{A: mgl32.Vec3{0, 0, 0}, B: mgl32.Vec3{ext, 0, 0}, Color: viewmodel.Color{0.90, 0.30, 0.30, 1}},
				{A: mgl32.Vec3{0, 0, 0}, B: mgl32.Vec3{0, ext * 0.25, 0}, Color: viewmodel.Color{0.35, 0.85, 0.35, 1}},
				{A: mgl32.Vec3{0, 0, 0}, B: mgl32.Vec3{0, 0, ext}, Color: viewmodel.Color{0.35, 0.55, 1.00, 1}},
			}
			gl.DepthMask(false)
			r.drawThickLines(axes[:], 2*px, mvp, viewport)
			gl.DepthMask(true)
		}
	}
	r.drawMeshes(s)
	if s.MeshMode == viewmodel.MeshOnly && len(s.Meshes) > 0 {
		gl.Disable(gl.SCISSOR_TEST)
		gl.BindVertexArray(0)
		gl.UseProgram(0)
		return
	}
	gl.Disable(gl.DEPTH_TEST)
	r.drawThickLines(s.Bones, s.BoneWidth*px, mvp, viewport)
	r.drawPoints(s.Points, s.PointSize*px, mvp, viewport)
	gl.Disable(gl.SCISSOR_TEST)
	gl.BindVertexArray(0)
	gl.UseProgram(0)
}

// sceneState is the GL state the scene's parts start from: no culling,
// alpha blending (keeping the target's alpha), depth test and writes on.
func sceneState() {
	gl.Disable(gl.CULL_FACE)
	gl.Enable(gl.BLEND)
	gl.BlendEquation(gl.FUNC_ADD)
	gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
	gl.Enable(gl.DEPTH_TEST)
	gl.DepthFunc(gl.LEQUAL)
	gl.DepthMask(true)
}

func (r *Renderer) drawGrid(g viewmodel.Grid, mvp *mgl32.Mat4) {
	if g != r.gridKey {
		r.gridKey = g
		r.flatData = gridVertices(r.flatData[:0], g)
		upload(r.flatVBO, r.flatData)
		r.gridVerts = int32(len(r.flatData) / flatStride)
	}
	gl.UseProgram(r.flat.id)
	gl.UniformMatrix4fv(r.flat.loc("u_mvp"), 1, false, &mvp[0])
	gl.BindVertexArray(r.flatVAO)
	// The grid does not write depth: it must not hide the quad's lower
	// edge standing on it, nor fight with the axes.
	gl.DepthMask(false)
	gl.DrawArrays(gl.LINES, 0, r.gridVerts)
	gl.DepthMask(true)
}

// gridVertices appends the grid's line vertices: minor lines faint, every
// fifth line brighter, the lines through the origin left to the axes.
func gridVertices(dst []float32, g viewmodel.Grid) []float32 {
	ext := g.Spacing * float32(g.Half)
	minor := viewmodel.Color{0.30, 0.31, 0.34, 1}
	major := viewmodel.Color{0.40, 0.41, 0.45, 1}
	for i := -g.Half; i <= g.Half; i++ {
		c := minor
		if i%5 == 0 {
			c = major
		}
		p := float32(i) * g.Spacing
		dst = appendFlat(dst, mgl32.Vec3{p, 0, -ext}, c)
		dst = appendFlat(dst, mgl32.Vec3{p, 0, ext}, c)
		dst = appendFlat(dst, mgl32.Vec3{-ext, 0, p}, c)
		dst = appendFlat(dst, mgl32.Vec3{ext, 0, p}, c)
	}
	return dst
}

func appendFlat(dst []float32, p mgl32.Vec3, c viewmodel.Color) []float32 {
	return append(dst, p[0], p[1], p[2], c[0], c[1], c[2], c[3])
}

var thickCorners = [6][2]float32{{0, -1}, {1, -1}, {1, 1}, {0, -1}, {1, 1}, {0, 1}}

func (r *Renderer) drawThickLines(lines []viewmodel.Line, width float32, mvp *mgl32.Mat4, viewport [2]float32) {
	if len(lines) == 0 || width <= 0 {
		return
	}
	d := r.thickData[:0]
	for i := range lines {
		l := &lines[i]
		for _, c := range thickCorners {
			d = append(d, l.A[0], l.A[1], l.A[2], l.B[0], l.B[1], l.B[2],
				l.Color[0], l.Color[1], l.Color[2], l.Color[3], c[0], c[1])
		}
	}
	r.thickData = d
	upload(r.thickVBO, d)
	gl.UseProgram(r.thick.id)
	gl.UniformMatrix4fv(r.thick.loc("u_mvp"), 1, false, &mvp[0])
	gl.Uniform2f(r.thick.loc("u_viewport"), viewport[0], viewport[1])
	gl.Uniform1f(r.thick.loc("u_width"), width)
	gl.BindVertexArray(r.thickVAO)
	gl.DrawArrays(gl.TRIANGLES, 0, int32(len(d)/thickStride))
}

var pointCorners = [6][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}}

func (r *Renderer) drawPoints(points []viewmodel.Point, size float32, mvp *mgl32.Mat4, viewport [2]float32) {
	if len(points) == 0 || size <= 0 {
		return
	}
	d := r.pointData[:0]
	for i := range points {
		p := &points[i]
		s := p.Scale
		if s <= 0 {
			s = 1
		}
		for _, c := range pointCorners {
			d = append(d, p.P[0], p.P[1], p.P[2], p.Color[0], p.Color[1], p.Color[2], p.Color[3], c[0], c[1], s)
		}
	}
	r.pointData = d
	upload(r.pointVBO, d)
	gl.UseProgram(r.point.id)
	gl.UniformMatrix4fv(r.point.loc("u_mvp"), 1, false, &mvp[0])
	gl.Uniform2f(r.point.loc("u_viewport"), viewport[0], viewport[1])
	gl.Uniform1f(r.point.loc("u_size"), size)
	gl.BindVertexArray(r.pointVAO)
	gl.DrawArrays(gl.TRIANGLES, 0, int32(len(d)/pointStride))
}

var quadUV = [4][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}}

func (r *Renderer) drawQuad(q *viewmodel.TexQuad, mvp *mgl32.Mat4) {
	// Triangle strip order: top-left, bottom-left, top-right, bottom-right.
	order := [4]int{0, 3, 1, 2}
	for i, c := range order {
		p, d := q.Corners[c], r.quadData[i*quadStride:]
		d[0], d[1], d[2], d[3], d[4] = p[0], p[1], p[2], quadUV[c][0], quadUV[c][1]
	}
	gl.BindBuffer(gl.ARRAY_BUFFER, r.quadVBO)
	gl.BufferData(gl.ARRAY_BUFFER, len(r.quadData)*4, unsafe.Pointer(&r.quadData[0]), gl.STREAM_DRAW)
	gl.UseProgram(r.quad.id)
	gl.UniformMatrix4fv(r.quad.loc("u_mvp"), 1, false, &mvp[0])
	m := q.Matrix
	gl.Uniform3f(r.quad.loc("u_texrow0"), m[0][0], m[0][1], m[0][2])
	gl.Uniform3f(r.quad.loc("u_texrow1"), m[1][0], m[1][1], m[1][2])
	outline := float32(0)
	if q.Outline {
		outline = 1
	}
	gl.Uniform1f(r.quad.loc("u_outline"), outline)
	r.quadMaterial(q.Material)
	gl.ActiveTexture(gl.TEXTURE0)
	gl.BindTexture(gl.TEXTURE_2D, uint32(q.Texture.ID))
	gl.Uniform1i(r.quad.loc("u_texture"), 0)
	gl.BindVertexArray(r.quadVAO)
	gl.DrawArrays(gl.TRIANGLE_STRIP, 0, 4)
}

// Clear fills the whole w×h framebuffer with c (the frame's backdrop before
// the scene viewport and the UI are drawn).
func Clear(w, h int, c viewmodel.Color) {
	gl.Disable(gl.SCISSOR_TEST)
	gl.Viewport(0, 0, int32(w), int32(h))
	gl.ClearColor(c[0], c[1], c[2], c[3])
	gl.DepthMask(true)
	gl.Clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)
}
