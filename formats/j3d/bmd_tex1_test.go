package j3d_test

import (
	"testing"

	"github.com/animscope/animscope/formats"
)

// tex1I8 is a TEX1 chunk of two 4×4 I8 textures, "ramp" and "dots", whose
// ResTIMG image offsets count from their own headers; texel (x, y) of
// texture k is k*100 + x*16 + y*4 + 1.
func tex1I8() be {
	const hdrs, n = 0x20, 2
	imgs := hdrs + n*0x20 // image data after the headers
	var images be
	for k := 0; k < n; k++ {
		tile := make(be, 32) // one 8×4 I8 tile, the 4×4 image in its left half
		for y := 0; y < 4; y++ {
			for x := 0; x < 4; x++ {
				tile[y*8+x] = byte(k*100 + x*16 + y*4 + 1)
			}
		}
		images = append(images, tile...)
	}
	namesOff := imgs + len(images)
	body := be{}.u16(n).u16(0xFFFF).u32(hdrs).u32(uint32(namesOff)).pad(0x18) // chunk offsets 0x08..0x1F
	for k := 0; k < n; k++ {
		here := hdrs + k*0x20
		dataOff := imgs + k*32 - here
		h := be{1, 0}.u16(4).u16(4).append(1, 2, 0, 0).u16(0).u32(0) // I8, 4×4, wrap repeat / mirror
		h = h.append(0, 0, 0, 1, 1, 1, 0, 0, 1, 0).u16(0).u32(uint32(dataOff))
		body = append(body, h...)
	}
	body = append(body, images...)
	names := be{}.u16(n).u16(0xFFFF).u16(0).u16(4 + 4*n).u16(0).u16(4 + 4*n + 5)
	names = append(names, "ramp\x00dots\x00"...)
	body = append(body, names...)
	return chunk("TEX1", body.pad(4)) // chunk adds the 8-byte id and size: body starts at chunk offset 8
}

// TestTEX1Textures: a model's TEX1 entries become its textures, named,
// sized and decoded texel for texel, with their wrap modes.
func TestTEX1Textures(t *testing.T) {
	data := encodeModel(modelSpec{joints: threeJoints(), nodes: chainNodes(3), more: []be{tex1I8()}})
	a, err := formats.Open("tex.bmd", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Models) != 1 || len(a.Models[0].Textures) != 2 {
		t.Fatalf("models %d, textures %v; problems %v", len(a.Models), len(a.Models[0].Textures), a.Models[0].Problems)
	}
	for k, name := range []string{"ramp", "dots"} {
		tex := a.Models[0].Textures[k]
		if tex.Name != name || tex.Width != 4 || tex.Height != 4 || tex.Format != "I8" {
			t.Fatalf("texture %d: %q %dx%d %s", k, tex.Name, tex.Width, tex.Height, tex.Format)
		}
		img, err := tex.Decode(0)
		if err != nil {
			t.Fatal(err)
		}
		for y := 0; y < 4; y++ {
			for x := 0; x < 4; x++ {
				want := uint8(k*100 + x*16 + y*4 + 1)
				if c := img.RGBAAt(x, y); c.R != want || c.G != want || c.B != want || c.A != want {
					t.Fatalf("%s texel (%d,%d) = %v, want I %d", name, x, y, c, want)
				}
			}
		}
	}
}
