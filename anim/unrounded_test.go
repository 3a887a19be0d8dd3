package anim

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestUnroundedRotations: the unrounded clip's J3D rotations are the raw
// Hermite times the rotation unit (2^frac·180/32768°), planned or not;
// the games' value lies within one unit of it toward zero (up to whole
// turns); at the keys, whose values are whole units, both are equal up to
// whole turns; other curves and the original clip are unchanged.
func TestUnroundedRotations(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	var keys []HermiteKey
	for f := 0; f <= 20; f++ {
		keys = append(keys, HermiteKey{Time: float64(f), Value: math.Round(rng.NormFloat64() * 5000), In: math.Round(rng.NormFloat64() * 800), Out: math.Round(rng.NormFloat64() * 800)})
	}
	for _, frac := range []int{0, 1, 2, 5} {
		rot := &Hermite{Keys: keys, RotationFrac: frac}
		rot.Prepare()
		tr := &Hermite{Keys: keys, RotationFrac: NotRotation}
		c := &Clip{Duration: 20, FPS: 30, Targets: []Target{{Name: "j", Kind: JointTarget, Base: DefaultBase(), Channels: []Channel{{RotY, rot}, {TransX, tr}}}}}
		for _, planned := range []bool{false, true} {
			if planned {
				c.Prepare()
			}
			u := c.UnroundedRotations()
			if u == c {
				t.Fatal("a clip with a keyed J3D rotation came back unchanged")
			}
			unit := math.Ldexp(180.0/32768, frac)
			pg, pu := NewPose(c), NewPose(u)
			for i := 0; i <= 2000; i++ {
				f := float64(i) / 100
				Evaluate(c, f, pg)
				Evaluate(u, f, pu)
				raw := hermiteReference(keys, f)
				want := raw * math.Exp2(float64(frac)) * 180 / 32768
				if got := pu.Targets[0].V[RotY]; math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
					t.Fatalf("frac %d planned %v frame %g: unrounded %v, want %v", frac, planned, f, got, want)
				}
				if pu.Targets[0].V[TransX] != raw || pg.Targets[0].V[TransX] != raw {
					t.Fatalf("frame %g: translation changed", f)
				}
				// The games' value minus the unrounded one, in whole turns'
				// remainder: within one unit toward zero.
				d := math.Remainder(pg.Targets[0].V[RotY]-want, 360)
				if d*math.Copysign(1, raw) > 1e-9 || math.Abs(d) >= unit {
					t.Fatalf("frac %d frame %g: game %v, unrounded %v: %v apart (unit %v)", frac, f, pg.Targets[0].V[RotY], want, d, unit)
				}
				if f == math.Trunc(f) && math.Abs(d) > 1e-9 {
					t.Fatalf("frac %d key frame %g: game %v, unrounded %v", frac, f, pg.Targets[0].V[RotY], want)
				}
			}
			if c.Targets[0].Channels[0].Curve != Curve(rot) {
				t.Fatal("the original clip's curve was replaced")
			}
		}
	}
	still := &Clip{Duration: 1, FPS: 30, Targets: []Target{{Name: "j", Channels: []Channel{{RotY, &Hermite{Keys: keys[:1], RotationFrac: 2}}}}}}
	if still.UnroundedRotations() != still {
		t.Error("a clip without a keyed J3D rotation was copied")
	}
}
