package texture

import (
	"testing"

	"github.com/animscope/animscope/internal/cputime/cputimetest"
)

// Issue 22's targets: GX2 and Tegra untiling >= 500 MB/s, BC1 decode >=
// 100 Mpixel/s on one core (b.SetBytes counts untiled bytes; for BC1 the
// MB/s figure is Mpixel/s × 4). cpu-MB/s is the same in the loop's
// thread CPU time, which other processes on a shared machine do not
// stretch.

func BenchmarkGX2Untile2DBC1(b *testing.B) {
	s := GX2Surface{Dim: 1, Width: 1024, Height: 1024, Depth: 1, MipCount: 1, Format: 0x31, TileMode: 4, Swizzle: 0x700}
	lv, err := s.Level(0)
	if err != nil {
		b.Fatal(err)
	}
	src := make([]byte, lv.Size)
	b.SetBytes(int64(lv.Size))
	defer cputimetest.Meter(b, int(lv.Size))()
	for b.Loop() {
		if _, err := s.Untile(lv, src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTegraUntileBC1(b *testing.B) {
	ew, eh := 256, 256 // 1024² BC1
	src := make([]byte, TegraSize(ew, eh, 8, 16))
	b.SetBytes(int64(ew * eh * 8))
	defer cputimetest.Meter(b, ew*eh*8)()
	for b.Loop() {
		if _, err := TegraUntile(src, ew, eh, 8, 16); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeBC1(b *testing.B) {
	f, _ := GX2Format(0x31)
	data := make([]byte, f.LinearSize(1024, 1024))
	for i := range data {
		data[i] = byte(i * 7)
	}
	b.SetBytes(1024 * 1024 * 4)
	defer cputimetest.Meter(b, 1024*1024*4)()
	for b.Loop() {
		if _, err := f.Decode(data, 1024, 1024); err != nil {
			b.Fatal(err)
		}
	}
}
