// Package rendertest gives a test a current OpenGL 4.1 core context, so
// that render, its GX programs and anything else that draws can test
// itself in its own package (under Xvfb where there is no desktop). The
// context belongs to a hidden GLFW window made for the test.
//
// It is test support: only _test.go files import it (internal/archtest
// keeps production packages off it). The window comes from
// internal/platform, the one package that calls GLFW, so tests start the
// window system exactly as the program does. It does not load GL's entry
// points: render.Init does that, and rendertest cannot import render,
// whose own tests use it.
package rendertest

import (
	"os"
	"runtime"
	"testing"

	"github.com/animscope/animscope/internal/platform"
)

// RequireDisplay is the environment variable (set by make test) that turns
// a missing display from a skip into a failure, so GL tests cannot
// silently not run where they are meant to.
const RequireDisplay = "ANIMSCOPE_REQUIRE_DISPLAY"

// Run calls f with the current OpenGL 4.1 core context of a hidden
// window, on the calling goroutine locked to its OS thread (a context is
// current on one thread); the window and GLFW are gone when Run returns.
// Benchmarks may call it too: f then runs where b.N is counted (b.Run
// would move to another goroutine, where no context is current).
//
// With no display configured ($DISPLAY and $WAYLAND_DISPLAY unset on
// X11/Wayland systems) it skips t, or fails it when RequireDisplay is
// set. A display that is configured but refuses GLFW fails t.
func Run(t testing.TB, f func()) {
	t.Helper()
	if !platform.HasDisplay() {
		why := "no display ($DISPLAY/$WAYLAND_DISPLAY unset); run under xvfb-run, as make test does"
		if os.Getenv(RequireDisplay) != "" {
			t.Fatalf("%s; %s is set: the GL tests must run, not skip", why, RequireDisplay)
		}
		t.Skip(why)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := platform.Init(); err != nil {
		t.Fatalf("rendertest: %v", err)
	}
	defer platform.Terminate()
	// Tests draw into framebuffers of their own, so the window's size
	// does not matter.
	win, err := platform.NewWindow(platform.Options{Title: "animscope test", Width: 64, Height: 64, Hidden: true})
	if err != nil {
		t.Fatalf("rendertest: %v", err)
	}
	defer win.Destroy()
	f()
}
