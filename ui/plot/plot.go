// Package plot is the maths behind the curve and loop-mode plots: mapping
// frames and values to pixels under zoom and pan, axis ticks, Hermite
// tangent handles as the evaluator uses them, tracing a curve (beyond the
// clip the way a loop mode plays it) into a simplified path, and the
// derived channels shown for reading (J3D rotations in file units, Euler
// angles of quaternion bones). It has no GL and no ImGui, so it is
// unit-tested.
package plot

import (
	"math"

	"github.com/animscope/animscope/anim"
)

// Axis maps a value range [Min, Max] onto a pixel span starting at Pixel0
// and Pixels long. Pixels grow with the value when Flip is false (x) and
// shrink when Flip is true (y: screen rows grow downwards).
type Axis struct {
	Min, Max       float64
	Pixel0, Pixels float64
	Flip           bool
}

// ToPixel maps a value to a pixel coordinate.
func (a Axis) ToPixel(v float64) float64 {
	span := a.Max - a.Min
	if span == 0 {
		span = 1
	}
	u := (v - a.Min) / span
	if a.Flip {
		u = 1 - u
	}
	return a.Pixel0 + u*a.Pixels
}

// FromPixel maps a pixel coordinate back to a value.
func (a Axis) FromPixel(p float64) float64 {
	if a.Pixels == 0 {
		return a.Min
	}
	u := (p - a.Pixel0) / a.Pixels
	if a.Flip {
		u = 1 - u
	}
	return a.Min + u*(a.Max-a.Min)
}

// minSpan keeps zooming from collapsing an axis to nothing.
const minSpan = 1e-6

// Zoom scales the axis about the value under pixel p: factor > 1 zooms in.
// The value under p stays under p.
func (a *Axis) Zoom(p, factor float64) {
	if !(factor > 0) || math.IsInf(factor, 0) {
		return
	}
	anchor := a.FromPixel(p)
	lo := anchor - (anchor-a.Min)/factor
	hi := anchor + (a.Max-anchor)/factor
	if hi-lo < minSpan {
		return
	}
	a.Min, a.Max = lo, hi
}

// Pan moves the view by a drag of dp pixels: the content follows the
// mouse.
func (a *Axis) Pan(dp float64) {
	if a.Pixels == 0 {
		return
	}
	dv := dp / a.Pixels * (a.Max - a.Min)
	if a.Flip {
		dv = -dv
	}
	a.Min -= dv
	a.Max -= dv
}

// Fit sets the range to [lo, hi] plus a margin fraction on both sides; an
// empty range gets a unit span around it.
func (a *Axis) Fit(lo, hi, margin float64) {
	if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return
	}
	if hi < lo {
		lo, hi = hi, lo
	}
	if hi-lo < minSpan {
		lo, hi = lo-0.5, hi+0.5
	}
	m := (hi - lo) * margin
	a.Min, a.Max = lo-m, hi+m
}

// View is a 2D plot area: frames on X, values on Y.
type View struct {
	X, Y Axis
}

// ToPixel maps (frame, value) to screen pixels.
func (v View) ToPixel(frame, value float64) (float64, float64) {
	return v.X.ToPixel(frame), v.Y.ToPixel(value)
}

// Point is a plotted point in curve space.
type Point struct{ Frame, Value float64 }

// Handles returns the in and out tangent handle endpoints of key i of a
// curve in curve space, scaled as the J3D evaluator uses the tangents: the
// out tangent is multiplied by the following segment's length L and the
// in tangent by the preceding one's, and a cubic Hermite with end slope
// s = tangent·L has its Bézier control point at a third of the segment, so
// the handles end at (t ± L/3, v ± tangent·L/3). A key without a neighbour
// on one side gets no handle there (ok false).
func Handles(c anim.Curve, i int) (in, out Point, inOK, outOK bool) {
	n := c.NumKeys()
	if i < 0 || i >= n {
		return
	}
	k := c.Key(i)
	if !k.HasSlopes {
		return
	}
	if i > 0 {
		l := k.Frame - c.Key(i-1).Frame
		if l > 0 {
			in = Point{k.Frame - l/3, k.Value - k.InSlope*l/3}
			inOK = true
		}
	}
	if i+1 < n {
		l := c.Key(i+1).Frame - k.Frame
		if l > 0 {
			out = Point{k.Frame + l/3, k.Value + k.OutSlope*l/3}
			outOK = true
		}
	}
	return
}

// Region says where a plotted frame lies relative to the clip.
type Region uint8

const (
	Before Region = iota // before playback starts: not part of the clip
	Inside               // inside the clip
	After                // past the end: what the loop mode plays
)

// PlayedFrame maps a position x on an extended timeline (playback time in
// frames at speed 1) to the animation frame the loop mode shows there, and
// says which region x is in. Past the end it is anim.FrameAtTime, so the
// plot shows exactly what playback does. Before 0 the clip has not
// started; periodic modes are drawn as if they had been playing (loop
// repeats, mirrored-loop reflects), the others hold frame 0.
func PlayedFrame(mode anim.LoopMode, duration, x float64) (float64, Region) {
	if x >= 0 {
		r := Inside
		if x >= duration {
			r = After
		}
		return anim.FrameAtTime(mode, duration, x), r
	}
	switch mode {
	case anim.Loop:
		if duration > 0 {
			m := math.Mod(x, duration)
			if m < 0 {
				m += duration
			}
			return m, Before
		}
	case anim.MirroredLoop:
		return anim.FrameAtTime(mode, duration, -x), Before
	}
	return 0, Before
}

// ShownFrame is the frame the curve plot shows at x: inside the clip
// (0 ≤ x ≤ duration) the curve itself, at x, so every key and the clip's
// last frame are visible even where a mode never plays them (mirrored
// loop turns at duration−1); before and after it, PlayedFrame, what
// playback shows there. The plot's shading, the readout and the traced
// path all use it, so they agree.
func ShownFrame(mode anim.LoopMode, duration, x float64) (float64, Region) {
	if x >= 0 && x <= duration {
		return x, Inside
	}
	return PlayedFrame(mode, duration, x)
}

// Readout is the value of every channel at x on the plot's timeline
// (ShownFrame), evaluated with the same Curve.Eval the renderer uses.
func Readout(dst []float64, curves []anim.Curve, mode anim.LoopMode, duration, x float64) []float64 {
	dst = dst[:0]
	f, _ := ShownFrame(mode, duration, x)
	for _, c := range curves {
		dst = append(dst, c.Eval(f))
	}
	return dst
}

// Bounds returns the value range of curve c over [x0, x1] on the plot's
// timeline (ShownFrame), sampled at n+1 points plus every key inside the clip (so
// fit-to-view includes the keys and the overshoot between them).
func Bounds(c anim.Curve, mode anim.LoopMode, duration, x0, x1 float64, n int) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for i := 0; i <= n; i++ {
		x := x0 + (x1-x0)*float64(i)/float64(max(n, 1))
		f, _ := ShownFrame(mode, duration, x)
		v := c.Eval(f)
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	for i, k := 0, c.NumKeys(); i < k; i++ {
		key := c.Key(i)
		if c.Kind() != anim.KindConstant && key.Frame >= x0 && key.Frame <= x1 {
			v := c.Eval(key.Frame)
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	return lo, hi
}
