// The measuring's player: keys played as the specification's player
// (slerp) and Blender's (component lerp) do, and composed as 3×4 affine
// matrices (a joint's world matrix has no projective row, so the 4×4
// product's last row is work thrown away at every joint and time).

package export

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// affine is a 3×4 affine matrix, column-major: the linear part's three
// columns, then the translation.
type affine [12]float64

// affineTRS is T·R·S as composeTRS builds it.
func affineTRS(v *trs) affine {
	x, y, z, w := v.R[0], v.R[1], v.R[2], v.R[3]
	sx, sy, sz := v.S[0], v.S[1], v.S[2]
	return affine{
		(1 - 2*y*y - 2*z*z) * sx, (2*x*y + 2*w*z) * sx, (2*x*z - 2*w*y) * sx,
		(2*x*y - 2*w*z) * sy, (1 - 2*x*x - 2*z*z) * sy, (2*y*z + 2*w*x) * sy,
		(2*x*z + 2*w*y) * sz, (2*y*z - 2*w*x) * sz, (1 - 2*x*x - 2*y*y) * sz,
		v.T[0], v.T[1], v.T[2],
	}
}

// mul is a·b.
func (a *affine) mul(b *affine) affine {
	var o affine
	for c := 0; c < 4; c++ {
		b0, b1, b2 := b[c*3], b[c*3+1], b[c*3+2]
		for r := 0; r < 3; r++ {
			o[c*3+r] = a[r]*b0 + a[3+r]*b1 + a[6+r]*b2
		}
	}
	o[9] += a[9]
	o[10] += a[10]
	o[11] += a[11]
	return o
}

// apply is a·(p, 1).
func (a *affine) apply(p mgl64.Vec3) [3]float64 {
	var o [3]float64
	for r := 0; r < 3; r++ {
		o[r] = a[r]*p[0] + a[3+r]*p[1] + a[6+r]*p[2] + a[9+r]
	}
	return o
}

// gamePoint is point p (a joint, then the mesh corners) under the game's
// world matrices of the last worldAt.
func (v *verifier) gamePoint(p int) [3]float64 {
	k := v.k
	n := len(k.skel.Joints)
	if p < n {
		return [3]float64{k.world[p][12], k.world[p][13], k.world[p][14]}
	}
	mp := &k.meshPts[p-n]
	w := k.world[mp.joint].Mul4x1(mp.local.Vec4(1))
	return [3]float64{w[0], w[1], w[2]}
}

// measure plays chans at the grid's times as the specification's player
// (slerp) and as Blender's (component lerp, normalised) and calls got
// with each point's distance from the game's. Where the two players
// cannot differ by more than extraShare of any allowance
// (playersAgree), it plays Blender's only, and a point's distance is
// Blender's plus that difference: at least either player's.
func (v *verifier) measure(chans [][]nodeChannel, rest []trs, got func(ti, p, player int, e float64)) {
	for _, c := range v.cur {
		clear(c)
	}
	v.single = v.playersAgree(chans)
	for ti, f := range v.times {
		v.play(chans, rest, f)
		if v.single {
			for p := 0; p < v.pts; p++ {
				got(ti, p, 1, dist3(v.point(v.world[1], p), v.ref[ti*v.pts+p])+v.extra[p])
			}
			continue
		}
		for pl := range v.world {
			for p := 0; p < v.pts; p++ {
				got(ti, p, pl, dist3(v.point(v.world[pl], p), v.ref[ti*v.pts+p]))
			}
		}
	}
}

// misses returns, per joint carrying a point off by more than it is
// allowed in either player, its worst such point (none: nil).
func (v *verifier) misses(chans [][]nodeChannel, rest []trs) []miss {
	worst := make([]miss, len(v.k.skel.Joints))
	v.measure(chans, rest, func(ti, p, pl int, e float64) {
		r := e / v.allow[ti*v.pts+p]
		if j := v.joint(p); r > 1 && r > worst[j].ratio {
			worst[j] = miss{point: p, time: ti, player: pl, ratio: r}
		}
	})
	var out []miss
	for _, m := range worst {
		if m.ratio > 0 {
			out = append(out, m)
		}
	}
	return out
}

// play poses both players' world matrices at frame f (Blender's only
// when single).
func (v *verifier) play(chans [][]nodeChannel, rest []trs, f float64) {
	for pl := range v.locals {
		copy(v.locals[pl], rest)
	}
	spec := v.locals[0]
	if v.single {
		spec = nil
	}
	if len(v.cur) != len(chans) {
		v.cur = make([][]int, len(chans))
	}
	for j, cs := range chans {
		if len(v.cur[j]) != len(cs) {
			v.cur[j] = make([]int, len(cs))
		}
		for i := range cs {
			var sp *trs
			if spec != nil {
				sp = &spec[cs[i].node]
			}
			playChannel(&cs[i], f, &v.cur[j][i], sp, &v.locals[1][cs[i].node])
		}
	}
	for pl := range v.world {
		if pl == 1 || !v.single {
			v.compose(pl)
		}
	}
}

func (v *verifier) compose(pl int) {
	w, chain, k := v.world[pl], v.chain[pl], v.k
	for _, j := range k.order {
		l := &v.locals[pl][j]
		m := affineTRS(l)
		var pw *affine
		if p := k.skel.Joints[j].Parent; p >= 0 {
			pw = &w[p]
			if k.lay.underChain(j) {
				pw = &chain[p]
			}
			m = pw.mul(&m)
		}
		w[j] = m
		if k.lay.isSplit(j) {
			// The joint's chain node: its T·R without the scale, which
			// its scale node carries (layout.go).
			c := affineTRS(&trs{T: l.T, R: l.R, S: [3]float64{1, 1, 1}})
			if pw != nil {
				c = pw.mul(&c)
			}
			chain[j] = c
		}
	}
}

func dist3(a, b [3]float64) float64 {
	return math.Sqrt(sq(a[0]-b[0]) + sq(a[1]-b[1]) + sq(a[2]-b[2]))
}

// playChannel sets ch's path of spec (as the glTF specification plays
// it: slerp) and blender (a rotation lerped per component, normalised)
// at frame f: the first key before it, the last after. cur is where the
// search starts (the last call's key). spec nil: Blender's only.
func playChannel(ch *nodeChannel, f float64, cur *int, spec, blender *trs) {
	fr := ch.frames
	comp := 3
	if ch.path == pathR {
		comp = 4
	}
	// fr[i-1] < f <= fr[i], from the last call's i (or from the start
	// when f went back).
	i := *cur
	if i > 0 && fr[min(i, len(fr))-1] >= f {
		i = 0
	}
	for i < len(fr) && fr[i] < f {
		i++
	}
	*cur = i
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
		lerpPath(pathT, &a, &b, u, blender)
		if spec != nil {
			spec.T = blender.T
		}
	case pathS:
		lerpPath(pathS, &a, &b, u, blender)
		if spec != nil {
			spec.S = blender.S
		}
	default:
		blender.R = Nlerp(a.R, b.R, u)
		if spec != nil {
			spec.R = Slerp(a.R, b.R, u)
		}
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
