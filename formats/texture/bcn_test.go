package texture

import (
	"image"
	"testing"

	"github.com/animscope/animscope/mesh"
)

func TestSNormMapping(t *testing.T) {
	// round((v/127 + 1) · 127.5), -128 read as -127.
	for _, c := range []struct {
		v    int
		want byte
	}{{-128, 0}, {-127, 0}, {-1, 126}, {0, 128}, {1, 129}, {63, 191}, {126, 254}, {127, 255}} {
		if got := snormValue(c.v); got != c.want {
			t.Errorf("snormValue(%d) = %d, want %d", c.v, got, c.want)
		}
	}
	// bcn writes v + 127 (and 255 for 127): the table undoes it.
	if snormFromBCN[127] != 128 || snormFromBCN[0] != 0 || snormFromBCN[255] != 255 || snormFromBCN[254] != 255 {
		t.Errorf("snormFromBCN: %d %d %d %d", snormFromBCN[127], snormFromBCN[0], snormFromBCN[255], snormFromBCN[254])
	}
}

func TestDecodeUncompressedAndMissingChannels(t *testing.T) {
	r8, _ := NXFormat(0x0201)
	img, err := r8.Decode([]byte{10, 200}, 2, 1)
	if err != nil || string(img.Pix) != string([]byte{10, 0, 0, 255, 200, 0, 0, 255}) {
		t.Errorf("R8: %v %v", img.Pix, err)
	}
	rg8s, _ := NXFormat(0x0902)
	img, _ = rg8s.Decode([]byte{0x80, 0x7F}, 1, 1)
	if string(img.Pix) != string([]byte{0, 255, 128, 255}) {
		t.Errorf("R8G8_SNORM: %v", img.Pix)
	}
	bgra, _ := NXFormat(0x0C06)
	img, _ = bgra.Decode([]byte{1, 2, 3, 4}, 1, 1)
	if string(img.Pix) != string([]byte{3, 2, 1, 4}) || !bgra.SRGB {
		t.Errorf("B8G8R8A8_SRGB: %v", img.Pix)
	}
	if _, err := r8.Decode([]byte{1}, 2, 1); err == nil {
		t.Error("short data accepted")
	}
	if _, err := r8.Decode(nil, 0, 1); err == nil {
		t.Error("zero width accepted")
	}
}

// A BC1 block worked out by hand: c0 = pure red (0xF800) > c1 = pure blue
// (0x001F), so colours 2 and 3 are 2/3 red + 1/3 blue and the reverse;
// indices 0, 1, 2, 3 on the first row.
func TestDecodeBC1Block(t *testing.T) {
	f, _ := GX2Format(0x31)
	block := []byte{0x00, 0xF8, 0x1F, 0x00, 0b11100100, 0, 0, 0}
	img, err := f.Decode(block, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	want := [][4]int{{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}}
	for x, w := range want {
		p := img.Pix[4*x : 4*x+4]
		for c := range 4 {
			if d := int(p[c]) - w[c]; d > 1 || d < -1 {
				t.Errorf("pixel %d: %v, want %v", x, p, w)
				break
			}
		}
	}
	if f.BlockFormat() != mesh.BC1 {
		t.Error("BC1 block format")
	}
}

func TestSelectors(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 1, 1))
	copy(img.Pix, []byte{10, 20, 30, 40})
	Selectors{ChanB, ChanR, ChanZero, ChanOne}.Apply(img, true)
	if string(img.Pix) != string([]byte{30, 10, 128, 255}) {
		t.Errorf("SNORM apply: %v", img.Pix)
	}
	copy(img.Pix, []byte{10, 20, 30, 40})
	Selectors{ChanR, ChanR, ChanR, ChanZero}.Apply(img, false)
	if string(img.Pix) != string([]byte{10, 10, 10, 0}) {
		t.Errorf("UNORM apply: %v", img.Pix)
	}
	for v, want := range []Channel{ChanZero, ChanOne, ChanR, ChanG, ChanB, ChanA} {
		if c, ok := NXChannel(uint8(v)); !ok || c != want {
			t.Errorf("NXChannel(%d) = %v", v, c)
		}
	}
	if _, ok := NXChannel(6); ok {
		t.Error("NXChannel(6)")
	}
	if _, ok := GX2Channel(6); ok {
		t.Error("GX2Channel(6)")
	}
	m := Selectors{ChanR, ChanG, ChanOne, ChanOne}.Mesh()
	if m != [4]mesh.Swizzle{mesh.SwizzleSame, mesh.SwizzleSame, mesh.SwizzleOne, mesh.SwizzleOne} {
		t.Errorf("Mesh: %v", m)
	}
	if (Selectors{ChanG, ChanR, ChanA, ChanB}).Mesh() != [4]mesh.Swizzle{mesh.SwizzleG, mesh.SwizzleR, mesh.SwizzleA, mesh.SwizzleB} {
		t.Error("Mesh swap")
	}
}

func TestFormatTables(t *testing.T) {
	for _, c := range []struct {
		code uint32
		name string
		ok   bool
	}{{0x1A, "R8G8B8A8_UNORM", true}, {0x41A, "R8G8B8A8_SRGB", true}, {0x234, "BC4_SNORM", true}, {0x435, "", false}, {0x31 | 0x100, "", false}} {
		f, ok := GX2Format(c.code)
		if ok != c.ok || f.Name != c.name {
			t.Errorf("GX2Format(0x%x) = %q %v", c.code, f.Name, ok)
		}
	}
	for _, c := range []struct {
		code uint32
		name string
		ok   bool
	}{{0x2D01, "ASTC_4x4_UNORM", true}, {0x3406, "ASTC_8x8_SRGB", true}, {0x3A01, "ASTC_12x12_UNORM", true}, {0x1F0A, "BC6H_UF16", true}, {0x1F01, "", false}, {0x1E02, "BC5_SNORM", true}, {0x1A02, "", false}, {0x3B01, "", false}} {
		f, ok := NXFormat(c.code)
		if ok != c.ok || f.Name != c.name {
			t.Errorf("NXFormat(0x%x) = %q %v", c.code, f.Name, ok)
		}
	}
}
