package render

import (
	"github.com/go-gl/gl/v4.1-core/gl"

	"github.com/animscope/animscope/internal/viewmodel"
)

// quadMaterial sets the texquad program's material uniforms (none: plain).
func (r *Renderer) quadMaterial(m *viewmodel.QuadMaterial) {
	tint, pattern := viewmodel.Color{1, 1, 1, 1}, int32(-1)
	if m != nil {
		tint = m.Tint
		if m.HasPattern && m.Pattern >= 0 {
			pattern = int32(m.Pattern)
		}
	}
	gl.Uniform4f(r.quad.loc("u_tint"), tint[0], tint[1], tint[2], tint[3])
	gl.Uniform1i(r.quad.loc("u_pattern"), pattern)
}
