package ui

import (
	"fmt"
	"slices"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/ui/plot"
)

// curvePalette colours the plotted channels in order; none is the
// playhead's orange.
var curvePalette = [...]imgui.Vec4{
	{X: 0.98, Y: 0.42, Z: 0.40, W: 1},
	{X: 0.45, Y: 0.86, Z: 0.45, W: 1},
	{X: 0.40, Y: 0.64, Z: 1.00, W: 1},
	{X: 0.95, Y: 0.85, Z: 0.30, W: 1},
	{X: 0.80, Y: 0.52, Z: 0.98, W: 1},
	{X: 0.35, Y: 0.88, Z: 0.88, W: 1},
	{X: 0.95, Y: 0.55, Z: 0.78, W: 1},
	{X: 0.86, Y: 0.86, Z: 0.86, W: 1},
	{X: 0.72, Y: 0.78, Z: 0.42, W: 1},
	{X: 0.60, Y: 0.60, Z: 0.98, W: 1},
}

// shownCurve is one channel as drawn this frame.
type shownCurve struct {
	ref      viewmodel.ChannelRef
	curve    anim.Curve // in display units (raw J3D units when chosen)
	label    string
	kind     anim.CurveKind
	unit     string // "°", " raw" or ""
	color    imgui.Vec4
	mode     anim.LoopMode
	duration float64
}

// curvesState is the curve panel's state between frames.
type curvesState struct {
	refs   []viewmodel.ChannelRef // chosen channels; none: follow the selection
	clips  [2]*anim.Clip
	keys   [2]string // the clips' Playback.Key: a reload keeps the channels
	view   plot.View
	fitted bool
	// what the view was last fitted to
	fitClip   *anim.Clip
	fitRaw    bool
	fitRefs   []viewmodel.ChannelRef
	raw       bool // J3D rotations in file units
	handles   bool
	highlight map[viewmodel.ChannelRef]bool
	euler     map[viewmodel.ChannelRef]*plot.QuatEuler

	shown   []shownCurve
	shownA  []shownCurve // scratch of overlayB (ab.go)
	curves  []anim.Curve
	readout []float64
	tracer  plot.Tracer
	ticks   []float64

	// drag in progress: mouse button (-1 none) and where it started
	dragButton int
	dragZone   plotZone
	scrubbing  bool

	plotRect Rect // the plot area (without gutters) of the last frame
}

func (c *curvesState) init() {
	if c.highlight == nil {
		c.highlight = map[viewmodel.ChannelRef]bool{}
		c.euler = map[viewmodel.ChannelRef]*plot.QuatEuler{}
		c.handles = true
		c.dragButton = -1
	}
}

// PlotChannels replaces the plotted channels (none: follow the selection).
func (u *UI) PlotChannels(refs []viewmodel.ChannelRef) {
	u.curves.init()
	u.curves.refs = append(u.curves.refs[:0], refs...)
	u.curves.fitted = false
}

// SetRawUnits shows J3D rotations in file units instead of degrees.
func (u *UI) SetRawUnits(raw bool) { u.curves.raw = raw }

// CurveView is the curve plot's mapping of the last frame (display units),
// for tests that look for the curves in a screenshot.
func (u *UI) CurveView() (plot.View, bool) {
	return u.curves.view, u.curves.plotRect.W > 0
}

func (u *UI) togglePlotted(r viewmodel.ChannelRef) {
	u.curves.init()
	if i := slices.Index(u.curves.refs, r); i >= 0 {
		u.curves.refs = slices.Delete(u.curves.refs, i, i+1)
	} else {
		u.curves.refs = append(u.curves.refs, r)
	}
}

func (u *UI) isPlotted(r viewmodel.ChannelRef) bool { return slices.Contains(u.curves.refs, r) }

// resolve returns the curve ref names and a label, or ok false when the
// clip no longer has it.
func (u *UI) resolve(v *viewmodel.View, r viewmodel.ChannelRef) (c anim.Curve, t *anim.Target, p *viewmodel.Playback, ok bool) {
	p = v.PlaybackOf(r.Slot)
	if p == nil || r.Target < 0 || r.Target >= len(p.Clip.Targets) {
		return nil, nil, nil, false
	}
	t = &p.Clip.Targets[r.Target]
	if r.Euler > 0 {
		e, ok := u.curves.euler[r]
		if !ok {
			e, ok = plot.NewQuatEuler(t, r.Euler-1)
			if !ok {
				return nil, nil, nil, false
			}
			u.curves.euler[r] = e
		}
		return e, t, p, true
	}
	ch, ok := t.Channel(r.Chan)
	if !ok {
		return nil, nil, nil, false
	}
	return ch.Curve, t, p, true
}

func targetLabel(t *anim.Target, i int) string {
	if t.Kind == anim.TexSRTTarget {
		return fmt.Sprintf("%s[%d]", t.Name, t.TexGen)
	}
	if t.Name == "" {
		return fmt.Sprintf("#%d", i)
	}
	return t.Name
}

func channelName(t *anim.Target, r viewmodel.ChannelRef) string {
	if r.Euler > 0 {
		return eulerNames[r.Euler]
	}
	return r.Chan.Name(t.Kind)
}

// collectShown fills the curves shown this frame: the chosen channels, or
// the animated channels of the selected target.
func (u *UI) collectShown(v *viewmodel.View) {
	c := &u.curves
	c.init()
	// A different clip in a slot drops the channels chosen from the old one.
	for s, p := range [2]*viewmodel.Playback{v.Joint, v.Tex} {
		var clip *anim.Clip
		key := ""
		if p != nil {
			clip, key = p.Clip, p.Key
		}
		if clip != c.clips[s] && clip != nil && c.clips[s] != nil && key != "" && key == c.keys[s] {
			// The same clip read again from its file: the channels
			// and the plot's view stay, derived curves are made anew.
			c.clips[s] = clip
			clear(c.euler)
			continue
		}
		c.keys[s] = key
		if clip != c.clips[s] {
			// Channels chosen before any clip was seen came from
			// PlotChannels for the clip now open: they stay.
			if c.clips[s] != nil || clip == nil {
				c.refs = slices.DeleteFunc(c.refs, func(r viewmodel.ChannelRef) bool { return r.Slot == viewmodel.Slot(s) })
			}
			c.clips[s] = clip
			clear(c.euler)
			clear(c.highlight)
			c.fitted = false
		}
	}
	c.shown = c.shown[:0]
	add := func(r viewmodel.ChannelRef) {
		cv, t, p, ok := u.resolve(v, r)
		if !ok {
			return
		}
		sc := shownCurve{ref: r, curve: cv, kind: cv.Kind(), mode: p.Clock.Mode, duration: p.Clip.Duration,
			label: targetName(v, t, r.Slot, r.Target) + "/" + channelName(t, r),
			color: curvePalette[len(c.shown)%len(curvePalette)]}
		if col, ok := channelColor(r.Chan); ok {
			sc.color = col // colour channels in their own colours (material.go)
		}
		switch {
		case r.Euler > 0 || r.Chan.IsRotation() && t.Kind == anim.JointTarget:
			sc.unit = "°"
		case r.Chan == anim.RotZ && t.Kind == anim.TexSRTTarget:
			sc.unit = "°"
		}
		if c.raw && r.Euler == 0 {
			if raw, ok := plot.Raw(cv); ok {
				sc.curve, sc.unit = raw, " raw"
			}
		}
		c.shown = append(c.shown, sc)
	}
	if len(c.refs) > 0 {
		for _, r := range c.refs {
			add(r)
		}
		return
	}
	slot := v.Focus
	ti := v.SelectedTarget(slot)
	if ti < 0 {
		return
	}
	t := &v.PlaybackOf(slot).Clip.Targets[ti]
	for _, ch := range t.Channels {
		if ch.Curve.Kind() != anim.KindConstant {
			add(viewmodel.ChannelRef{Slot: slot, Target: ti, Chan: ch.Slot})
		}
	}
}

// curvesPanel is the Curves tab: a toolbar, the plot and its legend.
func (u *UI) curvesPanel(v *viewmodel.View) {
	u.collectShown(v)
	u.overlayB(v)
	c := &u.curves
	s := u.scale
	var primary *viewmodel.Playback
	if len(c.shown) > 0 {
		primary = v.PlaybackOf(c.shown[0].ref.Slot)
	} else {
		primary = v.Focused()
	}

	// Toolbar.
	if imgui.Button("Fit all") {
		u.fitCurves(primary, false)
	}
	u.record("curves:fitall")
	tooltip("Show the whole clip, with a quarter of its length before and after, and every plotted value (double-click the plot)")
	imgui.SameLine()
	if imgui.Button("Fit selection") {
		u.fitCurves(primary, true)
	}
	tooltip("Fit the values of the highlighted channels (click them in the legend), or of all, over the clip")
	imgui.SameLine()
	imgui.Checkbox("Tangents", &c.handles)
	tooltip("Hermite and cubic tangent handles, scaled as the evaluator uses them (a third of the key interval)")
	hasRaw := false
	for i := range c.shown {
		if _, ok := plot.Raw(c.shown[i].curve); ok || c.shown[i].unit == " raw" {
			hasRaw = true
		}
	}
	imgui.SameLine()
	beginDisabled(!hasRaw && !c.raw)
	imgui.Checkbox("J3D raw units", &c.raw)
	endDisabled(!hasRaw && !c.raw)
	tooltip("J3D rotations as stored (s16 steps before the games' truncate, shift by the rotation frac and wrap) instead of degrees")
	if len(c.refs) > 0 {
		imgui.SameLine()
		if imgui.Button("Clear") {
			c.refs = c.refs[:0]
			clear(c.highlight)
		}
		tooltip("Stop plotting the chosen channels and follow the selected joint again")
	}
	// The mouse help fits a wide window; a narrow one gets it on hover.
	hint := "wheel: zoom frames · Shift/Ctrl+wheel: values · right drag: pan · drag a ruler: pan it · left drag: scrub"
	imgui.SameLine()
	if imgui.ContentRegionAvail().X >= imgui.CalcTextSize(hint, false, 0).X {
		textDim(hint)
	} else {
		textDim("(?)")
		tooltip(hint)
	}

	avail := imgui.ContentRegionAvail()
	u.fitPlot(avail.Y)
	legendW := min(280*s, avail.X*0.3)
	plotW := avail.X - legendW - 6*s
	h := max(avail.Y, 80*s)
	if primary == nil || plotW < 60*s {
		textDim("Open an animation to plot its curves.")
		return
	}
	pos := imgui.CursorScreenPos()
	u.plotArea(v, primary, Rect{X: pos.X, Y: pos.Y, W: plotW, H: h})
	imgui.SetCursorScreenPos(imgui.Vec2{X: pos.X + plotW + 6*s, Y: pos.Y})
	u.legend(v, primary, legendW, h)
}

// legend lists the shown channels with their colour, kind and value at
// the mouse frame (or the playhead); a click highlights a channel, × stops
// plotting it.
func (u *UI) legend(v *viewmodel.View, p *viewmodel.Playback, w, h float32) {
	c := &u.curves
	imgui.BeginChildV("##legend", imgui.Vec2{X: w, Y: h}, true, 0)
	fx := p.Clock.Frame
	at := "at the playhead"
	if m := imgui.MousePos(); c.plotRect.contains(m) && c.dragButton < 0 {
		fx = c.view.X.FromPixel(float64(m.X))
		at = "at the mouse"
	}
	if len(c.refs) == 0 && len(c.shown) > 0 {
		textDim("following the selection")
	}
	textDim(fmt.Sprintf("frame %s, %s", fmtNum(fx), at))
	remove := -1
	for i := range c.shown {
		sc := &c.shown[i]
		imgui.PushID(fmt.Sprintf("lg%d", i))
		if len(c.refs) > 0 {
			if smallButton("×") {
				remove = i
			}
			tooltip("stop plotting this channel")
			imgui.SameLine()
		}
		pos := imgui.CursorScreenPos()
		sz := imgui.TextLineHeight()
		dl := imgui.WindowDrawList()
		fillRect(dl, imgui.Vec2{X: pos.X, Y: pos.Y + sz*0.2}, imgui.Vec2{X: pos.X + sz*0.6, Y: pos.Y + sz*0.8}, packed(sc.color))
		setCursorX(imgui.CursorPosX() + sz*0.9)
		c.curves = append(c.curves[:0], sc.curve)
		c.readout = plot.Readout(c.readout[:0], c.curves, sc.mode, sc.duration, fx)
		label := fmt.Sprintf("%s  %s%s", sc.label, fmtNum(c.readout[0]), sc.unit)
		if imgui.SelectableV(label, c.highlight[sc.ref], 0, imgui.Vec2{}) {
			if c.highlight[sc.ref] {
				delete(c.highlight, sc.ref)
			} else {
				c.highlight[sc.ref] = true
			}
		}
		kind := sc.kind.String()
		if n := sc.curve.NumKeys(); sc.kind != anim.KindConstant {
			kind = fmt.Sprintf("%s, %d keys", kind, n)
		}
		if sc.ref.Euler > 0 {
			kind += ", derived Rz·Ry·Rx angle"
		}
		tooltip(kind + "\nclick: highlight (Fit selection fits the highlighted)")
		imgui.PopID()
	}
	if remove >= 0 {
		u.togglePlotted(c.shown[remove].ref)
	}
	imgui.EndChild()
}

// ShownChannel is a channel the curve panel drew in the last frame.
type ShownChannel struct {
	Ref   viewmodel.ChannelRef
	Label string
	Color [4]float32 // RGBA of its line
}

// ShownChannels lists what the curve panel drew in the last frame, in
// legend order.
func (u *UI) ShownChannels() []ShownChannel {
	out := make([]ShownChannel, len(u.curves.shown))
	for i, sc := range u.curves.shown {
		out[i] = ShownChannel{Ref: sc.ref, Label: sc.label, Color: [4]float32{sc.color.X, sc.color.Y, sc.color.Z, sc.color.W}}
	}
	return out
}

// targetName is a target's label with the name of the joint it drives
// when the clip names none (a BCK's entries are bound by index: "arm_L",
// not "#4").
func targetName(v *viewmodel.View, t *anim.Target, slot viewmodel.Slot, i int) string {
	if t.Name == "" && slot == viewmodel.JointSlot {
		for _, m := range v.Markers {
			if m.Target == i && m.Name != "" {
				return m.Name
			}
		}
	}
	return targetLabel(t, i)
}

// eulerNames label the derived Euler angles of quaternion targets.
var eulerNames = [4]string{"", "euler.x", "euler.y", "euler.z"}
