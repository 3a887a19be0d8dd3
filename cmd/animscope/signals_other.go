//go:build !unix

package main

import (
	"os"
	"os/signal"

	"github.com/animscope/animscope/internal/platform"
)

func notifySignals() <-chan os.Signal {
	in := make(chan os.Signal, 4)
	out := make(chan os.Signal, 4)
	signal.Notify(in, os.Interrupt)
	go func() {
		for s := range in {
			out <- s
			platform.Wake()
		}
	}()
	return out
}

func isScreenshotSignal(os.Signal) bool { return false }
