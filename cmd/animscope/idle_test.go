package main

import "testing"

// TestIdleWait: an idle viewer must not burn a CPU core: the loop sleeps
// until an event only when nothing animates, ImGui has settled and no
// screenshot or benchmark runs.
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
		if got := idleWait(c.headless, c.busy, c.quiet) > 0; got != c.sleeps {
			t.Errorf("idleWait(headless %v, busy %v, quiet %d) sleeps %v, want %v", c.headless, c.busy, c.quiet, got, c.sleeps)
		}
	}
	if w := idleWait(false, false, 1000); w < idleWake {
		t.Errorf("idle wait %v, want at least %v (one frame per wake)", w, idleWake)
	}
}
