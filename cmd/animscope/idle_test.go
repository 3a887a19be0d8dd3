package main

import (
	"testing"
	"time"
)

// TestIdleWait: an idle viewer must not burn a CPU core: the loop sleeps
// until an event only when nothing animates, ImGui has settled and no
// screenshot or benchmark runs; and then it draws no frame until the
// interface's next timed change (a toast's end), not one every few
// seconds.
func TestIdleWait(t *testing.T) {
	cases := []struct {
		headless, busy bool
		quiet          int
		sleeps         bool
	}{
		{false, false, idleAfter + 1, true},
		{false, false, idleAfter, false}, // still settling after input
		{false, true, 100, false},        // playing: every refresh
		{true, false, 100, false},        // screenshot/bench: never sleep
	}
	for _, c := range cases {
		if got := idleWait(c.headless, c.busy, c.quiet, 0, false) > 0; got != c.sleeps {
			t.Errorf("idleWait(headless %v, busy %v, quiet %d) sleeps %v, want %v", c.headless, c.busy, c.quiet, got, c.sleeps)
		}
	}
	// Nothing timed on screen: sleep until an event (bounded by a minute).
	if w := idleWait(false, false, 1000, 0, false); w < time.Minute {
		t.Errorf("idle wait with nothing timed %v, want at least a minute", w)
	}
	// A toast ending in 7 s: the next frame comes just after it, not
	// before and not much later.
	toast := 7 * time.Second
	if w := idleWait(false, false, 1000, toast, true); w < toast || w > toast+100*time.Millisecond {
		t.Errorf("idle wait with a toast ending in %v: %v", toast, w)
	}
	// A change already due still waits a moment (never a busy loop).
	if w := idleWait(false, false, 1000, -time.Second, true); w <= 0 {
		t.Errorf("idle wait with a change already due: %v, want a short sleep", w)
	}
}
