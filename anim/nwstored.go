package anim

import (
	"encoding/binary"
	"fmt"
	"math"
)

// NWStorage is a float curve's (cubic, linear, baked float) frame and key
// arrays as the file stores them, for NewNWCurveStored: a file's
// thousands of curves are then checked once and converted element by
// element when evaluated, instead of being expanded into float64 arrays
// up front.
type NWStorage struct {
	// Frames holds NumKeys frames of the header's FrameType (f32, s10.5
	// or u8); it is empty for a baked curve stored without frames.
	Frames []byte
	// Keys holds KeyElems elements per key of KeySize bytes: 4 (f32),
	// 2 (s16) or 1 (s8).
	Keys      []byte
	KeySize   int
	BigEndian bool
	// An element k is worth float64(k·Mul) in display units, plus Add for
	// the first element of each key (the constant term).
	Mul, Add float64
}

// nwRaw is a stored curve's arrays.
type nwRaw struct {
	frames, keys   []byte
	ksize, elems   int
	nframes, nvals int
	be             bool
	mul, add       float64
}

// NewNWCurveStored builds a float curve on its stored arrays (kept, not
// copied: the caller must not change them). It checks what NewNWCurve
// checks — every frame finite and not descending, the first key not
// after the start frame, every value finite after scaling — and
// evaluates to exactly the values NewNWCurve would give for the decoded
// arrays (each element converted, multiplied by Mul and rounded, then
// Add added).
func NewNWCurveStored(h NWCurveHeader, s NWStorage) (*NWCurve, error) {
	c := new(NWCurve)
	if err := InitNWCurveStored(c, h, s); err != nil {
		return nil, err
	}
	return c, nil
}

// InitNWCurveStored is NewNWCurveStored building the curve in *c, which
// must be a zero NWCurve that nothing uses yet (so that a file's curves
// can be allocated in bulk). On error *c stays unusable.
func InitNWCurveStored(c *NWCurve, h NWCurveHeader, s NWStorage) error {
	if c.raw != nil || c.vals != nil || c.h.NumKeys != 0 {
		return fmt.Errorf("InitNWCurveStored: curve already built")
	}
	if err := h.check(); err != nil {
		return err
	}
	if h.Type.IsInt() {
		return fmt.Errorf("%s curve: stored arrays are for float curves", h.Type)
	}
	if s.KeySize != 1 && s.KeySize != 2 && s.KeySize != 4 {
		return fmt.Errorf("key element size %d is not 1, 2 or 4", s.KeySize)
	}
	if !finite(s.Mul) || !finite(s.Add) {
		return fmt.Errorf("scale %v or offset %v is not finite", s.Mul, s.Add)
	}
	n, elems := h.NumKeys, h.Type.KeyElems()
	if len(s.Keys) != n*elems*s.KeySize {
		return fmt.Errorf("%d key bytes for %d keys, want %d", len(s.Keys), n, n*elems*s.KeySize)
	}
	fsize := 1
	switch h.FrameType {
	case NWFrameF32:
		fsize = 4
	case NWFrameFixed:
		fsize = 2
	}
	nf := 0
	if len(s.Frames) != 0 || !h.Type.IsBaked() {
		if len(s.Frames) != n*fsize {
			return fmt.Errorf("%d frame bytes for %d keys, want %d", len(s.Frames), n, n*fsize)
		}
		nf = n
	}
	c.h = h
	c.own = nwRaw{frames: s.Frames, keys: s.Keys, ksize: s.KeySize, elems: elems, nframes: nf, nvals: n * elems,
		be: s.BigEndian, mul: s.Mul, add: s.Add}
	r := &c.own
	c.raw = r
	prev := 0.0
	for i := 0; i < nf; i++ {
		f := r.frame(h.FrameType, i)
		if f-f != 0 {
			return fmt.Errorf("key %d: frame %v is not finite", i, f)
		}
		if i > 0 && f < prev {
			return fmt.Errorf("key %d: frame %v comes before the previous key's %v", i, f, prev)
		}
		prev = f
	}
	if nf > 0 && !h.Type.IsBaked() && r.frame(h.FrameType, 0) > h.Start {
		return fmt.Errorf("first key at frame %v is after the start frame %v", r.frame(h.FrameType, 0), h.Start)
	}
	// Quantized elements are at most 32768 in magnitude: when that bound
	// scales to a finite value, every value is finite.
	if s.KeySize == 4 || !finite(math.Abs(s.Mul)*32768+math.Abs(s.Add)) {
		for i := 0; i < r.nvals; i++ {
			if v := r.val(i); v-v != 0 {
				return fmt.Errorf("key %d: value %v is not finite", i/elems, v)
			}
		}
	}
	return nil
}

// frame is stored frame i, decoded as formats decode it (s10.5 / 32).
func (r *nwRaw) frame(t NWFrameType, i int) float64 {
	switch t {
	case NWFrameF32:
		return float64(math.Float32frombits(r.u32(r.frames[4*i:])))
	case NWFrameFixed:
		return float64(int16(r.u16(r.frames[2*i:]))) / 32
	}
	return float64(r.frames[i])
}

func (r *nwRaw) u16(b []byte) uint16 {
	if r.be {
		return binary.BigEndian.Uint16(b)
	}
	return binary.LittleEndian.Uint16(b)
}

func (r *nwRaw) u32(b []byte) uint32 {
	if r.be {
		return binary.BigEndian.Uint32(b)
	}
	return binary.LittleEndian.Uint32(b)
}

// elem is stored key element i times Mul.
func (r *nwRaw) elem(i int) float64 {
	var k float64
	switch r.ksize {
	case 1:
		k = float64(int8(r.keys[i]))
	case 2:
		k = float64(int16(r.u16(r.keys[2*i:])))
	default:
		k = float64(math.Float32frombits(r.u32(r.keys[4*i:])))
	}
	return float64(k * r.mul)
}

// val is value element i in display units.
func (r *nwRaw) val(i int) float64 {
	if i%r.elems == 0 {
		return r.elem(i) + r.add
	}
	return r.elem(i)
}

// segment is NWCurve.segment on the stored frames.
func (r *nwRaw) segment(c *NWCurve, f float64) (int, float64) {
	t := c.h.FrameType
	q := c.quantize(f)
	lo := r.upper(t, q)
	last := r.nframes - 1
	if lo < 0 {
		// Unreachable for validated curves (see NWCurve.segment).
		return 0, (f - r.frame(t, 0)) / c.span(0)
	}
	var a, b float64
	switch {
	case t == NWFrameU8:
		if lo == last {
			return lo, f - float64(r.frames[lo])
		}
		a, b = float64(r.frames[lo]), float64(r.frames[lo+1])
	default:
		if lo == last {
			return lo, f - r.frame(t, lo)
		}
		a, b = r.frame(t, lo), r.frame(t, lo+1)
	}
	return lo, (f - a) / (b - a)
}

// upper is the largest i with frame i <= q (-1 if none): the frames do
// not descend. The common layouts get their own loops, the rest reads
// through frame.
func (r *nwRaw) upper(t NWFrameType, q float64) int {
	n := r.nframes
	lo, hi := -1, n // frame(lo) <= q < frame(hi), with virtual ends
	switch {
	case t == NWFrameU8:
		// q is a whole number here (quantize): compare as integers.
		switch {
		case q < 0:
			return -1
		case q >= 255:
			return n - 1
		}
		qi := uint8(q)
		fr := r.frames[:n:n]
		for hi-lo > 1 {
			mid := int(uint(lo+hi) >> 1)
			if fr[mid] <= qi {
				lo = mid
			} else {
				hi = mid
			}
		}
	case t == NWFrameFixed && !r.be:
		fr := r.frames[: 2*n : 2*n]
		for hi-lo > 1 {
			mid := int(uint(lo+hi) >> 1)
			if float64(int16(binary.LittleEndian.Uint16(fr[2*mid:])))/32 <= q {
				lo = mid
			} else {
				hi = mid
			}
		}
	case t == NWFrameFixed:
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
			if r.frame(t, mid) <= q {
				lo = mid
			} else {
				hi = mid
			}
		}
	}
	return lo
}

// key4 is cubic key i's four coefficients in display units.
func (r *nwRaw) key4(i int) (k0, k1, k2, k3 float64) {
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

// evalInRange is NWCurve.evalInRange on the stored arrays.
func (r *nwRaw) evalInRange(c *NWCurve, f float64) float64 {
	switch c.h.Type {
	case NWCubic:
		i, t := r.segment(c, f)
		k0, k1, k2, k3 := r.key4(i)
		return ((k3*t+k2)*t+k1)*t + k0
	case NWLinear:
		i, t := r.segment(c, f)
		return r.elem(2*i) + r.add + r.elem(2*i+1)*t
	}
	// Baked float: key i stands for frame trunc(start)+i.
	s := math.Trunc(c.h.Start)
	fi := math.Trunc(f) - s
	last := float64(r.nvals - 1)
	i := int(math.Min(math.Max(fi, 0), last))
	if float64(i) >= last {
		return r.val(i)
	}
	t := f - (s + float64(i))
	return r.val(i)*(1-t) + r.val(i+1)*t
}
