// Package rendertest gives a test a current OpenGL 4.1 core context, so
// that render, its GX programs and anything else that draws can test
// itself in its own package (under Xvfb where there is no desktop). The
// context belongs to a hidden GLFW window made for the test.
//
// It is test support: only _test.go files import it (internal/archtest
// keeps production packages off it), and it is the one place besides
// cmd/animscope's platform code that calls GLFW. It does not load GL's
// entry points: render.Init does that, and rendertest cannot import
// render, whose own tests use it.
package rendertest

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
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
	if !hasDisplay() {
		why := "no display ($DISPLAY/$WAYLAND_DISPLAY unset); run under xvfb-run, as make test does"
		if os.Getenv(RequireDisplay) != "" {
			t.Fatalf("%s; %s is set: the GL tests must run, not skip", why, RequireDisplay)
		}
		t.Skip(why)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := initGLFW(); err != nil {
		t.Fatal(err)
	}
	defer glfw.Terminate()
	win, err := hiddenWindow()
	if err != nil {
		t.Fatal(err)
	}
	defer win.Destroy()
	f()
}

// hasDisplay reports whether a display server is configured: $DISPLAY or
// $WAYLAND_DISPLAY where X11 or Wayland provide it; macOS and Windows
// always have one.
func hasDisplay() bool {
	switch runtime.GOOS {
	case "darwin", "windows":
		return true
	}
	return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
}

// initGLFW starts GLFW or says why it did not. go-gl's glfw.Init drops
// glfwInit's result: a platform error (no X server at $DISPLAY) is only
// logged, and the next call that needs the library panics. The log line
// is caught to become the error. A server that is there but slow to
// accept (a loaded Xvfb while many tests start) refuses now and then, so
// a failure is tried again twice first.
func initGLFW() error {
	var logged bytes.Buffer
	for try := 0; ; try++ {
		logged.Reset()
		out, flags := log.Writer(), log.Flags()
		log.SetOutput(&logged)
		log.SetFlags(0)
		err := glfw.Init()
		log.SetOutput(out)
		log.SetFlags(flags)
		if err != nil {
			return fmt.Errorf("rendertest: glfw: %w", err)
		}
		if initialized() {
			return nil
		}
		if try == 2 {
			return fmt.Errorf("rendertest: GLFW did not start on the display (%s)", strings.Join(strings.Fields(logged.String()), " "))
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// initialized reports whether glfwInit succeeded. go-gl offers no query
// for it: a call that needs the library panics when it is not, and that
// panic is the only answer there is.
func initialized() (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	glfw.GetTime()
	return true
}

// hiddenWindow opens an invisible window with an OpenGL 4.1 core context
// (forward compatible: the only core contexts macOS hands out) and makes
// the context current. Tests draw into framebuffers of their own, so the
// window's size does not matter.
func hiddenWindow() (*glfw.Window, error) {
	glfw.DefaultWindowHints()
	glfw.WindowHint(glfw.ContextVersionMajor, 4)
	glfw.WindowHint(glfw.ContextVersionMinor, 1)
	glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
	glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
	glfw.WindowHint(glfw.DepthBits, 24)
	glfw.WindowHint(glfw.Visible, glfw.False)
	win, err := glfw.CreateWindow(64, 64, "animscope test", nil, nil)
	if err != nil {
		return nil, fmt.Errorf("rendertest: creating an OpenGL 4.1 core window: %w", err)
	}
	win.MakeContextCurrent()
	return win, nil
}
