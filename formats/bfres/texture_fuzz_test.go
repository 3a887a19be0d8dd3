package bfres

import (
	"os"
	"testing"
)

// FuzzTextures opens mutated texture files and decodes every level of
// every texture: errors are fine, panics and runaway allocations are not.
func FuzzTextures(f *testing.F) {
	for _, p := range []string{"testdata/textures/wiiu/wiiu_tex.bfres", "testdata/textures/wiiu/split.Tex1.bfres", "testdata/textures/wiiu/split.Tex2.bfres", "testdata/textures/switch/nx_v8.bfres", "testdata/textures/switch/nx_v9.bfres"} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := openTexBytes(t, "fuzz.Tex1.bfres", data)
		if err != nil {
			return
		}
		decodeAllTextures(a)
	})
}
