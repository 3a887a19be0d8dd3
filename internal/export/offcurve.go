// Keys off the curve: a LINEAR key need not lie on the game's curve. A
// chord under a curve bending one way misses most in its middle and not
// at all at its ends; moved towards the bend by half that miss it misses
// by half as much, at the ends and in the middle, in opposite
// directions. The same tolerance then holds over spans about √2 longer.

package export

import "math"

// offCurveMin is the fewest keys on the curve, and offCurveDensity the
// fewest per frame, for which keys off it are tried: moving keys costs
// about as much as choosing them again, and pays where a channel's bend
// takes many keys (sparser channels keep the cheaper keys); offCurveTries
// bounds the rounds of moving keys and adding keys where a
// span still misses; offCurveReach is how far the chords may miss before
// the keys move, as a share of twice the tolerance (the most moving can
// halve), leaving room where the bend is not the same on both sides of a
// key.
const (
	offCurveMin     = 8
	offCurveDensity = 4
	offCurveTries   = 4
	offCurveReach   = 0.85
)

// offCurve keys LINEAR channel (j, p) of the reduce-prepared dense
// samples with values moved off the curve: keys chosen as keepInterp
// would for offCurveReach·2·lim, each moved by the mean of half the
// largest miss of the chords on either side of it; where a span then
// still misses a dense sample by more than lim (measured as keepInterp
// measures: for rotations the worse of slerp and the normalised lerp),
// the worst sample there becomes a key too, and the keys move again (a
// quantized rotation's keys are rounded after each move). It
// returns the kept samples and their values (comp per key; both valid
// until the next call), or ok false when the tries ran out.
func (d *reducer) offCurve(dense []poseAt, j, p int, lim float64) (keep []int, vals []float64, ok bool) {
	comp := 3
	if p == pathR {
		comp = 4
	}
	o := &d.off
	// The keys to move are chosen from the samples as they are: the
	// keys are rounded once moved (where quantized), and checked so.
	quant := d.rq.on
	d.rq.on = false
	keep = append(o.keep[:0], d.keepInterp(dense, j, p, 2*offCurveReach*lim)...)
	d.rq.on = quant
	defer func() { o.keep = keep[:0] }()
	vals = o.vals[:0]
	defer func() { o.vals = vals[:0] }()
	if len(keep) < 3 {
		return nil, nil, false
	}
	spanLim := func(s, e int) float64 {
		if d.grow == nil {
			return lim
		}
		return lim * d.grow.at(j, p, dense[s].f, dense[e].f)
	}
	for try := 0; try < offCurveTries; try++ {
		// Each span's largest miss of its chord through the samples on
		// the curve, as a vector.
		miss := o.miss[:0]
		for range len(keep) - 1 {
			miss = append(miss, [4]float64{})
		}
		o.miss = miss
		for k := 0; k+1 < len(keep); k++ {
			a, b := pathVec(&dense[keep[k]].v[j], p), pathVec(&dense[keep[k+1]].v[j], p)
			best := -1.0
			for i := keep[k] + 1; i < keep[k+1]; i++ {
				u := (dense[i].f - dense[keep[k]].f) / (dense[keep[k+1]].f - dense[keep[k]].f)
				// The plain lerp: a rotation's chord is off the unit
				// sphere by about its angle²/8 more, along the key,
				// which normalising the moved key takes out again.
				var c [4]float64
				for x := 0; x < comp; x++ {
					c[x] = a[x] + (b[x]-a[x])*u
				}
				q := pathVec(&dense[i].v[j], p)
				var e [4]float64
				n := 0.0
				for x := 0; x < comp; x++ {
					e[x] = q[x] - c[x]
					n += e[x] * e[x]
				}
				if n > best {
					best, miss[k] = n, e
				}
			}
		}
		vals = vals[:0]
		for k := range keep {
			v := pathVec(&dense[keep[k]].v[j], p)
			var shift [4]float64
			sides := 0.0
			if k > 0 {
				sides++
				for x := range shift {
					shift[x] += miss[k-1][x]
				}
			}
			if k+1 < len(keep) {
				sides++
				for x := range shift {
					shift[x] += miss[k][x]
				}
			}
			for x := 0; x < comp; x++ {
				v[x] += shift[x] / (2 * sides)
			}
			if p == pathR {
				l := math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2] + v[3]*v[3])
				for x := range v {
					v[x] /= l
				}
				if d.rq.on {
					// The spans are checked with the keys as stored.
					v = quantizeQuat(v)
				}
			}
			vals = append(vals, v[:comp]...)
		}
		// The spans that still miss get their worst sample as a key.
		add := o.add[:0]
		for k := 0; k+1 < len(keep); k++ {
			if w := d.offCurveWorst(dense, j, p, keep[k], keep[k+1], vals[k*comp:(k+1)*comp], vals[(k+1)*comp:(k+2)*comp], spanLim(keep[k], keep[k+1])); w >= 0 {
				add = append(add, w)
			}
		}
		o.add = add
		if len(add) == 0 {
			return keep, vals, true
		}
		o.merged = mergeSorted(o.merged[:0], keep, add)
		keep, o.merged = o.merged, keep
	}
	return nil, nil, false
}

// offCurveWorst returns the dense sample of span s..e (ends included)
// that keys a and b miss most, if they miss one by more than lim, else -1.
func (d *reducer) offCurveWorst(dense []poseAt, j, p, s, e int, a, b []float64, lim float64) int {
	var ka, kb trs
	setPath(p, &ka, a)
	setPath(p, &kb, b)
	var arc slerpArc
	if p == pathR && !arc.init(ka.R, kb.R) {
		return (s + e) / 2
	}
	span := dense[e].f - dense[s].f
	// Most spans hold: a cheap test first (slerpArc.within), the worst
	// sample only for a span that fails it.
	fails := false
	for i := s; i <= e && !fails; i++ {
		u := (dense[i].f - dense[s].f) / span
		if p == pathR {
			fails = !arc.within(u, dense[i].v[j].R, lim)
		} else {
			var c trs
			lerpPath(p, &ka, &kb, u, &c)
			fails = pathErr(p, &c, &dense[i].v[j]) > lim
		}
	}
	if !fails {
		return -1
	}
	worst, at := lim, -1
	for i := s; i <= e; i++ {
		u := (dense[i].f - dense[s].f) / span
		var err float64
		if p == pathR {
			err = arc.err(u, dense[i].v[j].R)
		} else {
			var c trs
			lerpPath(p, &ka, &kb, u, &c)
			err = pathErr(p, &c, &dense[i].v[j])
		}
		if err > worst {
			worst, at = err, i
		}
	}
	if at < 0 {
		at = (s + e) / 2 // within's margin: split the middle
	}
	if at == s || at == e {
		// A key's own sample: the span's middle sample splits it.
		if e-s < 2 {
			return -1 // no sample to add; the ends are keys already
		}
		at = (s + e) / 2
	}
	return at
}

// pathVec is path p of t as up to four numbers.
func pathVec(t *trs, p int) [4]float64 {
	switch p {
	case pathT:
		return [4]float64{t.T[0], t.T[1], t.T[2]}
	case pathS:
		return [4]float64{t.S[0], t.S[1], t.S[2]}
	}
	return t.R
}

// offBufs are offCurve's buffers, reused from channel to channel.
type offBufs struct {
	keep, add, merged []int
	on                []int // the caller's keys on the curve
	miss              [][4]float64
	vals              []float64
}

// mergeSorted appends to out the merge of two ascending lists of
// distinct sample indices.
func mergeSorted(out, a, b []int) []int {
	i, k := 0, 0
	for i < len(a) || k < len(b) {
		switch {
		case k >= len(b) || (i < len(a) && a[i] < b[k]):
			out = append(out, a[i])
			i++
		case i >= len(a) || b[k] < a[i]:
			out = append(out, b[k])
			k++
		default:
			out = append(out, a[i])
			i++
			k++
		}
	}
	return out
}
