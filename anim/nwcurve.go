package anim

import (
	"fmt"
	"math"
)

// NintendoWare (NW4F / BFRES) animation curves, as evaluated. The file
// layout (flag bits, key element types, scale and offset, byte order) is
// formats/bfres's business: it decodes a curve's arrays into float64
// frames and coefficients with scale, offset and the display unit already
// applied, kept in its own storage behind the NWKeys interface (nwkeys.go)
// and handed to InitNWCurveKeys (anim/nwcurvetest keeps them in float64
// arrays for tests). Eval follows the NintendoWare G3d runtime
// (ResAnimCurve): wrap the frame, find the segment in the stored
// (quantized) frame domain, evaluate.

// NWCurveType is the curve's interpolation (BFRES curve flags bits 4-6).
type NWCurveType uint8

const (
	NWCubic      NWCurveType = 0 // 4 power-basis coefficients per key
	NWLinear     NWCurveType = 1 // 2 coefficients per key
	NWBakedFloat NWCurveType = 2 // one value per frame, lerp in between
	NWStepInt    NWCurveType = 4 // integer held until the next key
	NWBakedInt   NWCurveType = 5 // one integer per frame
	NWStepBool   NWCurveType = 6 // bit held until the next key
	NWBakedBool  NWCurveType = 7 // one bit per frame
)

var nwCurveTypeNames = [8]string{"cubic", "linear", "bakedFloat", "", "stepInt", "bakedInt", "stepBool", "bakedBool"}

func (t NWCurveType) String() string {
	if int(t) < len(nwCurveTypeNames) && nwCurveTypeNames[t] != "" {
		return nwCurveTypeNames[t]
	}
	return fmt.Sprintf("curvetype(%d)", uint8(t))
}

// Valid reports whether t is one of the seven curve types (3 is unused).
func (t NWCurveType) Valid() bool { return t <= NWBakedBool && t != 3 }

// IsInt reports whether the curve holds integers (int and bool curves:
// the unit does not apply to them).
func (t NWCurveType) IsInt() bool { return t >= NWStepInt }

// IsBool reports whether the keys are packed bits.
func (t NWCurveType) IsBool() bool { return t == NWStepBool || t == NWBakedBool }

// IsBaked reports whether the curve holds one key per frame.
func (t NWCurveType) IsBaked() bool {
	return t == NWBakedFloat || t == NWBakedInt || t == NWBakedBool
}

// KeyElems is the number of values per key: polynomial coefficients for
// cubic and linear curves, else one.
func (t NWCurveType) KeyElems() int {
	switch t {
	case NWCubic:
		return 4
	case NWLinear:
		return 2
	}
	return 1
}

// Kind is the CurveKind the plot and inspector use for the type.
func (t NWCurveType) Kind() CurveKind {
	switch t {
	case NWCubic:
		return KindCubic
	case NWLinear:
		return KindLinear
	case NWBakedFloat:
		return KindBakedFloat
	case NWStepInt:
		return KindStepInt
	case NWBakedInt:
		return KindBakedInt
	case NWStepBool:
		return KindStepBool
	}
	return KindBakedBool
}

// NWFrameType is how the curve's key frames are stored (BFRES curve flags
// bits 0-1). Evaluation needs it because the runtime searches segments in
// the stored frame domain: 32ths for fixed point, whole frames for u8.
type NWFrameType uint8

const (
	NWFrameF32   NWFrameType = 0 // float32 frames
	NWFrameFixed NWFrameType = 1 // s16 fixed point 10.5: frame = value/32
	NWFrameU8    NWFrameType = 2 // u8 whole frames
)

// Valid reports whether t is one of the three frame types.
func (t NWFrameType) Valid() bool { return t <= NWFrameU8 }

var nwFrameTypeNames = [3]string{"f32", "s10.5", "u8"}

func (t NWFrameType) String() string {
	if int(t) < len(nwFrameTypeNames) {
		return nwFrameTypeNames[t]
	}
	return fmt.Sprintf("frametype(%d)", uint8(t))
}

// NWWrap is a pre- or post-wrap mode (curve flags bits 8-9 and 12-13).
type NWWrap uint8

const (
	NWClamp          NWWrap = 0
	NWRepeat         NWWrap = 1
	NWMirror         NWWrap = 2
	NWRelativeRepeat NWWrap = 3 // repeat, adding the curve's delta per cycle
)

var nwWrapNames = [4]string{"clamp", "repeat", "mirror", "relativeRepeat"}

func (w NWWrap) String() string {
	if int(w) < len(nwWrapNames) {
		return nwWrapNames[w]
	}
	return fmt.Sprintf("wrap(%d)", uint8(w))
}

// NWCurveHeader is what evaluation needs of a curve header.
type NWCurveHeader struct {
	Type              NWCurveType
	FrameType         NWFrameType
	PreWrap, PostWrap NWWrap
	NumKeys           int
	Start, End        float64
	// Delta is value(end) − value(start) in the units of the values, used
	// by relative repeat (0 when the file stores none).
	Delta float64
}

// NWCurve is a decoded NintendoWare curve. It implements Curve.
type NWCurve struct {
	h NWCurveHeader
	// keys holds the key frames and values: the caller's storage given
	// to InitNWCurveKeys.
	keys NWKeys
	// nframes is keys.NumFrames(), read once (evaluation needs it on
	// every call).
	nframes int
}

// check is what every curve header must satisfy (InitNWCurveKeys): known type, frame type and wrap modes, keys, a finite
// forward range, a finite delta, and baked curves with enough keys.
func (h NWCurveHeader) check() error {
	if !h.Type.Valid() {
		return fmt.Errorf("curve type %d is not a known type", uint8(h.Type))
	}
	if !h.FrameType.Valid() {
		return fmt.Errorf("frame type %d is not a known type", uint8(h.FrameType))
	}
	if h.PreWrap > NWRelativeRepeat || h.PostWrap > NWRelativeRepeat {
		return fmt.Errorf("wrap mode %d/%d is not a known mode", uint8(h.PreWrap), uint8(h.PostWrap))
	}
	n := h.NumKeys
	if n <= 0 {
		return fmt.Errorf("curve has no keys")
	}
	if !finite(h.Start) || !finite(h.End) || h.End < h.Start {
		return fmt.Errorf("frame range [%v, %v] is not a finite forward range", h.Start, h.End)
	}
	if !finite(h.Delta) {
		return fmt.Errorf("delta %v is not finite", h.Delta)
	}
	if h.Type.IsBaked() {
		// The runtime indexes baked keys by (int)f − (int)start over the
		// whole range; fewer keys would read past the array.
		need := math.Trunc(h.End) - math.Trunc(h.Start) + 1
		if float64(n) < need {
			return fmt.Errorf("baked curve has %d keys for frames %v..%v (needs %v)", n, h.Start, h.End, need)
		}
	}
	return nil
}

// InitNWCurveKeys builds a curve whose key frames and values stay in the
// caller's storage (see NWKeys), which must hold NumKeys·KeyElems values
// and NumKeys frames (none for a baked curve stored without frames) and
// must not change. It rejects what evaluation cannot handle: unknown
// types, no keys, a non-finite or reversed frame range, non-finite values,
// descending frames, a first key after the start frame, and baked curves
// with fewer keys than frames in the range. It builds the curve
// in *c, which must be a zero NWCurve that nothing uses yet (so that a
// file's curves can be allocated in bulk). On error *c stays unusable.
func InitNWCurveKeys(c *NWCurve, h NWCurveHeader, k NWKeys) error {
	if c.keys != nil || c.h.NumKeys != 0 {
		return fmt.Errorf("InitNWCurveKeys: curve already built")
	}
	if k == nil {
		return fmt.Errorf("InitNWCurveKeys: no keys")
	}
	if err := h.check(); err != nil {
		return err
	}
	n := h.NumKeys
	nf := k.NumFrames()
	if nf != n && (nf != 0 || !h.Type.IsBaked()) {
		return fmt.Errorf("%d frames for %d keys", nf, n)
	}
	c.h, c.keys, c.nframes = h, k, nf
	return c.checkKeys()
}

// checkKeys checks the frames and values: every frame finite and not
// descending, the first key not after the start frame (for curves that
// search segments), every value finite.
func (c *NWCurve) checkKeys() error {
	k, h := c.keys, c.h
	if i := k.Disorder(); i >= 0 && i < c.nframes {
		f := k.Frame(i)
		if f-f != 0 {
			return fmt.Errorf("key %d: frame %v is not finite", i, f)
		}
		if i > 0 && f < k.Frame(i-1) {
			return fmt.Errorf("key %d: frame %v comes before the previous key's %v", i, f, k.Frame(i-1))
		}
		return fmt.Errorf("key %d: frame %v is out of order", i, f) // a storage whose Disorder is wrong
	}
	if c.nframes > 0 && !h.Type.IsBaked() && k.Frame(0) > h.Start {
		return fmt.Errorf("first key at frame %v is after the start frame %v", k.Frame(0), h.Start)
	}
	if b := k.Bound(); !(b <= math.MaxFloat64) {
		elems := h.Type.KeyElems()
		for i := 0; i < h.NumKeys*elems; i++ {
			if v := k.Value(i); v-v != 0 { // NaN or ±Inf, stored or from scaling
				return fmt.Errorf("key %d: value %v is not finite", i/elems, v)
			}
		}
	}
	return nil
}

// Header returns the header the curve was built from.
func (c *NWCurve) Header() NWCurveHeader { return c.h }

// Kind implements Curve: steps are steps, baked curves are baked.
func (c *NWCurve) Kind() CurveKind { return c.h.Type.Kind() }

// NumKeys implements Curve.
func (c *NWCurve) NumKeys() int { return c.h.NumKeys }

// keyFrame is key i's frame: the stored frame, or for baked curves the
// frame the key stands for.
func (c *NWCurve) keyFrame(i int) float64 {
	if c.h.Type.IsBaked() || c.nframes == 0 {
		return math.Trunc(c.h.Start) + float64(i)
	}
	return c.keys.Frame(i)
}

// span is the length of segment i (1 past the last key, as the runtime).
func (c *NWCurve) span(i int) float64 {
	if i+1 < c.nframes {
		return c.keys.Frame(i+1) - c.keys.Frame(i)
	}
	return 1
}

// Key implements Curve. Cubic and linear keys carry slopes in display units
// per frame: the out slope is the segment's derivative at its start, the in
// slope the previous segment's at its end.
func (c *NWCurve) Key(i int) Key {
	k := Key{Frame: c.keyFrame(i)}
	elems := c.h.Type.KeyElems()
	val := c.keys.Value
	k.Value = val(i * elems)
	switch c.h.Type {
	case NWCubic, NWLinear:
		k.HasSlopes = true
		k.OutSlope = val(i*elems+1) / c.span(i)
		k.InSlope = k.OutSlope
		if i > 0 {
			p := (i - 1) * elems
			d := val(p + 1)
			if c.h.Type == NWCubic {
				d += 2*val(p+2) + 3*val(p+3)
			}
			k.InSlope = d / c.span(i-1)
		}
	}
	return k
}

// Validate implements Curve. InitNWCurveKeys is the only constructor and
// checked every frame and value; the fields are
// unexported and never change, so only the structure is rechecked here
// (Clip.Validate runs on every file open and must stay cheap for files
// with 10 000 curves).
func (c *NWCurve) Validate() error {
	if c == nil || c.keys == nil || !c.h.Type.Valid() || c.h.NumKeys <= 0 {
		return fmt.Errorf("NW curve not built by InitNWCurveKeys")
	}
	if nf := c.nframes; (nf != 0 && nf != c.h.NumKeys) || (nf == 0 && !c.h.Type.IsBaked()) {
		return fmt.Errorf("%s curve: %d frames for %d keys", c.h.Type, nf, c.h.NumKeys)
	}
	return nil
}

// Eval implements Curve: wrap the frame into [start, end], evaluate, and
// for relative repeat add delta once per cycle.
func (c *NWCurve) Eval(frame float64) float64 {
	f, cycles := c.wrap(frame)
	v := c.evalInRange(f)
	if cycles != 0 {
		v += c.h.Delta * cycles
	}
	return v
}

// wrap maps a frame into [start, end] with the pre-wrap mode before the
// range and the post-wrap mode after it (G3d WrapFrame). cycles is the
// signed number of deltas relative repeat adds (0 for other modes).
func (c *NWCurve) wrap(f float64) (wrapped, cycles float64) {
	start, end := c.h.Start, c.h.End
	if f >= start && f <= end {
		return f, 0
	}
	if f != f { // NaN: nothing sensible to wrap, hold the start
		return start, 0
	}
	post := f > end
	mode, d := c.h.PreWrap, start-f
	if post {
		mode, d = c.h.PostWrap, f-end
	}
	l := end - start
	// An empty range cannot repeat, and an infinite distance has no
	// remainder: both hold the nearest end.
	if mode == NWClamp || !(l > 0) || math.IsInf(d, 0) {
		if post {
			return end, 0
		}
		return start, 0
	}
	n := math.Trunc(d / l)
	r := d - n*l
	// For huge distances n·l is inexact; keep r inside the range.
	r = math.Min(math.Max(r, 0), l)
	odd := math.Mod(n, 2) == 1
	switch mode {
	case NWMirror:
		if post == odd {
			f = start + r
		} else {
			f = end - r
		}
	default: // repeat, relative repeat
		if post {
			f = start + r
		} else {
			f = end - r
		}
	}
	if mode == NWRelativeRepeat {
		cycles = n + 1
		if !post {
			cycles = -cycles
		}
	}
	return f, cycles
}

// quantize maps a frame into the stored frame domain for the segment
// search, as the runtime does: s10.5 to whole 32ths, u8 to whole frames.
func (c *NWCurve) quantize(f float64) float64 {
	switch c.h.FrameType {
	case NWFrameFixed:
		return math.Floor(f*32) / 32
	case NWFrameU8:
		return math.Floor(f)
	}
	return f
}

// segment returns the key whose segment holds f (largest i with
// frames[i] <= quantized f; 0 before the first key) and the segment's
// normalized time t, computed with the unquantized f. Past the last key
// the last key's segment runs with span 1.
func (c *NWCurve) segment(f float64) (int, float64) {
	i, at, next := c.keys.Search(c.quantize(f))
	switch {
	case i < 0:
		// Unreachable for validated curves (the first key is at or before
		// the start frame); extrapolate the first segment.
		return 0, (f - c.keys.Frame(0)) / c.span(0)
	case i == c.nframes-1:
		return i, f - at
	}
	return i, (f - at) / (next - at)
}

// evalInRange evaluates at a frame already wrapped into [start, end].
func (c *NWCurve) evalInRange(f float64) float64 {
	switch c.h.Type {
	case NWCubic:
		i, t := c.segment(f)
		k0, k1, k2, k3 := c.keys.Cubic(i)
		return ((k3*t+k2)*t+k1)*t + k0
	case NWLinear:
		i, t := c.segment(f)
		return c.keys.Value(2*i) + c.keys.Value(2*i+1)*t
	case NWStepInt, NWStepBool:
		i, _ := c.segment(f)
		return c.keys.Value(i)
	}
	// Baked: key i stands for frame trunc(start)+i.
	s := math.Trunc(c.h.Start)
	fi := math.Trunc(f) - s
	last := float64(c.h.NumKeys - 1)
	i := int(math.Min(math.Max(fi, 0), last))
	if c.h.Type != NWBakedFloat || float64(i) >= last {
		return c.keys.Value(i)
	}
	t := f - (s + float64(i))
	return c.keys.Value(i)*(1-t) + c.keys.Value(i+1)*t
}
