package main

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is CLOCK_THREAD_CPUTIME_ID: the CPU time of the
// calling thread. The frame loop runs on the locked main thread, so this
// is the loop's own CPU time, not stretched by other processes.
const clockThreadCPUTime = 3

// threadCPU returns the calling thread's CPU time, ok false where the
// clock is unavailable.
func threadCPU() (time.Duration, bool) {
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
