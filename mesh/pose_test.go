package mesh

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// cylinder is a skinned cylinder along +Y over a two-joint chain: rings
// of 8 vertices at heights 0..4. Rings 0 and 1 are rigid on joint 0 and
// stored in its space (palette entry 0: identity inverse bind); ring 4
// is rigid on joint 1, stored in joint 1's space (entry 1: identity);
// rings 2 and 3 are smooth, stored in bind space and split between the
// joints' inverse-bind entries (2 and 3) 0.7/0.3 and 0.25/0.75. Joint 1
// sits 2 above joint 0 at bind time.
func cylinder() *Model {
	const ring = 8
	bind1 := mgl64.Translate3D(0, 2, 0)
	m := &Model{Name: "cyl", Palette: []PaletteEntry{
		{Joint: 0, InvBind: mgl64.Ident4()},
		{Joint: 1, InvBind: mgl64.Ident4()},
		{Joint: 0, InvBind: mgl64.Ident4()},
		{Joint: 1, InvBind: bind1.Inv()},
	}}
	s := Shape{Name: "body", Material: 0}
	for r := 0; r < 5; r++ {
		for k := 0; k < ring; k++ {
			a := 2 * math.Pi * float64(k) / ring
			x, z := float32(math.Cos(a)), float32(math.Sin(a))
			y := float32(r)
			var in Influences
			switch r {
			case 0, 1:
				in = Influences{N: 1, Entry: [8]uint16{0}, Weight: [8]float32{1}}
			case 4:
				y -= 2 // joint 1's space
				in = Influences{N: 1, Entry: [8]uint16{1}, Weight: [8]float32{1}}
			case 2:
				in = Influences{N: 2, Entry: [8]uint16{2, 3}, Weight: [8]float32{0.7, 0.3}}
			case 3:
				in = Influences{N: 2, Entry: [8]uint16{3, 2}, Weight: [8]float32{0.75, 0.25}}
			}
			s.Positions = append(s.Positions, mgl32.Vec3{x, y, z})
			s.Normals = append(s.Normals, mgl32.Vec3{x, 0, z})
			s.Skin = append(s.Skin, in)
		}
	}
	for r := 0; r < 4; r++ {
		for k := 0; k < ring; k++ {
			a, b := uint32(r*ring+k), uint32(r*ring+(k+1)%ring)
			s.Triangles = append(s.Triangles, a, a+ring, b, b, a+ring, b+ring)
		}
	}
	m.Shapes = []Shape{s}
	m.Materials = []Material{{Name: "skin"}}
	return m
}

// world poses the chain: joint 0 turned t·40° about Z and moved, joint 1
// 2 above it, turned t·60° about X and scaled non-uniformly.
func world(t float64) []mgl64.Mat4 {
	w0 := mgl64.Translate3D(1, 0.5, -2).Mul4(mgl64.HomogRotate3DZ(mgl64.DegToRad(40 * t)))
	l1 := mgl64.Translate3D(0, 2, 0).Mul4(mgl64.HomogRotate3DX(mgl64.DegToRad(60 * t))).Mul4(mgl64.Scale3D(1+t, 1, 1-0.5*t))
	return []mgl64.Mat4{w0, w0.Mul4(l1)}
}

// TestPoseMatchesMatrixByMatrix: every vertex of the cylinder at
// fractional pose parameters equals the weighted sum computed here the
// long way round — each influence's joint matrix applied to the bind
// matrix's inverse applied to the point, one matrix product at a time.
func TestPoseMatchesMatrixByMatrix(t *testing.T) {
	m := cylinder()
	m.Check(2)
	if len(m.Problems) != 0 {
		t.Fatalf("problems: %v", m.Problems)
	}
	var p Pose
	for _, tt := range []float64{0, 0.25, 0.5, 1.3} {
		w := world(tt)
		m.PoseInto(&p, w)
		s := &m.Shapes[0]
		for v, pos := range s.Positions {
			p4 := mgl64.Vec4{float64(pos[0]), float64(pos[1]), float64(pos[2]), 1}
			var want mgl64.Vec3
			in := s.Skin[v]
			for k := 0; k < int(in.N); k++ {
				e := m.Palette[in.Entry[k]]
				bindSpace := e.InvBind.Mul4x1(p4)     // into the joint's space
				posed := w[e.Joint].Mul4x1(bindSpace) // out through the posed joint
				want = want.Add(posed.Vec3().Mul(float64(in.Weight[k])))
			}
			if got := p.Shapes[0].Positions[v]; got.Sub(want).Len() > 1e-9 {
				t.Fatalf("t=%v vertex %d: %v, want %v", tt, v, got, want)
			}
		}
	}
	// At rest (t = 0) the joints are where they were bound, so every
	// smooth vertex is where the file stores it, moved with joint 0.
	m.PoseInto(&p, world(0))
	w0 := world(0)[0]
	for v := 16; v < 32; v++ {
		pos := m.Shapes[0].Positions[v]
		want := w0.Mul4x1(mgl64.Vec4{float64(pos[0]), float64(pos[1]), float64(pos[2]), 1}).Vec3()
		if got := p.Shapes[0].Positions[v]; got.Sub(want).Len() > 1e-9 {
			t.Fatalf("rest vertex %d: %v, want %v", v, got, want)
		}
	}
}

// TestPoseNormalsFollowTheJoint: a rigid ring's normals turn with its
// joint and stay unit length.
func TestPoseNormalsFollowTheJoint(t *testing.T) {
	m := cylinder()
	m.Check(2)
	var p Pose
	w := world(0.5)
	m.PoseInto(&p, w)
	for v := 0; v < 8; v++ {
		n := m.Shapes[0].Normals[v]
		want := w[0].Mul4x1(mgl64.Vec4{float64(n[0]), float64(n[1]), float64(n[2]), 0}).Vec3().Normalize()
		if got := p.Shapes[0].Normals[v]; got.Sub(want).Len() > 1e-9 || math.Abs(got.Len()-1) > 1e-12 {
			t.Fatalf("normal %d: %v, want %v", v, got, want)
		}
	}
}

// TestPoseAllocatesNothing: posing into a Pose that has posed the model
// once allocates nothing.
func TestPoseAllocatesNothing(t *testing.T) {
	m := cylinder()
	m.Check(2)
	var p Pose
	w := world(0.7)
	m.PoseInto(&p, w)
	if a := testing.AllocsPerRun(20, func() { m.PoseInto(&p, w) }); a != 0 {
		t.Errorf("PoseInto allocates %v times per call", a)
	}
}

// TestCheckReportsAndKeepsTheRest: broken parts are reported once each
// with the model and shape named, and the rest stays usable.
func TestCheckReportsAndKeepsTheRest(t *testing.T) {
	m := cylinder()
	good := m.Shapes[0]
	bad := good
	bad.Name = "broken"
	bad.Triangles = append([]uint32{0, 1, 999}, good.Triangles...)
	heavy := good
	heavy.Name = "heavy"
	heavy.Skin = append([]Influences(nil), good.Skin...)
	heavy.Skin[0] = Influences{N: 2, Entry: [8]uint16{0, 1}, Weight: [8]float32{1, 1}}
	heavy.Skin[1] = Influences{N: 2, Entry: [8]uint16{0, 77}, Weight: [8]float32{0.5, 0.5}}
	m.Shapes = append(m.Shapes, bad, heavy)
	m.Palette = append(m.Palette, PaletteEntry{Joint: 9, InvBind: mgl64.Ident4()})
	m.Materials[0].Textures = []TextureSlot{{Texture: 3, Name: "missing"}}
	m.Check(2)
	want := []string{
		"model cyl: palette entry 4 names joint 9; the skeleton has 2",
		"model cyl: shape broken: triangle index 999 past its 40 vertices; the shape is not drawn",
		"model cyl: shape heavy: 1 influences name palette entries that do not exist (5 entries); dropped",
		"model cyl: shape heavy: 2 vertices' weights do not sum to 1; scaled to 1",
		`model cyl: material "skin": texture 3 does not exist (0 textures)`,
	}
	if strings.Join(m.Problems, "\n") != strings.Join(want, "\n") {
		t.Fatalf("problems:\n%s\nwant:\n%s", strings.Join(m.Problems, "\n"), strings.Join(want, "\n"))
	}
	if m.Shapes[1].Triangles != nil || len(m.Shapes[0].Triangles) != len(good.Triangles) {
		t.Error("the broken shape should draw nothing and the good one everything")
	}
	if in := m.Shapes[2].Skin[0]; in.Weight[0] != 0.5 || in.Weight[1] != 0.5 {
		t.Errorf("weights 1+1 scaled to %v", in.Weight[:2])
	}
	if in := m.Shapes[2].Skin[1]; in.N != 1 || in.Entry[0] != 0 || in.Weight[0] != 1 {
		t.Errorf("influence on entry 77 kept: %+v", in)
	}
	var p Pose
	m.PoseInto(&p, world(0.3)) // poses without a panic
	if m.Materials[0].Textures[0].Texture != -1 {
		t.Error("a texture index past the textures should become -1")
	}
}

// TestVertexWithoutInfluencesStays: a vertex no joint moves is posed
// where the file stores it, whatever the joints do.
func TestVertexWithoutInfluencesStays(t *testing.T) {
	m := cylinder()
	m.Shapes[0].Skin[5] = Influences{}
	m.Check(2)
	var p Pose
	m.PoseInto(&p, world(0.8))
	want := m.Shapes[0].Positions[5]
	if got := p.Shapes[0].Positions[5]; got != (mgl64.Vec3{float64(want[0]), float64(want[1]), float64(want[2])}) {
		t.Errorf("vertex without influences at %v, stored at %v", got, want)
	}
}

// TestJointsOfAShape lists the joints that drive the cylinder once each.
func TestJointsOfAShape(t *testing.T) {
	m := cylinder()
	if got := m.Joints(0); len(got) != 2 || got[0] != 0 || got[1] != 1 {
		t.Errorf("joints %v, want [0 1]", got)
	}
}

// BenchmarkSkinMatrices135 is the palette of a 135-bone character (BotW's
// Gerudo Queen): target ≤ 10 µs.
func BenchmarkSkinMatrices135(b *testing.B) {
	m := &Model{}
	world := make([]mgl64.Mat4, 135)
	for i := range world {
		world[i] = mgl64.Translate3D(float64(i), 1, 2).Mul4(mgl64.HomogRotate3DY(float64(i)))
		m.Palette = append(m.Palette, PaletteEntry{Joint: i, InvBind: mgl64.Translate3D(-float64(i), 0, 0)})
	}
	dst := m.SkinMatrices(nil, world)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dst = m.SkinMatrices(dst, world)
	}
}

// BenchmarkPose10000 skins 10,000 vertices with four influences each and
// normals: target ≤ 0.5 ms, no allocation.
func BenchmarkPose10000(b *testing.B) {
	m := cylinder()
	s := &m.Shapes[0]
	base := len(s.Positions)
	for len(s.Positions) < 10000 {
		i := len(s.Positions) % base
		s.Positions = append(s.Positions, s.Positions[i])
		s.Normals = append(s.Normals, s.Normals[i])
		s.Skin = append(s.Skin, Influences{N: 4, Entry: [8]uint16{0, 1, 2, 3}, Weight: [8]float32{0.4, 0.3, 0.2, 0.1}})
	}
	m.Check(2)
	w := world(0.6)
	var p Pose
	m.PoseInto(&p, w)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.PoseInto(&p, w)
	}
}
