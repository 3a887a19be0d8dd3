package texture

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// gx2MacroAddr is the byte address of element (x, y) of slice 0 of a thin
// macro-tiled, single-sampled surface, written out step by step as the
// address library computes it (MESH-FACTS B.9): the element's bit offset
// in its micro tile, pipe and bank from the coordinates, the swizzle
// XORed in, the macro tile's offset, the bank swap of the 2B/3B modes and
// the final interleave of pipe and bank bits into the 256-byte group. A
// separate route from Untile's per-row tables.
func gx2MacroAddr(x, y, bpp, pitch, tileMode, pipeSwizzle, bankSwizzle uint32) uint32 {
	const numPipes, numBanks, groupBits, pipeBits, bankBits = 2, 4, 8, 1, 2
	elemOffset := bpp * gx2PixelIndex(x&7, y&7, bpp) / 8
	pipe := ((y >> 3) ^ (x >> 3)) & 1
	bank0 := ((y / (16 * numPipes)) ^ (x >> 3)) & 1
	bank1 := ((y / (8 * numPipes)) ^ (x >> 4)) & 1
	bankPipe := pipe + numPipes*(bank0|bank1<<1)
	bankPipe ^= pipeSwizzle + numPipes*bankSwizzle // slice 0: no rotation
	bankPipe %= numPipes * numBanks
	pipe, bank := bankPipe%numPipes, bankPipe/numPipes
	mtPitch, mtHeight := uint32(8*numBanks), uint32(8*numPipes)
	switch tileMode {
	case 5, 9:
		mtPitch, mtHeight = mtPitch/2, mtHeight*2
	case 6, 10:
		mtPitch, mtHeight = mtPitch/4, mtHeight*4
	}
	mtBytes := bpp * mtPitch * mtHeight / 8
	mtX, mtY := x/mtPitch, y/mtHeight
	mtOffset := (mtX + pitch/mtPitch*mtY) * mtBytes
	switch tileMode {
	case 8, 9, 10, 11, 14, 15:
		order := [4]uint32{0, 1, 3, 2}
		bank ^= order[(mtPitch*mtX/gx2BankSwapWidth(tileMode, bpp, pitch))%numBanks]
	}
	total := elemOffset + mtOffset>>(pipeBits+bankBits)
	groupMask := uint32(1)<<groupBits - 1
	return bank<<(pipeBits+groupBits) | pipe<<groupBits | total&groupMask | (total&^groupMask)<<(pipeBits+bankBits)
}

func TestGX2UntileMatchesAddressLibrary(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	formats := []uint32{0x01, 0x07, 0x1A, 0x31, 0x33} // 8, 16, 32, 64, 128 bits
	for _, tm := range []uint32{4, 5, 6, 8, 9, 10, 12, 14} {
		for _, fmtv := range formats {
			for _, size := range [][2]uint32{{256, 128}, {100, 60}, {1024, 64}, {40, 600}, {512, 512}} {
				swz := uint32(rng.IntN(8)) << 8
				s := GX2Surface{Dim: 1, Width: size[0], Height: size[1], Depth: 1, MipCount: 1, Format: fmtv, TileMode: tm, Swizzle: swz}
				name := fmt.Sprintf("mode %d format 0x%x %dx%d swizzle %x", tm, fmtv, size[0], size[1], swz)
				lv, err := s.Level(0)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if lv.TileMode != tm {
					t.Fatalf("%s: level 0 uses mode %d", name, lv.TileMode)
				}
				src := make([]byte, lv.Size)
				for i := range src {
					src[i] = byte(rng.Uint32())
				}
				got, err := s.Untile(lv, src)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				f, _ := GX2Format(fmtv)
				bpe := f.Bytes
				want := make([]byte, lv.EW*lv.EH*bpe)
				for y := 0; y < lv.EH; y++ {
					for x := 0; x < lv.EW; x++ {
						a := int(gx2MacroAddr(uint32(x), uint32(y), uint32(bpe*8), lv.Pitch, tm, swz>>8&1, swz>>9&3))
						copy(want[(y*lv.EW+x)*bpe:], src[a:a+bpe])
					}
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s: untiled bytes differ from the address library's", name)
				}
			}
		}
	}
}
