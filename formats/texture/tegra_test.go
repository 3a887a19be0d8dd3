package texture

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// tegraAddr is the byte address of byte xb of row y, written out term by
// term as MESH-FACTS C.5 states it (a separate route from TegraUntile's
// run copies).
func tegraAddr(xb, y, widthElems, bpe, bh int) int {
	widthInGobs := (widthElems*bpe + 63) / 64
	a := (y / (8 * bh)) * widthInGobs * 512 * bh
	a += (xb / 64) * 512 * bh
	a += ((y % (8 * bh)) / 8) * 512
	a += ((xb%64)/32)*256 + ((y%8)/2)*64 + ((xb%32)/16)*32 + (y%2)*16 + xb%16
	return a
}

func TestTegraUntileMatchesAddressFormula(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct{ ew, eh, bpe, bh int }{
		{1, 1, 4, 1}, {16, 16, 8, 1}, {64, 32, 8, 4}, {25, 15, 8, 2}, {13, 8, 16, 1},
		{128, 128, 1, 16}, {100, 60, 4, 8}, {24, 16, 4, 2}, {7, 300, 2, 32}, {33, 70, 16, 4},
	} {
		src := make([]byte, TegraSize(c.ew, c.eh, c.bpe, c.bh))
		for i := range src {
			src[i] = byte(rng.Uint32())
		}
		got, err := TegraUntile(src, c.ew, c.eh, c.bpe, c.bh)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		want := make([]byte, c.ew*c.eh*c.bpe)
		for y := 0; y < c.eh; y++ {
			for xb := 0; xb < c.ew*c.bpe; xb++ {
				want[y*c.ew*c.bpe+xb] = src[tegraAddr(xb, y, c.ew, c.bpe, c.bh)]
			}
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%+v: untiled bytes differ from the address formula", c)
		}
		if _, err := TegraUntile(src[:len(src)-1], c.ew, c.eh, c.bpe, c.bh); err == nil {
			t.Errorf("%+v: one byte short was accepted", c)
		}
	}
}

func TestTegraBlockHeights(t *testing.T) {
	// The per-level halving of the header's block height: the fixture's
	// BC1 256x128 (32 block rows) uses 4, 2, 1, 1; its R8 128x128 16, 8;
	// SMO BombHei's BC1 128x128 4, 2, 1.
	for _, c := range []struct{ bh, h, want int }{{4, 32, 4}, {4, 16, 2}, {4, 8, 1}, {4, 4, 1}, {16, 128, 16}, {16, 64, 8}, {16, 9, 2}, {2, 9, 2}, {1, 1, 1}} {
		if got := TegraMipBlockHeight(c.bh, c.h); got != c.want {
			t.Errorf("TegraMipBlockHeight(%d, %d) = %d, want %d", c.bh, c.h, got, c.want)
		}
	}
	for _, bh := range []int{0, 3, 64, -1} {
		if _, err := TegraUntile(make([]byte, 4096), 4, 4, 4, bh); err == nil {
			t.Errorf("block height %d accepted", bh)
		}
	}
}
