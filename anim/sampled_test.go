package anim

import (
	"math"
	"math/rand"
	"strings"
	"testing"
)

func TestSampledEval(t *testing.T) {
	s := &Sampled{Values: []float64{1, 3, -1, 5}}
	for _, c := range []struct{ f, want float64 }{
		{-2, 1}, {0, 1}, {math.NaN(), 1}, {math.Inf(-1), 1},
		{0.25, 1.5}, {1, 3}, {1.5, 1}, {2.75, 3.5},
		{3, 5}, {3.5, 5}, {math.Inf(1), 5},
	} {
		if got := s.Eval(c.f); got != c.want {
			t.Errorf("Eval(%v) = %v, want %v", c.f, got, c.want)
		}
	}
	one := &Sampled{Values: []float64{7}}
	if got := one.Eval(0.5); got != 7 {
		t.Errorf("single sample: Eval(0.5) = %v, want 7", got)
	}
	if s.Kind() != KindSampled || s.NumKeys() != 4 || s.Key(2) != (Key{Frame: 2, Value: -1}) {
		t.Errorf("kind/keys: %v %d %+v", s.Kind(), s.NumKeys(), s.Key(2))
	}
	if err := (&Sampled{}).Validate(); err == nil {
		t.Error("empty sampled curve validated")
	}
	if err := (&Sampled{Values: []float64{0, math.Inf(1)}}).Validate(); err == nil || !strings.Contains(err.Error(), "sample 1") {
		t.Errorf("non-finite sample: err = %v", err)
	}
}

func axisAngle(ax [3]float64, deg float64) [4]float64 {
	h := deg * math.Pi / 360
	s, c := math.Sincos(h)
	l := math.Sqrt(ax[0]*ax[0] + ax[1]*ax[1] + ax[2]*ax[2])
	return [4]float64{ax[0] / l * s, ax[1] / l * s, ax[2] / l * s, c}
}

func quatMul(a, b [4]float64) [4]float64 {
	return [4]float64{
		a[3]*b[0] + a[0]*b[3] + a[1]*b[2] - a[2]*b[1],
		a[3]*b[1] - a[0]*b[2] + a[1]*b[3] + a[2]*b[0],
		a[3]*b[2] + a[0]*b[1] - a[1]*b[0] + a[2]*b[3],
		a[3]*b[3] - a[0]*b[0] - a[1]*b[1] - a[2]*b[2],
	}
}

// slerpByPower is q0·(q0⁻¹·q1)^t with q1 flipped to q0's hemisphere: an
// independent formulation of the shortest-arc slerp.
func slerpByPower(q0, q1 [4]float64, t float64) [4]float64 {
	if q0[0]*q1[0]+q0[1]*q1[1]+q0[2]*q1[2]+q0[3]*q1[3] < 0 {
		q1 = [4]float64{-q1[0], -q1[1], -q1[2], -q1[3]}
	}
	inv := [4]float64{-q0[0], -q0[1], -q0[2], q0[3]}
	d := quatMul(inv, q1)
	half := math.Acos(math.Max(-1, math.Min(1, d[3])))
	sv := math.Sqrt(d[0]*d[0] + d[1]*d[1] + d[2]*d[2])
	if sv < 1e-15 {
		return q0
	}
	s, c := math.Sincos(half * t)
	p := [4]float64{d[0] / sv * s, d[1] / sv * s, d[2] / sv * s, c}
	return quatMul(q0, p)
}

// sameRotation compares quaternions up to sign.
func sameRotation(a, b [4]float64, tol float64) bool {
	same, neg := true, true
	for c := range a {
		same = same && math.Abs(a[c]-b[c]) <= tol
		neg = neg && math.Abs(a[c]+b[c]) <= tol
	}
	return same || neg
}

// slerpValues is slerpShortest for quaternions held by value.
func slerpValues(a, b [4]float64, t float64) [4]float64 { return slerpShortest(&a, &b, t) }

func TestSlerpShortest(t *testing.T) {
	id := [4]float64{0, 0, 0, 1}
	z := [3]float64{0, 0, 1}
	cases := []struct {
		name string
		a, b [4]float64
		t    float64
		want [4]float64
	}{
		{"quarter turn", id, axisAngle(z, 90), 0.5, axisAngle(z, 45)},
		// q and -q are one rotation: the blend must not take the long way.
		{"negated end", id, neg(axisAngle(z, 90)), 0.5, axisAngle(z, 45)},
		// 192° is -168° the short way round: halfway is -84°, not 96°.
		{"past half turn", id, axisAngle(z, 192), 0.5, axisAngle(z, -84)},
		{"just below half turn", id, axisAngle(z, 176), 0.25, axisAngle(z, 44)},
		{"just above half turn", id, axisAngle(z, 184), 0.25, axisAngle(z, -44)},
		// dot > 0.9995: the nlerp branch, exact at t = 0.5 by symmetry.
		{"tiny step", axisAngle(z, 10), axisAngle(z, 11), 0.5, axisAngle(z, 10.5)},
		{"t=0", axisAngle(z, 10), axisAngle(z, 70), 0, axisAngle(z, 10)},
		{"t=1", axisAngle(z, 10), axisAngle(z, 70), 1, axisAngle(z, 70)},
	}
	for _, c := range cases {
		got := slerpValues(c.a, c.b, c.t)
		if !sameRotation(got, c.want, 1e-9) {
			t.Errorf("%s: got %v want %v", c.name, got, c.want)
		}
	}
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 2000; i++ {
		a := axisAngle([3]float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}, rng.Float64()*720-360)
		b := axisAngle([3]float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}, rng.Float64()*720-360)
		if i%3 == 0 { // nearly parallel pairs exercise the nlerp branch
			b = quatMul(a, axisAngle([3]float64{1, 2, 3}, rng.Float64()*3))
		}
		tt := rng.Float64()
		got := slerpValues(a, b, tt)
		want := slerpByPower(a, b, tt)
		// nlerp deviates from slerp by up to ~1e-6 below the 0.9995
		// threshold (half-angle 0.032 rad); slerp itself agrees to rounding.
		tol := 1e-9
		if d := math.Abs(a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]); d > SlerpLinearDot {
			tol = 3e-6
		}
		if !sameRotation(got, want, tol) {
			t.Fatalf("random pair %d: slerp(%v, %v, %v) = %v, want %v", i, a, b, tt, got, want)
		}
		if l := math.Sqrt(got[0]*got[0] + got[1]*got[1] + got[2]*got[2] + got[3]*got[3]); math.Abs(l-1) > 1e-12 {
			t.Fatalf("random pair %d: result length %v", i, l)
		}
	}
}

func neg(q [4]float64) [4]float64 { return [4]float64{-q[0], -q[1], -q[2], -q[3]} }

func TestSampledQuat(t *testing.T) {
	z := [3]float64{0, 0, 1}
	// Stored signs alternate as a file may store them; sampling must
	// still follow the shortest arc and return stored frames as stored.
	s := &SampledQuat{Q: [][4]float64{axisAngle(z, 0), neg(axisAngle(z, 20)), axisAngle(z, 40)}}
	for _, c := range []struct {
		f    float64
		want [4]float64
	}{
		{-1, axisAngle(z, 0)}, {0.5, axisAngle(z, 10)}, {1, neg(axisAngle(z, 20))},
		{1.25, axisAngle(z, 25)}, {2, axisAngle(z, 40)}, {9, axisAngle(z, 40)}, {math.NaN(), axisAngle(z, 0)},
	} {
		got := s.EvalQuat(c.f)
		if !sameRotation(got, c.want, 1e-12) {
			t.Errorf("EvalQuat(%v) = %v, want %v", c.f, got, c.want)
		}
	}
	if got := s.EvalQuat(1); got != neg(axisAngle(z, 20)) {
		t.Errorf("whole frame not returned as stored: %v", got)
	}
	for c := 0; c < 4; c++ {
		comp := s.Component(c)
		if got, want := comp.Eval(1.25), s.EvalQuat(1.25)[c]; got != want {
			t.Errorf("component %d Eval = %v, want %v", c, got, want)
		}
		if comp.Key(1).Value != s.Q[1][c] || comp.NumKeys() != 3 || comp.Kind() != KindSampled {
			t.Errorf("component %d keys wrong", c)
		}
		if err := comp.Validate(); err != nil {
			t.Errorf("component %d: %v", c, err)
		}
	}
	if err := (&QuatComponent{Quat: s, C: 4}).Validate(); err == nil {
		t.Error("component 4 validated")
	}
	if err := (&SampledQuat{Q: [][4]float64{{0, 0, 0, 0}}}).Validate(); err == nil {
		t.Error("zero quaternion validated")
	}
	if err := (&SampledQuat{Q: [][4]float64{{0, math.NaN(), 0, 1}}}).Validate(); err == nil {
		t.Error("NaN quaternion validated")
	}
}

func sampledClip() *Clip {
	z := [3]float64{0, 0, 1}
	q := &SampledQuat{Q: [][4]float64{axisAngle(z, 0), axisAngle(z, 30), axisAngle(z, 200)}}
	tr := &Sampled{Values: []float64{0, 1, 2}}
	tgt := Target{Name: "b", Kind: JointTarget, TexGen: -1, Quaternion: true, Base: DefaultBase(), Quat: q,
		Channels: []Channel{{QuatX, q.Component(0)}, {QuatY, q.Component(1)}, {QuatZ, q.Component(2)}, {QuatW, q.Component(3)},
			{TransX, tr}, {TransY, Constant(4)}, {TransZ, tr}}}
	return &Clip{Format: "jba", Duration: 2, FPS: 30, Loop: Loop, Targets: []Target{tgt, tgt}}
}

func TestEvaluateSampled(t *testing.T) {
	c := sampledClip()
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	pose := NewPose(c)
	Evaluate(c, 1.5, pose)
	p := pose.Targets[1]
	wantQ := slerpValues(c.Targets[0].Quat.(*SampledQuat).Q[1], c.Targets[0].Quat.(*SampledQuat).Q[2], 0.5)
	if p.V[QuatX] != wantQ[0] || p.V[QuatY] != wantQ[1] || p.V[QuatZ] != wantQ[2] || p.V[QuatW] != wantQ[3] || !p.Quaternion {
		t.Errorf("pose rotation %v, want %v", p.V[QuatX:QuatW+1], wantQ)
	}
	if p.V[TransX] != 1.5 || p.V[TransY] != 4 || p.V[TransZ] != 1.5 || p.V[ScaleX] != 1 {
		t.Errorf("pose translation/scale %v", p.V)
	}
	if n := testing.AllocsPerRun(100, func() { Evaluate(c, 0.75, pose) }); n != 0 {
		t.Errorf("Evaluate allocates %v times", n)
	}
}

func TestRootMotionValidated(t *testing.T) {
	c := sampledClip()
	rm := c.Targets[0]
	rm.Channels = append([]Channel(nil), rm.Channels...)
	rm.Channels[5] = Channel{TransY, Constant(math.NaN())}
	c.RootMotion = &rm
	err := c.Validate()
	if err == nil || !strings.HasPrefix(err.Error(), "root motion channel translation.y") {
		t.Fatalf("err = %v, want a root motion error", err)
	}
	c.Targets[1].Channels = rm.Channels
	if err := c.Validate(); err == nil || !strings.HasPrefix(err.Error(), `target 1 ("b") channel translation.y`) {
		t.Fatalf("err = %v, want the target 1 error first", err)
	}
}

// The branch choice is part of the format's sampling rule: above the
// threshold the result is the normalized lerp, below it the true slerp.
func TestSlerpThreshold(t *testing.T) {
	z := [3]float64{0, 0, 1}
	a := axisAngle(z, 0)
	nlerp := func(a, b [4]float64, t float64) [4]float64 {
		var r [4]float64
		l := 0.0
		for c := range r {
			r[c] = a[c] + (b[c]-a[c])*t
			l += r[c] * r[c]
		}
		for c := range r {
			r[c] /= math.Sqrt(l)
		}
		return r
	}
	above := axisAngle(z, 3.5) // dot = cos(1.75°) = 0.99953
	below := axisAngle(z, 3.7) // dot = cos(1.85°) = 0.99948
	if got, want := slerpValues(a, above, 0.25), nlerp(a, above, 0.25); !sameRotation(got, want, 1e-15) {
		t.Errorf("above threshold: got %v, want nlerp %v", got, want)
	}
	if got, want := slerpValues(a, below, 0.25), axisAngle(z, 3.7*0.25); !sameRotation(got, want, 1e-14) {
		t.Errorf("below threshold: got %v, want slerp %v", got, want)
	}
	if got, lerp := slerpValues(a, below, 0.25), nlerp(a, below, 0.25); sameRotation(got, lerp, 1e-9) {
		t.Errorf("below threshold the result %v equals nlerp; the test cannot tell the branches apart", got)
	}
}
