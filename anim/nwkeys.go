package anim

import "math"

// NWKeys is where an NWCurve's key frames and values live. NewNWCurve
// keeps them in float64 arrays (decodedKeys); a decoder with thousands of
// curves can instead keep the file's own arrays and convert an element
// when it is read (formats/bfres does), handing that storage to
// NewNWCurveKeys. Evaluation asks the storage for whole segments and
// keys, not single elements, so that a storage can search its own
// representation without a call per comparison.
//
// Values are in display units: KeyElems per key, for cubic and linear
// curves the power-basis coefficients of each segment. Frames are key
// frames as stored, decoded (s10.5 divided by 32).
type NWKeys interface {
	// NumFrames is the number of stored frames: the curve's NumKeys, or 0
	// for a baked curve stored without frames.
	NumFrames() int
	// Frame is stored frame i.
	Frame(i int) float64
	// Disorder is the first i whose frame is not finite or comes before
	// frame i-1, or -1 when there is none: the check every curve's
	// frames must pass, made in the storage's own representation (a
	// file's thousands of curves are checked when it opens).
	Disorder() int
	// Search returns the largest i with Frame(i) <= q (-1 when there is
	// none; the frames do not descend), with Frame(i) and, when i is not
	// the last frame, Frame(i+1). q lies in the stored frame domain (see
	// NWCurve.quantize).
	Search(q float64) (i int, at, next float64)
	// Value is value element i.
	Value(i int) float64
	// Cubic is cubic key i's coefficients, Value(4i) to Value(4i+3).
	Cubic(i int) (k0, k1, k2, k3 float64)
	// Bound is a finite upper bound of |Value(i)| over every i, or +Inf
	// when there is none short of reading every value (the curve's
	// constructor then checks each value is finite).
	Bound() float64
}

// decodedKeys are frames and values as float64 arrays (NewNWCurve).
type decodedKeys struct {
	// frames are nil for a baked curve without a frame array.
	frames, vals []float64
}

func (k *decodedKeys) NumFrames() int      { return len(k.frames) }
func (k *decodedKeys) Frame(i int) float64 { return k.frames[i] }
func (k *decodedKeys) Value(i int) float64 { return k.vals[i] }
func (k *decodedKeys) Bound() float64      { return math.Inf(1) }

func (k *decodedKeys) Disorder() int {
	for i, f := range k.frames {
		if f-f != 0 || i > 0 && f < k.frames[i-1] {
			return i
		}
	}
	return -1
}

func (k *decodedKeys) Cubic(i int) (k0, k1, k2, k3 float64) {
	v := k.vals[i*4 : i*4+4 : i*4+4]
	return v[0], v[1], v[2], v[3]
}

func (k *decodedKeys) Search(q float64) (int, float64, float64) {
	fr := k.frames
	last := len(fr) - 1
	switch {
	case q >= fr[last]:
		return last, fr[last], 0
	case q < fr[0]:
		return -1, 0, 0
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
	return lo, fr[lo], fr[lo+1]
}
