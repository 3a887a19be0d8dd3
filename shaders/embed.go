// Package shaders holds the GLSL sources render compiles (for the window
// and for offscreen images alike). The files carry no #version line:
// render prepends one when it compiles them (glslHeader in
// render/program.go, also used for the generated GX programs), so one
// place decides the GLSL dialect.
package shaders

import (
	"embed"
	"fmt"
)

//go:embed *.vert *.frag
var files embed.FS

// Source returns the text of the shader file name ("line.vert").
func Source(name string) (string, error) {
	b, err := files.ReadFile(name)
	if err != nil {
		return "", fmt.Errorf("shaders: %s: %w", name, err)
	}
	return string(b), nil
}
