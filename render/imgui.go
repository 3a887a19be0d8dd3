package render

import (
	"fmt"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/shaders"
)

// ImGuiRenderer draws Dear ImGui draw data with OpenGL 3+ core calls.
type ImGuiRenderer struct {
	prog          *program
	vao, vbo, ebo uint32
	fontTexture   uint32
	vertexSize    int
	posOffset     int
	uvOffset      int
	colOffset     int
	indexSize     int
	indexType     uint32
}

// NewImGuiRenderer compiles the ImGui shaders and creates the buffers. The
// font atlas is uploaded by UploadFonts.
func NewImGuiRenderer() (*ImGuiRenderer, error) {
	p, err := newProgram(shaders.Source, "imgui", "u_proj", "u_texture")
	if err != nil {
		return nil, err
	}
	r := &ImGuiRenderer{prog: p}
	r.vertexSize, r.posOffset, r.uvOffset, r.colOffset = imgui.VertexBufferLayout()
	r.indexSize = imgui.IndexBufferLayout()
	switch r.indexSize {
	case 2:
		r.indexType = gl.UNSIGNED_SHORT
	case 4:
		r.indexType = gl.UNSIGNED_INT
	default:
		p.delete()
		return nil, fmt.Errorf("render: ImGui index size %d is neither 2 nor 4", r.indexSize)
	}
	gl.GenVertexArrays(1, &r.vao)
	gl.GenBuffers(1, &r.vbo)
	gl.GenBuffers(1, &r.ebo)
	gl.BindVertexArray(r.vao)
	gl.BindBuffer(gl.ARRAY_BUFFER, r.vbo)
	gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, r.ebo)
	stride := int32(r.vertexSize)
	gl.EnableVertexAttribArray(0)
	gl.VertexAttribPointerWithOffset(0, 2, gl.FLOAT, false, stride, uintptr(r.posOffset))
	gl.EnableVertexAttribArray(1)
	gl.VertexAttribPointerWithOffset(1, 2, gl.FLOAT, false, stride, uintptr(r.uvOffset))
	gl.EnableVertexAttribArray(2)
	gl.VertexAttribPointerWithOffset(2, 4, gl.UNSIGNED_BYTE, true, stride, uintptr(r.colOffset))
	gl.BindVertexArray(0)
	if err := checkError("creating the ImGui renderer"); err != nil {
		r.Delete()
		return nil, err
	}
	return r, nil
}

// Install tells the current ImGui context what this renderer supports:
// draw commands with a vertex offset (so one draw list may exceed 65536
// vertices with 16-bit indices).
func (r *ImGuiRenderer) Install() {
	io := imgui.CurrentIO()
	io.SetBackendFlags(io.GetBackendFlags() | imgui.BackendFlagsRendererHasVtxOffset)
}

// UploadFonts (re)builds the font atlas texture of the current ImGui
// context, for example after the window's content scale changed.
func (r *ImGuiRenderer) UploadFonts() error {
	atlas := imgui.CurrentIO().Fonts()
	img := atlas.TextureDataRGBA32()
	if r.fontTexture != 0 {
		gl.DeleteTextures(1, &r.fontTexture)
	}
	gl.GenTextures(1, &r.fontTexture)
	gl.BindTexture(gl.TEXTURE_2D, r.fontTexture)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE)
	gl.PixelStorei(gl.UNPACK_ROW_LENGTH, 0)
	gl.PixelStorei(gl.UNPACK_ALIGNMENT, 4)
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, int32(img.Width), int32(img.Height), 0, gl.RGBA, gl.UNSIGNED_BYTE, img.Pixels)
	atlas.SetTextureID(imgui.TextureID(r.fontTexture))
	return checkError("uploading the font atlas")
}

// Delete frees the GL objects.
func (r *ImGuiRenderer) Delete() {
	r.prog.delete()
	if r.vao != 0 {
		gl.DeleteVertexArrays(1, &r.vao)
	}
	for _, b := range []*uint32{&r.vbo, &r.ebo} {
		if *b != 0 {
			gl.DeleteBuffers(1, b)
		}
	}
	if r.fontTexture != 0 {
		gl.DeleteTextures(1, &r.fontTexture)
	}
	*r = ImGuiRenderer{}
}

// Render draws data into the current framebuffer of fbW×fbH pixels. The
// draw data is in display coordinates; data.FrameBufferScale() converts
// them to framebuffer pixels (2 on a Retina Mac).
func (r *ImGuiRenderer) Render(data imgui.DrawData, fbW, fbH int) {
	if !data.Valid() || fbW <= 0 || fbH <= 0 {
		return
	}
	pos := data.DisplayPos()
	size := data.DisplaySize()
	scale := data.FrameBufferScale()

	gl.Viewport(0, 0, int32(fbW), int32(fbH))
	gl.Enable(gl.BLEND)
	gl.BlendEquation(gl.FUNC_ADD)
	gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
	gl.Disable(gl.CULL_FACE)
	gl.Disable(gl.DEPTH_TEST)
	gl.Disable(gl.STENCIL_TEST)
	gl.Enable(gl.SCISSOR_TEST)

	l, rr := pos.X, pos.X+size.X
	t, b := pos.Y, pos.Y+size.Y
	proj := [16]float32{
		2 / (rr - l), 0, 0, 0,
		0, 2 / (t - b), 0, 0,
		0, 0, -1, 0,
		(rr + l) / (l - rr), (t + b) / (b - t), 0, 1,
	}
	gl.UseProgram(r.prog.id)
	gl.Uniform1i(r.prog.loc("u_texture"), 0)
	gl.UniformMatrix4fv(r.prog.loc("u_proj"), 1, false, &proj[0])
	gl.BindVertexArray(r.vao)
	gl.ActiveTexture(gl.TEXTURE0)

	for _, list := range data.CommandLists() {
		vtx, vtxSize := list.VertexBuffer()
		idx, idxSize := list.IndexBuffer()
		gl.BindBuffer(gl.ARRAY_BUFFER, r.vbo)
		gl.BufferData(gl.ARRAY_BUFFER, vtxSize, vtx, gl.STREAM_DRAW)
		gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, r.ebo)
		gl.BufferData(gl.ELEMENT_ARRAY_BUFFER, idxSize, idx, gl.STREAM_DRAW)
		for _, cmd := range list.Commands() {
			if cmd.HasUserCallback() {
				cmd.CallUserCallback(list)
				continue
			}
			clip := cmd.ClipRect()
			x0 := (clip.X - pos.X) * scale.X
			y0 := (clip.Y - pos.Y) * scale.Y
			x1 := (clip.Z - pos.X) * scale.X
			y1 := (clip.W - pos.Y) * scale.Y
			if x1 <= x0 || y1 <= y0 {
				continue
			}
			// GL scissor rectangles count from the bottom.
			gl.Scissor(int32(x0), int32(float32(fbH)-y1), int32(x1-x0), int32(y1-y0))
			gl.BindTexture(gl.TEXTURE_2D, uint32(cmd.TextureID()))
			// The offset goes as an integer: an offset held as an
			// unsafe.Pointer is a pointer below the smallest legal one,
			// and a stack copy that finds it in a frame kills the program.
			gl.DrawElementsBaseVertexWithOffset(gl.TRIANGLES, int32(cmd.ElementCount()), r.indexType,
				uintptr(cmd.IndexOffset()*r.indexSize), int32(cmd.VertexOffset()))
		}
	}
	gl.Disable(gl.SCISSOR_TEST)
	gl.BindVertexArray(0)
	gl.UseProgram(0)
}
