package ui

import (
	"fmt"
	"math"
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

// Region backgrounds of the plot: inside the clip, and before or after
// it where the loop mode's continuation is drawn.
var (
	colPlotBg    = imgui.Vec4{X: 0.075, Y: 0.08, Z: 0.09, W: 1}
	colPlotOutBg = imgui.Vec4{X: 0.10, Y: 0.095, Z: 0.13, W: 1}
	colGrid      = imgui.Vec4{X: 0.20, Y: 0.21, Z: 0.24, W: 1}
	colZero      = imgui.Vec4{X: 0.32, Y: 0.33, Z: 0.37, W: 1}
)

// outsideAlpha is the opacity of a curve where the loop mode continues
// it, so it reads as "what playback does", not as data.
const outsideAlpha = 0.5

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

type plotZone uint8

const (
	zonePlot plotZone = iota
	zoneXGutter
	zoneYGutter
)

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
		if p != nil {
			clip = p.Clip
		}
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

// yGutterW and xGutterH are the rulers' sizes at scale 1.
const (
	yGutterW = 64
	xGutterH = 20
)

// plotArea draws the plot in r (display units) and handles its mouse.
func (u *UI) plotArea(v *viewmodel.View, p *viewmodel.Playback, r Rect) {
	c := &u.curves
	s := u.scale
	dur := p.Clip.Duration
	mode := p.Clock.Mode
	imgui.InvisibleButtonV("##curveplot", imgui.Vec2{X: r.W, Y: r.H},
		imgui.ButtonFlagsMouseButtonLeft|imgui.ButtonFlagsMouseButtonRight|imgui.ButtonFlagsMouseButtonMiddle)
	u.record("curves")
	pr := Rect{X: r.X + yGutterW*s, Y: r.Y, W: r.W - yGutterW*s, H: r.H - xGutterH*s}
	c.plotRect = pr
	c.view.X.Pixel0, c.view.X.Pixels = float64(pr.X), float64(pr.W)
	c.view.Y.Pixel0, c.view.Y.Pixels, c.view.Y.Flip = float64(pr.Y), float64(pr.H), true
	// Refit when what is plotted changes.
	if !c.fitted || c.fitClip != p.Clip || c.fitRaw != c.raw || !sameRefs(c.fitRefs, c.shown) {
		u.fitCurves(p, false)
		c.fitClip, c.fitRaw = p.Clip, c.raw
		c.fitRefs = c.fitRefs[:0]
		for i := range c.shown {
			c.fitRefs = append(c.fitRefs, c.shown[i].ref)
		}
	}
	u.plotInput(v, p, r, pr)

	dl := imgui.WindowDrawList()
	dl.PushClipRectV(r.min(), r.max(), true)
	defer dl.PopClipRect()
	fillRect(dl, pr.min(), pr.max(), packed(colPlotBg))
	// The continuation regions.
	x0, xd := float32(c.view.X.ToPixel(0)), float32(c.view.X.ToPixel(dur))
	if x0 > pr.X {
		fillRect(dl, pr.min(), imgui.Vec2{X: min(x0, pr.X+pr.W), Y: pr.Y + pr.H}, packed(colPlotOutBg))
	}
	if xd < pr.X+pr.W {
		fillRect(dl, imgui.Vec2{X: max(xd, pr.X), Y: pr.Y}, pr.max(), packed(colPlotOutBg))
	}

	// Grid and rulers.
	lineH := imgui.TextLineHeight()
	c.ticks, _ = plot.Ticks(c.ticks[:0], c.view.X, float64(56*s), true)
	for _, f := range c.ticks {
		x := float32(c.view.X.ToPixel(f))
		col := colGrid
		if f == 0 || f == dur {
			col = colZero
		}
		dl.AddLine(imgui.Vec2{X: x, Y: pr.Y}, imgui.Vec2{X: x, Y: pr.Y + pr.H}, packed(col))
		label := fmt.Sprintf("%g", f)
		dl.AddText(imgui.Vec2{X: x - imgui.CalcTextSize(label, false, 0).X/2, Y: pr.Y + pr.H + 2*s}, packed(colTextDim), label)
	}
	var ystep float64
	c.ticks, ystep = plot.Ticks(c.ticks[:0], c.view.Y, float64(lineH*1.8), false)
	for _, val := range c.ticks {
		y := float32(c.view.Y.ToPixel(val))
		col := colGrid
		if val == 0 {
			col = colZero
		}
		dl.AddLine(imgui.Vec2{X: pr.X, Y: y}, imgui.Vec2{X: pr.X + pr.W, Y: y}, packed(col))
		label := fmtTick(val, ystep)
		dl.AddText(imgui.Vec2{X: pr.X - 4*s - imgui.CalcTextSize(label, false, 0).X, Y: y - lineH/2}, packed(colTextDim), label)
	}
	// Region captions.
	if x0 > pr.X+40*s {
		dl.AddText(imgui.Vec2{X: pr.X + 4*s, Y: pr.Y + 2*s}, packed(colTextDim), "before the start")
	}
	if xd < pr.X+pr.W-40*s {
		dl.AddText(imgui.Vec2{X: max(xd, pr.X) + 4*s, Y: pr.Y + 2*s}, packed(colTextDim), "after the end: "+mode.String())
	}

	dl.PushClipRectV(pr.min(), pr.max(), true)
	for i := range c.shown {
		u.drawCurve(dl, &c.shown[i], pr)
	}
	// The playhead.
	px := float32(c.view.X.ToPixel(p.Clock.Frame))
	dl.AddLineV(imgui.Vec2{X: px, Y: pr.Y}, imgui.Vec2{X: px, Y: pr.Y + pr.H}, packed(colAccent), 2*s)
	dl.AddTriangleFilled(imgui.Vec2{X: px - 6*s, Y: pr.Y}, imgui.Vec2{X: px + 6*s, Y: pr.Y}, imgui.Vec2{X: px, Y: pr.Y + 8*s}, packed(colAccent))
	// The readout under the mouse.
	if imgui.IsItemHovered() && c.dragButton < 0 && pr.contains(imgui.MousePos()) {
		u.readoutAt(dl, imgui.MousePos().X, pr)
	}
	dl.PopClipRect()
	dl.AddRect(pr.min(), pr.max(), packed(colGrid))
	if len(c.shown) == 0 {
		msg := "Select a joint or texture entry, or tick channels in the Joints and materials list."
		dl.AddText(imgui.Vec2{X: pr.X + 12*s, Y: pr.Y + pr.H/2 - lineH/2}, packed(colTextDim), msg)
	}
}

func sameRefs(refs []viewmodel.ChannelRef, shown []shownCurve) bool {
	if len(refs) != len(shown) {
		return false
	}
	for i := range refs {
		if refs[i] != shown[i].ref {
			return false
		}
	}
	return true
}

// fmtTick labels a value tick with as many decimals as the step needs.
func fmtTick(v, step float64) string {
	d := 0
	if step > 0 && step < 1 {
		d = int(math.Ceil(-math.Log10(step) - 1e-9))
	}
	s := fmt.Sprintf("%.*f", d, v)
	if s == "-0" || s == "-0.0" || s == "-0.00" {
		s = s[1:]
	}
	return s
}

// maxHandleCurves is how many plotted channels get tangent handles
// without being highlighted: beyond it the handles of one hide the keys
// of another (and cost vertices every frame).
const maxHandleCurves = 3

// drawCurve draws one channel: its path (dimmer outside the clip), its
// keys and their tangent handles. Line widths are whole pixels, which
// ImGui draws from its baked line texture with a third of the vertices,
// and keys are squares (four vertices each): a software GL driver's cost
// grows with the vertices.
func (u *UI) drawCurve(dl imgui.DrawList, sc *shownCurve, pr Rect) {
	c := &u.curves
	s := u.scale
	hl := c.highlight[sc.ref]
	step := 2 * float64(s)
	if sc.kind.Stepped() {
		step = float64(s)
	}
	c.tracer.Trace(sc.curve, sc.mode, sc.duration, c.view, step, 0.5*float64(s))
	width := float32(math.Round(float64(2 * s)))
	if hl {
		width = float32(math.Round(float64(3 * s)))
	}
	thin := float32(math.Max(1, math.Round(float64(s))))
	in, out := packed(sc.color), packed(withAlpha(sc.color, outsideAlpha))
	for _, run := range c.tracer.Runs {
		col, w := in, width
		if run.Region != plot.Inside {
			col, w = out, thin
		}
		path := c.tracer.Path[run.Start:run.End]
		for i := 0; i+1 < len(path); i++ {
			a, b := path[i], path[i+1]
			dl.AddLineV(imgui.Vec2{X: float32(a.X), Y: float32(a.Y)}, imgui.Vec2{X: float32(b.X), Y: float32(b.Y)}, col, w)
		}
	}
	if sc.kind == anim.KindConstant {
		return
	}
	// Keys, and tangent handles where there is room to see them.
	handles := c.handles && (hl || len(c.highlight) == 0 && len(c.shown) <= maxHandleCurves)
	n := sc.curve.NumKeys()
	lastX := float32(-1e9)
	minGap := 5 * s
	dark := packed(imgui.Vec4{X: 0.05, Y: 0.05, Z: 0.06, W: 1})
	handleCol := packed(withAlpha(sc.color, 0.7))
	r := float32(math.Round(float64(3 * s)))
	if hl {
		r = float32(math.Round(float64(4 * s)))
	}
	for i := 0; i < n; i++ {
		k := sc.curve.Key(i)
		if k.Frame < c.view.X.Min || k.Frame > c.view.X.Max {
			continue
		}
		x, y := c.view.ToPixel(k.Frame, k.Value)
		p := imgui.Vec2{X: float32(math.Round(x)), Y: float32(math.Round(y))}
		if handles && k.HasSlopes {
			hin, hout, inOK, outOK := plot.Handles(sc.curve, i)
			for _, hh := range [2]struct {
				p  plot.Point
				ok bool
			}{{hin, inOK}, {hout, outOK}} {
				if !hh.ok {
					continue
				}
				hx, hy := c.view.ToPixel(hh.p.Frame, hh.p.Value)
				q := imgui.Vec2{X: float32(math.Round(hx)), Y: float32(math.Round(hy))}
				if math.Abs(float64(q.X-p.X)) < float64(12*s) {
					continue // too close to its key to read
				}
				dl.AddLineV(p, q, handleCol, thin)
				hr := float32(math.Round(float64(2 * s)))
				fillRect(dl, imgui.Vec2{X: q.X - hr, Y: q.Y - hr}, imgui.Vec2{X: q.X + hr, Y: q.Y + hr}, handleCol)
			}
		}
		if p.X-lastX < minGap {
			continue
		}
		lastX = p.X
		fillRect(dl, imgui.Vec2{X: p.X - r - 1, Y: p.Y - r - 1}, imgui.Vec2{X: p.X + r + 1, Y: p.Y + r + 1}, dark)
		fillRect(dl, imgui.Vec2{X: p.X - r, Y: p.Y - r}, imgui.Vec2{X: p.X + r, Y: p.Y + r}, packed(sc.color))
	}
}

// readoutAt draws the cross line at mouse x and a tooltip with every
// shown channel's value there (plot.Readout: what the plot shows).
func (u *UI) readoutAt(dl imgui.DrawList, mx float32, pr Rect) {
	c := &u.curves
	s := u.scale
	fx := c.view.X.FromPixel(float64(mx))
	dl.AddLineV(imgui.Vec2{X: mx, Y: pr.Y}, imgui.Vec2{X: mx, Y: pr.Y + pr.H}, packed(withAlpha(colText, 0.35)), 1*s)
	imgui.BeginTooltip()
	head := fmt.Sprintf("frame %s", fmtNum(fx))
	if len(c.shown) > 0 {
		sc := &c.shown[0]
		if f, r := plot.ShownFrame(sc.mode, sc.duration, fx); r != plot.Inside {
			head += fmt.Sprintf("  →  %s plays frame %s", sc.mode, fmtNum(f))
		}
	}
	textDim(head)
	for i := range c.shown {
		sc := &c.shown[i]
		c.curves = append(c.curves[:0], sc.curve)
		c.readout = plot.Readout(c.readout[:0], c.curves, sc.mode, sc.duration, fx)
		val := c.readout[0]
		y := float32(c.view.Y.ToPixel(val))
		dl.AddCircleFilledV(imgui.Vec2{X: mx, Y: y}, 3*s, packed(sc.color), 8)
		textColored(sc.color, fmt.Sprintf("%s  %s%s", sc.label, fmtNum(val), sc.unit))
	}
	imgui.EndTooltip()
}

// plotInput handles the wheel and drags over the plot and its rulers.
func (u *UI) plotInput(v *viewmodel.View, p *viewmodel.Playback, r, pr Rect) {
	c := &u.curves
	io := imgui.CurrentIO()
	mouse := imgui.MousePos()
	zone := zonePlot
	switch {
	case mouse.X < pr.X:
		zone = zoneYGutter
	case mouse.Y > pr.Y+pr.H:
		zone = zoneXGutter
	}
	if imgui.IsItemHovered() {
		if _, wy := io.MouseWheel(); wy != 0 {
			f := math.Pow(1.2, float64(wy))
			yAxis := zone == zoneYGutter || (zone == zonePlot && (io.KeyShiftPressed() || io.KeyCtrlPressed()))
			if yAxis {
				c.view.Y.Zoom(float64(mouse.Y), f)
			} else {
				c.view.X.Zoom(float64(mouse.X), f)
			}
		}
		if imgui.IsMouseDoubleClicked(0) && zone == zonePlot {
			u.fitCurves(p, false)
		}
	}
	frameAt := func() float64 {
		f := c.view.X.FromPixel(float64(mouse.X))
		if !io.KeyShiftPressed() {
			f = math.Round(f)
		}
		return math.Max(0, math.Min(f, p.Clip.Duration))
	}
	if imgui.IsItemActivated() {
		for b := 0; b < 3; b++ {
			if imgui.IsMouseClicked(b) {
				c.dragButton, c.dragZone = b, zone
				break
			}
		}
		if c.dragButton == 0 && zone == zonePlot {
			slot := viewmodel.JointSlot
			if p == v.Tex {
				slot = viewmodel.TexSlot
			}
			if slot != v.Focus {
				u.emit(viewmodel.FocusSlot{Slot: slot})
			}
			c.scrubbing = true
			u.emit(viewmodel.ScrubBegin{})
			u.emit(viewmodel.Seek{Frame: frameAt()})
		}
	}
	if c.dragButton < 0 {
		return
	}
	if !imgui.IsItemActive() {
		if c.scrubbing {
			u.emit(viewmodel.ScrubEnd{})
			c.scrubbing = false
		}
		c.dragButton = -1
		return
	}
	d := io.MouseDelta()
	switch {
	case c.scrubbing:
		if f := frameAt(); f != p.Clock.Frame {
			u.emit(viewmodel.Seek{Frame: f})
		}
	case c.dragButton == 0 && c.dragZone == zoneXGutter:
		c.view.X.Pan(float64(d.X))
	case c.dragButton == 0 && c.dragZone == zoneYGutter:
		c.view.Y.Pan(float64(d.Y))
	case c.dragButton != 0:
		c.view.X.Pan(float64(d.X))
		c.view.Y.Pan(float64(d.Y))
	}
}

// fitCurves fits the view: all (the clip with a quarter of its length on
// either side, every value shown there) or, with selection, the values of
// the highlighted channels (all when none is) over the clip itself.
func (u *UI) fitCurves(p *viewmodel.Playback, selection bool) {
	c := &u.curves
	c.fitted = true
	if p == nil {
		return
	}
	d := p.Clip.Duration
	margin := math.Max(d/4, 1)
	lo, hi := -margin, d+margin
	if selection {
		lo, hi = -math.Max(d/40, 0.5), d+math.Max(d/40, 0.5)
	}
	c.view.X.Min, c.view.X.Max = lo, hi
	ylo, yhi := math.Inf(1), math.Inf(-1)
	any := false
	for i := range c.shown {
		if selection && len(c.highlight) > 0 && !c.highlight[c.shown[i].ref] {
			continue
		}
		sc := &c.shown[i]
		a, b := plot.Bounds(sc.curve, sc.mode, sc.duration, lo, hi, 256)
		ylo, yhi = math.Min(ylo, a), math.Max(yhi, b)
		any = true
	}
	if !any {
		ylo, yhi = -1, 1
	}
	c.view.Y.Fit(ylo, yhi, 0.08)
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
