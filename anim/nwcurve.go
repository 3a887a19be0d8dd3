package anim

import (
	"encoding/binary"
	"fmt"
	"math"
)

// NintendoWare (NW4F / BFRES) animation curves. The stored form is a
// header (curve, frame and key types, wrap modes, frame range, scale,
// offset, delta) plus a frame array and a key array; NewNWCurve decodes the
// arrays once into float64 frames and coefficients with scale, offset and
// the display unit already applied, and Eval follows the NintendoWare G3d
// runtime (ResAnimCurve): wrap the frame, find the segment in the stored
// (quantized) frame domain, evaluate.

// NWCurveType is the interpolation stored in curve flags bits 4-6.
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

// IsInt reports whether the curve holds integers (int and bool curves);
// their scale, offset and delta fields are s32 and their float key type
// reads as s32.
func (t NWCurveType) IsInt() bool { return t >= NWStepInt }

// IsBool reports whether the keys are packed bits.
func (t NWCurveType) IsBool() bool { return t == NWStepBool || t == NWBakedBool }

// IsBaked reports whether the curve holds one key per frame.
func (t NWCurveType) IsBaked() bool {
	return t == NWBakedFloat || t == NWBakedInt || t == NWBakedBool
}

// KeyElems is the number of stored elements per key (bool curves: bits).
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

// NWFrameType is the frame array element type (curve flags bits 0-1).
type NWFrameType uint8

const (
	NWFrameF32   NWFrameType = 0 // float32 frames
	NWFrameFixed NWFrameType = 1 // s16 fixed point 10.5: frame = value/32
	NWFrameU8    NWFrameType = 2 // u8 whole frames
)

var nwFrameTypeNames = [3]string{"f32", "s10.5", "u8"}

func (t NWFrameType) String() string {
	if int(t) < len(nwFrameTypeNames) {
		return nwFrameTypeNames[t]
	}
	return fmt.Sprintf("frametype(%d)", uint8(t))
}

// Size is the byte size of one frame (0 for an invalid type).
func (t NWFrameType) Size() int {
	switch t {
	case NWFrameF32:
		return 4
	case NWFrameFixed:
		return 2
	case NWFrameU8:
		return 1
	}
	return 0
}

// NWKeyType is the key element type (curve flags bits 2-3): f32 (s32 for
// integer curves), s16 or s8. Bool curves ignore it: their keys are u32
// words of packed bits.
type NWKeyType uint8

const (
	NWKey32  NWKeyType = 0 // f32, or s32 for integer curves
	NWKeyS16 NWKeyType = 1
	NWKeyS8  NWKeyType = 2
)

// Name is the key type's name for a curve type ("f32" or "s32", "s16", "s8").
func (t NWKeyType) Name(c NWCurveType) string {
	switch t {
	case NWKey32:
		if c.IsInt() {
			return "s32"
		}
		return "f32"
	case NWKeyS16:
		return "s16"
	case NWKeyS8:
		return "s8"
	}
	return fmt.Sprintf("keytype(%d)", uint8(t))
}

// Size is the byte size of one key element (0 for an invalid type).
func (t NWKeyType) Size() int {
	switch t {
	case NWKey32:
		return 4
	case NWKeyS16:
		return 2
	case NWKeyS8:
		return 1
	}
	return 0
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

// NWCurveHeader is what a curve header states, with scale, offset and
// delta read as the curve type says (float32, or s32 for integer curves).
type NWCurveHeader struct {
	Type              NWCurveType
	FrameType         NWFrameType
	KeyType           NWKeyType
	PreWrap, PostWrap NWWrap
	NumKeys           int
	Start, End        float64
	Scale, Offset     float64
	// Delta is value(end) − value(start) in file units, used by relative
	// repeat (FRES < 3.4 stores none: 0).
	Delta float64
	// Unit converts file units to display units after scale and offset
	// (180/π for rotations stored in radians and shown in degrees); 0
	// means 1. Integer curves ignore it.
	Unit float64
}

// FrameBytes is the size of the stored frame array.
func (h *NWCurveHeader) FrameBytes() int64 {
	return int64(h.NumKeys) * int64(h.FrameType.Size())
}

// KeyBytes is the size of the stored key array: KeyElems elements per key,
// or for bool curves one u32 word per 32 keys.
func (h *NWCurveHeader) KeyBytes() int64 {
	if h.Type.IsBool() {
		return 4 * ((int64(h.NumKeys) + 31) / 32)
	}
	return int64(h.NumKeys) * int64(h.Type.KeyElems()) * int64(h.KeyType.Size())
}

// NWCurve is a decoded NintendoWare curve. It implements Curve.
type NWCurve struct {
	h NWCurveHeader
	// frames are the key frames as stored, decoded (s10.5 divided by 32).
	// Baked curves do not need them; when the file has none they are nil.
	frames []float64
	// vals holds KeyElems coefficients per key, already mapped through
	// v·scale + offset (only the constant term gets the offset) and the
	// display unit, so Eval is a plain polynomial. Integer and bool curves
	// hold key + offset.
	vals []float64
	// delta is Delta in display units.
	delta float64
}

// NewNWCurve decodes a curve from its header and its stored frame and key
// arrays (exactly FrameBytes and KeyBytes long, in byte order order; the
// frame array may be empty for baked curves). It rejects what evaluation
// cannot handle: unknown types, no keys, a non-finite or reversed frame
// range, non-finite values, descending frames, a first key after the
// start frame, and baked curves with fewer keys than frames in the range.
func NewNWCurve(h NWCurveHeader, frames, keys []byte, order binary.ByteOrder) (*NWCurve, error) {
	if !h.Type.Valid() {
		return nil, fmt.Errorf("curve type %d is not a known type", uint8(h.Type))
	}
	if h.FrameType.Size() == 0 {
		return nil, fmt.Errorf("frame type %d is not a known type", uint8(h.FrameType))
	}
	if h.KeyType.Size() == 0 && !h.Type.IsBool() {
		return nil, fmt.Errorf("key type %d is not a known type", uint8(h.KeyType))
	}
	if h.PreWrap > NWRelativeRepeat || h.PostWrap > NWRelativeRepeat {
		return nil, fmt.Errorf("wrap mode %d/%d is not a known mode", uint8(h.PreWrap), uint8(h.PostWrap))
	}
	if h.NumKeys <= 0 {
		return nil, fmt.Errorf("curve has no keys")
	}
	if !finite(h.Start) || !finite(h.End) || h.End < h.Start {
		return nil, fmt.Errorf("frame range [%v, %v] is not a finite forward range", h.Start, h.End)
	}
	if !finite(h.Scale) || !finite(h.Offset) || !finite(h.Delta) {
		return nil, fmt.Errorf("scale %v, offset %v or delta %v is not finite", h.Scale, h.Offset, h.Delta)
	}
	unit := h.Unit
	if unit == 0 || h.Type.IsInt() {
		unit = 1
	}
	if !finite(unit) {
		return nil, fmt.Errorf("unit %v is not finite", unit)
	}
	n := h.NumKeys
	if int64(len(keys)) != h.KeyBytes() {
		return nil, fmt.Errorf("key array is %d bytes, want %d for %d keys", len(keys), h.KeyBytes(), n)
	}
	if len(frames) != 0 || !h.Type.IsBaked() {
		if int64(len(frames)) != h.FrameBytes() {
			return nil, fmt.Errorf("frame array is %d bytes, want %d for %d keys", len(frames), h.FrameBytes(), n)
		}
	}
	if h.Type.IsBaked() {
		// The runtime indexes baked keys by (int)f − (int)start over the
		// whole range; fewer keys would read past the array.
		need := math.Trunc(h.End) - math.Trunc(h.Start) + 1
		if float64(n) < need {
			return nil, fmt.Errorf("baked curve has %d keys for frames %v..%v (needs %v)", n, h.Start, h.End, need)
		}
	}
	c := &NWCurve{h: h, delta: h.Delta * unit}
	be := order == binary.ByteOrder(binary.BigEndian)
	elems := h.Type.KeyElems()
	// Frames and values share one allocation: files hold thousands of
	// small curves.
	nf := 0
	if len(frames) > 0 {
		nf = n
	}
	buf := make([]float64, nf+n*elems)
	c.vals = buf[nf:]
	if len(frames) > 0 {
		c.frames = buf[:nf:nf]
		decodeFrames(c.frames, frames, h.FrameType, be)
		for i, f := range c.frames {
			if f-f != 0 {
				return nil, fmt.Errorf("key %d: frame %v is not finite", i, f)
			}
			if i > 0 && f < c.frames[i-1] {
				return nil, fmt.Errorf("key %d: frame %v comes before the previous key's %v", i, f, c.frames[i-1])
			}
		}
		if !h.Type.IsBaked() && c.frames[0] > h.Start {
			return nil, fmt.Errorf("first key at frame %v is after the start frame %v", c.frames[0], h.Start)
		}
	}
	if h.Type.IsBool() {
		for i := 0; i < n; i++ {
			w := readU32(keys[(i>>5)*4:], be)
			c.vals[i] = float64(w>>(uint(i)&31)&1) + h.Offset
		}
		return c, nil
	}
	if h.Type.IsInt() {
		decodeKeys(c.vals, keys, h.KeyType, true, be)
		for i := range c.vals {
			c.vals[i] += h.Offset
		}
		return c, nil
	}
	// v·scale + offset of a polynomial: every coefficient scales, only the
	// constant term (element 0 of each key) gets the offset; then the unit.
	mul, add := h.Scale*unit, h.Offset*unit
	if h.KeyType != NWKey32 && finite(math.Abs(mul)*32768+math.Abs(add)) {
		// Quantized keys (|k| <= 32768) cannot overflow here: decode,
		// scale and offset in one pass without a finiteness check.
		decodeScaledKeys(c.vals, keys, h.KeyType, elems, mul, add, be)
		return c, nil
	}
	decodeKeys(c.vals, keys, h.KeyType, false, be)
	for i := 0; i < len(c.vals); i += elems {
		k := c.vals[i : i+elems : i+elems]
		k[0] = k[0]*mul + add
		for e := 1; e < len(k); e++ {
			k[e] *= mul
		}
	}
	for i, v := range c.vals {
		if v-v != 0 { // NaN or ±Inf, stored or from scaling
			return nil, fmt.Errorf("key %d: value %v is not finite", i/elems, v)
		}
	}
	return c, nil
}

// decodeScaledKeys converts s16 or s8 key elements and applies k·mul (+add
// for element 0 of each key) in one pass.
func decodeScaledKeys(dst []float64, src []byte, t NWKeyType, elems int, mul, add float64, be bool) {
	if t == NWKeyS16 {
		for i := range dst {
			dst[i] = float64(int16(readU16(src[2*i:], be))) * mul
		}
	} else {
		src = src[:len(dst)]
		for i, b := range src {
			dst[i] = float64(int8(b)) * mul
		}
	}
	for i := 0; i < len(dst); i += elems {
		dst[i] += add
	}
}

func readU16(b []byte, be bool) uint16 {
	if be {
		return binary.BigEndian.Uint16(b)
	}
	return binary.LittleEndian.Uint16(b)
}

func readU32(b []byte, be bool) uint32 {
	if be {
		return binary.BigEndian.Uint32(b)
	}
	return binary.LittleEndian.Uint32(b)
}

// decodeFrames converts the stored frame array (len(dst) frames).
func decodeFrames(dst []float64, src []byte, t NWFrameType, be bool) {
	switch t {
	case NWFrameF32:
		for i := range dst {
			dst[i] = float64(math.Float32frombits(readU32(src[4*i:], be)))
		}
	case NWFrameFixed:
		for i := range dst {
			dst[i] = float64(int16(readU16(src[2*i:], be))) / 32
		}
	default:
		for i := range dst {
			dst[i] = float64(src[i])
		}
	}
}

// decodeKeys converts the stored key elements (len(dst) of them).
func decodeKeys(dst []float64, src []byte, t NWKeyType, isInt, be bool) {
	switch {
	case t == NWKey32 && isInt:
		for i := range dst {
			dst[i] = float64(int32(readU32(src[4*i:], be)))
		}
	case t == NWKey32:
		for i := range dst {
			dst[i] = float64(math.Float32frombits(readU32(src[4*i:], be)))
		}
	case t == NWKeyS16:
		for i := range dst {
			dst[i] = float64(int16(readU16(src[2*i:], be)))
		}
	default:
		for i := range dst {
			dst[i] = float64(int8(src[i]))
		}
	}
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
	if c.h.Type.IsBaked() || c.frames == nil {
		return math.Trunc(c.h.Start) + float64(i)
	}
	return c.frames[i]
}

// span is the length of segment i (1 past the last key, as the runtime).
func (c *NWCurve) span(i int) float64 {
	if i+1 < len(c.frames) {
		return c.frames[i+1] - c.frames[i]
	}
	return 1
}

// Key implements Curve. Cubic and linear keys carry slopes in display units
// per frame: the out slope is the segment's derivative at its start, the in
// slope the previous segment's at its end.
func (c *NWCurve) Key(i int) Key {
	k := Key{Frame: c.keyFrame(i)}
	elems := c.h.Type.KeyElems()
	k.Value = c.vals[i*elems]
	switch c.h.Type {
	case NWCubic, NWLinear:
		k.HasSlopes = true
		k.OutSlope = c.vals[i*elems+1] / c.span(i)
		k.InSlope = k.OutSlope
		if i > 0 {
			p := c.vals[(i-1)*elems:]
			d := p[1]
			if c.h.Type == NWCubic {
				d += 2*p[2] + 3*p[3]
			}
			k.InSlope = d / c.span(i-1)
		}
	}
	return k
}

// Validate implements Curve. NewNWCurve is the only constructor and
// checked every frame and value; the fields are unexported and never
// change, so only the structure is rechecked here (Clip.Validate runs on
// every file open and must stay cheap for files with 10 000 curves).
func (c *NWCurve) Validate() error {
	if c == nil || !c.h.Type.Valid() || c.h.NumKeys <= 0 || len(c.vals) != c.h.NumKeys*c.h.Type.KeyElems() {
		return fmt.Errorf("NW curve not built by NewNWCurve")
	}
	if (c.frames != nil && len(c.frames) != c.h.NumKeys) || (c.frames == nil && !c.h.Type.IsBaked()) {
		return fmt.Errorf("%s curve: %d frames for %d keys", c.h.Type, len(c.frames), c.h.NumKeys)
	}
	return nil
}

// Eval implements Curve: wrap the frame into [start, end], evaluate, and
// for relative repeat add delta once per cycle.
func (c *NWCurve) Eval(frame float64) float64 {
	f, cycles := c.wrap(frame)
	v := c.evalInRange(f)
	if cycles != 0 {
		v += c.delta * cycles
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
	fr := c.frames
	q := c.quantize(f)
	last := len(fr) - 1
	if q >= fr[last] {
		return last, f - fr[last]
	}
	if q < fr[0] {
		// Unreachable for validated curves (the first key is at or before
		// the start frame); extrapolate the first segment.
		return 0, (f - fr[0]) / c.span(0)
	}
	// Invariant: fr[lo] <= q < fr[hi].
	lo, hi := 0, last
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if fr[mid] <= q {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo, (f - fr[lo]) / (fr[lo+1] - fr[lo])
}

// evalInRange evaluates at a frame already wrapped into [start, end].
func (c *NWCurve) evalInRange(f float64) float64 {
	v := c.vals
	switch c.h.Type {
	case NWCubic:
		i, t := c.segment(f)
		k := v[i*4 : i*4+4 : i*4+4]
		return ((k[3]*t+k[2])*t+k[1])*t + k[0]
	case NWLinear:
		i, t := c.segment(f)
		return v[i*2] + v[i*2+1]*t
	case NWStepInt, NWStepBool:
		i, _ := c.segment(f)
		return v[i]
	}
	// Baked: key i stands for frame trunc(start)+i.
	s := math.Trunc(c.h.Start)
	fi := math.Trunc(f) - s
	last := float64(len(v) - 1)
	i := int(math.Min(math.Max(fi, 0), last))
	if c.h.Type != NWBakedFloat {
		return v[i]
	}
	if float64(i) >= last {
		return v[i]
	}
	t := f - (s + float64(i))
	return v[i]*(1-t) + v[i+1]*t
}
