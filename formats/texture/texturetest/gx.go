// Package texturetest writes GX textures for tests: the tiles of every
// GX format from an image (EncodeGX), palettes (EncodePalette) and
// ResTIMG headers (ResTIMG), written from the format facts of MESH-FACTS
// A.9 independently of the decoders in package texture.
package texturetest

import (
	"encoding/binary"
	"fmt"
	"image"
	"image/color"

	"github.com/animscope/animscope/formats/texture"
)

// tile is a format's tile size in texels and bytes.
func tile(f texture.GXFormat) (tw, th, bytes int, ok bool) {
	switch f {
	case texture.GXI4, texture.GXC4, texture.GXCMPR:
		return 8, 8, 32, true
	case texture.GXI8, texture.GXIA4, texture.GXC8:
		return 8, 4, 32, true
	case texture.GXIA8, texture.GXRGB565, texture.GXRGB5A3, texture.GXC14X2:
		return 4, 4, 32, true
	case texture.GXRGBA8:
		return 4, 4, 64, true
	}
	return 0, 0, 0, false
}

// nrgba is pixel (x, y) of img as non-premultiplied 8-bit RGBA; outside
// the image (tile padding) it is transparent black.
func nrgba(img image.Image, x, y int) color.NRGBA {
	p := image.Pt(x, y).Add(img.Bounds().Min)
	if !p.In(img.Bounds()) {
		return color.NRGBA{}
	}
	return color.NRGBAModel.Convert(img.At(p.X, p.Y)).(color.NRGBA)
}

// EncodeGX writes img as one level of format f: whole tiles, left to
// right and top to bottom, texels row by row inside a tile; the padding
// of partial tiles is zero texels. Each texel keeps the top bits of its
// channels (intensity formats take the red channel). The palette formats
// (C4, C8, C14X2) read the palette index from the red channel (C14X2: red
// + 256·green); CMPR picks, per 4×4 block, the two colours of the block
// (as RGB565) whose palette fits the block best, in the order that gives
// the 4-colour mode, or the 3-colour + transparent mode when a texel has
// alpha below 128.
func EncodeGX(f texture.GXFormat, img image.Image) ([]byte, error) {
	tw, th, tb, ok := tile(f)
	if !ok {
		return nil, fmt.Errorf("texturetest: format %d has no encoder", f)
	}
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	tilesX, tilesY := (w+tw-1)/tw, (h+th-1)/th
	out := make([]byte, 0, tilesX*tilesY*tb)
	for ty := 0; ty < tilesY; ty++ {
		for tx := 0; tx < tilesX; tx++ {
			x0, y0 := tx*tw, ty*th
			if f == texture.GXCMPR {
				for _, b := range [4][2]int{{0, 0}, {4, 0}, {0, 4}, {4, 4}} {
					out = append(out, cmprBlock(img, x0+b[0], y0+b[1], w, h)...)
				}
				continue
			}
			if f == texture.GXRGBA8 {
				var ar, gb [32]byte
				for i := range 16 {
					c := texel(img, x0+i%4, y0+i/4, w, h)
					ar[2*i], ar[2*i+1], gb[2*i], gb[2*i+1] = c.A, c.R, c.G, c.B
				}
				out = append(append(out, ar[:]...), gb[:]...)
				continue
			}
			t := make([]byte, 0, tb)
			for i := 0; i < tw*th; i++ {
				c := texel(img, x0+i%tw, y0+i/tw, w, h)
				switch f {
				case texture.GXI4, texture.GXC4:
					v := c.R >> 4
					if f == texture.GXC4 {
						v = c.R & 15
					}
					if i%2 == 0 {
						t = append(t, v<<4)
					} else {
						t[len(t)-1] |= v
					}
				case texture.GXI8, texture.GXC8:
					t = append(t, c.R)
				case texture.GXIA4:
					t = append(t, c.A>>4<<4|c.R>>4)
				case texture.GXIA8:
					t = append(t, c.A, c.R)
				case texture.GXRGB565:
					t = binary.BigEndian.AppendUint16(t, RGB565(c))
				case texture.GXRGB5A3:
					t = binary.BigEndian.AppendUint16(t, RGB5A3(c))
				case texture.GXC14X2:
					t = binary.BigEndian.AppendUint16(t, (uint16(c.G)<<8|uint16(c.R))&0x3FFF)
				}
			}
			out = append(out, t...)
		}
	}
	return out, nil
}

// texel is pixel (x, y), zero in the padding.
func texel(img image.Image, x, y, w, h int) color.NRGBA {
	if x >= w || y >= h {
		return color.NRGBA{}
	}
	return nrgba(img, x, y)
}

// RGB565 is c's top 5, 6 and 5 bits of red, green and blue.
func RGB565(c color.NRGBA) uint16 {
	return uint16(c.R>>3)<<11 | uint16(c.G>>2)<<5 | uint16(c.B>>3)
}

// RGB5A3 is c as opaque RGB555 (bit 15 set) when its alpha is 255, else
// as A3 RGB444.
func RGB5A3(c color.NRGBA) uint16 {
	if c.A == 255 {
		return 0x8000 | uint16(c.R>>3)<<10 | uint16(c.G>>3)<<5 | uint16(c.B>>3)
	}
	return uint16(c.A>>5)<<12 | uint16(c.R>>4)<<8 | uint16(c.G>>4)<<4 | uint16(c.B>>4)
}

// EncodePalette writes colours as palette entries of format pf (IA8:
// alpha then the red channel as intensity).
func EncodePalette(pf texture.GXPaletteFormat, colours []color.NRGBA) []byte {
	out := make([]byte, 0, 2*len(colours))
	for _, c := range colours {
		switch pf {
		case texture.GXPaletteIA8:
			out = append(out, c.A, c.R)
		case texture.GXPaletteRGB565:
			out = binary.BigEndian.AppendUint16(out, RGB565(c))
		default:
			out = binary.BigEndian.AppendUint16(out, RGB5A3(c))
		}
	}
	return out
}

// Expand565 is an RGB565 value as the GX hardware reads it: each channel's
// bits repeated below themselves (5 bits v → v·33/4, 6 bits → v·65/16).
func Expand565(v uint16) color.NRGBA {
	r, g, b := int(v>>11), int(v>>5&63), int(v&31)
	return color.NRGBA{uint8(r * 33 >> 2), uint8(g * 65 >> 4), uint8(b * 33 >> 2), 255}
}

// CMPRPalette is the four colours of a CMPR block with endpoints c0, c1
// (MESH-FACTS A.9): c0 > c1 gives c0, c1, (5·c0 + 3·c1)/8 and
// (3·c0 + 5·c1)/8; otherwise c0, c1, their average and transparent black
// with the average's RGB. Divisions round down.
func CMPRPalette(c0, c1 uint16) [4]color.NRGBA {
	a, b := Expand565(c0), Expand565(c1)
	mix := func(x, y uint8, wx, wy, d int) uint8 { return uint8((wx*int(x) + wy*int(y)) / d) }
	var p [4]color.NRGBA
	p[0], p[1] = a, b
	if c0 > c1 {
		p[2] = color.NRGBA{mix(a.R, b.R, 5, 3, 8), mix(a.G, b.G, 5, 3, 8), mix(a.B, b.B, 5, 3, 8), 255}
		p[3] = color.NRGBA{mix(a.R, b.R, 3, 5, 8), mix(a.G, b.G, 3, 5, 8), mix(a.B, b.B, 3, 5, 8), 255}
	} else {
		p[2] = color.NRGBA{mix(a.R, b.R, 1, 1, 2), mix(a.G, b.G, 1, 1, 2), mix(a.B, b.B, 1, 1, 2), 255}
		p[3] = p[2]
		p[3].A = 0
	}
	return p
}

// cmprBlock writes the 4×4 block at (x0, y0): u16 c0, u16 c1, then a
// byte per row, its top two bits the leftmost texel.
func cmprBlock(img image.Image, x0, y0, w, h int) []byte {
	var px [16]color.NRGBA
	var inside [16]bool
	transparent := false
	var cands []uint16
	for i := range px {
		x, y := x0+i%4, y0+i/4
		if x < w && y < h {
			px[i], inside[i] = nrgba(img, x, y), true
			if px[i].A < 128 {
				transparent = true
			} else {
				cands = append(cands, RGB565(px[i]))
			}
		}
	}
	if len(cands) == 0 {
		cands = []uint16{0}
	}
	dist := func(p, q color.NRGBA) int {
		d := 0
		for _, v := range [4]int{int(p.R) - int(q.R), int(p.G) - int(q.G), int(p.B) - int(q.B), int(p.A) - int(q.A)} {
			d += v * v
		}
		return d
	}
	best, bestErr := [2]uint16{cands[0], cands[0]}, -1
	var bestIdx [16]uint8
	for _, c0 := range cands {
		for _, c1 := range cands {
			if (c0 > c1) == transparent {
				continue
			}
			pal := CMPRPalette(c0, c1)
			sum := 0
			var idx [16]uint8
			for i := range px {
				if !inside[i] {
					continue
				}
				k, kd := 0, -1
				for j, c := range pal {
					if d := dist(px[i], c); kd < 0 || d < kd {
						k, kd = j, d
					}
				}
				idx[i], sum = uint8(k), sum+kd
			}
			if bestErr < 0 || sum < bestErr {
				best, bestErr, bestIdx = [2]uint16{c0, c1}, sum, idx
			}
		}
	}
	b := binary.BigEndian.AppendUint16(nil, best[0])
	b = binary.BigEndian.AppendUint16(b, best[1])
	for r := range 4 {
		var row byte
		for c := range 4 {
			row |= bestIdx[4*r+c] << (6 - 2*c)
		}
		b = append(b, row)
	}
	return b
}

// ResTIMG writes a 0x20-byte ResTIMG header with h's fields.
func ResTIMG(h *texture.ResTIMG) []byte {
	b := make([]byte, texture.ResTIMGSize)
	bo := binary.BigEndian
	b[0], b[1] = byte(h.Format), h.AlphaHint
	bo.PutUint16(b[2:], uint16(h.Width))
	bo.PutUint16(b[4:], uint16(h.Height))
	b[6], b[7] = h.WrapS, h.WrapT
	if h.PaletteEnabled {
		b[8] = 1
	}
	b[9] = byte(h.PaletteFormat)
	bo.PutUint16(b[0x0A:], uint16(h.PaletteCount))
	bo.PutUint32(b[0x0C:], h.PaletteOffset)
	flag := func(v bool) byte {
		if v {
			return 1
		}
		return 0
	}
	b[0x10], b[0x11], b[0x12], b[0x13] = flag(h.MipmapEnabled), flag(h.EdgeLOD), flag(h.BiasClamp), h.MaxAniso
	b[0x14], b[0x15], b[0x16], b[0x17] = h.MinFilter, h.MagFilter, byte(h.MinLOD), byte(h.MaxLOD)
	b[0x18] = h.ImageCount
	bo.PutUint16(b[0x1A:], uint16(h.LODBias))
	bo.PutUint32(b[0x1C:], h.DataOffset)
	return b
}
