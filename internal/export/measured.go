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
	"sort"

	"github.com/go-gl/mathgl/mgl64"

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

// joint keys joint j with its tolerances times mult (rotation and scale
// never past their clamps, maxRotTol and maxScaleTol, unless the bound
// stage gave more).
func (fb *fastBake) joint(j int, mult float64) []nodeChannel {
	k := fb.k
	if fb.ky.active[j] == [numPaths]bool{} {
		one := k.localAt(j, 0, &fb.tp)
		return constantChannels(j, one, fb.rest[j], fb.ky.tol[j])
	}
	ky := fb.ky.joint(j)
	if mult != 1 {
		t := ky.tol[0]
		caps := [numPaths]float64{math.Inf(1), maxRotTol, maxScaleTol}
		for p := range t {
			t[p] = math.Max(t[p], math.Min(t[p]*mult, caps[p]))
		}
		ky.tol = [][numPaths]float64{t}
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

// Measured loosening's parameters: it runs where the bound stage's
// tolerances take more than denseKeys keys per frame for a channel on
// average (sparser clips gain too little for the measuring), starting
// at looseStart times those tolerances and halving the ancestors' of a
// point that misses verifyTarget of its bound, for at most looseRounds
// rounds. The grid is verifySamples per key span of the densest
// channel, at most verifyWork points × times.
const (
	denseKeys     = 4
	looseStart    = 8
	looseRounds   = 6
	verifyTarget  = 0.7
	verifySamples = 4
	verifyWork    = 1 << 22
)

// run keys every joint: with the bound stage's tolerances, then, on a
// dense clip, loosened as far as the measured world errors allow.
func (fb *fastBake) run() []nodeChannel {
	k := fb.k
	n := len(k.skel.Joints)
	chans := make([][]nodeChannel, n)
	for j := range chans {
		chans[j] = fb.joint(j, 1)
	}
	flat := func() []nodeChannel {
		var out []nodeChannel
		for _, c := range chans {
			out = append(out, c...)
		}
		return out
	}
	v := fb.verifier(chans)
	if v == nil {
		return flat()
	}
	mult := make([]float64, n)
	for j := range mult {
		mult[j] = 1
		if fb.ky.active[j] != [numPaths]bool{} {
			mult[j] = looseStart
		}
	}
	base := chans
	chans = make([][]nodeChannel, n)
	redo := make([]bool, n)
	for j := range redo {
		redo[j] = true
	}
	for round := 0; ; round++ {
		for j := range chans {
			if redo[j] {
				chans[j] = base[j]
				if mult[j] > 1 {
					chans[j] = fb.joint(j, mult[j])
				}
			}
		}
		miss := v.misses(chans, fb.rest)
		if miss == nil {
			return flat()
		}
		clear(redo)
		last := round+1 >= looseRounds
		loose := func(a int) bool { return mult[a] > 1 }
		for _, m := range miss {
			var who []int
			if last {
				// The bound stage's own tolerances for the whole chain.
				for a := m.point; a >= 0; a = k.skel.Joints[a].Parent {
					if a < n && loose(a) {
						who = append(who, a)
					}
				}
				if m.point >= n {
					for a := k.meshPts[m.point-n].joint; a >= 0; a = k.skel.Joints[a].Parent {
						if loose(a) {
							who = append(who, a)
						}
					}
				}
			} else {
				who = v.blame(chans, fb.rest, m, loose)
			}
			for _, a := range who {
				if !redo[a] {
					redo[a] = true
					mult[a] = math.Max(1, mult[a]/2)
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
			return flat()
		}
	}
}

// verifier holds the game's world positions of every joint and mesh
// corner at the grid's times, and their bounds.
type verifier struct {
	k      *baker
	times  []float64
	pts    int
	ref    [][3]float64 // [time*pts + point]
	bound  []float64
	world  [2][]mgl64.Mat4 // the two players' world matrices
	locals [2][]trs
}

// verifier returns the measuring of fb's clip keyed as chans, or nil
// where it does not pay (few keys) or costs too much.
func (fb *fastBake) verifier(chans [][]nodeChannel) *verifier {
	k := fb.k
	dur := k.clip.Duration
	if !fb.ky.hermite || dur <= 0 {
		return nil
	}
	densest, keys, active := 0.0, 0, 0
	for _, cs := range chans {
		for i := range cs {
			if cs[i].mode != interpLinear {
				continue
			}
			m := len(cs[i].frames)
			keys += m
			active++
			densest = math.Max(densest, float64(m)/dur)
		}
	}
	if active == 0 || float64(keys)/float64(active)/dur <= denseKeys {
		return nil
	}
	// A power of two per frame: whole, half and quarter frames are on it.
	per := math.Exp2(math.Ceil(math.Log2(verifySamples * densest)))
	steps := int(math.Ceil(dur * per))
	pts := len(k.skel.Joints) + len(k.meshPts)
	if (steps+1)*pts > verifyWork {
		return nil
	}
	v := &verifier{k: k, pts: pts, times: make([]float64, 0, steps+1)}
	for i := 0; i <= steps; i++ {
		v.times = append(v.times, math.Min(float64(i)/per, dur))
	}
	v.ref = make([][3]float64, len(v.times)*pts)
	v.bound = make([]float64, len(v.ref))
	for ti, f := range v.times {
		k.worldAt(f)
		for p := 0; p < pts; p++ {
			w := v.point(k.world, p)
			v.ref[ti*pts+p] = w
			if p < len(k.skel.Joints) {
				v.bound[ti*pts+p] = PositionBound(w)
			} else {
				v.bound[ti*pts+p] = k.meshPts[p-len(k.skel.Joints)].bound
			}
		}
	}
	n := len(k.skel.Joints)
	for i := range v.world {
		v.world[i] = make([]mgl64.Mat4, n)
		v.locals[i] = make([]trs, n)
	}
	return v
}

// point is point p (a joint, then the mesh corners) under world.
func (v *verifier) point(world []mgl64.Mat4, p int) [3]float64 {
	n := len(v.k.skel.Joints)
	if p < n {
		return [3]float64{world[p][12], world[p][13], world[p][14]}
	}
	mp := &v.k.meshPts[p-n]
	w := world[mp.joint].Mul4x1(mp.local.Vec4(1))
	return [3]float64{w[0], w[1], w[2]}
}

// miss is where a point is furthest off beyond verifyTarget: the
// point, the grid's time, the player.
type miss struct {
	point, time, player int
	ratio               float64
}

// misses plays chans at the grid's times as the specification's player
// (slerp) and as Blender's (component lerp, normalised) and returns, per
// joint carrying a point off by more than verifyTarget of its bound in
// either, its worst such point (none: nil).
func (v *verifier) misses(chans [][]nodeChannel, rest []trs) []miss {
	k := v.k
	n := len(k.skel.Joints)
	worst := make([]miss, n)
	for ti, f := range v.times {
		v.play(chans, rest, f)
		for pl := range v.world {
			for p := 0; p < v.pts; p++ {
				r := dist3(v.point(v.world[pl], p), v.ref[ti*v.pts+p]) / v.bound[ti*v.pts+p]
				j := p
				if p >= n {
					j = k.meshPts[p-n].joint
				}
				if r > verifyTarget && r > worst[j].ratio {
					worst[j] = miss{point: p, time: ti, player: pl, ratio: r}
				}
			}
		}
	}
	var out []miss
	for _, m := range worst {
		if m.ratio > 0 {
			out = append(out, m)
		}
	}
	return out
}

// play poses both players' world matrices at frame f.
func (v *verifier) play(chans [][]nodeChannel, rest []trs, f float64) {
	for pl := range v.locals {
		copy(v.locals[pl], rest)
	}
	for _, cs := range chans {
		for i := range cs {
			playChannel(&cs[i], f, &v.locals[0][cs[i].node], &v.locals[1][cs[i].node])
		}
	}
	for pl := range v.world {
		v.compose(pl)
	}
}

func (v *verifier) compose(pl int) {
	w := v.world[pl]
	for _, j := range v.k.order {
		m := composeTRS(v.locals[pl][j])
		if p := v.k.skel.Joints[j].Parent; p >= 0 {
			m = w[p].Mul4(m)
		}
		w[j] = m
	}
}

// blame is the ancestors of m's point (itself included) among loose
// (multiplier above 1) whose keys cause most of its error: with one
// joint's local transform the game's own, the error falls by at least
// half the most any one joint's does.
func (v *verifier) blame(chans [][]nodeChannel, rest []trs, m miss, loose func(int) bool) []int {
	k := v.k
	n := len(k.skel.Joints)
	f := v.times[m.time]
	ref := v.ref[m.time*v.pts+m.point]
	j := m.point
	if j >= n {
		j = k.meshPts[j-n].joint
	}
	v.play(chans, rest, f)
	full := dist3(v.point(v.world[m.player], m.point), ref)
	var tp anim.TargetPose
	var who []int
	var gain []float64
	top := 0.0
	for a := j; a >= 0; a = k.skel.Joints[a].Parent {
		if !loose(a) {
			continue
		}
		keep := v.locals[m.player][a]
		v.locals[m.player][a] = k.localAt(a, f, &tp)
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

func dist3(a, b [3]float64) float64 {
	return math.Sqrt(sq(a[0]-b[0]) + sq(a[1]-b[1]) + sq(a[2]-b[2]))
}

// playChannel sets ch's path of spec (as the glTF specification plays
// it: slerp) and blender (a rotation lerped per component, normalised)
// at frame f: the first key before it, the last after.
func playChannel(ch *nodeChannel, f float64, spec, blender *trs) {
	fr := ch.frames
	comp := 3
	if ch.path == pathR {
		comp = 4
	}
	i := sort.SearchFloat64s(fr, f) // fr[i-1] < f <= fr[i]
	var a, b trs
	u := 0.0
	switch {
	case i >= len(fr):
		i, u = len(fr)-1, 0
		setPath(ch.path, &a, ch.values[i*comp:(i+1)*comp])
		b = a
	case i == 0 || fr[i] == f:
		setPath(ch.path, &a, ch.values[i*comp:(i+1)*comp])
		b = a
	default:
		setPath(ch.path, &a, ch.values[(i-1)*comp:i*comp])
		setPath(ch.path, &b, ch.values[i*comp:(i+1)*comp])
		if ch.mode != interpStep {
			u = (f - fr[i-1]) / (fr[i] - fr[i-1])
		}
	}
	switch ch.path {
	case pathT:
		lerpPath(pathT, &a, &b, u, spec)
		blender.T = spec.T
	case pathS:
		lerpPath(pathS, &a, &b, u, spec)
		blender.S = spec.S
	default:
		spec.R = Slerp(a.R, b.R, u)
		blender.R = Nlerp(a.R, b.R, u)
	}
}

func setPath(p int, t *trs, v []float64) {
	switch p {
	case pathT:
		copy(t.T[:], v)
	case pathS:
		copy(t.S[:], v)
	default:
		copy(t.R[:], v)
	}
}
