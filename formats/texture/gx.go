package texture

import (
	"encoding/binary"
	"fmt"
	"image"
)

// GXFormat is a GX texture format, numbered as the hardware and the
// ResTIMG header number them.
type GXFormat uint8

// The GX texture formats. 7, 11, 12 and 13 are unused (11–13 are the
// framebuffer-copy formats, never stored in files).
const (
	GXI4 GXFormat = iota
	GXI8
	GXIA4
	GXIA8
	GXRGB565
	GXRGB5A3
	GXRGBA8
	_
	GXC4
	GXC8
	GXC14X2
	_
	_
	_
	GXCMPR
)

// GXMaxSize is the largest width or height a GX texture can have: the
// hardware's image registers hold size - 1 in 10 bits.
const GXMaxSize = 1024

// gxInfo is a format's name, tile size in texels and bits per texel.
type gxInfo struct {
	name   string
	tw, th int
	bits   int
}

var gxFormats = [...]gxInfo{
	GXI4:     {"I4", 8, 8, 4},
	GXI8:     {"I8", 8, 4, 8},
	GXIA4:    {"IA4", 8, 4, 8},
	GXIA8:    {"IA8", 4, 4, 16},
	GXRGB565: {"RGB565", 4, 4, 16},
	GXRGB5A3: {"RGB5A3", 4, 4, 16},
	GXRGBA8:  {"RGBA8", 4, 4, 32},
	GXC4:     {"C4", 8, 8, 4},
	GXC8:     {"C8", 8, 4, 8},
	GXC14X2:  {"C14X2", 4, 4, 16},
	GXCMPR:   {"CMPR", 8, 8, 4},
}

func (f GXFormat) info() (gxInfo, bool) {
	if int(f) >= len(gxFormats) || gxFormats[f].name == "" {
		return gxInfo{}, false
	}
	return gxFormats[f], true
}

// Known reports whether f is one of the formats above.
func (f GXFormat) Known() bool {
	_, ok := f.info()
	return ok
}

// String is the format's name ("CMPR"), or "GX format N" for an unknown
// one.
func (f GXFormat) String() string {
	if i, ok := f.info(); ok {
		return i.name
	}
	return fmt.Sprintf("GX format %d", uint8(f))
}

// Paletted reports whether f stores palette indices (C4, C8, C14X2).
func (f GXFormat) Paletted() bool { return f == GXC4 || f == GXC8 || f == GXC14X2 }

// Tile is the size in texels of one stored tile (CMPR: the 8×8 tile of
// four 4×4 blocks), 0×0 for an unknown format.
func (f GXFormat) Tile() (w, h int) {
	i, _ := f.info()
	return i.tw, i.th
}

// GXPaletteFormat is the format of a palette's entries (u16 each).
type GXPaletteFormat uint8

const (
	GXPaletteIA8    GXPaletteFormat = 0 // high byte alpha, low byte intensity
	GXPaletteRGB565 GXPaletteFormat = 1
	GXPaletteRGB5A3 GXPaletteFormat = 2
)

var gxPaletteNames = [...]string{"IA8", "RGB565", "RGB5A3"}

// String is the palette format's name ("RGB565").
func (p GXPaletteFormat) String() string {
	if int(p) < len(gxPaletteNames) {
		return gxPaletteNames[p]
	}
	return fmt.Sprintf("palette format %d", uint8(p))
}

// Palette is the palette of a C4, C8 or C14X2 texture: its entries as
// stored, two bytes each (big-endian), len(Data)/2 of them.
type Palette struct {
	Format GXPaletteFormat
	Data   []byte
}

// GXLevelSize is the number of bytes of a w×h level of format f: the
// image padded to whole tiles, 32 bytes per tile (RGBA8: 64). It is 0 for
// an unknown format or a size below 1×1.
func GXLevelSize(f GXFormat, w, h int) int {
	i, ok := f.info()
	if !ok || w < 1 || h < 1 {
		return 0
	}
	tx, ty := (w+i.tw-1)/i.tw, (h+i.th-1)/i.th
	return tx * ty * i.tw * i.th * i.bits / 8
}

// GXLevelOffsets gives where each of levels mip levels of a w×h texture of
// format f starts, counted from the start of level 0, and, as its last
// element, where the last level ends (levels+1 values). Level i is
// max(1, w>>i) × max(1, h>>i); the levels follow each other, each padded
// to whole tiles (a multiple of 32 bytes, so every level starts 32-byte
// aligned). It is nil for an unknown format, a size below 1×1 or levels
// outside 1..32.
func GXLevelOffsets(f GXFormat, w, h, levels int) []int {
	if !f.Known() || w < 1 || h < 1 || levels < 1 || levels > 32 {
		return nil
	}
	offs := make([]int, levels+1)
	for l := range levels {
		lw, lh := max(1, w>>l), max(1, h>>l)
		offs[l+1] = offs[l] + GXLevelSize(f, lw, lh)
	}
	return offs
}

// GXMaxLevels is the number of mip levels a w×h texture can have: down to
// 1×1.
func GXMaxLevels(w, h int) int {
	n := 1
	for s := max(w, h); s > 1; s >>= 1 {
		n++
	}
	return n
}

// DecodeGX decodes one w×h level of format f from data (the level's
// tiles; bytes after them are ignored) into 8-bit RGBA, the tile padding
// cropped. Palette formats look their indices up in pal; an index past
// the palette is an error for a texel inside the image and ignored in the
// padding (never sampled). Errors: an unknown format, a size outside
// 1..GXMaxSize, data shorter than GXLevelSize, a missing palette.
func DecodeGX(f GXFormat, data []byte, w, h int, pal Palette) (*image.RGBA, error) {
	info, ok := f.info()
	if !ok {
		return nil, fmt.Errorf("unknown GX texture format %d", uint8(f))
	}
	if w < 1 || h < 1 || w > GXMaxSize || h > GXMaxSize {
		return nil, fmt.Errorf("%s texture of %dx%d: GX sizes are 1..%d", f, w, h, GXMaxSize)
	}
	need := GXLevelSize(f, w, h)
	if len(data) < need {
		return nil, fmt.Errorf("%s %dx%d needs %d bytes of image data, has %d", f, w, h, need, len(data))
	}
	data = data[:need]
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if f == GXCMPR {
		decodeCMPR(img, data)
		return img, nil
	}
	// row decodes count texels from storage texel n on into dst (4·count
	// bytes of Pix): one call per tile row keeps the per-texel work in
	// tight loops.
	var row func(dst []byte, n, count int)
	put := binary.LittleEndian.PutUint32
	switch f {
	case GXI4:
		row = func(dst []byte, n, count int) {
			for i := range count {
				k := n + i
				v := data[k>>1] >> (4 * uint(1-k&1)) & 0xF * 17
				put(dst[4*i:], grey(v, v))
			}
		}
	case GXI8:
		row = func(dst []byte, n, count int) {
			for i, v := range data[n : n+count] {
				put(dst[4*i:], grey(v, v))
			}
		}
	case GXIA4:
		row = func(dst []byte, n, count int) {
			for i, b := range data[n : n+count] {
				put(dst[4*i:], grey(b&0xF*17, b>>4*17))
			}
		}
	case GXIA8:
		row = func(dst []byte, n, count int) {
			src := data[2*n : 2*(n+count)]
			for i := range count {
				a, v := src[2*i], src[2*i+1]
				put(dst[4*i:], grey(v, a))
			}
		}
	case GXRGB565:
		row = func(dst []byte, n, count int) {
			src := data[2*n : 2*(n+count)]
			for i := range count {
				put(dst[4*i:], pack(rgb565(binary.BigEndian.Uint16(src[2*i:]))))
			}
		}
	case GXRGB5A3:
		row = func(dst []byte, n, count int) {
			src := data[2*n : 2*(n+count)]
			for i := range count {
				put(dst[4*i:], pack(rgb5a3(binary.BigEndian.Uint16(src[2*i:]))))
			}
		}
	case GXRGBA8:
		// A 64-byte tile of 16 texels: 16 (A, R) pairs, then 16 (G, B).
		row = func(dst []byte, n, count int) {
			t := data[n>>4*64 : n>>4*64+64]
			for c := range count {
				i := 2 * ((n + c) & 15)
				put(dst[4*c:], pack([4]uint8{t[i+1], t[32+i], t[32+i+1], t[i]}))
			}
		}
	}
	if row != nil {
		untile(img, info.tw, info.th, row)
		return img, nil
	}
	var index func(n int) int
	switch f {
	case GXC4:
		index = func(n int) int { return int(data[n>>1] >> (4 * uint(1-n&1)) & 0xF) }
	case GXC8:
		index = func(n int) int { return int(data[n]) }
	case GXC14X2:
		index = func(n int) int { return int(binary.BigEndian.Uint16(data[2*n:]) & 0x3FFF) }
	}
	colours, err := decodePalette(f, pal)
	if err != nil {
		return nil, err
	}
	bad, badIndex := -1, 0
	untile(img, info.tw, info.th, func(dst []byte, n, count int) {
		for c := range count {
			i := index(n + c)
			v := uint32(0)
			if i < len(colours) {
				v = colours[i]
			} else if bad < 0 {
				bad, badIndex = n+c, i
			}
			put(dst[4*c:], v)
		}
	})
	if bad >= 0 {
		tile, in := bad/(info.tw*info.th), bad%(info.tw*info.th)
		tilesX := (w + info.tw - 1) / info.tw
		x, y := tile%tilesX*info.tw+in%info.tw, tile/tilesX*info.th+in/info.tw
		return nil, fmt.Errorf("%s texel (%d, %d) uses palette index %d; the palette has %d entries", f, x, y, badIndex, len(colours))
	}
	return img, nil
}

// untile visits img's padded tiles in storage order (tiles left to right,
// top to bottom; texels row by row inside a tile) and has row decode the
// part of each tile row inside the image (count texels, the first the
// n-th stored) into its place in Pix; padding texels are skipped without
// being read.
func untile(img *image.RGBA, tw, th int, row func(dst []byte, n, count int)) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	n := 0
	for ty := 0; ty < h; ty += th {
		for tx := 0; tx < w; tx += tw {
			count := min(tw, w-tx)
			for py := ty; py < ty+th; py++ {
				if py < h {
					at := py*img.Stride + 4*tx
					row(img.Pix[at:at+4*count], n, count)
				}
				n += tw
			}
		}
	}
}

// decodePalette expands a palette to RGBA, keeping no more entries than
// format f can index.
func decodePalette(f GXFormat, pal Palette) ([]uint32, error) {
	if pal.Format > GXPaletteRGB5A3 {
		return nil, fmt.Errorf("%s texture: unknown palette format %d", f, uint8(pal.Format))
	}
	n := len(pal.Data) / 2
	if n == 0 {
		return nil, fmt.Errorf("%s texture without a palette", f)
	}
	switch f {
	case GXC4:
		n = min(n, 16)
	case GXC8:
		n = min(n, 256)
	default:
		n = min(n, 1<<14)
	}
	out := make([]uint32, n)
	for i := range out {
		v := binary.BigEndian.Uint16(pal.Data[2*i:])
		switch pal.Format {
		case GXPaletteIA8:
			out[i] = pack(ia8(uint8(v>>8), uint8(v)))
		case GXPaletteRGB565:
			out[i] = pack(rgb565(v))
		default:
			out[i] = pack(rgb5a3(v))
		}
	}
	return out, nil
}

// pack is an RGBA texel as the four bytes of image.RGBA's Pix, read as a
// little-endian u32 (stored with one write).
func pack(c [4]uint8) uint32 { return binary.LittleEndian.Uint32(c[:]) }

// grey is R = G = B = i with alpha a, packed.
func grey(i, a uint8) uint32 { return uint32(i)*0x010101 | uint32(a)<<24 }

// ia8 is an IA8 texel or palette entry: alpha first, then intensity.
func ia8(a, i uint8) [4]uint8 { return [4]uint8{i, i, i, a} }

func rgb565(v uint16) [4]uint8 {
	return [4]uint8{expand5(v >> 11), expand6(v >> 5), expand5(v), 255}
}

// rgb5a3 is opaque RGB555 when bit 15 is set, else A3 RGB444.
func rgb5a3(v uint16) [4]uint8 {
	if v&0x8000 != 0 {
		return [4]uint8{expand5(v >> 10), expand5(v >> 5), expand5(v), 255}
	}
	return [4]uint8{uint8(v>>8&0xF) * 17, uint8(v>>4&0xF) * 17, uint8(v&0xF) * 17, expand3(v >> 12)}
}

// The bit expansions of MESH-FACTS A.9: the top bits repeated below.
func expand3(v uint16) uint8 { v &= 7; return uint8(v<<5 | v<<2 | v>>1) }
func expand5(v uint16) uint8 { v &= 0x1F; return uint8(v<<3 | v>>2) }
func expand6(v uint16) uint8 { v &= 0x3F; return uint8(v<<2 | v>>4) }

// decodeCMPR decodes CMPR data (its length checked): 8×8 tiles, each four
// 8-byte 4×4 blocks (top left, top right, bottom left, bottom right); a
// block is u16 c0, u16 c1 (RGB565, big-endian) and four row bytes whose
// most significant two bits are the leftmost texel.
func decodeCMPR(img *image.RGBA, data []byte) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	off := 0
	for ty := 0; ty < h; ty += 8 {
		for tx := 0; tx < w; tx += 8 {
			for s := range 4 {
				b := data[off : off+8]
				off += 8
				bx, by := tx+s&1*4, ty+s>>1*4
				if bx >= w || by >= h {
					continue
				}
				pal := cmprColours(binary.BigEndian.Uint16(b), binary.BigEndian.Uint16(b[2:]))
				cols := min(4, w-bx)
				for r := range min(4, h-by) {
					bits := b[4+r]
					at := (by+r)*img.Stride + 4*bx
					dst := img.Pix[at : at+16*cols/4]
					if cols == 4 {
						dst = dst[:16]
						binary.LittleEndian.PutUint32(dst[0:], pal[bits>>6])
						binary.LittleEndian.PutUint32(dst[4:], pal[bits>>4&3])
						binary.LittleEndian.PutUint32(dst[8:], pal[bits>>2&3])
						binary.LittleEndian.PutUint32(dst[12:], pal[bits&3])
						continue
					}
					for c := range cols {
						binary.LittleEndian.PutUint32(dst[4*c:], pal[bits>>(6-2*c)&3])
					}
				}
			}
		}
	}
}

// cmprColours is a CMPR block's four colours as the GX hardware makes
// them, packed: with c0 > c1 the blends 5/8·c0 + 3/8·c1 and
// 3/8·c0 + 5/8·c1 (rounded down), else the average (rounded down) and
// that RGB with alpha 0.
func cmprColours(c0, c1 uint16) [4]uint32 {
	r0, g0, b0 := uint32(expand5(c0>>11)), uint32(expand6(c0>>5)), uint32(expand5(c0))
	r1, g1, b1 := uint32(expand5(c1>>11)), uint32(expand6(c1>>5)), uint32(expand5(c1))
	rgb := func(r, g, b uint32) uint32 { return r | g<<8 | b<<16 }
	const opaque = 0xFF << 24
	p := [4]uint32{rgb(r0, g0, b0) | opaque, rgb(r1, g1, b1) | opaque}
	if c0 > c1 {
		p[2] = rgb((5*r0+3*r1)>>3, (5*g0+3*g1)>>3, (5*b0+3*b1)>>3) | opaque
		p[3] = rgb((3*r0+5*r1)>>3, (3*g0+5*g1)>>3, (3*b0+5*b1)>>3) | opaque
	} else {
		p[2] = rgb((r0+r1)>>1, (g0+g1)>>1, (b0+b1)>>1)
		p[3] = p[2]
		p[2] |= opaque
	}
	return p
}
