package texture

import "testing"

// FuzzUntile runs both untilers and the decoder on arbitrary layouts and
// data: errors are fine, panics are not.
func FuzzUntile(f *testing.F) {
	f.Add(uint16(64), uint16(32), uint8(0x31), uint8(4), uint16(0x500), uint8(1), make([]byte, 4096))
	f.Add(uint16(37), uint16(21), uint8(0x1A), uint8(2), uint16(0), uint8(0), make([]byte, 8192))
	f.Add(uint16(48), uint16(40), uint8(0x35), uint8(1), uint16(0x700), uint8(1), make([]byte, 4096))
	f.Fuzz(func(t *testing.T, w, h uint16, format, tile uint8, swizzle uint16, level uint8, data []byte) {
		s := GX2Surface{Dim: 1, Width: uint32(w%512) + 1, Height: uint32(h%512) + 1, Depth: 1, MipCount: 14, Format: uint32(format) | uint32(swizzle&0x600), TileMode: uint32(tile % 17), Swizzle: uint32(swizzle)}
		if lv, err := s.Level(int(level % 14)); err == nil {
			if out, err := s.Untile(lv, data); err == nil {
				ef, _ := GX2Format(s.Format)
				ef.Decode(out, lv.W, lv.H)
			}
		}
		ew, eh := int(w%300)+1, int(h%300)+1
		bpe := []int{1, 2, 4, 8, 16}[int(format)%5]
		TegraUntile(data, ew, eh, bpe, 1<<(tile%7))
		// ASTC is left out: under coverage instrumentation its decoder's
		// table set-up makes each run take seconds.
		for _, code := range []uint32{0x1F0A, 0x2001, 0x1E02, 0x1A06, 0x0C01} {
			if ef, ok := NXFormat(code); ok {
				ef.Decode(data, ew, eh)
			}
		}
	})
}
