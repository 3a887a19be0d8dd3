package gxshader

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/animscope/animscope/mesh/gx"
)

// The generated source is checked line by line for given shader states.
// The expected lines are written here from the GX definitions (the
// GXTevColorArg, GXTevAlphaArg, GXTevKColorSel, GXTevBias, GXTevScale,
// GXTevOp, GXCompare, GXAlphaOp and GXChannelID numbers, the swap tables,
// the indirect matrix rows and biases), in the generator's own names for
// the registers (r = PREV, c0..c2 = REG0..2), the stage inputs (sa, sb,
// sc, the D input in place) and the stage's texture, rasterised and
// konst colours (t, ras, k). That the programs compile and compute what
// the hardware does is render's tests' part (they run under a GL
// context).

var identitySwap = [4]uint8{0, 1, 2, 3}

// oneStage is a shader of one stage: texgen 0 makes UV set 0 through the
// identity (MTX2x4), the stage samples map 0 with it and takes channel
// COLOR0A0; every input is zero, the alpha test always passes.
func oneStage() gx.Shader {
	var s gx.Shader
	s.NumChans = 1
	s.NumTexGens = 1
	s.TexGens[0] = gx.TexGen{Type: 1, Source: 4, Matrix: 60}
	s.NumStages = 1
	s.Stages[0] = gx.Stage{TexCoord: 0, TexMap: 0, Channel: 4, RasSwap: identitySwap, TexSwap: identitySwap,
		Color: gx.Combiner{In: [4]uint8{15, 15, 15, 15}, Clamp: true},
		Alpha: gx.Combiner{In: [4]uint8{7, 7, 7, 7}, Clamp: true}}
	s.Alpha = gx.AlphaCompare{CompA: 7, CompB: 7}
	return s
}

// lines are the trimmed lines of src.
func lines(src string) []string {
	var out []string
	for _, l := range strings.Split(src, "\n") {
		out = append(out, strings.TrimSpace(l))
	}
	return out
}

// lineAt is the index of the first line of src that is want, or -1.
func lineAt(src, want string) int {
	for i, l := range lines(src) {
		if l == want {
			return i
		}
	}
	return -1
}

// countPrefix is the number of lines of src that start with prefix.
func countPrefix(src, prefix string) int {
	n := 0
	for _, l := range lines(src) {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

// hasLines fails t for each of want that is not a line of the fragment
// program of s.
func hasLines(t *testing.T, what string, s gx.Shader, want ...string) string {
	t.Helper()
	frag := Generate(&s).Fragment
	for _, w := range want {
		if lineAt(frag, w) < 0 {
			t.Errorf("%s: no line %q in the fragment program:\n%s", what, w, stageText(frag))
		}
	}
	return frag
}

// stageText is the part of a fragment program after the prelude, for
// failure messages.
func stageText(frag string) string {
	if i := strings.Index(frag, "void main()"); i >= 0 {
		return frag[i:]
	}
	return frag
}

// The colour inputs (GXTevColorArg 0..15): registers come in wrapped to
// their low 8 bits as A, B or C, whole as D; the other inputs are 8-bit
// already and come in as they are.
func TestColorInputs(t *testing.T) {
	inputs := []struct {
		arg     uint8
		value   string
		wrapped bool
	}{
		{0, "r.rgb", true}, {1, "r.aaa", true}, // CPREV, APREV
		{2, "c0.rgb", true}, {3, "c0.aaa", true}, // C0, A0
		{4, "c1.rgb", true}, {5, "c1.aaa", true}, // C1, A1
		{6, "c2.rgb", true}, {7, "c2.aaa", true}, // C2, A2
		{8, "t.rgb", false}, {9, "t.aaa", false}, // TEXC, TEXA
		{10, "ras.rgb", false}, {11, "ras.aaa", false}, // RASC, RASA
		{12, "vec3(1.0)", false}, {13, "vec3(128.0 / 255.0)", false}, // ONE, HALF
		{14, "k.rgb", false}, {15, "vec3(0.0)", false}, // KONST, ZERO
	}
	for _, in := range inputs {
		abc := in.value
		if in.wrapped {
			abc = "w8(vec4(" + in.value + ", 0.0)).rgb"
		}
		s := oneStage()
		s.Stages[0].Color.In = [4]uint8{in.arg, 15, 15, 15}
		hasLines(t, fmt.Sprintf("colour input %d as A", in.arg), s, "sa = "+abc+"; sb = vec3(0.0); sc = vec3(0.0);")
		s.Stages[0].Color.In = [4]uint8{15, 15, in.arg, 15}
		hasLines(t, fmt.Sprintf("colour input %d as C", in.arg), s, "sa = vec3(0.0); sb = vec3(0.0); sc = "+abc+";")
		s.Stages[0].Color.In = [4]uint8{15, 15, 15, in.arg}
		hasLines(t, fmt.Sprintf("colour input %d as D", in.arg), s, "tc = clamp(("+in.value+" + mix(sa, sb, sc) + 0.0) * 1.0, 0.0, 1.0);")
	}
}

// The alpha inputs (GXTevAlphaArg 0..7), the same way.
func TestAlphaInputs(t *testing.T) {
	inputs := []struct {
		arg     uint8
		value   string
		wrapped bool
	}{
		{0, "r.a", true}, {1, "c0.a", true}, {2, "c1.a", true}, {3, "c2.a", true}, // APREV, A0..A2
		{4, "t.a", false}, {5, "ras.a", false}, {6, "k.a", false}, {7, "0.0", false}, // TEXA, RASA, KONST, ZERO
	}
	for _, in := range inputs {
		abc := in.value
		if in.wrapped {
			abc = "w8(" + in.value + ")"
		}
		s := oneStage()
		s.Stages[0].Alpha.In = [4]uint8{7, in.arg, 7, 7}
		hasLines(t, fmt.Sprintf("alpha input %d as B", in.arg), s, "aa = 0.0; ab = "+abc+"; ac = 0.0;")
		s.Stages[0].Alpha.In = [4]uint8{7, 7, 7, in.arg}
		hasLines(t, fmt.Sprintf("alpha input %d as D", in.arg), s, "r.a = clamp(("+in.value+" + mix(aa, ab, ac) + 0.0) * 1.0, 0.0, 1.0);")
	}
}

// The registers start from the uniforms in MAT3's order (C0, C1, C2,
// PREV) rounded to 8 bits, and the output is PREV's low 8 bits.
func TestRegistersAndOutput(t *testing.T) {
	hasLines(t, "registers", oneStage(),
		"vec4 c0 = q8(u_tevColor[0]), c1 = q8(u_tevColor[1]), c2 = q8(u_tevColor[2]), r = q8(u_tevColor[3]);",
		"vec4 outc = w8(r);",
		"outc.a *= u_alphaScale;",
		"o_color = outc;",
		// Registers hold −1024..1023 (of 255) when a stage does not clamp.
		"const float regMin = -1024.0 / 255.0;",
		"const float regMax = 1023.0 / 255.0;",
		// The compares' multi-byte values: G above R, B above both.
		"float gr16(vec4 v) { return n8(v.r) + 256.0 * n8(v.g); }",
		"float bgr24(vec4 v) { return n8(v.r) + 256.0 * n8(v.g) + 65536.0 * n8(v.b); }")
}

// Konst selections (GXTevKColorSel, GXTevKAlphaSel): the eight
// fractions 1 .. 1/8, a whole konst colour (colour only), or one
// component of one.
func TestKonstSelections(t *testing.T) {
	for _, c := range []struct {
		kc, ka     uint8
		colour, al string
	}{
		{0x00, 0x00, "vec3(1.000000)", "1.000000"},         // 1, 1
		{0x03, 0x06, "vec3(0.625000)", "0.250000"},         // 5/8, 1/4
		{0x07, 0x04, "vec3(0.125000)", "0.500000"},         // 1/8, 1/2
		{0x0C, 0x1C, "u_konst[0].rgb", "u_konst[0].a"},     // K0, K0_A
		{0x0F, 0x1F, "u_konst[3].rgb", "u_konst[3].a"},     // K3, K3_A
		{0x11, 0x1E, "vec3(u_konst[1].r)", "u_konst[2].a"}, // K1_R, K2_A
		{0x16, 0x15, "vec3(u_konst[2].g)", "u_konst[1].g"}, // K2_G, K1_G
		{0x1B, 0x10, "vec3(u_konst[3].b)", "u_konst[0].r"}, // K3_B, K0_R
		{0x1D, 0x1A, "vec3(u_konst[1].a)", "u_konst[2].b"}, // K1_A, K2_B
	} {
		s := oneStage()
		s.Stages[0].KColorSel, s.Stages[0].KAlphaSel = c.kc, c.ka
		hasLines(t, fmt.Sprintf("konst selections 0x%02x, 0x%02x", c.kc, c.ka), s, "k = vec4("+c.colour+", "+c.al+");")
	}
}

// Operation, bias, scale and clamp of both halves: (D ± lerp(A, B, C) +
// bias) × scale, clamped to 0..1 or to the registers' range.
func TestBiasScaleClamp(t *testing.T) {
	s := oneStage()
	st := &s.Stages[0]
	// Subtract, +half, ÷2, no clamp, D = C1.
	st.Color = gx.Combiner{In: [4]uint8{15, 15, 15, 4}, Op: 1, Bias: 1, Scale: 3}
	// Add, −half, ×4, clamp, D = A2.
	st.Alpha = gx.Combiner{In: [4]uint8{7, 7, 7, 3}, Op: 0, Bias: 2, Scale: 2, Clamp: true}
	hasLines(t, "sub +half /2 unclamped, add -half x4 clamped", s,
		"tc = clamp((c1.rgb - mix(sa, sb, sc) + (128.0 / 255.0)) * 0.5, regMin, regMax);",
		"r.a = clamp((c2.a + mix(aa, ab, ac) + (-128.0 / 255.0)) * 4.0, 0.0, 1.0);")
	st.Color = gx.Combiner{In: [4]uint8{15, 15, 15, 0}, Scale: 1, Clamp: true}
	st.Alpha = gx.Combiner{In: [4]uint8{7, 7, 7, 0}, Op: 1, Scale: 0}
	hasLines(t, "add x2 clamped, sub unclamped", s,
		"tc = clamp((r.rgb + mix(sa, sb, sc) + 0.0) * 2.0, 0.0, 1.0);",
		"r.a = clamp((r.a - mix(aa, ab, ac) + 0.0) * 1.0, regMin, regMax);")
}

// The compare operations (GXTevOp 8..15) add C where A and B compare:
// R8, GR16 and BGR24 as one number, RGB8 (A8 in the alpha half) per
// component; the alpha half's R8..BGR24 compare the colour inputs.
func TestCompareOperations(t *testing.T) {
	colour := map[uint8]string{
		8:  "tc = clamp(k.rgb + ((sa.r > sb.r) ? sc : vec3(0.0)), 0.0, 1.0);",
		9:  "tc = clamp(k.rgb + ((abs(sa.r - sb.r) < 0.5 / 255.0) ? sc : vec3(0.0)), 0.0, 1.0);",
		10: "tc = clamp(k.rgb + ((gr16(vec4(sa, 0.0)) > gr16(vec4(sb, 0.0))) ? sc : vec3(0.0)), 0.0, 1.0);",
		11: "tc = clamp(k.rgb + ((gr16(vec4(sa, 0.0)) == gr16(vec4(sb, 0.0))) ? sc : vec3(0.0)), 0.0, 1.0);",
		12: "tc = clamp(k.rgb + ((bgr24(vec4(sa, 0.0)) > bgr24(vec4(sb, 0.0))) ? sc : vec3(0.0)), 0.0, 1.0);",
		13: "tc = clamp(k.rgb + ((bgr24(vec4(sa, 0.0)) == bgr24(vec4(sb, 0.0))) ? sc : vec3(0.0)), 0.0, 1.0);",
		14: "tc = clamp(k.rgb + mix(vec3(0.0), sc, greaterThan(sa, sb + vec3(0.5 / 255.0))), 0.0, 1.0);",
		15: "tc = clamp(k.rgb + mix(vec3(0.0), sc, lessThan(abs(sa - sb), vec3(0.5 / 255.0))), 0.0, 1.0);",
	}
	alpha := map[uint8]string{
		8:  "r.a = clamp(k.a + ((sa.r > sb.r) ? ac : 0.0), 0.0, 1.0);",
		11: "r.a = clamp(k.a + ((gr16(vec4(sa, 0.0)) == gr16(vec4(sb, 0.0))) ? ac : 0.0), 0.0, 1.0);",
		12: "r.a = clamp(k.a + ((bgr24(vec4(sa, 0.0)) > bgr24(vec4(sb, 0.0))) ? ac : 0.0), 0.0, 1.0);",
		14: "r.a = clamp(k.a + ((aa > ab + 0.5 / 255.0) ? ac : 0.0), 0.0, 1.0);",
		15: "r.a = clamp(k.a + ((abs(aa - ab) < 0.5 / 255.0) ? ac : 0.0), 0.0, 1.0);",
	}
	for op := uint8(8); op < 16; op++ {
		s := oneStage()
		s.Stages[0].Color = gx.Combiner{In: [4]uint8{8, 2, 12, 14}, Op: op, Clamp: true}
		s.Stages[0].Alpha = gx.Combiner{In: [4]uint8{4, 1, 5, 6}, Op: op, Clamp: true}
		want := []string{colour[op]}
		if a, ok := alpha[op]; ok {
			want = append(want, a)
		}
		hasLines(t, fmt.Sprintf("compare op %d", op), s, want...)
	}
}

// Output registers: the colour half writes its register's rgb, the alpha
// half its register's a, and both read the registers as they were
// before the stage: the colour result waits in tc until the alpha half
// has read them.
func TestOutputRegisters(t *testing.T) {
	s := oneStage()
	s.Stages[0].Color.Reg = 2 // REG1
	s.Stages[0].Alpha.Reg = 3 // REG2
	frag := hasLines(t, "colour to REG1, alpha to REG2", s,
		"c2.a = clamp((0.0 + mix(aa, ab, ac) + 0.0) * 1.0, 0.0, 1.0);",
		"c1.rgb = tc;")
	colour := lineAt(frag, "tc = clamp((vec3(0.0) + mix(sa, sb, sc) + 0.0) * 1.0, 0.0, 1.0);")
	al := lineAt(frag, "c2.a = clamp((0.0 + mix(aa, ab, ac) + 0.0) * 1.0, 0.0, 1.0);")
	write := lineAt(frag, "c1.rgb = tc;")
	if !(colour >= 0 && colour < al && al < write) {
		t.Errorf("colour result at line %d, alpha write %d, colour write %d: want the colour computed first and written last", colour, al, write)
	}
}

// Swap tables pick the source component of r, g, b, a; the rasterised
// colour comes from the stage's channel (GXChannelID: COLOR0, ALPHA0,
// COLOR0A0 the first channel, COLOR1, ALPHA1, COLOR1A1 the second, any
// other none).
func TestSwapsAndChannels(t *testing.T) {
	s := oneStage()
	s.Stages[0].TexSwap = [4]uint8{2, 1, 0, 3}
	s.Stages[0].RasSwap = [4]uint8{0, 0, 0, 3}
	hasLines(t, "swaps", s, "t = texture(u_tex0, v_tex[0].xy).bgra;", "ras = q8(v_color0).rrra;")
	s.Stages[0].RasSwap = [4]uint8{3, 2, 1, 0}
	for ch, want := range map[uint8]string{
		0: "ras = q8(v_color0).abgr;", 2: "ras = q8(v_color0).abgr;", 4: "ras = q8(v_color0).abgr;",
		1: "ras = q8(v_color1).abgr;", 3: "ras = q8(v_color1).abgr;", 5: "ras = q8(v_color1).abgr;",
		6: "ras = vec4(0.0);", 0xFF: "ras = vec4(0.0);",
	} {
		s.Stages[0].Channel = ch
		hasLines(t, fmt.Sprintf("channel %d", ch), s, want)
	}
}

// Texture lookups: the stage's map through its texgen's coordinates,
// divided by q for a 3×4 texgen; a texgen the shader does not have gives
// (0, 0); a stage without a map samples nothing.
func TestTextureLookups(t *testing.T) {
	s := oneStage()
	s.NumTexGens = 2
	s.TexGens[1] = gx.TexGen{Type: 0, Source: 0, Matrix: 30}
	s.NumStages = 3
	s.Stages[1], s.Stages[2] = s.Stages[0], s.Stages[0]
	s.Stages[0].TexMap, s.Stages[0].TexCoord = 3, 1
	s.Stages[1].TexMap, s.Stages[1].TexCoord = 7, 5
	s.Stages[2].TexMap = 0xFF
	frag := hasLines(t, "lookups", s,
		"t = texture(u_tex3, (v_tex[1].xy / (v_tex[1].z == 0.0 ? 1.0 : v_tex[1].z))).rgba;",
		"t = texture(u_tex7, vec2(0.0)).rgba;")
	if n := countPrefix(frag, "t = texture("); n != 2 {
		t.Errorf("%d texture lookups, want 2 (stage 2 has no map)", n)
	}
	for i := 0; i < 3; i++ {
		if lineAt(frag, fmt.Sprintf("// stage %d", i)) < 0 {
			t.Errorf("no stage %d", i)
		}
	}
	if lineAt(frag, "// stage 3") >= 0 {
		t.Error("a fourth stage in a three-stage shader")
	}
}

// A stage turned off (Off bit) computes and writes nothing.
func TestStageOff(t *testing.T) {
	s := oneStage()
	s.NumStages = 3
	s.Stages[1], s.Stages[2] = s.Stages[0], s.Stages[0]
	s.Off = 1 << 1
	frag := Generate(&s).Fragment
	at := lineAt(frag, "// stage 1")
	if at < 0 || lines(frag)[at+1] != "// turned off" || lines(frag)[at+2] != "// stage 2" {
		t.Errorf("stage 1 off: want its comment followed by the next stage's:\n%s", stageText(frag))
	}
	if n := countPrefix(frag, "tc = "); n != 2 {
		t.Errorf("%d colour combiners with one of three stages off, want 2", n)
	}
}

// The alpha compare (GXCompare on the output alpha's 8-bit value, joined
// by GXAlphaOp) discards what fails.
func TestAlphaCompare(t *testing.T) {
	for _, c := range []struct {
		a    gx.AlphaCompare
		want string
	}{
		{gx.AlphaCompare{CompA: 4, RefA: 100, Op: 1, CompB: 1, RefB: 20}, "(n8(outc.a) > 100.0) || (n8(outc.a) < 20.0)"},
		{gx.AlphaCompare{CompA: 0, Op: 0, CompB: 7}, "(false) && (true)"},
		{gx.AlphaCompare{CompA: 2, RefA: 5, Op: 2, CompB: 5, RefB: 6}, "(n8(outc.a) == 5.0) != (n8(outc.a) != 6.0)"},
		{gx.AlphaCompare{CompA: 3, RefA: 7, Op: 3, CompB: 6, RefB: 255}, "(n8(outc.a) <= 7.0) == (n8(outc.a) >= 255.0)"},
	} {
		s := oneStage()
		s.Alpha = c.a
		hasLines(t, fmt.Sprintf("alpha compare %+v", c.a), s, "if (!("+c.want+")) discard;")
	}
}

// Indirect stages read their texture's a, b, g as 8-bit numbers at their
// coordinates divided by the GX_ITS scales; a stage using indirect
// matrix n (1..3: MTX0..2) offsets its coordinates by the matrix's two
// rows times those numbers, biased by −128 where the bias bits say, in
// texels of its own map. Dynamic matrices and stages past NumInd leave
// the lookup alone.
func TestIndirect(t *testing.T) {
	s := oneStage()
	s.NumTexGens = 2
	s.TexGens[1] = gx.TexGen{Type: 0, Source: 5, Matrix: 60}
	s.NumInd = 2
	s.Ind[0] = gx.IndStage{TexCoord: 0, TexMap: 1, ScaleS: 1, ScaleT: 3} // ÷2, ÷8
	s.Ind[1] = gx.IndStage{TexCoord: 1, TexMap: 2, ScaleS: 0, ScaleT: 8} // ÷1, ÷256
	s.Stages[0].Ind = gx.IndTev{Stage: 1, Matrix: 2, Bias: 5}            // MTX1, bias on s and u
	s.NumStages = 3
	s.Stages[1], s.Stages[2] = s.Stages[0], s.Stages[0]
	s.Stages[1].Ind = gx.IndTev{Stage: 0, Matrix: 5} // S0: dynamic, left out
	s.Stages[2].Ind = gx.IndTev{Stage: 2, Matrix: 1} // past NumInd
	frag := hasLines(t, "indirect", s,
		"vec3 ind0 = 255.0 * texture(u_tex1, v_tex[0].xy / vec2(2, 8)).abg;",
		"vec3 ind1 = 255.0 * texture(u_tex2, (v_tex[1].xy / (v_tex[1].z == 0.0 ? 1.0 : v_tex[1].z)) / vec2(1, 256)).abg;",
		"vec2 uv0 = v_tex[0].xy;",
		"{ vec3 iv = ind1 + vec3(-128.0, 0.0, -128.0);",
		"uv0 += vec2(dot(u_indMtx[2], iv), dot(u_indMtx[3], iv)) / vec2(textureSize(u_tex0, 0)); }",
		"t = texture(u_tex0, uv0).rgba;")
	if n := strings.Count(frag, "t = texture(u_tex0, v_tex[0].xy).rgba;"); n != 2 {
		t.Errorf("%d plain lookups, want 2 (the dynamic-matrix stage and the one past NumInd)", n)
	}
	if strings.Contains(frag, "ind2") {
		t.Error("a third indirect stage in a shader of two")
	}
}

// Every material shares one vertex program; neither stage carries a
// #version line (render adds it); the vertex attributes sit where
// AttrColor1 and AttrUV01 say.
func TestVertexProgramAndAttributes(t *testing.T) {
	a, b := oneStage(), oneStage()
	b.NumChans, b.NumTexGens = 2, 4
	b.Stages[0].Color.In = [4]uint8{8, 10, 14, 0}
	sa, sb := Generate(&a), Generate(&b)
	if sa.Vertex != sb.Vertex || sa.Vertex != VertexShader {
		t.Error("two shader states got different vertex programs; every material shares one")
	}
	if sa.Fragment == sb.Fragment {
		t.Error("two shader states got the same fragment program")
	}
	for _, src := range []string{sa.Vertex, sa.Fragment} {
		if strings.Contains(src, "#version") {
			t.Error("a generated stage carries #version; render prepends the one header")
		}
	}
	loc := map[string]int{}
	for _, m := range regexp.MustCompile(`layout\(location = (\d+)\) in \w+ (a_\w+);`).FindAllStringSubmatch(VertexShader, -1) {
		n, _ := strconv.Atoi(m[1])
		loc[m[2]] = n
	}
	for name, want := range map[string]int{"a_color1": AttrColor1, "a_uv01": AttrUV01, "a_uv23": AttrUV01 + 1, "a_uv45": AttrUV01 + 2, "a_uv67": AttrUV01 + 3} {
		if got, ok := loc[name]; !ok || got != want {
			t.Errorf("%s at location %d (declared: %v), want %d", name, got, ok, want)
		}
	}
	for i := 0; i < 8; i++ {
		if lineAt(sa.Fragment, fmt.Sprintf("uniform sampler2D u_tex%d;", i)) < 0 {
			t.Errorf("no sampler for texture map %d", i)
		}
	}
}
