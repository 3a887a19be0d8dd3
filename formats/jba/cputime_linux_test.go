package jba

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time the calling OS thread has used. Benchmarks
// report it next to wall time because the machines they run on are shared:
// wall time then includes waiting for a core, CPU time does not.
func threadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
