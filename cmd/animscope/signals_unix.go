//go:build unix

package main

import (
	"os"
	"os/signal"
	"syscall"

	"github.com/animscope/animscope/internal/platform"
)

// notifySignals delivers SIGUSR1 (write a screenshot now: for bug reports
// and tests) and SIGINT/SIGTERM (close cleanly, saving settings) to the
// frame loop, waking it if it sleeps.
func notifySignals() <-chan os.Signal {
	in := make(chan os.Signal, 4)
	out := make(chan os.Signal, 4)
	signal.Notify(in, syscall.SIGUSR1, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		for s := range in {
			out <- s
			platform.Wake()
		}
	}()
	return out
}

func isScreenshotSignal(s os.Signal) bool { return s == syscall.SIGUSR1 }
