package bfres

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/mesh"
	"github.com/go-gl/mathgl/mgl64"
)

// A test-side writer for Wii U FMDL geometry: vertex buffers, shapes with
// one LOD, materials. It appends to a file written by encodeFile (the
// skeleton and animations) and patches the FMDL's offsets, writing its
// names inline. Values are packed here from the GX2 layouts as
// BfresLibrary documents them, sharing no code with the decoder.

type testVert struct {
	pos [3]float32
	idx [4]int
	w   [4]uint8 // unorm8 weights
}

type testShape struct {
	name      string
	skin      int
	bone      int
	posFmt    uint32 // 0x811 f32×3 or 0x80F f16×4
	idxFmt    uint32 // _i0: 0x100, 0x104, 0x10A
	wFmt      uint32 // _w0: 0x00A, 0x004 (skin ≥ 2)
	normals   bool   // _n0 10_10_10_2 SNorm of (0, 1, 0)
	verts     []testVert
	prim      uint32
	indices   []uint16 // stored (before the first-vertex base)
	subs      [][2]uint32
	base      uint32
	wantTris  []uint32 // after the base, as vertex buffer indices
	badBuffer bool     // the index buffer claims more bytes than the file has
	// lods are the meshes after LOD 0 (lower details of the same FVTX;
	// the runtime draws LOD 0 only), written with LOD 0's index format.
	lods []testLOD
}

// testLOD is one further LOD mesh of a testShape.
type testLOD struct {
	prim    uint32
	indices []uint16
	subs    [][2]uint32 // byte offset (u16 indices), count
	base    uint32
}

// meshes lists the shape's LOD meshes, LOD 0 first.
func (s *testShape) meshes() []testLOD {
	return append([]testLOD{{prim: s.prim, indices: s.indices, subs: s.subs, base: s.base}}, s.lods...)
}

// drawn lists, ascending (the order of the vertex buffer), the vertices
// LOD 0 draws: those its sub-meshes' indices name (a strip's restart
// index names none), plus the base vertex. It is computed from the
// written indices, as the runtime reads them.
func (s *testShape) drawn() []int {
	used := map[int]bool{}
	for _, sm := range s.subs {
		first := int(sm[0]) / 2
		for _, ix := range s.indices[first : first+int(sm[1])] {
			if ix != 0xFFFF {
				used[int(ix)+int(s.base)] = true
			}
		}
	}
	var out []int
	for v := range s.verts {
		if used[v] {
			out = append(out, v)
		}
	}
	return out
}

func f16(v float32) uint16 {
	b := math.Float32bits(v)
	sign := uint16(b >> 16 & 0x8000)
	exp := int(b>>23&0xFF) - 127 + 15
	if v == 0 {
		return sign
	}
	return sign | uint16(exp)<<10 | uint16(b>>13&0x3FF)
}

// attrBytes packs one attribute of vertex v.
func attrBytes(format uint32, vals [4]float64) []byte {
	var out []byte
	switch format {
	case 0x811:
		for i := 0; i < 3; i++ {
			out = be.AppendUint32(out, math.Float32bits(float32(vals[i])))
		}
	case 0x80F:
		for i := 0; i < 4; i++ {
			out = be.AppendUint16(out, f16(float32(vals[i])))
		}
	case 0x100, 0x104, 0x10A, 0x00A, 0x004:
		n := map[uint32]int{0x100: 1, 0x104: 2, 0x10A: 4, 0x00A: 4, 0x004: 2}[format]
		for i := 0; i < n; i++ {
			out = append(out, uint8(vals[i]))
		}
	case 0x20B:
		var w uint32
		for i := 0; i < 3; i++ {
			w |= uint32(int32(math.Round(vals[i]*511))) & 0x3FF << (10 * i)
		}
		out = be.AppendUint32(out, w)
	}
	return out
}

func (e *encoder) inlineName(s string) int {
	e.align(4)
	e.u32(uint32(len(s)))
	p := e.pos()
	e.b = append(e.b, s...)
	e.u8(0)
	e.align(4)
	return p
}

// encodeWiiUMesh writes f (one model) and then the model's geometry.
func encodeWiiUMesh(f *File, shapes []testShape, materials []string) []byte {
	data := encodeFile(f)
	fmdl := bytes.Index(data[0x6C:], []byte("FMDL")) + 0x6C
	e := &encoder{b: data}
	e.align(8)
	// FVTX array: one per shape.
	vtxArr := e.pos()
	type fix struct{ attrs, bufs int }
	fixes := make([]fix, len(shapes))
	for i, s := range shapes {
		e.b = append(e.b, "FVTX"...)
		nAttr := 1
		if s.normals {
			nAttr++
		}
		if s.skin > 0 {
			nAttr++
		}
		if s.skin > 1 {
			nAttr++
		}
		e.u8(uint8(nAttr))
		e.u8(2)
		e.u16(uint16(i))
		e.u32(uint32(len(s.verts)))
		e.u8(uint8(s.skin))
		e.u8(0)
		e.u16(0)
		fixes[i].attrs = e.ptr()
		e.u32(0)
		fixes[i].bufs = e.ptr()
		e.u32(0)
	}
	for i, s := range shapes {
		// buffer 0: position (+ normal); buffer 1: indices and weights.
		type at struct {
			name   string
			buf    int
			off    int
			format uint32
			val    func(v testVert) [4]float64
		}
		psize := 12
		if s.posFmt == 0x80F {
			psize = 8
		}
		ats := []at{{"_p0", 0, 0, s.posFmt, func(v testVert) [4]float64 {
			return [4]float64{float64(v.pos[0]), float64(v.pos[1]), float64(v.pos[2]), 1}
		}}}
		stride0 := psize
		if s.normals {
			ats = append(ats, at{"_n0", 0, psize, 0x20B, func(testVert) [4]float64 { return [4]float64{0, 1, 0, 0} }})
			stride0 += 4
		}
		stride1 := 0
		if s.skin > 0 {
			ats = append(ats, at{"_i0", 1, 0, s.idxFmt, func(v testVert) [4]float64 {
				return [4]float64{float64(v.idx[0]), float64(v.idx[1]), float64(v.idx[2]), float64(v.idx[3])}
			}})
			stride1 = 4
		}
		if s.skin > 1 {
			ats = append(ats, at{"_w0", 1, 4, s.wFmt, func(v testVert) [4]float64 {
				return [4]float64{float64(v.w[0]), float64(v.w[1]), float64(v.w[2]), float64(v.w[3])}
			}})
			stride1 = 8
		}
		bufs := [2][]byte{}
		strides := [2]int{stride0, stride1}
		for b := range bufs {
			bufs[b] = make([]byte, strides[b]*len(s.verts))
		}
		for vi, v := range s.verts {
			for _, a := range ats {
				copy(bufs[a.buf][vi*strides[a.buf]+a.off:], attrBytes(a.format, a.val(v)))
			}
		}
		e.align(4)
		e.setRel(fixes[i].attrs, e.pos())
		var names []int
		for _, a := range ats {
			names = append(names, e.ptr())
			e.u8(uint8(a.buf))
			e.u8(0)
			e.u16(uint16(a.off))
			e.u32(a.format)
		}
		e.setRel(fixes[i].bufs, e.pos())
		var datas []int
		for b := range bufs {
			e.u32(0)
			e.u32(uint32(len(bufs[b])))
			e.u32(0)
			e.u16(uint16(strides[b]))
			e.u16(1)
			e.u32(0)
			datas = append(datas, e.ptr())
		}
		for k, a := range ats {
			e.setRel(names[k], e.inlineName(a.name))
		}
		for b := range bufs {
			e.setRel(datas[b], e.bytes(bufs[b]))
		}
	}
	// FSHP dictionary and shapes.
	var shapeNames []string
	for _, s := range shapes {
		shapeNames = append(shapeNames, s.name)
	}
	shapeDict, shapeData := e.dict(shapeNames)
	for i, s := range shapes {
		e.align(4)
		e.setRel(shapeData[i], e.pos())
		start := e.pos()
		e.b = append(e.b, "FSHP"...)
		nameField := e.ptr()
		e.u32(2)
		e.u16(uint16(i))
		e.u16(uint16(i % max(1, len(materials))))
		e.u16(uint16(s.bone))
		e.u16(uint16(i))
		e.u16(0)
		e.u8(uint8(s.skin))
		e.u8(uint8(len(s.meshes())))
		e.u8(0)
		e.u8(0)
		e.u16(0)
		e.f32(1)
		vtx := e.ptr()
		meshArr := e.ptr()
		e.u32(0)
		e.u32(0)
		e.setRel(vtx, vtxArr+0x20*i)
		_ = start
		e.setRel(nameField, e.inlineName(s.name))
		// The LOD meshes' array (0x1C each), then each one's sub-meshes
		// and index buffer.
		e.setRel(meshArr, e.pos())
		var subArrs, ibufs []int
		for _, lod := range s.meshes() {
			e.u32(lod.prim)
			e.u32(4) // u16 big-endian
			e.u32(uint32(len(lod.indices)))
			e.u16(uint16(len(lod.subs)))
			e.u16(0)
			subArrs = append(subArrs, e.ptr())
			ibufs = append(ibufs, e.ptr())
			e.u32(lod.base)
		}
		for k, lod := range s.meshes() {
			e.setRel(subArrs[k], e.pos())
			for _, sm := range lod.subs {
				e.u32(sm[0])
				e.u32(sm[1])
			}
			e.setRel(ibufs[k], e.pos())
			var ib []byte
			for _, ix := range lod.indices {
				ib = be.AppendUint16(ib, ix)
			}
			size := uint32(len(ib))
			if s.badBuffer && k == 0 {
				size = 1 << 30
			}
			e.u32(0)
			e.u32(size)
			e.u32(0)
			e.u16(0)
			e.u16(1)
			e.u32(0)
			data := e.ptr()
			e.setRel(data, e.bytes(ib))
		}
	}
	// FMAT dictionary: names only, with an _a0 albedo and an _n0 normal.
	matDict, matData := e.dict(materials)
	for i, m := range materials {
		e.align(4)
		e.setRel(matData[i], e.pos())
		e.b = append(e.b, "FMAT"...)
		nameField := e.ptr()
		e.u32(1)
		e.u16(uint16(i))
		e.u16(0)
		e.u8(2)
		e.u8(2)
		e.u16(0)
		for k := 0; k < 4; k++ {
			e.u16(0)
		}
		e.u32(0) // render info dict
		rs := e.ptr()
		e.u32(0) // shader assign
		tex := e.ptr()
		smp := e.ptr()
		e.u32(0)
		e.setRel(nameField, e.inlineName(m))
		e.setRel(rs, e.pos())
		// translucent, depth test+write, alpha test gequal 0.25, blending
		// src alpha / one minus src alpha; material 0 culls nothing,
		// material 1 culls back faces with a clockwise front face.
		e.u32(3)
		e.u32([2]uint32{0, 2 | 4}[i%2])
		e.u32(6)
		e.u32(8 | 6)
		e.f32(0.25)
		e.u32(1 << 8)
		e.u32(0)
		e.u32(4 | 5<<8)
		e.setRel(tex, e.pos())
		texNames := [2]int{}
		for k := range texNames {
			texNames[k] = e.ptr()
			e.u32(0)
		}
		e.setRel(smp, e.pos())
		smpNames := [2]int{}
		for k := range smpNames {
			e.u32(2 | 1<<3 | 1<<9 | 1<<12 | 2<<17) // clamp S, mirror T, linear, mips
			e.u32(0)
			e.u32(0)
			e.u32(0)
			smpNames[k] = e.ptr()
			e.u32(uint32(k))
		}
		for k, n := range []string{m + "_Alb", m + "_Nrm"} {
			e.setRel(texNames[k], e.inlineName(n))
		}
		for k, n := range []string{"_a0", "_n0"} {
			e.setRel(smpNames[k], e.inlineName(n))
		}
	}
	// Names of the dictionaries, inline.
	for _, r := range e.strRefs {
		e.setRel(r.field, e.inlineName(r.s))
	}
	e.setRel(fmdl+0x10, vtxArr)
	e.setRel(fmdl+0x14, shapeDict)
	e.setRel(fmdl+0x18, matDict)
	be.PutUint16(e.b[fmdl+0x20:], uint16(len(shapes)))
	be.PutUint16(e.b[fmdl+0x22:], uint16(len(shapes)))
	be.PutUint16(e.b[fmdl+0x24:], uint16(len(materials)))
	be.PutUint32(e.b[0x0C:], uint32(len(e.b)))
	return e.b
}

// meshSkeleton is the posing tests' skeleton (Maya scale, Euler) with a
// palette: smooth entries Root, Arm, Hand (0–2), rigid Tip, FinTip (3, 4).
func meshSkeleton() *Skeleton {
	s := poseSkeleton(poseBones(), scaleModeMaya, false)
	s.NumSmooth, s.NumRigid = 3, 2
	s.MatrixToBone = []uint16{0, 1, 2, 3, 5}
	for k := 0; k < 3; k++ {
		// Stored inverse model matrices: any 3x4 values serve, the
		// runtime uses them as they are.
		c, sn := float32(math.Cos(0.2*float64(k+1))), float32(math.Sin(0.2*float64(k+1)))
		s.InverseModelMatrices = append(s.InverseModelMatrices, [12]float32{c, -sn, 0, 0.1, sn, c, 0, -1.5 * float32(k), 0, 0, 1, 0.25})
	}
	return s
}

func meshShapes() []testShape {
	quad := []testVert{{pos: [3]float32{0, 0, 0}}, {pos: [3]float32{1, 0, 0}}, {pos: [3]float32{1, 1, 0}}, {pos: [3]float32{0, 1, 0.5}}}
	one := []testVert{
		{pos: [3]float32{0.5, 1.25, -0.75}, idx: [4]int{3}, w: [4]uint8{255}},
		{pos: [3]float32{-0.25, 0.5, 2}, idx: [4]int{4}},
		{pos: [3]float32{1.5, -1, 0.125}, idx: [4]int{1}}, // a smooth entry: through its inverse model matrix
	}
	two := []testVert{
		{pos: [3]float32{0.3, 1.1, 0.2}, idx: [4]int{0, 1}, w: [4]uint8{102, 153}},
		{pos: [3]float32{-0.4, 2.5, 0.1}, idx: [4]int{1, 2}, w: [4]uint8{200, 55}},
		{pos: [3]float32{0.9, 3.2, -0.6}, idx: [4]int{2, 3}, w: [4]uint8{255, 0}},
	}
	four := []testVert{
		{pos: [3]float32{0.1, 0.2, 0.3}, idx: [4]int{0, 1, 2, 3}, w: [4]uint8{64, 64, 64, 63}},
		{pos: [3]float32{1.1, 2.2, -0.3}, idx: [4]int{4, 2, 1, 0}, w: [4]uint8{10, 20, 30, 195}},
		{pos: [3]float32{-1, 3, 0.7}, idx: [4]int{1, 2, 0, 4}, w: [4]uint8{128, 127, 0, 0}},
		{pos: [3]float32{0.6, 1.6, 1.2}, idx: [4]int{3, 0, 1, 2}, w: [4]uint8{1, 2, 3, 249}},
	}
	// Vertices only lower LODs draw, as the games store them: after LOD
	// 0's (BotW: LOD 1 from its own base vertex) or among them.
	quad = append(quad, testVert{pos: [3]float32{5, 5, 5}}, testVert{pos: [3]float32{-5, 5, 5}}, testVert{pos: [3]float32{0, -5, 5}})
	one = append(one, testVert{pos: [3]float32{4, 4, -4}, idx: [4]int{2}})
	four = append(four,
		testVert{pos: [3]float32{3, -3, 3}, idx: [4]int{2, 1, 0, 3}, w: [4]uint8{100, 100, 55, 0}},
		testVert{pos: [3]float32{-3, -3, 3}, idx: [4]int{0, 4, 0, 0}, w: [4]uint8{128, 127, 0, 0}})
	return []testShape{
		{name: "Rigid0", skin: 0, bone: 2, posFmt: 0x811, verts: quad, prim: 4,
			indices: []uint16{0, 1, 2, 0, 2, 3}, subs: [][2]uint32{{0, 3}, {6, 3}}, wantTris: []uint32{0, 1, 2, 0, 2, 3},
			lods: []testLOD{{prim: 4, indices: []uint16{0, 1, 2}, subs: [][2]uint32{{0, 3}}, base: 4}}},
		{name: "One", skin: 1, posFmt: 0x80F, idxFmt: 0x100, normals: true, verts: one, prim: 4,
			indices: []uint16{0, 1, 2}, subs: [][2]uint32{{0, 3}}, wantTris: []uint32{0, 1, 2},
			lods: []testLOD{{prim: 4, indices: []uint16{0, 3, 2}, subs: [][2]uint32{{0, 3}}}}},
		{name: "Smooth2", skin: 2, posFmt: 0x811, idxFmt: 0x104, wFmt: 0x004, verts: two, prim: 4,
			indices: []uint16{0, 1, 0}, subs: [][2]uint32{{0, 3}}, base: 1, wantTris: []uint32{1, 2, 1},
			lods: []testLOD{{prim: 4, indices: []uint16{0, 1, 2}, subs: [][2]uint32{{0, 3}}}}},
		{name: "Smooth4", skin: 4, posFmt: 0x811, idxFmt: 0x10A, wFmt: 0x00A, verts: four, prim: 6,
			indices: []uint16{0, 1, 2, 3, 0xFFFF, 3, 2, 1}, subs: [][2]uint32{{0, 8}},
			wantTris: []uint32{0, 1, 2, 2, 1, 3, 3, 2, 1},
			lods:     []testLOD{{prim: 6, indices: []uint16{4, 5, 0, 0xFFFF, 2, 4, 1}, subs: [][2]uint32{{0, 4}, {8, 3}}}}},
	}
}

// compactTris are s.wantTris renumbered to the drawn vertices' list (s.drawn).
func (s *testShape) compactTris() []uint32 {
	at := map[int]uint32{}
	for k, v := range s.drawn() {
		at[v] = uint32(k)
	}
	out := make([]uint32, len(s.wantTris))
	for i, v := range s.wantTris {
		out[i] = at[int(v)]
	}
	return out
}

func meshFile(shapes []testShape) []byte {
	f := &File{Name: "mesh", Models: []Model{{Name: "Body", Skeleton: meshSkeleton()}}}
	return encodeWiiUMesh(f, shapes, []string{"Mat", "Skin"})
}

// refVertex is where the runtime puts vertex v of shape s (MESH-FACTS
// B.6), computed one matrix product at a time from the written values.
func refVertex(s *testShape, v testVert, skel *Skeleton, world []mgl64.Mat4) mgl64.Vec3 {
	p := mgl64.Vec4{float64(v.pos[0]), float64(v.pos[1]), float64(v.pos[2]), 1}
	if s.posFmt == 0x80F {
		for i := 0; i < 3; i++ {
			p[i] = float64(halfToFloat(f16(v.pos[i])))
		}
	}
	pal := func(k int) mgl64.Mat4 {
		w := world[skel.MatrixToBone[k]]
		if k < int(skel.NumSmooth) {
			im := skel.InverseModelMatrices[k]
			m := mgl64.Mat4{}
			for r := 0; r < 3; r++ {
				for c := 0; c < 4; c++ {
					m.Set(r, c, float64(im[4*r+c]))
				}
			}
			m.Set(3, 3, 1)
			return w.Mul4(m)
		}
		return w
	}
	switch s.skin {
	case 0:
		return world[s.bone].Mul4x1(p).Vec3()
	case 1:
		return pal(v.idx[0]).Mul4x1(p).Vec3()
	}
	var out mgl64.Vec3
	for k := 0; k < s.skin; k++ {
		out = out.Add(pal(v.idx[k]).Mul4x1(p).Vec3().Mul(float64(v.w[k]) / 255))
	}
	return out
}

// checkPosedMesh poses f's one model (the mesh writer's) with clip at
// fractional frames and compares every vertex of every shape with
// refVertex, from the written palette and inverse model matrices, not the
// decoded ones. It returns the model.
func checkPosedMesh(t *testing.T, f *File, clip *anim.Clip, shapes []testShape) *mesh.Model {
	t.Helper()
	models := f.Meshes()
	if len(models) != 1 {
		t.Fatalf("%d models", len(models))
	}
	m := models[0]
	skel := f.Skeletons()[0]
	if err := skel.Finish(); err != nil {
		t.Fatal(err)
	}
	m.Check(len(skel.Joints))
	if len(m.Problems) != 0 || m.Skeleton != 0 || len(m.Shapes) != len(shapes) {
		t.Fatalf("skeleton %d, %d shapes, problems %v", m.Skeleton, len(m.Shapes), m.Problems)
	}
	b := anim.BindByName(clip, skel)
	pose := anim.NewPose(clip)
	world := make([]mgl64.Mat4, len(skel.Joints))
	var p mesh.Pose
	moved := 0.0
	written := meshSkeleton()
	for _, fr := range []float64{0, 2.5, 7.25, 9.875} {
		anim.Evaluate(clip, fr, pose)
		skel.World(pose, &b, world)
		m.PoseInto(&p, world)
		for si := range shapes {
			s := &shapes[si]
			got := p.Shapes[si].Positions
			drawn := s.drawn()
			if len(got) != len(drawn) {
				t.Fatalf("%s: %d vertices, want the %d LOD 0 draws (%v of %d)", s.name, len(got), len(drawn), drawn, len(s.verts))
			}
			for k, vi := range drawn {
				v := s.verts[vi]
				want := refVertex(s, v, written, world)
				if d := got[k].Sub(want).Len(); d > 1e-5*math.Max(1, want.Len()) {
					t.Errorf("frame %v %s vertex %d (buffer %d): %v, want %v", fr, s.name, k, vi, got[k], want)
				}
				moved = math.Max(moved, want.Sub(mgl64.Vec3{float64(v.pos[0]), float64(v.pos[1]), float64(v.pos[2])}).Len())
			}
		}
	}
	if moved < 0.5 {
		t.Fatalf("the pose hardly moves the vertices (%v): the test cannot tell skinning from none", moved)
	}
	return m
}

// preparedClip opens data's first clip as formats.Open would: converted,
// validated, prepared.
func preparedClip(t *testing.T, data []byte) *anim.Clip {
	t.Helper()
	f, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	clips, _ := f.Clips()
	if len(clips) == 0 {
		t.Fatal("no clip")
	}
	if err := clips[0].Validate(); err != nil {
		t.Fatal(err)
	}
	clips[0].Prepare()
	return clips[0]
}

// TestWiiUMeshSkinning: every skin count (0, 1, 2, 4; a one-bone vertex
// on a smooth entry), halves and floats, sub-meshes, a first-vertex base
// and a strip with a restart index, posed by an animation at fractional
// frames, equal the runtime's placement computed matrix by matrix.
func TestWiiUMeshSkinning(t *testing.T) {
	shapes := meshShapes()
	f, err := Parse(meshFile(shapes))
	if err != nil {
		t.Fatal(err)
	}
	animFile := &File{Name: "anim", SkeletalAnims: []SkeletalAnim{poseAnimation(poseBones(), scaleModeMaya, false)}}
	m := checkPosedMesh(t, f, preparedClip(t, encodeFile(animFile)), shapes)
	for si, s := range shapes {
		got, want := m.Shapes[si].Triangles, s.compactTris()
		if si%2 == 1 { // material 1's front face is clockwise: reversed
			for i := 0; i+2 < len(want); i += 3 {
				want[i+1], want[i+2] = want[i+2], want[i+1]
			}
		}
		if len(got) != len(want) {
			t.Fatalf("%s: triangles %v, want %v", s.name, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: triangles %v, want %v", s.name, got, want)
			}
		}
	}
	if m.Materials[1].Cull != mesh.CullBack {
		t.Errorf("material 1 cull %v, want back", m.Materials[1].Cull)
	}
	if n := m.Shapes[1].Normals; len(n) != 3 || n[0][1] != 1 || n[0][0] != 0 {
		t.Errorf("normals %v, want (0, 1, 0)", n)
	}
	mat := m.Materials[0]
	if mat.Name != "Mat" || len(mat.Textures) != 2 || mat.Textures[0].Role != mesh.RoleAlbedo || mat.Textures[0].Name != "Mat_Alb" ||
		mat.Textures[0].Texture != -1 || mat.Textures[1].Role != mesh.RoleNormal || mat.Textures[0].MapName != "_a0" || mat.Textures[1].MapName != "_n0" {
		t.Errorf("material textures %+v", mat.Textures)
	}
	if s := mat.Textures[0].Sampler; s.WrapS != mesh.WrapClamp || s.WrapT != mesh.WrapMirror || !s.Mipmaps || s.MinFilter != mesh.FilterLinear {
		t.Errorf("sampler %+v", s)
	}
	if mat.Cull != mesh.CullNone || mat.Blend.Mode != mesh.Translucent || mat.Blend.Src != mesh.FactorSrcAlpha ||
		mat.Blend.Dst != mesh.FactorOneMinusSrcAlpha || !mat.AlphaTest.Enabled || mat.AlphaTest.Func != mesh.CompareGEqual || mat.AlphaTest.Ref != 0.25 {
		t.Errorf("material state %+v", mat)
	}
}

// TestWiiUMeshBadParts: a shape whose index buffer runs past the file, a
// skin index past the matrix-to-bone list and an index past the vertex
// buffer are each a problem naming the model and shape; the other shapes
// and the skeleton open.
func TestWiiUMeshBadParts(t *testing.T) {
	shapes := meshShapes()
	shapes[0].badBuffer = true
	shapes[2].verts[1].idx[0] = 9 // past the 5 palette entries
	shapes[3].indices[1] = 40     // past the 4 vertices
	checkMeshBadParts(t, meshFile(shapes), "bfres: offset 0x824: index buffer (1073741824 bytes at 0x824) runs past the end of the file")
}

// checkMeshBadParts opens data, the mesh writer's model with shape 0's
// index buffer too large, a skin index past the palette in shape 2 and a
// triangle index past the vertices in shape 3, and checks each is a
// problem of its shape (shape 0's starting rigid0) while the rest opens.
func checkMeshBadParts(t *testing.T, data []byte, rigid0 string) {
	t.Helper()
	f, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	m := f.Meshes()[0]
	m.Check(6)
	want := []string{
		"model Body: shape Rigid0: " + rigid0,
		"model Body: shape Smooth2: 1 skin indices past the matrix-to-bone list (5 entries); dropped",
		"model Body: shape Smooth2: 1 vertices' weights do not sum to 1; scaled to 1",
		"model Body: shape Smooth4: triangle index 40 past its 6 vertices; the shape is not drawn",
	}
	if len(m.Problems) != len(want) {
		t.Fatalf("problems %q", m.Problems)
	}
	for i, w := range want {
		if len(m.Problems[i]) < len(w) || m.Problems[i][:len(w)] != w {
			t.Errorf("problem %d: %q, want %q…", i, m.Problems[i], w)
		}
	}
	if len(m.Shapes) != 4 || len(m.Shapes[1].Triangles) != 3 || m.Shapes[0].Triangles != nil || len(f.Skeletons()) != 1 {
		t.Errorf("the good shapes should draw")
	}
}

// TestAttributeFormats decodes every GX2 and nn::gfx attribute layout the
// readers take from bytes packed here, against values computed by hand.
func TestAttributeFormats(t *testing.T) {
	type tc struct {
		nx     bool
		code   uint32
		bytes  []byte // little-endian for nx, big-endian for GX2
		want   [4]float32
		approx bool
	}
	h := func(v float32, order binary.AppendByteOrder) []byte { return order.AppendUint16(nil, f16(v)) }
	f32s := func(order binary.AppendByteOrder, vs ...float32) []byte {
		var b []byte
		for _, v := range vs {
			b = order.AppendUint32(b, math.Float32bits(v))
		}
		return b
	}
	BE, LE := binary.BigEndian, binary.LittleEndian
	packed := func(order binary.AppendByteOrder, x, y, z, w uint32) []byte {
		return order.AppendUint32(nil, x&0x3FF|(y&0x3FF)<<10|(z&0x3FF)<<20|w<<30)
	}
	cases := []tc{
		{code: 0x000, bytes: []byte{51}, want: [4]float32{0.2, 0, 0, 1}, approx: true},
		{code: 0x004, bytes: []byte{255, 0}, want: [4]float32{1, 0, 0, 1}},
		{code: 0x00A, bytes: []byte{255, 0, 51, 102}, want: [4]float32{1, 0, 0.2, 0.4}, approx: true},
		{code: 0x20A, bytes: []byte{127, 0x81, 0x80, 0}, want: [4]float32{1, -1, -1, 0}},
		{code: 0x10A, bytes: []byte{7, 8, 9, 200}, want: [4]float32{7, 8, 9, 200}},
		{code: 0x104, bytes: []byte{3, 4}, want: [4]float32{3, 4, 0, 1}},
		{code: 0x100, bytes: []byte{5}, want: [4]float32{5, 0, 0, 1}},
		{code: 0x30A, bytes: []byte{0xFF, 1, 0x80, 2}, want: [4]float32{-1, 1, -128, 2}},
		{code: 0x007, bytes: []byte{0xFF, 0xFF, 0x80, 0x00}, want: [4]float32{1, 32768.0 / 65535, 0, 1}, approx: true},
		{code: 0x207, bytes: []byte{0x7F, 0xFF, 0x80, 0x01}, want: [4]float32{1, -1, 0, 1}},
		{code: 0x107, bytes: []byte{0x01, 0x02, 0, 3}, want: [4]float32{258, 3, 0, 1}},
		{code: 0x002, bytes: []byte{0xFF, 0xFF}, want: [4]float32{1, 0, 0, 1}},
		{code: 0x808, bytes: append(h(0.5, BE), h(-2, BE)...), want: [4]float32{0.5, -2, 0, 1}},
		{code: 0x803, bytes: h(1.25, BE), want: [4]float32{1.25, 0, 0, 1}},
		{code: 0x80F, bytes: append(append(h(1, BE), h(2, BE)...), append(h(-0.75, BE), h(0.125, BE)...)...), want: [4]float32{1, 2, -0.75, 0.125}},
		{code: 0x806, bytes: f32s(BE, 3.5), want: [4]float32{3.5, 0, 0, 1}},
		{code: 0x80D, bytes: f32s(BE, 3.5, -1), want: [4]float32{3.5, -1, 0, 1}},
		{code: 0x811, bytes: f32s(BE, 1, 2, 3), want: [4]float32{1, 2, 3, 1}},
		{code: 0x813, bytes: f32s(BE, 1, 2, 3, 4), want: [4]float32{1, 2, 3, 4}},
		{code: 0x20B, bytes: packed(BE, 511, 0x201, 0, 3), want: [4]float32{1, -1, 0, 1}},
		{code: 0x00B, bytes: packed(BE, 1023, 0, 0, 1), want: [4]float32{1, 0, 0, 1.0 / 3}, approx: true},
		{code: 0x80A, bytes: []byte{1, 2, 3, 4}, want: [4]float32{1, 2, 3, 4}},
		{code: 0xA0A, bytes: []byte{0xFE, 2, 3, 4}, want: [4]float32{-2, 2, 3, 4}},
		// nn::gfx
		{nx: true, code: 0x0B01, bytes: []byte{255, 0, 51, 102}, want: [4]float32{1, 0, 0.2, 0.4}, approx: true},
		{nx: true, code: 0x0B02, bytes: []byte{127, 0x81, 0, 0}, want: [4]float32{1, -1, 0, 0}},
		{nx: true, code: 0x0203, bytes: []byte{9}, want: [4]float32{9, 0, 0, 1}},
		{nx: true, code: 0x0903, bytes: []byte{9, 10}, want: [4]float32{9, 10, 0, 1}},
		{nx: true, code: 0x0B03, bytes: []byte{9, 10, 11, 12}, want: [4]float32{9, 10, 11, 12}},
		{nx: true, code: 0x0901, bytes: []byte{255, 0}, want: [4]float32{1, 0, 0, 1}},
		{nx: true, code: 0x1201, bytes: []byte{0xFF, 0xFF, 0, 0}, want: [4]float32{1, 0, 0, 1}},
		{nx: true, code: 0x1202, bytes: []byte{0xFF, 0x7F, 0x01, 0x80}, want: [4]float32{1, -1, 0, 1}},
		{nx: true, code: 0x1205, bytes: append(h(0.5, LE), h(-2, LE)...), want: [4]float32{0.5, -2, 0, 1}},
		{nx: true, code: 0x1505, bytes: append(append(h(1, LE), h(2, LE)...), append(h(-0.75, LE), h(0.125, LE)...)...), want: [4]float32{1, 2, -0.75, 0.125}},
		{nx: true, code: 0x1705, bytes: f32s(LE, 3.5, -1), want: [4]float32{3.5, -1, 0, 1}},
		{nx: true, code: 0x1805, bytes: f32s(LE, 1, 2, 3), want: [4]float32{1, 2, 3, 1}},
		{nx: true, code: 0x1905, bytes: f32s(LE, 1, 2, 3, 4), want: [4]float32{1, 2, 3, 4}},
		{nx: true, code: 0x0E02, bytes: packed(LE, 511, 0x201, 256, 2), want: [4]float32{1, -1, 256.0 / 511, 2.0 / 3}, approx: true},
		{nx: true, code: 0x0F05, bytes: LE.AppendUint32(nil, 15<<6|(16<<6|32)<<11|(14<<5|16)<<22), want: [4]float32{1, 3, 0.75, 1}},
	}
	for _, c := range cases {
		var f attrFormat
		var ok bool
		order := binary.ByteOrder(BE)
		if c.nx {
			f, ok, order = func() (attrFormat, bool, binary.ByteOrder) { f, ok := nxAttribFormat(c.code); return f, ok, LE }()
		} else {
			f, ok = gx2AttribFormat(c.code)
		}
		if !ok || f.size() != len(c.bytes) {
			t.Errorf("format 0x%x (nx %v): known %v, size %d, want %d", c.code, c.nx, ok, f.size(), len(c.bytes))
			continue
		}
		var got [4]float32
		f.decode(c.bytes, order, &got)
		for i := range got {
			d := math.Abs(float64(got[i] - c.want[i]))
			if d > 0 && !(c.approx && d < 1e-6) {
				t.Errorf("format 0x%x (nx %v): %v, want %v", c.code, c.nx, got, c.want)
				break
			}
		}
	}
	for _, code := range []uint32{0x001, 0x005, 0x906, 0x00C, 0x1234} {
		if _, ok := gx2AttribFormat(code); ok {
			t.Errorf("GX2 format 0x%x should not be taken", code)
		}
	}
	for _, code := range []uint32{0x0B05, 0x1401, 0x2001, 0x0E07} {
		if _, ok := nxAttribFormat(code); ok {
			t.Errorf("nn::gfx format 0x%x should not be taken", code)
		}
	}
}
