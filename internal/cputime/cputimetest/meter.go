// Package cputimetest reports benchmarks in the calling thread's CPU time,
// which on a shared machine, unlike wall time, does not count other
// processes.
package cputimetest

import (
	"runtime"
	"testing"

	"github.com/animscope/animscope/internal/cputime"
)

// Meter reports the benchmark loop's thread CPU time per operation
// ("cpu-ns/op") and, when bytes > 0, the CPU-time throughput
// ("cpu-MB/s"). Call it right before the loop and defer the function it
// returns; the goroutine stays locked to its thread meanwhile.
func Meter(b *testing.B, bytes int) func() {
	runtime.LockOSThread()
	start, ok := cputime.Thread()
	return func() {
		end, _ := cputime.Thread()
		runtime.UnlockOSThread()
		if ok && b.N > 0 {
			ns := float64(end-start) / float64(b.N)
			b.ReportMetric(ns, "cpu-ns/op")
			if bytes > 0 {
				b.ReportMetric(float64(bytes)/ns*1e3, "cpu-MB/s")
			}
		}
	}
}
