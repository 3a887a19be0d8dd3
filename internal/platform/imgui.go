package platform

import (
	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"
)

// InstallImGui connects the window to the current ImGui context: the key
// map, input callbacks, clipboard and cursors. ImGui's key indices are GLFW
// key codes, which for letters and digits are their ASCII codes, so ui can
// test imgui.IsKeyPressed('F').
func (w *Window) InstallImGui() {
	io := imgui.CurrentIO()
	io.SetBackendFlags(io.GetBackendFlags() | imgui.BackendFlagsHasMouseCursors)
	keys := map[int]glfw.Key{
		imgui.KeyTab: glfw.KeyTab, imgui.KeyLeftArrow: glfw.KeyLeft, imgui.KeyRightArrow: glfw.KeyRight,
		imgui.KeyUpArrow: glfw.KeyUp, imgui.KeyDownArrow: glfw.KeyDown, imgui.KeyPageUp: glfw.KeyPageUp,
		imgui.KeyPageDown: glfw.KeyPageDown, imgui.KeyHome: glfw.KeyHome, imgui.KeyEnd: glfw.KeyEnd,
		imgui.KeyInsert: glfw.KeyInsert, imgui.KeyDelete: glfw.KeyDelete, imgui.KeyBackspace: glfw.KeyBackspace,
		imgui.KeySpace: glfw.KeySpace, imgui.KeyEnter: glfw.KeyEnter, imgui.KeyEscape: glfw.KeyEscape,
		imgui.KeyKeyPadEnter: glfw.KeyKPEnter, imgui.KeyA: glfw.KeyA, imgui.KeyC: glfw.KeyC,
		imgui.KeyV: glfw.KeyV, imgui.KeyX: glfw.KeyX, imgui.KeyY: glfw.KeyY, imgui.KeyZ: glfw.KeyZ,
	}
	for k, g := range keys {
		io.KeyMap(k, int(g))
	}
	w.win.SetKeyCallback(func(_ *glfw.Window, key glfw.Key, _ int, action glfw.Action, _ glfw.ModifierKey) {
		w.active = true
		if key < 0 || key >= maxKeys {
			return
		}
		switch action {
		case glfw.Press:
			w.keys = append(w.keys, keyEvent{int(key), true})
		case glfw.Release:
			w.keys = append(w.keys, keyEvent{int(key), false})
		}
	})
	w.win.SetCharCallback(func(_ *glfw.Window, r rune) { io.AddInputCharacters(string(r)); w.active = true })
	w.win.SetMouseButtonCallback(func(_ *glfw.Window, b glfw.MouseButton, action glfw.Action, _ glfw.ModifierKey) {
		w.active = true
		if action == glfw.Press && int(b) < len(w.pressed) {
			w.pressed[b] = true
		}
	})
	w.win.SetScrollCallback(func(_ *glfw.Window, x, y float64) {
		io.AddMouseWheelDelta(float32(x), float32(y))
		w.active = true
	})
	io.SetClipboard(clipboard{w.win})

	shapes := map[imgui.MouseCursorID]glfw.StandardCursor{
		imgui.MouseCursorArrow: glfw.ArrowCursor, imgui.MouseCursorTextInput: glfw.IBeamCursor,
		imgui.MouseCursorResizeNS: glfw.VResizeCursor, imgui.MouseCursorResizeEW: glfw.HResizeCursor,
		imgui.MouseCursorHand: glfw.HandCursor,
		// GLFW 3.3 has no diagonal or all-direction resize shapes: the
		// arrow stands in for them.
		imgui.MouseCursorResizeAll: glfw.ArrowCursor, imgui.MouseCursorResizeNESW: glfw.ArrowCursor,
		imgui.MouseCursorResizeNWSE: glfw.ArrowCursor,
	}
	for id, s := range shapes {
		if int(id) >= 0 && int(id) < len(w.cursors) {
			w.cursors[id] = glfw.CreateStandardCursor(s)
		}
	}
	w.imgui = true
}

type clipboard struct{ win *glfw.Window }

func (c clipboard) Text() (string, error) { return c.win.GetClipboardString(), nil }
func (c clipboard) SetText(s string)      { c.win.SetClipboardString(s) }

// maxKeys is the size of ImGui 1.85's key state array.
const maxKeys = 512

// keyEvent is a key going down or up, queued for NewFrame.
type keyEvent struct {
	key  int
	down bool
}

// applyKeys gives ImGui at most one transition per key per frame: ImGui
// 1.85 sees keys only as down or up at each frame, so a tap (press and
// release between two frames) would vanish, and two taps would count as
// one. Later transitions of a key wait for the next frame.
func (w *Window) applyKeys() {
	if len(w.keys) == 0 {
		return
	}
	io := imgui.CurrentIO()
	var changed [maxKeys]bool
	rest := w.keysNext[:0]
	for _, e := range w.keys {
		if changed[e.key] {
			rest = append(rest, e)
			continue
		}
		changed[e.key] = true
		if e.down {
			io.KeyPress(e.key)
		} else {
			io.KeyRelease(e.key)
		}
	}
	w.keys, w.keysNext = rest, w.keys[:0]
	io.KeyCtrl(int(glfw.KeyLeftControl), int(glfw.KeyRightControl))
	io.KeyShift(int(glfw.KeyLeftShift), int(glfw.KeyRightShift))
	io.KeyAlt(int(glfw.KeyLeftAlt), int(glfw.KeyRightAlt))
	io.KeySuper(int(glfw.KeyLeftSuper), int(glfw.KeyRightSuper))
}

// ResetFrameTimer makes the next NewFrame's dt start now: time spent
// loading files must not play as animation (a 3 MB BotW file would start
// its clip a few seconds in).
func (w *Window) ResetFrameTimer() { w.lastTime = glfw.GetTime() }

// NewFrame feeds this frame's display size, framebuffer scale, time step,
// mouse state and cursor shape to ImGui, and returns the time step in
// seconds. Call it after polling events and before imgui.NewFrame.
func (w *Window) NewFrame() float64 {
	io := imgui.CurrentIO()
	w.applyKeys()
	ww, wh := w.win.GetSize()
	fw, fh := w.win.GetFramebufferSize()
	io.SetDisplaySize(imgui.Vec2{X: float32(ww), Y: float32(wh)})
	if ww > 0 && wh > 0 {
		io.SetDisplayFrameBufferScale(imgui.Vec2{X: float32(fw) / float32(ww), Y: float32(fh) / float32(wh)})
	}
	now := glfw.GetTime()
	dt := now - w.lastTime
	if dt <= 0 {
		dt = 1.0 / 60
	}
	w.lastTime = now
	io.SetDeltaTime(float32(dt))

	focused := w.win.GetAttrib(glfw.Focused) == glfw.True
	// A window that is not focused still gets hover (tooltips, the drop
	// target highlight); when the pointer is outside, tell ImGui so.
	if x, y := w.win.GetCursorPos(); x >= 0 && y >= 0 && x < float64(ww) && y < float64(wh) || focused {
		io.SetMousePosition(imgui.Vec2{X: float32(x), Y: float32(y)})
	} else {
		io.SetMousePosition(imgui.Vec2{X: -math32Max, Y: -math32Max})
	}
	for i := range w.pressed {
		down := w.pressed[i] || w.win.GetMouseButton(glfw.MouseButton(i)) == glfw.Press
		io.SetMouseButtonDown(i, down)
		w.pressed[i] = false
	}
	if w.imgui {
		cur := imgui.MouseCursor()
		if cur == imgui.MouseCursorNone {
			w.win.SetInputMode(glfw.CursorMode, glfw.CursorHidden)
		} else {
			w.win.SetInputMode(glfw.CursorMode, glfw.CursorNormal)
			if int(cur) >= 0 && int(cur) < len(w.cursors) && w.cursors[cur] != nil {
				w.win.SetCursor(w.cursors[cur])
			}
		}
	}
	return dt
}

// math32Max is ImGui's "no mouse" coordinate (-FLT_MAX).
const math32Max = 3.4028234663852886e38
