package bfres

import (
	"fmt"
	"math"
	"testing"

	"github.com/animscope/animscope/mesh"
)

// A test-side writer for Switch FMDL geometry, from the layouts of
// MESH-FACTS C.1–C.3 (before v9 | from v9): FVTX with its attributes and
// buffer size/stride tables, every buffer in the GPU blob the header's
// buffer info names (8-byte aligned, one per attribute or shared), FSHP
// with one LOD mesh (index data in the blob, sub-meshes, base vertex) and
// FMAT with texture names, samplers and their dictionary and a
// display_face render info. Values are packed here with nn::gfx's format
// codes (channel format << 8 | type), sharing no code with the decoder.

type nxShape struct {
	testShape
	indexFmt  int      // 0 u8, 1 u16, 2 u32
	subBytes  [][2]int // sub-meshes: byte offset, index count
	shared    bool     // all attributes in one buffer (else one buffer each)
	skinBones int      // FSHP skin-bone count (not read; written as files do)
}

type nxGeomDesc struct {
	shapes    []nxShape
	materials []string
	faces     []string // display_face per material
}

// nxAttrBytes packs one attribute value with an nn::gfx format code.
func nxAttrBytes(code uint32, vals [4]float64) []byte {
	var out []byte
	switch code {
	case 0x1805: // R32G32B32 float
		for i := 0; i < 3; i++ {
			out = le.AppendUint32(out, math.Float32bits(float32(vals[i])))
		}
	case 0x1505: // R16G16B16A16 float
		for i := 0; i < 4; i++ {
			out = le.AppendUint16(out, f16(float32(vals[i])))
		}
	case 0x0E02: // R10G10B10A2 snorm
		var w uint32
		for i := 0; i < 3; i++ {
			w |= uint32(int32(math.Round(vals[i]*511))) & 0x3FF << (10 * i)
		}
		out = le.AppendUint32(out, w)
	case 0x0203, 0x0201: // R8 uint / unorm
		out = append(out, uint8(vals[0]))
	case 0x0903, 0x0901: // R8G8
		out = append(out, uint8(vals[0]), uint8(vals[1]))
	case 0x0B03, 0x0B01: // R8G8B8A8
		for i := 0; i < 4; i++ {
			out = append(out, uint8(vals[i]))
		}
	case 0x1203: // R16G16 uint
		out = le.AppendUint16(le.AppendUint16(out, uint16(vals[0])), uint16(vals[1]))
	default:
		panic(fmt.Sprintf("nxAttrBytes: format 0x%x", code))
	}
	return out
}

func nxAttrSize(code uint32) int { return len(nxAttrBytes(code, [4]float64{})) }

// gpuAppend adds b to the GPU blob at the next 8-byte boundary and
// returns its offset in the blob.
func (w *nxWriter) gpuAppend(b []byte) int {
	for len(w.gpu)%8 != 0 {
		w.gpu = append(w.gpu, 0)
	}
	p := len(w.gpu)
	w.gpu = append(w.gpu, b...)
	return p
}

// gpuBlob writes the GPU blob and the buffer info (u32 0, u32 size, u64
// data offset) the header field at field points to.
func (w *nxWriter) gpuBlob(field int) {
	if len(w.gpu) == 0 {
		return
	}
	info := w.alloc(16, 8)
	data := w.alloc(len(w.gpu), 8)
	copy(w.b[data:], w.gpu)
	w.u32(info+4, uint32(len(w.gpu)))
	w.ptr(info+8, data)
	w.ptr(field, info)
}

// geometry writes g's FVTX, FSHP and FMAT arrays for the FMDL at p.
func (w *nxWriter) geometry(p int, g *nxGeomDesc) {
	v := func(a, b int) int {
		if w.v9 {
			return b
		}
		return a
	}
	fvtxSize, fshpSize, fmatSize := v(0x60, 0x58), v(0x70, 0x60), v(0xB8, 0xA8)
	n := len(g.shapes)
	vtx := w.alloc(fvtxSize*n, 8)
	for i, s := range g.shapes {
		w.fvtx(vtx+fvtxSize*i, i, s, v)
	}
	shp := w.alloc(fshpSize*n, 8)
	var names []string
	for i, s := range g.shapes {
		names = append(names, s.name)
		w.fshp(shp+fshpSize*i, i, vtx+fvtxSize*i, s, len(g.materials), v)
	}
	w.ptr(p+v(0x28, 0x20), vtx)
	w.ptr(p+v(0x30, 0x28), shp)
	w.ptr(p+v(0x38, 0x30), w.dict(names))
	if m := len(g.materials); m > 0 {
		mat := w.alloc(fmatSize*m, 8)
		for i, name := range g.materials {
			w.fmat(mat+fmatSize*i, i, name, g.faces[i], v)
		}
		w.ptr(p+v(0x40, 0x38), mat)
		w.ptr(p+0x48, w.dict(g.materials))
	}
	w.u16(p+0x68, uint16(n))
	w.u16(p+0x6A, uint16(n))
	w.u16(p+0x6C, uint16(len(g.materials)))
}

type nxAttr struct {
	name string
	code uint32
	val  func(testVert) [4]float64
}

func (s nxShape) attrs() []nxAttr {
	ats := []nxAttr{{"_p0", s.posFmt, func(t testVert) [4]float64 {
		return [4]float64{float64(t.pos[0]), float64(t.pos[1]), float64(t.pos[2]), 1}
	}}}
	if s.normals {
		ats = append(ats, nxAttr{"_n0", 0x0E02, func(testVert) [4]float64 { return [4]float64{0, 1, 0, 0} }})
	}
	if s.skin > 0 {
		ats = append(ats, nxAttr{"_i0", s.idxFmt, func(t testVert) [4]float64 {
			return [4]float64{float64(t.idx[0]), float64(t.idx[1]), float64(t.idx[2]), float64(t.idx[3])}
		}})
		// _w0 is there even for skin count 1 (all 255), as in SMO.
		ats = append(ats, nxAttr{"_w0", s.wFmt, func(t testVert) [4]float64 {
			if s.skin == 1 {
				return [4]float64{255}
			}
			return [4]float64{float64(t.w[0]), float64(t.w[1]), float64(t.w[2]), float64(t.w[3])}
		}})
	}
	return ats
}

func (w *nxWriter) fvtx(p, index int, s nxShape, v func(a, b int) int) {
	w.block(p, "FVTX", v(0x60, 0x58), 0)
	ats := s.attrs()
	// Buffer layout: one per attribute, or one shared with the
	// attributes side by side.
	type place struct{ buf, off int }
	places := make([]place, len(ats))
	var strides []int
	if s.shared {
		st := 0
		for i, a := range ats {
			places[i] = place{0, st}
			st += nxAttrSize(a.code)
		}
		strides = []int{st}
	} else {
		for i, a := range ats {
			places[i] = place{i, 0}
			strides = append(strides, nxAttrSize(a.code))
		}
	}
	bufs := make([][]byte, len(strides))
	for b := range bufs {
		bufs[b] = make([]byte, strides[b]*len(s.verts))
	}
	for vi, vert := range s.verts {
		for i, a := range ats {
			copy(bufs[places[i].buf][vi*strides[places[i].buf]+places[i].off:], nxAttrBytes(a.code, a.val(vert)))
		}
	}
	first := -1
	for _, b := range bufs {
		if o := w.gpuAppend(b); first < 0 {
			first = o
		}
	}
	attrArr := w.alloc(0x10*len(ats), 8)
	var names []string
	for i, a := range ats {
		q := attrArr + 0x10*i
		names = append(names, a.name)
		w.str(q, a.name)
		w.u32(q+8, a.code)
		w.u16(q+0x0C, uint16(places[i].off))
		w.u8(q+0x0E, uint8(places[i].buf))
	}
	sizes := w.alloc(0x10*len(bufs), 8)
	strideArr := w.alloc(0x10*len(bufs), 8)
	for b := range bufs {
		w.u32(sizes+0x10*b, uint32(len(bufs[b])))
		w.u32(strideArr+0x10*b, uint32(strides[b]))
	}
	w.ptr(p+v(0x10, 0x08), attrArr)
	w.ptr(p+v(0x18, 0x10), w.dict(names))
	w.ptr(p+v(0x38, 0x30), sizes)
	w.ptr(p+v(0x40, 0x38), strideArr)
	w.u32(p+v(0x50, 0x48), uint32(first))
	w.u8(p+v(0x54, 0x4C), uint8(len(ats)))
	w.u8(p+v(0x55, 0x4D), uint8(len(bufs)))
	w.u16(p+v(0x56, 0x4E), uint16(index))
	w.u32(p+v(0x58, 0x50), uint32(len(s.verts)))
	w.u8(p+v(0x5C, 0x54), uint8(s.skin))
}

func (w *nxWriter) fshp(p, index, fvtx int, s nxShape, nMat int, v func(a, b int) int) {
	w.block(p, "FSHP", v(0x70, 0x60), 0)
	w.str(p+v(0x10, 0x08), s.name)
	w.ptr(p+v(0x18, 0x10), fvtx)
	size := [3]int{1, 2, 4}[s.indexFmt]
	lods := s.meshes()
	msh := w.alloc(0x38*len(lods), 8)
	for l, lod := range lods {
		var ib []byte
		for _, ix := range lod.indices {
			switch size {
			case 1:
				ib = append(ib, uint8(ix))
			case 2:
				ib = le.AppendUint16(ib, ix)
			default:
				x := uint32(ix)
				if ix == 0xFFFF {
					x = 0xFFFFFFFF
				}
				ib = le.AppendUint32(ib, x)
			}
		}
		// LOD 0's sub-meshes are given in bytes; the further LODs' in
		// u16 indices, scaled to the index size.
		subBytes := s.subBytes
		if l > 0 {
			subBytes = nil
			for _, sm := range lod.subs {
				subBytes = append(subBytes, [2]int{int(sm[0]) / 2 * size, int(sm[1])})
			}
		}
		q := msh + 0x38*l
		subs := w.alloc(8*len(subBytes), 8)
		for k, sm := range subBytes {
			w.u32(subs+8*k, uint32(sm[0]))
			w.u32(subs+8*k+4, uint32(sm[1]))
		}
		sizeInfo := w.alloc(8, 8)
		w.u32(sizeInfo, uint32(len(ib)))
		if s.badBuffer && l == 0 {
			w.u32(sizeInfo, 1<<30)
		}
		w.ptr(q, subs)
		w.ptr(q+0x18, sizeInfo)
		w.u32(q+0x20, uint32(w.gpuAppend(ib)))
		w.u32(q+0x24, lod.prim)
		w.u32(q+0x28, uint32(s.indexFmt))
		w.u32(q+0x2C, uint32(len(lod.indices)))
		w.u32(q+0x30, lod.base)
		w.u16(q+0x34, uint16(len(subBytes)))
	}
	w.ptr(p+v(0x20, 0x18), msh)
	w.u16(p+v(0x5C, 0x50), uint16(index))
	w.u16(p+v(0x5E, 0x52), uint16(index%max(1, nMat)))
	w.u16(p+v(0x60, 0x54), uint16(s.bone))
	w.u16(p+v(0x62, 0x56), uint16(index))
	w.u16(p+v(0x64, 0x58), uint16(s.skinBones))
	w.u8(p+v(0x66, 0x5A), uint8(s.skin))
	w.u8(p+v(0x67, 0x5B), uint8(len(lods)))
}

func (w *nxWriter) fmat(p, index int, name, face string, v func(a, b int) int) {
	w.block(p, "FMAT", v(0xB8, 0xA8), 0)
	w.str(p+v(0x10, 0x08), name)
	// One string render info: display_face.
	ri := w.alloc(0x18, 8)
	w.str(ri, "display_face")
	val := w.alloc(8, 8)
	w.str(val, face)
	w.ptr(ri+8, val)
	w.u16(ri+0x10, 1)
	w.u8(ri+0x12, 2)
	w.ptr(p+v(0x18, 0x10), ri)
	w.ptr(p+v(0x20, 0x18), w.dict([]string{"display_face"}))
	texNames := []string{name + "_Alb", name + "_Nrm"}
	tex := w.alloc(8*len(texNames), 8)
	for k, t := range texNames {
		w.str(tex+8*k, t)
	}
	w.ptr(p+v(0x38, 0x30), tex)
	smpNames := []string{"_a0", "_n0"}
	smp := w.alloc(0x20*len(smpNames), 8)
	for k := range smpNames {
		q := smp + 0x20*k
		w.u8(q, 2)              // U clamp to edge
		w.u8(q+1, 1)            // V mirror
		w.u16(q+6, 2|2<<2|2<<4) // linear mip, mag, min
		w.f32(q+0x0C, 13)       // max LOD
		_ = index
	}
	w.ptr(p+v(0x48, 0x40), smp)
	w.ptr(p+v(0x50, 0x48), w.dict(smpNames))
	w.u16(p+v(0xA6, 0x9A), 1)
	w.u8(p+v(0xA8, 0x9C), uint8(len(smpNames)))
	w.u8(p+v(0xA9, 0x9D), uint8(len(texNames)))
}

// nxMeshShapes are the Wii U skinning test's shapes (meshShapes) in
// nn::gfx formats: f32 and half positions, 10-10-10-2 normals, R8 / R16G16
// / R8G8B8A8 uint indices and R8 / R8G8 / R8G8B8A8 unorm weights, u8, u16
// and u32 index buffers, a base vertex, sub-meshes and a strip with a
// restart index, shared and one-per-attribute buffers.
func nxMeshShapes() []nxShape {
	w := meshShapes()
	w[0].prim, w[1].prim, w[2].prim, w[3].prim = 3, 3, 3, 4
	for i := range w {
		for k := range w[i].lods {
			w[i].lods[k].prim = map[uint32]uint32{4: 3, 6: 4}[w[i].lods[k].prim] // GX2 to nn::gfx
		}
	}
	w[1].posFmt, w[1].idxFmt, w[1].wFmt = 0x1505, 0x0203, 0x0201
	w[0].posFmt, w[2].posFmt, w[3].posFmt = 0x1805, 0x1805, 0x1805
	w[2].idxFmt, w[2].wFmt = 0x1203, 0x0901
	w[3].idxFmt, w[3].wFmt = 0x0B03, 0x0B01
	return []nxShape{
		{testShape: w[0], indexFmt: 2, subBytes: [][2]int{{0, 3}, {12, 3}}},
		{testShape: w[1], indexFmt: 0, subBytes: [][2]int{{0, 3}}, shared: true, skinBones: 3},
		{testShape: w[2], indexFmt: 1, subBytes: [][2]int{{0, 3}}, skinBones: 4},
		{testShape: w[3], indexFmt: 1, subBytes: [][2]int{{0, 8}}, shared: true, skinBones: 5},
	}
}

// nxMeshModel is the posing tests' skeleton with the Wii U mesh test's
// palette (smooth Root, Arm, Hand; rigid Tip, FinTip) and inverse model
// matrices, and the geometry.
func nxMeshModel(shapes []nxShape) nxModelDesc {
	bones := poseBones()
	m := nxPoseModel(bones, scaleModeMaya, false)
	m.name = "Body"
	ref := meshSkeleton()
	for i := range m.bones {
		m.bones[i].smooth, m.bones[i].rigid = -1, -1
	}
	for k, b := range ref.MatrixToBone {
		if k < int(ref.NumSmooth) {
			m.bones[b].smooth = int16(k)
		} else {
			m.bones[b].rigid = int16(k)
		}
	}
	m.invModel = ref.InverseModelMatrices
	m.geom = &nxGeomDesc{shapes: shapes, materials: []string{"Mat", "Skin"}, faces: []string{"both", "front"}}
	return m
}

// TestSwitchMeshSkinning: the Wii U skinning test on Switch v8 and v9
// files: every skin count, the nn::gfx formats, buffers in the GPU blob,
// posed by a Switch animation at fractional frames, equal the runtime's
// placement computed matrix by matrix (refVertex); triangles, cull,
// normals, samplers and textures from the written values.
func TestSwitchMeshSkinning(t *testing.T) {
	for _, major := range []int{8, 9} {
		t.Run(fmt.Sprintf("v%d", major), func(t *testing.T) {
			shapes := nxMeshShapes()
			desc := nxDesc{major: major, name: "mesh", models: []nxModelDesc{nxMeshModel(shapes)},
				skeletal: []nxSkelDesc{nxPoseAnim(poseBones(), scaleModeMaya, false)}}
			f, err := Parse(encodeSwitch(desc))
			if err != nil {
				t.Fatal(err)
			}
			clips, _ := f.Clips()
			if err := clips[0].Validate(); err != nil {
				t.Fatal(err)
			}
			clips[0].Prepare()
			ref := make([]testShape, len(shapes))
			for i, s := range shapes {
				ref[i] = s.testShape
				if s.posFmt == 0x1505 {
					ref[i].posFmt = 0x80F // refVertex's name for halves
				}
			}
			m := checkPosedMesh(t, f, clips[0], ref)
			for si, s := range shapes {
				got, want := m.Shapes[si].Triangles, s.compactTris()
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%s: triangles %v, want %v", s.name, got, want)
				}
			}
			if m.Materials[0].Cull != mesh.CullNone || m.Materials[1].Cull != mesh.CullBack {
				t.Errorf("cull %v %v, want none, back", m.Materials[0].Cull, m.Materials[1].Cull)
			}
			if n := m.Shapes[1].Normals; len(n) != 3 || n[0][1] != 1 || n[0][0] != 0 {
				t.Errorf("normals %v, want (0, 1, 0)", n)
			}
			mat := m.Materials[1]
			if mat.Name != "Skin" || len(mat.Textures) != 2 || mat.Textures[0].Role != mesh.RoleAlbedo || mat.Textures[0].Name != "Skin_Alb" ||
				mat.Textures[1].Role != mesh.RoleNormal || mat.Textures[1].Name != "Skin_Nrm" || mat.Textures[0].MapName != "_a0" || mat.Textures[1].MapName != "_n0" {
				t.Errorf("material textures %+v", mat.Textures)
			}
			if s := mat.Textures[0].Sampler; s.WrapS != mesh.WrapClamp || s.WrapT != mesh.WrapMirror || !s.Mipmaps || s.MinFilter != mesh.FilterLinear {
				t.Errorf("sampler %+v", s)
			}
		})
	}
}

// TestSwitchMeshBadParts: an index buffer past the GPU blob's end, a skin
// index past the palette and a triangle index past the vertices are
// problems of their shapes; the rest of the model opens.
func TestSwitchMeshBadParts(t *testing.T) {
	shapes := nxMeshShapes()
	shapes[0].badBuffer = true // the index buffer's size info says 1 GiB
	shapes[2].verts[1].idx[0] = 9
	shapes[3].indices[1] = 40
	for _, major := range []int{8, 9} {
		checkMeshBadParts(t, encodeSwitch(nxDesc{major: major, name: "mesh", models: []nxModelDesc{nxMeshModel(shapes)}}), "index buffer (1073741824 bytes at GPU offset 0x")
	}
}
