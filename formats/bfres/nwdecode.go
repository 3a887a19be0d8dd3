package bfres

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
)

// KeyType is the key element type (curve flags bits 2-3): f32 (s32 for
// integer curves), s16 or s8. Bool curves ignore it: their keys are u32
// words of packed bits.
type KeyType uint8

const (
	Key32  KeyType = 0 // f32, or s32 for integer curves
	KeyS16 KeyType = 1
	KeyS8  KeyType = 2
)

// Name is the key type's name for a curve type ("f32" or "s32", "s16", "s8").
func (t KeyType) Name(c anim.NWCurveType) string {
	switch t {
	case Key32:
		if c.IsInt() {
			return "s32"
		}
		return "f32"
	case KeyS16:
		return "s16"
	case KeyS8:
		return "s8"
	}
	return fmt.Sprintf("keytype(%d)", uint8(t))
}

// Size is the byte size of one key element (0 for an invalid type).
func (t KeyType) Size() int {
	switch t {
	case Key32:
		return 4
	case KeyS16:
		return 2
	case KeyS8:
		return 1
	}
	return 0
}

// frameSize is the byte size of one stored frame (0 for an invalid type).
func frameSize(t anim.NWFrameType) int {
	switch t {
	case anim.NWFrameF32:
		return 4
	case anim.NWFrameFixed:
		return 2
	case anim.NWFrameU8:
		return 1
	}
	return 0
}

// CurveHeader is what a curve header states, with scale, offset and delta
// read as the curve type says (float32, or s32 for integer curves).
type CurveHeader struct {
	Type              anim.NWCurveType
	FrameType         anim.NWFrameType
	KeyType           KeyType
	PreWrap, PostWrap anim.NWWrap
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
func (h *CurveHeader) FrameBytes() int64 {
	return int64(h.NumKeys) * int64(frameSize(h.FrameType))
}

// KeyBytes is the size of the stored key array: KeyElems elements per key,
// or for bool curves one u32 word per 32 keys.
func (h *CurveHeader) KeyBytes() int64 {
	if h.Type.IsBool() {
		return 4 * ((int64(h.NumKeys) + 31) / 32)
	}
	return int64(h.NumKeys) * int64(h.Type.KeyElems()) * int64(h.KeyType.Size())
}

// decodeCurveIn builds the evaluable curve from a curve's stored frame and
// key arrays (exactly FrameBytes and KeyBytes long, in byte order order;
// the frame array may be empty for baked curves). The curve keeps the
// arrays and converts an element when it reads it (nwstored.go): frames
// as stored (s10.5 divided by 32); values in display units, every
// coefficient multiplied by scale and the unit, the constant term also
// given the offset; integer and bool keys get the offset only. It builds
// the curve in *c (nil: a new one), so that a file's thousands of small
// curves can share a few large allocations.
func decodeCurveIn(h CurveHeader, frames, keys []byte, order binary.ByteOrder, c *storedCurve) (*anim.NWCurve, error) {
	if !h.Type.Valid() {
		return nil, fmt.Errorf("curve type %d is not a known type", uint8(h.Type))
	}
	if frameSize(h.FrameType) == 0 {
		return nil, fmt.Errorf("frame type %d is not a known type", uint8(h.FrameType))
	}
	if h.KeyType.Size() == 0 && !h.Type.IsBool() {
		return nil, fmt.Errorf("key type %d is not a known type", uint8(h.KeyType))
	}
	if h.NumKeys <= 0 {
		return nil, fmt.Errorf("curve has no keys")
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
	// The stored curve checks the arrays' sizes against the header.
	ah := anim.NWCurveHeader{
		Type: h.Type, FrameType: h.FrameType, PreWrap: h.PreWrap, PostWrap: h.PostWrap,
		NumKeys: h.NumKeys, Start: h.Start, End: h.End, Delta: h.Delta * unit,
	}
	st := nwStorage{Frames: frames, Keys: keys, KeySize: h.KeyType.Size(), BigEndian: order == binary.ByteOrder(binary.BigEndian),
		Mul: h.Scale * unit, Add: h.Offset * unit}
	// Integer and bool keys are taken as they are, plus the offset.
	switch {
	case h.Type.IsBool():
		st.Bool, st.KeySize, st.Mul = true, 4, 1
	case h.Type.IsInt():
		st.Int, st.Mul = true, 1
	}
	if c == nil {
		return newStoredCurve(ah, st)
	}
	if err := c.init(ah, st); err != nil {
		return nil, err
	}
	return &c.NWCurve, nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
