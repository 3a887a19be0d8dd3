// Package platform is the only place animscope talks to GLFW: it opens the
// window and its OpenGL 4.1 core context (or a hidden one, for the
// offscreen images of `animscope render`), feeds keyboard, mouse, scroll,
// text and clipboard to Dear ImGui, sets the cursor shape ImGui asks for,
// collects dropped files and content-scale changes, and lets an idle
// viewer sleep until the next event. GLFW calls must come from the main
// thread; cmd/animscope locks it in init.
package platform

import (
	"bytes"
	"errors"
	"fmt"
	"log"
	"math"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"
)

// ErrNoDisplay is returned by Init when no display server can be reached.
var ErrNoDisplay = errors.New("no display (neither $DISPLAY nor $WAYLAND_DISPLAY reaches a display server)")

// ErrNoUsableDisplay is returned by Init when a display is configured (or,
// on Windows and macOS, assumed) but GLFW cannot start on it: $DISPLAY
// names a server that refuses or is gone, or a Windows session has no
// desktop (a service, wine without X). errors.Is(err, ErrNoDisplay) holds.
var ErrNoUsableDisplay error = noUsable{}

type noUsable struct{}

func (noUsable) Error() string        { return "no usable display: the window system would not start" }
func (noUsable) Is(target error) bool { return target == ErrNoDisplay }

// Init initialises GLFW. Call Terminate when done.
func Init() error {
	if !HasDisplay() {
		return ErrNoDisplay
	}
	// go-gl's glfw.Init drops glfwInit's result: a platform error (no X
	// server at $DISPLAY, no desktop for Win32's helper window) is only
	// logged, and the next GLFW call panics "not initialized". The log
	// line is caught here to become the reason in one error.
	// A server that is there but slow to accept (a loaded machine: CI's
	// Xvfb while tests start many clients) refuses a connection now and
	// then, so a failure is tried again twice before it is reported.
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
			return fmt.Errorf("glfw: %w", err)
		}
		if initialized() || try == 2 {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	if !initialized() {
		if why := strings.Join(strings.Fields(logged.String()), " "); why != "" {
			return fmt.Errorf("%w (%s)", ErrNoUsableDisplay, why)
		}
		return ErrNoUsableDisplay
	}
	if logged.Len() > 0 {
		// Initialised despite a platform error: pass the message on.
		log.Writer().Write(logged.Bytes())
	}
	return nil
}

// initialized reports whether glfwInit succeeded: any GLFW call that needs
// the library panics in go-gl when it is not initialised.
func initialized() (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	glfw.GetTime()
	return true
}

// HasDisplay reports whether a display server is configured. On X11 and
// Wayland systems that is $DISPLAY or $WAYLAND_DISPLAY; macOS and Windows
// always have one.
func HasDisplay() bool {
	switch runtime.GOOS {
	case "darwin", "windows":
		return true
	}
	return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
}

// Terminate releases GLFW.
func Terminate() { glfw.Terminate() }

// Options describe the window to open.
type Options struct {
	Title         string
	Width, Height int  // in screen coordinates (scaled by the monitor's content scale where the platform does so)
	X, Y          int  // position; used when HasPos
	HasPos        bool // restore a saved position
	Maximized     bool
	Hidden        bool // an invisible window: a GL context for offscreen rendering
	VSync         bool
}

// The smallest window the layout works in, in screen coordinates.
const (
	minWidth  = 640
	minHeight = 400
)

// Window is the application window with its GL context current on the
// calling thread.
type Window struct {
	win     *glfw.Window
	cursors [imgui.MouseCursorCount]*glfw.Cursor
	imgui   bool
	pressed [5]bool // buttons pressed since the last frame (short clicks survive)
	// keys are key transitions waiting for NewFrame; keysNext is spare
	// storage for the ones deferred to the frame after.
	keys, keysNext []keyEvent
	drops          [][]string
	lastTime       float64
	// scaleChanged is set when the content scale changes (the window moved
	// to a monitor with another DPI): the UI font must be rebuilt.
	scaleChanged bool
	refresh      float64 // monitor refresh rate in Hz, for frame pacing
	// active is set by any input or window event: the loop may sleep
	// between frames only while nothing happens.
	active bool
}

// NewWindow opens a window with an OpenGL 4.1 core context and makes the
// context current.
func NewWindow(o Options) (*Window, error) {
	glfw.DefaultWindowHints()
	glfw.WindowHint(glfw.ContextVersionMajor, 4)
	glfw.WindowHint(glfw.ContextVersionMinor, 1)
	glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
	// macOS only hands out core contexts that are forward compatible.
	glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
	glfw.WindowHint(glfw.Resizable, glfw.True)
	glfw.WindowHint(glfw.DepthBits, 24)
	// Window sizes are given for a 96-dpi screen; let GLFW grow them on
	// HiDPI monitors (Windows, X11), and ask macOS for a full-resolution
	// framebuffer so text stays sharp.
	glfw.WindowHint(glfw.ScaleToMonitor, glfw.True)
	glfw.WindowHint(glfw.CocoaRetinaFramebuffer, glfw.True)
	if o.Hidden {
		glfw.WindowHint(glfw.Visible, glfw.False)
	}
	if o.Maximized {
		glfw.WindowHint(glfw.Maximized, glfw.True)
	}
	w, h := o.Width, o.Height
	if w <= 0 || h <= 0 {
		w, h = 1400, 860
	}
	win, err := glfw.CreateWindow(w, h, o.Title, nil, nil)
	if err != nil {
		return nil, fmt.Errorf("glfw: creating an OpenGL 4.1 core window: %w", err)
	}
	if o.HasPos && !o.Hidden {
		win.SetPos(o.X, o.Y)
	}
	if !o.Hidden {
		// Below this the panels leave no room for the 3D view.
		win.SetSizeLimits(minWidth, minHeight, glfw.DontCare, glfw.DontCare)
	}
	win.MakeContextCurrent()
	if o.VSync {
		glfw.SwapInterval(1)
	} else {
		glfw.SwapInterval(0)
	}
	wnd := &Window{win: win, lastTime: glfw.GetTime(), refresh: 60}
	if m := glfw.GetPrimaryMonitor(); m != nil {
		if vm := m.GetVideoMode(); vm != nil && vm.RefreshRate > 0 {
			wnd.refresh = float64(vm.RefreshRate)
		}
	}
	win.SetContentScaleCallback(func(_ *glfw.Window, _, _ float32) { wnd.scaleChanged = true })
	win.SetDropCallback(func(_ *glfw.Window, names []string) {
		wnd.drops = append(wnd.drops, append([]string(nil), names...))
		wnd.active = true
	})
	win.SetCursorPosCallback(func(_ *glfw.Window, _, _ float64) { wnd.active = true })
	win.SetSizeCallback(func(_ *glfw.Window, _, _ int) { wnd.active = true })
	win.SetFocusCallback(func(_ *glfw.Window, _ bool) { wnd.active = true })
	win.SetRefreshCallback(func(_ *glfw.Window) { wnd.active = true })
	return wnd, nil
}

// Destroy closes the window.
func (w *Window) Destroy() {
	for i, c := range w.cursors {
		if c != nil {
			c.Destroy()
			w.cursors[i] = nil
		}
	}
	w.win.Destroy()
}

// ShouldClose reports whether the user asked to close the window.
func (w *Window) ShouldClose() bool { return w.win.ShouldClose() }

// SetShouldClose asks the loop to end.
func (w *Window) SetShouldClose(v bool) { w.win.SetShouldClose(v) }

// SetTitle sets the window title.
func (w *Window) SetTitle(s string) { w.win.SetTitle(s) }

// Swap presents the frame.
func (w *Window) Swap() { w.win.SwapBuffers() }

// Size is the window size in screen coordinates (ImGui display units).
func (w *Window) Size() (int, int) { return w.win.GetSize() }

// Pos is the window position in screen coordinates.
func (w *Window) Pos() (int, int) { return w.win.GetPos() }

// Maximized reports whether the window is maximized.
func (w *Window) Maximized() bool { return w.win.GetAttrib(glfw.Maximized) == glfw.True }

// FramebufferSize is the drawable size in pixels.
func (w *Window) FramebufferSize() (int, int) { return w.win.GetFramebufferSize() }

// ContentScale is the monitor's DPI scale (1 at 96 dpi, 2 on Retina).
func (w *Window) ContentScale() float32 {
	x, y := w.win.GetContentScale()
	s := max(x, y)
	if !(s > 0) || math.IsInf(float64(s), 0) {
		return 1
	}
	return s
}

// TakeScaleChanged reports (once) that the content scale changed.
func (w *Window) TakeScaleChanged() bool {
	c := w.scaleChanged
	w.scaleChanged = false
	return c
}

// TakeDrops returns the file lists dropped since the last call, one list
// per drop.
func (w *Window) TakeDrops() [][]string {
	d := w.drops
	w.drops = nil
	return d
}

// TakeActivity reports (once) whether any event arrived since the last
// call.
func (w *Window) TakeActivity() bool {
	a := w.active
	w.active = false
	return a
}

// RefreshRate is the primary monitor's refresh rate in Hz.
func (w *Window) RefreshRate() float64 { return w.refresh }

// PollEvents processes pending events without waiting.
func PollEvents() { glfw.PollEvents() }

// WaitEvents sleeps until an event arrives or timeout passes (idle frames).
func WaitEvents(timeout time.Duration) { glfw.WaitEventsTimeout(timeout.Seconds()) }

// Wake makes a WaitEvents return (from any goroutine).
func Wake() { glfw.PostEmptyEvent() }
