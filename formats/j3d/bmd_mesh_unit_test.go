package j3d_test

import (
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/mesh"
	"github.com/go-gl/mathgl/mgl64"
)

// openMesh opens a written model and returns its mesh.
func openMesh(t *testing.T, data []byte) *mesh.Model {
	t.Helper()
	a, err := formats.Open("t.bmd", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Models) != 1 {
		t.Fatalf("%d models", len(a.Models))
	}
	return a.Models[0]
}

// rigid0 is DRW1 with one joint entry: draw matrix 0 = joint 0.
var rigid0 = drw1Chunk([]uint8{0}, []uint16{0})

// Every component type of POS with its fixed-point shift, the fixed
// normal shifts whatever the stored shift says, colour formats, UVs with
// a shift and inline (direct) UVs, read in GX attribute order whatever
// order the descriptor lists them in.
func TestMeshVertexFormats(t *testing.T) {
	raw := []int16{16, -32, 48, 4, 8, 12, 100, 0, -100}
	for _, c := range []struct {
		typ   uint32
		shift uint8
		data  be
		want  func(v int16) float32
	}{
		{0, 2, be{16, 0, 48, 4, 8, 12, 100, 0, 0}, nil}, // U8: negatives written as 0
		{1, 2, nil, nil}, // S8
		{2, 3, nil, nil}, // U16
		{3, 4, nil, nil}, // S16
		{4, 0, nil, nil}, // F32: the shift is ignored
	} {
		vals := make([]float32, len(raw))
		data := be{}
		for i, v := range raw {
			switch c.typ {
			case 0:
				if v < 0 {
					v = 0
				}
				data = append(data, byte(v))
				vals[i] = float32(v) / float32(int(1)<<c.shift)
			case 1:
				data = append(data, byte(int8(v)))
				vals[i] = float32(v) / float32(int(1)<<c.shift)
			case 2:
				if v < 0 {
					v = 0
				}
				data = data.u16(uint16(v))
				vals[i] = float32(v) / float32(int(1)<<c.shift)
			case 3:
				data = data.u16(uint16(v))
				vals[i] = float32(v) / float32(int(1)<<c.shift)
			case 4:
				data = data.f32(float32(v) * 0.5)
				vals[i] = float32(v) * 0.5
			}
		}
		shift := c.shift
		if c.typ == 4 {
			shift = 7
		}
		arrays := []vtxArray{
			{attr: 9, cnt: 1, typ: c.typ, shift: shift, data: data},
			{attr: 10, cnt: 0, typ: 1, shift: 0, data: be{64, 0, 0, 0, 0xC0, 0, 0, 0, 32}}, // S8 normals: /64
			{attr: 11, cnt: 1, typ: 0, data: be{}.u16(0xF800).u16(0x07E0).u16(0x001F)},     // RGB565
			{attr: 12, cnt: 1, typ: 3, data: be{}.u16(0x0F8F).u16(0xF00F).u16(0x1234)},     // RGBA4
			{attr: 13, cnt: 1, typ: 3, shift: 8, data: s16s(256, 128, -256, 64, 512, 0)},   // S16 ST /256
			{attr: 14, cnt: 0, typ: 4, data: nil},                                          // F32 S, inline
		}
		vert := func(i int) be {
			// GX order: POS, NRM, CLR0, CLR1 (index16), TEX0, TEX1 (direct f32)
			return be{byte(i), byte(i), byte(i)}.u16(uint16(i)).append(byte(i)).f32(float32(i) + 0.25)
		}
		shape := shapeSpec{mtxType: 0,
			desc:   [][2]uint32{{14, 1}, {13, 2}, {12, 3}, {11, 2}, {10, 2}, {9, 2}},
			groups: []groupSpec{{use: 0, table: []uint16{0}, dl: dl(byte(0x90), []be{vert(0), vert(1), vert(2)})}}}
		m := openMesh(t, meshModel(1, 1, vtx1Chunk(arrays), rigid0, shp1Chunk([]shapeSpec{shape}), mat3Chunk(1)))
		if len(m.Problems) > 0 {
			t.Fatalf("type %d: %q", c.typ, m.Problems)
		}
		s := &m.Shapes[0]
		if len(s.Positions) != 3 || len(s.Triangles) != 3 {
			t.Fatalf("type %d: %d vertices %d indices", c.typ, len(s.Positions), len(s.Triangles))
		}
		wantN := [][3]float32{{1, 0, 0}, {0, -1, 0}, {0, 0, 0.5}}
		wantC0 := [][4]float32{{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}}
		wantC1 := [][4]float32{{0, 1, 8.0 / 15, 1}, {1, 0, 0, 1}, {1.0 / 15, 2.0 / 15, 3.0 / 15, 4.0 / 15}}
		wantUV := [][2]float32{{1, 0.5}, {-1, 0.25}, {2, 0}}
		for i := 0; i < 3; i++ {
			for k := 0; k < 3; k++ {
				if !nearF(s.Positions[i][k], vals[3*i+k]) || !nearF(s.Normals[i][k], wantN[i][k]) {
					t.Errorf("type %d vertex %d: pos %v nrm %v, want %v %v", c.typ, i, s.Positions[i], s.Normals[i], vals[3*i:3*i+3], wantN[i])
				}
			}
			for k := 0; k < 4; k++ {
				if !nearF(s.Colors[0][i][k], wantC0[i][k]) || !nearF(s.Colors[1][i][k], wantC1[i][k]) {
					t.Errorf("vertex %d colours %v %v, want %v %v", i, s.Colors[0][i], s.Colors[1][i], wantC0[i], wantC1[i])
				}
			}
			if !nearF(s.UVs[0][i][0], wantUV[i][0]) || !nearF(s.UVs[0][i][1], wantUV[i][1]) || !nearF(s.UVs[1][i][0], float32(i)+0.25) {
				t.Errorf("vertex %d UVs %v %v", i, s.UVs[0][i], s.UVs[1][i])
			}
		}
	}
}

// signedArea is twice the xy area of triangle t (positive: counter-clockwise).
func signedArea(s *mesh.Shape, t int) float32 {
	a, b, c := s.Positions[s.Triangles[3*t]], s.Positions[s.Triangles[3*t+1]], s.Positions[s.Triangles[3*t+2]]
	return (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0])
}

// GX fronts are clockwise: every GX primitive below is clockwise seen
// from +z, so every triangle must come out counter-clockwise; strips,
// fans and quads expand to n−2, n−2 and n/2 triangles; lines and points
// keep their vertices but make no triangle.
func TestMeshPrimitives(t *testing.T) {
	// 0 (0,0) 1 (0,1) 2 (1,0) 3 (1,1) 4 (2,0); 5..7 for lines/points.
	pos := f32s(0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 2, 0, 0, 5, 5, 0, 6, 6, 0, 7, 7, 0)
	v := func(i ...byte) []be {
		out := make([]be, len(i))
		for k, x := range i {
			out[k] = be{x}
		}
		return out
	}
	list := dl(byte(0x90), v(0, 1, 2), byte(0x98), v(0, 1, 2, 3, 4), byte(0xA0), v(0, 1, 3, 2),
		byte(0x80), v(0, 1, 3, 2), byte(0xA8), v(5, 6), byte(0xB0), v(5, 6, 7), byte(0xB8), v(7))
	list = append(be{0, 0x48}, list...) // a NOP and a vertex-cache invalidate the reader skips
	shape := shapeSpec{desc: [][2]uint32{{9, 2}}, groups: []groupSpec{{table: []uint16{0}, dl: list}}}
	m := openMesh(t, meshModel(1, 1, vtx1Chunk([]vtxArray{{attr: 9, cnt: 1, typ: 4, data: pos}}), rigid0, shp1Chunk([]shapeSpec{shape}), mat3Chunk(1)))
	s := &m.Shapes[0]
	if len(m.Problems) > 0 {
		t.Fatal(m.Problems)
	}
	if got := len(s.Triangles) / 3; got != 1+3+2+2 {
		t.Fatalf("%d triangles, want 8", got)
	}
	for i := 0; i < len(s.Triangles)/3; i++ {
		if a := signedArea(s, i); a <= 0 {
			t.Errorf("triangle %d (%v) has signed area %v: not counter-clockwise", i, s.Triangles[3*i:3*i+3], a)
		}
	}
	if len(s.Positions) != 8 {
		t.Errorf("%d vertices, want the 8 distinct ones (lines' and points' included)", len(s.Positions))
	}
}

// The skin as the runtime computes it: a multi-matrix shape whose second
// group keeps slot 0 (0xFFFF) and a short table, rigid vertices in their
// joint's space, envelope vertices in bind space through the stored
// inverse binds, and the envelope draw matrix found by its position in
// DRW1 (its stored index lies).
func TestMeshSkin(t *testing.T) {
	ib := [][12]float32{
		{1, 0, 0, 1, 0, 1, 0, 2, 0, 0, 1, 3},
		{2, 0, 0, 0, 0, 1, 0, -10, 0, 0, 1, 0},
		{1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, -20},
	}
	evp := evp1Chunk([]envSpec{{joints: []uint16{1, 2}, weights: []float32{0.25, 0.75}}}, ib)
	// DRW1: joint 2, joint 1, envelope (stored index 7, a lie), the duplicated tail.
	drw := drw1Chunk([]uint8{0, 0, 1, 1}, []uint16{2, 1, 7, 7})
	pos := f32s(1, 2, 3, -4, 5, 6, 7, -8, 9)
	vert := func(slot, p byte) be { return be{3 * slot, p} }
	shape := shapeSpec{mtxType: 3, desc: [][2]uint32{{9, 2}, {0, 1}}, groups: []groupSpec{
		{table: []uint16{0, 2}, dl: dl(byte(0x90), []be{vert(0, 0), vert(1, 1), vert(0, 2)})},
		{table: []uint16{0xFFFF, 1}, dl: dl(byte(0x90), []be{vert(0, 0), vert(1, 1), vert(1, 2)})},
		{table: []uint16{}, dl: dl(byte(0x90), []be{vert(1, 0), vert(0, 1), vert(1, 2)})},
	}}
	data := meshModel(3, 1, vtx1Chunk([]vtxArray{{attr: 9, cnt: 1, typ: 4, data: pos}}), evp, drw, shp1Chunk([]shapeSpec{shape}), mat3Chunk(1))
	a, err := formats.Open("t.bmd", data)
	if err != nil {
		t.Fatal(err)
	}
	m, sk := a.Models[0], a.Skeletons[0]
	if len(m.Problems) > 0 {
		t.Fatal(m.Problems)
	}
	// Pose the chain: joint 1 turned and scaled.
	sk.Joints[1].Rest[anim.RotZ] = 30 // degrees
	world := make([]mgl64.Mat4, 3)
	sk.World(nil, nil, world)
	ibm := func(i int) mgl64.Mat4 {
		var m mgl64.Mat4
		for r := 0; r < 3; r++ {
			for c := 0; c < 4; c++ {
				m[c*4+r] = float64(ib[i][r*4+c])
			}
		}
		m[15] = 1
		return m
	}
	env := world[1].Mul4(ibm(1)).Mul(0.25).Add(world[2].Mul4(ibm(2)).Mul(0.75))
	p := func(i int) mgl64.Vec4 {
		return mgl64.Vec4{[]float64{1, -4, 7}[i], []float64{2, 5, -8}[i], []float64{3, 6, 9}[i], 1}
	}
	// Per group: (matrix, position index) of each vertex, as the game draws them.
	want := [][2]any{
		{world[2], 0}, {env, 1}, {world[2], 2}, // group 0: slot 0 joint 2, slot 1 envelope
		{world[2], 0}, {world[1], 1}, {world[1], 2}, // group 1: slot 0 kept, slot 1 joint 1
		{world[1], 0}, {world[2], 1}, {world[1], 2}, // group 2: empty table keeps both
	}
	var pose mesh.Pose
	m.PoseInto(&pose, world)
	s := &m.Shapes[0]
	if len(s.Triangles) != 9 {
		t.Fatalf("%d indices", len(s.Triangles))
	}
	for k, w := range want {
		// Triangles are written (a, c, b).
		tri, corner := k/3, []int{0, 2, 1}[k%3]
		got := pose.Shapes[0].Positions[s.Triangles[3*tri+corner]]
		exp := w[0].(mgl64.Mat4).Mul4x1(p(w[1].(int))).Vec3()
		if got.Sub(exp).Len() > 1e-4 {
			t.Errorf("vertex %d: %v, want %v", k, got, exp)
		}
	}
}

// A broken shape or envelope is listed with the shape or envelope it is
// and the rest of the model opens; a broken mesh chunk leaves the
// skeleton.
func TestMeshHostile(t *testing.T) {
	pos := f32s(0, 0, 0, 0, 1, 0, 1, 0, 0)
	vtx := vtx1Chunk([]vtxArray{{attr: 9, cnt: 1, typ: 4, data: pos}})
	good := shapeSpec{desc: [][2]uint32{{9, 2}}, groups: []groupSpec{{table: []uint16{0}, dl: dl(byte(0x90), []be{{0}, {1}, {2}})}}}
	multi := func(list be) shapeSpec {
		return shapeSpec{mtxType: 3, desc: [][2]uint32{{0, 1}, {9, 2}}, groups: []groupSpec{{table: []uint16{0}, dl: list}}}
	}
	envDRW := drw1Chunk([]uint8{0, 1, 1}, []uint16{0, 0, 0})
	for _, c := range []struct {
		name   string
		chunks []be
		want   string
	}{
		{"index past POS", []be{vtx, rigid0, shp1Chunk([]shapeSpec{good, {desc: [][2]uint32{{9, 2}}, groups: []groupSpec{{table: []uint16{0}, dl: dl(byte(0x90), []be{{0}, {1}, {9}})}}}}), mat3Chunk(2)},
			"shape shape1: 1 vertices index past the POS array"},
		{"slot never set", []be{vtx, rigid0, shp1Chunk([]shapeSpec{good, multi(dl(byte(0x90), []be{{0, 0}, {6, 1}, {0, 2}}))}), mat3Chunk(2)},
			"shape shape1: 1 vertices use a matrix slot no group of the shape loaded"},
		{"display list past its end", []be{vtx, rigid0, shp1Chunk([]shapeSpec{good, {desc: [][2]uint32{{9, 2}}, groups: []groupSpec{{table: []uint16{0}, dl: be{0x98, 0x01, 0x00, 0, 1, 2}}}}}), mat3Chunk(2)},
			"shape shape1: a display list's primitive runs past its end"},
		{"envelope names a missing joint", []be{vtx, evp1Chunk([]envSpec{{joints: []uint16{0, 9}, weights: []float32{0.5, 0.5}}}, [][12]float32{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0}}), envDRW,
			shp1Chunk([]shapeSpec{good, {desc: [][2]uint32{{9, 2}}, groups: []groupSpec{{use: 1, table: []uint16{1}, dl: dl(byte(0x90), []be{{0}, {1}, {2}})}}}}), mat3Chunk(2)},
			"envelope 0 names joint 9; the skeleton has 1"},
		{"draw matrix past the table", []be{vtx, rigid0, shp1Chunk([]shapeSpec{good, {desc: [][2]uint32{{9, 2}}, groups: []groupSpec{{use: 5, table: []uint16{5}, dl: dl(byte(0x90), []be{{0}, {1}, {2}})}}}}), mat3Chunk(2)},
			"draw matrix 5 past the 1 the model has"},
		{"unknown attribute", []be{vtx, rigid0, shp1Chunk([]shapeSpec{good, {desc: [][2]uint32{{9, 2}, {22, 1}}, groups: good.groups}}), mat3Chunk(2)},
			"shape shape1: vertex descriptor names attribute 22"},
		{"not a primitive", []be{vtx, rigid0, shp1Chunk([]shapeSpec{good, {desc: [][2]uint32{{9, 2}}, groups: []groupSpec{{table: []uint16{0}, dl: be{0x61, 1, 2, 3, 4}}}}}), mat3Chunk(2)},
			"shape shape1: 1 display lists hold a command that is not a primitive"},
		{"truncated SHP1", []be{vtx, rigid0, chunk("SHP1", be{0, 1}), mat3Chunk(2)}, "SHP1 chunk is 10 bytes, too short"},
		{"SHP1 shape count lies", []be{vtx, rigid0, chunk("SHP1", append(be{0xFF, 0xFF, 0xFF, 0xFF}.u32(0x2C), make([]byte, 32)...)), mat3Chunk(2)}, "SHP1 table of 65535 shapes"},
		{"truncated VTX1", []be{chunk("VTX1", be{0, 0, 0, 0x40}), rigid0, shp1Chunk([]shapeSpec{good}), mat3Chunk(1)}, "VTX1 chunk is 12 bytes"},
		{"no DRW1", []be{vtx, shp1Chunk([]shapeSpec{good}), mat3Chunk(1)}, "no DRW1 chunk"},
		{"MAT3 remap past the end", []be{vtx, rigid0, shp1Chunk([]shapeSpec{good}), chunk("MAT3", append(be{0, 200, 0xFF, 0xFF}.u32(0x84).u32(0x84), make([]byte, 0x80)...))}, "MAT3 remap table of 200 materials"},
	} {
		t.Run(c.name, func(t *testing.T) {
			// What remains poses without trouble, and a good shape 0 draws.
			m := openHostile(t, "t.bmd", c.want, c.chunks...)
			if len(m.Shapes) == 2 && len(m.Shapes[0].Triangles) != 3 {
				t.Errorf("the good shape lost its triangle: %v", m.Shapes[0].Triangles)
			}
		})
	}
}

// The MAT3 remap: material i's name is name i, its data entry remap[i].
func TestMeshMaterialNames(t *testing.T) {
	pos := f32s(0, 0, 0, 0, 1, 0, 1, 0, 0)
	good := shapeSpec{desc: [][2]uint32{{9, 2}}, groups: []groupSpec{{table: []uint16{0}, dl: dl(byte(0x90), []be{{0}, {1}, {2}})}}}
	m := openMesh(t, meshModel(1, 2, vtx1Chunk([]vtxArray{{attr: 9, cnt: 1, typ: 4, data: pos}}), rigid0, shp1Chunk([]shapeSpec{good, good}), mat3Chunk(2)))
	if m.Materials[m.Shapes[1].Material].Name != "m1" || m.Shapes[1].Name != "shape1" {
		t.Errorf("shape1: %q material %q", m.Shapes[1].Name, m.Materials[m.Shapes[1].Material].Name)
	}
	if _, ok := m.Materials[0].Native.(*j3d.Material3); !ok {
		t.Errorf("Native is %T", m.Materials[0].Native)
	}
}
