package plot

import (
	"math"
	"math/rand"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
)

// tangentCurve is a J3D curve in tangent mode 1 (separate in and out
// tangents), the kind the curve panel's screenshot shows.
func tangentCurve() *anim.Hermite {
	h := &anim.Hermite{Keys: []anim.HermiteKey{
		{Time: 0, Value: 0, In: 0, Out: 5},
		{Time: 12.5, Value: 50, In: 0, Out: 0},
		{Time: 30, Value: 0, In: -2, Out: 0},
	}, RotationFrac: anim.NotRotation}
	h.Prepare()
	return h
}

func testView() View {
	return View{
		X: Axis{Min: -20, Max: 75, Pixel0: 40, Pixels: 950},
		Y: Axis{Min: -30, Max: 80, Pixel0: 10, Pixels: 300, Flip: true},
	}
}

// pointOnPath reports the distance from p to the nearest segment of path.
func distToPath(p Vec, path []Vec) float64 {
	best := math.Inf(1)
	for i := 0; i+1 < len(path); i++ {
		a, b := path[i], path[i+1]
		dx, dy := b.X-a.X, b.Y-a.Y
		l2 := dx*dx + dy*dy
		t := 0.0
		if l2 > 0 {
			t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l2))
		}
		best = math.Min(best, math.Hypot(p.X-a.X-t*dx, p.Y-a.Y-t*dy))
	}
	if len(path) == 1 {
		best = math.Hypot(p.X-path[0].X, p.Y-path[0].Y)
	}
	return best
}

// TestTraceMatchesEvaluatorEveryMode checks the traced curve against the
// evaluator for every loop mode: inside the clip the curve at x, before
// and after it the curve at the frame playback shows (anim.FrameAtTime
// after the end), every point of the path on the curve and every sample
// of the curve within the simplification tolerance of the path.
func TestTraceMatchesEvaluatorEveryMode(t *testing.T) {
	h := tangentCurve()
	const d = 30
	v := testView()
	const tol = 0.25
	for mode := anim.LoopMode(0); mode < anim.NumLoopModes; mode++ {
		var tr Tracer
		tr.Trace(h, mode, d, v, 1, tol)
		if len(tr.Runs) != 3 || tr.Runs[0].Region != Before || tr.Runs[1].Region != Inside || tr.Runs[2].Region != After {
			t.Fatalf("%s: runs %+v, want before, inside, after", mode, tr.Runs)
		}
		want := func(x float64, r Region) float64 {
			switch r {
			case Inside:
				return h.Eval(x)
			case After:
				return h.Eval(anim.FrameAtTime(mode, d, x))
			}
			f, _ := PlayedFrame(mode, d, x)
			return h.Eval(f)
		}
		for _, run := range tr.Runs {
			path := tr.Path[run.Start:run.End]
			for i, p := range path {
				x := v.X.FromPixel(p.X)
				if run.Region == After && i < 2 || run.Region == Before && i == len(path)-1 {
					continue // the boundary points, checked below
				}
				if got, w := v.Y.FromPixel(p.Y), want(x, run.Region); math.Abs(got-w) > 1e-9 {
					t.Fatalf("%s %v x=%v: path at %v, evaluator %v", mode, run.Region, x, got, w)
				}
			}
			// Every frame of the run, sampled finely, is within tol of
			// the drawn line.
			lo, hi := v.X.FromPixel(path[0].X), v.X.FromPixel(path[len(path)-1].X)
			for k := 0; k <= 400; k++ {
				x := lo + (hi-lo)*float64(k)/400
				if run.Region == After && x <= d || run.Region == Before && x >= 0 {
					continue
				}
				p := Vec{v.X.ToPixel(x), v.Y.ToPixel(want(x, run.Region))}
				// Jumps (loop wrap) are vertical lines: a point just
				// beside one is within a pixel step of it.
				if dd := distToPath(p, path); dd > tol+1.5 {
					t.Fatalf("%s %v x=%v: evaluator point %.2f px from the path", mode, run.Region, x, dd)
				}
			}
		}
		// The run after the clip starts at the clip's last value, at x =
		// duration, and jumps to what playback shows there.
		after := tr.Path[tr.Runs[2].Start:]
		xd := v.X.ToPixel(d)
		if after[0].X != xd || math.Abs(v.Y.FromPixel(after[0].Y)-h.Eval(d)) > 1e-9 {
			t.Errorf("%s: after-run starts at %+v, want the clip's end (%v, %v)", mode, after[0], xd, h.Eval(d))
		}
		// The run before the clip ends at x = 0.
		before := tr.Path[tr.Runs[0].Start:tr.Runs[0].End]
		if before[len(before)-1].X != v.X.ToPixel(0) {
			t.Errorf("%s: before-run ends at x=%v, want %v", mode, before[len(before)-1].X, v.X.ToPixel(0))
		}
	}
}

// TestTraceSteps checks that a stepped curve is drawn as steps: only
// horizontal and vertical segments, and the value changes within a
// sample of each key.
func TestTraceSteps(t *testing.T) {
	c := stepCurve{frames: []float64{0, 7, 19}, values: []float64{1, 4, 2}}
	v := View{X: Axis{Min: 0, Max: 30, Pixel0: 0, Pixels: 300}, Y: Axis{Min: 0, Max: 5, Pixel0: 0, Pixels: 100, Flip: true}}
	var tr Tracer
	tr.Trace(c, anim.Once, 30, v, 1, 0.25)
	path := tr.Path[tr.Runs[0].Start:tr.Runs[0].End]
	jumps := 0
	for i := 0; i+1 < len(path); i++ {
		a, b := path[i], path[i+1]
		if a.X != b.X && a.Y != b.Y {
			t.Fatalf("segment %+v-%+v is diagonal: a step curve must be drawn as steps", a, b)
		}
		if a.X == b.X && a.Y != b.Y {
			jumps++
			f := v.X.FromPixel(a.X)
			if math.Abs(f-7) > 0.1 && math.Abs(f-19) > 0.1 {
				t.Errorf("jump at frame %v, want at a key (7 or 19)", f)
			}
		}
	}
	if jumps != 2 {
		t.Errorf("%d jumps, want 2 (path %v)", jumps, path)
	}
}

// stepCurve is a minimal stepped curve (like a BFRES step-int curve).
type stepCurve struct{ frames, values []float64 }

func (s stepCurve) Eval(f float64) float64 {
	v := s.values[0]
	for i, k := range s.frames {
		if f >= k {
			v = s.values[i]
		}
	}
	return v
}
func (stepCurve) Kind() anim.CurveKind { return anim.KindStepInt }
func (s stepCurve) NumKeys() int       { return len(s.frames) }
func (s stepCurve) Key(i int) anim.Key { return anim.Key{Frame: s.frames[i], Value: s.values[i]} }
func (stepCurve) Validate() error      { return nil }

func TestTraceLinearKinksExact(t *testing.T) {
	// A sampled (linear) curve whose kinks fall between pixel samples:
	// the key frames are sampled too, so the path goes through them.
	s := &anim.Sampled{Values: []float64{0, 10, 0, 10}}
	v := View{X: Axis{Min: 0, Max: 3, Pixel0: 0, Pixels: 97}, Y: Axis{Min: 0, Max: 10, Pixel0: 0, Pixels: 100, Flip: true}}
	var tr Tracer
	tr.Trace(s, anim.Once, 3, v, 7, 0.25)
	path := tr.Path[tr.Runs[0].Start:tr.Runs[0].End]
	if len(path) != 4 {
		t.Fatalf("path %v: want exactly the 4 keys (straight segments simplify away)", path)
	}
	for i, p := range path {
		if f, val := v.X.FromPixel(p.X), v.Y.FromPixel(p.Y); math.Abs(f-float64(i)) > 1e-9 || math.Abs(val-s.Values[i]) > 1e-9 {
			t.Errorf("point %d at (%v, %v), want key (%d, %v)", i, f, val, i, s.Values[i])
		}
	}
}

func TestSimplifyWithinTolerance(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	var src []Vec
	for i := 0; i < 2000; i++ {
		x := float64(i) * 0.5
		src = append(src, Vec{x, 100*math.Sin(x/40) + r.Float64()*0.1})
	}
	out := Simplify(nil, src, 0.25)
	if len(out) >= len(src)/4 {
		t.Errorf("kept %d of %d points of a smooth curve", len(out), len(src))
	}
	if out[0] != src[0] || out[len(out)-1] != src[len(src)-1] {
		t.Error("the ends must be kept")
	}
	for _, p := range src {
		if d := distToPath(p, out); d > 0.25+1e-9 {
			t.Fatalf("point %+v is %.3f px from the simplified line", p, d)
		}
	}
	line := Simplify(nil, []Vec{{0, 0}, {1, 1}, {2, 2}, {3, 3}, {50, 50}}, 0.1)
	if len(line) != 2 {
		t.Errorf("a straight line kept %v", line)
	}
	step := Simplify(nil, []Vec{{0, 0}, {1, 0}, {2, 0}, {2, 5}, {3, 5}, {4, 5}}, 0.1)
	want := []Vec{{0, 0}, {2, 0}, {2, 5}, {4, 5}}
	if len(step) != len(want) {
		t.Fatalf("step simplified to %v, want %v", step, want)
	}
	for i := range want {
		if step[i] != want[i] {
			t.Fatalf("step simplified to %v, want %v", step, want)
		}
	}
}

func TestTicks(t *testing.T) {
	a := Axis{Min: -3.7, Max: 41, Pixel0: 0, Pixels: 600}
	ticks, step := Ticks(nil, a, 50, true)
	if step != 5 {
		t.Errorf("step %v, want 5 (50 px at 13.7 px per frame)", step)
	}
	if ticks[0] != 0 || ticks[len(ticks)-1] != 40 {
		t.Errorf("ticks %v, want 0..40", ticks)
	}
	for i := 1; i < len(ticks); i++ {
		if gap := a.ToPixel(ticks[i]) - a.ToPixel(ticks[i-1]); gap < 50 {
			t.Errorf("ticks %v and %v only %v px apart", ticks[i-1], ticks[i], gap)
		}
	}
	// Zoomed far in: frames stay whole, values may be fractional.
	z := Axis{Min: 10.01, Max: 10.02, Pixel0: 0, Pixels: 500}
	if _, s := Ticks(nil, z, 40, true); s != 1 {
		t.Errorf("integer step %v, want 1", s)
	}
	if _, s := Ticks(nil, z, 40, false); s != 0.001 {
		t.Errorf("value step %v, want 0.001", s)
	}
}

// TestViewZoomPanRoundTrip maps frames and values to pixels and back
// under a sequence of zooms and pans on both axes.
func TestViewZoomPanRoundTrip(t *testing.T) {
	v := testView()
	v.X.Zoom(300, 1.5)
	v.Y.Zoom(100, 0.8)
	v.X.Pan(-37)
	v.Y.Pan(12)
	for _, c := range [][2]float64{{0, 0}, {15, 40}, {-7.5, -12.25}, {60, 79}} {
		px, py := v.ToPixel(c[0], c[1])
		f, val := v.X.FromPixel(px), v.Y.FromPixel(py)
		if math.Abs(f-c[0]) > 1e-9 || math.Abs(val-c[1]) > 1e-9 {
			t.Errorf("(%v, %v) -> (%v, %v) -> (%v, %v)", c[0], c[1], px, py, f, val)
		}
	}
	// After a 2x zoom about pixel 300 and a 50 px pan, frame f is at
	// 300 + 2·(ToPixel_before(f) − 300) + 50.
	w := testView()
	before := w.X.ToPixel(22)
	w.X.Zoom(300, 2)
	w.X.Pan(50)
	if got, want := w.X.ToPixel(22), 300+2*(before-300)+50; math.Abs(got-want) > 1e-9 {
		t.Errorf("frame 22 at %v px, want %v", got, want)
	}
}

// TestFramePathExact checks that the frame-vs-time path, read as
// straight lines between its points, is anim.FrameAtTime everywhere.
func TestFramePathExact(t *testing.T) {
	for _, d := range []float64{30, 7.5, 1} {
		for mode := anim.LoopMode(0); mode < anim.NumLoopModes; mode++ {
			path := FramePath(nil, mode, d, -5, 4*d+3, 100)
			for i := 1; i < len(path); i++ {
				if path[i].Frame < path[i-1].Frame {
					t.Fatalf("%s d=%v: path not sorted by time at %d", mode, d, i)
				}
			}
			for k := 0; k <= 2000; k++ {
				tt := -5 + (4*d+8)*float64(k)/2000
				want := anim.FrameAtTime(mode, d, tt)
				// Interpolate the path at tt (the later point of a jump
				// wins, as FrameAtTime is right-continuous).
				got := math.NaN()
				for i := 0; i+1 < len(path); i++ {
					a, b := path[i], path[i+1]
					if tt >= a.Frame && tt < b.Frame {
						got = a.Value + (b.Value-a.Value)*(tt-a.Frame)/(b.Frame-a.Frame)
					}
				}
				if tt == path[len(path)-1].Frame {
					got = path[len(path)-1].Value
				}
				if math.Abs(got-want) > 1e-6 {
					t.Fatalf("%s d=%v t=%v: path %v, FrameAtTime %v", mode, d, tt, got, want)
				}
			}
		}
	}
}

func TestRawRotationUnits(t *testing.T) {
	h := &anim.Hermite{Keys: []anim.HermiteKey{{Time: 0, Value: 0, Out: 300}, {Time: 15, Value: 16383, In: 300, Out: -300}, {Time: 30, Value: 0}}, RotationFrac: 1}
	raw, ok := Raw(h)
	if !ok {
		t.Fatal("a rotation Hermite has raw units")
	}
	for _, f := range []float64{0, 3.3, 15, 22} {
		if raw.Eval(f) != h.EvalRaw(f) {
			t.Errorf("raw Eval(%v) = %v, want EvalRaw %v", f, raw.Eval(f), h.EvalRaw(f))
		}
	}
	// Degrees: the raw value shifted by the fraction, 0x8000 = 180°.
	scale := math.Ldexp(180.0/32768, 1)
	_, outDeg, _, _ := Handles(h, 1)
	_, outRaw, _, _ := Handles(raw, 1)
	if math.Abs(outDeg.Value-outRaw.Value*scale) > 1e-9 || outDeg.Frame != outRaw.Frame {
		t.Errorf("handle in degrees %+v, raw %+v (scale %v)", outDeg, outRaw, scale)
	}
	if _, ok := Raw(tangentCurve()); ok {
		t.Error("a translation curve has no raw rotation units")
	}
}

func TestQuatToEulerRoundTrip(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for i := 0; i < 500; i++ {
		x, y, z := (r.Float64()*2-1)*179, (r.Float64()*2-1)*89, (r.Float64()*2-1)*179
		m := anim.EulerZYX(x*math.Pi/180, y*math.Pi/180, z*math.Pi/180)
		q := mgl64.Mat4ToQuat(m.Mat4())
		if r.Intn(2) == 0 {
			q = q.Scale(-3) // either sign, any length
		}
		got := QuatToEuler([4]float64{q.V[0], q.V[1], q.V[2], q.W})
		for k, w := range [3]float64{x, y, z} {
			if math.Abs(got[k]-w) > 1e-6 {
				t.Fatalf("Euler (%v, %v, %v) -> quaternion -> %v", x, y, z, got)
			}
		}
		_, dec, _ := anim.DecomposeSRT(m.Mat4())
		for k := range dec {
			if math.Abs(got[k]-dec[k]) > 1e-6 {
				t.Fatalf("QuatToEuler %v, DecomposeSRT %v", got, dec)
			}
		}
	}
}

func TestQuatEulerFromTarget(t *testing.T) {
	// A JBA-like target: a sampled quaternion track turning about Z.
	var qs [][4]float64
	for f := 0; f <= 10; f++ {
		a := float64(f) * 9 * math.Pi / 180 // 9° per frame
		qs = append(qs, [4]float64{0, 0, math.Sin(a / 2), math.Cos(a / 2)})
	}
	sq := &anim.SampledQuat{Q: qs}
	tg := anim.Target{Quaternion: true, Quat: sq, Base: anim.DefaultBase()}
	for c := 0; c < 4; c++ {
		tg.Channels = append(tg.Channels, anim.Channel{Slot: anim.QuatX + anim.Slot(c), Curve: sq.Component(c)})
	}
	ez, ok := NewQuatEuler(&tg, 2)
	if !ok {
		t.Fatal("quaternion target: no Euler curve")
	}
	for _, f := range []float64{0, 2.5, 7, 10} {
		if got := ez.Eval(f); math.Abs(got-9*f) > 1e-9 {
			t.Errorf("z angle at frame %v = %v, want %v", f, got, 9*f)
		}
	}
	if ez.NumKeys() != 11 || ez.Key(4).Frame != 4 || math.Abs(ez.Key(4).Value-36) > 1e-9 {
		t.Errorf("keys: %d, key 4 = %+v", ez.NumKeys(), ez.Key(4))
	}
	// Component curves without a track (BFRES quaternion mode).
	tg2 := anim.Target{Quaternion: true, Base: anim.DefaultBase()}
	tg2.Channels = []anim.Channel{{Slot: anim.QuatZ, Curve: &anim.Sampled{Values: []float64{0, math.Sin(math.Pi / 4)}}},
		{Slot: anim.QuatW, Curve: &anim.Sampled{Values: []float64{1, math.Cos(math.Pi / 4)}}}}
	ez2, _ := NewQuatEuler(&tg2, 2)
	if got := ez2.Eval(1); math.Abs(got-90) > 1e-9 {
		t.Errorf("component curves: z angle %v, want 90", got)
	}
	if _, ok := NewQuatEuler(&anim.Target{}, 0); ok {
		t.Error("an Euler target has no derived quaternion angles")
	}
}

// TestReadoutEveryMode checks the readout across the plot's whole
// timeline for every loop mode: the curve itself inside the clip (even
// where mirrored-loop turns before the end), what playback shows after it
// (anim.FrameAtTime), and PlayedFrame before it; and that it agrees with
// the traced path.
func TestReadoutEveryMode(t *testing.T) {
	h := tangentCurve()
	const d = 30
	for mode := anim.LoopMode(0); mode < anim.NumLoopModes; mode++ {
		for x := -10.0; x <= 50; x += 0.37 {
			got := Readout(nil, []anim.Curve{h, anim.Constant(4)}, mode, d, x)
			var want float64
			switch {
			case x >= 0 && x <= d:
				want = h.Eval(x)
			case x > d:
				want = h.Eval(anim.FrameAtTime(mode, d, x))
			default:
				f, _ := PlayedFrame(mode, d, x)
				want = h.Eval(f)
			}
			if got[0] != want || got[1] != 4 {
				t.Fatalf("%s x=%v: readout %v, want [%v 4]", mode, x, got, want)
			}
		}
	}
	// Mirrored-loop turns at frame 29: the plot shows the clip's own last
	// frame inside the clip, playback's bounce only after the end.
	if got := Readout(nil, []anim.Curve{h}, anim.MirroredLoop, d, 29.5)[0]; got != h.Eval(29.5) {
		t.Errorf("mirrored-loop at 29.5: %v, want the curve's %v", got, h.Eval(29.5))
	}
	if got := Readout(nil, []anim.Curve{h}, anim.MirroredLoop, d, 31)[0]; got != h.Eval(27) {
		t.Errorf("mirrored-loop at 31: %v, want frame 27's %v", got, h.Eval(27))
	}
}
