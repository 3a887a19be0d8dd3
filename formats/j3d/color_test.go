package j3d

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/animscope/animscope/anim"
)

// sameFloat reports whether a and b are the same float64 bit for bit (any
// NaN matches any NaN).
func sameFloat(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || (math.IsNaN(a) && math.IsNaN(b))
}

// TestColorCurveMatchesHermite: ColorCurve, which reads its keys from the
// s16 table, gives bit for bit what anim.Hermite.EvalRaw gives over the
// same keys converted to HermiteKeys (indexed as the builder used to from
// 16 keys on), clamped and truncated, before, at, between and after the
// keys, for tangent modes 0 and 1; and the same keys and Validate errors.
func TestColorCurveMatchesHermite(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 2026))
	for trial := range 3000 {
		mode := uint16(trial % 2)
		stride := 3 + int(mode)
		n := 2 + rng.IntN(40)
		if trial%7 == 0 {
			n = 2 + rng.IntN(3)
		}
		pad := rng.IntN(10)
		table := make([]int16, pad+n*stride+rng.IntN(5))
		for i := range table {
			table[i] = int16(rng.IntN(1 << 16))
		}
		// Times ascending from anywhere, with repeats and big jumps;
		// values and tangents small or anywhere in the s16 range.
		tm := rng.IntN(400) - 200
		wide := trial%3 == 0
		for k := range n {
			key := table[pad+k*stride : pad+(k+1)*stride]
			key[0] = int16(tm)
			for v := 1; v < stride; v++ {
				if wide {
					key[v] = int16(rng.IntN(1 << 16))
				} else {
					key[v] = int16(rng.IntN(600) - 300)
				}
			}
			switch rng.IntN(6) {
			case 0: // same time as the previous key
			case 1:
				tm += 1 + rng.IntN(2000)
			default:
				tm += 1 + rng.IntN(10)
			}
			tm = min(tm, math.MaxInt16)
		}
		if trial%11 == 0 {
			// Unsorted: a key before its predecessor.
			k := 1 + rng.IntN(n-1)
			table[pad+k*stride] = table[pad+(k-1)*stride] - 1 - int16(rng.IntN(5))
		}
		keys := make([]anim.HermiteKey, n)
		fillKeys(keys, table, stride, pad)
		h := &anim.Hermite{Keys: keys, RotationFrac: anim.NotRotation}
		if n >= 16 {
			h.Prepare()
		}
		c := &ColorCurve{Table: table, Index: int32(pad), Count: uint16(n), Stride: uint8(stride), Min: tevRegMin, Max: tevRegMax}
		if trial%2 == 1 {
			c.Min, c.Max = u8Min, u8Max
		}
		err, want := c.Validate(), h.Validate()
		if (err == nil) != (want == nil) || err != nil && err.Error() != want.Error() {
			t.Fatalf("trial %d: Validate %v, Hermite %v", trial, err, want)
		}
		if err != nil {
			continue // Eval's segment is undefined on unsorted keys
		}
		if c.NumKeys() != h.NumKeys() {
			t.Fatalf("trial %d: %d keys, want %d", trial, c.NumKeys(), h.NumKeys())
		}
		for i := range n {
			if got, want := c.Key(i), h.Key(i); got != want {
				t.Fatalf("trial %d: key %d %+v, want %+v", trial, i, got, want)
			}
		}
		t0, tn := keys[0].Time, keys[n-1].Time
		frames := []float64{math.NaN(), math.Inf(-1), math.Inf(1), t0 - 1, t0 - 0.5, tn + 0.5, tn + 1, math.Nextafter(t0, math.Inf(1)), math.Nextafter(tn, math.Inf(-1))}
		for _, k := range keys {
			frames = append(frames, k.Time, k.Time+0.5, k.Time-0.25, math.Nextafter(k.Time, math.Inf(1)))
		}
		for range 200 {
			frames = append(frames, t0-20+rng.Float64()*(tn-t0+40))
		}
		for _, f := range frames {
			raw := h.EvalRaw(f)
			if got := c.evalRaw(f); !sameFloat(got, raw) {
				t.Fatalf("trial %d (mode %d, %d keys): raw at %v = %v, Hermite %v", trial, mode, n, f, got, raw)
			}
			want := math.Trunc(raw)
			switch {
			case raw < c.Min:
				want = c.Min
			case raw > c.Max:
				want = c.Max
			}
			if got := c.Eval(f); !sameFloat(got, want) {
				t.Fatalf("trial %d (mode %d, %d keys): Eval(%v) = %v, want %v", trial, mode, n, f, got, want)
			}
		}
	}
}

// TestColorCurveValidate: unsorted key times, a missing table, an empty
// curve and a bad stride are refused.
func TestColorCurveValidate(t *testing.T) {
	table := []int16{0, 1, 0, 10, 2, 0, 5, 3, 0}
	for _, c := range []ColorCurve{
		{},
		{Table: table, Count: 3, Stride: 3},
		{Table: table, Count: 3, Stride: 2},
		{Table: table, Index: 1, Count: 3, Stride: 3},
		{Count: 2, Stride: 3},
	} {
		if err := c.Validate(); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
	if err := (&ColorCurve{Table: table, Count: 2, Stride: 3}).Validate(); err != nil {
		t.Error(err)
	}
}
