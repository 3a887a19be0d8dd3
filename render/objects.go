package render

import "github.com/go-gl/gl/v4.1-core/gl"

// Objects counts the live OpenGL objects of the current context by kind.
type Objects struct {
	Textures      int `json:"textures"`
	Buffers       int `json:"buffers"`
	VertexArrays  int `json:"vertexArrays"`
	Framebuffers  int `json:"framebuffers"`
	Renderbuffers int `json:"renderbuffers"`
	Programs      int `json:"programs"`
	Shaders       int `json:"shaders"`
}

// probeNames is how many object names LiveObjects asks about per kind:
// drivers hand out small names, and the viewer holds a few dozen objects,
// so a leak of one per opened file shows well within it.
const probeNames = 4096

// LiveObjects asks the driver which of the first names of each kind are
// live objects: the counting hook of the long-session test (opening and
// closing files must leave these where they started). It needs the
// context current and costs some thousand glIs* calls: for tests and
// diagnostics, not for every frame.
func LiveObjects() Objects {
	var o Objects
	for id := uint32(1); id <= probeNames; id++ {
		o.Textures += b2i(gl.IsTexture(id))
		o.Buffers += b2i(gl.IsBuffer(id))
		o.VertexArrays += b2i(gl.IsVertexArray(id))
		o.Framebuffers += b2i(gl.IsFramebuffer(id))
		o.Renderbuffers += b2i(gl.IsRenderbuffer(id))
		o.Programs += b2i(gl.IsProgram(id))
		o.Shaders += b2i(gl.IsShader(id))
	}
	return o
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
