package jba

import (
	"testing"

	"github.com/animscope/animscope/anim"
)

// BenchmarkSampleLarge is the viewer's per-frame cost on the 120-bone,
// 300-frame fixture: one anim.Evaluate into a reused pose at a fractional
// frame (a slerp per bone), frames spread over every block. Target: at
// most 10 µs per op, 0 allocs.
func BenchmarkSampleLarge(b *testing.B) {
	f, err := Decode(readFixture(b, "testdata/large_120x300.jba"))
	if err != nil {
		b.Fatal(err)
	}
	c := f.Clip("large_120x300")
	pose := anim.NewPose(c)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		anim.Evaluate(c, float64(i%2990)*0.1+0.05, pose)
	}
}

// BenchmarkOpenLarge is the cost of loading the same file: decode and
// conversion to a clip.
func BenchmarkOpenLarge(b *testing.B) {
	data := readFixture(b, "testdata/large_120x300.jba")
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		f, err := Decode(data)
		if err != nil {
			b.Fatal(err)
		}
		f.Clip("large_120x300")
	}
}
