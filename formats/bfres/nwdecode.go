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

// DecodeCurve decodes a curve's stored frame and key arrays (exactly
// FrameBytes and KeyBytes long, in byte order order; the frame array may
// be empty for baked curves) into float64 frames and values in display
// units, and builds the evaluable curve from them: every coefficient is
// multiplied by scale and the unit, the constant term also gets the
// offset; integer and bool keys get the offset only.
func DecodeCurve(h CurveHeader, frames, keys []byte, order binary.ByteOrder) (*anim.NWCurve, error) {
	return decodeCurveBuf(h, frames, keys, order, nil, nil)
}

// decodeCurveBuf is DecodeCurve taking the float64 storage from alloc and
// float curves from newCurve (nil: make, new), so that a file's thousands
// of small curves can share a few large allocations.
func decodeCurveBuf(h CurveHeader, frames, keys []byte, order binary.ByteOrder, alloc func(n int) []float64, newCurve func() *storedCurve) (*anim.NWCurve, error) {
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
	n := h.NumKeys
	if int64(len(keys)) != h.KeyBytes() {
		return nil, fmt.Errorf("key array is %d bytes, want %d for %d keys", len(keys), h.KeyBytes(), n)
	}
	if len(frames) != 0 || !h.Type.IsBaked() {
		if int64(len(frames)) != h.FrameBytes() {
			return nil, fmt.Errorf("frame array is %d bytes, want %d for %d keys", len(frames), h.FrameBytes(), n)
		}
	}
	ah := anim.NWCurveHeader{
		Type: h.Type, FrameType: h.FrameType, PreWrap: h.PreWrap, PostWrap: h.PostWrap,
		NumKeys: n, Start: h.Start, End: h.End, Delta: h.Delta * unit,
	}
	be := order == binary.ByteOrder(binary.BigEndian)
	if !h.Type.IsInt() {
		// Float curves keep their stored arrays: checked here once,
		// converted element by element when evaluated (the same values as
		// the decoded arrays; files hold thousands of curves).
		st := nwStorage{Frames: frames, Keys: keys, KeySize: h.KeyType.Size(),
			BigEndian: be, Mul: h.Scale * unit, Add: h.Offset * unit}
		if newCurve == nil {
			return newStoredCurve(ah, st)
		}
		c := newCurve()
		if err := c.init(ah, st); err != nil {
			return nil, err
		}
		return &c.NWCurve, nil
	}
	elems := h.Type.KeyElems()
	// Frames and values share one allocation: files hold thousands of
	// small curves.
	nf := 0
	if len(frames) > 0 {
		nf = n
	}
	var buf []float64
	if alloc != nil {
		buf = alloc(nf + n*elems)
	} else {
		buf = make([]float64, nf+n*elems)
	}
	fs, vals := buf[:nf:nf], buf[nf:]
	decodeFrames(fs, frames, h.FrameType, be)
	switch {
	case h.Type.IsBool():
		for i := 0; i < n; i++ {
			w := readU32(keys[(i>>5)*4:], be)
			vals[i] = float64(w>>(uint(i)&31)&1) + h.Offset
		}
	case h.Type.IsInt():
		decodeKeys(vals, keys, h.KeyType, true, be)
		for i := range vals {
			vals[i] += h.Offset
		}
	}
	return anim.NewNWCurve(ah, fs, vals)
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
func decodeFrames(dst []float64, src []byte, t anim.NWFrameType, be bool) {
	switch t {
	case anim.NWFrameF32:
		for i := range dst {
			dst[i] = float64(math.Float32frombits(readU32(src[4*i:], be)))
		}
	case anim.NWFrameFixed:
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
func decodeKeys(dst []float64, src []byte, t KeyType, isInt, be bool) {
	switch {
	case t == Key32 && isInt:
		for i := range dst {
			dst[i] = float64(int32(readU32(src[4*i:], be)))
		}
	case t == Key32:
		for i := range dst {
			dst[i] = float64(math.Float32frombits(readU32(src[4*i:], be)))
		}
	case t == KeyS16:
		for i := range dst {
			dst[i] = float64(int16(readU16(src[2*i:], be)))
		}
	default:
		for i := range dst {
			dst[i] = float64(int8(src[i]))
		}
	}
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
