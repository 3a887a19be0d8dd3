package j3d

// AlphaCompare is GX's alpha test: (a CompA RefA) Op (a CompB RefB).
type AlphaCompare struct{ CompA, RefA, Op, CompB, RefB uint8 }

// BlendMode is GX's blend state: Mode 0 none, 1 blend, 2 logic, 3
// subtract.
type BlendMode struct{ Mode, Src, Dst, Logic uint8 }

// ZMode is GX's depth state.
type ZMode struct{ Enable, Func, Write uint8 }

// readPixel reads the pixel-operation block: alpha compare, blend mode
// and z mode.
func (m *Material3) readPixel(r *mat3Reader) {
	l, c := r.l, r.c
	if i := r.index(l.eAlpha); i != noEntry {
		if at, ok := r.entry(l.alphaComp, i, 8, "alpha compare"); ok {
			b, _ := c.Bytes(at, 5)
			m.Alpha = AlphaCompare{b[0], b[1], b[2], b[3], b[4]}
		}
	}
	if i := r.index(l.eBlend); i != noEntry {
		if at, ok := r.entry(l.blend, i, 4, "blend mode"); ok {
			b, _ := c.Bytes(at, 4)
			m.Blend = BlendMode{b[0], b[1], b[2], b[3]}
		}
	}
	if at, ok := r.entry(l.zMode, int(r.field(6)), 4, "z mode"); ok {
		b, _ := c.Bytes(at, 3)
		m.ZMode = ZMode{b[0], b[1], b[2]}
	}
}
