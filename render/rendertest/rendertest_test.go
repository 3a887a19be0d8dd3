package rendertest

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// TestRunGivesAHidden41CoreContext: inside Run a context is current on
// the calling thread, of a window nobody sees, at least OpenGL 4.1 with
// the core profile.
func TestRunGivesAHidden41CoreContext(t *testing.T) {
	ran := false
	Run(t, func() {
		ran = true
		w := glfw.GetCurrentContext()
		if w == nil {
			t.Fatal("no context is current inside Run")
		}
		major, minor := w.GetAttrib(glfw.ContextVersionMajor), w.GetAttrib(glfw.ContextVersionMinor)
		if major < 4 || major == 4 && minor < 1 {
			t.Errorf("context version %d.%d, want at least 4.1", major, minor)
		}
		if p := w.GetAttrib(glfw.OpenGLProfile); p != glfw.OpenGLCoreProfile {
			t.Errorf("profile 0x%x, want core (0x%x)", p, glfw.OpenGLCoreProfile)
		}
		if w.GetAttrib(glfw.Visible) != glfw.False {
			t.Error("the test's window is visible")
		}
	})
	if !ran {
		t.Error("Run returned without calling f")
	}
}

// outcome is what Run did to a test: skipped or failed it (with the
// message), or called f.
type outcome struct {
	skipped, failed string
	ran             bool
}

// recorder is a testing.TB whose Skip and Fatal end the goroutine they
// are called on, as the real ones do, after noting the message.
type recorder struct {
	testing.TB
	out *outcome
}

func (r recorder) Helper() {}

func (r recorder) Skip(args ...any) {
	r.out.skipped = fmt.Sprint(args...)
	runtime.Goexit()
}

func (r recorder) Fatalf(format string, args ...any) {
	r.out.failed = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (r recorder) Fatal(args ...any) {
	r.out.failed = fmt.Sprint(args...)
	runtime.Goexit()
}

// runWithoutDisplay calls Run with no display configured and
// RequireDisplay set to require, on a goroutine of its own (Skip and
// Fatal end it).
func runWithoutDisplay(t *testing.T, require string) outcome {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	t.Setenv(RequireDisplay, require)
	var out outcome
	done := make(chan struct{})
	go func() {
		defer close(done)
		Run(recorder{t, &out}, func() { out.ran = true })
	}()
	<-done
	return out
}

// TestRunWithoutADisplay: without a display Run skips the test, unless
// RequireDisplay is set, when it fails it naming the variable; f runs in
// neither case.
func TestRunWithoutADisplay(t *testing.T) {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		t.Skip("macOS and Windows always have a display")
	}
	got := runWithoutDisplay(t, "")
	if got.skipped == "" || got.failed != "" || got.ran {
		t.Errorf("no display, %s unset: %+v, want a skip", RequireDisplay, got)
	}
	got = runWithoutDisplay(t, "1")
	if got.failed == "" || !strings.Contains(got.failed, RequireDisplay) || got.skipped != "" || got.ran {
		t.Errorf("no display, %s=1: %+v, want a failure naming the variable", RequireDisplay, got)
	}
}
