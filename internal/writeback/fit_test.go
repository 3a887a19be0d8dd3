package writeback

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/animscope/animscope/anim"
)

// hermiteOf is the fitted keys as the decoder's curve (anim.Hermite, the
// evaluator the game's pose is computed with).
func hermiteOf(keys []hkey, q quantizer) anim.Curve {
	if len(keys) == 1 {
		return anim.Constant(keys[0].v)
	}
	h := &anim.Hermite{RotationFrac: anim.NotRotation}
	if q.rotation {
		h.RotationFrac = q.frac
	}
	for _, k := range keys {
		h.Keys = append(h.Keys, anim.HermiteKey{Time: k.t, Value: k.v, In: k.in, Out: k.out})
	}
	return h
}

func TestFitSmoothJointFewKeys(t *testing.T) {
	frames := sampleFrames(30, nil)
	// A smooth swing of 40° (a walk's leg), in stored rotation units at
	// fraction 1, and a translation bob.
	const raw16 = 32768.0 / 180
	rot := make([]float64, len(frames))
	bob := make([]float64, len(frames))
	for i, f := range frames {
		rot[i] = 40 * math.Sin(f/30*2*math.Pi) * raw16 / 2
		bob[i] = 92 + 3*math.Cos(f/30*4*math.Pi)
	}
	q := quantizer{rotation: true, frac: 1}
	const tolDeg = 0.05
	keys := fitHermite(frames, rot, tolDeg*raw16/2, q)
	if len(keys) > 10 {
		t.Errorf("a 30-frame sine swing took %d keys, want few", len(keys))
	}
	c := hermiteOf(keys, q)
	for i := 0; i <= 30*16; i++ {
		f := float64(i) / 16
		want := 40 * math.Sin(f/30*2*math.Pi)
		if d := math.Abs(math.Remainder(c.Eval(f)-want, 360)); d > tolDeg+2*180.0/32768 {
			t.Fatalf("rotation at frame %g plays %g°, want %g° within %g", f, c.Eval(f), want, tolDeg)
		}
	}
	for _, k := range keys[1 : len(keys)-1] {
		if k.in == 0 && k.out == 0 {
			t.Errorf("key at %g has zero tangents", k.t)
		}
	}
	fq := quantizer{}
	bk := fitHermite(frames, bob, 1e-2, fq)
	if len(bk) > 16 {
		t.Errorf("a 30-frame bob took %d keys", len(bk))
	}
	bc := hermiteOf(bk, fq)
	for i := 0; i <= 30*16; i++ {
		f := float64(i) / 16
		want := 92 + 3*math.Cos(f/30*4*math.Pi)
		if d := math.Abs(bc.Eval(f) - want); d > 1.1e-2 {
			t.Fatalf("translation at frame %g plays %g, want %g", f, bc.Eval(f), want)
		}
	}
	t.Logf("keys: rotation %d, translation %d", len(keys), len(bk))
}

func TestFitConstantIsOneKey(t *testing.T) {
	frames := sampleFrames(10, nil)
	ys := make([]float64, len(frames))
	for i := range ys {
		ys[i] = 1e-7 * float64(i%3) // noise around 0 (a glTF's float error)
	}
	if k := fitHermite(frames, ys, 0.2, quantizer{rotation: true}); len(k) != 1 || k[0].v != 0 {
		t.Errorf("rotation noise around 0 fits as %v, want one key 0", k)
	}
}

// TestBandDiff: the band measure bounds the game's error: a spline value
// h, truncated toward zero as the game does (math.Trunc), plays within
// 1 + diff steps of the ideal y; it moves no faster than h (a spline a
// little past the band between samples plays only a little farther off);
// and the fit's aim and a key's stored value lie in the band.
func TestBandDiff(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	q := quantizer{rotation: true, frac: 2, band: true}
	for range 200000 {
		y := (r.Float64()*2 - 1) * math.Ldexp(1, r.IntN(12))
		h := y + (r.Float64()*2-1)*3
		d := q.diff(h, y)
		if g := math.Trunc(h); math.Abs(g-y) > 1+d+1e-9 {
			t.Fatalf("h %g plays %g, %g from %g, more than 1 + diff %g", h, g, math.Abs(g-y), y, d)
		}
		h2 := h + (r.Float64()*2-1)*0.1
		if dd := math.Abs(q.diff(h2, y) - d); dd > math.Abs(h2-h)+1e-12 {
			t.Fatalf("diff moves %g between %g and %g (y %g)", dd, h, h2, y)
		}
		if x := q.diff(q.target(y), y); x != 0 {
			t.Fatalf("the aim %g is %g outside the band of %g", q.target(y), x, y)
		}
		if x := q.diff(q.value(y), y); x != 0 {
			t.Fatalf("the key value %g is %g outside the band of %g", q.value(y), x, y)
		}
	}
}
