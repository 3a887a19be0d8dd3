package plot

import (
	"math"

	"github.com/animscope/animscope/anim"
)

// Vec is a point in pixels.
type Vec struct{ X, Y float64 }

// Run is a stretch of a traced path that lies in one region: Path[Start:End].
type Run struct {
	Region     Region
	Start, End int
}

// Tracer turns a curve into pixel polylines, reusing its buffers between
// frames so that tracing allocates nothing once they have grown.
type Tracer struct {
	Path []Vec
	Runs []Run

	xs    []float64 // curve-space sample positions
	extra []float64 // exact positions merged into xs
	raw   []Vec     // before simplification
}

// boundaryEps is how far before a region boundary the left limit of a
// curve is taken (a fraction of the clip's duration): close enough to be
// the limit on screen, far enough to stay on the left of the boundary in
// floating point.
const boundaryEps = 1e-9

// Trace traces curve c across the view's X range as ShownFrame places it
// (the curve itself over the clip, what the loop mode plays outside), about one sample every pxStep pixels plus the exact region
// boundaries (0 and the duration) and, while they are no denser than the
// samples, the curve's key frames, so the kinks of linear and sampled
// curves are exact. Stepped curves (anim.CurveKind.Stepped) hold each
// value until the next sample and then jump vertically. Each run is
// simplified so that no dropped point is farther than tol pixels from the
// drawn line. A run after the clip starts with the clip's last point and
// a run before it ends at the clip's first, so a jump at a boundary (a
// loop wrapping, once-reset snapping back) is drawn as the jump it is.
func (t *Tracer) Trace(c anim.Curve, mode anim.LoopMode, duration float64, v View, pxStep, tol float64) {
	t.Path, t.Runs = t.Path[:0], t.Runs[:0]
	x0, x1 := v.X.Min, v.X.Max
	if !(x1 > x0) || v.X.Pixels == 0 {
		return
	}
	if !(pxStep > 0) {
		pxStep = 1
	}
	n := int(math.Ceil(math.Abs(v.X.Pixels) / pxStep))
	n = max(1, min(n, maxTraceSamples))
	if c.Kind() == anim.KindConstant {
		n = 1 // a flat line: its ends (and the boundaries) suffice
	}
	// The exact points (region boundaries, key frames inside the clip),
	// sorted, merged into the uniform samples.
	t.extra = t.extra[:0]
	if k := c.NumKeys(); c.Kind() != anim.KindConstant && k <= n {
		for i := 0; i < k; i++ {
			if f := c.Key(i).Frame; f > x0 && f < x1 && f >= 0 && f <= duration {
				t.extra = append(t.extra, f)
			}
		}
	}
	for _, b := range [2]float64{0, duration} {
		if b > x0 && b < x1 {
			t.extra = append(t.extra, b)
		}
	}
	sortFloats(t.extra) // keys come sorted: only the boundaries move
	t.xs = t.xs[:0]
	e := 0
	for i := 0; i <= n; i++ {
		x := x0 + (x1-x0)*float64(i)/float64(n)
		for e < len(t.extra) && t.extra[e] < x {
			t.xs = append(t.xs, t.extra[e])
			e++
		}
		t.xs = append(t.xs, x)
	}
	t.xs = append(t.xs, t.extra[e:]...)
	stepped := c.Kind().Stepped()
	eps := boundaryEps * math.Max(duration, 1)
	var prev Vec
	var prevRegion Region
	have := false
	for i, x := range t.xs {
		if i > 0 && x == t.xs[i-1] {
			continue
		}
		f, r := ShownFrame(mode, duration, x)
		p := Vec{v.X.ToPixel(x), v.Y.ToPixel(c.Eval(f))}
		if have && r != prevRegion {
			// A run before the clip ends at x = 0 with its left limit;
			// the clip's run then starts at x = 0 itself.
			if prevRegion == Before {
				lf, _ := PlayedFrame(mode, duration, -eps)
				t.add(Vec{v.X.ToPixel(0), v.Y.ToPixel(c.Eval(lf))}, prevRegion, stepped)
			}
			t.endRun()
			if r == After {
				t.add(prev, r, false)
			}
		}
		t.add(p, r, stepped)
		prev, prevRegion, have = p, r, true
		if x == duration && i+1 < len(t.xs) {
			// Past the end the loop mode takes over at the same x: the
			// run after the clip starts with the clip's last point and
			// jumps to what playback shows there.
			af, _ := PlayedFrame(mode, duration, duration)
			t.endRun()
			t.add(p, After, false)
			q := Vec{p.X, v.Y.ToPixel(c.Eval(af))}
			t.add(q, After, false)
			prev, prevRegion = q, After
		}
	}
	t.endRun()
	t.simplify(tol)
}

// maxTraceSamples bounds the samples per curve whatever the view size.
const maxTraceSamples = 8192

// add appends p to the open run of region r; stepped holds the previous
// value until p's x first.
func (t *Tracer) add(p Vec, r Region, stepped bool) {
	open := len(t.Runs) > 0 && t.Runs[len(t.Runs)-1].End < 0
	if !open {
		t.Runs = append(t.Runs, Run{Region: r, Start: len(t.raw), End: -1})
	}
	if stepped && len(t.raw) > t.Runs[len(t.Runs)-1].Start {
		last := t.raw[len(t.raw)-1]
		if last.Y != p.Y {
			t.raw = append(t.raw, Vec{p.X, last.Y})
		}
	}
	t.raw = append(t.raw, p)
}

func (t *Tracer) endRun() {
	if n := len(t.Runs); n > 0 && t.Runs[n-1].End < 0 {
		t.Runs[n-1].End = len(t.raw)
		if t.Runs[n-1].End-t.Runs[n-1].Start < 1 {
			t.Runs = t.Runs[:n-1]
		}
	}
}

// simplify moves the raw runs into Path, dropping points the line between
// their neighbours passes within tol of.
func (t *Tracer) simplify(tol float64) {
	t.Path = t.Path[:0]
	for i := range t.Runs {
		r := &t.Runs[i]
		start := len(t.Path)
		t.Path = Simplify(t.Path, t.raw[r.Start:r.End], tol)
		r.Start, r.End = start, len(t.Path)
	}
	t.raw = t.raw[:0]
}

// Simplify appends to dst the points of src a polyline through which stays
// within tol of every point of src: the first and last point always, and
// an inner point only when the line from the last kept point can no
// longer pass within tol (vertically, which bounds the distance) of
// everything since. It keeps a sleeve of slopes narrowed point by point,
// linear in the number of points and without trigonometry; a point not
// to the right of the last kept one (a step's vertical jump) is always
// kept. It keeps the corners of steps and the kinks of linear segments.
func Simplify(dst, src []Vec, tol float64) []Vec {
	if len(src) <= 2 || !(tol > 0) {
		return append(dst, src...)
	}
	anchor, at := src[0], 0
	dst = append(dst, anchor)
	lo, hi := math.Inf(-1), math.Inf(1) // slopes of lines from the anchor that fit
	for i := 1; i < len(src); i++ {
		p := src[i]
		dx, dy := p.X-anchor.X, p.Y-anchor.Y
		if dx > 0 {
			if s := dy / dx; s >= lo && s <= hi {
				lo, hi = math.Max(lo, (dy-tol)/dx), math.Min(hi, (dy+tol)/dx)
				continue
			}
		}
		// No line from the anchor through p fits: the previous point
		// becomes the anchor, and p is tried from there.
		if i-1 != at {
			anchor, at = src[i-1], i-1
			dst = append(dst, anchor)
			dx, dy = p.X-anchor.X, p.Y-anchor.Y
			if dx > 0 {
				lo, hi = (dy-tol)/dx, (dy+tol)/dx
				continue
			}
		}
		// p is straight above, below or behind the anchor: a corner.
		anchor, at = p, i
		dst = append(dst, p)
		lo, hi = math.Inf(-1), math.Inf(1)
	}
	if at != len(src)-1 {
		dst = append(dst, src[len(src)-1])
	}
	return dst
}

func sortFloats(a []float64) {
	// Nearly sorted (sorted keys and two boundaries): an insertion sort
	// moves the few strays into place.
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// Ticks appends to dst the multiples of a round step (1, 2 or 5 × 10^k)
// inside the axis range, the step chosen so that ticks are at least
// minGap pixels apart, and returns the step. Integer reports whether only
// whole steps (frames) are wanted: then the step is at least 1.
func Ticks(dst []float64, a Axis, minGap float64, integer bool) ([]float64, float64) {
	span := a.Max - a.Min
	px := math.Abs(a.Pixels)
	if !(span > 0) || !(px > 0) || math.IsInf(span, 0) {
		return dst, 0
	}
	raw := span * minGap / px
	step := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range [...]float64{1, 2, 5, 10} {
		if m*step >= raw {
			step *= m
			break
		}
	}
	if integer && step < 1 {
		step = 1
	}
	first := math.Ceil(a.Min/step) * step
	for i := 0; i < maxTicks; i++ {
		v := first + float64(i)*step
		if v > a.Max {
			break
		}
		if math.Abs(v) < step*1e-9 {
			v = 0 // no "-0" or 1e-17 labels
		}
		dst = append(dst, v)
	}
	return dst, step
}

// maxTicks bounds the ticks of one axis (a very narrow minGap).
const maxTicks = 200

// FramePath appends the exact path of "animation frame against playback
// time" for a loop mode from time t0 to t1 (anim.FrameAtTime is linear
// between the ends and the bounces, so its corners suffice), as points
// (Frame = playback time, Value = animation frame). A jump (loop wrapping,
// once-reset snapping back) is two points at the same time. Past
// maxFrameCorners corners it falls back to n uniform samples.
func FramePath(dst []Point, mode anim.LoopMode, duration, t0, t1 float64, n int) []Point {
	if !(t1 > t0) {
		return dst
	}
	at := func(t float64) Point { return Point{t, anim.FrameAtTime(mode, duration, t)} }
	period := duration
	if mode == anim.MirroredLoop {
		period = duration - 1
	}
	if !(period > 0) || (t1-t0)/period > maxFrameCorners {
		n = max(n, 1)
		for i := 0; i <= n; i++ {
			dst = append(dst, at(t0+(t1-t0)*float64(i)/float64(n)))
		}
		return dst
	}
	eps := boundaryEps * math.Max(duration, 1)
	dst = append(dst, at(t0))
	k := math.Floor(t0/period) + 1
	if t0 < 0 {
		if t1 <= 0 {
			return append(dst, at(t1))
		}
		dst = append(dst, at(-eps), at(0))
		k = 1
	}
	for ; k*period <= t1; k++ {
		b := k * period
		dst = append(dst, at(b-eps), at(b))
		if mode == anim.MirroredOnce && b > 2*duration {
			// At rest: the frame never changes again.
			break
		}
	}
	if mode == anim.MirroredOnce {
		// The rest position is reached one frame-step after 2·duration.
		if r := 2*duration + 1; r > t0 && r < t1 {
			dst = append(dst, at(r))
		}
	}
	if dst[len(dst)-1].Frame != t1 {
		dst = append(dst, at(t1))
	}
	sortPoints(dst)
	return dst
}

// maxFrameCorners bounds the exact corners FramePath draws.
const maxFrameCorners = 4096

func sortPoints(a []Point) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j].Frame < a[j-1].Frame; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
