//go:build !linux

package jba

import "time"

func threadCPU() (time.Duration, bool) { return 0, false }
