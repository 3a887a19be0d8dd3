package gxshader

import (
	"fmt"
	"strings"

	"github.com/animscope/animscope/mesh/gx"
)

// fragmentPrelude is what every fragment program starts with: the vertex
// program's outputs, the eight texture maps and the registers as
// uniforms, and the helpers of the hardware's 8-bit arithmetic.
const fragmentPrelude = `layout(location = 0) in vec4 v_color0;
layout(location = 1) in vec4 v_color1;
layout(location = 2) in vec3 v_tex[8];
uniform sampler2D u_tex0;
uniform sampler2D u_tex1;
uniform sampler2D u_tex2;
uniform sampler2D u_tex3;
uniform sampler2D u_tex4;
uniform sampler2D u_tex5;
uniform sampler2D u_tex6;
uniform sampler2D u_tex7;
uniform vec4 u_tevColor[4]; // REG0, REG1, REG2, PREV
uniform vec4 u_konst[4];
uniform vec3 u_indMtx[6];   // rows of the three indirect matrices
uniform float u_alphaScale;
uniform vec4 u_highlight;
out vec4 o_color;

// The hardware's A, B and C inputs are the low 8 bits of a register.
vec4 w8(vec4 v) { return mod(floor(v * 255.0 + 0.5), 256.0) / 255.0; }
float w8(float v) { return mod(floor(v * 255.0 + 0.5), 256.0) / 255.0; }
vec4 q8(vec4 v) { return floor(v * 255.0 + 0.5) / 255.0; }
float n8(float v) { return floor(v * 255.0 + 0.5); }
float gr16(vec4 v) { return n8(v.r) + 256.0 * n8(v.g); }
float bgr24(vec4 v) { return n8(v.r) + 256.0 * n8(v.g) + 65536.0 * n8(v.b); }
const float regMin = -1024.0 / 255.0;
const float regMax = 1023.0 / 255.0;
`

// colorIn are the GX colour inputs (GXTevColorArg) over the vec4 values
// of the stage: registers r (PREV), c0..c2, texture t, raster ras, konst k.
var colorIn = [16]string{"r.rgb", "r.aaa", "c0.rgb", "c0.aaa", "c1.rgb", "c1.aaa", "c2.rgb", "c2.aaa",
	"t.rgb", "t.aaa", "ras.rgb", "ras.aaa", "vec3(1.0)", "vec3(128.0 / 255.0)", "k.rgb", "vec3(0.0)"}

var alphaIn = [8]string{"r.a", "c0.a", "c1.a", "c2.a", "t.a", "ras.a", "k.a", "0.0"}

var regName = [4]string{"r", "c0", "c1", "c2"}

// wrapColor and wrapAlpha are an A, B or C input: a register's low 8
// bits (registers may leave 0..255); the other inputs are 8-bit already,
// and leaving the wrap out of them keeps the program small (drivers
// compile it faster).
func wrapColor(in uint8) string {
	if in < 8 {
		return "w8(vec4(" + colorIn[in] + ", 0.0)).rgb"
	}
	return colorIn[in&15]
}

func wrapAlpha(in uint8) string {
	if in < 4 {
		return "w8(" + alphaIn[in] + ")"
	}
	return alphaIn[in&7]
}

// konstColor is the expression of a konst colour selection
// (GXTevKColorSel), konstAlpha of an alpha one (GXTevKAlphaSel).
func konstColor(sel uint8) string {
	switch {
	case sel < 8:
		return fmt.Sprintf("vec3(%.6f)", gx.KonstFraction[sel])
	case sel >= 0x0C && sel <= 0x0F:
		return fmt.Sprintf("u_konst[%d].rgb", sel-0x0C)
	case sel >= 0x10 && sel <= 0x1F:
		return fmt.Sprintf("vec3(u_konst[%d].%c)", sel&3, "rgba"[(sel-0x10)/4])
	}
	return "vec3(0.0)"
}

func konstAlpha(sel uint8) string {
	switch {
	case sel < 8:
		return fmt.Sprintf("%.6f", gx.KonstFraction[sel])
	case sel >= 0x10 && sel <= 0x1F:
		return fmt.Sprintf("u_konst[%d].%c", sel&3, "rgba"[(sel-0x10)/4])
	}
	return "0.0"
}

func swizzle(sw [4]uint8) string {
	var b [4]byte
	for i, c := range sw {
		b[i] = "rgba"[c&3]
	}
	return string(b[:])
}

// The hardware adds ±128 (of 255) for the half bias.
var biasValue = [4]string{"0.0", "(128.0 / 255.0)", "(-128.0 / 255.0)", "0.0"}
var scaleValue = [4]string{"1.0", "2.0", "4.0", "0.5"}

// indScale is GX_ITS_1 .. GX_ITS_256 as a divisor.
func indScale(s uint8) float64 { return float64(uint(1) << min(s, 8)) }

func fragmentShader(s *gx.Shader) string {
	var b strings.Builder
	b.WriteString(fragmentPrelude)
	b.WriteString(`
void main() {
	vec4 c0 = q8(u_tevColor[0]), c1 = q8(u_tevColor[1]), c2 = q8(u_tevColor[2]), r = q8(u_tevColor[3]);
	vec4 t = vec4(0.0), ras = vec4(0.0), k = vec4(0.0);
	vec3 tc, sa, sb, sc;
	float aa, ab, ac;
`)
	coord := func(tc uint8) string {
		if int(tc) >= int(s.NumTexGens) {
			return "vec2(0.0)"
		}
		g := s.TexGens[tc]
		if g.Type == 0 {
			return fmt.Sprintf("(v_tex[%d].xy / (v_tex[%d].z == 0.0 ? 1.0 : v_tex[%d].z))", tc, tc, tc)
		}
		return fmt.Sprintf("v_tex[%d].xy", tc)
	}
	// Indirect stages: their texture's a, b, g as 8-bit numbers.
	for i := 0; i < int(s.NumInd) && i < 4; i++ {
		in := s.Ind[i]
		fmt.Fprintf(&b, "\tvec3 ind%d = 255.0 * texture(u_tex%d, %s / vec2(%g, %g)).abg;\n", i, in.TexMap&7, coord(in.TexCoord), indScale(in.ScaleS), indScale(in.ScaleT))
	}
	for i := 0; i < int(s.NumStages); i++ {
		st := &s.Stages[i]
		fmt.Fprintf(&b, "\t// stage %d\n", i)
		off := s.Off&(1<<i) != 0
		if off {
			b.WriteString("\t// turned off\n")
			continue
		}
		if st.TexMap < 8 {
			uv := coord(st.TexCoord)
			if ind := st.Ind; ind.Matrix >= 1 && ind.Matrix <= 3 && ind.Stage < s.NumInd {
				var bias [3]string
				for c := range bias {
					bias[c] = "0.0"
					if ind.Bias&(1<<c) != 0 {
						bias[c] = "-128.0"
					}
				}
				m := 2 * (ind.Matrix - 1)
				fmt.Fprintf(&b, "\tvec2 uv%d = %s;\n", i, uv)
				fmt.Fprintf(&b, "\t{ vec3 iv = ind%d + vec3(%s, %s, %s);\n", ind.Stage, bias[0], bias[1], bias[2])
				fmt.Fprintf(&b, "\t  uv%d += vec2(dot(u_indMtx[%d], iv), dot(u_indMtx[%d], iv)) / vec2(textureSize(u_tex%d, 0)); }\n", i, m, m+1, st.TexMap)
				uv = fmt.Sprintf("uv%d", i)
			}
			fmt.Fprintf(&b, "\tt = texture(u_tex%d, %s).%s;\n", st.TexMap&7, uv, swizzle(st.TexSwap))
		}
		switch st.Channel {
		case 0, 2, 4:
			fmt.Fprintf(&b, "\tras = q8(v_color0).%s;\n", swizzle(st.RasSwap))
		case 1, 3, 5:
			fmt.Fprintf(&b, "\tras = q8(v_color1).%s;\n", swizzle(st.RasSwap))
		default:
			b.WriteString("\tras = vec4(0.0);\n")
		}
		fmt.Fprintf(&b, "\tk = vec4(%s, %s);\n", konstColor(st.KColorSel), konstAlpha(st.KAlphaSel))
		cc, ca := st.Color, st.Alpha
		fmt.Fprintf(&b, "\tsa = %s; sb = %s; sc = %s;\n", wrapColor(cc.In[0]), wrapColor(cc.In[1]), wrapColor(cc.In[2]))
		fmt.Fprintf(&b, "\taa = %s; ab = %s; ac = %s;\n", wrapAlpha(ca.In[0]&7), wrapAlpha(ca.In[1]&7), wrapAlpha(ca.In[2]&7))
		// Both halves read the registers as they were before the stage.
		fmt.Fprintf(&b, "\ttc = %s;\n", combineColor(cc, colorIn[cc.In[3]]))
		fmt.Fprintf(&b, "\t%s.a = %s;\n", regName[ca.Reg&3], combineAlpha(ca, alphaIn[ca.In[3]&7]))
		fmt.Fprintf(&b, "\t%s.rgb = tc;\n", regName[cc.Reg&3])
	}
	b.WriteString(`	vec4 outc = w8(r);
`)
	b.WriteString("\tif (!(" + alphaTest(s.Alpha) + ")) discard;\n")
	b.WriteString(`	outc.rgb = mix(outc.rgb, u_highlight.rgb, u_highlight.a);
	outc.a *= u_alphaScale;
	o_color = outc;
}
`)
	return b.String()
}

// scalarCompare is the condition of compare ops 8..13 (R8, GR16, BGR24;
// the alpha combiner's too compare the colour inputs A and B).
func scalarCompare(op uint8) string {
	switch op {
	case 8:
		return "sa.r > sb.r"
	case 9:
		return "abs(sa.r - sb.r) < 0.5 / 255.0"
	case 10:
		return "gr16(vec4(sa, 0.0)) > gr16(vec4(sb, 0.0))"
	case 11:
		return "gr16(vec4(sa, 0.0)) == gr16(vec4(sb, 0.0))"
	case 12:
		return "bgr24(vec4(sa, 0.0)) > bgr24(vec4(sb, 0.0))"
	}
	return "bgr24(vec4(sa, 0.0)) == bgr24(vec4(sb, 0.0))"
}

func combineColor(c gx.Combiner, d string) string {
	if c.Op >= 8 {
		switch c.Op {
		case 14: // RGB8: per component
			return fmt.Sprintf("clamp(%s + mix(vec3(0.0), sc, greaterThan(sa, sb + vec3(0.5 / 255.0))), %s)", d, clampRange(c.Clamp))
		case 15:
			return fmt.Sprintf("clamp(%s + mix(vec3(0.0), sc, lessThan(abs(sa - sb), vec3(0.5 / 255.0))), %s)", d, clampRange(c.Clamp))
		}
		return fmt.Sprintf("clamp(%s + ((%s) ? sc : vec3(0.0)), %s)", d, scalarCompare(c.Op), clampRange(c.Clamp))
	}
	return fmt.Sprintf("clamp((%s %s mix(sa, sb, sc) + %s) * %s, %s)", d, opSign(c.Op), biasValue[c.Bias&3], scaleValue[c.Scale&3], clampRange(c.Clamp))
}

func combineAlpha(c gx.Combiner, d string) string {
	if c.Op >= 8 {
		cond := scalarCompare(c.Op)
		switch c.Op {
		case 14: // A8
			cond = "aa > ab + 0.5 / 255.0"
		case 15:
			cond = "abs(aa - ab) < 0.5 / 255.0"
		}
		return fmt.Sprintf("clamp(%s + ((%s) ? ac : 0.0), %s)", d, cond, clampRange(c.Clamp))
	}
	return fmt.Sprintf("clamp((%s %s mix(aa, ab, ac) + %s) * %s, %s)", d, opSign(c.Op), biasValue[c.Bias&3], scaleValue[c.Scale&3], clampRange(c.Clamp))
}

func opSign(op uint8) string {
	if op == 1 {
		return "-"
	}
	return "+"
}

func clampRange(clamp bool) string {
	if clamp {
		return "0.0, 1.0"
	}
	return "regMin, regMax"
}

// alphaTest is the GLSL condition of the alpha compare on the 8-bit
// output alpha.
func alphaTest(a gx.AlphaCompare) string {
	cmp := func(fn, ref uint8) string {
		r := fmt.Sprintf("%d.0", ref)
		switch fn & 7 {
		case 0:
			return "false"
		case 1:
			return "av < " + r
		case 2:
			return "av == " + r
		case 3:
			return "av <= " + r
		case 4:
			return "av > " + r
		case 5:
			return "av != " + r
		case 6:
			return "av >= " + r
		}
		return "true"
	}
	x, y := "("+cmp(a.CompA, a.RefA)+")", "("+cmp(a.CompB, a.RefB)+")"
	var e string
	switch a.Op & 3 {
	case 0:
		e = x + " && " + y
	case 1:
		e = x + " || " + y
	case 2:
		e = x + " != " + y
	default:
		e = x + " == " + y
	}
	return strings.ReplaceAll(e, "av", "n8(outc.a)")
}
