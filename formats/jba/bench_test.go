package jba

import (
	"runtime"
	"testing"

	"github.com/animscope/animscope/anim"
)

// BenchmarkSampleLarge is the viewer's per-frame cost on the 120-bone,
// 300-frame fixture: one anim.Evaluate into a reused pose at a fractional
// frame (a slerp per bone), frames spread over every block. Target: at
// most 10 µs per op, 0 allocs. cpu-ns/op is the CPU time of the
// benchmark's thread per op: on a loaded machine ns/op also counts time
// spent waiting for a core.
func BenchmarkSampleLarge(b *testing.B) {
	f, err := Decode(readFixture(b, "testdata/large_120x300.jba"))
	if err != nil {
		b.Fatal(err)
	}
	c := f.Clip("large_120x300")
	pose := anim.NewPose(c)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	cpu0, cpuOK := threadCPU()
	n := 0
	for i := 0; b.Loop(); i++ {
		anim.Evaluate(c, float64(i%2990)*0.1+0.05, pose)
		n++
	}
	if cpu1, ok := threadCPU(); ok && cpuOK && n > 0 {
		b.ReportMetric(float64(cpu1-cpu0)/float64(n), "cpu-ns/op")
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
