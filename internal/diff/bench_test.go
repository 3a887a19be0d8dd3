package diff

import (
	"os"
	"testing"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/cputime/cputimetest"
)

// BenchmarkCompareLarge compares the 400-joint fixture with itself at the
// default frames (every half frame): the work of `animscope diff` and of
// opening an A/B comparison in the viewer, minus reading the files.
func BenchmarkCompareLarge(b *testing.B) {
	data, err := os.ReadFile("../app/testdata/large.bck")
	if err != nil {
		b.Fatal(err)
	}
	a1, err := formats.Open("large.bck", data)
	if err != nil {
		b.Fatal(err)
	}
	a2, err := formats.Open("large.bck", data)
	if err != nil {
		b.Fatal(err)
	}
	ca, cb := a1.Clips[0], a2.Clips[0]
	b.Logf("%d targets, %d frames", len(ca.Targets), len(DefaultFrames(ca, cb)))
	b.ResetTimer()
	defer cputimetest.Meter(b, 0)()
	for range b.N {
		res, err := Compare(Side{Clip: ca}, Side{Clip: cb}, Options{})
		if err != nil || !res.Same() {
			b.Fatalf("%v %v", err, res.Differences())
		}
	}
}
