package bfres

import (
	"encoding/binary"
	"fmt"

	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/animscope/animscope/mesh"
)

// Switch FMDL geometry and materials (MESH-FACTS C.1–C.3). Vertex and
// index data live in the GPU blob the header's buffer info names; FVTX,
// FSHP and FMAT strides and field offsets depend on the version (before
// v9 | from v9). The geometry is turned into a mesh exactly as on the Wii
// U (fmdl_model.go).

// nxModelLayout are the version's struct sizes and field offsets.
type nxModelLayout struct {
	fvtxSize, fshpSize, fmatSize int64
	// FMDL
	vtxArr, shapeArr, matArr int64
	// FVTX
	vAttrArr, vSizeArr, vStrideArr, vBufOff, vAttrCount, vBufCount, vCount int64
	// FSHP
	sName, sMeshArr, sMaterial, sBone, sVertex, sSkin, sMeshCount int64
	// FMAT
	mName, mRenderInfo, mShaderAssign, mTexNames, mSamplers, mSamplerDict, mRICount, mSamplerCount, mTexCount int64
}

// nxModelLayoutFor gives each field its offset before v9 (a) or from
// v9 (b).
func nxModelLayoutFor(v9 bool) nxModelLayout {
	p := func(a, b int64) int64 {
		if v9 {
			return b
		}
		return a
	}
	return nxModelLayout{fvtxSize: p(0x60, 0x58), fshpSize: p(0x70, 0x60), fmatSize: p(0xB8, 0xA8),
		vtxArr: p(0x28, 0x20), shapeArr: p(0x30, 0x28), matArr: p(0x40, 0x38),
		vAttrArr: p(0x10, 0x08), vSizeArr: p(0x38, 0x30), vStrideArr: p(0x40, 0x38), vBufOff: p(0x50, 0x48),
		vAttrCount: p(0x54, 0x4C), vBufCount: p(0x55, 0x4D), vCount: p(0x58, 0x50),
		sName: p(0x10, 0x08), sMeshArr: p(0x20, 0x18), sMaterial: p(0x5E, 0x52), sBone: p(0x60, 0x54),
		sVertex: p(0x62, 0x56), sSkin: p(0x66, 0x5A), sMeshCount: p(0x67, 0x5B),
		mName: p(0x10, 0x08), mRenderInfo: p(0x18, 0x10), mShaderAssign: p(0x28, 0x20), mTexNames: p(0x38, 0x30),
		mSamplers: p(0x48, 0x40), mSamplerDict: p(0x50, 0x48), mRICount: p(0xA6, 0x9A), mSamplerCount: p(0xA8, 0x9C),
		mTexCount: p(0xA9, 0x9D)}
}

// nxExternalGPU is the v10 external-flags bit of files whose GPU data
// lives in another file (Tears of the Kingdom).
const nxExternalGPU = 1 << 3

// nxReadGPUBlob finds the GPU data the buffer info (header field at
// bufferInfo) points at: u32, u32 size, u64 offset. A file without one
// has no geometry; a bad one leaves d.gpuErr for the models to report.
func (d *decoder) readGPUBlob(bufferInfo int64, external uint8) {
	if d.lay.major >= 10 && external&nxExternalGPU != 0 {
		d.gpuErr = bin.Unsupportedf(formatName, "the GPU data of this FRES %d file is in an external file (not supported yet)", d.lay.major)
		return
	}
	v, err := d.pointer(bufferInfo, "buffer info")
	if err != nil {
		d.gpuErr = err
		return
	}
	if v == 0 {
		d.gpuErr = fmt.Errorf("the file has no GPU buffer info")
		return
	}
	if v+16 > uint64(d.r.Len()) {
		d.gpuErr = d.errf(bufferInfo, "buffer info at 0x%x is outside the file", v)
		return
	}
	size, _ := d.r.U32(int64(v) + 4)
	off, err := d.pointer(int64(v)+8, "buffer info")
	if err != nil {
		d.gpuErr = err
		return
	}
	if err := d.beforeRelocTable(int64(off), int64(size), "GPU data"); err != nil {
		d.gpuErr = err
		return
	}
	b, err := d.r.Bytes(int64(off), int64(size))
	if err != nil || off == 0 {
		d.gpuErr = d.errf(int64(v), "GPU data (%d bytes at 0x%x) runs past the end of the file (0x%x)", size, off, d.r.Len())
		return
	}
	d.gpu = b
}

func (d *decoder) nxModelLayout() nxModelLayout { return nxModelLayoutFor((d.lay.major >= 9)) }

// nxReadMesh reads a Switch FMDL's vertex buffers, shapes and materials.
// Failures are problems of the model; the file opens.
func (d *decoder) nxReadMesh(m *Model, off int64) *rawModel {
	r := &rawModel{order: binary.LittleEndian}
	if m.NumShapes == 0 {
		return r
	}
	if d.gpuErr != nil || d.gpu == nil {
		err := d.gpuErr
		if err == nil {
			err = fmt.Errorf("the file has no GPU data")
		}
		r.problem("%v; its %d shapes are not drawn", err, m.NumShapes)
		return r
	}
	l := d.nxModelLayout()
	soft := func(o int64) int64 {
		v, err := d.pointer(off+o, "FMDL")
		if err != nil || v >= uint64(d.r.Len()) {
			return -1
		}
		return int64(v)
	}
	vtxArr, shapeArr, matArr := soft(l.vtxArr), soft(l.shapeArr), soft(l.matArr)
	nv, ns, nm := int64(m.NumVtxBuffers), int64(m.NumShapes), int64(m.NumMaterials)
	if nv > 0 && (vtxArr <= 0 || !d.r.In(vtxArr, nv*l.fvtxSize)) {
		r.problem("%d vertex buffers (FVTX) at 0x%x run past the end of the file; no shape is drawn", nv, vtxArr)
		nv = 0
	}
	for i := int64(0); i < nv; i++ {
		v, err := d.nxReadFVTX(vtxArr+i*l.fvtxSize, l)
		r.vertices = append(r.vertices, v)
		r.vtxErrs = append(r.vtxErrs, err)
	}
	if shapeArr <= 0 || !d.r.In(shapeArr, ns*l.fshpSize) {
		r.problem("%d shapes (FSHP) at 0x%x run past the end of the file", ns, shapeArr)
		ns = 0
	}
	for i := int64(0); i < ns; i++ {
		rs := d.nxReadFSHP(shapeArr+i*l.fshpSize, l)
		if rs.name == "" {
			rs.name = fmt.Sprintf("shape%d", i)
		}
		r.shapes = append(r.shapes, rs)
	}
	if d.lay.major >= 10 {
		if nm > 0 {
			r.problem("materials of FRES %d files are not read (not supported yet); drawn with defaults", d.lay.major)
		}
		for i := int64(0); i < nm; i++ {
			r.materials = append(r.materials, defaultMaterial(fmt.Sprintf("material%d", i)))
		}
		return r
	}
	if nm > 0 && (matArr <= 0 || !d.r.In(matArr, nm*l.fmatSize)) {
		r.problem("%d materials (FMAT) at 0x%x run past the end of the file", nm, matArr)
		nm = 0
	}
	for i := int64(0); i < nm; i++ {
		mat, err := d.nxReadFMAT(matArr+i*l.fmatSize, l)
		if err != nil {
			if mat.Name == "" {
				mat.Name = fmt.Sprintf("material%d", i)
			}
			r.problem("material %s: %v; drawn with defaults", mat.Name, err)
			mat = defaultMaterial(mat.Name)
		}
		r.materials = append(r.materials, mat)
	}
	return r
}

func (d *decoder) nxReadFVTX(off int64, l nxModelLayout) (*rawVertices, error) {
	if !d.magicAt(off, "FVTX") {
		return nil, d.errf(off, "not an FVTX")
	}
	f, err := d.structAt(off, l.fvtxSize, "FVTX")
	if err != nil {
		return nil, err
	}
	attrArr, sizeArr, strideArr := f.ref(l.vAttrArr), f.ref(l.vSizeArr), f.ref(l.vStrideArr)
	bufOff := int64(f.u32(l.vBufOff))
	nAttr, nBuf := int64(f.u8(l.vAttrCount)), int64(f.u8(l.vBufCount))
	count := f.u32(l.vCount)
	if f.err != nil {
		return nil, f.err
	}
	if count > maxVertices {
		return nil, d.errf(off+l.vCount, "FVTX: %d vertices is more than this reader takes (%d)", count, maxVertices)
	}
	v := &rawVertices{count: int(count)}
	if err := d.forEach(attrArr, nAttr, 0x10, "FVTX attributes", func(a *fields, p int64) {
		at := rawAttrib{name: a.name(p), code: a.u32(p + 8), offset: int64(a.u16(p + 0x0C)), buffer: int(a.u8(p + 0x0E))}
		at.format, at.ok = nxAttribFormat(at.code)
		v.attribs = append(v.attribs, at)
	}); err != nil {
		return nil, err
	}
	if nBuf > 0 {
		sz, err := d.structAt(sizeArr, 0x10*nBuf, "vertex buffer sizes")
		if err != nil {
			return nil, err
		}
		st, err := d.structAt(strideArr, 0x10*nBuf, "vertex buffer strides")
		if err != nil {
			return nil, err
		}
		// Buffers follow each other in the GPU data, each aligned to 8.
		pos := bufOff
		for i := int64(0); i < nBuf; i++ {
			size, stride := int64(sz.u32(0x10*i)), int64(st.u32(0x10*i))
			if sz.err != nil || st.err != nil {
				return nil, d.errf(sizeArr, "vertex buffer %d: size or stride unreadable", i)
			}
			if pos+size > int64(len(d.gpu)) {
				return nil, fmt.Errorf("vertex buffer %d (%d bytes at GPU offset 0x%x) runs past the %d-byte GPU data", i, size, pos, len(d.gpu))
			}
			if err := d.charge(pos, size, "vertex buffer"); err != nil {
				return nil, err
			}
			v.buffers = append(v.buffers, rawBuffer{data: d.gpu[pos : pos+size], stride: stride})
			pos = (pos + size + 7) &^ 7
		}
	}
	return v, nil
}

// nxPrimitive maps an nn::gfx primitive topology.
func nxPrimitive(p uint32) primitive {
	switch p {
	case 3:
		return primTriangles
	case 4:
		return primStrip
	}
	return primOther
}

func (d *decoder) nxReadFSHP(off int64, l nxModelLayout) rawShape {
	var rs rawShape
	if !d.magicAt(off, "FSHP") {
		rs.err = d.errf(off, "not an FSHP")
		return rs
	}
	f, err := d.structAt(off, l.fshpSize, "FSHP")
	if err != nil {
		rs.err = err
		return rs
	}
	rs.name = f.name(l.sName)
	meshArr := f.ref(l.sMeshArr)
	rs.material = int(f.u16(l.sMaterial))
	rs.bone = int(f.u16(l.sBone))
	rs.vertices = int(f.u16(l.sVertex))
	rs.skin = int(f.u8(l.sSkin))
	nMesh := f.u8(l.sMeshCount)
	if f.err != nil {
		rs.err = f.err
		return rs
	}
	if nMesh == 0 {
		return rs
	}
	mf, err := d.structAt(meshArr, 0x38, "FSHP mesh")
	if err != nil {
		rs.err = err
		return rs
	}
	subArr, sizeInfo := mf.ref(0), mf.ref(0x18)
	dataOff := int64(mf.u32(0x20))
	prim, ifmt, count := mf.u32(0x24), mf.u32(0x28), mf.u32(0x2C)
	rs.base = mf.u32(0x30)
	nSub := int64(mf.u16(0x34))
	if mf.err != nil {
		rs.err = mf.err
		return rs
	}
	rs.prim = nxPrimitive(prim)
	size := 0
	switch ifmt {
	case 0:
		size = 1
	case 1:
		size = 2
	case 2:
		size = 4
	default:
		rs.err = fmt.Errorf("index format %d not supported", ifmt)
		return rs
	}
	rs.restart = uint32(uint64(1)<<(8*size) - 1)
	bsize := int64(count) * int64(size)
	if sizeInfo != 0 {
		if v, err := d.r.U32(sizeInfo); err == nil {
			bsize = int64(v)
		}
	}
	if dataOff+bsize > int64(len(d.gpu)) {
		rs.err = fmt.Errorf("index buffer (%d bytes at GPU offset 0x%x) runs past the %d-byte GPU data", bsize, dataOff, len(d.gpu))
		return rs
	}
	if err := d.charge(dataOff, bsize, "index buffer"); err != nil {
		rs.err = err
		return rs
	}
	idx := d.gpu[dataOff : dataOff+bsize]
	subs, err := d.subMeshes(subArr, nSub, count)
	if err != nil {
		rs.err = err
		return rs
	}
	rs.indices, rs.err = subMeshIndices(idx, subs, size, binary.LittleEndian, nSub > 0)
	return rs
}

// nxSampler decodes an nn::gfx sampler info: u8 address U, V (0 repeat,
// 1 mirror, 2 clamp to edge, 3 clamp to border, 4 mirror-clamp), u16
// filter at 6 (mip bits 0–1, mag 2–3, min 4–5; 1 point, 2 linear).
func nxSampler(u, v uint8, filter uint16) mesh.Sampler {
	wraps := [5]mesh.Wrap{mesh.WrapRepeat, mesh.WrapMirror, mesh.WrapClamp, mesh.WrapClamp, mesh.WrapMirror}
	wrap := func(a uint8) mesh.Wrap { return wraps[min(int(a), 4)] }
	filters := [4]mesh.Filter{mesh.FilterLinear, mesh.FilterNearest, mesh.FilterLinear, mesh.FilterLinear}
	return mesh.Sampler{WrapS: wrap(u), WrapT: wrap(v), MagFilter: filters[filter>>2&3], MinFilter: filters[filter>>4&3], Mipmaps: filter&3 != 0}
}

func (d *decoder) nxReadFMAT(off int64, l nxModelLayout) (mesh.Material, error) {
	if !d.magicAt(off, "FMAT") {
		return mesh.Material{}, d.errf(off, "not an FMAT")
	}
	f, err := d.structAt(off, l.fmatSize, "FMAT")
	if err != nil {
		return mesh.Material{}, err
	}
	mat := defaultMaterial(f.name(l.mName))
	info := mat.Native.(*MaterialInfo)
	riArr, sassign := f.ref(l.mRenderInfo), f.ref(l.mShaderAssign)
	texArr, smpArr, smpDict := f.ref(l.mTexNames), f.ref(l.mSamplers), f.ref(l.mSamplerDict)
	nRI, nSmp, nTex := int64(f.u16(l.mRICount)), int64(f.u8(l.mSamplerCount)), int64(f.u8(l.mTexCount))
	if f.err != nil {
		return mat, f.err
	}
	texNames, err := d.names(texArr, nTex, "texture names")
	if err != nil {
		return mat, err
	}
	var samplers []mesh.Sampler
	if err := d.forEach(smpArr, nSmp, 0x20, "samplers", func(s *fields, o int64) {
		samplers = append(samplers, nxSampler(s.u8(o), s.u8(o+1), s.u16(o+6)))
	}); err != nil {
		return mat, err
	}
	if nSmp > 0 {
		if smpDict != 0 {
			dict, err := d.readDict(smpDict, smpArr, 0x20, "sampler dictionary")
			if err != nil {
				return mat, err
			}
			for _, e := range dict.Entries {
				info.Samplers = append(info.Samplers, e.Name)
			}
		}
	}
	for i := int64(0); i < nRI; i++ {
		ri, err := d.structAt(riArr+0x18*i, 0x18, "render info")
		if err != nil {
			return mat, err
		}
		key, data, n, typ := ri.name(0), ri.ref(8), int64(ri.u16(0x10)), ri.u8(0x12)
		if ri.err != nil {
			return mat, ri.err
		}
		vals, err := d.nxRenderInfoValues(data, n, typ)
		if err != nil {
			return mat, fmt.Errorf("render info %s: %w", key, err)
		}
		info.setRenderInfo(key, vals)
	}
	if sassign != 0 {
		if err := d.nxReadShaderAssign(sassign, info); err != nil {
			return mat, err
		}
	}
	return finishMaterial(mat, info, texNames, samplers), nil
}

func (d *decoder) nxRenderInfoValues(data, n int64, typ uint8) ([]string, error) {
	if n == 0 || data == 0 {
		return nil, nil
	}
	elem := int64(4)
	if typ == 2 {
		elem = 8
	}
	v, err := d.structAt(data, elem*n, "render info values")
	if err != nil {
		return nil, err
	}
	var out []string
	for i := int64(0); i < n; i++ {
		switch typ {
		case 0:
			out = append(out, fmt.Sprint(v.s32(4*i)))
		case 1:
			out = append(out, fmt.Sprint(v.f32(4*i)))
		default:
			out = append(out, v.name(8*i))
		}
	}
	return out, v.err
}

// nxReadShaderAssign reads the archive and model names and the
// sampler-assign and option tables (u64 string values, keys in a _DIC).
func (d *decoder) nxReadShaderAssign(off int64, info *MaterialInfo) error {
	f, err := d.structAt(off, 0x48, "shader assign")
	if err != nil {
		return err
	}
	info.ShaderArchive, info.ShadingModel = f.name(0), f.name(8)
	sVals, sDict, oVals, oDict := f.ref(0x20), f.ref(0x28), f.ref(0x30), f.ref(0x38)
	if f.err != nil {
		return f.err
	}
	table := func(vals, dict int64, what string) (map[string]string, error) {
		if dict == 0 {
			return nil, nil
		}
		t, err := d.readDict(dict, vals, 8, what)
		if err != nil {
			return nil, err
		}
		out := map[string]string{}
		for _, e := range t.Entries {
			vf, err := d.structAt(e.DataOffset, 8, what)
			if err != nil {
				return nil, err
			}
			out[e.Name] = vf.name(0)
			if vf.err != nil {
				return nil, vf.err
			}
		}
		return out, nil
	}
	if info.SamplerAssign, err = table(sVals, sDict, "sampler assign"); err != nil {
		return err
	}
	info.ShaderOptions, err = table(oVals, oDict, "shader options")
	return err
}
