package ui

import (
	"fmt"
	"math"
	"sort"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
)

// bottomPanel is the transport row, the timeline and the messages.
func (u *UI) bottomPanel(v *viewmodel.View) {
	p := v.Focused()
	u.transport(v, p)
	u.timeline(v, p)
	imgui.Spacing()
	u.fitTabs()
	u.bottomTabs(v)
}

// fitTabs grows the bottom panel when the transport's clip rows (a model
// playing a BCA, a BTK and four BRKs takes four rows in a narrow window)
// leave the tabs less than their bar and a line, as far as the 3D view's
// minimum allows.
func (u *UI) fitTabs() {
	need := 2*imgui.FrameHeightWithSpacing() + imgui.TextLineHeightWithSpacing() - imgui.ContentRegionAvail().Y
	if need > 1 && u.tabs.bottomH < u.tabs.maxBottomH {
		u.tabs.growTo = max(u.tabs.growTo, min(u.tabs.bottomH+need, u.tabs.maxBottomH))
	}
}

// timelineFrame maps a mouse x to a frame of a bar starting at x0, w wide,
// for a clip of duration frames: whole frames unless fine is set (Shift),
// clamped to the clip.
func timelineFrame(mouseX, x0, w float32, duration float64, fine bool) float64 {
	if w <= 0 || duration <= 0 {
		return 0
	}
	f := float64((mouseX-x0)/w) * duration
	if !fine {
		f = math.Round(f)
	}
	return math.Max(0, math.Min(f, duration))
}

// timelineSpan is the x range frames map onto inside a timeline bar at x
// of the given width: inset so the first and last labels are not cut.
func timelineSpan(x, width, scale float32) (x0, w float32) {
	return x + 12*scale, width - 24*scale
}

// tickStep picks the frame step between labelled ticks so that labels are
// at least minPixels apart.
func tickStep(pixelsPerFrame, minPixels float32) float64 {
	step := 1.0
	for i := 0; i < 30; i++ {
		for _, m := range []float64{1, 2, 5} {
			s := m * step
			if float32(s)*pixelsPerFrame >= minPixels {
				return s
			}
		}
		step *= 10
	}
	return step
}

// timeline draws the scrub bar with frame ticks, key markers of the
// selected target and the playhead; dragging it seeks.
func (u *UI) timeline(v *viewmodel.View, p *viewmodel.Playback) {
	s := u.scale
	width := imgui.ContentRegionAvail().X
	height := 46 * s
	pos := imgui.CursorScreenPos()
	imgui.InvisibleButtonV("##timeline", imgui.Vec2{X: max(width, 1), Y: height}, imgui.ButtonFlagsMouseButtonLeft)
	u.record("timeline")
	dl := imgui.WindowDrawList()
	a := pos
	b := imgui.Vec2{X: pos.X + width, Y: pos.Y + height}
	dl.AddRectFilledV(a, b, packed(imgui.Vec4{X: 0.07, Y: 0.075, Z: 0.085, W: 1}), 3*s, imgui.DrawFlagsNone)
	if p == nil {
		if u.scrubbing {
			u.scrubbing = false
		}
		return
	}
	c := &p.Clock
	dur := c.Duration
	x0, w := timelineSpan(a.X, width, s)
	if w <= 1 || dur <= 0 {
		return
	}
	io := imgui.CurrentIO()
	if imgui.IsItemActivated() {
		u.scrubbing = true
		u.emit(viewmodel.ScrubBegin{})
	}
	if u.scrubbing {
		if imgui.IsItemActive() {
			f := timelineFrame(imgui.MousePos().X, x0, w, dur, io.KeyShiftPressed())
			if f != c.Frame {
				u.emit(viewmodel.Seek{Frame: f})
			}
		} else {
			u.scrubbing = false
			u.emit(viewmodel.ScrubEnd{})
		}
	}
	ppf := w / float32(dur)
	xOf := func(f float64) float32 { return x0 + float32(f)*ppf }

	// Ticks: labelled every `step`, small ones in between.
	step := tickStep(ppf, 48*s)
	minor := step / 5
	if float32(minor)*ppf < 5*s {
		minor = step / 2
	}
	if minor < 1 {
		minor = step
	}
	tickCol := packed(imgui.Vec4{X: 0.35, Y: 0.36, Z: 0.40, W: 1})
	textCol := packed(colTextDim)
	lineH := imgui.TextLineHeight()
	for f := 0.0; f <= dur+1e-9; f += minor {
		x := xOf(f)
		major := math.Abs(math.Mod(f+1e-9, step)) < 1e-6
		top := b.Y - 8*s
		if major {
			top = b.Y - 14*s
			label := fmt.Sprintf("%g", f)
			dl.AddText(imgui.Vec2{X: x - imgui.CalcTextSize(label, false, 0).X/2, Y: a.Y + 3*s}, textCol, label)
		}
		dl.AddLine(imgui.Vec2{X: x, Y: top}, imgui.Vec2{X: x, Y: b.Y - 2*s}, tickCol)
	}
	// The clip's extent.
	dl.AddLine(imgui.Vec2{X: xOf(0), Y: a.Y + lineH + 5*s}, imgui.Vec2{X: xOf(dur), Y: a.Y + lineH + 5*s}, packed(imgui.Vec4{X: 0.3, Y: 0.31, Z: 0.35, W: 1}))

	// Key markers of the selected target.
	keys := u.keyMarkers(v, p)
	ky := a.Y + lineH + 12*s
	kr := 4 * s
	if u.allMarkers {
		// No selection: every key time of the clip as a thin tick, dimmer
		// (a hint, not the selection's keys). Ticks closer than a few
		// pixels merge into one bar: a 400-joint clip has tens of
		// thousands of key times and would otherwise be that many quads.
		col := packed(withAlpha(colKey, 0.5))
		gap := 3 * s
		runStart, runEnd := float32(0), float32(-1e9)
		flush := func() {
			if runEnd >= runStart {
				dl.AddRectFilled(imgui.Vec2{X: runStart - 0.5*s, Y: ky - 3*s}, imgui.Vec2{X: runEnd + 0.5*s, Y: ky + 3*s}, col)
			}
		}
		for _, f := range keys {
			if f < 0 || f > dur {
				continue
			}
			x := xOf(f)
			if x-runEnd <= gap {
				runEnd = x
				continue
			}
			flush()
			runStart, runEnd = x, x
		}
		flush()
	} else {
		lastX := float32(-1e9)
		for _, f := range keys {
			x := xOf(f)
			if f < 0 || f > dur || x-lastX < kr {
				continue
			}
			lastX = x
			dl.AddTriangleFilled(imgui.Vec2{X: x, Y: ky - kr}, imgui.Vec2{X: x + kr, Y: ky}, imgui.Vec2{X: x, Y: ky + kr}, packed(colKey))
			dl.AddTriangleFilled(imgui.Vec2{X: x, Y: ky - kr}, imgui.Vec2{X: x, Y: ky + kr}, imgui.Vec2{X: x - kr, Y: ky}, packed(colKey))
		}
	}

	// Playhead.
	x := xOf(c.Frame)
	dl.AddLineV(imgui.Vec2{X: x, Y: a.Y}, imgui.Vec2{X: x, Y: b.Y}, packed(colAccent), 2*s)
	dl.AddTriangleFilled(imgui.Vec2{X: x - 6*s, Y: a.Y}, imgui.Vec2{X: x + 6*s, Y: a.Y}, imgui.Vec2{X: x, Y: a.Y + 7*s}, packed(colAccent))
	if imgui.IsItemHovered() && !u.scrubbing {
		f := timelineFrame(imgui.MousePos().X, x0, w, dur, io.KeyShiftPressed())
		imgui.SetTooltip(fmt.Sprintf("frame %g  (%.3f s)\nclick or drag to scrub; Shift: fractional frames", f, f/p.Clip.FPS))
	}
}

// keyMarkers returns the key frames of the selected target of the focused
// clip, cached until the clip or selection changes.
func (u *UI) keyMarkers(v *viewmodel.View, p *viewmodel.Playback) []float64 {
	slot := viewmodel.TexSlot
	if p == v.Joint {
		slot = viewmodel.JointSlot
	}
	t := v.Selection.Target
	switch {
	case v.MaterialPlayback(v.Focus) == p:
		slot, t = v.Focus, v.MaterialTarget(v.Focus)
	case slot == viewmodel.TexSlot:
		t = v.Selection.TexTarget
	}
	if u.markerClip == p.Clip && u.markerTgt == t && u.markerSlot == slot {
		return u.markers
	}
	u.markerClip, u.markerTgt, u.markerSlot = p.Clip, t, slot
	u.markers = u.markers[:0]
	u.allMarkers = t < 0 || t >= len(p.Clip.Targets)
	if !u.allMarkers {
		u.markers = p.Clip.Targets[t].KeyFrames(u.markers)
		return u.markers
	}
	// Nothing selected: every key of the clip, merged.
	for i := range p.Clip.Targets {
		u.markers = p.Clip.Targets[i].KeyFrames(u.markers)
	}
	sort.Float64s(u.markers)
	w := 0
	for i, f := range u.markers {
		if i == 0 || f != u.markers[w-1] {
			u.markers[w] = f
			w++
		}
	}
	u.markers = u.markers[:w]
	return u.markers
}
