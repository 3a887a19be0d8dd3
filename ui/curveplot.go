package ui

import (
	"fmt"
	"math"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/ui/plot"
)

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
