package bfres

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
)

// A curve keeps the frame and key arrays as the file stores them: a
// file's thousands of curves are then checked once and converted element
// by element when evaluated, instead of being expanded into float64
// arrays up front. storedKeys is that storage, behind anim.NWKeys; it
// evaluates to exactly the values float64 arrays decoded the plain way
// would hold (each element converted, multiplied by mul and rounded, then
// add added to the constant term).

// nwStorage is a curve's stored arrays and their scale.
type nwStorage struct {
	// Frames holds NumKeys frames of the header's FrameType (f32, s10.5
	// or u8); it is empty for a baked curve stored without frames.
	Frames []byte
	// Keys holds KeyElems elements per key of KeySize bytes: 4 (f32, or
	// s32 for Int), 2 (s16) or 1 (s8); for Bool one bit per key in u32
	// words.
	Keys      []byte
	KeySize   int
	Int, Bool bool // the keys of integer and bool curves
	BigEndian bool
	// An element k is worth float64(k·Mul) in display units, plus Add for
	// the first element of each key (the constant term).
	Mul, Add float64
}

// storedKeys implements anim.NWKeys on a curve's stored arrays.
type storedKeys struct {
	frames, keys   []byte
	mul, add       float64
	ksize, elems   int
	nframes, nvals int
	ft             anim.NWFrameType
	isInt, isBool  bool
	be             bool
}

// storedCurve is a curve with its storage: one allocation, or one slot
// of the decoder's chunk (decoder.storedCurve).
type storedCurve struct {
	anim.NWCurve
	keys storedKeys
}

// newStoredCurve builds a curve on its stored arrays (kept, not copied:
// the caller must not change them). It checks the arrays against the
// header (their kind, their sizes) and what anim.InitNWCurveKeys checks.
func newStoredCurve(h anim.NWCurveHeader, s nwStorage) (*anim.NWCurve, error) {
	sc := new(storedCurve)
	if err := sc.init(h, s); err != nil {
		return nil, err
	}
	return &sc.NWCurve, nil
}

// init builds the zero curve sc.
func (sc *storedCurve) init(h anim.NWCurveHeader, s nwStorage) error {
	switch {
	case h.Type.IsInt() && !s.Int && !s.Bool:
		return fmt.Errorf("%s curve: these stored arrays are for float curves", h.Type)
	case !h.Type.IsInt() && (s.Int || s.Bool), h.Type.IsBool() != s.Bool:
		return fmt.Errorf("%s curve: these stored arrays are for %s curves", h.Type, map[bool]string{true: "bool", false: "integer"}[s.Bool])
	}
	if s.KeySize != 1 && s.KeySize != 2 && s.KeySize != 4 {
		return fmt.Errorf("key element size %d is not 1, 2 or 4", s.KeySize)
	}
	if !finite(s.Mul) || !finite(s.Add) {
		return fmt.Errorf("scale %v or offset %v is not finite", s.Mul, s.Add)
	}
	n, elems := h.NumKeys, h.Type.KeyElems()
	want := n * elems * s.KeySize
	if s.Bool {
		want = 4 * ((n + 31) / 32)
	}
	if len(s.Keys) != want {
		return fmt.Errorf("%d key bytes for %d keys, want %d", len(s.Keys), n, want)
	}
	fsize := max(frameSize(h.FrameType), 1)
	nf := 0
	if len(s.Frames) != 0 || !h.Type.IsBaked() {
		if len(s.Frames) != n*fsize {
			return fmt.Errorf("%d frame bytes for %d keys, want %d", len(s.Frames), n, n*fsize)
		}
		nf = n
	}
	sc.keys = storedKeys{frames: s.Frames, keys: s.Keys, ft: h.FrameType, ksize: s.KeySize, elems: elems, nframes: nf, nvals: n * elems,
		isInt: s.Int, isBool: s.Bool, be: s.BigEndian, mul: s.Mul, add: s.Add}
	return anim.InitNWCurveKeys(&sc.NWCurve, h, &sc.keys)
}

func (r *storedKeys) NumFrames() int { return r.nframes }

// Frame is stored frame i, decoded as decodeCurveIn decodes it (s10.5 / 32).
func (r *storedKeys) Frame(i int) float64 {
	switch r.ft {
	case anim.NWFrameF32:
		return float64(math.Float32frombits(r.u32(r.frames[4*i:])))
	case anim.NWFrameFixed:
		return float64(int16(r.u16(r.frames[2*i:]))) / 32
	}
	return float64(r.frames[i])
}

// Disorder compares u8 and s10.5 frames (always finite) as the integers
// they are stored as.
func (r *storedKeys) Disorder() int {
	n := r.nframes
	switch r.ft {
	case anim.NWFrameU8:
		fr := r.frames[:n:n]
		for i := 1; i < n; i++ {
			if fr[i] < fr[i-1] {
				return i
			}
		}
		return -1
	case anim.NWFrameFixed:
		for i := 1; i < n; i++ {
			if int16(r.u16(r.frames[2*i:])) < int16(r.u16(r.frames[2*i-2:])) {
				return i
			}
		}
		return -1
	}
	prev := 0.0
	for i := 0; i < n; i++ {
		f := r.Frame(i)
		if f-f != 0 || i > 0 && f < prev {
			return i
		}
		prev = f
	}
	return -1
}

// Bound: quantized elements are at most 32768 in magnitude (s32 2^31, a
// bit 1), so when that bound scales to a finite value every value is
// finite; f32 elements can be anything.
func (r *storedKeys) Bound() float64 {
	k := 32768.0
	switch {
	case r.isBool:
		k = 1
	case r.ksize == 4 && r.isInt:
		k = 1 << 31
	case r.ksize == 4:
		return math.Inf(1)
	}
	return math.Abs(r.mul)*k + math.Abs(r.add)
}

func (r *storedKeys) u16(b []byte) uint16 {
	if r.be {
		return binary.BigEndian.Uint16(b)
	}
	return binary.LittleEndian.Uint16(b)
}

func (r *storedKeys) u32(b []byte) uint32 {
	if r.be {
		return binary.BigEndian.Uint32(b)
	}
	return binary.LittleEndian.Uint32(b)
}

// elem is stored key element i times mul (rounded to float64 before
// anything is added, as decodeCurveIn's arrays hold it).
func (r *storedKeys) elem(i int) float64 {
	var k float64
	switch {
	case r.isBool:
		k = float64(r.u32(r.keys[(i>>5)*4:]) >> (uint(i) & 31) & 1)
	case r.ksize == 1:
		k = float64(int8(r.keys[i]))
	case r.ksize == 2:
		k = float64(int16(r.u16(r.keys[2*i:])))
	case r.isInt:
		k = float64(int32(r.u32(r.keys[4*i:])))
	default:
		k = float64(math.Float32frombits(r.u32(r.keys[4*i:])))
	}
	return float64(k * r.mul)
}

// Value is value element i in display units.
func (r *storedKeys) Value(i int) float64 {
	if i%r.elems == 0 {
		return r.elem(i) + r.add
	}
	return r.elem(i)
}

// Search finds the segment in the stored frames. u8 frames (the common
// layout) are searched here as integers (q is a whole number after
// quantization); upper searches the others.
func (r *storedKeys) Search(q float64) (int, float64, float64) {
	n := r.nframes
	if r.ft != anim.NWFrameU8 {
		switch lo := r.upper(q); {
		case lo < 0:
			return lo, 0, 0
		case lo == n-1:
			return lo, r.Frame(lo), 0
		default:
			return lo, r.Frame(lo), r.Frame(lo + 1)
		}
	}
	fr := r.frames[:n:n]
	switch {
	case q < 0:
		return -1, 0, 0
	case q >= 255:
		return n - 1, float64(fr[n-1]), 0
	}
	lo, hi, qi := -1, n, uint8(q) // fr[lo] <= q < fr[hi], with virtual ends
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if fr[mid] <= qi {
			lo = mid
		} else {
			hi = mid
		}
	}
	switch {
	case lo < 0:
		return lo, 0, 0
	case lo == n-1:
		return lo, float64(fr[lo]), 0
	}
	return lo, float64(fr[lo]), float64(fr[lo+1])
}

// upper is the largest i with frame i <= q (-1 if none) for s10.5 and
// f32 frames: the frames do not descend.
func (r *storedKeys) upper(q float64) int {
	n := r.nframes
	lo, hi := -1, n // frame(lo) <= q < frame(hi), with virtual ends
	switch {
	case r.ft == anim.NWFrameFixed && !r.be:
		fr := r.frames[: 2*n : 2*n]
		for hi-lo > 1 {
			mid := int(uint(lo+hi) >> 1)
			if float64(int16(binary.LittleEndian.Uint16(fr[2*mid:])))/32 <= q {
				lo = mid
			} else {
				hi = mid
			}
		}
	case r.ft == anim.NWFrameFixed:
		fr := r.frames[: 2*n : 2*n]
		for hi-lo > 1 {
			mid := int(uint(lo+hi) >> 1)
			if float64(int16(binary.BigEndian.Uint16(fr[2*mid:])))/32 <= q {
				lo = mid
			} else {
				hi = mid
			}
		}
	default:
		for hi-lo > 1 {
			mid := int(uint(lo+hi) >> 1)
			if r.Frame(mid) <= q {
				lo = mid
			} else {
				hi = mid
			}
		}
	}
	return lo
}

// Cubic is cubic key i's four coefficients in display units.
func (r *storedKeys) Cubic(i int) (k0, k1, k2, k3 float64) {
	m := r.mul
	switch {
	case r.ksize == 2 && !r.be:
		k := r.keys[8*i : 8*i+8 : 8*i+8]
		k0 = float64(float64(int16(binary.LittleEndian.Uint16(k)))*m) + r.add
		k1 = float64(float64(int16(binary.LittleEndian.Uint16(k[2:]))) * m)
		k2 = float64(float64(int16(binary.LittleEndian.Uint16(k[4:]))) * m)
		k3 = float64(float64(int16(binary.LittleEndian.Uint16(k[6:]))) * m)
		return
	case r.ksize == 2:
		k := r.keys[8*i : 8*i+8 : 8*i+8]
		k0 = float64(float64(int16(binary.BigEndian.Uint16(k)))*m) + r.add
		k1 = float64(float64(int16(binary.BigEndian.Uint16(k[2:]))) * m)
		k2 = float64(float64(int16(binary.BigEndian.Uint16(k[4:]))) * m)
		k3 = float64(float64(int16(binary.BigEndian.Uint16(k[6:]))) * m)
		return
	case r.ksize == 1:
		k := r.keys[4*i : 4*i+4 : 4*i+4]
		k0 = float64(float64(int8(k[0]))*m) + r.add
		k1 = float64(float64(int8(k[1])) * m)
		k2 = float64(float64(int8(k[2])) * m)
		k3 = float64(float64(int8(k[3])) * m)
		return
	}
	return r.elem(4*i) + r.add, r.elem(4*i + 1), r.elem(4*i + 2), r.elem(4*i + 3)
}
