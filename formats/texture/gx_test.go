package texture

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/animscope/animscope/mesh"
)

const gxTestdata = "testdata/gx/"

// gxManifestEntry is one entry of testdata/gx/MANIFEST.json.
type gxManifestEntry struct {
	File, Expected string
	Mip            int
	Textures       []struct {
		Name, Format        string
		Width, Height, Mips int
		PNG                 string
		MaxDiff             int
		MeanDiff            float64
		PNGSize             [2]int
	}
}

func gxManifest(t *testing.T) []gxManifestEntry {
	t.Helper()
	data, err := os.ReadFile(gxTestdata + "MANIFEST.json")
	if err != nil {
		t.Fatal(err)
	}
	var m []gxManifestEntry
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if len(m) != 18 {
		t.Fatalf("MANIFEST.json has %d GX entries, want 18", len(m))
	}
	return m
}

// gxOpenBTI reads a BTI the way the BTI format does: its header at 0.
func gxOpenBTI(t *testing.T, data []byte, name string) (*ResTIMG, *mesh.Texture) {
	t.Helper()
	h, err := ParseResTIMG("bti", data, 0)
	if err != nil {
		t.Fatal(err)
	}
	tex, err := h.Texture(name, data, 0)
	if err != nil {
		t.Fatal(err)
	}
	return h, tex
}

// gxReadPNG is a PNG's pixels as straight 8-bit RGBA.
func gxReadPNG(t *testing.T, path string) *image.NRGBA {
	t.Helper()
	data, err := os.ReadFile(path)
	if err == nil {
		var img image.Image
		if img, err = png.Decode(bytes.NewReader(data)); err == nil {
			return gxNRGBA(img)
		}
	}
	t.Fatalf("%s: %v", path, err)
	return nil
}

// gxNRGBA converts any image to straight 8-bit RGBA.
func gxNRGBA(img image.Image) *image.NRGBA {
	out := image.NewNRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			out.Set(x, y, color.NRGBAModel.Convert(img.At(x, y)))
		}
	}
	return out
}

// TestGXFixtures decodes every shared GX fixture and compares mip 0 with
// the independent decoder's PNG by the contract's rule: the same size, per
// pixel per channel |diff| <= maxDiff (2), mean |diff| <= 0.5; and the
// header's name, format, size and level count as the manifest gives them.
func TestGXFixtures(t *testing.T) {
	for _, e := range gxManifest(t) {
		t.Run(e.File, func(t *testing.T) {
			data, err := os.ReadFile(gxTestdata + e.File)
			if err != nil {
				t.Fatal(err)
			}
			want := e.Textures[0]
			_, tex := gxOpenBTI(t, data, strings.TrimSuffix(e.File, ".bti"))
			if tex.Name != want.Name || tex.Width != want.Width || tex.Height != want.Height || tex.Mips != want.Mips ||
				!strings.HasPrefix(tex.Format, want.Format) {
				t.Errorf("texture %q %s %dx%d %d mips, want %q %s %dx%d %d", tex.Name, tex.Format, tex.Width, tex.Height, tex.Mips,
					want.Name, want.Format, want.Width, want.Height, want.Mips)
			}
			got, err := tex.Decode(e.Mip)
			if err != nil {
				t.Fatal(err)
			}
			exp := gxReadPNG(t, filepath.Join(gxTestdata, e.Expected, want.PNG))
			if got.Rect.Size() != exp.Rect.Size() || exp.Rect.Dx() != want.PNGSize[0] || exp.Rect.Dy() != want.PNGSize[1] {
				t.Fatalf("decoded %v, expected PNG %v (manifest %v)", got.Rect.Size(), exp.Rect.Size(), want.PNGSize)
			}
			maxd, sum := 0, 0
			for i := range got.Pix {
				d := int(got.Pix[i]) - int(exp.Pix[i])
				d = max(d, -d)
				if d > maxd {
					maxd = d
					if d > want.MaxDiff {
						p := i / 4
						t.Errorf("pixel (%d, %d) channel %d: %d, want %d", p%got.Rect.Dx(), p/got.Rect.Dx(), i%4, got.Pix[i], exp.Pix[i])
					}
				}
				sum += d
			}
			if mean := float64(sum) / float64(len(got.Pix)); mean > want.MeanDiff {
				t.Errorf("mean |diff| %.3f > %g", mean, want.MeanDiff)
			}
			t.Logf("max |diff| %d, mean %.4f", maxd, float64(sum)/float64(len(got.Pix)))
		})
	}
}

// TestGXFixtureLevelSizes: the levels each fixture header announces end
// exactly where the generator ended the file (it wrote each level padded
// to whole tiles after the header and palette), so the level offsets
// reach every level of the mip fixtures.
func TestGXFixtureLevelSizes(t *testing.T) {
	for _, e := range gxManifest(t) {
		data, err := os.ReadFile(gxTestdata + e.File)
		if err != nil {
			t.Fatal(err)
		}
		h, tex := gxOpenBTI(t, data, e.File)
		offs := GXLevelOffsets(h.Format, h.Width, h.Height, tex.Mips)
		if end := int(h.DataOffset) + offs[tex.Mips]; end != len(data) {
			t.Errorf("%s: %d levels end at %d, the file at %d", e.File, tex.Mips, end, len(data))
		}
		for mip := range tex.Mips {
			img, err := tex.Decode(mip)
			if err != nil {
				t.Errorf("%s level %d: %v", e.File, mip, err)
				continue
			}
			if w, h := tex.MipSize(mip); img.Rect.Dx() != w || img.Rect.Dy() != h {
				t.Errorf("%s level %d: %v, want %dx%d", e.File, mip, img.Rect.Size(), w, h)
			}
		}
		if _, err := tex.Decode(tex.Mips); err == nil {
			t.Errorf("%s: level %d decoded past the last", e.File, tex.Mips)
		}
	}
}

func TestGXLevelSize(t *testing.T) {
	cases := []struct {
		f    GXFormat
		w, h int
		want int
	}{
		{GXI4, 13, 9, 2 * 2 * 32},     // 8x8 tiles
		{GXI8, 21, 11, 3 * 3 * 32},    // 8x4
		{GXIA4, 8, 4, 32},             //
		{GXIA8, 10, 7, 3 * 2 * 32},    // 4x4, 16 bits
		{GXRGBA8, 17, 13, 5 * 4 * 64}, // 64-byte tiles
		{GXCMPR, 1, 1, 32},            // one 8x8 tile of four blocks
		{GXCMPR, 64, 48, 8 * 6 * 32},  //
		{GXC14X2, 9, 5, 3 * 2 * 32},   //
		{GXFormat(7), 8, 8, 0},        // unused number
		{GXI8, 0, 4, 0},               // no texels
	}
	for _, c := range cases {
		if got := GXLevelSize(c.f, c.w, c.h); got != c.want {
			t.Errorf("GXLevelSize(%s, %d, %d) = %d, want %d", c.f, c.w, c.h, got, c.want)
		}
	}
	if got := GXLevelOffsets(GXRGB565, 24, 20, 3); len(got) != 4 || got[1] != 6*5*32 || got[2] != got[1]+3*3*32 || got[3] != got[2]+2*2*32 {
		t.Errorf("GXLevelOffsets(RGB565, 24x20, 3) = %v", got)
	}
	// 1x1 levels still take a whole tile.
	if got := GXLevelOffsets(GXI8, 2, 1, 2); got[2]-got[1] != 32 {
		t.Errorf("GXLevelOffsets(I8, 2x1, 2) = %v", got)
	}
	if GXMaxLevels(1024, 1) != 11 || GXMaxLevels(1, 1) != 1 || GXMaxLevels(13, 9) != 4 {
		t.Error("GXMaxLevels")
	}
}

// gxPixel is what a test texture holds at (x, y) of level l: every channel
// differs between neighbours and between levels.
func gxPixel(l, x, y int) [4]uint8 {
	return [4]uint8{uint8(x*37 + y*11 + l*101), uint8(y*53 + x*3 + l*7), uint8(x*y + 17*l), uint8(255 - x*5 - y*9 - l*31)}
}

// gxEncodeRGBA8 writes a w×h RGBA8 level the way the format description
// says, position by position: 4x4 tiles, each 16 (A, R) pairs then 16
// (G, B) pairs; padding texels are 0xEE.
func gxEncodeRGBA8(w, h int, px func(x, y int) [4]uint8) []byte {
	tw, th := (w+3)/4, (h+3)/4
	out := make([]byte, tw*th*64)
	for i := range out {
		out[i] = 0xEE
	}
	for y := range h {
		for x := range w {
			tile := (y/4)*tw + x/4
			i := (y%4)*4 + x%4
			c := px(x, y)
			out[tile*64+2*i], out[tile*64+2*i+1] = c[3], c[0]
			out[tile*64+32+2*i], out[tile*64+32+2*i+1] = c[1], c[2]
		}
	}
	return out
}

// gxEncodeI4 writes a w×h I4 level: 8x8 tiles, two texels a byte, the
// left one in the high nibble.
func gxEncodeI4(w, h int, px func(x, y int) uint8) []byte {
	tw, th := (w+7)/8, (h+7)/8
	out := make([]byte, tw*th*32)
	for y := range h {
		for x := range w {
			tile := (y/8)*tw + x/8
			i := (y%8)*8 + x%8
			b := &out[tile*32+i/2]
			if i%2 == 0 {
				*b |= px(x, y) << 4
			} else {
				*b |= px(x, y) & 0xF
			}
		}
	}
	return out
}

// gxBTI builds a BTI: header, optional palette, then the levels.
func gxBTI(f GXFormat, w, h int, pal *Palette, levels ...[]byte) []byte {
	hdr := make([]byte, 0x20)
	hdr[0] = byte(f)
	binary.BigEndian.PutUint16(hdr[2:], uint16(w))
	binary.BigEndian.PutUint16(hdr[4:], uint16(h))
	hdr[6], hdr[7] = 1, 2 // repeat, mirror
	data := 0x20
	var body []byte
	if pal != nil {
		hdr[8], hdr[9] = 1, byte(pal.Format)
		binary.BigEndian.PutUint16(hdr[0x0A:], uint16(len(pal.Data)/2))
		binary.BigEndian.PutUint32(hdr[0x0C:], 0x20)
		body = append(body, pal.Data...)
		for len(body)%32 != 0 {
			body = append(body, 0)
		}
		data += len(body)
	}
	hdr[0x14], hdr[0x15] = 1, 1
	if len(levels) > 1 {
		hdr[0x10], hdr[0x14] = 1, 5
	}
	hdr[0x18] = byte(len(levels))
	binary.BigEndian.PutUint32(hdr[0x1C:], uint32(data))
	for _, l := range levels {
		body = append(body, l...)
	}
	return append(hdr, body...)
}

// TestGXMipLevels builds textures whose levels hold different pictures
// (encoded in the test from the format rules, position by position) and
// decodes every level: the level offsets, level sizes (down to 1x1, still
// a whole tile) and cropping are right when every texel comes back.
func TestGXMipLevels(t *testing.T) {
	const w, h = 17, 13
	var levels [][]byte
	for l := range GXMaxLevels(w, h) {
		levels = append(levels, gxEncodeRGBA8(max(1, w>>l), max(1, h>>l), func(x, y int) [4]uint8 { return gxPixel(l, x, y) }))
	}
	_, tex := gxOpenBTI(t, gxBTI(GXRGBA8, w, h, nil, levels...), "rgba8")
	if tex.Mips != 5 {
		t.Fatalf("%d mips, want 5 (17x13 down to 1x1)", tex.Mips)
	}
	for l := range tex.Mips {
		img, err := tex.Decode(l)
		if err != nil {
			t.Fatal(err)
		}
		lw, lh := tex.MipSize(l)
		for y := range lh {
			for x := range lw {
				if got, want := [4]uint8(img.Pix[y*img.Stride+4*x:][:4]), gxPixel(l, x, y); got != want {
					t.Fatalf("level %d (%d, %d): %v, want %v", l, x, y, got, want)
				}
			}
		}
	}

	// I4: R = G = B = A = v*17, three levels of 8x8 tiles.
	var i4 [][]byte
	inten := func(l, x, y int) uint8 { return uint8(x+2*y+5*l) & 0xF }
	for l := range 3 {
		i4 = append(i4, gxEncodeI4(max(1, 21>>l), max(1, 10>>l), func(x, y int) uint8 { return inten(l, x, y) }))
	}
	_, tex = gxOpenBTI(t, gxBTI(GXI4, 21, 10, nil, i4...), "i4")
	for l := range 3 {
		img, err := tex.Decode(l)
		if err != nil {
			t.Fatal(err)
		}
		for y := range max(1, 10>>l) {
			for x := range max(1, 21>>l) {
				v := inten(l, x, y) * 17
				if got := [4]uint8(img.Pix[y*img.Stride+4*x:][:4]); got != [4]uint8{v, v, v, v} {
					t.Fatalf("I4 level %d (%d, %d): %v, want %d", l, x, y, got, v)
				}
			}
		}
	}
}

// TestGXTruncatedLastLevel: a last level cut short (some encoders do it)
// is dropped; the ones before it decode.
func TestGXTruncatedLastLevel(t *testing.T) {
	var levels [][]byte
	for l := range 3 {
		levels = append(levels, gxEncodeRGBA8(max(1, 16>>l), max(1, 16>>l), func(x, y int) [4]uint8 { return gxPixel(l, x, y) }))
	}
	data := gxBTI(GXRGBA8, 16, 16, nil, levels...)
	h, tex := gxOpenBTI(t, data[:len(data)-1], "cut")
	if h.Levels() != 3 || tex.Mips != 2 {
		t.Fatalf("header %d levels, texture %d; want 3 and 2", h.Levels(), tex.Mips)
	}
	if _, err := tex.Decode(1); err != nil {
		t.Error(err)
	}
	if _, err := tex.Decode(2); err == nil {
		t.Error("the cut level decoded")
	}
}

// TestGXTexelRules checks single texels of every format against values
// worked out by hand from MESH-FACTS A.9.
func TestGXTexelRules(t *testing.T) {
	tile := func(n int, first ...byte) []byte { // a tile (or n bytes) starting with first
		b := make([]byte, n)
		copy(b, first)
		return b
	}
	pal := func(f GXPaletteFormat, entries ...uint16) Palette {
		p := Palette{Format: f}
		for _, e := range entries {
			p.Data = binary.BigEndian.AppendUint16(p.Data, e)
		}
		return p
	}
	cases := []struct {
		name string
		f    GXFormat
		w    int
		data []byte
		pal  Palette
		want [][4]uint8 // the first texels of row 0
	}{
		{"I4 high nibble left", GXI4, 2, tile(32, 0x3C), Palette{}, [][4]uint8{{51, 51, 51, 51}, {204, 204, 204, 204}}},
		{"I8", GXI8, 2, tile(32, 0x00, 0x7F), Palette{}, [][4]uint8{{0, 0, 0, 0}, {127, 127, 127, 127}}},
		{"IA4 alpha high", GXIA4, 1, tile(32, 0x3C), Palette{}, [][4]uint8{{204, 204, 204, 51}}},
		{"IA8 alpha first", GXIA8, 1, tile(32, 0x40, 0xC0), Palette{}, [][4]uint8{{0xC0, 0xC0, 0xC0, 0x40}}},
		// 0xF81F: r 31, g 0, b 31; 0x07E0: g 63.
		{"RGB565", GXRGB565, 2, tile(32, 0xF8, 0x1F, 0x07, 0xE0), Palette{}, [][4]uint8{{255, 0, 255, 255}, {0, 255, 0, 255}}},
		// 0x8421: opaque, r 1 g 1 b 1 -> 8; 0x5A3C: a 5 -> 182, r 10 g 3 b 12 -> 170 51 204.
		{"RGB5A3", GXRGB5A3, 2, tile(32, 0x84, 0x21, 0x5A, 0x3C), Palette{}, [][4]uint8{{8, 8, 8, 255}, {170, 51, 204, 182}}},
		{"RGBA8 AR then GB", GXRGBA8, 2, func() []byte {
			b := tile(64, 0x11, 0x22, 0x33, 0x44)
			b[32], b[33], b[34], b[35] = 0x55, 0x66, 0x77, 0x88
			return b
		}(), Palette{}, [][4]uint8{{0x22, 0x55, 0x66, 0x11}, {0x44, 0x77, 0x88, 0x33}}},
		{"C4 IA8 palette", GXC4, 2, tile(32, 0x10), pal(GXPaletteIA8, 0x80FF, 0x2040), [][4]uint8{{0x40, 0x40, 0x40, 0x20}, {255, 255, 255, 0x80}}},
		{"C8 RGB565 palette", GXC8, 1, tile(32, 1), pal(GXPaletteRGB565, 0, 0xF800), [][4]uint8{{255, 0, 0, 255}}},
		{"C14X2 top bits ignored", GXC14X2, 2, tile(32, 0xC0, 0x01, 0x40, 0x00), pal(GXPaletteRGB5A3, 0x0F00, 0xFFFF), [][4]uint8{{255, 255, 255, 255}, {255, 0, 0, 0}}},
		// c0 = red 0xF800 > c1 = blue 0x001F: colour 2 = 5/8 red + 3/8 blue
		// = (159, 0, 95), colour 3 = (95, 0, 159); index row 0b00_01_10_11.
		{"CMPR c0 > c1", GXCMPR, 4, tile(32, 0xF8, 0x00, 0x00, 0x1F, 0x1B), Palette{},
			[][4]uint8{{255, 0, 0, 255}, {0, 0, 255, 255}, {159, 0, 95, 255}, {95, 0, 159, 255}}},
		// c0 = blue < c1 = red: colour 2 = (127, 0, 127), colour 3 the same, alpha 0.
		{"CMPR c0 < c1", GXCMPR, 4, tile(32, 0x00, 0x1F, 0xF8, 0x00, 0x1B), Palette{},
			[][4]uint8{{0, 0, 255, 255}, {255, 0, 0, 255}, {127, 0, 127, 255}, {127, 0, 127, 0}}},
		// c0 == c1: the three-colour mode too.
		{"CMPR c0 == c1", GXCMPR, 4, tile(32, 0x07, 0xE0, 0x07, 0xE0, 0x1B), Palette{},
			[][4]uint8{{0, 255, 0, 255}, {0, 255, 0, 255}, {0, 255, 0, 255}, {0, 255, 0, 0}}},
	}
	for _, c := range cases {
		img, err := DecodeGX(c.f, c.data, c.w, 1, c.pal)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		for x, want := range c.want {
			if got := [4]uint8(img.Pix[4*x:][:4]); got != want {
				t.Errorf("%s: texel %d = %v, want %v", c.name, x, got, want)
			}
		}
	}
}

// TestGXCMPRBlockOrder: the four 4x4 blocks of an 8x8 CMPR tile are top
// left, top right, bottom left, bottom right; the second tile is to the
// right of the first.
func TestGXCMPRBlockOrder(t *testing.T) {
	colours := []uint16{0xF800, 0x07E0, 0x001F, 0xFFFF, 0x0000} // the blocks' c0, index 0 everywhere
	data := make([]byte, 64)
	for i, c := range colours {
		binary.BigEndian.PutUint16(data[8*i:], c)
	}
	img, err := DecodeGX(GXCMPR, data, 12, 8, Palette{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []struct{ x, y, block int }{{0, 0, 0}, {7, 0, 1}, {3, 4, 2}, {4, 7, 3}, {8, 0, 4}, {11, 3, 4}} {
		want := rgb565(colours[p.block])
		if got := [4]uint8(img.Pix[p.y*img.Stride+4*p.x:][:4]); got != want {
			t.Errorf("(%d, %d) = %v, want block %d's %v", p.x, p.y, got, p.block, want)
		}
	}
}

func TestResTIMGFields(t *testing.T) {
	data, err := os.ReadFile(gxTestdata + "rgb565_24x20_mips3.bti")
	if err != nil {
		t.Fatal(err)
	}
	h, _ := gxOpenBTI(t, data, "x")
	if h.Format != GXRGB565 || h.Width != 24 || h.Height != 20 || h.WrapS != 1 || h.WrapT != 1 || !h.MipmapEnabled ||
		h.MinFilter != 5 || h.MagFilter != 1 || h.MaxLOD != 16 || h.ImageCount != 3 || h.DataOffset != 0x20 {
		t.Errorf("%+v", h)
	}
	want := mesh.Sampler{WrapS: mesh.WrapRepeat, WrapT: mesh.WrapRepeat, MinFilter: mesh.FilterLinear, MagFilter: mesh.FilterLinear, Mipmaps: true}
	if s := h.Sampler(); s != want {
		t.Errorf("sampler %+v, want %+v", s, want)
	}
	h = &ResTIMG{WrapS: 0, WrapT: 2, MinFilter: 2, MagFilter: 0, ImageCount: 1}
	want = mesh.Sampler{WrapS: mesh.WrapClamp, WrapT: mesh.WrapMirror, MinFilter: mesh.FilterNearest, MagFilter: mesh.FilterNearest}
	if s := h.Sampler(); s != want {
		t.Errorf("sampler %+v, want %+v", s, want)
	}
}

// TestResTIMGRelativeOffsets: in a TEX1 chunk the palette and data offsets
// count from each header, and two headers may share one image.
func TestResTIMGRelativeOffsets(t *testing.T) {
	bti := gxBTI(GXC8, 8, 4, &Palette{Format: GXPaletteRGB565, Data: []byte{0xF8, 0, 0, 0x1F}}, append([]byte{1}, make([]byte, 31)...))
	// A chunk with 0x40 bytes of something else, headers at 0x40 and
	// 0x60, the palette at 0x80 (32 bytes with its padding), the image
	// at 0xA0; each header's offsets count from itself.
	chunk := append(make([]byte, 0x40), bti[:0x20]...)
	chunk = append(chunk, bti[:0x20]...)
	chunk = append(chunk, bti[0x20:]...)
	binary.BigEndian.PutUint32(chunk[0x40+0x0C:], 0x80-0x40)
	binary.BigEndian.PutUint32(chunk[0x40+0x1C:], 0xA0-0x40)
	binary.BigEndian.PutUint32(chunk[0x60+0x0C:], 0x80-0x60)
	binary.BigEndian.PutUint32(chunk[0x60+0x1C:], 0xA0-0x60)
	for _, off := range []int64{0x40, 0x60} {
		h, err := ParseResTIMG("tex1", chunk, off)
		if err != nil {
			t.Fatal(err)
		}
		tex, err := h.Texture("t", chunk, off)
		if err != nil {
			t.Fatal(err)
		}
		img, err := tex.Decode(0)
		if err != nil {
			t.Fatal(err)
		}
		if got := [4]uint8(img.Pix[:4]); got != [4]uint8{0, 0, 255, 255} { // index 1: blue
			t.Errorf("header at 0x%x: texel 0 = %v, want blue", off, got)
		}
	}
}

// TestGXHostile: short data, sizes past the hardware's, unknown formats
// and palettes, offsets past the end: errors (FormatErrors from the header
// checks), never a panic or a huge allocation.
func TestGXHostile(t *testing.T) {
	decodeCases := []struct {
		name string
		f    GXFormat
		data []byte
		w, h int
		pal  Palette
		want string
	}{
		{"short", GXRGBA8, make([]byte, 63), 4, 4, Palette{}, "needs 64 bytes"},
		{"huge", GXI8, make([]byte, 32), 65535, 65535, Palette{}, "GX sizes are 1..1024"},
		{"zero", GXI8, make([]byte, 32), 0, 4, Palette{}, "GX sizes"},
		{"negative", GXI8, make([]byte, 32), -8, 4, Palette{}, "GX sizes"},
		{"unknown format", GXFormat(7), make([]byte, 32), 4, 4, Palette{}, "unknown GX texture format 7"},
		{"no palette", GXC8, make([]byte, 32), 8, 4, Palette{}, "without a palette"},
		{"bad palette format", GXC8, make([]byte, 32), 8, 4, Palette{Format: 3, Data: []byte{0, 0}}, "unknown palette format 3"},
		{"index past palette", GXC4, append([]byte{0x01}, make([]byte, 31)...), 2, 1, Palette{Data: []byte{0, 0}}, "texel (1, 0) uses palette index 1; the palette has 1 entries"},
	}
	for _, c := range decodeCases {
		if _, err := DecodeGX(c.f, c.data, c.w, c.h, c.pal); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	// An index past the palette in the padding is never sampled.
	if _, err := DecodeGX(GXC4, append([]byte{0x01}, make([]byte, 31)...), 1, 1, Palette{Data: []byte{0, 0}}); err != nil {
		t.Errorf("index past the palette in the padding: %v", err)
	}

	good := gxBTI(GXC4, 8, 8, &Palette{Format: GXPaletteIA8, Data: []byte{0, 0, 1, 1}}, make([]byte, 32))
	set := func(off int, v ...byte) []byte {
		b := append([]byte(nil), good...)
		copy(b[off:], v)
		return b
	}
	headerCases := []struct {
		name string
		data []byte
		want string
	}{
		{"truncated header", good[:0x1F], "texture header"},
		{"unknown format", set(0, 11), "unknown GX texture format 11"},
		{"width 0", set(2, 0, 0), "size 0x8"},
		{"width 4096", set(2, 0x10, 0), "size 4096x8"},
		{"palette format 3", set(9, 3), "unknown palette format 3"},
		{"no palette entries", set(0x0A, 0, 0), "palette of 0 entries"},
		{"palette count past the end", set(0x0A, 0xFF, 0xFF), "palette of 65535 entries"},
		{"palette offset past the end", set(0x0C, 0xFF, 0xFF, 0xFF, 0xE0), "does not fit"},
		{"data offset past the end", set(0x1C, 0x7F, 0xFF, 0xFF, 0xFF), "level 0"},
		{"data cut", good[:len(good)-1], "needs 32 bytes"},
	}
	for _, c := range headerCases {
		h, err := ParseResTIMG("bti", c.data, 0)
		if err == nil {
			_, err = h.Texture("t", c.data, 0)
		}
		var fe *bin.FormatError
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, &fe) {
			t.Errorf("%s: error %v, want a FormatError with %q", c.name, err, c.want)
		}
	}
	if _, err := ParseResTIMG("tex1", good, -1); err == nil {
		t.Error("negative header offset accepted")
	}

	// No data: the texture exists, its Decode says why it has no pixels.
	h, err := ParseResTIMG("bti", set(0x1C, 0, 0, 0, 0), 0)
	if err != nil {
		t.Fatal(err)
	}
	tex, err := h.Texture("runtime", set(0x1C, 0, 0, 0, 0), 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tex.Decode(0); err == nil || !strings.Contains(err.Error(), "no image data") {
		t.Errorf("decode without data: %v", err)
	}
}
