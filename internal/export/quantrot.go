// Rotation keys as normalised SHORTs: glTF 2.0 lets a LINEAR or STEP
// rotation sampler store its quaternions as four signed 16-bit integers
// c with normalized true, decoded as max(c/32767, −1). A key then takes 8
// bytes instead of 16. The rounding moves each key by up to about 6e-5
// rad, which the key reduction counts: a rotation channel is written so
// only where its tolerance leaves room for that (quantMin), and it keys
// and checks the decoded values (what every player reads), never the
// floats. CUBICSPLINE keeps floats: its tangents are not unit values.

package export

import "math"

// quantScale is the largest normalised SHORT: c decodes to c/quantScale.
const quantScale = 32767

// quantMin is how many times its largest rounding error a LINEAR
// rotation channel's tolerance for dropping samples must be for it to
// be written as SHORTs: the rest of the tolerance is what the
// interpolation between keys may use, and the keys grow as the inverse
// square root of it, at 12 bytes each (the key time and the SHORTs)
// instead of 20. Where the keys are measured (measured.go) the room
// left matters less than the bytes per key: on a character's clip, real
// or generated, 1.25 gave the fewest bytes (2 gave 5-10% more). STEP and
// one-key channels keep their keys however little room is left, so they
// need only fit the error.
const quantMin = 1.25

// quantizeQuat rounds unit quaternion q to normalised SHORTs, each
// component to the nearest (ties to even), and returns the decoded values
// (c/quantScale: what a player reads, and what the keys hold from then
// on). The nearest SHORTs are the nearest point of the grid to q: within
// 1/32767 of it (half a step in each of four components), so their
// direction is within quantErrMax of q's (quatDist; the players
// normalise what they interpolate) and their length within 3e-5 of 1,
// far inside what the validator asks of rotation outputs (0.00769): a
// player that poses the quaternion without normalising it sees at most
// a scale of 6e-5. (Choosing among the sixteen roundings up or down the
// one nearest in direction gains a fifth of the angle on average and
// doubles the length's error.)
func quantizeQuat(q [4]float64) (dec [4]float64) {
	for i, x := range q {
		c := math.RoundToEven(x * quantScale)
		if c > quantScale || c < -quantScale { // a component past ±1 by rounding
			c = math.Copysign(quantScale, c)
		}
		dec[i] = c / quantScale
	}
	return dec
}

// quantErrMax bounds quatDist between a unit quaternion and the
// direction of its nearest SHORTs: moved by e (|e| ≤ 1/32767) and
// normalised, it lies within |e|/(1−|e|) of where it was, which quatDist
// counts 2.1 times.
const quantErrMax = 2.1 * 1.0001 / quantScale

// rotQuant is the decoded rotations of one channel's dense samples
// (quantizeQuat), which its keys take where the channel is written as
// SHORTs.
type rotQuant struct {
	on     bool // the channel being reduced is written as SHORTs
	dense  []poseAt
	j      int
	filled bool         // dec holds every sample's (keepInterp fills it)
	dec    [][4]float64 // per dense sample
}

// prepare sets up node j's rotation of dense, written as SHORTs where
// lim is at least need times the rounding's largest error
// (quantErrMax).
func (q *rotQuant) prepare(dense []poseAt, j int, lim, need float64) {
	q.on = quantErrMax*need <= lim
	q.dense, q.j, q.filled = dense, j, false
}

// key is the rotation dense sample i keys channel j with: the decoded
// one where quantizing.
func (q *rotQuant) key(dense []poseAt, i, j int) [4]float64 {
	switch {
	case !q.on:
		return dense[i].v[j].R
	case q.filled:
		return q.dec[i]
	}
	return quantizeQuat(dense[i].v[j].R)
}

// unitKey is key normalised (as the players pose it), where
// quantizing: for measuring against the samples.
func (q *rotQuant) unitKey(i int) [4]float64 {
	u := q.key(q.dense, i, q.j)
	normalize4(&u)
	return u
}

// hemispheres reports whether every two consecutive keys of a rotation
// channel (4 values per key) have a positive dot product: decoded, two
// keys nearly a half turn apart may not, and the players would then
// turn different ways between them.
func hemispheres(v []float64) bool {
	for s := 4; s+4 <= len(v); s += 4 {
		if v[s-4]*v[s]+v[s-3]*v[s+1]+v[s-2]*v[s+2]+v[s-1]*v[s+3] <= 0 {
			return false
		}
	}
	return true
}

func normalize4(q *[4]float64) {
	l := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
	for i := range q {
		q[i] /= l
	}
}
