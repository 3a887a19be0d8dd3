// The two players' difference, bounded instead of measured: the
// specification's slerp and Blender's normalised component lerp follow
// the same great circle between two keys, apart by at most
// nlerpDrift·Ω³ of rotation (Ω the keys' angle as unit quaternions,
// at most π/2 where their dot is positive). A turn δ of a joint's local
// rotation moves a point under it by at most ‖A‖·δ·|A⁻¹(w_p − w_j)| (A
// its parent's world matrix), at most cond(A)·δ·|w_p − w_j|; the lever
// is the most of cond(A)·|w_p − w_j| over the grid's times in the game.
// Where the sum over a point's chain stays a small share of its
// allowance, playing one player and adding the sum tells both players'
// errors, at half the measuring's cost.

package export

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// nlerpDrift bounds max over u of the slerp-nlerp rotation gap over Ω³:
// twice the quaternion arc's max|atan2(u·sinΩ, 1−u+u·cosΩ) − uΩ|/Ω³,
// which grows from √3/108 (small Ω) to 0.01835 at Ω = π/2, with a margin.
// extraMargin covers the first-order bound's neglected products (the
// players' matrices within the bound of the game's) and extraShare is
// the most of any allowance the bounded difference may take before both
// players are played.
const (
	nlerpDrift  = 2 * 0.0185
	extraMargin = 1.1
	extraShare  = 0.05
)

// addLevers raises the joints' levers by the game's world at grid time
// ti (k.world, the ref's points): every point against the ancestors
// whose rotation moves it (a joint's own rotation does not move the
// joint; a mesh corner's joint's does).
func (v *verifier) addLevers(ti int) {
	k := v.k
	n := len(k.skel.Joints)
	if k.lay != nil {
		k.chainFrames(v.times[ti], nil, nil)
	}
	for j := range v.turn {
		// turn holds each parent's condition number here, until
		// playersAgree reuses it.
		v.turn[j] = 1
		if p := k.skel.Joints[j].Parent; p >= 0 {
			m := &k.world[p]
			if k.lay.underChain(j) {
				m = &k.chainLin[p]
			}
			v.turn[j] = condBound(m)
		}
	}
	for p := 0; p < v.pts; p++ {
		w := v.ref[ti*v.pts+p]
		a := v.joint(p)
		if p < n {
			a = k.skel.Joints[a].Parent
		}
		for ; a >= 0; a = k.skel.Joints[a].Parent {
			wa := [3]float64{k.world[a][12], k.world[a][13], k.world[a][14]}
			v.lever[a] = math.Max(v.lever[a], v.turn[a]*dist3(w, wa))
		}
	}
}

// condBound bounds the condition number of m's 3×3 part from above:
// the square root of the ratio of Gershgorin's bounds on the largest
// and least eigenvalues of MᵀM (exact for a rotation times a uniform
// scale; +Inf where the least bound is not positive).
func condBound(m *mgl64.Mat4) float64 {
	a := m.Mat3()
	s := a.Transpose().Mul3(a)
	hi, lo := 0.0, math.Inf(1)
	for i := 0; i < 3; i++ {
		off := math.Abs(s[i*3+(i+1)%3]) + math.Abs(s[i*3+(i+2)%3])
		hi = math.Max(hi, s[i*3+i]+off)
		lo = math.Min(lo, s[i*3+i]-off)
	}
	if !(lo > 0) {
		return math.Inf(1)
	}
	return math.Sqrt(hi / lo)
}

// playersAgree sets extra, per point the most the two players can
// differ by under chans' rotation keys, and tells whether that is
// within extraShare of every allowance. Two keys with a non-positive
// dot (slerp takes the short way, the component lerp the long one) do
// not agree.
func (v *verifier) playersAgree(chans [][]nodeChannel) bool {
	k := v.k
	clear(v.turn)
	for _, cs := range chans {
		for i := range cs {
			c := &cs[i]
			if c.path != pathR || c.mode == interpStep {
				continue
			}
			t := &v.turn[c.node]
			for s := 4; s+4 <= len(c.values); s += 4 {
				a, b := c.values[s-4:s], c.values[s:s+4]
				d := a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]
				if !(d > 0) {
					*t = math.Inf(1)
					break
				}
				om := math.Acos(math.Min(1, d))
				*t = math.Max(*t, nlerpDrift*om*om*om)
			}
		}
	}
	n := len(k.skel.Joints)
	for _, j := range k.order {
		v.above[j] = 0
		if p := k.skel.Joints[j].Parent; p >= 0 {
			v.above[j] = v.above[p] + gap(v.turn[p], v.lever[p])
		}
	}
	ok := true
	for p := range v.extra {
		j := v.joint(p)
		e := v.above[j]
		if p >= n {
			e += gap(v.turn[j], v.lever[j])
		}
		v.extra[p] = extraMargin * e
		ok = ok && v.extra[p] <= extraShare*v.least[p]
	}
	return ok
}

// gap is a turn times a lever, nothing where the turn is (a joint whose
// rotation is the same in both players moves nothing, however long or
// ill-conditioned its lever).
func gap(turn, lever float64) float64 {
	if turn == 0 {
		return 0
	}
	return turn * lever
}
