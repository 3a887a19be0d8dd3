package bfres

import (
	"math"
	"sort"

	"github.com/animscope/animscope/anim"
)

// The tolerance check of EncodeCurve: a candidate, decoded as the reader
// decodes it, against the spec evaluated exactly.

// refCurve evaluates a spec exactly (float64, its own frames) by the G3d
// segment rule: the key whose frame is the last at or before f, t over
// the segment, 1 frame wide past the last key; baked float keys
// interpolated linearly between frames.
type refCurve struct {
	spec *CurveSpec
}

func (s *CurveSpec) reference() refCurve { return refCurve{s} }

func (r refCurve) eval(f float64) float64 {
	s := r.spec
	if s.Type.IsBaked() {
		st := math.Trunc(s.Start)
		last := len(s.Values) - 1
		i := int(math.Min(math.Max(math.Trunc(f)-st, 0), float64(last)))
		if s.Type != anim.NWBakedFloat || i >= last {
			return s.Values[i][0]
		}
		t := f - (st + float64(i))
		return s.Values[i][0]*(1-t) + s.Values[i+1][0]*t
	}
	i := max(sort.SearchFloat64s(s.Frames, math.Nextafter(f, math.Inf(1)))-1, 0)
	span := 1.0
	if i+1 < len(s.Frames) {
		span = s.Frames[i+1] - s.Frames[i]
	}
	t := (f - s.Frames[i]) / span
	k := s.Values[i]
	switch s.Type {
	case anim.NWCubic:
		return ((k[3]*t+k[2])*t+k[1])*t + k[0]
	case anim.NWLinear:
		return k[0] + k[1]*t
	}
	return k[0]
}

// evalSteps is how many points per frame (and per segment) the
// tolerance is checked at.
const evalSteps = 8

// maxFrameSteps bounds the frames maxError visits one by one.
const maxFrameSteps = 1 << 16

// fits reports whether the stored curve (as the game evaluates it)
// stays within tol of the spec over [Start, End]: at every key frame and
// segment end, and at evalSteps points per frame and per segment. It
// stops at the first miss (a NaN is one): EncodeCurve tries the small
// key types first, and most of those miss early.
func (c *Curve) fits(spec CurveSpec, ref refCurve, tol float64) bool {
	ok := true
	at := func(f float64) {
		if !ok || f < spec.Start || f > spec.End {
			return
		}
		ok = math.Abs(c.Decoded.Eval(f)-ref.eval(f)) <= tol
	}
	// Every frame of the range, or (a range far longer than its keys)
	// maxFrameSteps evenly spread points: the segments are checked
	// below either way.
	step := math.Max(1, (spec.End-spec.Start)/maxFrameSteps)
	for f := math.Floor(spec.Start); ok && f <= spec.End; f += step {
		for k := 0; k < evalSteps; k++ {
			at(f + step*float64(k)/evalSteps)
		}
	}
	at(spec.End)
	for i, f := range spec.Frames {
		if !ok {
			break
		}
		next := spec.End
		if i+1 < len(spec.Frames) {
			next = spec.Frames[i+1]
		}
		for k := 0; k < evalSteps; k++ {
			at(f + (next-f)*float64(k)/evalSteps)
		}
		at(math.Nextafter(next, math.Inf(-1)))
	}
	return ok
}
