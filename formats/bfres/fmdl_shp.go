package bfres

import (
	"encoding/binary"
	"fmt"
)

// Wii U FMDL geometry (MESH-FACTS B.2, B.4, B.5): the FVTX array (0x20
// each) with its attributes (0x0C) and buffers (0x18), and the FSHP
// dictionary with each shape's LOD meshes (0x1C; mesh 0 is drawn).

// wiiuMeshOffsets are the FMDL fields the mesh is read from.
type wiiuMeshOffsets struct {
	vtxArr, shapeDict, matDict int64
}

// readMesh reads the geometry and materials of FMDL m, whose header f
// holds. Nothing here fails the file: a part that cannot be read is a
// problem naming it, and the rest is read.
func (d *decoder) readMesh(m *Model, f *fields) *rawModel {
	if d.nx() {
		return d.nxReadMesh(m, f.base)
	}
	// The geometry's offsets are read without failing the model: a bad
	// one is a problem of its mesh, and the skeleton still opens.
	var o wiiuMeshOffsets
	var bad []string
	for i, p := range []*int64{&o.vtxArr, &o.shapeDict, &o.matDict} {
		fo := 0x10 + 4*int64(i)
		v, err := f.r.S32(fo)
		if err != nil || v == 0 {
			continue
		}
		if t := f.base + fo + int64(v); t > 0 && t < int64(d.r.Len()) {
			*p = t
		} else {
			bad = append(bad, [3]string{"vertex buffer array", "shape dictionary", "material dictionary"}[i])
		}
	}
	r := d.readWiiUMesh(m, o)
	for _, b := range bad {
		r.problem("the %s offset points outside the file; left out", b)
	}
	return r
}

// readWiiUMesh reads the model's vertex buffers, shapes and materials.
// Nothing here fails the file: a part that cannot be read is a problem
// naming it, and the rest is read.
func (d *decoder) readWiiUMesh(m *Model, o wiiuMeshOffsets) *rawModel {
	r := &rawModel{order: binary.BigEndian}
	n := int64(m.NumVtxBuffers)
	if n > 0 && (o.vtxArr == 0 || !d.r.In(o.vtxArr, n*0x20)) {
		r.problem("%d vertex buffers (FVTX) at 0x%x run past the end of the file; no shape is drawn", n, o.vtxArr)
		n = 0
	}
	for i := int64(0); i < n; i++ {
		v, err := d.readFVTX(o.vtxArr + 0x20*i)
		r.vertices = append(r.vertices, v)
		r.vtxErrs = append(r.vtxErrs, err)
	}
	d.eachEntry(r, o.shapeDict, "shapes", func(e DictNode) {
		rs := d.readFSHP(e.DataOffset)
		if rs.name == "" {
			rs.name = e.Name
		}
		r.shapes = append(r.shapes, rs)
	})
	d.eachEntry(r, o.matDict, "materials", func(e DictNode) {
		mat, err := d.readFMAT(e.DataOffset)
		if err != nil {
			r.problem("material %s: %v; drawn with defaults", e.Name, err)
			mat = defaultMaterial(e.Name)
		}
		r.materials = append(r.materials, mat)
	})
	return r
}

// eachEntry calls fn for every entry of the Wii U dictionary at off (none
// when off is 0); a dictionary that cannot be read is a problem.
func (d *decoder) eachEntry(r *rawModel, off int64, what string, fn func(DictNode)) {
	if off == 0 {
		return
	}
	dict, err := d.readDict(off, 0, 0, what+" dictionary")
	if err != nil {
		r.problem("%s: %v", what, err)
		return
	}
	for _, e := range dict.Entries {
		fn(e)
	}
}

func (d *decoder) readFVTX(off int64) (*rawVertices, error) {
	if !d.magicAt(off, "FVTX") {
		return nil, d.errf(off, "not an FVTX")
	}
	f, err := d.structAt(off, 0x20, "FVTX")
	if err != nil {
		return nil, err
	}
	nAttr, nBuf := int64(f.u8(4)), int64(f.u8(5))
	count := f.u32(8)
	attrArr, bufArr := f.ref(0x10), f.ref(0x18)
	if f.err != nil {
		return nil, f.err
	}
	if count > maxVertices {
		return nil, d.errf(off+8, "FVTX: %d vertices is more than this reader takes (%d)", count, maxVertices)
	}
	v := &rawVertices{count: int(count)}
	if err := d.forEach(attrArr, nAttr, 0x0C, "FVTX attributes", func(a *fields, p int64) {
		at := rawAttrib{name: a.name(p), buffer: int(a.u8(p + 4)), offset: int64(a.u16(p + 6)), code: a.u32(p + 8)}
		at.format, at.ok = gx2AttribFormat(at.code)
		v.attribs = append(v.attribs, at)
	}); err != nil {
		return nil, err
	}
	var bufErr error
	if err := d.forEach(bufArr, nBuf, 0x18, "FVTX buffers", func(b *fields, p int64) {
		size, stride, data := b.u32(p+4), b.u16(p+0x0C), b.ref(p+0x14)
		bytes, err := d.bufferBytes(data, int64(size), fmt.Sprintf("vertex buffer %d", p/0x18))
		if b.err == nil && bufErr == nil && err != nil {
			bufErr = err
		}
		v.buffers = append(v.buffers, rawBuffer{data: bytes, stride: int64(stride)})
	}); err != nil {
		return nil, err
	}
	if bufErr != nil {
		return nil, bufErr
	}
	return v, nil
}

// bufferBytes returns size bytes of GPU data at off, charged against the
// decoding budget (a buffer shared by many owners is decoded once each).
func (d *decoder) bufferBytes(off, size int64, what string) ([]byte, error) {
	if size == 0 {
		return nil, nil
	}
	b, err := d.r.Bytes(off, size)
	if err != nil || off == 0 {
		return nil, d.errf(off, "%s (%d bytes at 0x%x) runs past the end of the file (0x%x)", what, size, off, d.r.Len())
	}
	if err := d.charge(off, size, what); err != nil {
		return nil, err
	}
	return b, nil
}

// gx2Primitive maps a GX2 primitive type.
func gx2Primitive(p uint32) primitive {
	switch p {
	case 4:
		return primTriangles
	case 5:
		return primFan
	case 6:
		return primStrip
	case 0x11:
		return primRects
	case 0x13:
		return primQuads
	}
	return primOther
}

// readFSHP reads a shape and its LOD 0 indices; a failure is kept in
// rawShape.err.
func (d *decoder) readFSHP(off int64) rawShape {
	var rs rawShape
	if !d.magicAt(off, "FSHP") {
		rs.err = d.errf(off, "not an FSHP")
		return rs
	}
	f, err := d.structAt(off, 0x2C, "FSHP")
	if err != nil {
		rs.err = err
		return rs
	}
	rs.name = f.name(4)
	rs.material = int(f.u16(0x0E))
	rs.bone = int(f.u16(0x10))
	rs.vertices = int(f.u16(0x12))
	rs.skin = int(f.u8(0x16))
	nMesh := f.u8(0x17)
	meshArr := f.ref(0x24)
	if f.err != nil {
		rs.err = f.err
		return rs
	}
	if nMesh == 0 {
		return rs // nothing to draw
	}
	mf, err := d.structAt(meshArr, 0x1C, "FSHP mesh")
	if err != nil {
		rs.err = err
		return rs
	}
	prim, ifmt, count := mf.u32(0), mf.u32(4), mf.u32(8)
	nSub, subArr, buf := int64(mf.u16(0x0C)), mf.ref(0x10), mf.ref(0x14)
	rs.base = mf.u32(0x18)
	if mf.err != nil {
		rs.err = mf.err
		return rs
	}
	rs.prim = gx2Primitive(prim)
	var order binary.ByteOrder = binary.BigEndian
	size := 2
	switch ifmt {
	case 4: // u16 big-endian
	case 9:
		size = 4
	case 0:
		order = binary.LittleEndian
	case 1:
		size, order = 4, binary.LittleEndian
	default:
		rs.err = fmt.Errorf("index format %d not supported", ifmt)
		return rs
	}
	rs.restart = uint32(1)<<(8*size) - 1
	bf, err := d.structAt(buf, 0x18, "index buffer")
	if err != nil {
		rs.err = err
		return rs
	}
	bsize, data := bf.u32(4), bf.ref(0x14)
	if bf.err != nil {
		rs.err = bf.err
		return rs
	}
	idx, err := d.bufferBytes(data, int64(bsize), "index buffer")
	if err != nil {
		rs.err = err
		return rs
	}
	subs, err := d.subMeshes(subArr, nSub, count)
	if err != nil {
		rs.err = err
		return rs
	}
	rs.indices, rs.err = subMeshIndices(idx, subs, size, order, nSub > 0)
	return rs
}

// subMeshes reads n sub-meshes (u32 byte offset, u32 count) at off; with
// none, the one range is the mesh's count indices.
func (d *decoder) subMeshes(off, n int64, count uint32) ([][2]int64, error) {
	if n == 0 {
		return [][2]int64{{0, int64(count)}}, nil
	}
	sf, err := d.structAt(off, 8*n, "sub-meshes")
	if err != nil {
		return nil, err
	}
	subs := make([][2]int64, n)
	for i := range subs {
		subs[i] = [2]int64{int64(sf.u32(8 * int64(i))), int64(sf.u32(8*int64(i) + 4))}
	}
	return subs, sf.err
}

// subMeshIndices concatenates the sub-meshes' indices: (byte offset,
// count) ranges of the index buffer; with bytes false the one range is
// (0, index count).
func subMeshIndices(idx []byte, subs [][2]int64, size int, order binary.ByteOrder, bytes bool) ([]uint32, error) {
	var out []uint32
	total := int64(0)
	for i, s := range subs {
		// Sub-meshes partition the buffer: together they hold no more
		// indices than it does (overlapping ones would multiply it).
		if total += s[1]; s[1] < 0 || total > int64(len(idx)/size) {
			return nil, fmt.Errorf("sub-mesh %d: the sub-meshes hold more indices than the %d-byte index buffer", i, len(idx))
		}
		start, end := s[0], s[0]+s[1]*int64(size)
		if !bytes {
			start, end = 0, s[1]*int64(size)
		}
		if start < 0 || end > int64(len(idx)) || start%int64(size) != 0 {
			return nil, fmt.Errorf("sub-mesh %d: %d indices at byte %d run past the %d-byte index buffer", i, s[1], s[0], len(idx))
		}
		out = append(out, readIndices(idx[start:end], size, order)...)
	}
	return out, nil
}
