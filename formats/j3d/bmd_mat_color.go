package j3d

// ColorChannel is a GX colour-channel control.
type ColorChannel struct {
	Lighting           bool
	MatSrc, AmbSrc     uint8 // 0 register, 1 vertex colour
	LitMask            uint8
	DiffuseFn, AttenFn uint8
	Present            bool
}

// readColors reads the colour-channel block: the material and ambient
// colour registers (MAT2 has no ambient table) and the channel controls
// C0, A0, C1, A1 with their count.
func (m *Material3) readColors(r *mat3Reader) {
	l := r.l
	for k := 0; k < 2; k++ {
		if i := r.index(l.eMatColor + 2*int64(k)); i != noEntry {
			m.MatColor[k] = r.rgba(l.matColor, i, "material colour")
		}
		if l.eAmb == 0 {
			continue
		}
		if i := r.index(l.eAmb + 2*int64(k)); i != noEntry {
			m.AmbColor[k] = r.rgba(l.ambColor, i, "ambient colour")
		}
	}
	m.ChanCount = r.u8(l.chanCount, int(r.field(2)), "colour channel count")
	for k := 0; k < 4; k++ {
		i := r.index(l.eChan + 2*int64(k))
		if i == noEntry {
			continue
		}
		if at, ok := r.entry(l.chanInfo, i, 8, "colour channel"); ok {
			b, _ := r.c.Bytes(at, 8)
			m.Channels[k] = ColorChannel{Lighting: b[0] != 0, MatSrc: b[1], LitMask: b[2], DiffuseFn: b[3], AttenFn: b[4], AmbSrc: b[5], Present: true}
		}
	}
}
