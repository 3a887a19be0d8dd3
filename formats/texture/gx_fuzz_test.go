package texture

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzGXBTI reads a header at offset 0 and decodes every level the
// texture keeps: no input may panic, hang or allocate more than its
// (GX-bounded) size. Seeded with every GX fixture, each also cut short,
// and empty input.
func FuzzGXBTI(f *testing.F) {
	files, _ := filepath.Glob(gxTestdata + "*.bti")
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := ParseResTIMG("bti", data, 0)
		if err != nil {
			return
		}
		h.Sampler()
		tex, err := h.Texture("fuzz", data, 0)
		if err != nil {
			return
		}
		if tex.Mips < 1 || tex.Mips > h.Levels() {
			t.Fatalf("%d mips of %d", tex.Mips, h.Levels())
		}
		for mip := range tex.Mips {
			img, err := tex.Decode(mip)
			if err != nil {
				continue
			}
			if w, h := tex.MipSize(mip); img.Rect.Dx() != w || img.Rect.Dy() != h {
				t.Fatalf("level %d decoded %v, want %dx%d", mip, img.Rect.Size(), w, h)
			}
		}
	})
}
