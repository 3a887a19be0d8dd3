package j3d_test

import (
	"fmt"
	"math"

	"github.com/animscope/animscope/formats/j3d"
)

// A small writer of the BMD mesh chunks for the tests: each chunk's
// offsets are relative to the chunk start, 8 bytes before its body.

type vtxArray struct {
	attr, cnt, typ uint32
	shift          uint8
	data           be
}

// vtx1Slot is the position of an attribute's array offset in VTX1.
func vtx1Slot(attr uint32) int {
	switch {
	case attr == 9:
		return 0
	case attr == 10:
		return 1
	case attr == 25:
		return 2
	case attr == 11 || attr == 12:
		return int(attr) - 8
	}
	return int(attr) - 13 + 5
}

func vtx1Chunk(arrays []vtxArray) be {
	const fmtOff = 0x40
	var offs [13]uint32
	list := be{}
	for _, a := range arrays {
		list = list.u32(a.attr).u32(a.cnt).u32(a.typ).append(a.shift, 0xFF, 0xFF, 0xFF)
	}
	list = list.u32(0xFF).u32(0).u32(0).u32(0).pad(32)
	data := be{}
	for _, a := range arrays {
		offs[vtx1Slot(a.attr)] = uint32(fmtOff + len(list) + len(data))
		data = append(data, a.data...).pad(32)
	}
	body := be{}.u32(fmtOff)
	for _, o := range offs {
		body = body.u32(o)
	}
	body = append(append(body, list...), data...)
	return chunk("VTX1", body)
}

type envSpec struct {
	joints  []uint16
	weights []float32
}

// evp1Chunk writes envelopes and one inverse-bind matrix (3×4, row by
// row) per joint.
func evp1Chunk(envs []envSpec, invBind [][12]float32) be {
	counts, idx, w := be{}, be{}, be{}
	for _, e := range envs {
		counts = append(counts, byte(len(e.joints)))
		for k := range e.joints {
			idx = idx.u16(e.joints[k])
			w = w.f32(e.weights[k])
		}
	}
	counts, idx, w = counts.pad(4), idx.pad(4), w.pad(4)
	ib := be{}
	for _, m := range invBind {
		for _, v := range m {
			ib = ib.f32(v)
		}
	}
	base := 0x1C
	body := be{}.u16(uint16(len(envs))).u16(0xFFFF).
		u32(uint32(base)).u32(uint32(base + len(counts))).u32(uint32(base + len(counts) + len(idx))).
		u32(uint32(base + len(counts) + len(idx) + len(w)))
	return chunk("EVP1", append(append(append(append(body, counts...), idx...), w...), ib...))
}

func drw1Chunk(kinds []uint8, idx []uint16) be {
	k := append(be{}, kinds...).pad(2)
	body := be{}.u16(uint16(len(kinds))).u16(0xFFFF).u32(0x14).u32(uint32(0x14 + len(k)))
	body = append(body, k...)
	for _, i := range idx {
		body = body.u16(i)
	}
	return chunk("DRW1", body.pad(4))
}

type groupSpec struct {
	use   uint16
	table []uint16
	dl    be
}

type shapeSpec struct {
	mtxType uint8
	desc    [][2]uint32 // (attr, index type), as stored (any order)
	groups  []groupSpec
}

func shp1Chunk(shapes []shapeSpec) be {
	const hdr = 0x2C
	table := be{}
	descs, mtx, dls, inits, draws := be{}, be{}, be{}, be{}, be{}
	nInit := 0
	for _, s := range shapes {
		descOff := len(descs)
		for _, d := range s.desc {
			descs = descs.u32(d[0]).u32(d[1])
		}
		descs = descs.u32(0xFF).u32(0)
		table = append(table, s.mtxType, 0xFF).u16(uint16(len(s.groups))).u16(uint16(descOff)).u16(uint16(nInit)).u16(uint16(nInit)).u16(0xFFFF)
		table = table.f32(1).f32(0).f32(0).f32(0).f32(1).f32(1).f32(1)
		for _, g := range s.groups {
			inits = inits.u16(g.use).u16(uint16(len(g.table))).u32(uint32(len(mtx) / 2))
			for _, t := range g.table {
				mtx = mtx.u16(t)
			}
			dl := append(be{}, g.dl...).pad(32)
			draws = draws.u32(uint32(len(dl))).u32(uint32(len(dls)))
			dls = append(dls, dl...)
			nInit++
		}
	}
	remap := be{}
	for i := range shapes {
		remap = remap.u16(uint16(i))
	}
	remap = remap.pad(4)
	mtx = mtx.pad(4)
	off := hdr
	tOff := off
	off += len(table)
	rOff := off
	off += len(remap)
	dOff := off
	off += len(descs)
	mOff := off
	off += len(mtx)
	dlOff := (off + 31) &^ 31
	pad := dlOff - off
	off = dlOff + len(dls)
	iOff := off
	off += len(inits)
	drOff := off
	body := be{}.u16(uint16(len(shapes))).u16(0xFFFF).u32(uint32(tOff)).u32(uint32(rOff)).u32(0).
		u32(uint32(dOff)).u32(uint32(mOff)).u32(uint32(dlOff)).u32(uint32(iOff)).u32(uint32(drOff))
	body = append(body, table...)
	body = append(body, remap...)
	body = append(body, descs...)
	body = append(body, mtx...)
	body = append(body, make([]byte, pad)...)
	body = append(body, dls...)
	body = append(body, inits...)
	body = append(body, draws...)
	return chunk("SHP1", body.pad(4))
}

// mat3Chunk writes n materials named m0, m1, ... whose tables are all
// absent (every index 0xFFFF): they draw with the defaults.
func mat3Chunk(n int) be {
	const hdr = 0x84
	entries := be{}
	for i := 0; i < n; i++ {
		e := make(be, 0x14C)
		for k := range e {
			e[k] = 0xFF
		}
		e[0] = 1
		entries = append(entries, e...)
	}
	remap := be{}
	for i := 0; i < n; i++ {
		remap = remap.u16(uint16(i))
	}
	remap = remap.pad(4)
	names := be{}.u16(uint16(n)).u16(0xFFFF)
	strs := be{}
	for i := 0; i < n; i++ {
		names = names.u16(0).u16(uint16(4 + 4*n + len(strs)))
		strs = append(append(strs, fmt.Sprint("m", i)...), 0)
	}
	names = append(names, strs...).pad(4)
	body := be{}.u16(uint16(n)).u16(0xFFFF).u32(hdr).u32(uint32(hdr + len(entries))).u32(uint32(hdr + len(entries) + len(remap)))
	body = append(body, make([]byte, hdr-8-len(body))...)
	body = append(append(append(body, entries...), remap...), names...)
	return chunk("MAT3", body)
}

// meshModel writes a model of n chained joints (each 10 up the y axis
// from its parent) with the given chunks; shape i uses material i.
func meshModel(joints int, shapes int, chunks ...be) []byte {
	var js []specJoint
	for i := 0; i < joints; i++ {
		j := specJoint{name: fmt.Sprint("j", i), scale: [3]float32{1, 1, 1}}
		if i > 0 {
			j.trans = [3]float32{0, 10, 0}
		}
		js = append(js, j)
	}
	nodes := chainNodes(joints)
	nodes = nodes[:len(nodes)-1]
	for i := 0; i < shapes; i++ {
		nodes = append(nodes, [2]uint16{j3d.NodeMaterial, uint16(i)}, [2]uint16{j3d.NodeShape, uint16(i)})
	}
	nodes = append(nodes, [2]uint16{j3d.NodeEnd, 0})
	return encodeModel(modelSpec{joints: js, nodes: nodes, more: chunks})
}

// dl is a display list: primitives of (opcode, vertices).
func dl(prims ...any) be {
	out := be{}
	for i := 0; i+1 < len(prims); i += 2 {
		verts := prims[i+1].([]be)
		out = append(out, prims[i].(byte)).u16(uint16(len(verts)))
		for _, v := range verts {
			out = append(out, v...)
		}
	}
	return out
}

// s16s and f32s write arrays.
func s16s(v ...int16) be {
	b := be{}
	for _, x := range v {
		b = b.u16(uint16(x))
	}
	return b
}

func f32s(v ...float32) be {
	b := be{}
	for _, x := range v {
		b = b.f32(x)
	}
	return b
}

func nearF(a, b float32) bool { return math.Abs(float64(a-b)) <= 1e-6 }
