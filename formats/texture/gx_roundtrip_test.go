package texture_test

import (
	"fmt"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/animscope/animscope/formats/texture"
	"github.com/animscope/animscope/formats/texture/texturetest"
)

// Writer-based tests, one per GX format: an image written by
// texturetest.EncodeGX decodes to the pixels the test computes from the
// source with the format's own quantisation (bits kept, then repeated
// below themselves as the GX hardware expands them). Sizes are odd so
// every format has padded tiles.

// rep expands an n-bit value by repeating its bits (3 bits: abc → abcabcab).
func rep(v uint8, n uint) uint8 {
	out, have := uint(0), uint(0)
	for have < 8 {
		out = out<<n | uint(v)
		have += n
	}
	return uint8(out >> (have - 8))
}

// top keeps the n top bits of v, expanded back to 8 bits.
func top(v uint8, n uint) uint8 { return rep(v>>(8-n), n) }

func randomImage(rng *rand.Rand, w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = uint8(rng.IntN(256))
	}
	// Some opaque texels, for RGB5A3's two forms.
	for i := 3; i < len(img.Pix); i += 12 {
		img.Pix[i] = 255
	}
	return img
}

// checkPixels compares a decoded image texel for texel with want(x, y).
func checkPixels(t *testing.T, name string, got *image.RGBA, w, h int, want func(x, y int) color.NRGBA) {
	t.Helper()
	if got.Rect.Dx() != w || got.Rect.Dy() != h {
		t.Fatalf("%s: decoded %v, want %dx%d", name, got.Rect, w, h)
	}
	bad := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := got.Pix[y*got.Stride+4*x:]
			g := color.NRGBA{p[0], p[1], p[2], p[3]}
			if wv := want(x, y); g != wv {
				if bad++; bad <= 3 {
					t.Errorf("%s texel (%d, %d): %v, want %v", name, x, y, g, wv)
				}
			}
		}
	}
}

func TestGXWriterRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 7))
	const w, h = 13, 11
	src := randomImage(rng, w, h)
	at := func(x, y int) color.NRGBA { return src.NRGBAAt(x, y) }
	for _, c := range []struct {
		f    texture.GXFormat
		want func(c color.NRGBA) color.NRGBA
	}{
		{texture.GXI4, func(c color.NRGBA) color.NRGBA { i := top(c.R, 4); return color.NRGBA{i, i, i, i} }},
		{texture.GXI8, func(c color.NRGBA) color.NRGBA { return color.NRGBA{c.R, c.R, c.R, c.R} }},
		{texture.GXIA4, func(c color.NRGBA) color.NRGBA { i := top(c.R, 4); return color.NRGBA{i, i, i, top(c.A, 4)} }},
		{texture.GXIA8, func(c color.NRGBA) color.NRGBA { return color.NRGBA{c.R, c.R, c.R, c.A} }},
		{texture.GXRGB565, func(c color.NRGBA) color.NRGBA { return color.NRGBA{top(c.R, 5), top(c.G, 6), top(c.B, 5), 255} }},
		{texture.GXRGB5A3, func(c color.NRGBA) color.NRGBA {
			if c.A == 255 {
				return color.NRGBA{top(c.R, 5), top(c.G, 5), top(c.B, 5), 255}
			}
			return color.NRGBA{top(c.R, 4), top(c.G, 4), top(c.B, 4), top(c.A, 3)}
		}},
		{texture.GXRGBA8, func(c color.NRGBA) color.NRGBA { return c }},
	} {
		data, err := texturetest.EncodeGX(c.f, src)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) != texture.GXLevelSize(c.f, w, h) {
			t.Errorf("%s: wrote %d bytes, a level is %d", c.f, len(data), texture.GXLevelSize(c.f, w, h))
		}
		img, err := texture.DecodeGX(c.f, data, w, h, texture.Palette{})
		if err != nil {
			t.Fatalf("%s: %v", c.f, err)
		}
		checkPixels(t, c.f.String(), img, w, h, func(x, y int) color.NRGBA { return c.want(at(x, y)) })
	}
}

// The palette formats: indices written from the red (and, for C14X2,
// green) channel look their colours up in a palette of each palette
// format.
func TestGXWriterPaletteRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 14))
	const w, h = 9, 13
	for _, c := range []struct {
		f       texture.GXFormat
		entries int
	}{{texture.GXC4, 16}, {texture.GXC8, 256}, {texture.GXC14X2, 300}} {
		for _, pf := range []texture.GXPaletteFormat{texture.GXPaletteIA8, texture.GXPaletteRGB565, texture.GXPaletteRGB5A3} {
			colours := make([]color.NRGBA, c.entries)
			for i := range colours {
				colours[i] = color.NRGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256))}
				if i%3 == 0 {
					colours[i].A = 255
				}
			}
			idx := make([]int, w*h)
			src := image.NewNRGBA(image.Rect(0, 0, w, h))
			for i := range idx {
				idx[i] = rng.IntN(c.entries)
				src.Pix[4*i], src.Pix[4*i+1], src.Pix[4*i+3] = uint8(idx[i]), uint8(idx[i]>>8), 255
			}
			data, err := texturetest.EncodeGX(c.f, src)
			if err != nil {
				t.Fatal(err)
			}
			pal := texture.Palette{Format: pf, Data: texturetest.EncodePalette(pf, colours)}
			img, err := texture.DecodeGX(c.f, data, w, h, pal)
			if err != nil {
				t.Fatalf("%s/%s: %v", c.f, pf, err)
			}
			want := func(x, y int) color.NRGBA {
				p := colours[idx[y*w+x]]
				switch pf {
				case texture.GXPaletteIA8:
					return color.NRGBA{p.R, p.R, p.R, p.A}
				case texture.GXPaletteRGB565:
					return color.NRGBA{top(p.R, 5), top(p.G, 6), top(p.B, 5), 255}
				}
				if p.A == 255 {
					return color.NRGBA{top(p.R, 5), top(p.G, 5), top(p.B, 5), 255}
				}
				return color.NRGBA{top(p.R, 4), top(p.G, 4), top(p.B, 4), top(p.A, 3)}
			}
			checkPixels(t, fmt.Sprintf("%s/%s", c.f, pf), img, w, h, want)
		}
	}
}

// CMPR: an image made of blocks that each use two RGB565 endpoints and
// the colours between them (computed here: 5/8–3/8 blends rounded down,
// or the average and transparent) comes back texel for texel.
func TestGXWriterCMPRRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	const w, h = 20, 12 // 3×2 tiles, the right and bottom ones partial
	ex := func(v uint16) color.NRGBA {
		return color.NRGBA{rep(uint8(v>>11), 5), rep(uint8(v>>5&63), 6), rep(uint8(v&31), 5), 255}
	}
	src := image.NewNRGBA(image.Rect(0, 0, w, h))
	for by := 0; by < h; by += 4 {
		for bx := 0; bx < w; bx += 4 {
			c0, c1 := uint16(rng.IntN(1<<16)), uint16(rng.IntN(1<<16))
			transparent := (bx/4+by/4)%3 == 0
			if (c0 > c1) == transparent {
				c0, c1 = c1, c0
			}
			if c0 == c1 && !transparent {
				c0++
			}
			a, b := ex(c0), ex(c1)
			var pal [4]color.NRGBA
			pal[0], pal[1] = a, b
			for ch := range 3 {
				x, y := int([]uint8{a.R, a.G, a.B}[ch]), int([]uint8{b.R, b.G, b.B}[ch])
				var p2, p3 int
				if transparent {
					p2, p3 = (x+y)/2, (x+y)/2
				} else {
					p2, p3 = (5*x+3*y)/8, (3*x+5*y)/8
				}
				for k, v := range map[int]int{2: p2, 3: p3} {
					switch ch {
					case 0:
						pal[k].R = uint8(v)
					case 1:
						pal[k].G = uint8(v)
					case 2:
						pal[k].B = uint8(v)
					}
				}
			}
			pal[2].A, pal[3].A = 255, 255
			if transparent {
				pal[3].A = 0
			}
			for i := range 16 {
				k := rng.IntN(4)
				switch i {
				case 0:
					k = 0
				case 1:
					k = 1
				}
				if x, y := bx+i%4, by+i/4; x < w && y < h {
					src.SetNRGBA(x, y, pal[k])
				}
			}
		}
	}
	data, err := texturetest.EncodeGX(texture.GXCMPR, src)
	if err != nil {
		t.Fatal(err)
	}
	img, err := texture.DecodeGX(texture.GXCMPR, data, w, h, texture.Palette{})
	if err != nil {
		t.Fatal(err)
	}
	checkPixels(t, "CMPR", img, w, h, func(x, y int) color.NRGBA { return src.NRGBAAt(x, y) })
}

// A BTI written with texturetest's header opens as the texture it
// describes, mip levels included.
func TestGXWriterBTI(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	src := randomImage(rng, 16, 8)
	half := randomImage(rng, 8, 4)
	l0, _ := texturetest.EncodeGX(texture.GXRGB5A3, src)
	l1, _ := texturetest.EncodeGX(texture.GXRGB5A3, half)
	hdr := &texture.ResTIMG{Format: texture.GXRGB5A3, Width: 16, Height: 8, WrapS: 1, WrapT: 2, MipmapEnabled: true,
		MinFilter: 5, MagFilter: 1, ImageCount: 2, LODBias: -50, DataOffset: texture.ResTIMGSize}
	file := append(append(texturetest.ResTIMG(hdr), l0...), l1...)
	got, err := texture.ParseResTIMG("bti", file, 0)
	if err != nil {
		t.Fatal(err)
	}
	if *got != *hdr {
		t.Errorf("header %+v, want %+v", *got, *hdr)
	}
	tex, err := got.Texture("t", file, 0)
	if err != nil {
		t.Fatal(err)
	}
	if tex.Mips != 2 {
		t.Fatalf("%d levels", tex.Mips)
	}
	for mip, s := range []*image.NRGBA{src, half} {
		img, err := tex.Decode(mip)
		if err != nil {
			t.Fatal(err)
		}
		checkPixels(t, fmt.Sprint("level ", mip), img, s.Rect.Dx(), s.Rect.Dy(), func(x, y int) color.NRGBA {
			c := s.NRGBAAt(x, y)
			if c.A == 255 {
				return color.NRGBA{top(c.R, 5), top(c.G, 5), top(c.B, 5), 255}
			}
			return color.NRGBA{top(c.R, 4), top(c.G, 4), top(c.B, 4), top(c.A, 3)}
		})
	}
}
