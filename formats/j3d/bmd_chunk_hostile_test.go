package j3d_test

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/texture"
	"github.com/animscope/animscope/formats/texture/texturetest"
	"github.com/animscope/animscope/mesh"
	"github.com/go-gl/mathgl/mgl64"
)

// patched is chunk c (as written, 8-byte header included) with the u32
// or u16 at chunk offset at set to v.
func patched32(c be, at int, v uint32) be {
	out := append(be{}, c...)
	binary.BigEndian.PutUint32(out[at:], v)
	return out
}

func patched16(c be, at int, v uint16) be {
	out := append(be{}, c...)
	binary.BigEndian.PutUint16(out[at:], v)
	return out
}

// u32At reads the u32 at chunk offset at.
func u32At(c be, at int) int { return int(binary.BigEndian.Uint32(c[at:])) }

// tex1Of writes a TEX1 chunk of textures given as (header, data): each
// header's data and palette offsets are set here (the palette, when
// given, first).
func tex1Of(names []string, hdrs []texture.ResTIMG, pals, datas []be) be {
	n := len(hdrs)
	const first = 0x20
	blob := first + n*0x20
	var tail be
	for i := range hdrs {
		here := first + i*0x20
		if pals[i] != nil {
			hdrs[i].PaletteOffset = uint32(blob + len(tail) - here)
			tail = append(tail, pals[i]...).pad(32)
		}
		hdrs[i].DataOffset = uint32(blob + len(tail) - here)
		tail = append(tail, datas[i]...).pad(32)
	}
	nameOff := blob + len(tail)
	body := be{}.u16(uint16(n)).u16(0xFFFF).u32(first).u32(uint32(nameOff)).pad(0x18)
	for i := range hdrs {
		body = append(body, texturetest.ResTIMG(&hdrs[i])...)
	}
	body = append(body, tail...)
	names_ := be{}.u16(uint16(n)).u16(0xFFFF)
	strs := be{}
	for _, s := range names {
		names_ = names_.u16(0).u16(uint16(4 + 4*n + len(strs)))
		strs = append(append(strs, s...), 0)
	}
	body = append(body, append(names_, strs...)...)
	return chunk("TEX1", body.pad(4))
}

// openHostile opens a one-joint, two-shape model made of chunks as name:
// it must open with its skeleton and model, list a one-line problem that
// names the model and holds want, and pose.
func openHostile(t *testing.T, name, want string, chunks ...be) *mesh.Model {
	t.Helper()
	a, err := formats.Open(name, meshModel(1, 2, chunks...))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Skeletons) != 1 || len(a.Models) != 1 {
		t.Fatalf("%d skeletons %d models", len(a.Skeletons), len(a.Models))
	}
	m := a.Models[0]
	found := false
	for _, p := range m.Problems {
		if strings.Contains(p, "\n") {
			t.Errorf("multi-line problem %q", p)
		}
		found = found || strings.Contains(p, want) && strings.HasPrefix(p, "model "+name+": ")
	}
	if !found {
		t.Errorf("problems %q lack %q", m.Problems, want)
	}
	var pose mesh.Pose
	m.PoseInto(&pose, []mgl64.Mat4{mgl64.Ident4()})
	return m
}

// Hostile input in each mesh chunk: one problem line naming the model
// and the part, the rest of the model opens (its skeleton, and shape 0
// when only something else is broken).
func TestMeshHostileChunks(t *testing.T) {
	pos := f32s(0, 0, 0, 0, 1, 0, 1, 0, 0)
	vtx := vtx1Chunk([]vtxArray{{attr: 9, cnt: 1, typ: 4, data: pos}})
	good := shapeSpec{desc: [][2]uint32{{9, 2}}, groups: []groupSpec{{table: []uint16{0}, dl: dl(byte(0x90), []be{{0}, {1}, {2}})}}}
	goodSHP := shp1Chunk([]shapeSpec{good, good})
	mats := mat3Chunk(2)
	// The second shape's draw and init entries (the chunk's draw table
	// at 0x28, init table at 0x24; one group per shape).
	drawTable, initTable := u32At(goodSHP, 0x28), u32At(goodSHP, 0x24)
	env := evp1Chunk([]envSpec{{joints: []uint16{0}, weights: []float32{1}}}, [][12]float32{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0}})
	envDRW := drw1Chunk([]uint8{0, 1, 1}, []uint16{0, 0, 0})
	envShape := shapeSpec{desc: [][2]uint32{{9, 2}}, groups: []groupSpec{{use: 1, table: []uint16{1}, dl: dl(byte(0x90), []be{{0}, {1}, {2}})}}}

	// A C4 texture whose texel (1, 0) uses index 5 of a 2-entry palette,
	// and an I8 one whose image data lies past the chunk.
	c4 := texture.ResTIMG{Format: texture.GXC4, Width: 8, Height: 8, PaletteEnabled: true, PaletteFormat: texture.GXPaletteRGB565, PaletteCount: 2, ImageCount: 1}
	c4data := make(be, 32)
	c4data[0] = 0x05
	i8 := texture.ResTIMG{Format: texture.GXI8, Width: 8, Height: 4, ImageCount: 1}
	badTex := tex1Of([]string{"eye", "far"}, []texture.ResTIMG{c4, i8}, []be{be{}.u16(0xF800).u16(0x07E0), nil}, []be{c4data, make(be, 32)})
	badTex = patched32(badTex, 0x20+0x20+0x1C, 0x7FFFFFF0) // "far": data offset past the chunk
	unknownFmt := patched16(tex1I8(), 0x20, 0x0700)        // "ramp": GX format 7 (unused)

	for _, c := range []struct {
		name     string
		chunks   []be
		want     string
		noShapes bool
	}{
		// VTX1
		{"VTX1 format list without its end", []be{chunk("VTX1", append(make(be, 0x38).u32(0x40).pad(0x38), be{}.u32(9).u32(1).u32(4).u32(0)...)), rigid0, goodSHP, mats},
			"VTX1 attribute format", true},
		{"VTX1 unknown component type", []be{vtx1Chunk([]vtxArray{{attr: 9, cnt: 1, typ: 9, data: pos}}), rigid0, goodSHP, mats},
			"VTX1 attribute POS: unknown component type 9", true},
		{"VTX1 array past the chunk end", []be{patched32(vtx, 0x0C, 0x7FFF0000), rigid0, goodSHP, mats},
			"VTX1 attribute POS data at 0x7fff0000 is past the chunk end", true},
		// EVP1
		{"EVP1 truncated", []be{vtx, chunk("EVP1", be{0, 1}), envDRW, shp1Chunk([]shapeSpec{good, envShape}), mats},
			"EVP1 chunk is 10 bytes, too short", false},
		{"EVP1 envelope count lies", []be{vtx, patched16(env, 0x08, 0xFFFF), envDRW, shp1Chunk([]shapeSpec{good, envShape}), mats},
			"EVP1 joint counts of 65535 envelopes", false},
		{"EVP1 influence counts lie", []be{vtx, patched32(env, 0x1C, 0xFF000000), envDRW, shp1Chunk([]shapeSpec{good, envShape}), mats},
			"influences run past the chunk end", false},
		// DRW1
		{"DRW1 count lies", []be{vtx, patched16(rigid0, 0x08, 0xFFFF), goodSHP, mats}, "DRW1 tables of 65535 entries", true},
		{"DRW1 joint past the skeleton", []be{vtx, drw1Chunk([]uint8{0, 0}, []uint16{0, 9}), shp1Chunk([]shapeSpec{good, envShape}), mats},
			"DRW1 entry 1 names joint 9; the skeleton has 1", false},
		{"EVP1 inverse binds short", []be{vtx, evp1Chunk([]envSpec{{joints: []uint16{0}, weights: []float32{1}}}, nil), envDRW, shp1Chunk([]shapeSpec{good, envShape}), mats},
			"EVP1 has 0 inverse bind matrices, an envelope names joint 0; rebuilt from the rest pose", false},
		{"DRW1 truncated", []be{vtx, chunk("DRW1", be{0, 1, 0, 0}), goodSHP, mats}, "DRW1 chunk is 12 bytes", true},
		// SHP1
		{"SHP1 unknown matrix type", []be{vtx, rigid0, shp1Chunk([]shapeSpec{good, {mtxType: 7, desc: good.desc, groups: good.groups}}), mats},
			"shape shape1: unknown matrix type 7; not drawn", false},
		{"SHP1 display list past the chunk end", []be{vtx, rigid0, patched32(goodSHP, drawTable+8, 0x100000), mats},
			"shape shape1: matrix group 0: display list of 1048576 bytes", false},
		{"SHP1 matrix table past the chunk end", []be{vtx, rigid0, patched16(goodSHP, initTable+8+2, 0xFFFF), mats},
			"shape shape1: matrix group 0: matrix table of 65535 entries", false},
		{"SHP1 group count lies", []be{vtx, rigid0, patched16(goodSHP, u32At(goodSHP, 0x0C)+0x28+2, 0xFFFF), mats},
			"shape shape1: matrix group", false},
		// MAT3
		{"MAT3 truncated", []be{vtx, rigid0, goodSHP, chunk("MAT3", be{0, 2})}, "MAT3 chunk is 10 bytes, too short", false},
		{"MAT3 colour index past its table", []be{vtx, rigid0, goodSHP, func() be {
			m := matChunkOne(mat3Spec)
			binary.BigEndian.PutUint16(m[u32At(m, 0x0C)+0x08:], 50)
			return m
		}()}, `material "skin": material colour 50 is past the chunk end`, false},
		{"MAT3 entry past the chunk end", []be{vtx, rigid0, goodSHP, patched32(mats, 0x0C, 0x7FFF0000)}, `material "m0": data entry 0 past the MAT3 chunk end`, false},
		// TEX1
		{"TEX1 count lies", []be{vtx, rigid0, goodSHP, mats, patched16(tex1I8(), 0x08, 0xFFFF)}, "TEX1 headers of 65535 textures", false},
		{"TEX1 image data past the chunk", []be{vtx, rigid0, goodSHP, mats, badTex}, `TEX1 texture 1: texture "far": offset 0x1c: image data`, false},
		{"TEX1 unknown format", []be{vtx, rigid0, goodSHP, mats, unknownFmt}, `TEX1 texture 0: texture "ramp": offset 0x0: unknown GX texture format 7`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := openHostile(t, "h.bmd", c.want, c.chunks...)
			for _, p := range m.Problems {
				// Without materials every shape draws with the default one.
				if c.name == "MAT3 truncated" && strings.Contains(p, "does not exist") {
					t.Errorf("problem %q", p)
				}
			}
			switch {
			case c.noShapes && len(m.Shapes) != 0:
				t.Errorf("%d shapes from a model whose %s is broken", len(m.Shapes), c.name[:4])
			case !c.noShapes && (len(m.Shapes) != 2 || len(m.Shapes[0].Triangles) != 3):
				t.Errorf("shape 0 lost: %d shapes", len(m.Shapes))
			}
		})
	}

	// A palette index past the palette: the texture opens, its decode
	// names the texel and the palette size (textures and the viewer list
	// it and go on).
	a, err := formats.Open("h.bmd", meshModel(1, 2, vtx, rigid0, goodSHP, mats, badTex))
	if err != nil {
		t.Fatal(err)
	}
	texs := a.Models[0].Textures
	if len(texs) != 1 || texs[0].Name != "eye" {
		t.Fatalf("textures %v", texs)
	}
	if _, err := texs[0].Decode(0); err == nil || !strings.Contains(err.Error(), `texture "eye"`) ||
		!strings.Contains(err.Error(), "texel (1, 0) uses palette index 5; the palette has 2 entries") {
		t.Errorf("decode: %v", err)
	}
}
