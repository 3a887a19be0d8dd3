package anim

import "math"

// An evaluation plan is the clip rearranged for Evaluate's inner loop:
// constants are folded into a base pose that one copy() restores, J3D
// Hermite curves are called directly (no interface dispatch) with their
// current segment cached in the Pose as ready cubic coefficients, and only
// the remaining curves go through the Curve interface. Sampling the
// 400-joint test clip touches half as many channels, reads one sequential
// 64-byte record per keyed channel instead of its keys, and almost never
// searches during playback, since consecutive frames stay in a segment.
type evalPlan struct {
	targets int
	base    []TargetPose
	herm    []hermiteChannel
	other   []curveChannel
	quats   []quatChannel
	full    []fullChannel // fullframe.go
}

type hermiteChannel struct {
	h      *Hermite
	target int32
	frac   int16 // the curve's RotationFrac, here so a cache hit never reads *h
	slot   Slot
}

type curveChannel struct {
	c      Curve
	target int32
	slot   Slot
}

type quatChannel struct {
	q      QuatCurve
	target int32
}

// Prepare builds the clip's evaluation plan. Call it once the clip is
// complete (formats.Open does, after Validate); changing Targets or their
// channels afterwards needs another Prepare. Evaluate works without a plan,
// only slower.
func (c *Clip) Prepare() {
	p := &evalPlan{targets: len(c.Targets), base: make([]TargetPose, len(c.Targets))}
	for i := range c.Targets {
		t := &c.Targets[i]
		b := &p.base[i]
		b.V = t.Base
		b.Quaternion = t.Quaternion
		b.Flags, b.HasFlags, b.FromRest = t.Flags, t.HasFlags, t.FromRest
		for _, ch := range t.Channels {
			if t.Quat != nil && ch.Slot.IsQuat() {
				continue
			}
			switch cv := ch.Curve.(type) {
			case Constant:
				b.V[ch.Slot] = float64(cv)
			case *Hermite:
				if len(cv.Keys) == 1 {
					b.V[ch.Slot] = cv.Eval(0)
					continue
				}
				p.herm = append(p.herm, hermiteChannel{cv, int32(i), int16(max(min(cv.RotationFrac, 64), -1)), ch.Slot})
			case *FullFrame:
				if len(cv.Values) == 0 {
					b.V[ch.Slot] = 0
					continue
				}
				p.full = append(p.full, newFullChannel(cv, i, ch.Slot))
			default:
				p.other = append(p.other, curveChannel{ch.Curve, int32(i), ch.Slot})
			}
		}
		if t.Quat != nil {
			p.quats = append(p.quats, quatChannel{t.Quat, int32(i)})
		}
	}
	c.plan = p
}

// evaluatePlanned is Evaluate with a plan; pose.Targets is already sized.
func evaluatePlanned(p *evalPlan, f float64, pose *Pose) {
	copy(pose.Targets, p.base)
	if pose.segsFor != p {
		// The cache belongs to another clip (or another Prepare of this
		// one): start empty.
		if cap(pose.segs) >= len(p.herm) {
			pose.segs = pose.segs[:len(p.herm)]
			for i := range pose.segs {
				pose.segs[i] = hermiteSegment{lo: math.NaN()}
			}
		} else {
			pose.segs = newSegments(len(p.herm))
		}
		pose.segsFor = p
	}
	segs := pose.segs[:len(p.herm)]
	targets := pose.Targets
	for i := range p.herm {
		hc := &p.herm[i]
		s := &segs[i]
		var v float64
		if s.lo <= f && f < s.hi { // false for NaN
			if s.l == 0 {
				v = s.p
			} else {
				t := (f - s.t0) / s.l
				v = ((s.a*t+s.b)*t+s.s0)*t + s.p
			}
		} else {
			v = hc.h.fillSegment(f, s)
		}
		if hc.frac >= 0 {
			v = J3DRotationDegrees(v, int(hc.frac))
		}
		targets[hc.target].V[hc.slot] = v
	}
	evaluateFull(p.full, f, targets)
	for i := range p.other {
		oc := &p.other[i]
		targets[oc.target].V[oc.slot] = oc.c.Eval(f)
	}
	for i := range p.quats {
		qc := &p.quats[i]
		q := qc.q.EvalQuat(f)
		v := &targets[qc.target].V
		v[QuatX], v[QuatY], v[QuatZ], v[QuatW] = q[0], q[1], q[2], q[3]
	}
}

// hermiteSegment caches the piece of a Hermite curve that covers the
// frames [lo, hi): either a constant (l == 0: before the first or after the
// last key) or one segment's cubic, with the coefficients hermite()
// computes, in the same operation order, so cached values are
// bit-identical to Eval's.
type hermiteSegment struct {
	lo, hi      float64
	t0, l       float64
	a, b, s0, p float64
}

// newSegments returns n empty segment caches (NaN bounds: the first call
// fills them).
func newSegments(n int) []hermiteSegment {
	s := make([]hermiteSegment, n)
	for i := range s {
		s[i].lo = math.NaN()
	}
	return s
}

// fillSegment evaluates the raw value at f and caches the piece of the
// curve that covers f. The pieces follow EvalRaw's cases exactly: frames at
// or before the first key take its value (so a first key sharing its time
// with the second still wins there), frames at or after the last key take
// the last value, and a segment [t_i, t_i+1) is the one segment() picks for
// every frame inside it.
func (h *Hermite) fillSegment(f float64, s *hermiteSegment) float64 {
	keys := h.Keys
	n := len(keys)
	switch {
	case n == 0 || f != f:
		*s = hermiteSegment{lo: math.NaN()}
		return h.EvalRaw(f)
	case f <= keys[0].Time || n == 1:
		hi := math.Nextafter(keys[0].Time, math.Inf(1))
		if n == 1 {
			hi = math.Inf(1)
		}
		*s = hermiteSegment{lo: math.Inf(-1), hi: hi, p: keys[0].Value}
		return s.p
	case f >= keys[n-1].Time:
		*s = hermiteSegment{lo: keys[n-1].Time, hi: math.Inf(1), p: keys[n-1].Value}
		return s.p
	}
	i := h.segment(f)
	k0, k1 := &keys[i], &keys[i+1]
	l := k1.Time - k0.Time
	s0 := k0.Out * l
	s1 := k1.In * l
	p0, p1 := k0.Value, k1.Value
	*s = hermiteSegment{
		lo: k0.Time, hi: k1.Time, t0: k0.Time, l: l,
		a: 2*p0 - 2*p1 + s0 + s1, b: -3*p0 + 3*p1 - 2*s0 - s1, s0: s0, p: p0,
	}
	t := (f - s.t0) / s.l
	return ((s.a*t+s.b)*t+s.s0)*t + s.p
}
