package plot

import (
	"math"
	"testing"

	"github.com/animscope/animscope/anim"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestAxisMapping(t *testing.T) {
	x := Axis{Min: 0, Max: 30, Pixel0: 100, Pixels: 600}
	if p := x.ToPixel(15); !near(p, 400) {
		t.Fatalf("ToPixel(15) = %v, want 400", p)
	}
	if v := x.FromPixel(250); !near(v, 7.5) {
		t.Fatalf("FromPixel(250) = %v, want 7.5", v)
	}
	y := Axis{Min: -1, Max: 1, Pixel0: 50, Pixels: 200, Flip: true}
	if p := y.ToPixel(1); !near(p, 50) {
		t.Fatalf("flipped: top value at %v, want 50", p)
	}
	if p := y.ToPixel(-1); !near(p, 250) {
		t.Fatalf("flipped: bottom value at %v, want 250", p)
	}
	for _, v := range []float64{-3, 0, 0.25, 17} {
		if got := y.FromPixel(y.ToPixel(v)); !near(got, v) {
			t.Fatalf("round trip %v -> %v", v, got)
		}
	}
}

func TestZoomKeepsAnchorAndPanFollowsMouse(t *testing.T) {
	x := Axis{Min: 0, Max: 30, Pixel0: 0, Pixels: 300}
	before := x.FromPixel(120) // frame 12
	x.Zoom(120, 2)
	if got := x.FromPixel(120); !near(got, before) {
		t.Fatalf("zoom moved the anchor: %v -> %v", before, got)
	}
	if !near(x.Max-x.Min, 15) {
		t.Fatalf("zoom 2x: span %v, want 15", x.Max-x.Min)
	}
	f := x.FromPixel(100)
	x.Pan(50)
	if got := x.FromPixel(150); !near(got, f) {
		t.Fatalf("pan: the frame under the mouse moved from %v to %v", f, got)
	}
	y := Axis{Min: 0, Max: 10, Pixel0: 0, Pixels: 100, Flip: true}
	v := y.FromPixel(40)
	y.Pan(-20)
	if got := y.FromPixel(20); !near(got, v) {
		t.Fatalf("flipped pan: %v -> %v", v, got)
	}
	y.Zoom(50, 1e12)
	if y.Max-y.Min < minSpan {
		t.Fatalf("zoom collapsed the axis to %v", y.Max-y.Min)
	}
}

func TestFit(t *testing.T) {
	var a Axis
	a.Fit(2, 12, 0.1)
	if !near(a.Min, 1) || !near(a.Max, 13) {
		t.Fatalf("Fit: [%v, %v], want [1, 13]", a.Min, a.Max)
	}
	a.Fit(5, 5, 0.1)
	if !(a.Min < 5 && a.Max > 5) {
		t.Fatalf("Fit of a flat range: [%v, %v]", a.Min, a.Max)
	}
}

func TestHandlesScaledLikeTheEvaluator(t *testing.T) {
	// Keys 4 and 10 frames apart around key 1; tangents per frame.
	h := &anim.Hermite{Keys: []anim.HermiteKey{
		{Time: 0, Value: 0, In: 0, Out: 1},
		{Time: 4, Value: 2, In: 0.5, Out: -1},
		{Time: 14, Value: 0, In: 0, Out: 0},
	}, RotationFrac: anim.NotRotation}
	in, out, inOK, outOK := Handles(h, 1)
	if !inOK || !outOK {
		t.Fatal("middle key must have both handles")
	}
	if !near(in.Frame, 4-4.0/3) || !near(in.Value, 2-0.5*4/3) {
		t.Errorf("in handle %+v", in)
	}
	if !near(out.Frame, 4+10.0/3) || !near(out.Value, 2-10.0/3) {
		t.Errorf("out handle %+v", out)
	}
	// The handle direction is the curve's slope at the key: compare with a
	// finite difference of the evaluator.
	slope := (h.Eval(4.0001) - h.Eval(4)) / 0.0001
	if got := (out.Value - 2) / (out.Frame - 4); math.Abs(got-slope) > 1e-3 {
		t.Errorf("out handle slope %v, evaluator slope %v", got, slope)
	}
	if _, _, inOK, _ := Handles(h, 0); inOK {
		t.Error("first key has no in handle")
	}
	// Rotation curves: handles in degrees, like the values.
	r := &anim.Hermite{Keys: []anim.HermiteKey{{Time: 0, Value: 0, Out: 100}, {Time: 3, Value: 8192}}, RotationFrac: 1}
	_, out, _, _ = Handles(r, 0)
	if !near(out.Value, 100*3.0/3*2*180/32768) {
		t.Errorf("rotation handle %v", out.Value)
	}
}

// TestExtrapolationMatchesPlayback checks that the plotted continuation
// past the end equals the evaluator at the frame playback shows, for every
// loop mode.
func TestExtrapolationMatchesPlayback(t *testing.T) {
	h := &anim.Hermite{Keys: []anim.HermiteKey{{Time: 0, Value: 0}, {Time: 10, Value: 10, In: 2, Out: 2}}, RotationFrac: anim.NotRotation}
	const d = 10
	for mode := anim.LoopMode(0); mode < anim.NumLoopModes; mode++ {
		pts, regions := Sample(nil, nil, h, mode, d, -10, 40, 200)
		for i, p := range pts {
			x := p.Frame
			var want float64
			switch {
			case x >= d:
				want = h.Eval(anim.FrameAtTime(mode, d, x))
				if regions[i] != After {
					t.Fatalf("%s x=%v: region %v, want After", mode, x, regions[i])
				}
			case x >= 0:
				clk := anim.NewClock(mode, d, 1)
				clk.Advance(x)
				want = h.Eval(clk.Frame)
				if regions[i] != Inside {
					t.Fatalf("%s x=%v: region %v, want Inside", mode, x, regions[i])
				}
			default:
				if regions[i] != Before {
					t.Fatalf("%s x=%v: region %v, want Before", mode, x, regions[i])
				}
				continue
			}
			if !near(p.Value, want) {
				t.Fatalf("%s x=%v: plotted %v, evaluator %v", mode, x, p.Value, want)
			}
		}
	}
	// Concrete values: once holds the end, once-reset shows frame 0,
	// mirrored-loop at x=12 shows frame 6 (bounce at end-1 = 9).
	for _, c := range []struct {
		mode anim.LoopMode
		x    float64
		want float64
	}{{anim.Once, 15, 9.999}, {anim.OnceReset, 15, 0}, {anim.Loop, 13, 3}, {anim.MirroredLoop, 12, 6}, {anim.MirroredOnce, 13, 7}, {anim.Loop, -3, 7}, {anim.MirroredLoop, -2, 2}, {anim.Once, -2, 0}} {
		if f, _ := PlayedFrame(c.mode, d, c.x); !near(f, c.want) {
			t.Errorf("PlayedFrame(%s, %v) = %v, want %v", c.mode, c.x, f, c.want)
		}
	}
}

func TestReadoutEqualsEvaluator(t *testing.T) {
	a := &anim.Hermite{Keys: []anim.HermiteKey{{Time: 0, Value: 0}, {Time: 10, Value: 5}}, RotationFrac: anim.NotRotation}
	b := &anim.Hermite{Keys: []anim.HermiteKey{{Time: 0, Value: 0}, {Time: 10, Value: 4096}}, RotationFrac: 0}
	curves := []anim.Curve{a, b, anim.Constant(3)}
	got := Readout(nil, curves, anim.Loop, 10, 13.5)
	want := []float64{a.Eval(3.5), b.Eval(3.5), 3}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("readout %v, want %v", got, want)
		}
	}
}

func TestBoundsIncludesOvershoot(t *testing.T) {
	// Steep tangents overshoot above the last key value.
	h := &anim.Hermite{Keys: []anim.HermiteKey{{Time: 0, Value: 0, Out: 5}, {Time: 10, Value: 1, In: 5}}, RotationFrac: anim.NotRotation}
	lo, hi := Bounds(h, anim.Once, 10, 0, 10, 100)
	if hi <= 1 || lo >= 0 {
		t.Fatalf("Bounds [%v, %v] misses the overshoot", lo, hi)
	}
}

// Sample fills dst with n+1 points of curve c for x from x0 to x1 on the
// extended timeline, evaluated where the loop mode plays them, with each
// point's region. Stepped curves need no special care here: the caller
// draws consecutive points with horizontal-then-vertical segments.
func Sample(dst []Point, regions []Region, c anim.Curve, mode anim.LoopMode, duration, x0, x1 float64, n int) ([]Point, []Region) {
	dst, regions = dst[:0], regions[:0]
	if n < 1 {
		n = 1
	}
	for i := 0; i <= n; i++ {
		x := x0 + (x1-x0)*float64(i)/float64(n)
		f, r := PlayedFrame(mode, duration, x)
		dst = append(dst, Point{x, c.Eval(f)})
		regions = append(regions, r)
	}
	return dst, regions
}
