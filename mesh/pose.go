package mesh

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// Pose is a posed model: the skinning matrices and every shape's skinned
// positions and normals in model space. Keep one per model and pose into
// it every frame: PoseInto allocates only while the buffers grow.
type Pose struct {
	Matrices []mgl64.Mat4 // one per palette entry
	Shapes   []PosedShape
}

// PosedShape is one shape's vertices after skinning.
type PosedShape struct {
	Positions []mgl64.Vec3
	Normals   []mgl64.Vec3 // nil when the shape has none
}

// SkinMatrices puts the palette's matrices into dst (grown as needed)
// and returns it: entry e's joint's world matrix times its InvBind. An
// entry whose joint jointWorld does not have (Check reports it) keeps
// the vertex where the file stores it.
func (m *Model) SkinMatrices(dst []mgl64.Mat4, jointWorld []mgl64.Mat4) []mgl64.Mat4 {
	if cap(dst) < len(m.Palette) {
		dst = make([]mgl64.Mat4, len(m.Palette))
	}
	dst = dst[:len(m.Palette)]
	for i := range m.Palette {
		e := &m.Palette[i]
		if e.Joint < 0 || e.Joint >= len(jointWorld) {
			dst[i] = mgl64.Ident4()
			continue
		}
		dst[i] = mul4(&jointWorld[e.Joint], &e.InvBind)
	}
	return dst
}

// PoseInto skins every shape with the joints' world matrices (as
// anim.Skeleton.World gives them): a vertex goes to Σ wᵢ·Mᵢ·p over its
// influences, Mᵢ the palette entry's matrix, its normal to the
// normalised Σ wᵢ·Mᵢ·n (the matrices' linear part). Billboard shapes come
// out unturned: turning them needs a camera.
func (m *Model) PoseInto(p *Pose, jointWorld []mgl64.Mat4) {
	p.Matrices = m.SkinMatrices(p.Matrices, jointWorld)
	if cap(p.Shapes) < len(m.Shapes) {
		p.Shapes = append(p.Shapes[:cap(p.Shapes)], make([]PosedShape, len(m.Shapes)-cap(p.Shapes))...)
	}
	p.Shapes = p.Shapes[:len(m.Shapes)]
	for si := range m.Shapes {
		s, out := &m.Shapes[si], &p.Shapes[si]
		out.Positions = slices.Grow(out.Positions[:0], len(s.Positions))[:len(s.Positions)]
		if len(s.Normals) == len(s.Positions) {
			out.Normals = slices.Grow(out.Normals[:0], len(s.Normals))[:len(s.Normals)]
		} else {
			out.Normals = out.Normals[:0]
		}
		skinShape(s, p.Matrices, out)
	}
}

func skinShape(s *Shape, mats []mgl64.Mat4, out *PosedShape) {
	normals := len(out.Normals) > 0
	for v := range s.Positions {
		pos := s.Positions[v]
		px, py, pz := float64(pos[0]), float64(pos[1]), float64(pos[2])
		var nx, ny, nz float64
		if normals {
			n := s.Normals[v]
			nx, ny, nz = float64(n[0]), float64(n[1]), float64(n[2])
		}
		in := &s.Skin[v]
		if in.N == 0 {
			// No joint moves it: it stays where the file stores it (a
			// model without a skin, or influences Check dropped).
			out.Positions[v] = mgl64.Vec3{px, py, pz}
			if normals {
				out.Normals[v] = mgl64.Vec3{nx, ny, nz}.Normalize()
			}
			continue
		}
		var x, y, z, ox, oy, oz float64
		for k := 0; k < int(in.N); k++ {
			e := int(in.Entry[k])
			if e >= len(mats) {
				continue
			}
			w := float64(in.Weight[k])
			M := &mats[e]
			x += w * (M[0]*px + M[4]*py + M[8]*pz + M[12])
			y += w * (M[1]*px + M[5]*py + M[9]*pz + M[13])
			z += w * (M[2]*px + M[6]*py + M[10]*pz + M[14])
			if normals {
				ox += w * (M[0]*nx + M[4]*ny + M[8]*nz)
				oy += w * (M[1]*nx + M[5]*ny + M[9]*nz)
				oz += w * (M[2]*nx + M[6]*ny + M[10]*nz)
			}
		}
		out.Positions[v] = mgl64.Vec3{x, y, z}
		if normals {
			if l := math.Sqrt(ox*ox + oy*oy + oz*oz); l > 0 {
				ox, oy, oz = ox/l, oy/l, oz/l
			}
			out.Normals[v] = mgl64.Vec3{ox, oy, oz}
		}
	}
}

// mul4 is a·b without mgl64's by-value copies of both operands.
func mul4(a, b *mgl64.Mat4) mgl64.Mat4 {
	var c mgl64.Mat4
	for col := 0; col < 4; col++ {
		b0, b1, b2, b3 := b[col*4], b[col*4+1], b[col*4+2], b[col*4+3]
		for row := 0; row < 4; row++ {
			c[col*4+row] = a[row]*b0 + a[4+row]*b1 + a[8+row]*b2 + a[12+row]*b3
		}
	}
	return c
}
