package ui

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// Speed limits of the speed control: slow enough to follow a fast
// motion frame by frame, fast enough to skim a long clip.
const (
	minSpeed = 0.1
	maxSpeed = 4
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

type icon uint8

const (
	iconFirst icon = iota
	iconPrev
	iconPlay
	iconPause
	iconNext
	iconLast
)

// iconButton is a square button with a drawn transport symbol (the Go
// fonts have no media glyphs).
func (u *UI) iconButton(id string, ic icon, enabled bool) bool {
	sz := imgui.FrameHeight()
	beginDisabled(!enabled)
	clicked := imgui.ButtonV(id, imgui.Vec2{X: sz * 1.25, Y: sz}) && enabled
	endDisabled(!enabled)
	u.record(strings.TrimPrefix(id, "##"))
	a, b := imgui.ItemRectMin(), imgui.ItemRectMax()
	c := imgui.Vec2{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}
	r := sz * 0.26
	col := packed(colText)
	if !enabled {
		col = packed(colTextDim)
	}
	dl := imgui.WindowDrawList()
	tri := func(dir float32, cx float32) { // a triangle pointing right (dir 1) or left (-1)
		dl.AddTriangleFilled(imgui.Vec2{X: cx - dir*r*0.8, Y: c.Y - r}, imgui.Vec2{X: cx + dir*r*0.9, Y: c.Y},
			imgui.Vec2{X: cx - dir*r*0.8, Y: c.Y + r}, col)
	}
	bar := func(x float32) {
		dl.AddRectFilled(imgui.Vec2{X: x - r*0.18, Y: c.Y - r}, imgui.Vec2{X: x + r*0.18, Y: c.Y + r}, col)
	}
	switch ic {
	case iconPlay:
		tri(1, c.X+r*0.1)
	case iconPause:
		bar(c.X - r*0.4)
		bar(c.X + r*0.4)
	case iconPrev:
		tri(-1, c.X+r*0.25)
		bar(c.X - r*0.75)
	case iconNext:
		tri(1, c.X-r*0.25)
		bar(c.X + r*0.75)
	case iconFirst:
		bar(c.X - r*1.05)
		tri(-1, c.X-r*0.1)
		tri(-1, c.X+r*0.75)
	case iconLast:
		bar(c.X + r*1.05)
		tri(1, c.X+r*0.1)
		tri(1, c.X-r*0.75)
	}
	return clicked
}

func tooltip(s string) {
	if imgui.IsItemHovered() {
		imgui.SetTooltip(s)
	}
}

// transport is the row of playback controls.
func (u *UI) transport(v *viewmodel.View, p *viewmodel.Playback) {
	ok := p != nil
	if u.iconButton("##first", iconFirst, ok) {
		u.emit(viewmodel.Seek{Frame: 0})
	}
	tooltip("First frame (Home)")
	imgui.SameLine()
	if u.iconButton("##prev", iconPrev, ok) {
		u.emit(viewmodel.Step{N: -1})
	}
	tooltip("Step back one frame (←)")
	imgui.SameLine()
	if ok && v.Playing {
		if u.iconButton("##pause", iconPause, ok) {
			u.emit(viewmodel.Pause{})
		}
		tooltip("Pause (Space)")
	} else {
		if u.iconButton("##play", iconPlay, ok) {
			u.emit(viewmodel.Play{})
		}
		tooltip("Play (Space)")
	}
	imgui.SameLine()
	if u.iconButton("##next", iconNext, ok) {
		u.emit(viewmodel.Step{N: 1})
	}
	tooltip("Step forward one frame (→)")
	imgui.SameLine()
	if u.iconButton("##last", iconLast, ok) {
		u.emit(viewmodel.Seek{Frame: p.Clock.Duration})
	}
	tooltip("Last frame (End)")
	if !ok {
		imgui.SameLine()
		imgui.AlignTextToFramePadding()
		textDim("Open an animation to play it (File › Open, or drop files on the window).")
		return
	}
	s := u.scale
	c := &p.Clock

	// Frame, editable: drag or Ctrl+click to type.
	u.nextGroup(330)
	imgui.AlignTextToFramePadding()
	textDim("Frame")
	imgui.SameLine()
	if !u.editingTime {
		u.frameInput = float32(c.Frame)
	}
	imgui.SetNextItemWidth(78 * s)
	imgui.PushFont(u.fonts.Mono)
	if imgui.DragFloatV("##frame", &u.frameInput, 0.05, 0, float32(c.Duration), "%.2f", imgui.SliderFlagsAlwaysClamp) {
		u.emit(viewmodel.Seek{Frame: float64(u.frameInput)})
	}
	u.record("frame")
	u.editingTime = imgui.IsItemActive()
	imgui.SameLine()
	fps := p.Clip.FPS
	imgui.Text(fmt.Sprintf("/ %g   %6.3f s / %.3f s", c.Duration, c.Frame/fps, c.Duration/fps))
	imgui.PopFont()
	tooltip(fmt.Sprintf("%g frames at %g fps", c.Duration, fps))

	// Speed and direction.
	u.nextGroup(270)
	imgui.AlignTextToFramePadding()
	textDim("Speed")
	imgui.SameLine()
	if c.Speed != u.lastSpeed {
		u.lastSpeed = c.Speed
		u.speedInput = float32(math.Abs(c.Speed))
		u.reverse = c.Speed < 0
	}
	imgui.SetNextItemWidth(110 * s)
	if imgui.SliderFloatV("##speed", &u.speedInput, minSpeed, maxSpeed, "%.2fx", imgui.SliderFlagsLogarithmic|imgui.SliderFlagsAlwaysClamp) {
		u.emit(viewmodel.SetSpeed{Speed: signed(float64(u.speedInput), u.reverse)})
	}
	u.record("speed")
	if imgui.IsItemHovered() && imgui.IsMouseDoubleClicked(0) {
		u.emit(viewmodel.SetSpeed{Speed: signed(1, u.reverse)})
	}
	tooltip("Playback speed (double-click: 1x)")
	imgui.SameLine()
	if imgui.Checkbox("Reverse", &u.reverse) {
		u.emit(viewmodel.SetSpeed{Speed: signed(float64(u.speedInput), u.reverse)})
	}
	u.record("reverse")

	// Loop mode, the file's own marked.
	u.nextGroup(215)
	imgui.AlignTextToFramePadding()
	textDim("Loop")
	imgui.SameLine()
	imgui.SetNextItemWidth(170 * s)
	preview := loopLabel(c.Mode, p.FileLoop)
	open := imgui.BeginComboV("##loop", preview, imgui.ComboFlagsHeightLarge)
	u.record("loop")
	if open {
		u.dismissIfAsked()
		for m := anim.LoopMode(0); m < anim.NumLoopModes; m++ {
			if imgui.SelectableV(loopLabel(m, p.FileLoop), m == c.Mode, 0, imgui.Vec2{}) {
				u.emit(viewmodel.SetLoop{Mode: m, Override: m != p.FileLoop})
			}
			u.record("loop:" + m.String())
		}
		imgui.EndCombo()
	}
	tooltip("Loop mode; \"(file)\" marks the mode stored in the file")

	// One scene time drives every clip; the timeline shows the frames of
	// the one picked here, and each can be muted or offset.
	u.clipRows(v)
}

// clipRows gives every playing clip (joint, texture, each material clip)
// a row when more than one plays.
func (u *UI) clipRows(v *viewmodel.View) {
	var mats []*viewmodel.Playback
	if v.Materials != nil {
		mats = v.Materials.Clips
	}
	n := len(mats)
	for _, p := range []*viewmodel.Playback{v.Joint, v.Tex} {
		if p != nil {
			n++
		}
	}
	if n < 2 {
		return
	}
	if v.Joint != nil {
		u.clipRow(v, viewmodel.JointSlot, v.Joint)
	}
	if v.Tex != nil {
		u.clipRow(v, viewmodel.TexSlot, v.Tex)
	}
	for i, p := range mats {
		u.clipRow(v, viewmodel.MatSlot0+viewmodel.Slot(i), p)
	}
}

// clipRow is one clip of the scene in the transport: whose frames the
// timeline shows, mute, and the offset in the clip's frames.
func (u *UI) clipRow(v *viewmodel.View, slot viewmodel.Slot, p *viewmodel.Playback) {
	s := u.scale
	label := elide(shortLabel(p.Label), 150*s)
	u.nextGroup(150 + 150)
	if imgui.RadioButton(label+"##focus"+slot.String(), v.Focus == slot) {
		u.emit(viewmodel.FocusSlot{Slot: slot})
	}
	u.record("focus:" + slot.String())
	tooltip(p.Label + "\nthe timeline and the frame field show this clip's frames")
	imgui.SameLine()
	mute := p.Muted
	if imgui.Checkbox("mute##"+slot.String(), &mute) {
		u.emit(viewmodel.MuteClip{Slot: slot, Mute: mute})
	}
	u.record("mute:" + slot.String())
	tooltip("Show this clip at rest")
	imgui.SameLine()
	off := float32(p.Offset)
	imgui.SetNextItemWidth(58 * s)
	if imgui.DragFloatV("##offset"+slot.String(), &off, 0.1, -10000, 10000, "%+.1f", imgui.SliderFlagsAlwaysClamp) {
		u.emit(viewmodel.SetClipOffset{Slot: slot, Frames: float64(off)})
	}
	u.record("offset:" + slot.String())
	tooltip("Offset: this clip starts so many of its frames later (drag, or Ctrl+click to type)")
}

// nextGroup continues the transport row with a group about width wide,
// or starts a new row when the group would not fit (narrow windows).
func (u *UI) nextGroup(width float32) {
	right := imgui.WindowPos().X + imgui.WindowContentRegionMax().X
	if right-imgui.ItemRectMax().X < width*u.scale {
		return // the next item starts a new row
	}
	imgui.SameLine()
	setCursorX(imgui.CursorPosX() + 8*u.scale)
}

func signed(speed float64, reverse bool) float64 {
	if reverse {
		return -speed
	}
	return speed
}

func loopLabel(m, file anim.LoopMode) string {
	if m == file {
		return m.String() + "  (file)"
	}
	return m.String()
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

// bottomTabs holds the messages, the curve plot and the inspector.
func (u *UI) bottomTabs(v *viewmodel.View) {
	if !imgui.BeginTabBarV("##bottomtabs", imgui.TabBarFlagsNone) {
		return
	}
	label := "Messages###messages"
	if n := len(v.Notices); n > 0 {
		label = fmt.Sprintf("Messages (%d)###messages", n)
	}
	open := imgui.BeginTabItemV(label, nil, u.tabFlags("messages"))
	u.record("tab:messages")
	if open {
		u.tabShown(TabMessages)
		u.messages(v)
		imgui.EndTabItem()
	}
	u.analysisTabs(v)
	imgui.EndTabBar()
}

func (u *UI) messages(v *viewmodel.View) {
	if len(v.Notices) == 0 {
		textDim("No messages. Load errors and warnings appear here.")
		return
	}
	if imgui.Button("Clear") {
		u.emit(viewmodel.DismissNotices{})
	}
	imgui.SameLine()
	textDim("newest last")
	imgui.BeginChildV("##msglist", imgui.Vec2{}, false, imgui.WindowFlagsHorizontalScrollbar)
	for _, n := range v.Notices {
		c := colText
		tag := "info "
		switch n.Severity {
		case viewmodel.Warning:
			c, tag = colWarn, "warn "
		case viewmodel.Error:
			c, tag = colError, "error"
		}
		imgui.PushFont(u.fonts.Mono)
		textColored(colTextDim, n.Time.Format("15:04:05"))
		imgui.SameLine()
		textColored(c, tag)
		imgui.PopFont()
		imgui.SameLine()
		if n.Detail == "" {
			textColored(c, n.Text)
			continue
		}
		// A summary (a binding's unbound bones): the full list on expand.
		imgui.PushStyleColor(imgui.StyleColorText, c)
		open := imgui.TreeNodeV(n.Text+"##msg"+n.Time.Format("150405.000000000"), imgui.TreeNodeFlagsNone)
		imgui.PopStyleColor()
		if open {
			textWrapped(colTextDim, n.Detail)
			imgui.TreePop()
		}
	}
	if len(v.Notices) != u.noticesSeen {
		u.noticesSeen = len(v.Notices)
		imgui.SetScrollHereY(1)
	}
	imgui.EndChild()
}
