package j3d_test

import (
	"testing"

	"github.com/animscope/animscope/mesh/gx"
)

// matChunkGX writes one MAT3 material "fx" with what the GX pipeline
// reads beyond the basics: two TEV stages (their 0x14-byte combiners),
// konst selections, a signed TEV colour past 255, a konst colour, swap
// modes and tables, a lit colour channel and an indirect entry, laid out
// as J3DMaterialBlock / J3DMaterialInitData / J3DIndInitData have them.
func matChunkGX() be {
	c := make(be, 0x84)
	put32 := func(at, v int) { c[at], c[at+1], c[at+2], c[at+3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v) }
	table := func(field int, data be) {
		put32(field, len(c))
		c = append(c, data.pad(4)...)
	}
	c[8], c[9], c[10], c[11] = 0, 1, 0xFF, 0xFF
	e := make(be, 0x14C)
	for i := range e {
		e[i] = 0xFF
	}
	e[0] = 1
	for _, i := range []int{1, 2, 3, 5, 6, 7} {
		e[i] = 0
	}
	e[4] = 0 // stage count index → 2
	idx := func(at, v int) { e[at], e[at+1] = byte(v>>8), byte(v) }
	idx(0x08, 0)                  // material colour 0
	idx(0x0C, 0)                  // colour channel C0
	idx(0x0E, 1)                  // A0
	idx(0x14, 0)                  // ambient 0
	idx(0x28, 0)                  // texgen 0
	idx(0x84, 0)                  // texture map 0 → table 0
	idx(0x94, 0)                  // konst 0
	e[0x9C], e[0x9D] = 0x0C, 0x06 // konst colour selections: K0, 1/4
	e[0xAC], e[0xAD] = 0x1C, 0x13 // konst alpha selections: K0.a, K3.r
	idx(0xBC, 0)                  // TEV order of stage 0
	idx(0xBE, 1)                  // and 1
	idx(0xDC+2, 0)                // TEV colour C1 = entry 0
	idx(0xE4, 0)                  // stage 0 combiner
	idx(0xE6, 1)                  // stage 1 combiner
	idx(0x104, 0)                 // swap mode of stage 0
	idx(0x106, 1)                 // and 1
	for k := 0; k < 4; k++ {
		idx(0x124+2*k, k) // swap tables 0..3
	}
	idx(0x146, 0)
	idx(0x148, 0)
	table(0x0C, e)
	table(0x10, be{}.u16(0))
	ind := make(be, 0x138)
	ind[0], ind[1] = 1, 1                                                 // enabled, one indirect stage
	ind[4], ind[5] = 0, 1                                                 // its texcoord 0, texture map 1
	copy(ind[0x14:], be{}.f32(0.5).f32(0).f32(0).f32(0).f32(0.25).f32(0)) // matrix 0
	ind[0x14+0x18] = 0xFF                                                 // scale exponent −1
	ind[0x68], ind[0x69] = 2, 3                                           // coordinate scale /4, /8
	copy(ind[0x78+0xC:], []byte{0, 0, 7, 1, 0, 0, 0, 0, 0})               // stage 1: indirect stage 0, bias stu, matrix 0
	table(0x18, ind)
	table(0x14, be{}.u16(1).u16(0xFFFF).u16(0).u16(8).append([]byte("fx\x00")...))
	table(0x1C, be{}.u32(2))
	table(0x20, be{10, 20, 30, 40})
	table(0x24, be{1})
	table(0x28, be{1, 0, 1, 2, 3, 0, 0xFF, 0xFF}.append(0, 1, 0, 0, 2, 1, 0xFF, 0xFF)) // C0 lit from the register (diffuse clamp, J3D attenuation 3: spot); A0 from the vertex
	table(0x2C, be{50, 60, 70, 80})
	table(0x34, be{1})
	table(0x38, be{1, 4, 60, 0xFF})
	table(0x48, be{}.u16(0))
	table(0x4C, be{0, 0, 4, 0xFF}.append(0, 1, 5, 0xFF))
	table(0x50, be{}.u16(300).u16(0xFFF6).u16(5).u16(255)) // (300, −10, 5, 255)
	table(0x54, be{11, 22, 33, 44})
	table(0x58, be{2})
	st0 := be{0xFF, 2, 8, 10, 15, 0, 1, 2, 1, 1, 7, 4, 5, 6, 1, 2, 3, 0, 2, 0xFF}
	st1 := be{0xFF, 15, 15, 15, 0, 12, 0, 0, 1, 0, 7, 7, 7, 0, 15, 0, 0, 1, 0, 0xFF}
	table(0x5C, append(st0, st1...))
	table(0x60, be{0, 1, 0xFF, 0xFF, 2, 3, 0xFF, 0xFF})
	table(0x64, be{0, 1, 2, 3, 3, 3, 3, 3, 2, 1, 0, 3, 0, 0, 0, 1})
	table(0x6C, be{4, 10, 3, 1, 200, 0xFF, 0xFF, 0xFF})
	table(0x70, be{2, 0, 0, 6})
	table(0x74, be{1, 5, 1, 0xFF})
	return chunk("MAT3", c[8:])
}

// TestMAT3GXState: the material's GX state is what the bytes say.
func TestMAT3GXState(t *testing.T) {
	pos := f32s(0, 0, 0, 0, 1, 0, 1, 0, 0)
	vtx := vtx1Chunk([]vtxArray{{attr: 9, cnt: 1, typ: 4, data: pos}})
	good := shapeSpec{desc: [][2]uint32{{9, 2}}, groups: []groupSpec{{table: []uint16{0}, dl: dl(byte(0x90), []be{{0}, {1}, {2}})}}}
	m := openMesh(t, meshModel(1, 1, vtx, rigid0, shp1Chunk([]shapeSpec{good}), matChunkGX(), tex1I8()))
	src, ok := m.Materials[0].Native.(interface{ GXMaterial() *gx.Material })
	if !ok {
		t.Fatalf("Native %T offers no GX state", m.Materials[0].Native)
	}
	g := src.GXMaterial()
	s := &g.Shader
	if s.NumStages != 2 || s.NumTexGens != 1 || s.NumChans != 1 || s.NumInd != 1 {
		t.Fatalf("counts: %d stages, %d texgens, %d channels, %d indirect", s.NumStages, s.NumTexGens, s.NumChans, s.NumInd)
	}
	want0 := gx.Stage{TexCoord: 0, TexMap: 0, Channel: 4,
		Color:     gx.Combiner{In: [4]uint8{2, 8, 10, 15}, Op: 0, Bias: 1, Scale: 2, Clamp: true, Reg: 1},
		Alpha:     gx.Combiner{In: [4]uint8{7, 4, 5, 6}, Op: 1, Bias: 2, Scale: 3, Clamp: false, Reg: 2},
		KColorSel: 0x0C, KAlphaSel: 0x1C, RasSwap: [4]uint8{0, 1, 2, 3}, TexSwap: [4]uint8{3, 3, 3, 3}}
	if s.Stages[0] != want0 {
		t.Errorf("stage 0\n%+v\nwant\n%+v", s.Stages[0], want0)
	}
	want1 := gx.Stage{TexCoord: 0, TexMap: 1, Channel: 5,
		Color:     gx.Combiner{In: [4]uint8{15, 15, 15, 0}, Op: 12, Clamp: true},
		Alpha:     gx.Combiner{In: [4]uint8{7, 7, 7, 0}, Op: 15, Clamp: true},
		KColorSel: 0x06, KAlphaSel: 0x13, RasSwap: [4]uint8{2, 1, 0, 3}, TexSwap: [4]uint8{0, 0, 0, 1},
		Ind: gx.IndTev{Stage: 0, Bias: 7, Matrix: 1}}
	if s.Stages[1] != want1 {
		t.Errorf("stage 1\n%+v\nwant\n%+v", s.Stages[1], want1)
	}
	if s.Ind[0] != (gx.IndStage{TexCoord: 0, TexMap: 1, ScaleS: 2, ScaleT: 3}) || g.IndMtx[0] != [2][3]float32{{0.25, 0, 0}, {0, 0.125, 0}} {
		t.Errorf("indirect stage %+v matrix %v", s.Ind[0], g.IndMtx[0])
	}
	if s.Chans[0] != (gx.Channel{Lighting: true, MatSrc: 0, AmbSrc: 0, LitMask: 1, DiffuseFn: 2, AttnFn: 1, Present: true}) ||
		s.Chans[1] != (gx.Channel{MatSrc: 1, AmbSrc: 1, DiffuseFn: 0, AttnFn: 2, Present: true}) {
		t.Errorf("channels %+v %+v", s.Chans[0], s.Chans[1])
	}
	if s.Alpha != (gx.AlphaCompare{CompA: 4, RefA: 10, Op: 3, CompB: 1, RefB: 200}) || g.Blend != (gx.Blend{Mode: 2, Logic: 6}) ||
		g.Z != (gx.ZMode{Enable: true, Func: 5, Write: true}) || g.Cull != 2 {
		t.Errorf("alpha %+v blend %+v z %+v cull %d", s.Alpha, g.Blend, g.Z, g.Cull)
	}
	v := &g.Values
	if v.TevColor[1] != [4]float32{300.0 / 255, -10.0 / 255, 5.0 / 255, 1} || v.Konst[0] != [4]float32{11.0 / 255, 22.0 / 255, 33.0 / 255, 44.0 / 255} ||
		v.MatColor[0] != [4]float32{10.0 / 255, 20.0 / 255, 30.0 / 255, 40.0 / 255} || v.AmbColor[0] != [4]float32{50.0 / 255, 60.0 / 255, 70.0 / 255, 80.0 / 255} {
		t.Errorf("values %+v", v)
	}
}
