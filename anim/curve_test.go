package anim

import (
	"math"
	"testing"
)

func TestHermiteSmoothstep(t *testing.T) {
	// tiny.bck's translation.x: 0 -> 10 over frames 0..10 with flat
	// tangents is a smoothstep (values from ../shared/fixtures/j3d/README).
	h := &Hermite{Keys: []HermiteKey{{0, 0, 0, 0}, {10, 10, 0, 0}}, RotationFrac: NotRotation}
	for _, c := range []struct{ f, want float64 }{{-1, 0}, {0, 0}, {2.5, 1.5625}, {5, 5}, {7.5, 8.4375}, {10, 10}, {11, 10}} {
		if got := h.Eval(c.f); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("Eval(%g) = %v, want %v", c.f, got, c.want)
		}
	}
}

func TestHermiteTangentsScaledByInterval(t *testing.T) {
	// A straight line: value 2·f with slope 2 per frame on both ends
	// over a 4-frame segment must stay a line; tangents are per frame and
	// the evaluator multiplies them by L.
	h := &Hermite{Keys: []HermiteKey{{1, 2, 2, 2}, {5, 10, 2, 2}}, RotationFrac: NotRotation}
	for f := 1.0; f <= 5; f += 0.25 {
		if got := h.Eval(f); math.Abs(got-2*f) > 1e-12 {
			t.Fatalf("Eval(%g) = %v, want %v", f, got, 2*f)
		}
	}
	// In and out tangents differ at the middle key: the slope breaks.
	b := &Hermite{Keys: []HermiteKey{{0, 0, 0, 1}, {10, 10, 1, -1}, {20, 0, -1, 0}}, RotationFrac: NotRotation}
	left := (b.Eval(10) - b.Eval(9.999)) / 0.001
	right := (b.Eval(10.001) - b.Eval(10)) / 0.001
	if math.Abs(left-1) > 1e-2 || math.Abs(right+1) > 1e-2 {
		t.Errorf("slopes around the break: %v, %v; want 1, -1", left, right)
	}
}

func TestHermiteBinarySearchManyKeys(t *testing.T) {
	keys := make([]HermiteKey, 31)
	for i := range keys {
		keys[i] = HermiteKey{Time: float64(i * 2), Value: float64(i * i)}
	}
	h := &Hermite{Keys: keys, RotationFrac: NotRotation}
	for i := range keys {
		if got := h.Eval(keys[i].Time); got != keys[i].Value {
			t.Fatalf("at key %d: %v, want %v", i, got, keys[i].Value)
		}
	}
	// Halfway between keys with flat tangents: the mean of the values.
	if got := h.Eval(21); got != (100+121)/2.0 {
		t.Errorf("Eval(21) = %v, want %v", got, (100+121)/2.0)
	}
}

func TestHermiteSharedTimesNeverDivideByZero(t *testing.T) {
	h := &Hermite{Keys: []HermiteKey{{0, 0, 0, 0}, {5, 1, 0, 0}, {5, 7, 0, 0}, {10, 3, 0, 0}}, RotationFrac: NotRotation}
	for _, f := range []float64{4.999, 5, 5.001} {
		if v := h.Eval(f); math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("Eval(%g) = %v", f, v)
		}
	}
	if got := h.Eval(5); got != 7 {
		t.Errorf("at a repeated key time the later key wins: got %v, want 7", got)
	}
}

func TestJ3DRotationRule(t *testing.T) {
	cases := []struct {
		raw  float64
		frac int
		want float64 // degrees
	}{
		// constants.bck (frac 1) from ../shared/fixtures/j3d/README.
		{8192, 1, 90}, {16384, 1, -180}, {20000, 1, -140.2734375}, {-32768, 1, 0}, {32767, 1, -0.010986328125},
		// tiny.bck frame 1: raw 229.376 truncates to 229.
		{229.376, 0, 1.2579345703125},
		// truncation toward zero for negatives, before the shift.
		{-3.9, 2, -3 * 4 * 180.0 / 32768},
		{3.9, 2, 3 * 4 * 180.0 / 32768},
		// overshoot above +32767 wraps to negative angles.
		{32800, 0, float64(int16(32800-65536)) * 180 / 32768},
		// shifts of 32..63 give 0, as PowerPC slw does.
		{100, 40, 0},
	}
	for _, c := range cases {
		if got := J3DRotationDegrees(c.raw, c.frac); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("J3DRotationDegrees(%v, %d) = %v, want %v", c.raw, c.frac, got, c.want)
		}
	}
	if got := J3DRotationRaw(1e12, 0); got != -1 { // saturates to 0x7fffffff, keeps 0xffff
		t.Errorf("J3DRotationRaw(1e12) = %d, want -1 (saturated)", got)
	}
	rot := &Hermite{Keys: []HermiteKey{{0, 0, 0, 0}, {10, 8192, 0, 0}}, RotationFrac: 0}
	if got := rot.Eval(5); got != 22.5 {
		t.Errorf("rotation curve at frame 5 = %v, want 22.5", got)
	}
	if k := rot.Key(1); k.Value != 45 || !k.HasSlopes {
		t.Errorf("rotation key in degrees: %+v", k)
	}
}

func TestValidateRejectsBadCurves(t *testing.T) {
	bad := []Curve{
		&Hermite{Keys: []HermiteKey{{5, 0, 0, 0}, {1, 0, 0, 0}}, RotationFrac: NotRotation},
		&Hermite{Keys: []HermiteKey{{0, math.NaN(), 0, 0}}, RotationFrac: NotRotation},
		&Hermite{RotationFrac: NotRotation},
		Constant(math.Inf(1)),
	}
	for i, c := range bad {
		if c.Validate() == nil {
			t.Errorf("curve %d: Validate accepted bad data", i)
		}
	}
	clip := &Clip{Duration: 10, FPS: 30, Loop: Loop, Targets: []Target{{Channels: []Channel{{ScaleX, Constant(1)}}}}}
	if err := clip.Validate(); err != nil {
		t.Fatalf("valid clip: %v", err)
	}
	for _, mutate := range []func(c *Clip){
		func(c *Clip) { c.Duration = -1 },
		func(c *Clip) { c.FPS = 0 },
		func(c *Clip) { c.Loop = 7 },
		func(c *Clip) { c.Targets[0].Channels[0].Curve = Constant(math.NaN()) },
		func(c *Clip) { c.Targets[0].Channels[0].Slot = NumSlots },
	} {
		c := *clip
		c.Targets = []Target{{Channels: []Channel{{ScaleX, Constant(1)}}}}
		mutate(&c)
		if c.Validate() == nil {
			t.Errorf("Validate accepted %+v", c)
		}
	}
}

func TestEvaluateAllocatesNothing(t *testing.T) {
	h := &Hermite{Keys: []HermiteKey{{0, 0, 0, 0}, {10, 10, 0, 0}}, RotationFrac: 0}
	lin := &Hermite{Keys: h.Keys, RotationFrac: NotRotation}
	clip := &Clip{Duration: 10, FPS: 30, Targets: []Target{
		{Base: DefaultBase(), Channels: []Channel{{RotY, h}, {TransX, lin}, {ScaleX, Constant(2)}}},
	}}
	pose := NewPose(clip)
	allocs := testing.AllocsPerRun(100, func() { Evaluate(clip, 3.3, pose) })
	if allocs != 0 {
		t.Fatalf("Evaluate allocates %v times", allocs)
	}
	v := pose.Targets[0].V
	if v[ScaleX] != 2 || v[ScaleY] != 1 || v[TransX] != h.EvalRaw(3.3) || v[RotY] != J3DRotationDegrees(h.EvalRaw(3.3), 0) {
		t.Fatalf("pose %v", v)
	}
}

func TestKeyFramesMarkers(t *testing.T) {
	tg := Target{Channels: []Channel{
		{ScaleX, Constant(1)},
		{RotY, &Hermite{Keys: []HermiteKey{{0, 0, 0, 0}, {10, 1, 0, 0}}, RotationFrac: 0}},
		{TransX, &Hermite{Keys: []HermiteKey{{5, 0, 0, 0}, {10, 1, 0, 0}, {2.5, 0, 0, 0}}, RotationFrac: NotRotation}},
	}}
	got := tg.KeyFrames(nil)
	want := []float64{0, 2.5, 5, 10}
	if len(got) != len(want) {
		t.Fatalf("KeyFrames = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("KeyFrames = %v, want %v", got, want)
		}
	}
}
