// Package render holds every OpenGL call of animscope: the shader
// programs, the 3D scene a viewmodel.Scene describes (ground grid and axes,
// skeleton lines and joints, the texture test quad with its material tint,
// the models' shapes skinned on the GPU, textured and lit),
// the Dear ImGui draw-data renderer, render targets (the loop-mode comparison's
// viewports), back-buffer read-back for screenshots, and Offscreen, which
// draws scenes into images for `animscope render` (cmd/animscope hands one to
// the CLI). J3D materials are drawn through the GX programs that
// render/gxshader writes and render compiles and caches (gxCache). It
// needs a current OpenGL 4.1 core context (the caller creates it; tests
// get one from render/rendertest) and sees only the view model, never
// formats or the app.
package render

import (
	"errors"
	"fmt"
	"strings"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// glslHeader is prepended to every shader render compiles: the files of
// package shaders and the GX programs gxshader generates. Neither carries
// a #version line, so the dialect is chosen here, beside Init, which
// requires the context it matches (4.1 core).
const glslHeader = "#version 410 core\n"

// Init loads the OpenGL entry points for the current context and checks
// that it is at least 4.1. Call it once after making a context current.
func Init() error {
	if err := gl.Init(); err != nil {
		return fmt.Errorf("render: OpenGL entry points: %w", err)
	}
	var major, minor int32
	gl.GetIntegerv(gl.MAJOR_VERSION, &major)
	gl.GetIntegerv(gl.MINOR_VERSION, &minor)
	if major < 4 || major == 4 && minor < 1 {
		return fmt.Errorf("render: OpenGL %d.%d; animscope needs 4.1 core (%s)", major, minor, Version())
	}
	return nil
}

// Version describes the current context ("4.5 (Core Profile) Mesa ..., llvmpipe").
func Version() string {
	v := gl.GetString(gl.VERSION)
	r := gl.GetString(gl.RENDERER)
	if v == nil || r == nil {
		return "unknown"
	}
	return gl.GoStr(v) + ", " + gl.GoStr(r)
}

// program is a linked shader program with its uniform locations looked up
// once (uniform lookups by name each frame would cost string conversions).
type program struct {
	id       uint32
	name     string
	uniforms map[string]int32
}

// ShaderSource returns the GLSL source of a shader file ("flat.frag"),
// without its #version line: shaders.Source for the embedded files.
type ShaderSource func(file string) (string, error)

// newProgram compiles NAME.vert and NAME.frag from source and links them.
// Errors carry the file name and the driver's info log.
func newProgram(source ShaderSource, name string, uniforms ...string) (*program, error) {
	vs, err := compileShader(source, name+".vert", gl.VERTEX_SHADER)
	if err != nil {
		return nil, err
	}
	defer gl.DeleteShader(vs)
	fs, err := compileShader(source, name+".frag", gl.FRAGMENT_SHADER)
	if err != nil {
		return nil, err
	}
	defer gl.DeleteShader(fs)
	id := gl.CreateProgram()
	gl.AttachShader(id, vs)
	gl.AttachShader(id, fs)
	gl.LinkProgram(id)
	var ok int32
	gl.GetProgramiv(id, gl.LINK_STATUS, &ok)
	if ok == gl.FALSE {
		var n int32
		gl.GetProgramiv(id, gl.INFO_LOG_LENGTH, &n)
		log := infoLog(n, func(n int32, l *int32, b *uint8) { gl.GetProgramInfoLog(id, n, l, b) })
		gl.DeleteProgram(id)
		return nil, fmt.Errorf("render: linking %s.vert + %s.frag: %s", name, name, log)
	}
	p := &program{id: id, name: name, uniforms: make(map[string]int32, len(uniforms))}
	for _, u := range uniforms {
		loc := gl.GetUniformLocation(id, gl.Str(u+"\x00"))
		if loc < 0 {
			gl.DeleteProgram(id)
			return nil, fmt.Errorf("render: %s: uniform %s not found (unused or misspelt)", name, u)
		}
		p.uniforms[u] = loc
	}
	return p, nil
}

func (p *program) loc(name string) int32 {
	l, ok := p.uniforms[name]
	if !ok {
		panic("render: " + p.name + ": uniform " + name + " was not declared to newProgram")
	}
	return l
}

func (p *program) delete() {
	if p != nil && p.id != 0 {
		gl.DeleteProgram(p.id)
		p.id = 0
	}
}

func compileShader(source ShaderSource, file string, kind uint32) (uint32, error) {
	src, err := source(file)
	if err != nil {
		return 0, err
	}
	return compileSource(file, glslHeader+src, kind)
}

// compileSource compiles one shader stage; file names the source in errors.
func compileSource(file, src string, kind uint32) (uint32, error) {
	id := gl.CreateShader(kind)
	csrc, free := gl.Strs(src + "\x00")
	gl.ShaderSource(id, 1, csrc, nil)
	free()
	gl.CompileShader(id)
	var ok int32
	gl.GetShaderiv(id, gl.COMPILE_STATUS, &ok)
	if ok == gl.FALSE {
		var n int32
		gl.GetShaderiv(id, gl.INFO_LOG_LENGTH, &n)
		log := infoLog(n, func(n int32, l *int32, b *uint8) { gl.GetShaderInfoLog(id, n, l, b) })
		gl.DeleteShader(id)
		return 0, fmt.Errorf("render: compiling %s: %s", file, log)
	}
	return id, nil
}

func infoLog(n int32, get func(int32, *int32, *uint8)) string {
	if n <= 1 {
		return "(the driver gave no log)"
	}
	buf := make([]byte, n)
	var got int32
	get(n, &got, &buf[0])
	return strings.TrimSpace(string(buf[:max(0, min(got, n))]))
}

// checkError reports a pending GL error; used after setup steps, never per
// frame (glGetError stalls some drivers).
func checkError(what string) error {
	var errs []string
	for i := 0; i < 8; i++ {
		e := gl.GetError()
		if e == gl.NO_ERROR {
			break
		}
		errs = append(errs, fmt.Sprintf("0x%04x", e))
	}
	if len(errs) == 0 {
		return nil
	}
	return errors.New("render: " + what + ": GL error " + strings.Join(errs, ", "))
}
