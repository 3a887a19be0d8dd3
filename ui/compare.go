package ui

import (
	"fmt"
	"math"
	"strings"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/ui/plot"
)

// compareState is the loop-mode comparison window's state.
type compareState struct {
	open      bool
	frames    int     // frames since it opened
	vpW, vpH  float32 // each viewport's size, display units
	path      []plot.Point
	ticks     []float64
	scrubbing bool
	// window is the playback time the frame plot spans (frameWindow).
	window [2]float64
}

// windowLoops is how many clip lengths the frame plot spans: enough to
// see each mode turn at both ends a few times.
const windowLoops = 3

// frameWindow is the playback time span the frame plot shows for a clip
// of d frames at shared time t: the first windowLoops lengths, then a
// window of that width following the playhead (it sits at 85%), so a long
// session stays the last few loops rather than a dense zigzag.
func frameWindow(d, t float64) (lo, hi float64) {
	span := windowLoops * d
	if !(span > 0) || math.IsInf(span, 0) {
		span = 1
	}
	if !(t > 0.85*span) || math.IsInf(t, 0) {
		return 0, span
	}
	return t - 0.85*span, t + 0.15*span
}

// placeFrames is how many frames the opening window follows the 3D view.
const placeFrames = 3

// fmtFrame shows a frame with up to 3 decimals (once parks at end−0.001).
func fmtFrame(f float64) string {
	s := fmt.Sprintf("%.3f", f)
	for len(s) > 1 && s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	return strings.TrimSuffix(s, ".")
}

// modeColors tell the five loop modes apart in the comparison.
var modeColors = [anim.NumLoopModes]imgui.Vec4{curvePalette[0], curvePalette[1], curvePalette[2], curvePalette[3], curvePalette[4]}

// CompareOpen reports whether the loop-mode comparison is shown.
func (u *UI) CompareOpen() bool { return u.compare.open }

// SetCompareOpen shows or hides the loop-mode comparison.
func (u *UI) SetCompareOpen(open bool) { u.compare.open = open }

// CompareViewportSize is the size of each of the comparison's five
// viewports as laid out last frame (display units; 0 before the first).
func (u *UI) CompareViewportSize() (w, h float32) { return u.compare.vpW, u.compare.vpH }

// compareWindow is the loop-mode comparison: the clip under the five loop
// modes side by side on one playback clock, and each mode's animation
// frame against playback time.
func (u *UI) compareWindow(v *viewmodel.View) {
	cs := &u.compare
	if !cs.open {
		cs.vpW, cs.vpH, cs.frames = 0, 0, 0
		return
	}
	s := u.scale
	r := u.scene
	// The window opens over the 3D view; for its first frames it follows
	// the view, whose size settles once the panels are laid out.
	cond := imgui.ConditionAppearing
	if cs.frames < placeFrames {
		cond = imgui.ConditionAlways
	}
	cs.frames++
	imgui.SetNextWindowPosV(imgui.Vec2{X: r.X + 8*s, Y: r.Y + 8*s}, cond, imgui.Vec2{})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: max(r.W-16*s, 400*s), Y: max(r.H-16*s, 300*s)}, cond)
	if !imgui.BeginV("Loop-mode comparison###compare", &cs.open, imgui.WindowFlagsNoCollapse|imgui.WindowFlagsNoScrollbar) {
		imgui.End()
		return
	}
	defer imgui.End()
	cv := v.Compare
	if cv == nil {
		textDim("Open an animation to compare its loop modes.")
		cs.vpW, cs.vpH = 0, 0
		return
	}
	modes := cv.Modes
	if len(modes) == 0 {
		modes = anim.LateRuntime.LoopModes()
	}
	if cv.Playing {
		if imgui.Button("Pause##cmp") {
			u.emit(viewmodel.ComparePause{})
		}
	} else if imgui.Button("Play##cmp") {
		u.emit(viewmodel.ComparePlay{})
	}
	u.record("compare:play")
	imgui.SameLine()
	if imgui.Button("Reset##cmp") {
		u.emit(viewmodel.CompareReset{})
	}
	u.record("compare:reset")
	tooltip("Back to playback time 0 for every mode")
	imgui.SameLine()
	imgui.AlignTextToFramePadding()
	fps := cv.Clip.FPS
	// Wrapped: a narrow window must not cut it.
	imgui.PushTextWrapPos()
	imgui.PushStyleColor(imgui.StyleColorText, colTextDim)
	imgui.Text(fmt.Sprintf("%s  ·  %g frames  ·  playback time %.2f frames (%.3f s), one clock for all %d",
		cv.Label, cv.Clip.Duration, cv.Time, cv.Time/fps, len(modes)))
	if cv.Reverse {
		imgui.Text("Reverse: the viewer wraps loops at the start; \"game rev\" is the game's frame control run backwards from the end " +
			"for the same time, whose loop does not wrap below the start (its pose holds the first key).")
	}
	imgui.PopStyleColor()
	imgui.PopTextWrapPos()

	avail := imgui.ContentRegionAvail()
	gap := imgui.CurrentStyle().ItemSpacing().X
	lineH := imgui.TextLineHeightWithSpacing()
	n := float32(len(modes))
	w := (avail.X - (n-1)*gap) / n
	plotH := max(avail.Y*0.3, 110*s)
	// Nearly square: characters stand taller than wide.
	h := min(w*1.05, avail.Y-plotH-3*lineH-2*gap)
	if w < 20*s || h < 20*s {
		cs.vpW, cs.vpH = 0, 0
		textDim("Make the window larger to see the viewports.")
		return
	}
	cs.vpW, cs.vpH = w, h
	start := imgui.CursorScreenPos()
	dl := imgui.WindowDrawList()
	for i, m := range modes {
		x := start.X + float32(i)*(w+gap)
		label := m.String()
		col := modeColors[m]
		if m == cv.FileLoop {
			label += "  (file)"
		}
		dl.AddText(imgui.Vec2{X: x, Y: start.Y}, packed(col), elide(label, w))
		p0 := imgui.Vec2{X: x, Y: start.Y + lineH}
		p1 := imgui.Vec2{X: x + w, Y: p0.Y + h}
		if t := cv.Textures[m]; t.ID != 0 {
			// GL textures start at the bottom row.
			dl.AddImageV(imgui.TextureID(t.ID), p0, p1, imgui.Vec2{X: 0, Y: 1}, imgui.Vec2{X: 1, Y: 0}, packed(imgui.Vec4{X: 1, Y: 1, Z: 1, W: 1}))
		} else {
			fillRect(dl, p0, p1, packed(colPlotBg))
		}
		border := colGrid
		if m == cv.FileLoop {
			border = col
		}
		dl.AddRectV(p0, p1, packed(border), 0, imgui.DrawFlagsNone, 1.5*s)
		u.rects[fmt.Sprintf("compare:%d", m)] = Rect{X: p0.X, Y: p0.Y, W: w, H: h}
		dl.AddText(imgui.Vec2{X: x, Y: p1.Y + 2*s}, packed(colTextDim), "frame "+fmtFrame(cv.Frames[m]))
		if cv.Reverse {
			txt := "game rev " + fmtFrame(cv.GameReverse[m])
			if long := txt + " (holds 0)"; cv.GameReverse[m] < 0 && imgui.CalcTextSize(long, false, 0).X <= w {
				txt = long
			}
			dl.AddText(imgui.Vec2{X: x, Y: p1.Y + 2*s + lineH}, packed(col), elide(txt, w))
			u.rects[fmt.Sprintf("compare:reverse:%d", m)] = Rect{X: x, Y: p1.Y + 2*s + lineH, W: w, H: lineH}
		}
	}
	rows := float32(2)
	if cv.Reverse {
		rows = 3
	}
	imgui.Dummy(imgui.Vec2{X: avail.X, Y: h + rows*lineH})
	u.framePlot(v, cv, modes, imgui.ContentRegionAvail().X, max(imgui.ContentRegionAvail().Y, 60*s))
}

// framePlot draws "animation frame against playback time" for the five
// modes with the shared playhead; dragging on it moves the shared clock.
func (u *UI) framePlot(v *viewmodel.View, cv *viewmodel.CompareView, modes []anim.LoopMode, w, h float32) {
	cs := &u.compare
	s := u.scale
	pos := imgui.CursorScreenPos()
	imgui.InvisibleButtonV("##frameplot", imgui.Vec2{X: w, Y: h}, imgui.ButtonFlagsMouseButtonLeft)
	u.record("compare:plot")
	pr := Rect{X: pos.X + 44*s, Y: pos.Y + 4*s, W: w - 52*s, H: h - 24*s}
	if pr.W < 10 || pr.H < 10 {
		return
	}
	d := cv.Clip.Duration
	tmin, tmax := frameWindow(d, cv.Time)
	if cs.scrubbing && cs.window[1] > cs.window[0] {
		tmin, tmax = cs.window[0], cs.window[1] // a drag keeps its axis
	}
	cs.window = [2]float64{tmin, tmax}
	view := plot.View{
		X: plot.Axis{Min: tmin, Max: tmax, Pixel0: float64(pr.X), Pixels: float64(pr.W)},
		Y: plot.Axis{Min: 0, Max: math.Max(d, 1), Pixel0: float64(pr.Y), Pixels: float64(pr.H), Flip: true},
	}
	if imgui.IsItemActivated() {
		cs.scrubbing = true
		if cv.Playing {
			u.emit(viewmodel.ComparePause{})
		}
	}
	if cs.scrubbing {
		if imgui.IsItemActive() {
			t := math.Max(0, view.X.FromPixel(float64(imgui.MousePos().X)))
			if t != cv.Time {
				u.emit(viewmodel.CompareSeek{Time: t})
			}
		} else {
			cs.scrubbing = false
		}
	}
	dl := imgui.WindowDrawList()
	fillRect(dl, pr.min(), pr.max(), packed(colPlotBg))
	cs.ticks, _ = plot.Ticks(cs.ticks[:0], view.X, float64(60*s), true)
	for _, t := range cs.ticks {
		x := float32(view.X.ToPixel(t))
		col := colGrid
		if d > 0 && math.Mod(t, d) == 0 {
			col = colZero
		}
		dl.AddLine(imgui.Vec2{X: x, Y: pr.Y}, imgui.Vec2{X: x, Y: pr.Y + pr.H}, packed(col))
		label := fmt.Sprintf("%g", t)
		dl.AddText(imgui.Vec2{X: x - imgui.CalcTextSize(label, false, 0).X/2, Y: pr.Y + pr.H + 2*s}, packed(colTextDim), label)
	}
	for _, f := range [2]float64{0, d} {
		y := float32(view.Y.ToPixel(f))
		dl.AddLine(imgui.Vec2{X: pr.X, Y: y}, imgui.Vec2{X: pr.X + pr.W, Y: y}, packed(colZero))
		label := fmt.Sprintf("%g", f)
		dl.AddText(imgui.Vec2{X: pr.X - 4*s - imgui.CalcTextSize(label, false, 0).X, Y: y - imgui.TextLineHeight()/2}, packed(colTextDim), label)
	}
	dl.AddText(imgui.Vec2{X: pr.X + 6*s, Y: pr.Y + 2*s}, packed(colTextDim), "animation frame against playback time (frames)")
	dl.PushClipRectV(pr.min(), pr.max(), true)
	for _, m := range modes {
		cs.path = plot.FramePath(cs.path[:0], m, d, tmin, tmax, int(pr.W))
		col := packed(modeColors[m])
		width := 1.5 * s
		if m == cv.FileLoop {
			width = 2.5 * s
		}
		for i := 0; i+1 < len(cs.path); i++ {
			a, b := cs.path[i], cs.path[i+1]
			ax, ay := view.ToPixel(a.Frame, a.Value)
			bx, by := view.ToPixel(b.Frame, b.Value)
			dl.AddLineV(imgui.Vec2{X: float32(ax), Y: float32(ay)}, imgui.Vec2{X: float32(bx), Y: float32(by)}, col, width)
		}
	}
	px := float32(view.X.ToPixel(cv.Time))
	dl.AddLineV(imgui.Vec2{X: px, Y: pr.Y}, imgui.Vec2{X: px, Y: pr.Y + pr.H}, packed(colAccent), 2*s)
	for _, m := range modes {
		y := float32(view.Y.ToPixel(cv.Frames[m]))
		dl.AddCircleFilledV(imgui.Vec2{X: px, Y: y}, 4.5*s, packed(imgui.Vec4{X: 0.05, Y: 0.05, Z: 0.06, W: 1}), 10)
		dl.AddCircleFilledV(imgui.Vec2{X: px, Y: y}, 3.5*s, packed(modeColors[m]), 10)
	}
	dl.PopClipRect()
	dl.AddRect(pr.min(), pr.max(), packed(colGrid))
	if imgui.IsItemHovered() && !cs.scrubbing {
		t := view.X.FromPixel(float64(imgui.MousePos().X))
		imgui.BeginTooltip()
		textDim(fmt.Sprintf("playback time %.2f frames; drag to move the shared clock", t))
		for _, m := range modes {
			textColored(modeColors[m], fmt.Sprintf("%-14s frame %s", m.String(), fmtFrame(anim.FrameAtTimeRuntime(cv.Runtime, m, d, t))))
		}
		imgui.EndTooltip()
	}
}
