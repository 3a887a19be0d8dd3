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
// component to the nearest, and returns the decoded values
// (c/quantScale: what a player reads, and what the keys hold from then
// on) and how far their direction lies from q (quatDist; the players
// normalise what they interpolate). The nearest SHORTs are the nearest
// point of the grid to q: their direction is within about 6e-5 rad of
// q's and their length within 3e-5 of 1, far inside what the validator
// asks of rotation outputs (0.00769), so that a player that poses the
// quaternion without normalising it sees at most a scale of 6e-5.
// (Choosing among the sixteen roundings up or down the one nearest in
// direction gains a fifth of the angle and doubles the length's error.)
func quantizeQuat(q [4]float64) (dec [4]float64, err float64) {
	var c [4]float64
	nn := 0.0
	for i, x := range q {
		c[i] = math.Round(math.Max(-1, math.Min(1, x)) * quantScale)
		nn += c[i] * c[i]
	}
	if nn == 0 {
		return q, math.Inf(1) // not a rotation (a unit q never rounds to zeros)
	}
	l := math.Sqrt(nn)
	var unit [4]float64
	for i := range c {
		dec[i] = c[i] / quantScale
		unit[i] = c[i] / l
	}
	return dec, quatDist(unit, q)
}

// rotQuant is the decoded rotations of one channel's dense samples
// (quantizeQuat), which its keys take where the channel is written as
// SHORTs.
type rotQuant struct {
	on   bool         // the channel being reduced is written as SHORTs
	dec  [][4]float64 // per dense sample
	unit [][4]float64 // dec normalised (as the players pose it), for measuring
}

// prepare quantizes node j's rotation at every dense sample and turns
// quantization on where the largest error times need fits lim.
func (q *rotQuant) prepare(dense []poseAt, j int, lim, need float64) {
	q.on = false
	q.dec, q.unit = q.dec[:0], q.unit[:0]
	worst := 0.0
	for i := range dense {
		d, e := quantizeQuat(dense[i].v[j].R)
		q.dec = append(q.dec, d)
		u := d
		normalize4(&u)
		q.unit = append(q.unit, u)
		worst = math.Max(worst, e)
	}
	q.on = worst*need <= lim
}

// key is the rotation dense sample i keys channel j with: the decoded
// one where quantizing.
func (q *rotQuant) key(dense []poseAt, i, j int) [4]float64 {
	if q.on {
		return q.dec[i]
	}
	return dense[i].v[j].R
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
