//go:build unix

package bfres

import "syscall"

// processCPU is the CPU time the process has used, in nanoseconds. The
// benchmarks report it per op next to wall time, because on a shared
// machine wall time mostly measures the other processes.
func processCPU() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
