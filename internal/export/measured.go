// Measured tolerances: the error bound stage (baker.tolerances) splits
// each point's bound evenly over every channel of every ancestor, each
// at its worst lever arm, as if all the errors peaked at once and in one
// direction. They do not: a LINEAR channel is exact at its keys and
// misses most between them, and the chains' errors point every way. On a
// character's dense clip the worst point then uses about a quarter of
// its bound, and the keys are twice as many as the bound needs. Here the
// fast path keys each joint with its tolerances loosened, plays the keys
// as the players do (slerp, and Blender's component lerp) at a grid finer
// than the keys, measures every joint's and mesh corner's world position
// against the game's, and tightens the ancestors of the points that miss
// their target share of the bound, until none does. A chain whose
// loosening keeps failing goes back to the bound stage's tolerances.

package export

import (
	"math"
	"slices"

	"github.com/animscope/animscope/anim"
)

// fastBake samples and reduces the joints of the fast path one at a
// time (every joint's local transform is its own pose).
type fastBake struct {
	k         *baker
	ky        keying
	rest      []trs
	grid      int
	mem       *bakeMem
	red       reducer
	tp        anim.TargetPose
	exhausted bool
}

// joint keys joint j with its tolerances times mult.
func (fb *fastBake) joint(j int, mult float64) []nodeChannel {
	k := fb.k
	if fb.ky.active[j] == [numPaths]bool{} {
		one := k.localAt(j, 0, &fb.tp)
		return constantChannels(j, one, fb.rest[j], fb.ky.tol[j])
	}
	ky := fb.ky.joint(j)
	if mult != 1 {
		ky.tol = [][numPaths]float64{loosened(ky.tol[0], mult)}
	}
	r := newRefiner(func(f float64, o []trs) { o[0] = k.localAt(j, f, &fb.tp) }, 1, ky)
	fb.mem.poses.reset()
	r.slabs, r.out = &fb.mem.poses, fb.mem.dense[:0]
	dense := r.run(jointCandidates(k, j, fb.grid))
	fb.mem.dense = dense
	fb.exhausted = fb.exhausted || r.exhausted
	fb.red.keying = r.keying
	return fb.red.reduce(dense, fb.rest[j:j+1], func(int) int { return j })
}

// run keys every joint: with the bound stage's tolerances, then
// loosened as far as the measured world errors allow (loosen).
func (fb *fastBake) run() []nodeChannel {
	chans := make([][]nodeChannel, len(fb.k.skel.Joints))
	for j := range chans {
		chans[j] = fb.joint(j, 1)
	}
	return fb.k.loosen(chans, fb.rest, fb.ky.tol, func(j int, mult float64) []nodeChannel {
		fb.red.offCurveOK = true
		defer func() { fb.red.offCurveOK = false }()
		return fb.joint(j, mult)
	})
}

// loosened is tol times mult (rotation and scale never past their
// clamps, maxRotTol and maxScaleTol, unless the bound stage gave more).
func loosened(tol [numPaths]float64, mult float64) [numPaths]float64 {
	caps := [numPaths]float64{math.Inf(1), maxRotTol, maxScaleTol}
	for p := range tol {
		tol[p] = math.Max(tol[p], math.Min(tol[p]*mult, caps[p]))
	}
	return tol
}

// Measured loosening's parameters. The measuring plays every joint at
// every time of its grid, several times: two to five times the CPU of
// the sampling. It runs where the bound stage's tolerances take more
// than denseKeys keys per frame for a channel on average (where the
// worst-case split costs most: a character's dense clip, 15), and
// elsewhere only where loosening pays (loosenPays): re-keyed at
// trialMult times their tolerances, the clip's keys would drop to at
// most paysRatio of their bytes, as up to trialJoints joints re-keyed
// tell (fewer where the estimate is already past paysRatio by more than
// trialMargin). A character's clip, real or generated, drops to about a
// third; a skeleton of many leaves (whose rotations sit at their clamps)
// to three quarters, which would not repay the measuring.
// It starts at most at looseStart times those tolerances and divides the
// multipliers of the joints most to blame for a point that misses
// verifyTarget of its bound by up to 2, for at most looseRounds rounds. The grid
// is verifySamples per mean key span and at least verifyPerFrame a frame,
// at most verifyWork points × times.
const (
	denseKeys      = 8
	trialMult      = 4
	trialJoints    = 4
	trialMargin    = 0.05
	paysRatio      = 0.6
	looseStart     = 8
	looseRounds    = 6
	verifyTarget   = 0.7
	verifySamples  = 4
	verifyPerFrame = 4
	verifyWork     = 1 << 20
	baseSlack      = 0.05
)

// loosen takes the joints' channels keyed with the bound stage's
// tolerances (base, per joint) and, on a dense clip, re-keys them with
// rekey(j, mult) (tolerances times mult) as far as the measured world
// errors allow: every joint whose channels move starts where the errors
// the bound stage's keys make would reach the target if they grew as
// the tolerances (at most looseStart); each round measures
// (verifier.misses) and divides the multipliers of the joints most to
// blame (verifier.blame) for each point that misses by how far it is
// past its allowance (1.2 to 2); after looseRounds the chains still
// missing take base.
func (k *baker) loosen(base [][]nodeChannel, rest []trs, tol [][numPaths]float64, rekey func(j int, mult float64) []nodeChannel) []nodeChannel {
	flat := func(chans [][]nodeChannel) []nodeChannel {
		var out []nodeChannel
		for _, c := range chans {
			out = append(out, c...)
		}
		return out
	}
	v := k.verifier(base, rest, func() bool { return k.loosenPays(base, tol, rekey) })
	if v == nil {
		return flat(base)
	}
	n := len(k.skel.Joints)
	// A joint's errors grow about as its tolerances: each may grow
	// until the point under it nearest its target reaches it.
	room := make([]float64, n)
	for j := range room {
		room[j] = verifyTarget / v.used[j]
	}
	for i := len(k.order) - 1; i >= 0; i-- {
		if j := k.order[i]; k.skel.Joints[j].Parent >= 0 {
			p := k.skel.Joints[j].Parent
			room[p] = math.Min(room[p], room[j])
		}
	}
	mult := make([]float64, n)
	redo := make([]bool, n)
	for j := range mult {
		mult[j] = 1
		for i := range base[j] {
			if len(base[j][i].frames) > 1 && room[j] > 1 {
				mult[j], redo[j] = math.Min(room[j], looseStart), true
			}
		}
	}
	chans := append([][]nodeChannel(nil), base...)
	loose := func(a int) bool { return mult[a] > 1 }
	for round := 0; ; round++ {
		for j := range chans {
			if redo[j] {
				chans[j] = base[j]
				if mult[j] > 1 {
					chans[j] = rekey(j, mult[j])
				}
			}
		}
		miss := v.misses(chans, rest)
		if miss == nil {
			return flat(chans)
		}
		clear(redo)
		last := round+1 >= looseRounds
		for _, m := range miss {
			var who []int
			if last {
				// The bound stage's own tolerances for the whole chain.
				for a := v.joint(m.point); a >= 0; a = k.skel.Joints[a].Parent {
					if loose(a) {
						who = append(who, a)
					}
				}
			} else {
				who = v.blame(chans, rest, m, loose)
			}
			for _, a := range who {
				if !redo[a] {
					redo[a] = true
					// By how far the point is past its allowance (a
					// little more), between 1.2 and 2.
					mult[a] = math.Max(1, mult[a]/math.Min(2, math.Max(1.2, 1.1*m.ratio)))
					if last {
						mult[a] = 1
					}
				}
			}
		}
		if last {
			for j := range chans {
				if redo[j] {
					chans[j] = base[j]
				}
			}
			return flat(chans)
		}
	}
}

// clamped tells whether every keyed channel of joint j (cs) has its
// tolerance (tol, the bound stage's; nil: none known) at its clamp
// already, so that loosening cannot change its keys but by placing
// them off the curve: a leaf's rotation, at maxRotTol.
func clamped(cs []nodeChannel, tol [][numPaths]float64, j int) bool {
	if tol == nil {
		return false
	}
	up := loosened(tol[j], trialMult)
	for i := range cs {
		if p := cs[i].path; len(cs[i].frames) > 1 && up[p] != tol[j][p] {
			return false
		}
	}
	return true
}

// loosenPays estimates how far loosening would cut the keys of base, in
// the bytes they take (looser rotations are often SHORTs):
// a joint whose tolerances are at their clamps (clamped: a leaf's
// rotation, held at maxRotTol) never loosens and keeps its keys; of the
// others it re-keys trialJoints with their tolerances times trialMult,
// the ones holding the keys at evenly spaced shares of their keys
// (joints in order of their keys, most first), so that each stands for
// as many keys and the mean of their ratios estimates the others'.
// Loosening pays where the clip's keys would drop to at most paysRatio.
// (On a skeleton of many leaves most keys stay.)
func (k *baker) loosenPays(base [][]nodeChannel, tol [][numPaths]float64, rekey func(j int, mult float64) []nodeChannel) bool {
	// What the keys cost in the file: a float time per key and the
	// values (SHORTs where quantized, which looser keys often allow).
	count := func(cs []nodeChannel) int {
		n := 0
		for i := range cs {
			if len(cs[i].frames) > 1 {
				v := 4
				if cs[i].quant {
					v = 2
				}
				n += 4*len(cs[i].frames) + v*len(cs[i].values)
			}
		}
		return n
	}
	var order []int
	keys := make([]int, len(base))
	total, kept := 0, 0
	for j := range base {
		if keys[j] = count(base[j]); keys[j] == 0 {
			continue
		}
		total += keys[j]
		if clamped(base[j], tol, j) {
			kept += keys[j]
		} else {
			order = append(order, j)
		}
	}
	if total == kept {
		return false
	}
	slices.SortStableFunc(order, func(a, b int) int { return keys[b] - keys[a] })
	ratio := make(map[int]float64, trialJoints)
	sum := 0.0
	estimate := func(n int) float64 {
		return (float64(kept) + float64(total-kept)*sum/float64(n)) / float64(total)
	}
	for s := range trialJoints {
		// The trials stop once the estimate so far clearly does not pay
		// (each re-keys a joint: on Export96's clips, which keep three
		// quarters, one trial says so). The first trials take the
		// heaviest joints, which loosen best, so an estimate that pays
		// waits for all of them.
		if s > 0 && estimate(s) > paysRatio+trialMargin {
			return false
		}
		at := (float64(s) + 0.5) / trialJoints * float64(total-kept)
		seen, j := 0, order[len(order)-1]
		for _, o := range order {
			if seen += keys[o]; float64(seen) > at {
				j = o
				break
			}
		}
		r, ok := ratio[j]
		if !ok {
			r = float64(count(rekey(j, trialMult))) / float64(keys[j])
			ratio[j] = r
		}
		sum += r
	}
	return estimate(trialJoints) <= paysRatio
}

// verifier holds the game's world positions of every joint and mesh
// corner at the grid's times, and their bounds.
type verifier struct {
	k     *baker
	times []float64
	pts   int
	ref   [][3]float64 // [time*pts + point]
	// allow is how far each may be off: verifyTarget of its bound, or
	// where the bound stage's keys are further off (a jump the keys
	// make a steep ramp, a float32 key time, a joint under a parent
	// scaled to zero), as far as those and baseSlack of the bound (where
	// they are past the bound, outside the promise, one bound).
	allow  []float64
	world  [2][]affine // the two players' world matrices
	chain  [2][]affine // and their chain nodes' (layout.go)
	locals [2][]trs
	game   []trs // blame's: the nodes' local transforms in the game
	// cur is per channel the key play found last (times only grow
	// within measure, which clears it).
	cur [][]int
	// used is per joint the most of their bound its points take with
	// the bound stage's keys (outside the promise left out).
	used []float64
	// The players' difference (measurebound.go): lever per joint, and
	// per point its least allowance, this measure's bound on how far the
	// players differ (extra), and whether it plays Blender's only.
	lever, least, extra []float64
	turn, above         []float64
	single              bool
}

// verifier returns the measuring of k's clip keyed as chans, or nil
// where it costs too much, cannot play the keys (CUBICSPLINE; root
// motion, which moves the roots' world) or does not pay (sparser than
// denseKeys and pays false, asked only once the rest allows the
// measuring).
func (k *baker) verifier(chans [][]nodeChannel, rest []trs, pays func() bool) *verifier {
	dur := k.clip.Duration
	if k.root || dur <= 0 {
		return nil
	}
	keys, active := 0, 0
	for _, cs := range chans {
		for i := range cs {
			switch cs[i].mode {
			case interpCubic:
				return nil
			case interpStep:
				continue
			}
			keys += len(cs[i].frames)
			active++
		}
	}
	if active == 0 {
		return nil
	}
	// A power of two per frame, at least verifyPerFrame (whole, half and
	// quarter frames are on it), with verifySamples in the mean channel's
	// key spans. (Without the floor a clip of many two-key channels was
	// measured every eighth frame, and a joint keyed forty times as
	// densely loosened to 1.4 times its bound between.)
	per := math.Exp2(math.Ceil(math.Log2(max(verifyPerFrame, verifySamples*float64(keys)/float64(active)/dur))))
	steps := int(math.Ceil(dur * per))
	pts := len(k.skel.Joints) + len(k.meshPts)
	if (steps+1)*pts > verifyWork {
		return nil
	}
	if float64(keys)/float64(active)/dur <= denseKeys && !pays() {
		return nil
	}
	v := &verifier{k: k, pts: pts, times: make([]float64, 0, steps+1)}
	for i := 0; i <= steps; i++ {
		v.times = append(v.times, math.Min(float64(i)/per, dur))
	}
	v.ref = make([][3]float64, len(v.times)*pts)
	v.allow = make([]float64, len(v.ref))
	n := len(k.skel.Joints)
	v.lever, v.turn, v.above = make([]float64, n), make([]float64, n), make([]float64, n)
	v.least, v.extra = make([]float64, pts), make([]float64, pts)
	for p := range v.least {
		v.least[p] = math.Inf(1)
	}
	for ti, f := range v.times {
		k.worldAt(f)
		for p := 0; p < pts; p++ {
			w := v.gamePoint(p)
			v.ref[ti*pts+p] = w
			a := &v.allow[ti*pts+p]
			if p < n {
				*a = verifyTarget * PositionBound(w)
			} else {
				*a = verifyTarget * k.meshPts[p-n].bound
			}
			v.least[p] = math.Min(v.least[p], *a)
		}
		v.addLevers(ti)
	}
	for i := range v.world {
		v.world[i] = make([]affine, n)
		v.locals[i] = make([]trs, n)
		if k.lay != nil {
			v.chain[i] = make([]affine, n)
		}
	}
	v.used = make([]float64, n)
	v.measure(chans, rest, func(ti, p, _ int, e float64) {
		a := &v.allow[ti*pts+p]
		bound := *a / verifyTarget
		switch {
		case e > bound:
			// Outside the promise already: not far further.
			*a = e + bound
			return
		case e > *a:
			*a = e + baseSlack*bound
		}
		j := v.joint(p)
		v.used[j] = math.Max(v.used[j], e/bound)
	})
	return v
}

// joint is the joint carrying point p.
func (v *verifier) joint(p int) int {
	if n := len(v.k.skel.Joints); p >= n {
		return v.k.meshPts[p-n].joint
	}
	return p
}

// point is point p (a joint, then the mesh corners) under world.
func (v *verifier) point(world []affine, p int) [3]float64 {
	n := len(v.k.skel.Joints)
	if p < n {
		return [3]float64{world[p][9], world[p][10], world[p][11]}
	}
	mp := &v.k.meshPts[p-n]
	return world[mp.joint].apply(mp.local)
}

// miss is where a point is furthest off beyond what it is allowed: the
// point, the grid's time, the player, and how many times its allowance.
type miss struct {
	point, time, player int
	ratio               float64
}

// blame is the ancestors of m's point (itself included) among loose
// (multiplier above 1) whose keys cause most of its error: with one
// joint's local transform the game's own, the error falls by at least
// half the most any one joint's does.
func (v *verifier) blame(chans [][]nodeChannel, rest []trs, m miss, loose func(int) bool) []int {
	k := v.k
	f := v.times[m.time]
	ref := v.ref[m.time*v.pts+m.point]
	j := v.joint(m.point)
	v.play(chans, rest, f)
	full := dist3(v.point(v.world[m.player], m.point), ref)
	if len(v.game) != len(k.skel.Joints) {
		v.game = make([]trs, len(k.skel.Joints))
	}
	k.at(f, v.game)
	var who []int
	var gain []float64
	top := 0.0
	for a := j; a >= 0; a = k.skel.Joints[a].Parent {
		if !loose(a) {
			continue
		}
		keep := v.locals[m.player][a]
		v.locals[m.player][a] = v.game[a]
		v.compose(m.player)
		g := full - dist3(v.point(v.world[m.player], m.point), ref)
		v.locals[m.player][a] = keep
		who, gain = append(who, a), append(gain, g)
		top = math.Max(top, g)
	}
	var out []int
	for i, a := range who {
		if gain[i] >= top/2 {
			out = append(out, a)
		}
	}
	return out
}
