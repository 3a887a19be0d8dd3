package render

import (
	"fmt"
	"strings"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/mesh/gx"
	"github.com/animscope/animscope/render/gxshader"
)

// The GX programs gxshader generates, compiled and cached. Programs are
// separable (GL 4.1 program pipelines): the one vertex program every
// material shares, and a fragment program per TEV state.

// gxVertexProgram is the shared vertex stage and its uniform locations
// (-1 for those the driver optimised away; GL ignores those).
type gxVertexProgram struct {
	id                                                      uint32
	model, view, proj, skin, skinBase, skinCount, billboard int32
	matColor, ambColor, lightDir, lightColor, texMtx        int32
	chan_, numChans, texGen, numTexGens                     int32
}

// gxProgram is one material state's pipeline: the shared vertex program
// and its own fragment program.
type gxProgram struct {
	pipe uint32
	vs   *gxVertexProgram
	fs   uint32
	loc  struct {
		tex                                            [8]int32
		tevColor, konst, indMtx, alphaScale, highlight int32
	}
}

// gxCache holds a pipeline per shader state, compiled the first time a
// state is asked for; a state that failed keeps its error (reported once
// by the caller, not compiled again).
type gxCache struct {
	vs    *gxVertexProgram
	vsErr error
	progs map[gx.Shader]*gxCacheEntry
}

type gxCacheEntry struct {
	p   *gxProgram
	err error
}

// newGXCache returns an empty cache (no GL calls until get).
func newGXCache() *gxCache { return &gxCache{progs: map[gx.Shader]*gxCacheEntry{}} }

// get returns the pipeline of s, compiling its fragment program on first
// use (and the shared vertex program on the very first); name (the
// material's) goes into a compile error. fresh says this call compiled.
func (c *gxCache) get(s *gx.Shader, name string) (p *gxProgram, fresh bool, err error) {
	if e, ok := c.progs[*s]; ok {
		return e.p, false, e.err
	}
	src := gxshader.Generate(s)
	if c.vs == nil && c.vsErr == nil {
		c.vs, c.vsErr = compileGXVertex(src.Vertex)
	}
	if c.vsErr != nil {
		err = fmt.Errorf("render: material %s: %v", name, c.vsErr)
	} else if p, err = compileGXFragment(c.vs, src.Fragment); err != nil {
		err = fmt.Errorf("render: material %s: %v", name, err)
	}
	c.progs[*s] = &gxCacheEntry{p, err}
	return p, true, err
}

// delete frees every program.
func (c *gxCache) delete() {
	for k, e := range c.progs {
		if e.p != nil {
			gl.DeleteProgramPipelines(1, &e.p.pipe)
			gl.DeleteProgram(e.p.fs)
		}
		delete(c.progs, k)
	}
	if c.vs != nil {
		gl.DeleteProgram(c.vs.id)
		c.vs = nil
	}
}

// separable compiles and links one stage as a separable program, under
// the same #version line as every other shader (glslHeader).
func separable(kind uint32, what, body string) (uint32, error) {
	cs, free := gl.Strs(glslHeader + body + "\x00")
	id := gl.CreateShaderProgramv(kind, 1, cs)
	free()
	var ok int32
	gl.GetProgramiv(id, gl.LINK_STATUS, &ok)
	if ok == gl.FALSE {
		var n int32
		gl.GetProgramiv(id, gl.INFO_LOG_LENGTH, &n)
		msg := "no log"
		if n > 1 {
			buf := make([]byte, n)
			gl.GetProgramInfoLog(id, n, nil, &buf[0])
			msg = strings.TrimRight(string(buf), "\x00\n ")
		}
		gl.DeleteProgram(id)
		return 0, fmt.Errorf("compiling the %s: %s", what, msg)
	}
	return id, nil
}

func gxUniform(id uint32, n string) int32 { return gl.GetUniformLocation(id, gl.Str(n+"\x00")) }

func compileGXVertex(src string) (*gxVertexProgram, error) {
	id, err := separable(gl.VERTEX_SHADER, "GX vertex shader", src)
	if err != nil {
		return nil, err
	}
	u := func(n string) int32 { return gxUniform(id, n) }
	v := &gxVertexProgram{id: id}
	v.model, v.view, v.proj, v.skin = u("u_model"), u("u_view"), u("u_proj"), u("u_skin")
	v.skinBase, v.skinCount, v.billboard = u("u_skinBase"), u("u_skinCount"), u("u_billboard")
	v.matColor, v.ambColor, v.lightDir, v.lightColor = u("u_matColor"), u("u_ambColor"), u("u_lightDir"), u("u_lightColor")
	v.texMtx, v.chan_, v.numChans = u("u_texMtx"), u("u_chan"), u("u_numChans")
	v.texGen, v.numTexGens = u("u_texGen"), u("u_numTexGens")
	gl.ProgramUniform1i(id, v.skin, 1)
	return v, nil
}

func compileGXFragment(vs *gxVertexProgram, src string) (*gxProgram, error) {
	fs, err := separable(gl.FRAGMENT_SHADER, "GX fragment shader", src)
	if err != nil {
		return nil, err
	}
	p := &gxProgram{vs: vs, fs: fs}
	gl.GenProgramPipelines(1, &p.pipe)
	gl.UseProgramStages(p.pipe, gl.VERTEX_SHADER_BIT, vs.id)
	gl.UseProgramStages(p.pipe, gl.FRAGMENT_SHADER_BIT, fs)
	l := &p.loc
	l.tevColor, l.konst, l.indMtx = gxUniform(fs, "u_tevColor"), gxUniform(fs, "u_konst"), gxUniform(fs, "u_indMtx")
	l.alphaScale, l.highlight = gxUniform(fs, "u_alphaScale"), gxUniform(fs, "u_highlight")
	for i := range l.tex {
		l.tex[i] = gxUniform(fs, fmt.Sprintf("u_tex%d", i))
		gl.ProgramUniform1i(fs, l.tex[i], int32(gxTexUnit0+i))
	}
	return p, nil
}

// use binds p's pipeline (no program is current: a current program
// would win over the pipeline).
func (p *gxProgram) use() {
	gl.UseProgram(0)
	gl.BindProgramPipeline(p.pipe)
}

// unbindGXPipeline leaves no pipeline bound.
func unbindGXPipeline() { gl.BindProgramPipeline(0) }

// gxTexUnit0 is the texture unit of texture map 0 (units 0 and 1 are the
// model shader's texture and the skin buffer, which stays on unit 1).
const gxTexUnit0 = 2

// setCamera sets the view, projection and the stand-in light.
func (p *gxProgram) setCamera(view, proj *mgl32.Mat4) {
	v := p.vs
	gl.ProgramUniformMatrix4fv(v.id, v.view, 1, false, &view[0])
	gl.ProgramUniformMatrix4fv(v.id, v.proj, 1, false, &proj[0])
	d := gxshader.StandInLight
	gl.ProgramUniform3f(v.id, v.lightDir, d[0], d[1], d[2])
	gl.ProgramUniform4f(v.id, v.lightColor, 1, 1, 1, 1)
}

// setDraw sets what one model draw shares: its transform and skin range.
func (p *gxProgram) setDraw(model *mgl32.Mat4, skinBase, skinCount int32) {
	v := p.vs
	gl.ProgramUniformMatrix4fv(v.id, v.model, 1, false, &model[0])
	gl.ProgramUniform1i(v.id, v.skinBase, skinBase)
	gl.ProgramUniform1i(v.id, v.skinCount, skinCount)
}

// setShape sets the per-shape values.
func (p *gxProgram) setShape(billboard int32, highlight [4]float32, alphaScale float32) {
	gl.ProgramUniform1i(p.vs.id, p.vs.billboard, billboard)
	gl.ProgramUniform4f(p.fs, p.loc.highlight, highlight[0], highlight[1], highlight[2], highlight[3])
	gl.ProgramUniform1f(p.fs, p.loc.alphaScale, alphaScale)
}

// setValues loads the registers, konst colours, indirect matrices, the
// finished texture matrices (rows s, t, q over the texgen source, one per
// slot) and the vertex configuration.
func (p *gxProgram) setValues(v *gx.Values, ind *[3][2][3]float32, texMtx *[10]mgl32.Mat4, vs *gxshader.VertexState) {
	q := p.vs
	gl.ProgramUniform4fv(q.id, q.matColor, 2, &v.MatColor[0][0])
	gl.ProgramUniform4fv(q.id, q.ambColor, 2, &v.AmbColor[0][0])
	gl.ProgramUniformMatrix4fv(q.id, q.texMtx, 10, false, &texMtx[0][0])
	gl.ProgramUniform4iv(q.id, q.chan_, 4, &vs.Chan[0][0])
	gl.ProgramUniform4iv(q.id, q.texGen, 8, &vs.TexGen[0][0])
	gl.ProgramUniform1i(q.id, q.numChans, vs.NumChans)
	gl.ProgramUniform1i(q.id, q.numTexGens, vs.NumGens)
	gl.ProgramUniform4fv(p.fs, p.loc.tevColor, 4, &v.TevColor[0][0])
	gl.ProgramUniform4fv(p.fs, p.loc.konst, 4, &v.Konst[0][0])
	gl.ProgramUniform3fv(p.fs, p.loc.indMtx, 6, &ind[0][0][0])
}
