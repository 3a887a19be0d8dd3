//go:build !linux

package main

import "time"

// threadCPU is unavailable here: the frame statistics fall back to
// wall-clock time.
func threadCPU() (time.Duration, bool) { return 0, false }
