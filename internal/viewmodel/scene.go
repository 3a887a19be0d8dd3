package viewmodel

import (
	"github.com/go-gl/mathgl/mgl32"
)

// Color is linear RGBA in 0..1.
type Color [4]float32

// Line is a segment drawn with the scene's line width.
type Line struct {
	A, B  mgl32.Vec3
	Color Color
}

// Point is a joint marker; Scale multiplies the scene's point size (the
// selected joint is drawn larger).
type Point struct {
	P     mgl32.Vec3
	Color Color
	Scale float32
}

// Viewport is a rectangle of the framebuffer in pixels, origin at the
// bottom left as OpenGL counts.
type Viewport struct{ X, Y, W, H int32 }

// Grid is the ground grid on the XZ plane (J3D and NW models are Y-up).
type Grid struct {
	Show    bool
	Spacing float32 // world units between lines
	Half    int     // lines on each side of the origin
	Axes    bool    // X red and Z blue through the origin, Y green up
}

// TexQuad is the BTK test quad: four corners (top-left, top-right,
// bottom-right, bottom-left, which get texture coordinates (0,0) (1,0)
// (1,1) (0,1)) and the 2x3 texture matrix applied in the shader.
type TexQuad struct {
	Corners [4]mgl32.Vec3
	Matrix  [2][3]float32
	Texture TextureRef
	Outline bool
	// Material, when set, is what material animations do to the quad
	// (quad_material.go): a tint, a numbered checker variant and a fade.
	Material *QuadMaterial
}

// Scene is everything DrawScene draws: one frame of the 3D view.
type Scene struct {
	Viewport   Viewport
	Background Color
	View, Proj mgl32.Mat4
	// PixelScale multiplies line widths and point sizes (the framebuffer's
	// pixels per UI unit on HiDPI screens).
	PixelScale float32
	Grid       Grid
	Quad       *TexQuad
	// Bones and Points are drawn over everything else (no depth test) so a
	// skeleton inside a mesh or behind the quad stays visible.
	Bones     []Line
	BoneWidth float32
	Points    []Point
	PointSize float32
}

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
