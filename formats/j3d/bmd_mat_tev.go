package j3d

// TevStage is one TEV stage's order (texture coordinate, texture map,
// colour channel) and its 0x14-byte combiner entry as stored.
type TevStage struct {
	TexCoord, TexMap, Channel uint8
	Combiner                  [0x14]byte
}

// readTev reads the TEV block: the konst colours and the TEV colour
// registers (signed 16-bit), then per stage its konst selections, its
// order (texture coordinate, map and colour channel; 0xFF each when it
// has none) and its combiner entry.
func (m *Material3) readTev(r *mat3Reader) {
	l, c := r.l, r.c
	for k := 0; k < 4; k++ {
		if i := r.index(l.eKonst + 2*int64(k)); i != noEntry {
			m.Konst[k] = r.rgba(l.konst, i, "konst colour")
		}
		if i := r.index(l.eTevColor + 2*int64(k)); i != noEntry {
			if at, ok := r.entry(l.tevColor, i, 8, "TEV colour"); ok {
				for ch := int64(0); ch < 4; ch++ {
					m.TevColors[k][ch], _ = c.S16(at + 2*ch)
				}
			}
		}
	}
	nstage := int(min(r.u8(l.tevNum, int(r.field(4)), "TEV stage count"), 16))
	for k := 0; k < nstage; k++ {
		m.KonstSel[k] = [2]uint8{r.field(l.eKSel + int64(k)), r.field(l.eASel + int64(k))}
		var st TevStage
		st.TexCoord, st.TexMap, st.Channel = 0xFF, 0xFF, 0xFF
		if i := r.index(l.eTevOrder + 2*int64(k)); i != noEntry {
			if at, ok := r.entry(l.tevOrder, i, 4, "TEV order"); ok {
				b, _ := c.Bytes(at, 4)
				st.TexCoord, st.TexMap, st.Channel = b[0], b[1], b[2]
			}
		}
		if i := r.index(l.eTevStage + 2*int64(k)); i != noEntry {
			if at, ok := r.entry(l.tevStage, i, 0x14, "TEV stage"); ok {
				b, _ := c.Bytes(at, 0x14)
				copy(st.Combiner[:], b)
			}
		}
		m.TevStages = append(m.TevStages, st)
	}
}

// readSwaps reads the swap tables and each stage's choice of them for
// the rasterised colour and the texture (MAT3 only).
func (m *Material3) readSwaps(r *mat3Reader) {
	c := r.c
	for k := 0; k < 4; k++ {
		if i := r.index(0x124 + 2*int64(k)); i != noEntry {
			if at, ok := r.entry(mat3SwapTable, i, 4, "swap table"); ok {
				b, _ := c.Bytes(at, 4)
				m.SwapTables[k] = [4]uint8{b[0] & 3, b[1] & 3, b[2] & 3, b[3] & 3}
			}
		}
	}
	for k := range m.TevStages {
		if i := r.index(0x104 + 2*int64(k)); i != noEntry {
			if at, ok := r.entry(mat3SwapMode, i, 4, "swap mode"); ok {
				b, _ := c.Bytes(at, 2)
				m.SwapSel[k] = [2]uint8{b[0] & 3, b[1] & 3}
			}
		}
	}
}
