package anim

// NWKeys is where an NWCurve's key frames and values live. A decoder
// with thousands of curves keeps the file's own arrays and converts an
// element when it is read (formats/bfres does), handing that storage to
// InitNWCurveKeys. Evaluation asks the storage for whole segments and
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
