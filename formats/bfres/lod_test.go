package bfres

import (
	"fmt"
	"testing"

	"github.com/animscope/animscope/mesh"
	"github.com/go-gl/mathgl/mgl32"
)

// lineShape is a one-bone shape of five vertices whose LOD 0 is a line
// list over vertices 1–3 (from base vertex 1) and whose LOD 1, a
// triangle, uses vertices 0 and 4 too.
func lineShape(prim, lod1Prim uint32) testShape {
	var verts []testVert
	for i := 0; i < 5; i++ {
		verts = append(verts, testVert{pos: [3]float32{float32(i), float32(i * i), -float32(i)}})
	}
	return testShape{name: "Lines", skin: 0, bone: 1, posFmt: 0x811, verts: verts, prim: prim,
		indices: []uint16{0, 1, 1, 2}, subs: [][2]uint32{{0, 4}}, base: 1,
		lods: []testLOD{{prim: lod1Prim, indices: []uint16{0, 2, 4}, subs: [][2]uint32{{0, 3}}}}}
}

// checkLineShape: a shape whose LOD 0 draws lines keeps the vertices its
// lines name (they are drawn, though not as triangles), in buffer order,
// and no others; it has no triangles.
func checkLineShape(t *testing.T, m *mesh.Model, s *testShape) {
	t.Helper()
	sh := m.Shapes[0]
	drawn := s.drawn()
	if len(sh.Positions) != len(drawn) || len(sh.Triangles) != 0 {
		t.Fatalf("%d positions (want %d: buffer vertices %v), triangles %v", len(sh.Positions), len(drawn), drawn, sh.Triangles)
	}
	for k, v := range drawn {
		p := s.verts[v].pos
		if want := (mgl32.Vec3{p[0], p[1], p[2]}); sh.Positions[k] != want {
			t.Errorf("position %d: %v, want buffer vertex %d %v", k, sh.Positions[k], v, want)
		}
	}
	if len(sh.Skin) != len(drawn) {
		t.Errorf("%d influences for %d vertices", len(sh.Skin), len(drawn))
	}
}

func TestWiiUMeshLinesKeepTheirVertices(t *testing.T) {
	s := lineShape(2, 4) // GX2 lines; LOD 1 triangles
	f, err := Parse(meshFile([]testShape{s}))
	if err != nil {
		t.Fatal(err)
	}
	checkLineShape(t, f.Meshes()[0], &s)
}

func TestSwitchMeshLinesKeepTheirVertices(t *testing.T) {
	for _, major := range []int{8, 9} {
		t.Run(fmt.Sprintf("v%d", major), func(t *testing.T) {
			s := nxShape{testShape: lineShape(1, 3), indexFmt: 1, subBytes: [][2]int{{0, 4}}} // nn::gfx lines; LOD 1 triangles
			s.posFmt = 0x1805
			f, err := Parse(encodeSwitch(nxDesc{major: major, name: "mesh", models: []nxModelDesc{nxMeshModel([]nxShape{s})}}))
			if err != nil {
				t.Fatal(err)
			}
			checkLineShape(t, f.Meshes()[0], &s.testShape)
		})
	}
}
