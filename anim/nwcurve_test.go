package anim_test

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/anim/nwcurvetest"
)

// The decoding of stored curves and the evaluation rules end to end are
// tested in formats/bfres (nwdecode_test.go); these tests build curves
// from decoded values.

func mustNW(t testing.TB, h anim.NWCurveHeader, frames, vals []float64) *anim.NWCurve {
	t.Helper()
	if h.NumKeys == 0 {
		h.NumKeys = len(vals) / h.Type.KeyElems()
	}
	c, err := nwcurvetest.New(h, frames, vals)
	if err != nil {
		t.Fatalf("NewNWCurve: %v", err)
	}
	if err := c.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return c
}

// nwIdentity is v = frame over [10, 30] (one linear segment of span 20).
func nwIdentity(t testing.TB, pre, post anim.NWWrap, delta float64) *anim.NWCurve {
	return mustNW(t, anim.NWCurveHeader{Type: anim.NWLinear, FrameType: anim.NWFrameF32, PreWrap: pre, PostWrap: post, Start: 10, End: 30, Delta: delta},
		[]float64{10, 30}, []float64{10, 20, 30, 0})
}

func TestNWFromValues(t *testing.T) {
	c := nwIdentity(t, anim.NWRelativeRepeat, anim.NWMirror, 20)
	for _, tc := range []struct{ f, want float64 }{{17.5, 17.5}, {-10, -10}, {35, 25}} {
		if got := c.Eval(tc.f); got != tc.want {
			t.Errorf("Eval(%v) = %v, want %v", tc.f, got, tc.want)
		}
	}
	// Baked curves index by frame and need no frames.
	b := mustNW(t, anim.NWCurveHeader{Type: anim.NWBakedFloat, FrameType: anim.NWFrameU8, Start: 0, End: 2}, nil, []float64{1, 2, 4})
	if got := b.Eval(1.5); got != 3 {
		t.Errorf("baked Eval(1.5) = %v, want 3", got)
	}
}

func TestNWRejects(t *testing.T) {
	good := anim.NWCurveHeader{Type: anim.NWLinear, FrameType: anim.NWFrameF32, NumKeys: 2, Start: 0, End: 10}
	frames, vals := []float64{0, 10}, []float64{0, 1, 1, 0}
	for _, tc := range []struct {
		name   string
		mod    func(h *anim.NWCurveHeader, fr, v []float64) ([]float64, []float64)
		expect string
	}{
		{"type 3", func(h *anim.NWCurveHeader, fr, v []float64) ([]float64, []float64) { h.Type = 3; return fr, v }, "curve type 3"},
		{"frame type 3", func(h *anim.NWCurveHeader, fr, v []float64) ([]float64, []float64) { h.FrameType = 3; return fr, v }, "frame type 3"},
		{"wrap 4", func(h *anim.NWCurveHeader, fr, v []float64) ([]float64, []float64) { h.PostWrap = 4; return fr, v }, "wrap mode"},
		{"no keys", func(h *anim.NWCurveHeader, fr, v []float64) ([]float64, []float64) { h.NumKeys = 0; return nil, nil }, "no keys"},
		{"reversed range", func(h *anim.NWCurveHeader, fr, v []float64) ([]float64, []float64) {
			h.Start, h.End = 10, 0
			return fr, v
		}, "frame range"},
		{"NaN delta", func(h *anim.NWCurveHeader, fr, v []float64) ([]float64, []float64) {
			h.Delta = math.NaN()
			return fr, v
		}, "delta"},
		{"values short", func(h *anim.NWCurveHeader, fr, v []float64) ([]float64, []float64) { return fr, v[:3] }, "3 values for 2 keys"},
		{"frames short", func(h *anim.NWCurveHeader, fr, v []float64) ([]float64, []float64) { return fr[:1], v }, "1 frames for 2 keys"},
		{"NaN value", func(h *anim.NWCurveHeader, fr, v []float64) ([]float64, []float64) { v[1] = math.NaN(); return fr, v }, "not finite"},
		{"inf frame", func(h *anim.NWCurveHeader, fr, v []float64) ([]float64, []float64) { fr[1] = math.Inf(1); return fr, v }, "not finite"},
		{"descending", func(h *anim.NWCurveHeader, fr, v []float64) ([]float64, []float64) { return []float64{5, 4}, v }, "comes before"},
		{"first key late", func(h *anim.NWCurveHeader, fr, v []float64) ([]float64, []float64) { return []float64{1, 10}, v }, "after the start frame"},
		{"baked too short", func(h *anim.NWCurveHeader, fr, v []float64) ([]float64, []float64) {
			h.Type = anim.NWBakedFloat
			return nil, []float64{1, 2}
		}, "needs 11"},
	} {
		h := good
		fr, v := tc.mod(&h, append([]float64(nil), frames...), append([]float64(nil), vals...))
		if _, err := nwcurvetest.New(h, fr, v); err == nil || !strings.Contains(err.Error(), tc.expect) {
			t.Errorf("%s: err = %v, want one mentioning %q", tc.name, err, tc.expect)
		}
	}
}

// The binary search agrees with a linear scan in the quantized domain.
func TestNWSegmentSearchMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, ft := range []anim.NWFrameType{anim.NWFrameF32, anim.NWFrameFixed, anim.NWFrameU8} {
		scale := 1.0
		if ft == anim.NWFrameFixed {
			scale = 1.0 / 32
		}
		n := 200
		frames := make([]float64, n)
		keys := make([]float64, n)
		raw := 0.0
		for i := range frames {
			frames[i] = raw * scale
			keys[i] = float64(i)
			if ft == anim.NWFrameF32 {
				raw += float64(float32(rng.Float64()))
			} else {
				raw += float64(rng.Intn(2)) // repeated frames too
			}
		}
		c := mustNW(t, anim.NWCurveHeader{Type: anim.NWStepInt, FrameType: ft, Start: 0, End: 300}, frames, keys)
		for k := 0; k < 2000; k++ {
			f := rng.Float64() * raw * scale * 1.1
			q := anim.Quantize(c, f)
			want := 0
			for i := range frames {
				if frames[i] <= q {
					want = i
				}
			}
			if got := c.Eval(f); got != float64(want) {
				t.Fatalf("%v: Eval(%v) = %v, linear scan says key %d", ft, f, got, want)
			}
		}
	}
}

func TestNWEvalAllocs(t *testing.T) {
	c := nwIdentity(t, anim.NWRelativeRepeat, anim.NWMirror, 20)
	var sink float64
	if n := testing.AllocsPerRun(100, func() { sink += c.Eval(-17.3) + c.Eval(44.1) + c.Eval(12) }); n != 0 {
		t.Errorf("Eval allocates %v times", n)
	}
	var cur anim.Curve = c
	if n := testing.AllocsPerRun(100, func() { sink += cur.Eval(3) }); n != 0 {
		t.Errorf("Eval through Curve allocates %v times", n)
	}
	_ = sink
}

// BenchmarkNWCubicEval evaluates the curve formats/bfres decodes from 64
// u8 frames (0, 3, ...) and s16 keys i·k at scale 0.001.
func BenchmarkNWCubicEval(b *testing.B) {
	n := 64
	frames := make([]float64, n)
	vals := make([]float64, 0, n*4)
	for i := 0; i < n; i++ {
		frames[i] = float64(byte(i * 3))
		for k := 0; k < 4; k++ {
			vals = append(vals, float64(int16(i*k))*0.001)
		}
	}
	c := mustNW(b, anim.NWCurveHeader{Type: anim.NWCubic, FrameType: anim.NWFrameU8, NumKeys: n, Start: 0, End: 189}, frames, vals)
	b.ReportAllocs()
	var sink float64
	for i := 0; b.Loop(); i++ {
		sink += c.Eval(float64(i%1890) * 0.1)
	}
	_ = sink
}
