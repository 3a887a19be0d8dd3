package writeback

import (
	"math"
)

// hkey is one fitted J3D Hermite key in the units the file stores (raw
// s16 rotation units at the chosen fraction for rotations).
type hkey struct {
	t, v, in, out float64
}

// quantizer says how the file stores and the game plays a Hermite track:
// rotations are s16 times, values and tangents whose spline is truncated
// and shifted by frac (anim.J3DRotationRaw); scale and translation are
// float32 throughout.
type quantizer struct {
	rotation bool
	frac     int
	// band measures a rotation against the one-step band of the ideal
	// curve instead of its rounded staircase (diff, target): for a track
	// whose ideal is the curve before the game's truncation, allowed
	// within one step of it (a BTK's texture rotation).
	band bool
}

// store rounds a value, time or tangent as the file keeps it.
func (q quantizer) store(x float64) float64 {
	if q.rotation {
		return math.Max(math.MinInt16, math.Min(math.MaxInt16, math.Round(x)))
	}
	return float64(float32(x))
}

// diff is how far a spline value h is from playing the ideal sample: for
// float tracks the difference; for rotations the distance from h to the
// values the game truncates to the rounded ideal (for r > 0 that is
// [r, r+1), for r < 0 (r-1, r], for 0 (-1, 1)), on the circle (the game
// wraps at 16 bits), in stored units. 0 means the game plays the ideal
// rounded to its step. With band, the distance from h to the band whose
// values play within one step of the ideal itself (bandDiff).
func (q quantizer) diff(h, ideal float64) float64 {
	if !q.rotation {
		return math.Abs(h - ideal)
	}
	period := math.Ldexp(65536, -q.frac)
	if q.band {
		return bandDiff(ideal+math.Remainder(h-ideal, period), ideal)
	}
	r := math.Round(ideal)
	h = r + math.Remainder(h-r, period)
	lo, hi := r, r+1
	switch {
	case r < 0:
		lo, hi = r-1, r
	case r == 0:
		lo, hi = -1, 1
	}
	switch {
	case h <= lo && r <= 0:
		return lo - h
	case h < lo:
		return lo - h
	case h >= hi && r >= 0:
		return h - hi
	case h > hi:
		return h - hi
	}
	return 0
}

// target is the spline value the least-squares fit aims at: the middle
// of the values the game truncates to the rounded ideal.
func (q quantizer) target(ideal float64) float64 {
	if !q.rotation {
		return ideal
	}
	if q.band {
		// The middle of the band (y+½ away from zero) past a step
		// from zero, continuous through zero (1.5y within it).
		return ideal + 0.5*math.Max(-1, math.Min(1, ideal))
	}
	r := math.Round(ideal)
	switch {
	case r > 0:
		return r + 0.5
	case r < 0:
		return r - 0.5
	}
	return 0
}

// bandDiff is how far a spline value h (in stored units, the period
// taken off) lies outside the band of values the game truncates to
// within one step of the ideal y: the game's angle is then within 1 +
// bandDiff steps of y. Truncation goes toward zero, so for y > 1 every h
// in [y, y+1] truncates to within a step of y whatever y's fraction, for
// y < -1 every h in [y-1, y], and within a step of zero every h in
// [y-1, y+1] (what lies between -1 and 1 truncates to 0). The measure is
// continuous in h: a spline a little outside the band between the
// samples it was held to plays only a little farther off, not a whole
// step (as the staircase's edges would).
func bandDiff(h, y float64) float64 {
	lo, hi := y-1, y+1
	switch {
	case y > 1:
		lo = y
	case y < -1:
		hi = y
	}
	switch {
	case h < lo:
		return lo - h
	case h > hi:
		return h - hi
	}
	return 0
}

// held is diff for a stored value v the game holds (a constant): it
// plays v itself, so a band's one step is measured from v exactly.
func (q quantizer) held(v, y float64) float64 {
	if !q.band {
		return q.diff(v, y)
	}
	return math.Max(0, math.Abs(math.Remainder(v-y, math.Ldexp(65536, -q.frac)))-1)
}

// value is the stored value a key at ideal y takes: the rounded ideal,
// or for a band the whole unit nearest the band's middle (in the band).
func (q quantizer) value(y float64) float64 {
	if q.band {
		return q.store(q.target(y))
	}
	return q.store(y)
}

// fitHermite returns keys whose J3D Hermite, as the game plays it (q),
// stays within tol of ys at every frame of frames (sampleFrames),
// with few keys: from each key the next goes to the farthest whole frame
// the segment still fits (found by doubling, then bisecting), each
// segment's out- and in-tangent being the least-squares fit of its
// samples (the file's 4-value keys keep them apart). One key means a
// constant. tol is in the units diff measures.
func fitHermite(frames, ys []float64, tol float64, q quantizer) []hkey {
	n := len(ys)
	lo, hi := ys[0], ys[0]
	for _, y := range ys {
		lo, hi = math.Min(lo, y), math.Max(hi, y)
	}
	c := hkey{t: frames[0], v: q.store((lo + hi) / 2)}
	ok := true
	for _, y := range ys {
		if q.held(c.v, y) > tol {
			ok = false
			break
		}
	}
	if ok {
		return []hkey{c}
	}
	f := &fitter{frames: frames, ys: ys, whole: wholeFrames(frames), tol: tol, q: q}
	if len(f.whole) > 0 {
		f.first = int(frames[f.whole[0]])
	}
	keys := []hkey{f.key(0)}
	for a := 0; a < n-1; {
		b, k0, k1 := f.farthest(a, n-1, keys[len(keys)-1])
		keys[len(keys)-1].out = k0.out
		keys = append(keys, k1)
		a = b
	}
	last := &keys[len(keys)-1]
	last.out = last.in
	return keys
}

type fitter struct {
	frames, ys []float64
	whole      []int // the sample index of each whole frame
	first      int   // the frame of whole[0] (samples may start past 0: fitPieces)
	tol        float64
	q          quantizer
}

// key is a key at sample i with the sample's value (its tangents are set
// by the segments either side).
func (f *fitter) key(i int) hkey {
	return hkey{t: f.q.store(f.frames[i]), v: f.q.value(f.ys[i])}
}

// try fits the segment from sample a (key k0) to sample b.
func (f *fitter) try(a, b int, k0 hkey) (bool, hkey, hkey) {
	k1 := f.key(b)
	k0.out, k1.in = f.tangents(a, b, k0, k1)
	return f.fits(a, b, k0, k1), k0, k1
}

// farthest finds the last sample b after a (a whole frame, or the end)
// that the segment from a still fits, and the segment's keys. When not
// even one frame fits, a float track tries the samples in between; a
// rotation (whole-frame keys only) takes the one frame.
func (f *fitter) farthest(a, end int, k0 hkey) (int, hkey, hkey) {
	last := len(f.whole) - 1
	if last < 0 {
		// No whole frame among the samples (a piece within a frame).
		return f.farthestSample(a, end, k0)
	}
	base := int(math.Floor(f.frames[a]+1e-9)) - f.first // a's whole frame (or the one before), from the first
	at := func(frames int) int { return f.whole[min(base+frames, last)] }
	b := at(1)
	if b <= a {
		// Past the last whole frame (a piece ending at a jump between
		// frames): the samples up to the end.
		if ok, s0, s1 := f.try(a, end, k0); ok {
			return end, s0, s1
		}
		return f.farthestSample(a, end, k0)
	}
	ok, s0, s1 := f.try(a, b, k0)
	if !ok {
		if !f.q.rotation && b-a > 1 {
			return f.farthestSample(a, b, k0)
		}
		return b, s0, s1
	}
	// Double the length while it fits, then bisect between the last fit
	// and the first miss (in whole frames).
	good, bad := 1, -1
	for l := 2; base+good < last; l *= 2 {
		okc, t0, t1 := f.try(a, at(l), k0)
		if !okc {
			bad = l
			break
		}
		good, s0, s1 = l, t0, t1
	}
	for bad > 0 && bad-good > 1 {
		mid := (good + bad) / 2
		if okm, t0, t1 := f.try(a, at(mid), k0); okm {
			good, s0, s1 = mid, t0, t1
		} else {
			bad = mid
		}
	}
	return at(good), s0, s1
}

// farthestSample is farthest between a and the next whole frame b, by
// samples: the next sample, or the farthest one the segment fits (by
// doubling, then bisecting), so that a frame holding thousands of glTF
// keys costs a few fits per key it needs, not one per sample.
func (f *fitter) farthestSample(a, b int, k0 hkey) (int, hkey, hkey) {
	good := a + 1
	_, s0, s1 := f.try(a, good, k0)
	bad := b
	for l := 2; a+l < b; l *= 2 {
		ok, t0, t1 := f.try(a, a+l, k0)
		if !ok {
			bad = a + l
			break
		}
		good, s0, s1 = a+l, t0, t1
	}
	for bad-good > 1 {
		mid := (good + bad) / 2
		if ok, t0, t1 := f.try(a, mid, k0); ok {
			good, s0, s1 = mid, t0, t1
		} else {
			bad = mid
		}
	}
	return good, s0, s1
}

// tangents fits a segment's two tangents (per frame) by least squares
// over its interior samples, rounded as the file stores them.
func (f *fitter) tangents(a, b int, k0, k1 hkey) (float64, float64) {
	l := k1.t - k0.t
	var s00, s01, s11, r0, r1 float64
	var frames, ys []float64
	if b > a+1 {
		frames, ys = f.frames[a+1:b], f.ys[a+1:b]
	}
	for i, fr := range frames {
		t := (fr - k0.t) / l
		t2, t3 := t*t, t*t*t
		h00, h10, h01, h11 := 2*t3-3*t2+1, t3-2*t2+t, -2*t3+3*t2, t3-t2
		g0, g1 := h10*l, h11*l
		y := ys[i]
		if f.q.rotation { // (target is the value itself for floats)
			y = f.q.target(y)
		}
		r := y - h00*k0.v - h01*k1.v
		s00 += g0 * g0
		s01 += g0 * g1
		s11 += g1 * g1
		r0 += g0 * r
		r1 += g1 * r
	}
	det := s00*s11 - s01*s01
	if b-a < 3 || det <= 1e-12*(s00*s11+1e-300) {
		// Too few samples inside: the slopes of the samples at the keys.
		return f.q.store(f.slope(a, b)), f.q.store(f.slope(b, a))
	}
	return f.q.store((r0*s11 - r1*s01) / det), f.q.store((r1*s00 - r0*s01) / det)
}

// slope estimates the derivative at sample i from the samples beside it
// on the side of other (a one-sided difference: i may sit on a kink).
func (f *fitter) slope(i, other int) float64 {
	j := i + 1
	if other < i {
		j = i - 1
	}
	return (f.q.target(f.ys[j]) - f.q.target(f.ys[i])) / (f.frames[j] - f.frames[i])
}

// fits reports whether every sample of the segment is within tol,
// stopping at the first miss: most of the lengths farthest tries do not
// fit. (A NaN miss is no miss, as for the largest-miss comparison.)
func (f *fitter) fits(a, b int, k0, k1 hkey) bool {
	if f.q.rotation || k1.t-k0.t <= 0 {
		for i := a; i <= b; i++ {
			if f.q.diff(hermiteAt(k0, k1, f.frames[i]), f.ys[i]) > f.tol {
				return false
			}
		}
		return true
	}
	// A float track: hermiteAt and diff written out, the segment's
	// coefficients once (the same operations, so the same values).
	l := k1.t - k0.t
	s0, s1 := k0.out*l, k1.in*l
	ca := 2*k0.v - 2*k1.v + s0 + s1
	cb := -3*k0.v + 3*k1.v - 2*s0 - s1
	ys := f.ys[a : b+1]
	for i, fr := range f.frames[a : b+1] {
		t := (fr - k0.t) / l
		if math.Abs(((ca*t+cb)*t+s0)*t+k0.v-ys[i]) > f.tol {
			return false
		}
	}
	return true
}

// hermiteAt is anim.Hermite's segment formula.
func hermiteAt(k0, k1 hkey, f float64) float64 {
	l := k1.t - k0.t
	if l <= 0 {
		return k1.v
	}
	t := (f - k0.t) / l
	s0, s1 := k0.out*l, k1.in*l
	a := 2*k0.v - 2*k1.v + s0 + s1
	b := -3*k0.v + 3*k1.v - 2*s0 - s1
	return ((a*t+b)*t+s0)*t + k0.v
}

// sharedTangents reports whether the keys still fit with one tangent per
// key (the mean of in and out), the file's 3-value form, and if so sets
// it.
func sharedTangents(frames, ys []float64, keys []hkey, tol float64, q quantizer) bool {
	if len(keys) < 2 {
		return false
	}
	trial := make([]hkey, len(keys))
	for i, k := range keys {
		s := k.out
		switch {
		case i == len(keys)-1:
			s = k.in
		case i > 0:
			s = q.store((k.in + k.out) / 2)
		}
		trial[i] = hkey{t: k.t, v: k.v, in: s, out: s}
	}
	seg := 0
	for i, fr := range frames {
		for seg < len(trial)-2 && trial[seg+1].t <= fr {
			seg++
		}
		h := hermiteAt(trial[seg], trial[seg+1], fr)
		if fr <= trial[0].t {
			h = trial[0].v
		} else if fr >= trial[len(trial)-1].t {
			h = trial[len(trial)-1].v
		}
		if q.diff(h, ys[i]) > tol {
			return false
		}
	}
	copy(keys, trial)
	return true
}

// wholeFrames is the sample index of each whole frame 0, 1, ... up to the
// last (sampleFrames holds every whole frame).
func wholeFrames(frames []float64) []int {
	var w []int
	for i, f := range frames {
		if f == math.Trunc(f) {
			w = append(w, i)
		}
	}
	return w
}
