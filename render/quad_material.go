package render

import "github.com/go-gl/gl/v4.1-core/gl"

// QuadMaterial is what material animations do to the test quad: Tint
// multiplies the checker's colour (a TEV register or material colour, 0..1
// per channel) and its alpha fades the quad (shape visibility); Pattern,
// when HasPattern, shows checker variant number Pattern (a texture-pattern
// index: turned and hued per number) with the number drawn on the quad.
type QuadMaterial struct {
	Tint       Color
	Pattern    int
	HasPattern bool
}

// quadMaterial sets the texquad program's material uniforms (none: plain).
func (r *Renderer) quadMaterial(m *QuadMaterial) {
	tint, pattern := Color{1, 1, 1, 1}, int32(-1)
	if m != nil {
		tint = m.Tint
		if m.HasPattern && m.Pattern >= 0 {
			pattern = int32(m.Pattern)
		}
	}
	gl.Uniform4f(r.quad.loc("u_tint"), tint[0], tint[1], tint[2], tint[3])
	gl.Uniform1i(r.quad.loc("u_pattern"), pattern)
}
