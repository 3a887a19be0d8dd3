package anim

import (
	"fmt"
	"math"
)

// Sampled is a curve stored as one value per frame (frame i = Values[i]),
// linear between whole frames and holding the first and last value outside
// them. JBA stores translations this way.
type Sampled struct {
	Values []float64
}

// sampledSpan splits a frame into the index of the stored frame at or below
// it and the fraction towards the next one. Frames at or before 0 (and NaN,
// which compares false) map to frame 0 and at or after the last frame to the
// last, with t = 0, so callers never index past the samples.
func sampledSpan(f float64, n int) (i int, t float64) {
	if !(f > 0) || n <= 1 {
		return 0, 0
	}
	last := float64(n - 1)
	if f >= last {
		return n - 1, 0
	}
	fl := math.Floor(f)
	return int(fl), f - fl
}

// Eval implements Curve.
func (s *Sampled) Eval(f float64) float64 {
	v := s.Values
	if len(v) == 0 {
		return 0
	}
	i, t := sampledSpan(f, len(v))
	if t == 0 {
		return v[i]
	}
	return v[i] + (v[i+1]-v[i])*t
}

// Kind implements Curve.
func (*Sampled) Kind() CurveKind { return KindSampled }

// NumKeys implements Curve.
func (s *Sampled) NumKeys() int { return len(s.Values) }

// Key implements Curve: every stored frame is a key.
func (s *Sampled) Key(i int) Key { return Key{Frame: float64(i), Value: s.Values[i]} }

// Validate implements Curve.
func (s *Sampled) Validate() error {
	if len(s.Values) == 0 {
		return fmt.Errorf("sampled curve without samples")
	}
	for i, v := range s.Values {
		if !finite(v) {
			return fmt.Errorf("sample %d (%v) is not finite", i, v)
		}
	}
	return nil
}

// SampledQuat is a rotation stored as one quaternion (x, y, z, w) per frame.
// Between whole frames it slerps along the shortest arc: the second
// quaternion is negated when the two have a negative dot product, and when
// they are nearly parallel (dot > SlerpLinearDot) it falls back to a
// normalized lerp, where slerp's division by sin θ loses precision.
// Outside the stored frames it holds the first or last quaternion. Stored
// quaternions should be unit length; Eval returns them as stored at whole
// frames.
type SampledQuat struct {
	Q [][4]float64
}

// SlerpLinearDot is the dot product above which SampledQuat uses a
// normalized lerp instead of slerp.
const SlerpLinearDot = 0.9995

// EvalQuat implements QuatCurve.
func (s *SampledQuat) EvalQuat(f float64) [4]float64 {
	q := s.Q
	if len(q) == 0 {
		return [4]float64{0, 0, 0, 1}
	}
	i, t := sampledSpan(f, len(q))
	if t == 0 {
		return q[i]
	}
	return slerpShortest(&q[i], &q[i+1], t)
}

// slerpShortest interpolates unit quaternions a and b (x, y, z, w) at t in
// [0, 1] along the shorter of the two arcs between them. It takes pointers
// so that sampling a stored track copies no quaternions (it runs once per
// bone per frame).
func slerpShortest(a, b *[4]float64, t float64) [4]float64 {
	dot := a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]
	sb := 1.0 // sign applied to b: -1 puts it in a's hemisphere
	if dot < 0 {
		sb, dot = -1, -dot
	}
	if dot > SlerpLinearDot {
		wb := t * sb
		wa := 1 - t
		r := [4]float64{wa*a[0] + wb*b[0], wa*a[1] + wb*b[1], wa*a[2] + wb*b[2], wa*a[3] + wb*b[3]}
		l := math.Sqrt(r[0]*r[0] + r[1]*r[1] + r[2]*r[2] + r[3]*r[3])
		if l == 0 {
			return *a
		}
		inv := 1 / l
		return [4]float64{r[0] * inv, r[1] * inv, r[2] * inv, r[3] * inv}
	}
	theta := math.Acos(dot) // dot is in [0, SlerpLinearDot] here
	inv := 1 / math.Sin(theta)
	wa := math.Sin((1-t)*theta) * inv
	wb := math.Sin(t*theta) * inv * sb
	return [4]float64{wa*a[0] + wb*b[0], wa*a[1] + wb*b[1], wa*a[2] + wb*b[2], wa*a[3] + wb*b[3]}
}

// Validate implements QuatCurve.
func (s *SampledQuat) Validate() error {
	if len(s.Q) == 0 {
		return fmt.Errorf("sampled rotation without samples")
	}
	for i, q := range s.Q {
		if !finite(q[0]) || !finite(q[1]) || !finite(q[2]) || !finite(q[3]) {
			return fmt.Errorf("rotation sample %d %v is not finite", i, q)
		}
		if q[0] == 0 && q[1] == 0 && q[2] == 0 && q[3] == 0 {
			return fmt.Errorf("rotation sample %d is the zero quaternion", i)
		}
	}
	return nil
}

// Component returns the curve of one component (0 x, 1 y, 2 z, 3 w) of the
// slerped rotation, for plots and per-channel sampling.
func (s *SampledQuat) Component(c int) *QuatComponent {
	return &QuatComponent{Quat: s, C: c}
}

// QuatComponent is one component of a SampledQuat seen as a Curve: its Eval
// is the component of the slerped quaternion (not a slerp of the component
// alone), so plots show exactly what the pose uses.
type QuatComponent struct {
	Quat *SampledQuat
	C    int // 0 x, 1 y, 2 z, 3 w
}

// Eval implements Curve.
func (q *QuatComponent) Eval(f float64) float64 {
	if q.C < 0 || q.C > 3 {
		return 0
	}
	return q.Quat.EvalQuat(f)[q.C]
}

// Kind implements Curve.
func (*QuatComponent) Kind() CurveKind { return KindSampled }

// NumKeys implements Curve.
func (q *QuatComponent) NumKeys() int { return len(q.Quat.Q) }

// Key implements Curve: the stored component at every frame.
func (q *QuatComponent) Key(i int) Key {
	return Key{Frame: float64(i), Value: q.Quat.Q[i][q.C&3]}
}

// Validate implements Curve.
func (q *QuatComponent) Validate() error {
	if q.Quat == nil {
		return fmt.Errorf("quaternion component without a rotation")
	}
	if q.C < 0 || q.C > 3 {
		return fmt.Errorf("quaternion component %d is not 0..3", q.C)
	}
	return q.Quat.Validate()
}
