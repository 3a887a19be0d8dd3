package j3d_test

import (
	"reflect"
	"testing"

	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/mesh"
	"github.com/go-gl/mathgl/mgl32"
)

// matLayoutSpec is where a material chunk writer puts things: header
// fields (chunk offsets of the tables) and entry fields. The two layouts
// are written out here from JSystem's J3DMaterialBlock /
// J3DMaterialInitData (MAT3) and their _v21 forms (MAT2) in zeldaret/tp.
type matLayoutSpec struct {
	id                                                   string
	header, entry                                        int
	names, cull, matColor, chanNum, chanInfo, texGenNum  int
	texGen, texTable, tevOrder, tevNum, alpha, blend, zm int
	eMatColor, eChan, eTexGen, eTexNo, eTevOrder         int
	eTevStage, eAlpha, eBlend                            int
}

var (
	mat3Spec = matLayoutSpec{id: "MAT3", header: 0x84, entry: 0x14C,
		names: 0x14, cull: 0x1C, matColor: 0x20, chanNum: 0x24, chanInfo: 0x28, texGenNum: 0x34, texGen: 0x38,
		texTable: 0x48, tevOrder: 0x4C, tevNum: 0x58, alpha: 0x6C, blend: 0x70, zm: 0x74,
		eMatColor: 0x08, eChan: 0x0C, eTexGen: 0x28, eTexNo: 0x84, eTevOrder: 0xBC, eTevStage: 0xE4, eAlpha: 0x146, eBlend: 0x148}
	mat2Spec = matLayoutSpec{id: "MAT2", header: 0x78, entry: 0x138,
		names: 0x14, cull: 0x18, matColor: 0x1C, chanNum: 0x20, chanInfo: 0x24, texGenNum: 0x28, texGen: 0x2C,
		texTable: 0x3C, tevOrder: 0x40, tevNum: 0x4C, alpha: 0x60, blend: 0x64, zm: 0x68,
		eMatColor: 0x08, eChan: 0x0C, eTexGen: 0x14, eTexNo: 0x70, eTevOrder: 0xA8, eTevStage: 0xD0, eAlpha: 0x132, eBlend: 0x134}
)

// matChunkOne writes one material "skin": cull front, material colour
// (200, 100, 50, 255) from the register, one texgen (TEX0, identity),
// one TEV stage sampling texture map 0 = TEX1 texture 1, alpha compare
// a ≥ 128, blend src-alpha / 1-src-alpha, depth test without writes.
func matChunkOne(l matLayoutSpec) be {
	c := make(be, l.header) // chunk offsets; the 8-byte chunk header is rewritten by chunk()
	put32 := func(at, v int) { c[at], c[at+1], c[at+2], c[at+3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v) }
	table := func(field int, data be) {
		put32(field, len(c))
		c = append(c, data.pad(4)...)
	}
	c[8], c[9], c[10], c[11] = 0, 1, 0xFF, 0xFF // one material
	e := make(be, l.entry)
	for i := range e {
		e[i] = 0xFF
	}
	e[0] = 4                                       // translucent draw list
	for _, i := range []int{1, 2, 3, 4, 5, 6, 7} { // cull, channel count, texgen count, stage count, z-comp, z mode, dither
		e[i] = 0
	}
	for _, f := range []int{l.eMatColor, l.eChan, l.eTexGen, l.eTexNo, l.eTevOrder, l.eAlpha, l.eBlend} {
		e[f], e[f+1] = 0, 0
	}
	table(0x0C, e)
	table(0x10, be{}.u16(0))
	table(l.names, be{}.u16(1).u16(0xFFFF).u16(0).u16(8).append([]byte("skin\x00")...))
	table(l.cull, be{}.u32(1))
	table(l.matColor, be{200, 100, 50, 255})
	table(l.chanNum, be{1})
	table(l.chanInfo, be{0, 0, 0, 0, 0, 0, 0xFF, 0xFF})
	table(l.texGenNum, be{1})
	table(l.texGen, be{1, 4, 60, 0xFF})
	table(l.texTable, be{}.u16(1))
	table(l.tevOrder, be{0, 0, 4, 0xFF})
	table(l.tevNum, be{1})
	table(l.alpha, be{6, 128, 0, 7, 0, 0xFF, 0xFF, 0xFF})
	table(l.blend, be{1, 4, 5, 0})
	table(l.zm, be{1, 3, 0, 0xFF})
	return chunk(l.id, c[8:])
}

// A J3D2bmd2 model's MAT2 materials are read as MAT3's: the same
// material from either layout, with the values written.
func TestMAT2Materials(t *testing.T) {
	pos := f32s(0, 0, 0, 0, 1, 0, 1, 0, 0)
	vtx := vtx1Chunk([]vtxArray{{attr: 9, cnt: 1, typ: 4, data: pos}})
	good := shapeSpec{desc: [][2]uint32{{9, 2}}, groups: []groupSpec{{table: []uint16{0}, dl: dl(byte(0x90), []be{{0}, {1}, {2}})}}}
	var got [2]mesh.Material
	for i, l := range []matLayoutSpec{mat3Spec, mat2Spec} {
		data := meshModel(1, 1, vtx, rigid0, shp1Chunk([]shapeSpec{good}), matChunkOne(l), tex1I8())
		if l.id == "MAT2" {
			copy(data[4:8], "bmd2")
		}
		m := openMesh(t, data)
		if len(m.Materials) != 1 {
			t.Fatalf("%s: %d materials", l.id, len(m.Materials))
		}
		mat := m.Materials[0]
		if mat.Name != "skin" || mat.Color != (mgl32.Vec4{200 / 255.0, 100 / 255.0, 50 / 255.0, 1}) || mat.Cull != mesh.CullFront ||
			len(mat.Textures) != 1 || mat.Textures[0].Name != "dots" || mat.Textures[0].Texture != 1 ||
			!mat.DepthTest || mat.DepthWrite || !mat.AlphaTest.Enabled || mat.Blend.Mode != mesh.Translucent ||
			mat.Blend.Src != mesh.FactorSrcAlpha || mat.Blend.Dst != mesh.FactorOneMinusSrcAlpha {
			t.Errorf("%s: %+v", l.id, mat)
		}
		if n := mat.Native.(*j3d.Material3); len(n.TexGens) != 1 || n.TexGens[0] != (j3d.TexGen{Type: 1, Source: 4, Matrix: 60}) || n.Alpha.RefA != 128 {
			t.Errorf("%s native: %+v", l.id, n)
		}
		mat.Native = nil
		got[i] = mat
	}
	if !reflect.DeepEqual(got[0], got[1]) {
		t.Errorf("MAT3 %+v\nMAT2 %+v", got[0], got[1])
	}
}
