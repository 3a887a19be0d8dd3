package anim

import (
	"math"
	"math/rand"
	"testing"
)

// randomClip mixes every kind of channel the plan treats differently:
// constants, one-key and many-key Hermites (rotation and not), other
// curves, quaternion tracks.
func randomClip(r *rand.Rand) *Clip {
	c := &Clip{Duration: 40, FPS: 30, Loop: Loop}
	for i := 0; i < 30; i++ {
		t := Target{Kind: JointTarget, Index: i, Base: DefaultBase()}
		for s := ScaleX; s <= TransZ; s++ {
			switch r.Intn(4) {
			case 0:
				t.Channels = append(t.Channels, Channel{s, Constant(r.Float64() * 10)})
			case 1:
				n := 1 + r.Intn(12)
				keys := make([]HermiteKey, n)
				tm := -5 + r.Float64()*5
				for k := range keys {
					keys[k] = HermiteKey{tm, r.Float64()*2000 - 1000, r.NormFloat64() * 50, r.NormFloat64() * 50}
					tm += r.Float64() * 6
					if r.Intn(6) == 0 {
						tm = keys[k].Time // repeated key times
					}
				}
				frac := NotRotation
				if s.IsRotation() {
					frac = r.Intn(4)
				}
				h := &Hermite{Keys: keys, RotationFrac: frac}
				if r.Intn(2) == 0 {
					h.Prepare()
				}
				t.Channels = append(t.Channels, Channel{s, h})
			case 2:
				t.Channels = append(t.Channels, Channel{s, &Sampled{Values: []float64{r.Float64(), r.Float64(), r.Float64()}}})
			}
		}
		if r.Intn(3) == 0 {
			q := &SampledQuat{Q: [][4]float64{{0, 0, 0, 1}, {0, 0.6, 0, 0.8}, {0.6, 0, 0, 0.8}}}
			t.Quaternion = true
			t.Quat = q
			for c := 0; c < 4; c++ {
				t.Channels = append(t.Channels, Channel{QuatX + Slot(c), &QuatComponent{Quat: q, C: c}})
			}
		}
		c.Targets = append(c.Targets, t)
	}
	return c
}

// TestPlannedEvaluateMatchesGeneric checks the plan (constants folded,
// direct Hermite calls, segment hints) against the generic per-target
// evaluation, over frames that move forwards, backwards and jump, so hints
// hit, miss and go stale.
func TestPlannedEvaluateMatchesGeneric(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for n := 0; n < 20; n++ {
		clip := randomClip(r)
		if err := clip.Validate(); err != nil {
			t.Fatal(err)
		}
		planned := *clip
		planned.Prepare()
		pp := NewPose(&planned)
		want := TargetPose{}
		frames := []float64{-10, -1, 0, 0.5, 1, 1.25, 3, 2.9, 20, 19.99, 7, 7, 45, 1000, 0.001, math.NaN()}
		for k := 0; k < 60; k++ {
			frames = append(frames, r.Float64()*60-10)
		}
		for _, f := range frames {
			Evaluate(&planned, f, pp)
			for i := range clip.Targets {
				EvaluateTarget(&clip.Targets[i], f, &want)
				got := pp.Targets[i]
				for s := range want.V {
					g, w := got.V[s], want.V[s]
					if g != w && !(math.IsNaN(g) && math.IsNaN(w)) {
						t.Fatalf("clip %d frame %v target %d slot %s: planned %v, generic %v", n, f, i, Slot(s).Name(JointTarget), g, w)
					}
				}
				if got.Quaternion != want.Quaternion {
					t.Fatalf("target %d: Quaternion flag differs", i)
				}
			}
		}
	}
}

func TestPlannedEvaluateAllocatesNothing(t *testing.T) {
	clip := randomClip(rand.New(rand.NewSource(1)))
	clip.Prepare()
	pose := NewPose(clip)
	f := 0.0
	if a := testing.AllocsPerRun(200, func() { f += 0.37; Evaluate(clip, f, pose) }); a != 0 {
		t.Fatalf("planned Evaluate allocates %v times", a)
	}
}

// TestPoseSharedBetweenClips evaluates two clips with the same number of
// keyed channels into one pose alternately: each must get its own values,
// not segments cached for the other.
func TestPoseSharedBetweenClips(t *testing.T) {
	mk := func(v float64) *Clip {
		h := &Hermite{Keys: []HermiteKey{{0, 0, 0, 0}, {10, v, 0, 0}}, RotationFrac: NotRotation}
		c := &Clip{Duration: 10, FPS: 30, Targets: []Target{{Base: DefaultBase(), Channels: []Channel{{TransX, h}}}}}
		c.Prepare()
		return c
	}
	a, b := mk(10), mk(-10)
	pose := NewPose(a)
	for i := 0; i < 3; i++ {
		Evaluate(a, 5, pose)
		if got := pose.Targets[0].V[TransX]; got != 5 {
			t.Fatalf("clip a: %v, want 5", got)
		}
		Evaluate(b, 5, pose)
		if got := pose.Targets[0].V[TransX]; got != -5 {
			t.Fatalf("clip b: %v, want -5", got)
		}
	}
}
