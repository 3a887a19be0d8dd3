package mesh

import "github.com/go-gl/mathgl/mgl32"

// Material is how a shape's surface is drawn: its textures, colours and
// the fixed-function state around them. Native keeps the format's own
// shading description (a J3D material's TEV stages) for a renderer that
// draws it exactly.
type Material struct {
	Name     string
	Textures []TextureSlot
	// Color multiplies the texture (J3D material colour, BFRES albedo
	// colour parameter), RGBA 0..1; VertexColor says whether vertex
	// colour set 0 multiplies it too.
	Color       mgl32.Vec4
	VertexColor bool
	Cull        Cull
	AlphaTest   AlphaTest
	Blend       Blend
	// DepthTest and DepthWrite are the z mode.
	DepthTest, DepthWrite bool
	Native                any
}

// TextureSlot is one texture a material samples.
type TextureSlot struct {
	// Texture is an index into Model.Textures, -1 when the texture is in
	// another file that is not open (Name says which).
	Texture int
	Name    string
	Role    TextureRole
	// UVSet is the texture-coordinate set it samples; TexMatrix the
	// material's texture-matrix slot that moves those coordinates (what a
	// BTK or texture SRT animation drives), -1 for none.
	UVSet, TexMatrix int
	Sampler          Sampler
	// Map and MapName are the format's own number and name for the slot,
	// what texture-pattern animations name: the J3D texture map (GX
	// TEXMAP0..7, a BTP entry's texture slot) with no name; for BFRES
	// the slot's position among the material's samplers and the sampler's
	// name ("_a0", an FTXP pattern's sampler). Map is -1 when unknown.
	Map     int
	MapName string
}

// TextureRole says what a texture is for.
type TextureRole uint8

const (
	RoleOther  TextureRole = iota
	RoleAlbedo             // the base colour
	RoleNormal
	RoleSpecular
	RoleEmission
)

// Wrap is a texture-coordinate wrap mode.
type Wrap uint8

const (
	WrapRepeat Wrap = iota
	WrapClamp       // clamp to edge
	WrapMirror      // mirrored repeat
)

// Filter is a texture filter.
type Filter uint8

const (
	FilterLinear Filter = iota
	FilterNearest
)

// Sampler is how a texture is sampled.
type Sampler struct {
	WrapS, WrapT         Wrap
	MinFilter, MagFilter Filter
	Mipmaps              bool
}

// Cull says which faces are not drawn.
type Cull uint8

const (
	CullBack Cull = iota
	CullNone
	CullFront
	CullAll
)

// Compare is a comparison of an alpha test.
type Compare uint8

const (
	CompareAlways Compare = iota
	CompareNever
	CompareLess
	CompareLEqual
	CompareEqual
	CompareNEqual
	CompareGEqual
	CompareGreater
)

// AlphaTest discards fragments whose alpha fails Func against Ref (0..1).
type AlphaTest struct {
	Enabled bool
	Func    Compare
	Ref     float32
}

// BlendMode is how a shape combines with what is drawn behind it.
type BlendMode uint8

const (
	Opaque      BlendMode = iota
	Mask                  // opaque with an alpha test
	Translucent           // blended, drawn after the opaque shapes
)

// BlendFactor is a source or destination blend factor.
type BlendFactor uint8

const (
	FactorZero BlendFactor = iota
	FactorOne
	FactorSrcColor
	FactorOneMinusSrcColor
	FactorSrcAlpha
	FactorOneMinusSrcAlpha
	FactorDstAlpha
	FactorOneMinusDstAlpha
	FactorDstColor
	FactorOneMinusDstColor
)

// Blend is the blend state; Src and Dst matter for Translucent.
type Blend struct {
	Mode     BlendMode
	Src, Dst BlendFactor
	// Subtract blends dst − src (GX's subtract mode).
	Subtract bool
}
