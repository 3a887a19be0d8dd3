// The curve plot's mouse input (zoom, pan, scrub) and fitting its view.

package ui

import (
	"math"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/ui/plot"
)

type plotZone uint8

const (
	zonePlot plotZone = iota
	zoneXGutter
	zoneYGutter
)

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
