// Package nwcurvetest builds NintendoWare curves from decoded float64
// arrays, the route tests take to an expected curve that does not pass
// through formats/bfres's stored-array decoding. No program needs it:
// the decoder keeps a file's own arrays (anim.InitNWCurveKeys).
package nwcurvetest

import (
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
)

// Keys are frames and values as float64 arrays, an anim.NWKeys.
type Keys struct {
	// Frames are nil for a baked curve without a frame array.
	Frames, Vals []float64
}

func (k *Keys) NumFrames() int      { return len(k.Frames) }
func (k *Keys) Frame(i int) float64 { return k.Frames[i] }
func (k *Keys) Value(i int) float64 { return k.Vals[i] }

// Bound is +Inf: the curve's constructor then checks every value.
func (k *Keys) Bound() float64 { return math.Inf(1) }

func (k *Keys) Disorder() int {
	for i, f := range k.Frames {
		if f-f != 0 || i > 0 && f < k.Frames[i-1] {
			return i
		}
	}
	return -1
}

func (k *Keys) Cubic(i int) (k0, k1, k2, k3 float64) {
	v := k.Vals[i*4 : i*4+4 : i*4+4]
	return v[0], v[1], v[2], v[3]
}

func (k *Keys) Search(q float64) (int, float64, float64) {
	fr := k.Frames
	last := len(fr) - 1
	switch {
	case q >= fr[last]:
		return last, fr[last], 0
	case q < fr[0]:
		return -1, 0, 0
	}
	lo, hi := 0, last // fr[lo] <= q < fr[hi]
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

// New builds a curve from its header and decoded arrays: frames are the
// key frames as stored (s10.5 already divided by 32; nil for a baked
// curve without a frame array), vals KeyElems values per key in display
// units (for cubic and linear curves the power-basis coefficients of each
// segment). The curve keeps both slices. It rejects what
// anim.InitNWCurveKeys rejects, and arrays whose lengths do not match the
// header.
func New(h anim.NWCurveHeader, frames, vals []float64) (*anim.NWCurve, error) {
	if h.NumKeys > 0 && h.Type.Valid() {
		if want := h.NumKeys * h.Type.KeyElems(); len(vals) != want {
			return nil, fmt.Errorf("%d values for %d keys, want %d", len(vals), h.NumKeys, want)
		}
	}
	c := new(anim.NWCurve)
	if err := anim.InitNWCurveKeys(c, h, &Keys{Frames: frames, Vals: vals}); err != nil {
		return nil, err
	}
	return c, nil
}
