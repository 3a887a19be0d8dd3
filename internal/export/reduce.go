// The key reduction stage: which of the dense samples each joint
// channel keeps as keys (reducer). It is a seam of its own: the
// sampling before it and the glTF writing after it do not depend on how
// it chooses.

package export

// constantChannels are the one-key channels of a joint that holds still
// away from its rest transform.
func constantChannels(j int, v, rest trs, tol [numPaths]float64) []nodeChannel {
	var out []nodeChannel
	dense := []poseAt{{v: []trs{v}}}
	for p := 0; p < numPaths; p++ {
		if pathErr(p, &v, &rest) > tol[p]/2 {
			ch := channelOf(dense, []int{0}, 0, p, interpLinear, nil)
			if p == pathR {
				// As SHORTs where rounding moves it no further than
				// leaving it at rest would.
				if quantErrMax <= tol[p]/2 {
					dec := quantizeQuat(v.R)
					copy(ch.values, dec[:])
					ch.quant = true
				}
			}
			ch.node = j
			out = append(out, ch)
		}
	}
	return out
}

// reducer is the key reduction stage: from the dense samples the
// refiner took (in), it chooses the keys each channel writes (out,
// nodeChannel). The refiner left every dense interval within its split
// tolerance of the game (keying.splitTol); the reducer may drop samples
// as long as each channel's interpolation between the keys it keeps
// reproduces every dropped sample within the rest of its tolerance
// (keepInterp, keepSteps). A channel that never leaves its rest value
// gets no keys, one that holds still away from it one key. Another
// reduction (one that fits the curves' shape) replaces this type and
// keeps that contract.
type reducer struct {
	keying
	keys *slabs[float64] // storage for the channels (nil: their own)
	keep []int           // keepInterp's, reused
	off  offBufs         // offCurve's
	rq   rotQuant        // the rotation channel's decoded keys
	rots [][4]float64    // keepInterp's, reused
	// offCurveOK lets LINEAR channels with many keys per frame have keys
	// off the curve (offcurve.go), where fewer: set where the keys are
	// also measured (baker.loosen), whose re-keying alone pays for it.
	offCurveOK bool
}

// reduce turns the dense samples into the channels that differ from
// rest; node maps the refiner's slot to the skeleton joint. It makes
// the rotations of neighbouring samples agree in sign (in place).
func (d *reducer) reduce(dense []poseAt, rest []trs, node func(int) int) []nodeChannel {
	for j := range rest {
		fillNonFinite(dense, j, &rest[j])
	}
	fixQuatSigns(dense)
	var out []nodeChannel
	for j := range d.tol {
		out = d.reduceNode(dense, j, &rest[j], node(j), out)
	}
	return out
}

// reduceNode appends to out the channels of slot j of dense samples
// that reduce has prepared (finite, signs agreeing), for skeleton joint
// node.
func (d *reducer) reduceNode(dense []poseAt, j int, rest *trs, node int, out []nodeChannel) []nodeChannel {
	for p := 0; p < numPaths; p++ {
		d.rq.on = false
		if p == pathR {
			d.prepareQuant(dense, j)
		}
		ch, ok := d.keyChannel(dense, j, p, rest)
		if ok && ch.quant && ch.mode == interpLinear && !hemispheres(ch.values) {
			// Decoded, two keys fell into opposite hemispheres: floats.
			d.rq.on = false
			ch, ok = d.keyChannel(dense, j, p, rest)
		}
		if !ok {
			continue
		}
		ch.node = node
		out = append(out, ch)
	}
	return out
}

// prepareQuant decides whether node j's rotation channel is written as
// normalised SHORTs (rotQuant): a LINEAR one where its tolerance for
// dropping samples is at least quantMin times the rounding's largest
// error, a STEP or held one where it covers that error.
func (d *reducer) prepareQuant(dense []poseAt, j int) {
	lim, need := d.tol[j][pathR]/2, 1.0
	switch {
	case !d.active[j][pathR]:
	case d.mode[j][pathR] == interpCubic:
		return
	case d.mode[j][pathR] == interpLinear:
		lim, need = d.linearKeepTol(j, pathR), quantMin
	}
	d.rq.prepare(dense, j, lim, need)
}

// keyChannel keys path p of slot j (ok false: it needs no keys).
func (d *reducer) keyChannel(dense []poseAt, j, p int, rest *trs) (ch nodeChannel, ok bool) {
	lim := d.tol[j][p] / 2
	switch {
	case !d.active[j][p]:
		// Constant over the clip: one key where it differs from
		// the rest pose.
		if pathErr(p, &dense[0].v[j], rest) <= lim {
			return ch, false
		}
		ch = d.channelOf(dense, []int{0}, j, p, interpLinear)
	case isStatic(dense, j, p, rest, lim):
		return ch, false
	case d.mode[j][p] == interpStep:
		ch = d.channelOf(dense, d.keepSteps(dense, j, p, lim), j, p, interpStep)
	case d.mode[j][p] == interpLinear:
		// Keys off the curve where they are fewer than on it.
		lim := d.linearKeepTol(j, p)
		on := d.keepInterp(dense, j, p, lim)
		if dur := dense[len(dense)-1].f - dense[0].f; d.offCurveOK && len(on) >= offCurveMin && float64(len(on)) > offCurveDensity*dur {
			d.off.on = append(d.off.on[:0], on...)
			if keep, vals, ok := d.offCurve(dense, j, p, lim); ok && len(keep) < len(d.off.on) {
				ch = d.channelOf(dense, keep, j, p, interpLinear)
				copy(ch.values, vals) // decoded already where quantizing
				return ch, true
			}
			on = d.off.on
		}
		ch = d.channelOf(dense, on, j, p, interpLinear)
	default:
		ch = d.channelOf(dense, d.keepInterp(dense, j, p, lim), j, p, d.mode[j][p])
	}
	return ch, true
}

// channelOf is channelOf for the reducer's storage, with the decoded
// rotations as the keys' values where the channel is quantized.
func (d *reducer) channelOf(dense []poseAt, keep []int, j, p int, mode interp) nodeChannel {
	ch := channelOf(dense, keep, j, p, mode, d.keys)
	if p == pathR && d.rq.on {
		ch.quant = true
		for i, k := range keep {
			dec := d.rq.key(dense, k, j)
			copy(ch.values[4*i:4*i+4], dec[:])
		}
	}
	return ch
}

// fillNonFinite replaces node j's transforms that are not finite (a joint
// under a parent scaled to zero: the games divide by that scale) by the
// nearest finite sample's before them, else after them, else rest, and
// their slopes by zero: glTF allows no NaN, and what the game shows
// there is no position to match.
func fillNonFinite(dense []poseAt, j int, rest *trs) {
	last := -1
	for i := range dense {
		if finiteTRS(&dense[i].v[j]) {
			last = i
			continue
		}
		switch {
		case last >= 0:
			dense[i].v[j] = dense[last].v[j]
		default:
			next := i + 1
			for next < len(dense) && !finiteTRS(&dense[next].v[j]) {
				next++
			}
			if next < len(dense) {
				dense[i].v[j] = dense[next].v[j]
			} else {
				dense[i].v[j] = *rest
			}
		}
		for _, s := range [][]trs{dense[i].din, dense[i].dout} {
			if s != nil {
				s[j] = trs{}
			}
		}
	}
}

func finiteTRS(t *trs) bool {
	// x·0 is ±0 for a finite x and NaN for ±Inf or NaN: one comparison
	// for all ten numbers (every dense sample is checked).
	z := t.T[0]*0 + t.T[1]*0 + t.T[2]*0 + t.S[0]*0 + t.S[1]*0 + t.S[2]*0
	z += t.R[0]*0 + t.R[1]*0 + t.R[2]*0 + t.R[3]*0
	return z == 0
}

func isStatic(dense []poseAt, j, p int, rest *trs, lim float64) bool {
	for i := range dense {
		if pathErr(p, &dense[i].v[j], rest) > lim {
			return false
		}
	}
	return true
}

// fixQuatSigns makes consecutive rotations of each node lie in the same
// hemisphere, so every player interpolates along the short arc.
func fixQuatSigns(dense []poseAt) {
	for i := 1; i < len(dense); i++ {
		for j := range dense[i].v {
			a, b := dense[i-1].v[j].R, &dense[i].v[j].R
			if a[0]*b[0]+a[1]*b[1]+a[2]*b[2]+a[3]*b[3] < 0 {
				*b = [4]float64{-b[0], -b[1], -b[2], -b[3]}
				if dense[i].din != nil {
					negR(&dense[i].din[j])
					negR(&dense[i].dout[j])
				}
			}
		}
	}
}

// keepSteps keeps the first sample and every sample whose value differs
// from the last kept one's key (decoded, where quantized) by more than
// lim.
func (d *reducer) keepSteps(dense []poseAt, j, p int, lim float64) []int {
	keyOf := func(i int) trs {
		key := dense[i].v[j]
		if p == pathR && d.rq.on {
			key.R = d.rq.unitKey(i)
		}
		return key
	}
	keep := []int{0}
	key := keyOf(0)
	for i := 1; i < len(dense); i++ {
		if pathErr(p, &dense[i].v[j], &key) > lim {
			keep = append(keep, i)
			key = keyOf(i)
		}
	}
	return keep
}

// keepInterp keeps few samples (greedily) such that interpolating between
// the kept ones (the channel's own interpolation) reproduces every dropped
// sample within lim, and also the midpoint of every dense interval (as
// that interval's own interpolation gives it, which the refinement
// checked against the game): a key whose slope reaches across a jump is
// only right for a short span, and its dense neighbours alone would not
// show that.
func (d *reducer) keepInterp(dense []poseAt, j, p int, lim float64) []int {
	var fine, coarse trs
	midOK := func(s, e, i int) bool {
		a, c := &dense[i], &dense[i+1]
		if c.f-a.f <= d.wmin {
			return true // a jump: its inside is no part of the curve
		}
		mid := (a.f + c.f) / 2
		d.interpAt(j, p, a, c, 0.5, &fine)
		d.interpAt(j, p, &dense[s], &dense[e], (mid-dense[s].f)/(dense[e].f-dense[s].f), &coarse)
		return pathErr(p, &fine, &coarse) <= lim
	}
	linRot := d.mode[j][p] == interpLinear && p == pathR
	var arc slerpArc
	var game, keys [][4]float64 // a LINEAR rotation's samples and keys, in a row
	if linRot {
		d.rots = d.rots[:0]
		fill := d.rq.on && !d.rq.filled
		if fill {
			d.rq.dec = d.rq.dec[:0]
		}
		for i := range dense {
			d.rots = append(d.rots, dense[i].v[j].R)
			if fill {
				d.rq.dec = append(d.rq.dec, quantizeQuat(dense[i].v[j].R))
			}
		}
		d.rq.filled = d.rq.filled || fill
		game, keys = d.rots, d.rots
		if d.rq.on {
			keys = d.rq.dec
		}
	}
	base := lim
	d.keep = greedyKeep(d.keep, len(dense), d.mode[j][p] == interpLinear, func(s, e int) bool {
		lim := base
		if d.mode[j][p] == interpLinear && d.grow != nil {
			lim *= d.grow.at(j, p, dense[s].f, dense[e].f)
		}
		if linRot {
			if !arc.init(keys[s], keys[e]) {
				return false
			}
			// From the middle out: a span too long fails there first.
			span := dense[e].f - dense[s].f
			mid := (s + e) / 2
			for d := 0; mid-d > s || mid+d+1 < e; d++ {
				for _, i := range [2]int{mid - d, mid + d + 1} {
					if i > s && i < e && !arc.within((dense[i].f-dense[s].f)/span, game[i], lim) {
						return false
					}
				}
			}
			return true
		}
		for i := s + 1; i < e; i++ {
			if d.interpErr(j, p, &dense[s], &dense[i], &dense[e]) > lim {
				return false
			}
		}
		// Only the slopes at s and e are new to the span; the first and
		// last dense intervals are where a wrong one shows between
		// samples. STEP needs no such check.
		if d.mode[j][p] != interpCubic {
			return true
		}
		return midOK(s, e, s) && midOK(s, e, e-1)
	})
	return d.keep
}

// greedyKeep picks samples 0 = k0 < k1 < ... < n-1 such that ok(k_i,
// k_i+1) holds (every sample between two kept ones is reproduced), each
// step as long as a doubling then bisecting search finds; with hint, the
// search first tries the previous step's length (neighbouring keys tend
// to be alike apart, so one more check usually settles it). ok(s, s+1)
// must hold. The cost is O(n log n) checks of O(span) each, with hint
// about two per key where the spacing is steady. The hint suits only an
// ok that checks every sample of the span (LINEAR): CUBICSPLINE's check
// trusts the shorter spans the doubling tried before.
func greedyKeep(buf []int, n int, hint bool, ok func(s, e int) bool) []int {
	keep := append(buf[:0], 0)
	last := 1
	for s := 0; s < n-1; {
		good, bad := s+1, n // ok(s, good) holds; bad fails (or is n)
		if h := s + last; hint && h > good && h < n {
			if ok(s, h) {
				good = h
			} else {
				bad = h
			}
		}
		if bad == n {
			step := 1
			for good+step < n && ok(s, good+step) {
				good += step
				step *= 2
			}
			bad = min(good+step, n)
		}
		for bad-good > 1 {
			mid := (good + bad) / 2
			if ok(s, mid) {
				good = mid
			} else {
				bad = mid
			}
		}
		keep = append(keep, good)
		last = good - s
		s = good
	}
	return keep
}

func channelOf(dense []poseAt, keep []int, j, p int, mode interp, mem *slabs[float64]) nodeChannel {
	if mem == nil {
		mem = &slabs[float64]{}
	}
	ch := nodeChannel{node: j, path: p, mode: mode, frames: mem.take(len(keep))}
	comp, per := 3, 1
	if p == pathR {
		comp = 4
	}
	if mode == interpCubic {
		per = 3 // in-tangent, value, out-tangent
	}
	ch.values = mem.take(len(keep) * comp * per)[:0]
	part := func(v *trs) {
		switch p {
		case pathT:
			for _, x := range v.T {
				ch.values = append(ch.values, x)
			}
		case pathR:
			for _, x := range v.R {
				ch.values = append(ch.values, x)
			}
		default:
			for _, x := range v.S {
				ch.values = append(ch.values, x)
			}
		}
	}
	for i, k := range keep {
		ch.frames[i] = dense[k].f
		if mode == interpCubic {
			part(&dense[k].din[j])
			part(&dense[k].v[j])
			part(&dense[k].dout[j])
			continue
		}
		part(&dense[k].v[j])
	}
	return ch
}
