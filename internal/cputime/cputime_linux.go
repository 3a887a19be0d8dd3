// Package cputime measures the CPU time of the calling thread (the frame
// statistics of --bench-frames and the frame benchmarks).
package cputime

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is CLOCK_THREAD_CPUTIME_ID: the CPU time of the
// calling thread. The frame loop runs on the locked main thread, so this
// is the loop's own CPU time, not stretched by other processes.
const clockThreadCPUTime = 3

// Thread returns the calling thread's CPU time, ok false where the
// clock is unavailable.
func Thread() (time.Duration, bool) {
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
