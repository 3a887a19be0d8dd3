// Package gx describes a material as the GameCube/Wii GX hardware draws
// it: colour channels, texture-coordinate generators, the TEV combiner
// stages with their registers, konst colours and swap tables, indirect
// texture stages, the alpha compare, the blend and the z mode. Decoders
// (J3D MAT3) fill it; a renderer generates one shader per Shader value and
// feeds the Values as uniforms, so animating a register never recompiles.
//
// Enumerations keep the hardware's own numbers (GXTevColorArg,
// GXTevAlphaArg, GXTevKColorSel, GXTexGenSrc, ...), so a table of a file
// reads the same here as in the GX documentation.
package gx

// Material is one GX material: what decides the shader, and the values
// it starts from.
type Material struct {
	Name   string
	Shader Shader
	Values Values
	// TexMtx are the material's texture matrices by slot (GX TEXMTX0..9;
	// nil: none), with what the render needs to finish them per frame.
	TexMtx [10]*TexMtx
	// IndMtx are the indirect matrices (2×3, the scale exponent applied).
	IndMtx [3][2][3]float32
	// Cull is GX's cull mode: 0 none, 1 front, 2 back, 3 all (GX's front
	// face is the clockwise one).
	Cull  uint8
	Blend Blend
	Z     ZMode
	// LightRamps are the texture maps read through an SRTG texgen (a
	// lookup by the lit colour: a toon ramp, bit i for map i). J3D games
	// bind their own ramp there at run time; the file may hold a
	// placeholder.
	LightRamps uint8
	// MaskOnly says the game draws the material with colour (and depth)
	// updates off: it only marks the framebuffer for others (Wind
	// Waker's eye and eyebrow masks).
	MaskOnly bool
}

// Shader is everything that changes the generated program: a comparable
// value, the key of a shader cache. Register and colour values are not
// in it (they are Values).
type Shader struct {
	NumChans   uint8      // colour channels used (0..2)
	Chans      [4]Channel // COLOR0, ALPHA0, COLOR1, ALPHA1
	NumTexGens uint8
	TexGens    [8]TexGen
	NumStages  uint8
	Stages     [16]Stage
	NumInd     uint8
	Ind        [4]IndStage
	Alpha      AlphaCompare
	// Off are stages turned off for inspection (bit i: stage i): such a
	// stage writes nothing, so its output register keeps its value.
	Off uint16
}

// Values are the registers a material loads and animations write: colour
// channel registers (RGBA 0..255), TEV colour registers (GX_TEVPREV,
// REG0..2 as 11-bit signed −1024..1023, value/255; MAT3 order: index 3 is
// PREV), konst colours.
type Values struct {
	MatColor, AmbColor [2][4]float32 // 0..1
	TevColor           [4][4]float32 // C0, C1, C2, PREV; may leave 0..1
	Konst              [4][4]float32 // 0..1
}

// Channel is a colour-channel control (GXSetChanCtrl).
type Channel struct {
	Lighting       bool
	MatSrc, AmbSrc uint8 // 0 register, 1 vertex colour
	LitMask        uint8
	DiffuseFn      uint8 // 0 none, 1 signed, 2 clamp
	AttnFn         uint8 // GX: 0 spec, 1 spot, 2 none
	Present        bool
}

// TexGen is a texture-coordinate generator (GXSetTexCoordGen2).
type TexGen struct {
	Type   uint8 // 0 MTX3x4, 1 MTX2x4, 2..9 BUMP0..7, 10 SRTG
	Source uint8 // 0 POS, 1 NRM, 2 BINRM, 3 TANGENT, 4..11 TEX0..7, 12..18 TEXCOORD0..6, 19 COLOR0, 20 COLOR1
	Matrix uint8 // 30+3n TEXMTXn, 60 identity
	// Normalize normalises the source before the matrix (NRM sources).
	Normalize bool
}

// Stage is one TEV stage: its order, its colour and alpha combiners,
// konst selections, swap tables and indirect settings.
type Stage struct {
	TexCoord, TexMap, Channel uint8 // 0xFF none
	Color                     Combiner
	Alpha                     Combiner
	KColorSel, KAlphaSel      uint8
	// RasSwap and TexSwap are the swap tables applied to the rasterised
	// and the texture colour: source component for r, g, b, a.
	RasSwap, TexSwap [4]uint8
	Ind              IndTev
}

// Combiner is one half of a TEV stage: out = (D ± lerp(A, B, C) + bias) ×
// scale (Op 0 add, 1 subtract) or, for Op 8..15, a compare.
type Combiner struct {
	In              [4]uint8 // A, B, C, D (GXTevColorArg / GXTevAlphaArg)
	Op, Bias, Scale uint8
	Clamp           bool
	Reg             uint8 // 0 PREV, 1 REG0, 2 REG1, 3 REG2
}

// IndStage is an indirect texture stage (GXSetIndTexOrder and
// GXSetIndTexCoordScale): scales are GX_ITS_1 (0) .. GX_ITS_256 (8).
type IndStage struct{ TexCoord, TexMap, ScaleS, ScaleT uint8 }

// IndTev is a TEV stage's indirect settings (GXSetTevIndirect).
type IndTev struct {
	Stage, Format, Bias, Matrix uint8 // Matrix 0 off, 1..3 MTX0..2, 5..7 S0..2, 9..11 T0..2
	WrapS, WrapT                uint8 // 0 off, 1..6 wrap 256..16, 7 zero
	AddPrev, UTCLod             bool
	AlphaSel                    uint8
}

// AlphaCompare is the alpha test: (a CompA RefA) Op (a CompB RefB),
// compares GXCompare (0 never .. 7 always), Op 0 and, 1 or, 2 xor, 3 xnor.
type AlphaCompare struct{ CompA, RefA, Op, CompB, RefB uint8 }

// Blend is GX's blend mode: Mode 0 none, 1 blend, 2 logic, 3 subtract;
// factors GXBlendFactor (0 zero, 1 one, 2 src/dst colour, 3 its inverse,
// 4 src alpha, 5 inverse, 6 dst alpha, 7 inverse); Logic GXLogicOp.
type Blend struct{ Mode, Src, Dst, Logic uint8 }

// ZMode is GX's depth state: Func a GXCompare.
type ZMode struct {
	Enable bool
	Func   uint8
	Write  bool
}

// TexMtx is one texture matrix: the SRT matrix the file stores (Basic or
// Maya convention, as a 2×3 over (s, t, 1)), the map mode that decides
// what feeds it (none, environment, projection) and the effect matrix.
type TexMtx struct {
	// Mode is the J3D map mode (info & 0x3F): 0 none, 1/6/7 environment
	// maps, 2/3/8/9 projections, 10/11 effect-matrix environment maps.
	Mode uint8
	Maya bool
	// Projection is the stored projection: 0 3×4, 1 2×4.
	Projection uint8
	SRT        [2][3]float32
	Effect     [4][4]float32 // row by row
}

// Konst colour selections (GXTevKColorSel, GXTevKAlphaSel) 0..7 are
// constant fractions: 1, 7/8, 3/4, 5/8, 1/2, 3/8, 1/4, 1/8.
var KonstFraction = [8]float32{1, 7.0 / 8, 3.0 / 4, 5.0 / 8, 1.0 / 2, 3.0 / 8, 1.0 / 4, 1.0 / 8}

// Stage count bounds.
const (
	MaxStages  = 16
	MaxTexGens = 8
)
