package viewmodel

import (
	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/mesh"
	"github.com/animscope/animscope/mesh/gx"
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
	// Meshes are the models drawn skinned and textured, under the bones.
	Meshes []MeshDraw
	// MeshMode is how they are drawn.
	MeshMode MeshMode
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

// MeshMode is the 3D view's display of models that have meshes.
type MeshMode uint8

const (
	MeshAndBones MeshMode = iota // shaded meshes, bones on top (the default with a model)
	MeshOnly                     // shaded meshes, no bones
	BonesOnly                    // the skeleton alone
	Wireframe                    // shaded meshes with their triangles' edges over them
	XRay                         // translucent meshes, the bones seen through them
)

// MeshDraw is one model to draw this frame. render keeps the model's
// vertex buffers and textures on the GPU, keyed by the Model pointer and
// by *mesh.Texture, and uploads them the first time it sees them.
type MeshDraw struct {
	Model *mesh.Model
	// Transform takes model space to the scene's world space (the display
	// axis swap of Z-up data; identity otherwise).
	Transform mgl32.Mat4
	// Skin are the palette's matrices this frame (mesh.Model.SkinMatrices,
	// one per palette entry), which the vertex shader blends by the
	// vertices' influences.
	Skin []mgl32.Mat4
	// Materials overrides, per material, what animations change this
	// frame (nil: the material as stored).
	Materials []MaterialDraw
	// Hidden marks shapes not to draw (visibility animations, the Shapes
	// list's checkboxes); Highlight is a shape to draw highlighted (-1:
	// none).
	Hidden    []bool
	Highlight int
}

// MaterialDraw is one material's animated state this frame.
type MaterialDraw struct {
	// TexMatrix is the texture matrix (2×3, rows s and t) per texture
	// slot of the material; a slot without an animation has the identity.
	TexMatrix [][2][3]float32
	// Texture replaces a slot's texture (texture-pattern animations): an
	// index into the model's Textures per slot, -1 keeps the stored one.
	Texture []int
	// Color multiplies the material colour; with ReplaceColor it is the
	// material colour (colour animations set it, as the game sets the
	// material colour or register they name).
	Color        Color
	ReplaceColor bool
	// Hidden hides every shape that uses the material.
	Hidden bool
	// GX is what animations and the user set on a GX (J3D) material,
	// which the GX pipeline draws instead of Color and TexMatrix.
	GX GXDraw
}

// GXDraw is the animated state of a GX material: each value replaces the
// material's own where its bit in the mask is set (bit i: register,
// colour or texture matrix i).
type GXDraw struct {
	// TevColor are the TEV colour registers in MAT3 order (C0, C1, C2,
	// PREV), 0..1 per 255, and may leave 0..1 (signed 11-bit registers).
	TevColor    [4][4]float32
	TevColorSet uint8
	// Konst are the konst colours K0..K3 (0..1).
	Konst    [4][4]float32
	KonstSet uint8
	// MatColor are the colour channels' material registers (0..1).
	MatColor    [2][4]float32
	MatColorSet uint8
	// TexMtx are texture matrices by slot (TEXMTX0..9): the SRT a texture
	// animation computes (2×3, rows s and t).
	TexMtx    [10][2][3]float32
	TexMtxSet uint16
	// StageOff turns TEV stages off (bit i: stage i), to inspect their
	// effect: a stage turned off writes nothing.
	StageOff uint16
}

// Apply puts what g sets over the registers v holds.
func (g *GXDraw) Apply(v *gx.Values) {
	for k := 0; k < 4; k++ {
		if g.TevColorSet&(1<<k) != 0 {
			v.TevColor[k] = g.TevColor[k]
		}
		if g.KonstSet&(1<<k) != 0 {
			v.Konst[k] = g.Konst[k]
		}
	}
	for k := 0; k < 2; k++ {
		if g.MatColorSet&(1<<k) != 0 {
			v.MatColor[k] = g.MatColor[k]
		}
	}
}
