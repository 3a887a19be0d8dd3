package texture

import (
	"testing"
)

// Level layouts the address library gives (MESH-FACTS B.9), worked out by
// hand: a BC1 256x128 2D surface is 64x32 blocks, pitch aligned to the
// 32-element macro tile, 16 rows per macro tile; level 1 (32x16 blocks) is
// still one macro tile; level 2 (16x8) falls back to 1D, 8x8 micro tiles.
func TestGX2LevelLayouts(t *testing.T) {
	s := GX2Surface{Dim: 1, Width: 256, Height: 128, Depth: 1, MipCount: 4, Format: 0x31, TileMode: 4, Swizzle: 0x20500}
	want := []GX2Level{
		{TileMode: 4, Pitch: 64, Height: 32, Size: 64 * 32 * 8, W: 256, H: 128, EW: 64, EH: 32},
		{TileMode: 4, Pitch: 32, Height: 16, Size: 32 * 16 * 8, W: 128, H: 64, EW: 32, EH: 16},
		{TileMode: 2, Pitch: 16, Height: 8, Size: 16 * 8 * 8, W: 64, H: 32, EW: 16, EH: 8},
		{TileMode: 2, Pitch: 8, Height: 8, Size: 8 * 8 * 8, W: 32, H: 16, EW: 8, EH: 4},
	}
	for i, w := range want {
		got, err := s.Level(i)
		if err != nil || got != w {
			t.Errorf("level %d: %+v, %v; want %+v", i, got, err, w)
		}
	}
	// The first 1D level is what BotW's swizzle bits 16+ record.
	if first := s.Swizzle >> 16; first != 2 {
		t.Fatalf("fixture swizzle %x", s.Swizzle)
	}
	// RGBA8 linear aligned: pitch rounds to 64 elements.
	l := GX2Surface{Dim: 1, Width: 40, Height: 24, Depth: 1, MipCount: 3, Format: 0x1A, TileMode: 1}
	if got, _ := l.Level(0); got.Pitch != 64 || got.Height != 24 || got.Size != 64*24*4 {
		t.Errorf("linear level 0: %+v", got)
	}
	// BC1 100x60 odd: 25x15 blocks padded to 32x16; level 1 (50x30 ->
	// 64x32 pixels -> 16x8 blocks) on 1D.
	o := GX2Surface{Dim: 1, Width: 100, Height: 60, Depth: 1, MipCount: 2, Format: 0x431, TileMode: 4}
	if got, _ := o.Level(0); got.Pitch != 32 || got.Height != 16 || got.EW != 25 || got.EH != 15 {
		t.Errorf("odd level 0: %+v", got)
	}
	if got, _ := o.Level(1); got.TileMode != 2 || got.Pitch != 16 || got.Height != 8 || got.EW != 13 || got.EH != 8 {
		t.Errorf("odd level 1: %+v", got)
	}
}

func TestGX2Rejects(t *testing.T) {
	base := GX2Surface{Dim: 1, Width: 64, Height: 64, Depth: 1, MipCount: 2, Format: 0x31, TileMode: 4}
	for name, mod := range map[string]func(*GX2Surface){
		"thick mode":   func(s *GX2Surface) { s.TileMode = 7 },
		"default mode": func(s *GX2Surface) { s.TileMode = 0 },
		"unknown mode": func(s *GX2Surface) { s.TileMode = 17 },
		"huge":         func(s *GX2Surface) { s.Width = 1 << 20 },
		"zero":         func(s *GX2Surface) { s.Height = 0 },
		"format":       func(s *GX2Surface) { s.Format = 0x3F },
		"snorm BC1":    func(s *GX2Surface) { s.Format = 0x231 },
		"multisampled": func(s *GX2Surface) { s.AAMode = 2 },
		"dimension":    func(s *GX2Surface) { s.Dim = 9 },
	} {
		s := base
		mod(&s)
		if _, err := s.Level(0); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := base.Level(2); err == nil {
		t.Error("level past the mip count accepted")
	}
	lv, _ := base.Level(0)
	if _, err := base.Untile(lv, make([]byte, lv.Size-1)); err == nil {
		t.Error("short level data accepted")
	}
}

func TestGX2PixelIndexIsAPermutation(t *testing.T) {
	for _, bpp := range []uint32{8, 16, 32, 64, 128} {
		seen := map[uint32]bool{}
		for y := uint32(0); y < 8; y++ {
			for x := uint32(0); x < 8; x++ {
				seen[gx2PixelIndex(x, y, bpp)] = true
			}
		}
		if len(seen) != 64 {
			t.Errorf("bpp %d: %d distinct indices", bpp, len(seen))
		}
	}
}
