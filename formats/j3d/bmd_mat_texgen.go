package j3d

import "github.com/animscope/animscope/formats/internal/bin"

// TexGen is a texture-coordinate generator: Source 4..11 is TEX0..7;
// Matrix 30+3n is texture matrix n, 60 identity.
type TexGen struct{ Type, Source, Matrix uint8 }

// TexMatrix is one MAT3 texture matrix entry (0x64 bytes).
type TexMatrix struct {
	Projection, Info uint8
	Center           [3]float32
	Scale            [2]float32
	Rotation         int16 // 0x8000 = 180°
	Translation      [2]float32
	EffectMatrix     [16]float32 // row by row
}

// readTexCoords reads the texture-coordinate block: the texgens (an
// index of none generates UV set k through the identity, as J3D's
// default texgen does), the texture matrices (10 slots, MAT2 8) and the
// TEX1 index of each texture map.
func (m *Material3) readTexCoords(r *mat3Reader) {
	l, c := r.l, r.c
	ngen := int(min(r.u8(l.texGenNum, int(r.field(3)), "texgen count"), 8))
	for k := 0; k < ngen; k++ {
		i := r.index(l.eTexGen + 2*int64(k))
		if i == noEntry {
			m.TexGens = append(m.TexGens, TexGen{Type: 1, Source: 4 + uint8(k), Matrix: 60})
			continue
		}
		if at, ok := r.entry(l.texGen, i, 4, "texgen"); ok {
			b, _ := c.Bytes(at, 4)
			m.TexGens = append(m.TexGens, TexGen{Type: b[0], Source: b[1], Matrix: b[2]})
		}
	}
	for k := 0; k < l.texMatrices; k++ {
		i := r.index(l.eTexMtx + 2*int64(k))
		if i == noEntry {
			continue
		}
		if at, ok := r.entry(l.texMtx, i, 0x64, "texture matrix"); ok {
			m.TexMatrices[k] = readTexMatrix(c, at)
		}
	}
	for k := 0; k < 8; k++ {
		i := r.index(l.eTexNo + 2*int64(k))
		if i == noEntry {
			continue
		}
		if at, ok := r.entry(l.texTable, i, 2, "texture table entry"); ok {
			t, _ := c.U16(at)
			m.Textures[k] = int(t)
		}
	}
}

// readPostTexGens reads the post-transform matrix id of each texgen
// (MAT3 only).
func (m *Material3) readPostTexGens(r *mat3Reader) {
	for k := range m.TexGens {
		if i := r.index(0x38 + 2*int64(k)); i != noEntry {
			if at, ok := r.entry(mat3PostTexGen, i, 4, "post texgen"); ok {
				m.PostTexGens[k], _ = r.c.U8(at + 2)
			}
		}
	}
}

func readTexMatrix(c bin.Reader, at int64) *TexMatrix {
	t := &TexMatrix{}
	t.Projection, _ = c.U8(at)
	t.Info, _ = c.U8(at + 1)
	for k := int64(0); k < 3; k++ {
		t.Center[k], _ = c.F32(at + 4 + 4*k)
	}
	t.Scale[0], _ = c.F32(at + 0x10)
	t.Scale[1], _ = c.F32(at + 0x14)
	t.Rotation, _ = c.S16(at + 0x18)
	t.Translation[0], _ = c.F32(at + 0x1C)
	t.Translation[1], _ = c.F32(at + 0x20)
	for k := int64(0); k < 16; k++ {
		t.EffectMatrix[k], _ = c.F32(at + 0x24 + 4*k)
	}
	return t
}
