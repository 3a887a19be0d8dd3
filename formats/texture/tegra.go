package texture

import (
	"fmt"
	"math/bits"
)

// Tegra X1 block-linear layout (Switch textures, MESH-FACTS C.5): the
// surface is cut into GOBs of 64 bytes × 8 rows; a block is one GOB wide
// and BlockHeight GOBs tall; blocks run left to right, then down. Inside a
// GOB the 512 bytes are ordered in 16-byte pieces of 2 rows.

const (
	gobBytesX = 64
	gobRows   = 8
	gobBytes  = gobBytesX * gobRows
)

// TegraMipBlockHeight is the block height of a level heightElems elements
// tall whose first level uses blockHeight: halved while the level fits in
// half a block.
func TegraMipBlockHeight(blockHeight, heightElems int) int {
	gobs := (heightElems + gobRows - 1) / gobRows
	for blockHeight > 1 && gobs <= blockHeight/2 {
		blockHeight /= 2
	}
	return blockHeight
}

// TegraValidBlockHeight reports whether bh is a block height the GPU
// knows: 1, 2, 4, 8, 16 or 32 GOBs.
func TegraValidBlockHeight(bh int) bool {
	return bh >= 1 && bh <= 32 && bits.OnesCount(uint(bh)) == 1
}

// TegraSize is the byte size of a block-linear level of ew×eh elements
// of bpe bytes with block height bh.
func TegraSize(ew, eh, bpe, bh int) int {
	widthGobs := (ew*bpe + gobBytesX - 1) / gobBytesX
	rows := (eh + gobRows*bh - 1) / (gobRows * bh)
	return rows * widthGobs * gobBytes * bh
}

// TegraUntile copies a block-linear level of ew×eh elements of bpe bytes
// (block height bh GOBs) out of src into a row-major, tightly packed array.
func TegraUntile(src []byte, ew, eh, bpe, bh int) ([]byte, error) {
	if ew <= 0 || eh <= 0 || ew > 1<<15 || eh > 1<<15 || bpe <= 0 || bpe > 16 {
		return nil, fmt.Errorf("block-linear level %dx%d elements of %d bytes is out of range", ew, eh, bpe)
	}
	if !TegraValidBlockHeight(bh) {
		return nil, fmt.Errorf("block height %d is not 1, 2, 4, 8, 16 or 32", bh)
	}
	if need := TegraSize(ew, eh, bpe, bh); len(src) < need {
		return nil, fmt.Errorf("block-linear level %dx%d (block height %d) needs 0x%x bytes, 0x%x remain", ew, eh, bh, need, len(src))
	}
	rowBytes := ew * bpe
	widthGobs := (rowBytes + gobBytesX - 1) / gobBytesX
	blockBytes := gobBytes * bh
	out := make([]byte, rowBytes*eh)
	for y := 0; y < eh; y++ {
		rowBase := (y/(gobRows*bh))*widthGobs*blockBytes + (y%(gobRows*bh))/gobRows*gobBytes +
			(y%gobRows)/2*64 + (y%2)*16
		d := out[y*rowBytes : (y+1)*rowBytes]
		// A GOB row of 64 bytes is four 16-byte runs at 0, 32, 256 and
		// 288 bytes into the GOB; whole GOB columns first, then the rest.
		xb, a := 0, rowBase
		for ; xb+64 <= rowBytes; xb, a = xb+64, a+blockBytes {
			*(*[16]byte)(d[xb:]) = *(*[16]byte)(src[a:])
			*(*[16]byte)(d[xb+16:]) = *(*[16]byte)(src[a+32:])
			*(*[16]byte)(d[xb+32:]) = *(*[16]byte)(src[a+256:])
			*(*[16]byte)(d[xb+48:]) = *(*[16]byte)(src[a+288:])
		}
		for ; xb < rowBytes; xb += 16 {
			a := rowBase + (xb/gobBytesX)*blockBytes + (xb%gobBytesX)/32*256 + (xb%32)/16*32
			n := min(16, rowBytes-xb)
			copy(d[xb:xb+n], src[a:a+n])
		}
	}
	return out, nil
}

// NXFormat returns the element format of an nn::gfx texture format word
// ((channel format << 8) | type; MESH-FACTS C.3); ok is false for formats
// no supported file uses.
func NXFormat(v uint32) (f ElementFormat, ok bool) {
	ch, typ := v>>8, v&0xFF
	var suffix string
	switch typ {
	case 1:
		suffix = "_UNORM"
	case 2:
		suffix = "_SNORM"
		f.SNorm = true
	case 5:
		suffix = "_SF16"
		f.SNorm = true
	case 6:
		suffix = "_SRGB"
		f.SRGB = true
	case 10:
		suffix = "_UF16"
	default:
		return ElementFormat{}, false
	}
	float := typ == 5 || typ == 10
	set := func(name string, enc Encoding, bw, bh, n int) {
		f.Name, f.Enc, f.BlockW, f.BlockH, f.Bytes = name+suffix, enc, bw, bh, n
	}
	switch {
	case ch == 0x02:
		set("R8", EncR8, 1, 1, 1)
	case ch == 0x09:
		set("R8G8", EncRG8, 1, 1, 2)
	case ch == 0x0B:
		set("R8G8B8A8", EncRGBA8, 1, 1, 4)
	case ch == 0x0C:
		set("B8G8R8A8", EncBGRA8, 1, 1, 4)
	case ch >= 0x1A && ch <= 0x20:
		enc := [...]Encoding{EncBC1, EncBC2, EncBC3, EncBC4, EncBC5, EncBC6H, EncBC7}[ch-0x1A]
		n := 16
		if enc == EncBC1 || enc == EncBC4 {
			n = 8
		}
		set(fmt.Sprintf("BC%d", ch-0x1A+1), enc, 4, 4, n)
		if enc == EncBC6H {
			f.Name = "BC6H" + suffix
		}
	case ch >= 0x2D && ch <= 0x3A:
		b := astcBlocks[ch-0x2D]
		set(fmt.Sprintf("ASTC_%dx%d", b[0], b[1]), EncASTC, b[0], b[1], 16)
	default:
		return ElementFormat{}, false
	}
	// Which types each layout has: SNORM for the one- and two-channel
	// formats, sRGB for the colour ones, the float types for BC6H only.
	switch {
	case float != (f.Enc == EncBC6H):
		return ElementFormat{}, false
	case f.SRGB && (f.Enc == EncR8 || f.Enc == EncRG8 || f.Enc == EncBC4 || f.Enc == EncBC5):
		return ElementFormat{}, false
	case typ == 2 && (f.Enc == EncBC1 || f.Enc == EncBC2 || f.Enc == EncBC3 || f.Enc == EncBC7 || f.Enc == EncASTC):
		return ElementFormat{}, false
	}
	f.Float = float
	return f, true
}

// astcBlocks are the 2D ASTC block sizes of nn::gfx formats 0x2D..0x3A.
var astcBlocks = [...][2]int{{4, 4}, {5, 4}, {5, 5}, {6, 5}, {6, 6}, {8, 5}, {8, 6}, {8, 8}, {10, 5}, {10, 6}, {10, 8}, {10, 10}, {12, 10}, {12, 12}}
