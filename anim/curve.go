package anim

import (
	"fmt"
	"math"
)

// CurveKind says how a curve interpolates. The plot draws each kind as what
// it is (steps as steps) and the inspector names it.
type CurveKind uint8

const (
	KindConstant   CurveKind = iota // one value for all frames
	KindHermite                     // J3D Hermite keys (tangents scaled by the key interval)
	KindCubic                       // power-basis cubic segments (NW4F / BFRES)
	KindLinear                      // linear segments
	KindBakedFloat                  // one value per frame, linear in between
	KindStepInt                     // integer steps
	KindBakedInt                    // one integer per frame
	KindStepBool                    // boolean steps
	KindBakedBool                   // one boolean per frame
	KindSampled                     // stored per-frame samples (JBA)
	// KindFullFrame is one value per frame, held until the next one is
	// picked by the runtime's index rule (J3D BCA, BTP, BVA).
	KindFullFrame
)

var curveKindNames = [...]string{"constant", "hermite", "cubic", "linear", "baked-float", "step-int", "baked-int", "step-bool", "baked-bool", "sampled", "full-frame"}

func (k CurveKind) String() string {
	if int(k) < len(curveKindNames) {
		return curveKindNames[k]
	}
	return fmt.Sprintf("curvekind(%d)", uint8(k))
}

// Stepped reports whether values hold between keys instead of blending.
func (k CurveKind) Stepped() bool {
	switch k {
	case KindStepInt, KindBakedInt, KindStepBool, KindBakedBool, KindFullFrame:
		return true
	}
	return false
}

// Key is a keyframe as the curve plot and inspector show it, in the
// channel's display units (degrees for rotations). InSlope and OutSlope are
// in display units per frame; HasSlopes is false for curves without
// tangents.
type Key struct {
	Frame, Value      float64
	InSlope, OutSlope float64
	HasSlopes         bool
}

// Curve is one channel's value as a function of the animation frame. Eval
// is what the renderer, the plot and `animscope sample` all call, so they
// cannot disagree. Eval must not allocate.
type Curve interface {
	Eval(frame float64) float64
	Kind() CurveKind
	NumKeys() int
	Key(i int) Key
	// Validate reports data Eval cannot handle (non-finite values,
	// unsorted key frames).
	Validate() error
}

// Constant is a curve with one value.
type Constant float64

func (c Constant) Eval(float64) float64 { return float64(c) }
func (Constant) Kind() CurveKind        { return KindConstant }
func (Constant) NumKeys() int           { return 1 }
func (c Constant) Key(int) Key          { return Key{Value: float64(c)} }
func (c Constant) Validate() error {
	if !finite(float64(c)) {
		return fmt.Errorf("constant %v is not finite", float64(c))
	}
	return nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// HermiteKey is one J3D key in file units: time, value and the in/out
// tangents (per frame; the evaluator multiplies them by the key interval).
type HermiteKey struct {
	Time, Value, In, Out float64
}

// Hermite is a J3D keyframe curve (BCK/BTK). Before the first key it holds
// the first value, at or after the last key the last value, and between
// keys k0, k1 it is the cubic Hermite with tangents k0.Out·L and k1.In·L,
// L = k1.Time − k0.Time.
//
// When RotationFrac is non-negative the curve is a J3D rotation: the Hermite
// value in raw s16 units is truncated toward zero, shifted left by
// RotationFrac and wrapped to 16 bits as the games do, then converted to
// degrees (0x8000 = 180°). Otherwise the value is returned as is.
//
// Prepare adds a search index that makes Eval faster on curves with many
// keys (sampling the 400-joint test clip takes 30% less time); without it
// Eval bisects.
type Hermite struct {
	Keys         []HermiteKey
	RotationFrac int

	// The search index (see Prepare): frames are cut into len(Keys)
	// buckets of equal width starting at t0, and below[b] counts the keys
	// whose bucket is before b. Empty: Eval bisects all keys.
	t0, tn, bucketsPerFrame float64
	below                   []int32
}

// minIndexedKeys is the smallest curve Prepare indexes: with fewer keys,
// bisection takes at most two steps and an index would cost more memory
// than it saves time.
const minIndexedKeys = 4

// Prepare builds the search index Eval uses to find a frame's keys with
// one lookup instead of a bisection: two dependent memory reads per curve
// instead of about six, which is what dominates sampling a clip with
// thousands of curves. Call it after setting Keys and do not change Keys
// afterwards; Validate reports an index that no longer matches them. A
// copy of a prepared Hermite shares its index, so curves that share keys
// can share one index too.
func (h *Hermite) Prepare() {
	h.t0, h.tn, h.bucketsPerFrame, h.below = 0, 0, 0, nil
	keys := h.Keys
	n := len(keys)
	if n < minIndexedKeys {
		return
	}
	t0, tn := keys[0].Time, keys[n-1].Time
	perFrame := float64(n) / (tn - t0)
	if !(perFrame > 0) || math.IsInf(perFrame, 0) {
		return // all keys at one frame, or non-finite times: bisect
	}
	h.t0, h.tn, h.bucketsPerFrame = t0, tn, perFrame
	below := make([]int32, n+2)
	for i := range keys {
		below[h.bucket(keys[i].Time)+1]++
	}
	for b := 1; b < len(below); b++ {
		below[b] += below[b-1]
	}
	h.below = below
}

// bucket maps a frame to its bucket in 0..len(Keys). Eval and Prepare
// compute it with the same float operations; since the mapping is
// monotonic, a key in an earlier bucket than frame f is at or before f
// and a key in a later one after f, whatever the rounding.
func (h *Hermite) bucket(f float64) int {
	b := int((f - h.t0) * h.bucketsPerFrame)
	return max(0, min(b, len(h.Keys)))
}

// indexed reports whether the search index matches the keys.
func (h *Hermite) indexed() bool { return len(h.below) == len(h.Keys)+2 }

// NotRotation is the RotationFrac of a Hermite curve that is not a rotation.
const NotRotation = -1

// Kind implements Curve.
func (*Hermite) Kind() CurveKind { return KindHermite }

// NumKeys implements Curve.
func (h *Hermite) NumKeys() int { return len(h.Keys) }

// Key implements Curve. Values and slopes of rotation curves are converted
// to degrees without truncation (the dots sit on the untruncated spline).
func (h *Hermite) Key(i int) Key {
	k := h.Keys[i]
	s := h.unitScale()
	return Key{Frame: k.Time, Value: k.Value * s, InSlope: k.In * s, OutSlope: k.Out * s, HasSlopes: true}
}

// unitScale converts raw values to display units, before truncation.
func (h *Hermite) unitScale() float64 {
	if h.RotationFrac < 0 {
		return 1
	}
	return math.Ldexp(180.0/32768, min(h.RotationFrac, 32))
}

// Validate implements Curve.
func (h *Hermite) Validate() error {
	if len(h.Keys) == 0 {
		return fmt.Errorf("hermite curve without keys")
	}
	for i, k := range h.Keys {
		if !finite(k.Time) || !finite(k.Value) || !finite(k.In) || !finite(k.Out) {
			return fmt.Errorf("key %d is not finite", i)
		}
		if i > 0 && k.Time < h.Keys[i-1].Time {
			return fmt.Errorf("key %d at frame %g comes before key %d at frame %g", i, k.Time, i-1, h.Keys[i-1].Time)
		}
	}
	if h.below != nil {
		if !h.indexed() || h.t0 != h.Keys[0].Time || h.tn != h.Keys[len(h.Keys)-1].Time {
			return fmt.Errorf("search index does not match the keys (call Prepare after changing them)")
		}
		for i := range h.Keys {
			b := h.bucket(h.Keys[i].Time)
			if i < int(h.below[b]) || i >= int(h.below[b+1]) {
				return fmt.Errorf("search index does not match key %d (call Prepare after changing the keys)", i)
			}
		}
	}
	return nil
}

// EvalRaw is the Hermite value in file units, before the rotation rule.
func (h *Hermite) EvalRaw(f float64) float64 {
	keys := h.Keys
	n := len(keys)
	if n == 0 {
		return 0
	}
	if f <= keys[0].Time || n == 1 {
		return keys[0].Value
	}
	if f >= keys[n-1].Time {
		return keys[n-1].Value
	}
	return hermite(keys, h.segment(f), f)
}

// segment returns the largest i with keys[i].Time <= f, for a frame
// strictly between the first and last key times (or NaN). Then
// keys[i+1].Time > f, so the segment has a positive length even when keys
// share a time.
func (h *Hermite) segment(f float64) int {
	keys := h.Keys
	n := len(keys)
	if h.indexed() && f == f {
		// The answer is at least the last key of an earlier bucket and at
		// most the last key of f's bucket: monotonic bucketing puts
		// earlier buckets' keys at or before f and later buckets' keys
		// after it. Usually the bucket holds one key or none.
		b := h.bucket(f)
		lo := min(max(int(h.below[b])-1, 0), n-2)
		hi := min(int(h.below[b+1])-1, n-2)
		if hi-lo > maxLinearKeys {
			return bisect(keys, f, lo, hi-lo+1)
		}
		for lo < hi && keys[lo+1].Time <= f {
			lo++
		}
		return lo
	}
	return bisect(keys, f, 0, n-1)
}

// maxLinearKeys is how many keys of one bucket are stepped through before
// bisecting: stepping reads the keys the segment needs anyway, bisection
// wins only on clusters of keys.
const maxLinearKeys = 4

// bisect returns the largest i in [lo, lo+size) with keys[i].Time <= f,
// given keys[lo].Time <= f (or f NaN) and that the answer is in range.
func bisect(keys []HermiteKey, f float64, lo, size int) int {
	for size > 1 {
		half := size >> 1
		if keys[lo+half].Time <= f {
			lo += half
		}
		size -= half
	}
	return lo
}

// hermite evaluates the segment from keys[i] to keys[i+1] at f.
func hermite(keys []HermiteKey, i int, f float64) float64 {
	k0, k1 := &keys[i], &keys[i+1]
	l := k1.Time - k0.Time
	t := (f - k0.Time) / l
	s0 := k0.Out * l
	s1 := k1.In * l
	p0, p1 := k0.Value, k1.Value
	a := 2*p0 - 2*p1 + s0 + s1
	b := -3*p0 + 3*p1 - 2*s0 - s1
	return ((a*t+b)*t+s0)*t + p0
}

// Eval implements Curve.
func (h *Hermite) Eval(f float64) float64 {
	v := h.EvalRaw(f)
	if h.RotationFrac < 0 {
		return v
	}
	return J3DRotationDegrees(v, h.RotationFrac)
}

// J3DRotationDegrees applies the games' rotation rule to a raw Hermite
// value: truncate toward zero to an int32, shift left by frac, keep 16 bits
// (so values wrap through ±180°), and convert with 0x8000 = 180°.
func J3DRotationDegrees(v float64, frac int) float64 {
	return float64(J3DRotationRaw(v, frac)) * (180.0 / 32768)
}

// J3DRotationRaw is J3DRotationDegrees before the conversion to degrees.
func J3DRotationRaw(v float64, frac int) int16 {
	// The float-to-int conversion saturates, as the PowerPC's fctiwz does;
	// Go's conversion of an out-of-range float is implementation-defined.
	var i int32
	switch {
	case math.IsNaN(v):
		i = 0
	case v >= math.MaxInt32:
		i = math.MaxInt32
	case v <= math.MinInt32:
		i = math.MinInt32
	default:
		i = int32(v) // truncates toward zero
	}
	// The shift is PowerPC slw: it uses the low 6 bits of the amount, and
	// amounts of 32..63 give 0.
	shift := uint(frac) & 63
	if shift >= 32 {
		return 0
	}
	return int16(uint32(i) << shift)
}
