// Package mesh is the format-neutral model every model decoder fills:
// shapes (vertices, triangles at LOD 0), the skin that binds their
// vertices to a skeleton's joints, materials and textures. Decoders in
// formats/... convert their file layouts into it; the viewer, the CLI and
// the glTF exporter read only this. Posing (Pose) skins the vertices on
// the CPU exactly as the games do; render draws the same data with GPU
// skinning.
//
// Like anim, mesh depends only on the standard library and mathgl: a
// model refers to its skeleton's joints by index (anim.Skeleton.Joints),
// and takes the joints' world matrices as plain mgl64 matrices.
package mesh

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// Model is one skinned, textured model.
type Model struct {
	// Name is the model's name: a BFRES FMDL's name; for J3D the file's
	// base name (one model per file).
	Name string
	// Skeleton is the index of the skeleton that poses the model among
	// the skeletons of the file that holds it (formats.Asset.Skeletons).
	Skeleton int
	Shapes   []Shape
	// Palette is what a vertex's influences refer to: a joint and the
	// matrix that takes the vertex from where the file stores it into
	// that joint's space.
	Palette   []PaletteEntry
	Materials []Material
	Textures  []*Texture
	// FileTextures maps the file's own texture numbers to indices into
	// Textures (-1: that texture could not be read): J3D TEX1 entries,
	// which BTP values name. Nil where the format names textures instead
	// (BFRES texture patterns name them).
	FileTextures []int
	// Parts are models the game draws following this model's joints,
	// read from other files (SMO's face and head on Mario's body).
	Parts []Part
	// Problems are the parts of the model that could not be read or do
	// not hold together (a shape whose indices run past its vertices, a
	// texture shorter than its size says), one line each naming the part;
	// what remains draws.
	Problems []string
}

// PaletteEntry is one skinning matrix source: the joint's world matrix
// times InvBind. A rigid vertex stored in its joint's space (J3D joint
// draw matrices, BFRES one-bone skins) has the identity there; a smooth
// vertex stored in the model's bind space has the joint's inverse bind
// matrix (J3D EVP1, BFRES inverse model matrices), as the file gives it.
type PaletteEntry struct {
	Joint   int
	InvBind mgl64.Mat4
}

// MaxInfluences is the most joints one vertex follows: J3D envelopes
// have up to 5 and more, BFRES smooth skins up to 8.
const MaxInfluences = 8

// Influences are the palette entries one vertex follows with their
// weights; N of the 8 slots are used. The weights sum to 1 (Check
// reports a vertex where they do not).
type Influences struct {
	N      uint8
	Entry  [MaxInfluences]uint16
	Weight [MaxInfluences]float32
}

// Billboard is how a shape turns towards the camera (J3D matrix types 1
// and 2): posing gives it unturned, the viewer turns it.
type Billboard uint8

const (
	NoBillboard  Billboard = iota
	BillboardXYZ           // faces the camera fully
	BillboardY             // turns about its Y axis only
)

// Shape is one drawn piece of a model: a vertex buffer and the
// triangles of its level of detail 0.
type Shape struct {
	// Name is the shape's name (J3D shapes have none: "shape<index>").
	Name     string
	Material int // index into Model.Materials
	// Positions and Normals are as the file stores them: in the space of
	// the palette entry a rigid vertex follows, or in bind space. A shape
	// holds the vertices LOD 0 draws, no others (a file's buffer may also
	// hold its lower LODs' vertices).
	Positions []mgl32.Vec3
	Normals   []mgl32.Vec3 // nil when the shape has none
	// Colors are vertex colour sets (GX has two), RGBA 0..1.
	Colors [][]mgl32.Vec4
	// UVs are texture-coordinate sets, at most 8.
	UVs [][]mgl32.Vec2
	// Skin gives every vertex its influences (len(Positions) entries).
	Skin []Influences
	// Triangles are vertex indices, three per triangle, front faces
	// counter-clockwise (as OpenGL's default and glTF have them; decoders
	// of clockwise formats swap). Strips, fans and quads are expanded;
	// lines and points are not triangles and are left out.
	Triangles []uint32
	Billboard Billboard
	// Bone, when HasBone, is the joint the format attaches the shape to
	// as a whole (a BFRES FSHP's bone: G3d skips drawing a shape whose
	// bone is invisible).
	Bone    int
	HasBone bool
}

// Joints lists the joints whose palette entries drive the shape, each
// once, in palette order (for the viewer: clicking a shape selects them).
func (m *Model) Joints(shape int) []int {
	s := &m.Shapes[shape]
	used := make([]bool, len(m.Palette))
	for i := range s.Skin {
		in := &s.Skin[i]
		for k := 0; k < int(in.N); k++ {
			if e := int(in.Entry[k]); e < len(used) {
				used[e] = true
			}
		}
	}
	var joints []int
	seen := map[int]bool{}
	for e, u := range used {
		if j := m.Palette[e].Joint; u && !seen[j] {
			seen[j] = true
			joints = append(joints, j)
		}
	}
	return joints
}
