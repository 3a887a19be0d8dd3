package texture

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkDecodeGX decodes a 512x512 level of each kind of format from
// hash data; MB/s counts the stored bytes.
func BenchmarkDecodeGX(b *testing.B) {
	pal := Palette{Format: GXPaletteRGB5A3, Data: make([]byte, 2*256)}
	for _, f := range []GXFormat{GXCMPR, GXI4, GXIA8, GXRGB5A3, GXRGBA8, GXC8} {
		b.Run(f.String(), func(b *testing.B) {
			data := make([]byte, GXLevelSize(f, 512, 512))
			r := rand.New(rand.NewPCG(1, 2))
			for i := range data {
				data[i] = byte(r.Uint32())
			}
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := DecodeGX(f, data, 512, 512, pal); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
