package texture

import (
	"fmt"
	"math/bits"
)

// Wii U GX2 surfaces: the element formats real files use and the subset of
// AMD's address library (R600/R700 family, 2 pipes, 4 banks, 256-byte
// pipe interleave) that places their texels: linear, 1D micro-tiled and
// 2D/2B/3D/3B thin macro-tiled modes with pipe and bank swizzle, and the
// mip levels that fall back to 1D tiling when they get smaller than a macro
// tile. Facts: MESH-FACTS B.8, B.9 (after addrlib as ported in
// GTX-Extractor and BfresLibrary).

// GX2 surface format flags (above the 6-bit hardware format).
const (
	gx2SNorm = 0x200
	gx2SRGB  = 0x400
)

// GX2Format returns the element format of a GX2 surface format; ok is
// false for formats no supported file uses (the 16-bit packed and float
// formats, depth formats).
func GX2Format(v uint32) (f ElementFormat, ok bool) {
	hw := v & 0x3F
	snorm := v&0xF00 == gx2SNorm
	srgb := v&0xF00 == gx2SRGB
	if v&^0x73F != 0 || (v&0xF00 != 0 && !snorm && !srgb) {
		return ElementFormat{}, false
	}
	suffix := "_UNORM"
	if snorm {
		suffix = "_SNORM"
	} else if srgb {
		suffix = "_SRGB"
	}
	e, ok := gx2Elements[hw]
	if !ok {
		return ElementFormat{}, false
	}
	f = ElementFormat{Name: e.name + suffix, Enc: e.enc, BlockW: 1, BlockH: 1, Bytes: e.bytes, SNorm: snorm, SRGB: srgb}
	if e.enc >= EncBC1 {
		f.BlockW, f.BlockH = 4, 4
	}
	// sRGB exists for the colour formats, SNORM for the rest; other
	// combinations are not texture formats.
	if srgb && (f.Enc == EncR8 || f.Enc == EncRG8 || f.Enc == EncBC4 || f.Enc == EncBC5) {
		return ElementFormat{}, false
	}
	if snorm && (f.Enc == EncBC1 || f.Enc == EncBC2 || f.Enc == EncBC3) {
		return ElementFormat{}, false
	}
	return f, true
}

// gx2Elements are the hardware formats (low 6 bits) real files use.
var gx2Elements = map[uint32]struct {
	name  string
	enc   Encoding
	bytes int
}{
	0x01: {"R8", EncR8, 1}, 0x07: {"R8G8", EncRG8, 2}, 0x1A: {"R8G8B8A8", EncRGBA8, 4},
	0x31: {"BC1", EncBC1, 8}, 0x32: {"BC2", EncBC2, 16}, 0x33: {"BC3", EncBC3, 16},
	0x34: {"BC4", EncBC4, 8}, 0x35: {"BC5", EncBC5, 16},
}

// GX2Surface is the part of a GX2Surface structure (an FTEX's header)
// that places texels.
type GX2Surface struct {
	Dim      uint32 // 0 1D, 1 2D, 2 3D, 3 cube, 4 1D array, 5 2D array, 6 2D MSAA, 7 2D MSAA array
	Width    uint32
	Height   uint32
	Depth    uint32
	MipCount uint32
	Format   uint32 // GX2SurfaceFormat
	AAMode   uint32
	TileMode uint32 // GX2TileMode: 0 default, 1 linear aligned, 2–3 1D, 4–15 2D/2B/3D/3B, 16 linear special
	Swizzle  uint32 // bits 8–10: pipe and bank swizzle
}

// GX2MaxSize bounds width and height: the GPU's limit is 8192.
const GX2MaxSize = 8192

// GX2Level is where one mip level's texels lie.
type GX2Level struct {
	TileMode      uint32 // the address-library tile mode this level uses
	Pitch, Height uint32 // padded size in elements
	Size          uint32 // bytes of the level, every slice
	W, H          int    // texels
	EW, EH        int    // elements holding them
}

// Level computes the layout of mip level level.
func (s *GX2Surface) Level(level int) (GX2Level, error) {
	f, ok := GX2Format(s.Format)
	if !ok {
		return GX2Level{}, fmt.Errorf("GX2 surface format 0x%x is not supported", s.Format)
	}
	if s.Width == 0 || s.Height == 0 || s.Width > GX2MaxSize || s.Height > GX2MaxSize {
		return GX2Level{}, fmt.Errorf("size %dx%d is outside 1..%d", s.Width, s.Height, GX2MaxSize)
	}
	if s.Depth > GX2MaxSize {
		return GX2Level{}, fmt.Errorf("depth %d is larger than %d", s.Depth, GX2MaxSize)
	}
	if s.AAMode != 0 {
		return GX2Level{}, fmt.Errorf("multisampled surfaces (AA mode %d) are not textures", s.AAMode)
	}
	if level < 0 || level > 13 || (level > 0 && uint32(level) >= s.MipCount) {
		return GX2Level{}, fmt.Errorf("mip level %d is outside the texture's %d levels", level, s.MipCount)
	}
	tm := s.TileMode
	if tm == 0 {
		return GX2Level{}, fmt.Errorf("tile mode 0 (default) is not a stored layout")
	}
	if tm > 16 || gx2Thickness(tm) > 1 {
		return GX2Level{}, fmt.Errorf("tile mode %d is not supported (thick and unknown modes)", tm)
	}
	bpp := uint32(f.Bytes * 8)
	w := max(1, s.Width>>level)
	h, slices := uint32(1), uint32(1)
	cube := false
	switch s.Dim {
	case 0:
	case 1, 6:
		h = max(1, s.Height>>level)
	case 2:
		h, slices = max(1, s.Height>>level), max(1, s.Depth>>level)
	case 3:
		h, slices, cube = max(1, s.Height>>level), max(6, s.Depth), true
	case 4:
		slices = max(1, s.Depth)
	case 5, 7:
		h, slices = max(1, s.Height>>level), max(1, s.Depth)
	default:
		return GX2Level{}, fmt.Errorf("surface dimension %d is not known", s.Dim)
	}
	out := GX2Level{W: int(w), H: int(h)}
	out.EW, out.EH = f.Elements(int(w), int(h))
	if tm == 16 {
		// Linear special: tightly packed elements.
		out.TileMode, out.Pitch, out.Height = 0, uint32(out.EW), uint32(out.EH)
		out.Size = uint32(out.EW*out.EH*f.Bytes) * slices
		return out, nil
	}
	// The element grid the address library lays out: BCn levels are
	// padded to whole blocks, and smaller levels to powers of two before
	// counting blocks.
	ew, eh := w, h
	if f.Compressed() {
		if level == 0 {
			ew, eh = alignPow2(w, 4)/4, alignPow2(h, 4)/4
		} else {
			ew, eh = max(1, nextPow2(w)/4), max(1, nextPow2(h)/4)
		}
	}
	mode := gx2MipTileMode(tm, bpp, level, ew, eh)
	pitch, height, nslices := ew, eh, slices
	if level > 0 {
		pitch, height = nextPow2(pitch), nextPow2(height)
		if !cube {
			nslices = nextPow2(slices)
		}
	}
	var pitchAlign, heightAlign uint32
	switch {
	case mode <= 1:
		pitchAlign, heightAlign = 1, 1
		if mode == 1 {
			pitchAlign = max(0x40, 2048/bpp)
		} else if bpp == 1 {
			pitchAlign = 8
		}
	case mode <= 3:
		pitchAlign, heightAlign = max(8, 256/bpp), 8
	default:
		mtw, mth := gx2MacroTile(mode)
		pitchAlign = max(mtw, mtw*(256/bpp/8))
		heightAlign = mth
		if sw := gx2BankSwapWidth(mode, bpp, pitch); sw > pitchAlign {
			pitchAlign = sw
		}
	}
	pitch = (pitch + pitchAlign - 1) / pitchAlign * pitchAlign
	height = (height + heightAlign - 1) / heightAlign * heightAlign
	size := uint64(pitch) * uint64(height) * uint64(nslices) * uint64(bpp) / 8
	if size > 1<<31 {
		return GX2Level{}, fmt.Errorf("level %d would take %d bytes", level, size)
	}
	out.TileMode, out.Pitch, out.Height, out.Size = mode, pitch, height, uint32(size)
	return out, nil
}

func nextPow2(v uint32) uint32 {
	if v <= 1 {
		return 1
	}
	return 1 << bits.Len32(v-1)
}

func alignPow2(v, a uint32) uint32 { return (v + a - 1) &^ (a - 1) }

func gx2Thickness(tm uint32) uint32 {
	switch tm {
	case 3, 7, 11, 13, 15:
		return 4
	}
	return 1
}

// gx2MacroTile is the macro tile's size in elements for a thin mode: 32×16,
// 16×32 (THIN2) or 8×64 (THIN4).
func gx2MacroTile(tm uint32) (w, h uint32) {
	switch tm {
	case 5, 9:
		return 16, 32
	case 6, 10:
		return 8, 64
	}
	return 32, 16
}

func gx2BankSwapped(tm uint32) bool {
	switch tm {
	case 8, 9, 10, 11, 14, 15:
		return true
	}
	return false
}

// gx2BankSwapWidth is the width in elements after which bank-swapped modes
// swap banks (0 for other modes). Single-sampled thin surfaces only.
func gx2BankSwapWidth(tm, bpp, pitch uint32) uint32 {
	if !gx2BankSwapped(tm) {
		return 0
	}
	bytesPerSample := 8 * bpp
	slicesPerTile := uint32(1)
	if bytesPerSample != 0 {
		slicesPerTile = max(1, 1/(2048/bytesPerSample))
	}
	bytesPerTileSlice := bytesPerSample / slicesPerTile
	aspect := uint32(1)
	switch tm {
	case 9:
		aspect = 2
	case 10:
		aspect = 4
	}
	swapWidth := max(1, 128/bpp) * 32
	heightBytes := aspect * bpp * 2 / slicesPerTile
	swapMax := 0x4000 / heightBytes
	swapMin := 256 / bytesPerTileSlice
	w := min(swapMax, max(swapMin, swapWidth))
	for w >= 2*pitch && w > 0 {
		w >>= 1
	}
	return w
}

// gx2MipTileMode is the tile mode level level actually uses: a 2D level
// narrower or shorter than one macro tile falls back to 1D.
//
// Levels after the first of a bank-swapped mode use its plain form.
func gx2MipTileMode(base, bpp uint32, level int, ew, eh uint32) uint32 {
	if level == 0 || base < 4 {
		return base
	}
	mode := base
	switch mode { // the bank-swapped modes decide like their plain forms
	case 8, 9, 10:
		mode -= 4
	case 14:
		mode = 12
	}
	microTileBytes := bpp * 64 / 8
	alignFactor := uint32(1)
	if microTileBytes < 256 {
		alignFactor = max(1, 256/microTileBytes)
	}
	mtw, mth := gx2MacroTile(mode)
	if nextPow2(ew) < alignFactor*mtw || nextPow2(eh) < mth {
		return 2
	}
	return mode
}

// gx2PixelIndex is the index of element (x, y) within its 8×8 micro tile
// for a thin, non-depth surface of bpp bits per element.
func gx2PixelIndex(x, y, bpp uint32) uint32 {
	var b [6]uint32
	switch bpp {
	case 8:
		b = [6]uint32{x & 1, x >> 1 & 1, x >> 2 & 1, y >> 1 & 1, y & 1, y >> 2 & 1}
	case 16:
		b = [6]uint32{x & 1, x >> 1 & 1, x >> 2 & 1, y & 1, y >> 1 & 1, y >> 2 & 1}
	case 64:
		b = [6]uint32{x & 1, y & 1, x >> 1 & 1, x >> 2 & 1, y >> 1 & 1, y >> 2 & 1}
	case 128:
		b = [6]uint32{y & 1, x & 1, x >> 1 & 1, x >> 2 & 1, y >> 1 & 1, y >> 2 & 1}
	default: // 32
		b = [6]uint32{x & 1, x >> 1 & 1, y & 1, x >> 2 & 1, y >> 1 & 1, y >> 2 & 1}
	}
	return b[0] | b[1]<<1 | b[2]<<2 | b[3]<<3 | b[4]<<4 | b[5]<<5
}

// Untile copies level's elements out of src (the level's data, at least
// lv.Size bytes) into a row-major, tightly packed array of EW×EH elements
// (slice 0).
func (s *GX2Surface) Untile(lv GX2Level, src []byte) ([]byte, error) {
	f, ok := GX2Format(s.Format)
	if !ok {
		return nil, fmt.Errorf("GX2 surface format 0x%x is not supported", s.Format)
	}
	if uint64(len(src)) < uint64(lv.Size) {
		return nil, fmt.Errorf("level %dx%d needs 0x%x bytes, 0x%x remain", lv.W, lv.H, lv.Size, len(src))
	}
	if lv.EW <= 0 || lv.EH <= 0 || uint32(lv.EW) > lv.Pitch || uint32(lv.EH) > lv.Height {
		return nil, fmt.Errorf("level layout %dx%d in %dx%d does not hold together", lv.EW, lv.EH, lv.Pitch, lv.Height)
	}
	bpe := f.Bytes
	bpp := uint32(bpe * 8)
	out := make([]byte, lv.EW*lv.EH*bpe)
	pitch := lv.Pitch
	switch {
	case lv.TileMode <= 1:
		for y := 0; y < lv.EH; y++ {
			o := int(uint32(y)*pitch) * bpe
			copy(out[y*lv.EW*bpe:(y+1)*lv.EW*bpe], src[o:o+lv.EW*bpe])
		}
		return out, nil
	case lv.TileMode <= 3:
		microTileBytes := 64 * bpp / 8
		tilesPerRow := pitch / 8
		for y := uint32(0); y < uint32(lv.EH); y++ {
			row := (y >> 3) * tilesPerRow
			d := int(y) * lv.EW * bpe
			for x := uint32(0); x < uint32(lv.EW); x++ {
				a := int(microTileBytes*((x>>3)+row) + gx2PixelIndex(x, y, bpp)*bpp/8)
				copy(out[d:d+bpe], src[a:a+bpe])
				d += bpe
			}
		}
		return out, nil
	}
	pipeSwizzle := s.Swizzle >> 8 & 1
	bankSwizzle := s.Swizzle >> 9 & 3
	mtw, mth := gx2MacroTile(lv.TileMode)
	mtwShift, mthShift := uint32(bits.TrailingZeros32(mtw)), uint32(bits.TrailingZeros32(mth))
	macroTilesPerRow := pitch / mtw
	macroTileBytes := mtw * mth * bpp / 8
	swap := gx2BankSwapped(lv.TileMode)
	swapWidth := gx2BankSwapWidth(lv.TileMode, bpp, pitch)
	swz := pipeSwizzle + 2*bankSwizzle
	var elemOff [64]uint32 // byte offset of (x&7, y&7) in its micro tile
	for i := range elemOff {
		elemOff[i] = gx2PixelIndex(uint32(i&7), uint32(i>>3), bpp) * bpp / 8
	}
	// Every address lies below the padded macro tile rows rounded up to
	// the 2048-byte bank/pipe interleave: checked once, not per element.
	if lv.Pitch%mtw != 0 || macroTileBytes == 0 {
		return nil, fmt.Errorf("pitch %d is not a whole number of %d-element macro tiles", lv.Pitch, mtw)
	}
	need := uint64(macroTilesPerRow) * uint64((uint32(lv.EH)+mth-1)>>mthShift) * uint64(macroTileBytes)
	if need = (need + 2047) &^ 2047; need > uint64(len(src)) {
		return nil, fmt.Errorf("level %dx%d needs 0x%x bytes, 0x%x remain", lv.W, lv.H, need, len(src))
	}
	// Within one row of a micro tile (8 elements) pipe, bank and macro
	// tile are fixed: they are worked out once per micro tile column, and
	// each element adds its place in the micro tile (elemOff's row).
	// Pipe is bit 0 of bankPipe, bank bits 1–2: from the coordinates,
	// pipe = (y>>3 ^ x>>3)&1 and bank = (y>>5 ^ x>>3)&1 | 2·((y>>4 ^ x>>4)&1),
	// so the x part for micro tile column tx = x>>3 is tx&1 | (tx&3)<<1.
	ntx := (uint32(lv.EW) + 7) >> 3
	colSwap := make([]uint32, ntx) // per micro tile column: x's bank/pipe bits, bank swap, macro tile offset>>3
	colOff := make([]uint32, ntx)
	for tx := uint32(0); tx < ntx; tx++ {
		colSwap[tx] = tx&1 | (tx&3)<<1
		mx := (tx << 3) >> mtwShift
		if swap && swapWidth > 0 {
			colSwap[tx] |= gx2BankSwapOrder[(mtw*mx/swapWidth)&3] << 4 // applied after the swizzle
		}
		colOff[tx] = mx * macroTileBytes >> 3
	}
	rowBytes := lv.EW * bpe
	for y := uint32(0); y < uint32(lv.EH); y++ {
		d := int(y) * rowBytes
		rowOff := (y >> mthShift) * macroTilesPerRow * macroTileBytes >> 3
		eo := (*[8]uint32)(elemOff[(y&7)<<3:])
		yBankPipe := (y>>3&1 | (y>>5&1)<<1 | (y>>4&1)<<2) ^ swz
		for tx := uint32(0); tx < ntx; tx++ {
			c := colSwap[tx]
			bankPipe := (yBankPipe ^ c) & 7
			bankPipe ^= (c >> 4) << 1 // the 2B/3B modes' bank swap
			bp := bankPipe << 8       // bank<<9 | pipe<<8
			tb := rowOff + colOff[tx]
			n := min(8, lv.EW-int(tx<<3))
			switch bpe {
			case 8:
				for i := 0; i < n; i++ {
					t := eo[i] + tb
					a := bp | t&0xFF | (t&^0xFF)<<3
					*(*[8]byte)(out[d:]) = *(*[8]byte)(src[a:])
					d += 8
				}
			case 16:
				for i := 0; i < n; i++ {
					t := eo[i] + tb
					a := bp | t&0xFF | (t&^0xFF)<<3
					*(*[16]byte)(out[d:]) = *(*[16]byte)(src[a:])
					d += 16
				}
			case 4:
				for i := 0; i < n; i++ {
					t := eo[i] + tb
					a := bp | t&0xFF | (t&^0xFF)<<3
					*(*[4]byte)(out[d:]) = *(*[4]byte)(src[a:])
					d += 4
				}
			default:
				for i := 0; i < n; i++ {
					t := eo[i] + tb
					a := int(bp | t&0xFF | (t&^0xFF)<<3)
					copy(out[d:d+bpe], src[a:a+bpe])
					d += bpe
				}
			}
		}
	}
	return out, nil
}

var gx2BankSwapOrder = [4]uint32{0, 1, 3, 2}
