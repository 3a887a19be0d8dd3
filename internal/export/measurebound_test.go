package export

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestNlerpDrift: for key pairs of every angle up to π/2 (as unit
// quaternions, positive dot), the rotation between the specification's
// slerp and Blender's normalised lerp, played by Slerp and Nlerp at
// every 1/512 of the span, stays within nlerpDrift·Ω³; and the bound is
// not loose by more than a few percent at its worst.
func TestNlerpDrift(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	rnd := func() [4]float64 {
		var q [4]float64
		n := 0.0
		for i := range q {
			q[i] = rng.NormFloat64()
			n += q[i] * q[i]
		}
		for i := range q {
			q[i] /= math.Sqrt(n)
		}
		return q
	}
	tightest := 0.0
	for range 2000 {
		a, b := rnd(), rnd()
		d := a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]
		if d < 0 {
			for i := range b {
				b[i] = -b[i]
			}
			d = -d
		}
		om := math.Acos(math.Min(1, d))
		if om < 1e-3 {
			continue
		}
		worst := 0.0
		for i := 1; i < 512; i++ {
			u := float64(i) / 512
			s, n := Slerp(a, b, u), Nlerp(a, b, u)
			dot := math.Abs(s[0]*n[0] + s[1]*n[1] + s[2]*n[2] + s[3]*n[3])
			worst = math.Max(worst, 2*math.Acos(math.Min(1, dot)))
		}
		if worst > nlerpDrift*om*om*om*(1+1e-9)+1e-12 {
			t.Fatalf("Ω %.4f: slerp and nlerp %.4g apart, bound %.4g", om, worst, nlerpDrift*om*om*om)
		}
		tightest = math.Max(tightest, worst/(nlerpDrift*om*om*om))
	}
	if tightest < 0.9 {
		t.Errorf("the bound is at least %.2f× the worst gap: looser than it needs", 1/tightest)
	}
}

// TestCondBound: condBound is at least the condition number (largest over
// least singular value, from spectralNorm3 of the matrix and of its
// inverse) of random affine matrices, and equal to it for a rotation
// times a uniform scale.
func TestCondBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 4))
	for i := range 500 {
		var m mgl64.Mat4
		if i%2 == 0 {
			q := mgl64.QuatRotate(rng.Float64()*6, mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize())
			m = q.Mat4().Mul(0.1 + 5*rng.Float64())
			m[15] = 1
		} else {
			for c := 0; c < 3; c++ {
				for r := 0; r < 3; r++ {
					m[c*4+r] = rng.NormFloat64()
				}
			}
			m[15] = 1
		}
		inv := m.Inv()
		want := spectralNorm3(&m) * spectralNorm3(&inv)
		got := condBound(&m)
		if got < want*(1-1e-6) {
			t.Fatalf("matrix %d: condBound %.6g under the condition number %.6g", i, got, want)
		}
		if i%2 == 0 && math.Abs(got-1) > 1e-6 {
			t.Errorf("rotation times uniform scale: condBound %.9g, want 1", got)
		}
	}
}
