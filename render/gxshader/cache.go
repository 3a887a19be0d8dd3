package gxshader

import (
	"fmt"
	"strings"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/mesh/gx"
)

// Header is prepended to both stages.
const Header = "#version 410 core\n"

// Program is one compiled GX program and its uniform locations (-1 for
// those the driver optimised away; GL ignores those).
type Program struct {
	ID  uint32
	loc struct {
		model, view, proj, skin, skinBase, skinCount, billboard int32
		matColor, ambColor, lightDir, lightColor, texMtx        int32
		tex                                                     [8]int32
		tevColor, konst, indMtx, alphaScale, highlight          int32
	}
}

// Cache holds a program per shader state, compiled the first time a
// state is asked for; a state that failed keeps its error (reported once
// by the caller, not compiled again).
type Cache struct {
	progs map[gx.Shader]*entry
}

type entry struct {
	p   *Program
	err error
}

// NewCache returns an empty cache (no GL calls until Get).
func NewCache() *Cache { return &Cache{progs: map[gx.Shader]*entry{}} }

// Len is the number of states compiled (or failed) so far.
func (c *Cache) Len() int { return len(c.progs) }

// Get returns the program of s, compiling it on first use; name (the
// material's) goes into a compile error. A state that failed before
// returns its error again with fresh=false.
func (c *Cache) Get(s *gx.Shader, name string) (p *Program, fresh bool, err error) {
	if e, ok := c.progs[*s]; ok {
		return e.p, false, e.err
	}
	src := Generate(s)
	p, err = Compile(src)
	if err != nil {
		err = fmt.Errorf("render: material %s: %v", name, err)
	}
	c.progs[*s] = &entry{p, err}
	return p, true, err
}

// Delete frees every program.
func (c *Cache) Delete() {
	for k, e := range c.progs {
		if e.p != nil {
			gl.DeleteProgram(e.p.ID)
		}
		delete(c.progs, k)
	}
}

// Compile compiles and links a generated program.
func Compile(src Source) (*Program, error) {
	vs, err := stage(gl.VERTEX_SHADER, "GX vertex shader", src.Vertex)
	if err != nil {
		return nil, err
	}
	defer gl.DeleteShader(vs)
	fs, err := stage(gl.FRAGMENT_SHADER, "GX fragment shader", src.Fragment)
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
		msg := logOf(id, gl.GetProgramiv, gl.GetProgramInfoLog)
		gl.DeleteProgram(id)
		return nil, fmt.Errorf("linking the GX program: %s", msg)
	}
	p := &Program{ID: id}
	u := func(n string) int32 { return gl.GetUniformLocation(id, gl.Str(n+"\x00")) }
	l := &p.loc
	l.model, l.view, l.proj, l.skin = u("u_model"), u("u_view"), u("u_proj"), u("u_skin")
	l.skinBase, l.skinCount, l.billboard = u("u_skinBase"), u("u_skinCount"), u("u_billboard")
	l.matColor, l.ambColor, l.lightDir, l.lightColor = u("u_matColor"), u("u_ambColor"), u("u_lightDir"), u("u_lightColor")
	l.texMtx, l.tevColor, l.konst, l.indMtx = u("u_texMtx"), u("u_tevColor"), u("u_konst"), u("u_indMtx")
	l.alphaScale, l.highlight = u("u_alphaScale"), u("u_highlight")
	for i := range l.tex {
		l.tex[i] = u(fmt.Sprintf("u_tex%d", i))
	}
	return p, nil
}

func stage(kind uint32, what, body string) (uint32, error) {
	id := gl.CreateShader(kind)
	cs, free := gl.Strs(Header + body + "\x00")
	gl.ShaderSource(id, 1, cs, nil)
	free()
	gl.CompileShader(id)
	var ok int32
	gl.GetShaderiv(id, gl.COMPILE_STATUS, &ok)
	if ok == gl.FALSE {
		msg := logOf(id, gl.GetShaderiv, gl.GetShaderInfoLog)
		gl.DeleteShader(id)
		return 0, fmt.Errorf("compiling the %s: %s", what, msg)
	}
	return id, nil
}

func logOf(id uint32, iv func(uint32, uint32, *int32), get func(uint32, int32, *int32, *uint8)) string {
	var n int32
	iv(id, gl.INFO_LOG_LENGTH, &n)
	if n <= 1 {
		return "no log"
	}
	buf := make([]byte, n)
	get(id, n, nil, &buf[0])
	return strings.TrimRight(string(buf), "\x00\n ")
}

// Use makes p current and binds its samplers to texture units 2..9 (unit
// 0 and 1 are the model shader's texture and skin buffer; the skin
// buffer stays on unit 1).
func (p *Program) Use() {
	gl.UseProgram(p.ID)
	gl.Uniform1i(p.loc.skin, 1)
	for i, l := range p.loc.tex {
		gl.Uniform1i(l, int32(TexUnit0+i))
	}
}

// TexUnit0 is the texture unit of texture map 0.
const TexUnit0 = 2

// SetCamera sets the view, projection and the stand-in light.
func (p *Program) SetCamera(view, proj *mgl32.Mat4) {
	gl.UniformMatrix4fv(p.loc.view, 1, false, &view[0])
	gl.UniformMatrix4fv(p.loc.proj, 1, false, &proj[0])
	d := StandInLight
	gl.Uniform3f(p.loc.lightDir, d[0], d[1], d[2])
	gl.Uniform4f(p.loc.lightColor, 1, 1, 1, 1)
}

// StandInLight is the direction towards the stand-in light in view space:
// from the viewer's upper left, in front.
var StandInLight = mgl32.Vec3{-0.35, 0.55, 0.76}

// SetDraw sets what one model draw shares: its transform and skin range.
func (p *Program) SetDraw(model *mgl32.Mat4, skinBase, skinCount int32) {
	gl.UniformMatrix4fv(p.loc.model, 1, false, &model[0])
	gl.Uniform1i(p.loc.skinBase, skinBase)
	gl.Uniform1i(p.loc.skinCount, skinCount)
}

// SetShape sets the per-shape values.
func (p *Program) SetShape(billboard int32, highlight [4]float32, alphaScale float32) {
	gl.Uniform1i(p.loc.billboard, billboard)
	gl.Uniform4f(p.loc.highlight, highlight[0], highlight[1], highlight[2], highlight[3])
	gl.Uniform1f(p.loc.alphaScale, alphaScale)
}

// SetValues loads the registers, konst colours, indirect matrices and
// the finished texture matrices (rows s, t, q over the texgen source,
// one per slot).
func (p *Program) SetValues(v *gx.Values, ind *[3][2][3]float32, texMtx *[10]mgl32.Mat4) {
	gl.Uniform4fv(p.loc.matColor, 2, &v.MatColor[0][0])
	gl.Uniform4fv(p.loc.ambColor, 2, &v.AmbColor[0][0])
	gl.Uniform4fv(p.loc.tevColor, 4, &v.TevColor[0][0])
	gl.Uniform4fv(p.loc.konst, 4, &v.Konst[0][0])
	gl.Uniform3fv(p.loc.indMtx, 6, &ind[0][0][0])
	gl.UniformMatrix4fv(p.loc.texMtx, 10, false, &texMtx[0][0])
}
