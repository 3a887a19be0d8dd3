//go:build !linux

package cputime

import "time"

// Thread is unavailable here: the frame statistics fall back to
// wall-clock time.
func Thread() (time.Duration, bool) { return 0, false }
