package bfres

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
)

// Writing NintendoWare curves: the inverse of decodeCurveIn. A curve is
// given as the values the game evaluates (frames and per-key values in
// display units) and stored in the smallest types the G3d runtime reads
// back within a tolerance: each candidate is decoded with decodeCurveIn
// and evaluated with anim.NWCurve, the game's evaluation, at every key and
// at fractional frames between them, so that the choice never rests on
// reasoning about coefficients.

// CurveSpec is a curve to store.
type CurveSpec struct {
	// Type is the NW curve type: cubic, linear, baked float, step int,
	// baked int, step bool or baked bool.
	Type anim.NWCurveType
	// Target is the curve's target offset (TargetRotateX, ...).
	Target            uint32
	Start, End        float64
	PreWrap, PostWrap anim.NWWrap
	// Frames are the key frames, ascending, the first at or before
	// Start. Past the last key the runtime runs its polynomial with a
	// span of 1 frame, so a curve normally ends with a key at End (whose
	// constant term holds the end value). Baked curves take none: their
	// keys stand for the frames trunc(Start) .. trunc(End), one each.
	Frames []float64
	// Values hold per key Type.KeyElems() values in display units: the
	// 4 power-basis coefficients of a cubic segment (v = c0 + c1·t +
	// c2·t² + c3·t³, t normalized over the segment, 1 frame wide past the
	// last key), c0 and c1 of a linear one, the value of a baked or step
	// key (integers for int curves, 0 or 1 for bool curves).
	Values [][]float64
	// Unit is display units per file unit: 180/π for the rotation curves
	// of an Euler FSKA (BoneCurveUnit), else 1 (0 means 1). Integer and
	// bool curves ignore it.
	Unit float64
	// Tolerance is the largest difference, in display units, the stored
	// curve may evaluate to against Values at any frame in [Start, End].
	// Quantized keys (s16, s8) are used only within it; f32 keys are the
	// most precise store and are used when nothing smaller fits.
	Tolerance float64
	// LittleEndian stores the arrays for the Switch (else the Wii U).
	LittleEndian bool
}

// BoneCurveUnit is CurveSpec.Unit for a bone animation curve: degrees
// per radian for the Euler rotation targets, 1 otherwise (the reader's
// display units, fska.go).
func BoneCurveUnit(target uint32, quaternion bool) float64 {
	if !quaternion && target >= TargetRotateX && target <= TargetRotateZ {
		return 180 / math.Pi
	}
	return 1
}

// EncodeCurve stores spec: the smallest frame type (u8, s10.5, f32) that
// holds every frame exactly, and the smallest key type (s8, s16 with
// scale and offset, then f32; for integer curves s8, s16, s32 with an
// offset) whose decoded curve stays within spec.Tolerance of the values.
// The returned curve is what the reader would build from the stored
// bytes, Decoded included; Delta (relative repeat) is the stored curve's
// value at End minus at Start, in file units.
func EncodeCurve(spec CurveSpec) (Curve, error) {
	if err := spec.check(); err != nil {
		return Curve{}, err
	}
	order := binary.ByteOrder(binary.BigEndian)
	if spec.LittleEndian {
		order = binary.LittleEndian
	}
	c := Curve{Type: spec.Type, TargetOffset: spec.Target, PreWrap: spec.PreWrap, PostWrap: spec.PostWrap,
		NumKeys: uint16(len(spec.Values)), StartFrame: float32(spec.Start), EndFrame: float32(spec.End),
		HasDelta: true, LittleEndian: spec.LittleEndian}
	if !spec.Type.IsBaked() {
		ft, data, ok := encodeFrames(spec.Frames, order)
		if !ok {
			return Curve{}, fmt.Errorf("curve frames: a frame is not representable as f32")
		}
		c.FrameType, c.FrameData = ft, data
	}
	switch {
	case spec.Type.IsBool():
		off := boolOffset(spec.Values)
		c.KeyData = encodeBools(spec.Values, off, order)
		return c, c.finish(spec, 0, off)
	case spec.Type.IsInt():
		kt, off, data := encodeInts(spec.Values, order)
		c.KeyType, c.KeyData = kt, data
		return c, c.finish(spec, 1, float64(off))
	}
	ref := spec.reference()
	for _, kt := range []KeyType{KeyS8, KeyS16} {
		scale, off, data, ok := quantizeKeys(spec, kt, order)
		if !ok {
			continue
		}
		try := c
		try.KeyType, try.KeyData = kt, data
		if err := try.finish(spec, float64(scale), float64(off)); err != nil {
			return Curve{}, err
		}
		if try.fits(spec, ref, spec.Tolerance) {
			return try, nil
		}
	}
	c.KeyType, c.KeyData = Key32, encodeF32Keys(spec, order)
	return c, c.finish(spec, 1, 0)
}

// check refuses a spec the runtime could not evaluate.
func (s *CurveSpec) check() error {
	n, elems := len(s.Values), s.Type.KeyElems()
	switch {
	case !s.Type.Valid():
		return fmt.Errorf("curve type %d is not a known type", uint8(s.Type))
	case n == 0 || n > math.MaxUint16:
		return fmt.Errorf("%s curve: %d keys (1 to 65535)", s.Type, n)
	case !finite(s.Start) || !finite(s.End) || s.End < s.Start:
		return fmt.Errorf("%s curve: frame range [%v, %v] is not a finite forward range", s.Type, s.Start, s.End)
	case float64(float32(s.Start)) != s.Start || float64(float32(s.End)) != s.End:
		return fmt.Errorf("%s curve: frame range [%v, %v] is not representable as f32", s.Type, s.Start, s.End)
	case s.PreWrap > anim.NWRelativeRepeat || s.PostWrap > anim.NWRelativeRepeat:
		return fmt.Errorf("%s curve: wrap mode %d/%d is not a known mode", s.Type, s.PreWrap, s.PostWrap)
	case s.Unit != 0 && (!finite(s.Unit) || s.Unit <= 0):
		return fmt.Errorf("%s curve: unit %v is not a positive number", s.Type, s.Unit)
	case !(s.Tolerance >= 0):
		return fmt.Errorf("%s curve: tolerance %v is not a non-negative number", s.Type, s.Tolerance)
	}
	if s.Type.IsBaked() {
		if s.Frames != nil {
			return fmt.Errorf("%s curve: baked curves take no frames", s.Type)
		}
		if need := math.Trunc(s.End) - math.Trunc(s.Start) + 1; float64(n) < need {
			return fmt.Errorf("%s curve: %d keys for frames %v..%v (needs %v)", s.Type, n, s.Start, s.End, need)
		}
	} else {
		if len(s.Frames) != n {
			return fmt.Errorf("%s curve: %d frames for %d keys", s.Type, len(s.Frames), n)
		}
		for i, f := range s.Frames {
			if !finite(f) || i > 0 && f < s.Frames[i-1] {
				return fmt.Errorf("%s curve: key %d: frame %v is not finite or comes before the previous key's", s.Type, i, f)
			}
		}
		if s.Frames[0] > s.Start {
			return fmt.Errorf("%s curve: first key at frame %v is after the start frame %v", s.Type, s.Frames[0], s.Start)
		}
	}
	for i, key := range s.Values {
		if len(key) != elems {
			return fmt.Errorf("%s curve: key %d has %d values, want %d", s.Type, i, len(key), elems)
		}
		for _, v := range key {
			switch {
			case !finite(v):
				return fmt.Errorf("%s curve: key %d: value %v is not finite", s.Type, i, v)
			case s.Type.IsInt() && (v != math.Trunc(v) || v < math.MinInt32 || v > math.MaxInt32):
				return fmt.Errorf("%s curve: key %d: value %v is not a 32-bit integer", s.Type, i, v)
			}
		}
	}
	if s.Type.IsBool() {
		lo := boolOffset(s.Values)
		for i, key := range s.Values {
			if key[0] != lo && key[0] != lo+1 {
				return fmt.Errorf("%s curve: key %d: value %v is neither %v nor %v (bool keys are bits added to an offset)", s.Type, i, key[0], lo, lo+1)
			}
		}
	}
	return nil
}

func (s *CurveSpec) unit() float64 {
	if s.Unit == 0 || s.Type.IsInt() {
		return 1
	}
	return s.Unit
}

// finish sets the header's types, scale and offset (file units), builds
// Decoded from the stored bytes, then stores the delta it evaluates to
// and builds Decoded again with it.
func (c *Curve) finish(spec CurveSpec, scale, offset float64) error {
	c.Flags = uint16(c.FrameType) | uint16(c.KeyType)<<2 | uint16(c.Type)<<4 | uint16(c.PreWrap)<<8 | uint16(c.PostWrap)<<12
	if c.Type.IsInt() {
		c.ScaleBits, c.OffsetBits = uint32(int32(scale)), uint32(int32(offset))
	} else {
		c.ScaleBits, c.OffsetBits = math.Float32bits(float32(scale)), math.Float32bits(float32(offset))
	}
	c.DeltaBits = 0
	c.splitFlags()
	unit := spec.unit()
	if err := c.build(unit); err != nil {
		return err
	}
	d := (c.Decoded.Eval(spec.End) - c.Decoded.Eval(spec.Start)) / unit
	if c.Type.IsInt() {
		c.DeltaBits = uint32(int32(d))
	} else {
		c.DeltaBits = math.Float32bits(float32(d))
	}
	c.splitFlags()
	return c.build(unit)
}

// build decodes the stored bytes as the reader does.
func (c *Curve) build(unit float64) error {
	nw, err := decodeCurveIn(c.NWHeader(unit), c.FrameData, c.KeyData, c.order(), nil)
	if err != nil {
		return fmt.Errorf("%s curve (target 0x%x): %v", c.Type, c.TargetOffset, err)
	}
	c.Decoded = nw
	return nil
}

// encodeFrames stores the key frames in the smallest exact type.
func encodeFrames(frames []float64, order binary.ByteOrder) (anim.NWFrameType, []byte, bool) {
	u8, fixed := true, true
	for _, f := range frames {
		u8 = u8 && f == math.Trunc(f) && f >= 0 && f <= 255
		fixed = fixed && f*32 == math.Trunc(f*32) && f*32 >= math.MinInt16 && f*32 <= math.MaxInt16
	}
	switch {
	case u8:
		b := make([]byte, len(frames))
		for i, f := range frames {
			b[i] = uint8(f)
		}
		return anim.NWFrameU8, b, true
	case fixed:
		b := make([]byte, 2*len(frames))
		for i, f := range frames {
			order.PutUint16(b[2*i:], uint16(int16(f*32)))
		}
		return anim.NWFrameFixed, b, true
	}
	b := make([]byte, 4*len(frames))
	for i, f := range frames {
		if float64(float32(f)) != f {
			return 0, nil, false
		}
		order.PutUint32(b[4*i:], math.Float32bits(float32(f)))
	}
	return anim.NWFrameF32, b, true
}

// boolOffset is the offset of a bool curve: its smallest value (the
// keys are bits added to it).
func boolOffset(values [][]float64) float64 {
	lo := values[0][0]
	for _, v := range values {
		lo = math.Min(lo, v[0])
	}
	return lo
}

// encodeBools packs bool keys (their values minus off) into u32 words,
// key i at bit i&31 of word i>>5.
func encodeBools(values [][]float64, off float64, order binary.ByteOrder) []byte {
	b := make([]byte, 4*((len(values)+31)/32))
	for i, v := range values {
		if v[0] != off {
			w := b[4*(i>>5):]
			order.PutUint32(w, order.Uint32(w)|1<<(uint(i)&31))
		}
	}
	return b
}

// encodeInts stores integer keys relative to an offset (the middle of
// their range) in the smallest type that holds them.
func encodeInts(values [][]float64, order binary.ByteOrder) (KeyType, int64, []byte) {
	lo, hi := values[0][0], values[0][0]
	for _, v := range values {
		lo, hi = math.Min(lo, v[0]), math.Max(hi, v[0])
	}
	off := int64(math.Floor((lo + hi) / 2))
	kt := Key32
	switch {
	case hi-float64(off) <= math.MaxInt8 && lo-float64(off) >= math.MinInt8:
		kt = KeyS8
	case hi-float64(off) <= math.MaxInt16 && lo-float64(off) >= math.MinInt16:
		kt = KeyS16
	default:
		off = 0
	}
	b := make([]byte, len(values)*kt.Size())
	for i, v := range values {
		putKey(b, i, kt, float64(int64(v[0])-off), order)
	}
	return kt, off, b
}

// putKey stores element i of a key array of type kt: k is the integer
// for s8, s16 and s32 keys, the value for f32 keys.
func putKey(b []byte, i int, kt KeyType, k float64, order binary.ByteOrder) {
	switch kt {
	case KeyS8:
		b[i] = uint8(int8(k))
	case KeyS16:
		order.PutUint16(b[2*i:], uint16(int16(k)))
	default:
		order.PutUint32(b[4*i:], uint32(int32(k)))
	}
}

// encodeF32Keys stores the values as f32 in file units (scale 1, offset
// 0).
func encodeF32Keys(spec CurveSpec, order binary.ByteOrder) []byte {
	elems, unit := spec.Type.KeyElems(), spec.unit()
	b := make([]byte, 4*elems*len(spec.Values))
	for i, key := range spec.Values {
		for e, v := range key {
			order.PutUint32(b[4*(i*elems+e):], math.Float32bits(float32(v/unit)))
		}
	}
	return b
}

// quantizeKeys stores the values as s8 or s16 elements: the constant
// terms relative to an offset in the middle of their range, every element
// times one scale that brings the largest magnitude to the type's limit.
// ok is false when the scale or offset does not fit an f32.
func quantizeKeys(spec CurveSpec, kt KeyType, order binary.ByteOrder) (scale, offset float32, data []byte, ok bool) {
	limit := 127.0
	if kt == KeyS16 {
		limit = 32767
	}
	unit, elems := spec.unit(), spec.Type.KeyElems()
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, key := range spec.Values {
		lo, hi = math.Min(lo, key[0]/unit), math.Max(hi, key[0]/unit)
	}
	offset = float32((lo + hi) / 2)
	if math.IsInf(float64(offset), 0) {
		return 0, 0, nil, false
	}
	m := 0.0
	for _, key := range spec.Values {
		for e, v := range key {
			x := v / unit
			if e == 0 {
				x -= float64(offset)
			}
			m = math.Max(m, math.Abs(x))
		}
	}
	scale = float32(m / limit)
	if m == 0 || scale == 0 {
		scale = 1
	}
	// The f32 scale may round down: widen it until the largest element
	// rounds within the limit.
	for m/float64(scale) > limit+0.5 {
		scale = math.Nextafter32(scale, float32(math.Inf(1)))
	}
	if math.IsInf(float64(scale), 0) {
		return 0, 0, nil, false
	}
	data = make([]byte, len(spec.Values)*elems*kt.Size())
	for i, key := range spec.Values {
		for e, v := range key {
			x := v / unit
			if e == 0 {
				x -= float64(offset)
			}
			k := math.Max(-limit-1, math.Min(limit, math.Round(x/float64(scale))))
			putKey(data, i*elems+e, kt, k, order)
		}
	}
	return scale, offset, data, true
}
