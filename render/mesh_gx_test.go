package render_test

import (
	"fmt"
	"image"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
	"github.com/animscope/animscope/mesh/gx"
	"github.com/animscope/animscope/render"
	"github.com/animscope/animscope/render/gxshader"
)

// The GX pipeline is checked by drawing single hand-built materials over
// the whole target and probing pixels against what a small TEV evaluator
// below computes on the CPU, in integers as the hardware counts (0..255
// inputs, 11-bit signed registers, A/B/C and the output wrapped to 8
// bits). Each quadrant of the target samples its own texel of a 2×2
// texture, so one draw checks four inputs.

// gxTarget is the offscreen size: four quadrants of 8×8 pixels.
const gxTarget = 16

// gxTexels are the texture's four texels (quadrants: top-left,
// top-right, bottom-left, bottom-right), chosen apart from each other
// and from the wrap edges.
var gxTexels = [4][4]int{{30, 200, 90, 0}, {220, 60, 140, 100}, {120, 120, 10, 128}, {70, 250, 180, 200}}

// gxCase is one material to draw and what its inputs are.
type gxCase struct {
	name   string
	mat    gx.Material
	col0   [4]int // vertex colour set 0 (the rasterised colour when the channel takes the vertex)
	bg     [4]int // background (the blend destination), alpha included
	lit    bool   // channel 0 lit (normals face the viewer)
	texMtx [2][3]float32
}

type gxNative struct{ m *gx.Material }

func (n gxNative) GXMaterial() *gx.Material { return n.m }

// baseMaterial is one stage reading the texture through texgen 0 (UV set
// 0, identity) with channel 0 from the vertex colour, all registers and
// konst colours distinct (REG2's red is past 255 to exercise the wrap).
func baseMaterial() gx.Material {
	var m gx.Material
	m.Name = "test"
	s := &m.Shader
	s.NumChans = 1
	s.Chans[0] = gx.Channel{MatSrc: 1, Present: true}
	s.Chans[1] = gx.Channel{MatSrc: 1, Present: true}
	s.NumTexGens = 1
	s.TexGens[0] = gx.TexGen{Type: 1, Source: 4, Matrix: 60}
	s.NumStages = 1
	s.Stages[0] = gx.Stage{TexCoord: 0, TexMap: 0, Channel: 4, RasSwap: [4]uint8{0, 1, 2, 3}, TexSwap: [4]uint8{0, 1, 2, 3},
		Color: gx.Combiner{In: [4]uint8{15, 15, 15, 15}, Clamp: true}, Alpha: gx.Combiner{In: [4]uint8{7, 7, 7, 7}, Clamp: true},
		KColorSel: 0x0C, KAlphaSel: 0x1C}
	s.Alpha = gx.AlphaCompare{CompA: 7, CompB: 7}
	regs := [4][4]int{{50, 60, 70, 80}, {90, 100, 110, 120}, {300, 140, 150, 160}, {10, 20, 30, 40}} // C0, C1, C2, PREV
	konst := [4][4]int{{15, 25, 35, 45}, {55, 65, 75, 85}, {95, 105, 115, 125}, {135, 145, 155, 165}}
	for i := range regs {
		for c := range regs[i] {
			m.Values.TevColor[i][c] = float32(regs[i][c]) / 255
			m.Values.Konst[i][c] = float32(konst[i][c]) / 255
		}
	}
	m.Values.MatColor = [2][4]float32{{1, 1, 1, 1}, {1, 1, 1, 1}}
	m.Z = gx.ZMode{Enable: false, Func: 7, Write: false}
	return m
}

// cpuTEV is the evaluator: registers in GX order (PREV, REG0..2).
type cpuTEV struct {
	reg   [4][4]int
	konst [4][4]int
}

func newCPU(m *gx.Material) *cpuTEV {
	e := &cpuTEV{}
	for i := 0; i < 4; i++ {
		for c := 0; c < 4; c++ {
			// MAT3 order C0, C1, C2, PREV → GX order PREV, REG0, REG1, REG2.
			e.reg[(i+1)%4][c] = int(math.Round(float64(m.Values.TevColor[i][c]) * 255))
			e.konst[i][c] = int(math.Round(float64(m.Values.Konst[i][c]) * 255))
		}
	}
	return e
}

var fractions = [8]int{255, 223, 191, 159, 128, 96, 64, 32} // 1, 7/8 .. 1/8 of 255

func (e *cpuTEV) konstColor(sel uint8) [3]int {
	switch {
	case sel < 8:
		f := fractions[sel]
		return [3]int{f, f, f}
	case sel >= 0x0C && sel <= 0x0F:
		k := e.konst[sel-0x0C]
		return [3]int{k[0], k[1], k[2]}
	case sel >= 0x10:
		v := e.konst[sel&3][(sel-0x10)/4]
		return [3]int{v, v, v}
	}
	return [3]int{}
}

func (e *cpuTEV) konstAlpha(sel uint8) int {
	switch {
	case sel < 8:
		return fractions[sel]
	case sel >= 0x10:
		return e.konst[sel&3][(sel-0x10)/4]
	}
	return 0
}

func swap(v [4]int, sw [4]uint8) [4]int { return [4]int{v[sw[0]], v[sw[1]], v[sw[2]], v[sw[3]]} }

// stage runs one stage with texture colour tex and rasterised colour ras.
func (e *cpuTEV) stage(st *gx.Stage, tex, ras [4]int) {
	tex, ras = swap(tex, st.TexSwap), swap(ras, st.RasSwap)
	kc, ka := e.konstColor(st.KColorSel), e.konstAlpha(st.KAlphaSel)
	r := &e.reg
	colorArg := func(a uint8, c int) int {
		switch a {
		case 0, 2, 4, 6:
			return r[a/2][c]
		case 1, 3, 5, 7:
			return r[a/2][3]
		case 8:
			return tex[c]
		case 9:
			return tex[3]
		case 10:
			return ras[c]
		case 11:
			return ras[3]
		case 12:
			return 255
		case 13:
			return 128
		case 14:
			return kc[c]
		}
		return 0
	}
	alphaArg := func(a uint8) int {
		switch a {
		case 0, 1, 2, 3:
			return r[a][3]
		case 4:
			return tex[3]
		case 5:
			return ras[3]
		case 6:
			return ka
		}
		return 0
	}
	var ca, cb, cc [3]int
	for c := 0; c < 3; c++ {
		ca[c], cb[c], cc[c] = colorArg(st.Color.In[0], c)&255, colorArg(st.Color.In[1], c)&255, colorArg(st.Color.In[2], c)&255
	}
	aa, ab, ac, ad := alphaArg(st.Alpha.In[0])&255, alphaArg(st.Alpha.In[1])&255, alphaArg(st.Alpha.In[2])&255, alphaArg(st.Alpha.In[3])
	pack := func(v [3]int, n int) int {
		x := 0
		for i := n - 1; i >= 0; i-- {
			x = x<<8 | v[i]
		}
		return x
	}
	cmp := func(op uint8, a, b [3]int) (bool, bool) { // scalar result, per-component mode
		switch op {
		case 8:
			return a[0] > b[0], false
		case 9:
			return a[0] == b[0], false
		case 10:
			return pack(a, 2) > pack(b, 2), false
		case 11:
			return pack(a, 2) == pack(b, 2), false
		case 12:
			return pack(a, 3) > pack(b, 3), false
		case 13:
			return pack(a, 3) == pack(b, 3), false
		}
		return false, true
	}
	var outC [3]int
	for c := 0; c < 3; c++ {
		d := colorArg(st.Color.In[3], c)
		outC[c] = combine(st.Color, ca[c], cb[c], cc[c], d, func() bool {
			ok, per := cmp(st.Color.Op, ca, cb)
			if per {
				if st.Color.Op == 14 {
					return ca[c] > cb[c]
				}
				return ca[c] == cb[c]
			}
			return ok
		})
	}
	outA := combine(st.Alpha, aa, ab, ac, ad, func() bool {
		ok, per := cmp(st.Alpha.Op, ca, cb)
		if per {
			if st.Alpha.Op == 14 {
				return aa > ab
			}
			return aa == ab
		}
		return ok
	})
	for c := 0; c < 3; c++ {
		r[st.Color.Reg&3][c] = outC[c]
	}
	r[st.Alpha.Reg&3][3] = outA
}

func combine(k gx.Combiner, a, b, c, d int, compare func() bool) int {
	var v int
	if k.Op >= 8 {
		v = d
		if compare() {
			v += c
		}
	} else {
		l := (a*(255-c) + b*c + 127) / 255
		if k.Op == 1 {
			l = -l
		}
		v = d + l + [4]int{0, 128, -128, 0}[k.Bias&3]
		switch k.Scale & 3 {
		case 1:
			v *= 2
		case 2:
			v *= 4
		case 3:
			v = int(math.Floor(float64(v) / 2))
		}
	}
	if k.Clamp {
		return max(0, min(255, v))
	}
	return max(-1024, min(1023, v))
}

// output is the final colour (the PREV register's low 8 bits).
func (e *cpuTEV) output() [4]int {
	var o [4]int
	for c := range o {
		o[c] = e.reg[0][c] & 255
	}
	return o
}

func alphaPasses(a gx.AlphaCompare, v int) bool {
	one := func(fn, ref uint8) bool {
		r := int(ref)
		switch fn & 7 {
		case 0:
			return false
		case 1:
			return v < r
		case 2:
			return v == r
		case 3:
			return v <= r
		case 4:
			return v > r
		case 5:
			return v != r
		case 6:
			return v >= r
		}
		return true
	}
	x, y := one(a.CompA, a.RefA), one(a.CompB, a.RefB)
	switch a.Op & 3 {
	case 0:
		return x && y
	case 1:
		return x || y
	case 2:
		return x != y
	}
	return x == y
}

// blend is the blend on the CPU: GX blend mode 1 (factors), 2 (logic)
// or 3 (subtract) over the background; alpha is not written.
func blend(b gx.Blend, src, dst [4]int) [3]int {
	var out [3]int
	factor := func(f uint8, isSrc bool, c int) float64 {
		s, d := float64(src[c])/255, float64(dst[c])/255
		sa, da := float64(src[3])/255, float64(dst[3])/255
		switch f {
		case 0:
			return 0
		case 1:
			return 1
		case 2:
			if isSrc {
				return d
			}
			return s
		case 3:
			if isSrc {
				return 1 - d
			}
			return 1 - s
		case 4:
			return sa
		case 5:
			return 1 - sa
		case 6:
			return da
		}
		return 1 - da
	}
	for c := 0; c < 3; c++ {
		s, d := src[c], dst[c]
		switch b.Mode {
		case 1:
			v := float64(s)*factor(b.Src, true, c) + float64(d)*factor(b.Dst, false, c)
			out[c] = max(0, min(255, int(math.Round(v))))
		case 2:
			out[c] = logicOp(b.Logic, s, d) & 255
		case 3:
			out[c] = max(0, d-s)
		default:
			out[c] = s
		}
	}
	return out
}

func logicOp(op uint8, s, d int) int {
	switch op & 15 {
	case 0:
		return 0
	case 1:
		return s & d
	case 2:
		return s &^ d
	case 3:
		return s
	case 4:
		return ^s & d
	case 5:
		return d
	case 6:
		return s ^ d
	case 7:
		return s | d
	case 8:
		return ^(s | d)
	case 9:
		return ^(s ^ d)
	case 10:
		return ^d
	case 11:
		return s | ^d
	case 12:
		return ^s
	case 13:
		return ^s | d
	case 14:
		return ^(s & d)
	}
	return 255
}

// expected is what quadrant q shows: the TEV on the CPU, the alpha
// compare, the blend over the background.
func (c *gxCase) expected(q int) (rgb [3]int, kept bool) {
	e := newCPU(&c.mat)
	tex := gxTexels[q]
	ras := c.col0
	if c.lit {
		// Material register × clamp(ambient + N·L), N = (0, 0, 1).
		l := gxshader.StandInLight.Normalize()
		nl := math.Max(0, float64(l[2]))
		for k := 0; k < 4; k++ {
			amb := float64(c.mat.Values.AmbColor[0][k])
			ras[k] = int(math.Round(float64(c.mat.Values.MatColor[0][k]) * math.Min(1, amb+nl) * 255))
		}
	}
	for i := 0; i < int(c.mat.Shader.NumStages); i++ {
		if c.mat.Shader.Off&(1<<i) != 0 {
			continue
		}
		st := c.mat.Shader.Stages[i]
		e.stage(&st, tex, ras)
	}
	out := e.output()
	if !alphaPasses(c.mat.Shader.Alpha, out[3]) {
		return [3]int{c.bg[0], c.bg[1], c.bg[2]}, false
	}
	return blend(c.mat.Blend, out, c.bg), true
}

// showAlpha adds a stage after the first that shows the first's alpha
// (APREV) as the colour, keeping it as the alpha.
func (c *gxCase) showAlpha() {
	s := &c.mat.Shader
	s.NumStages = 2
	s.Stages[1] = s.Stages[0]
	s.Stages[1].Color = gx.Combiner{In: [4]uint8{15, 15, 15, 1}}
	s.Stages[1].Alpha = gx.Combiner{In: [4]uint8{7, 7, 7, 0}, Clamp: true}
}

// draw renders the case and returns the image.
func (c *gxCase) draw(t *testing.T, o *render.Offscreen) *image.RGBA {
	t.Helper()
	mat := c.mat
	tex := &mesh.Texture{Name: "texels", Width: 2, Height: 2, Mips: 1, Format: "RGBA8", Decode: func(int) (*image.RGBA, error) {
		im := image.NewRGBA(image.Rect(0, 0, 2, 2))
		for q, v := range gxTexels {
			for k := 0; k < 4; k++ {
				im.Pix[4*q+k] = uint8(v[k])
			}
		}
		return im, nil
	}}
	if c.lit {
		mat.Shader.Chans[0] = gx.Channel{Lighting: true, LitMask: 1, DiffuseFn: 2, AttnFn: 2, Present: true}
		mat.Shader.Chans[1] = mat.Shader.Chans[0]
	}
	if c.texMtx != ([2][3]float32{}) {
		mat.Shader.TexGens[0].Matrix = 30
		mat.TexMtx[0] = &gx.TexMtx{SRT: c.texMtx}
	}
	col := mgl32.Vec4{float32(c.col0[0]) / 255, float32(c.col0[1]) / 255, float32(c.col0[2]) / 255, float32(c.col0[3]) / 255}
	shape := mesh.Shape{
		Positions: []mgl32.Vec3{{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}},
		Normals:   []mgl32.Vec3{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
		Colors:    [][]mgl32.Vec4{{col, col, col, col}},
		UVs:       [][]mgl32.Vec2{{{0, 1}, {1, 1}, {1, 0}, {0, 0}}},
		Triangles: []uint32{0, 1, 2, 0, 2, 3},
	}
	nearest := mesh.Sampler{WrapS: mesh.WrapRepeat, WrapT: mesh.WrapRepeat, MinFilter: mesh.FilterNearest, MagFilter: mesh.FilterNearest}
	mm := mesh.Material{Name: mat.Name, Native: gxNative{&mat}, Cull: mesh.CullNone,
		Textures: []mesh.TextureSlot{{Texture: 0, Map: 0, Sampler: nearest, TexMatrix: -1}, {Texture: 0, Map: 1, Sampler: nearest, TexMatrix: -1}}}
	if mat.Blend.Mode != 0 {
		mm.Blend.Mode = mesh.Translucent
	}
	model := &mesh.Model{Name: "quad", Shapes: []mesh.Shape{shape}, Materials: []mesh.Material{mm}, Textures: []*mesh.Texture{tex}}
	bg := viewmodel.Color{float32(c.bg[0]) / 255, float32(c.bg[1]) / 255, float32(c.bg[2]) / 255, float32(c.bg[3]) / 255}
	s := &viewmodel.Scene{Viewport: viewmodel.Viewport{W: gxTarget, H: gxTarget}, Background: bg,
		View: mgl32.Ident4(), Proj: mgl32.Ident4(), MeshMode: viewmodel.MeshOnly,
		Meshes: []viewmodel.MeshDraw{{Model: model, Transform: mgl32.Ident4(), Highlight: -1}}}
	return o.Draw(s)
}

// check draws c and compares the four quadrants' centres.
func (c *gxCase) check(t *testing.T, o *render.Offscreen, circular bool) {
	t.Helper()
	img := c.draw(t, o)
	for q := 0; q < 4; q++ {
		want, _ := c.expected(q)
		x, y := gxTarget/4+(q%2)*gxTarget/2, gxTarget/4+(q/2)*gxTarget/2
		got := img.RGBAAt(x, y)
		g := [3]int{int(got.R), int(got.G), int(got.B)}
		for k := 0; k < 3; k++ {
			d := g[k] - want[k]
			if d < 0 {
				d = -d
			}
			if circular && d > 128 {
				d = 256 - d // the 8-bit wrap: 255 and 0 are neighbours
			}
			if d > 2 {
				t.Errorf("%s: quadrant %d: got %v, want %v (±2)", c.name, q, g, want)
				break
			}
		}
	}
}

func withOffscreen(t *testing.T, f func(o *render.Offscreen)) {
	withGL(t, func() {
		o, err := render.NewOffscreen(gxTarget, gxTarget, image.NewRGBA(image.Rect(0, 0, 2, 2)))
		if err != nil {
			t.Fatal(err)
		}
		defer o.Close()
		f(o)
	})
}

var opaqueBG = [4]int{40, 40, 40, 255}

func TestGXColorAndAlphaInputs(t *testing.T) {
	withOffscreen(t, func(o *render.Offscreen) {
		// Every colour input alone (A with B = C = D = zero... as D, the
		// signed register shows through the wrap).
		for in := uint8(0); in < 16; in++ {
			c := gxCase{name: fmt.Sprintf("colour input %d as D", in), mat: baseMaterial(), col0: [4]int{200, 150, 100, 50}, bg: opaqueBG}
			st := &c.mat.Shader.Stages[0]
			st.Color.In = [4]uint8{15, 15, 15, in}
			st.Color.Clamp = false
			c.check(t, o, true)
			c.name = fmt.Sprintf("colour input %d as B (C = one)", in)
			st.Color.In = [4]uint8{15, in, 12, 15}
			c.check(t, o, false)
		}
		// Every alpha input, shown through a second stage that copies
		// APREV into the colour.
		for in := uint8(0); in < 8; in++ {
			c := gxCase{name: fmt.Sprintf("alpha input %d", in), mat: baseMaterial(), col0: [4]int{200, 150, 100, 50}, bg: opaqueBG}
			c.mat.Shader.Stages[0].Alpha.In = [4]uint8{7, in, 6, 7} // B × konst alpha
			c.mat.Shader.Stages[0].KAlphaSel = 0                    // 1: B passes whole
			c.showAlpha()
			c.check(t, o, false)
		}
		// Every konst selection, colour and alpha.
		for _, sel := range []uint8{0, 1, 2, 3, 4, 5, 6, 7, 0x0C, 0x0D, 0x0E, 0x0F, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F} {
			c := gxCase{name: fmt.Sprintf("konst colour selection 0x%02x", sel), mat: baseMaterial(), bg: opaqueBG}
			st := &c.mat.Shader.Stages[0]
			st.KColorSel = sel
			st.Color.In = [4]uint8{15, 15, 15, 14}
			c.check(t, o, false)
			if sel >= 0x0C && sel <= 0x0F {
				continue // no alpha selection there
			}
			c.name = fmt.Sprintf("konst alpha selection 0x%02x", sel)
			st.KAlphaSel = sel
			st.Alpha.In = [4]uint8{7, 7, 7, 6}
			c.showAlpha()
			c.check(t, o, false)
		}
	})
}

func TestGXOperationsBiasScaleClamp(t *testing.T) {
	withOffscreen(t, func(o *render.Offscreen) {
		for op := uint8(0); op < 2; op++ {
			for bias := uint8(0); bias < 3; bias++ {
				for scale := uint8(0); scale < 4; scale++ {
					for _, clamp := range []bool{true, false} {
						c := gxCase{name: fmt.Sprintf("op %d bias %d scale %d clamp %v", op, bias, scale, clamp), mat: baseMaterial(), col0: [4]int{200, 150, 100, 50}, bg: opaqueBG}
						k := gx.Combiner{In: [4]uint8{2, 4, 8, 10}, Op: op, Bias: bias, Scale: scale, Clamp: clamp}
						c.mat.Shader.Stages[0].Color = k
						ka := gx.Combiner{In: [4]uint8{1, 2, 4, 5}, Op: op, Bias: bias, Scale: scale, Clamp: clamp}
						c.mat.Shader.Stages[0].Alpha = ka
						c.showAlpha()
						c.check(t, o, !clamp)
						// and the colour result itself
						c.mat.Shader.NumStages = 1
						c.name += " (colour)"
						c.check(t, o, !clamp)
					}
				}
			}
		}
	})
}

func TestGXCompareModes(t *testing.T) {
	withOffscreen(t, func(o *render.Offscreen) {
		for op := uint8(8); op < 16; op++ {
			for _, b := range []uint8{2, 8} { // against a register, and equal to itself
				c := gxCase{name: fmt.Sprintf("colour compare %d, B %d", op, b), mat: baseMaterial(), bg: opaqueBG}
				// TEXC against C0 (50,60,70): greater and not per quadrant.
				c.mat.Shader.Stages[0].Color = gx.Combiner{In: [4]uint8{8, b, 14, 6}, Op: op, Clamp: true}
				c.check(t, o, false)
				c.name = fmt.Sprintf("alpha compare %d, B %d", op, b)
				c.mat.Shader.Stages[0].Alpha = gx.Combiner{In: [4]uint8{4, 1, 6, 3}, Op: op, Clamp: true}
				c.showAlpha()
				c.check(t, o, false)
			}
		}
	})
}

func TestGXSwapTables(t *testing.T) {
	withOffscreen(t, func(o *render.Offscreen) {
		for _, sw := range [][4]uint8{{0, 1, 2, 3}, {2, 1, 0, 3}, {0, 0, 0, 3}, {1, 1, 1, 0}, {3, 2, 1, 0}} {
			c := gxCase{name: fmt.Sprintf("texture swap %v", sw), mat: baseMaterial(), col0: [4]int{200, 150, 100, 50}, bg: opaqueBG}
			st := &c.mat.Shader.Stages[0]
			st.TexSwap = sw
			st.Color.In = [4]uint8{15, 15, 15, 8}
			c.check(t, o, false)
			c.name = fmt.Sprintf("texture swap %v, alpha", sw)
			st.Color.In = [4]uint8{15, 15, 15, 9}
			c.check(t, o, false)
			c.name = fmt.Sprintf("raster swap %v", sw)
			st.TexSwap = [4]uint8{0, 1, 2, 3}
			st.RasSwap = sw
			st.Color.In = [4]uint8{15, 15, 15, 10}
			c.check(t, o, false)
			c.name = fmt.Sprintf("raster swap %v, alpha", sw)
			st.Color.In = [4]uint8{15, 15, 15, 11}
			c.check(t, o, false)
		}
	})
}

func TestGXAlphaCompare(t *testing.T) {
	withOffscreen(t, func(o *render.Offscreen) {
		// Output alpha is the texel's: 0, 100, 128, 200 by quadrant.
		for op := uint8(0); op < 4; op++ {
			for a := uint8(0); a < 8; a++ {
				for b := uint8(0); b < 8; b++ {
					c := gxCase{name: fmt.Sprintf("alpha compare %d %d op %d", a, b, op), mat: baseMaterial(), bg: opaqueBG}
					st := &c.mat.Shader.Stages[0]
					st.Color.In = [4]uint8{15, 15, 15, 8}
					st.Alpha.In = [4]uint8{7, 7, 7, 4}
					c.mat.Shader.Alpha = gx.AlphaCompare{CompA: a, RefA: 100, Op: op, CompB: b, RefB: 128}
					c.check(t, o, false)
				}
			}
		}
	})
}

func TestGXBlendModes(t *testing.T) {
	withOffscreen(t, func(o *render.Offscreen) {
		bg := [4]int{60, 180, 90, 153}
		mk := func(name string, b gx.Blend) gxCase {
			c := gxCase{name: name, mat: baseMaterial(), bg: bg}
			st := &c.mat.Shader.Stages[0]
			st.Color.In = [4]uint8{15, 15, 15, 8}
			st.Alpha.In = [4]uint8{7, 7, 7, 4}
			c.mat.Blend = b
			return c
		}
		for src := uint8(0); src < 8; src++ {
			for dst := uint8(0); dst < 8; dst++ {
				c := mk(fmt.Sprintf("blend %d %d", src, dst), gx.Blend{Mode: 1, Src: src, Dst: dst})
				c.check(t, o, false)
			}
		}
		c := mk("subtract", gx.Blend{Mode: 3, Src: 4, Dst: 5})
		c.check(t, o, false)
		for op := uint8(0); op < 16; op++ {
			c := mk(fmt.Sprintf("logic op %d", op), gx.Blend{Mode: 2, Logic: op})
			c.check(t, o, false)
		}
	})
}

func TestGXLightingTexMatrixAndStageOff(t *testing.T) {
	withOffscreen(t, func(o *render.Offscreen) {
		c := gxCase{name: "lit channel", mat: baseMaterial(), bg: opaqueBG, lit: true}
		c.mat.Values.MatColor[0] = [4]float32{0.8, 0.6, 0.4, 1}
		c.mat.Values.AmbColor[0] = [4]float32{0.2, 0.1, 0.0, 0}
		c.mat.Shader.Stages[0].Color.In = [4]uint8{15, 15, 15, 10}
		c.check(t, o, false)

		// A texture matrix moving s by half the texture: each quadrant
		// shows its horizontal neighbour's texel.
		c = gxCase{name: "texture matrix", mat: baseMaterial(), bg: opaqueBG, texMtx: [2][3]float32{{1, 0, 0.5}, {0, 1, 0}}}
		c.mat.Shader.Stages[0].Color.In = [4]uint8{15, 15, 15, 8}
		img := c.draw(t, o)
		for q := 0; q < 4; q++ {
			x, y := gxTarget/4+(q%2)*gxTarget/2, gxTarget/4+(q/2)*gxTarget/2
			want := gxTexels[q^1]
			if got := img.RGBAAt(x, y); absInt(int(got.R)-want[0]) > 2 || absInt(int(got.G)-want[1]) > 2 {
				t.Errorf("texture matrix: quadrant %d shows %v, want texel %d %v", q, got, q^1, want)
			}
		}

		// A stage turned off writes nothing: the second stage's result is
		// what the first left.
		c = gxCase{name: "stage 1 off", mat: baseMaterial(), bg: opaqueBG}
		c.mat.Shader.NumStages = 2
		c.mat.Shader.Stages[0].Color.In = [4]uint8{15, 15, 15, 8}
		c.mat.Shader.Stages[1] = c.mat.Shader.Stages[0]
		c.mat.Shader.Stages[1].Color.In = [4]uint8{15, 15, 15, 2}
		c.mat.Shader.Off = 2
		c.check(t, o, false)
	})
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// TestGXIndirectOffset: an indirect stage reads the texture's a, b, g
// (map 1, the same 2×2 texture) and its matrix turns g into an offset
// of the main lookup's s, in texels: (0, 0, 1/200)·(a, b, g) texels,
// over a texture 2 texels wide. Where the pixel then samples is worked
// out here from its own coordinate, with the repeat wrap.
func TestGXIndirectOffset(t *testing.T) {
	withOffscreen(t, func(o *render.Offscreen) {
		c := gxCase{name: "indirect offset", mat: baseMaterial(), bg: opaqueBG}
		s := &c.mat.Shader
		s.NumInd = 1
		s.Ind[0] = gx.IndStage{TexCoord: 0, TexMap: 1}
		s.Stages[0].Ind = gx.IndTev{Stage: 0, Matrix: 1}
		s.Stages[0].Color.In = [4]uint8{15, 15, 15, 8}
		c.mat.IndMtx[0] = [2][3]float32{{0, 0, 1.0 / 200}, {0, 0, 0}}
		img := c.draw(t, o)
		for q := 0; q < 4; q++ {
			x, y := gxTarget/4+(q%2)*gxTarget/2, gxTarget/4+(q/2)*gxTarget/2
			u := (float64(x) + 0.5) / gxTarget
			u += float64(gxTexels[q][1]) / 200 / 2 // g/200 texels of a 2-texel-wide texture
			u -= math.Floor(u)
			tx := int(u * 2)
			if d := math.Abs(u*2 - math.Round(u*2)); d < 0.05 {
				t.Fatalf("quadrant %d: the shifted coordinate %v is too near a texel edge for a sure answer", q, u)
			}
			want := gxTexels[(q/2)*2+tx]
			if got := img.RGBAAt(x, y); absInt(int(got.R)-want[0]) > 2 || absInt(int(got.G)-want[1]) > 2 || absInt(int(got.B)-want[2]) > 2 {
				t.Errorf("indirect: quadrant %d shows %v, want texel %d %v", q, got, (q/2)*2+tx, want)
			}
		}
	})
}
