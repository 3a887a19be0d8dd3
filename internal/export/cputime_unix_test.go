//go:build unix

package export

import "syscall"

// processCPU is the CPU time the process has used, in nanoseconds: the
// benchmarks report it per op next to wall time, which on a shared
// machine mostly measures the other processes.
func processCPU() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
