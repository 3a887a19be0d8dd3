package bfres

import (
	"encoding/binary"
	"fmt"

	"github.com/animscope/animscope/formats/internal/bin"
)

// FMDL geometry (MESH-FACTS B.2, B.4, B.5; C.1–C.3): the FVTX array with
// each one's attributes and buffers, the shapes (a dictionary of FSHP on
// the Wii U, an array on the Switch) with their LOD meshes (mesh 0 is
// drawn), and the materials (fmdl_mat.go). Wii U vertex and index data
// lie in the file; Switch data in the GPU blob the header's buffer info
// names.

// readMesh reads the geometry and materials of FMDL m, whose header f
// holds. Nothing here fails the file: a part that cannot be read is a
// problem naming it, and the rest is read. A model without shapes has no
// mesh.
func (d *decoder) readMesh(m *Model, f *fields) *rawModel {
	r := &rawModel{order: d.r.Order}
	if m.NumShapes == 0 {
		return r
	}
	if d.nx() && (d.gpuErr != nil || d.gpu == nil) {
		err := d.gpuErr
		if err == nil {
			err = fmt.Errorf("the file has no GPU data")
		}
		r.problem("%v; its %d shapes are not drawn", err, m.NumShapes)
		return r
	}
	l := &d.lay.fmdl
	// The geometry's references are read without failing the model: a
	// bad one is a problem of its mesh, and the skeleton still opens.
	soft := func(fl field, what string) int64 {
		g := *f
		g.err, g.what = nil, "FMDL"
		if t := g.ref(fl.at); g.err == nil {
			return t
		}
		r.problem("the %s offset points outside the file; left out", what)
		return 0
	}
	list := "dictionary"
	if d.nx() {
		list = "array"
	}
	vtxArr := soft(l.vtxArr, "vertex buffer array")
	shapes, mats := soft(l.shapes, "shape "+list), soft(l.materials, "material "+list)
	n, size := int64(m.NumVtxBuffers), d.lay.fvtx.size
	if n > 0 && (vtxArr == 0 || !d.r.In(vtxArr, n*size)) {
		r.problem("%d vertex buffers (FVTX) at 0x%x run past the end of the file; no shape is drawn", n, vtxArr)
		n = 0
	}
	for i := int64(0); i < n; i++ {
		v, err := d.readFVTX(vtxArr + size*i)
		r.vertices = append(r.vertices, v)
		r.vtxErrs = append(r.vtxErrs, err)
	}
	for i, e := range d.meshEntries(r, shapes, int64(m.NumShapes), d.lay.fshp.size, "shape", "FSHP") {
		rs, err := d.readFSHP(e.DataOffset)
		rs.err = err
		rs.name = cmpOr(rs.name, cmpOr(e.Name, fmt.Sprintf("shape%d", i)))
		r.shapes = append(r.shapes, rs)
	}
	if nm := int64(m.NumMaterials); d.lay.major >= 10 {
		if nm > 0 {
			r.problem("materials of FRES %d files are not read (not supported yet); drawn with defaults", d.lay.major)
		}
		for i := int64(0); i < nm; i++ {
			r.materials = append(r.materials, defaultMaterial(fmt.Sprintf("material%d", i)))
		}
		return r
	}
	for i, e := range d.meshEntries(r, mats, int64(m.NumMaterials), d.lay.fmat.size, "material", "FMAT") {
		mat, err := d.readFMAT(e.DataOffset)
		if err != nil {
			name := cmpOr(e.Name, cmpOr(mat.Name, fmt.Sprintf("material%d", i)))
			r.problem("material %s: %v; drawn with defaults", name, err)
			mat = defaultMaterial(name)
		}
		r.materials = append(r.materials, mat)
	}
	return r
}

// meshEntries lists a model's shapes or materials (what, of kind magic):
// on the Wii U the dictionary at off, named by their keys; on the Switch
// the n structures of size bytes at off, unnamed. A list that cannot be
// read is a problem.
func (d *decoder) meshEntries(r *rawModel, off, n, size int64, what, magic string) []DictNode {
	if d.nx() {
		if n > 0 && (off == 0 || !d.r.In(off, n*size)) {
			r.problem("%d %ss (%s) at 0x%x run past the end of the file", n, what, magic, off)
			return nil
		}
		out := make([]DictNode, n)
		for i := range out {
			out[i].DataOffset = off + int64(i)*size
		}
		return out
	}
	if off == 0 {
		return nil
	}
	dict, err := d.readDict(off, 0, 0, what+"s dictionary")
	if err != nil {
		r.problem("%ss: %v", what, err)
		return nil
	}
	return dict.Entries
}

// readFVTX reads a vertex buffer set: its attributes and buffers.
func (d *decoder) readFVTX(off int64) (*rawVertices, error) {
	l := &d.lay.fvtx
	if !d.magicAt(off, "FVTX") {
		return nil, d.errf(off, "not an FVTX")
	}
	f, err := d.structAt(off, l.size, "FVTX")
	if err != nil {
		return nil, err
	}
	nAttr, nBuf := f.num(l.numAttribs), f.num(l.numBuffers)
	count := f.num(l.count)
	attrArr := f.refAt(l.attribs)
	bufArr, sizes, strides := f.refAt(l.buffers), f.refAt(l.sizes), f.refAt(l.strides)
	bufOff := f.num(l.bufferOffset)
	if f.err != nil {
		return nil, f.err
	}
	if count > maxVertices {
		return nil, d.errf(off+l.count.at, "FVTX: %d vertices is more than this reader takes (%d)", count, maxVertices)
	}
	v := &rawVertices{count: int(count)}
	if err := d.forEach(attrArr, nAttr, l.attribSize, "FVTX attributes", func(a *fields, p int64) {
		at := rawAttrib{name: a.name(p + l.attribName.at), buffer: int(a.u8(p + l.attribBuffer.at)),
			offset: int64(a.u16(p + l.attribOffset.at)), code: a.u32(p + l.attribFormat.at)}
		at.format, at.ok = d.lay.attribFormat(at.code)
		v.attribs = append(v.attribs, at)
	}); err != nil {
		return nil, err
	}
	if d.nx() {
		v.buffers, err = d.gpuVertexBuffers(sizes, strides, bufOff, nBuf)
	} else {
		v.buffers, err = d.vertexBuffers(bufArr, nBuf)
	}
	if err != nil {
		return nil, err
	}
	return v, nil
}

// vertexBuffers reads n Wii U buffer structures (0x18 bytes: u32 size,
// u16 stride, the data's reference).
func (d *decoder) vertexBuffers(off, n int64) ([]rawBuffer, error) {
	var out []rawBuffer
	var bufErr error
	if err := d.forEach(off, n, 0x18, "FVTX buffers", func(b *fields, p int64) {
		size, stride, data := b.u32(p+4), b.u16(p+0x0C), b.ref(p+0x14)
		bytes, err := d.bufferBytes(data, int64(size), fmt.Sprintf("vertex buffer %d", p/0x18))
		if b.err == nil && bufErr == nil && err != nil {
			bufErr = err
		}
		out = append(out, rawBuffer{data: bytes, stride: int64(stride)})
	}); err != nil {
		return nil, err
	}
	return out, bufErr
}

// gpuVertexBuffers reads n Switch buffers: sizes and strides from their
// arrays (0x10 bytes an entry), data following each other in the GPU
// blob from bufOff, each aligned to 8.
func (d *decoder) gpuVertexBuffers(sizes, strides, bufOff, n int64) ([]rawBuffer, error) {
	if n == 0 {
		return nil, nil
	}
	sz, err := d.structAt(sizes, 0x10*n, "vertex buffer sizes")
	if err != nil {
		return nil, err
	}
	st, err := d.structAt(strides, 0x10*n, "vertex buffer strides")
	if err != nil {
		return nil, err
	}
	var out []rawBuffer
	gpu := bin.LE(d.gpu)
	pos := bufOff
	for i := int64(0); i < n; i++ {
		size, stride := int64(sz.u32(0x10*i)), int64(st.u32(0x10*i))
		if sz.err != nil || st.err != nil {
			return nil, d.errf(sizes, "vertex buffer %d: size or stride unreadable", i)
		}
		data, err := gpu.Bytes(pos, size)
		if err != nil {
			return nil, fmt.Errorf("vertex buffer %d (%d bytes at GPU offset 0x%x) runs past the %d-byte GPU data", i, size, pos, len(d.gpu))
		}
		if err := d.charge(pos, size, "vertex buffer"); err != nil {
			return nil, err
		}
		out = append(out, rawBuffer{data: data, stride: stride})
		pos = (pos + size + 7) &^ 7
	}
	return out, nil
}

// bufferBytes returns size bytes of Wii U buffer data at off, charged
// against the decoding budget (a buffer shared by many owners is decoded
// once each).
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

// The consoles' primitive types (GX2, nn::gfx primitive topologies;
// those not listed are primOther) and index formats (GX2: u16 or u32,
// big- or little-endian; nn::gfx: u8, u16 or u32).
var (
	gx2Primitives = map[uint32]primitive{4: primTriangles, 5: primFan, 6: primStrip, 0x11: primRects, 0x13: primQuads}
	nxPrimitives  = map[uint32]primitive{3: primTriangles, 4: primStrip}

	gx2IndexFormats = map[uint32]indexFormat{4: {2, binary.BigEndian}, 9: {4, binary.BigEndian},
		0: {2, binary.LittleEndian}, 1: {4, binary.LittleEndian}}
	nxIndexFormats = map[uint32]indexFormat{0: {1, binary.LittleEndian}, 1: {2, binary.LittleEndian}, 2: {4, binary.LittleEndian}}
)

// indexFormat is the size and byte order of an index.
type indexFormat struct {
	size  int
	order binary.ByteOrder
}

// readFSHP reads a shape and its LOD 0 indices; on failure, what was
// read of the shape comes with the error.
func (d *decoder) readFSHP(off int64) (rawShape, error) {
	l := &d.lay.fshp
	var rs rawShape
	if !d.magicAt(off, "FSHP") {
		return rs, d.errf(off, "not an FSHP")
	}
	f, err := d.structAt(off, l.size, "FSHP")
	if err != nil {
		return rs, err
	}
	rs.name = f.nameAt(l.name)
	rs.material = int(f.num(l.material))
	rs.bone = int(f.num(l.bone))
	rs.vertices = int(f.num(l.vertices))
	rs.skin = int(f.num(l.skin))
	nMesh := f.num(l.numMeshes)
	meshArr := f.refAt(l.meshes)
	if f.err != nil {
		return rs, f.err
	}
	if nMesh == 0 {
		return rs, nil // nothing to draw
	}
	mf, err := d.structAt(meshArr, l.meshSize, "FSHP mesh")
	if err != nil {
		return rs, err
	}
	prim, ifmt, count := uint32(mf.num(l.prim)), uint32(mf.num(l.indexFormat)), uint32(mf.num(l.count))
	nSub, subArr := mf.num(l.numSubs), mf.refAt(l.subs)
	rs.base = uint32(mf.num(l.base))
	buf, sizeInfo, dataOff := mf.refAt(l.buffer), mf.refAt(l.sizeInfo), mf.num(l.dataOffset)
	if mf.err != nil {
		return rs, mf.err
	}
	rs.prim = d.lay.primitives[prim]
	ix, ok := d.lay.indexFormats[ifmt]
	size, order := ix.size, ix.order
	if !ok {
		return rs, fmt.Errorf("index format %d not supported", ifmt)
	}
	rs.restart = uint32(uint64(1)<<(8*size) - 1)
	var idx []byte
	if d.nx() {
		idx, err = d.gpuIndexBuffer(sizeInfo, dataOff, int64(count)*int64(size))
	} else {
		idx, err = d.indexBuffer(buf)
	}
	if err != nil {
		return rs, err
	}
	subs, err := d.subMeshes(subArr, nSub, count)
	if err != nil {
		return rs, err
	}
	rs.indices, err = subMeshIndices(idx, subs, size, order, nSub > 0)
	return rs, err
}

// indexBuffer reads a Wii U index buffer structure (0x18 bytes: u32
// size, the data's reference) and its data.
func (d *decoder) indexBuffer(off int64) ([]byte, error) {
	bf, err := d.structAt(off, 0x18, "index buffer")
	if err != nil {
		return nil, err
	}
	size, data := bf.u32(4), bf.ref(0x14)
	if bf.err != nil {
		return nil, bf.err
	}
	return d.bufferBytes(data, int64(size), "index buffer")
}

// gpuIndexBuffer returns a Switch mesh's index data: size bytes (the
// size info's, when there is one) at GPU offset off.
func (d *decoder) gpuIndexBuffer(sizeInfo, off, size int64) ([]byte, error) {
	if sizeInfo != 0 {
		if v, err := d.r.U32(sizeInfo); err == nil {
			size = int64(v)
		}
	}
	b, err := bin.LE(d.gpu).Bytes(off, size)
	if err != nil {
		return nil, fmt.Errorf("index buffer (%d bytes at GPU offset 0x%x) runs past the %d-byte GPU data", size, off, len(d.gpu))
	}
	if err := d.charge(off, size, "index buffer"); err != nil {
		return nil, err
	}
	return b, nil
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
