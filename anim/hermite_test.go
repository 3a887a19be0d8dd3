package anim

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// hermiteReference is EvalRaw with a linear key search: the segment choice
// the bisection and the search index must reproduce exactly.
func hermiteReference(keys []HermiteKey, f float64) float64 {
	n := len(keys)
	if f <= keys[0].Time || n == 1 {
		return keys[0].Value
	}
	if f >= keys[n-1].Time {
		return keys[n-1].Value
	}
	i := 0
	for i+1 < n-1 && keys[i+1].Time <= f {
		i++
	}
	return hermite(keys, i, f)
}

func randomKeys(rng *rand.Rand, n int, integerTimes bool) []HermiteKey {
	keys := make([]HermiteKey, n)
	t := rng.Float64()*10 - 5
	for i := range keys {
		switch {
		case i > 0 && rng.IntN(6) == 0:
			// a repeated time (a step in the curve)
		case integerTimes:
			t = math.Floor(t) + float64(1+rng.IntN(4))
		default:
			t += rng.ExpFloat64() * 3
		}
		keys[i] = HermiteKey{Time: t, Value: rng.NormFloat64() * 100, In: rng.NormFloat64(), Out: rng.NormFloat64()}
	}
	return keys
}

// TestHermiteSearchMatchesReference: with and without the index, every
// frame (key times, just around them, between, outside) evaluates exactly
// like the linear-search reference.
func TestHermiteSearchMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for iter := range 400 {
		n := 1 + rng.IntN(40)
		keys := randomKeys(rng, n, iter%2 == 0)
		plain := &Hermite{Keys: keys, RotationFrac: NotRotation}
		indexed := &Hermite{Keys: keys, RotationFrac: NotRotation}
		indexed.Prepare()
		if n >= minIndexedKeys && keys[n-1].Time > keys[0].Time && !indexed.indexed() {
			t.Fatalf("%d keys: no index built", n)
		}
		if err := indexed.Validate(); err != nil {
			t.Fatal(err)
		}
		var frames []float64
		for _, k := range keys {
			frames = append(frames, k.Time, math.Nextafter(k.Time, math.Inf(1)), math.Nextafter(k.Time, math.Inf(-1)), k.Time+0.37)
		}
		for range 50 {
			frames = append(frames, keys[0].Time-2+rng.Float64()*(keys[n-1].Time-keys[0].Time+4))
		}
		for _, f := range frames {
			want := hermiteReference(keys, f)
			if got := plain.EvalRaw(f); got != want {
				t.Fatalf("keys %v f %v: bisection %v, want %v", keys, f, got, want)
			}
			if got := indexed.EvalRaw(f); got != want {
				t.Fatalf("keys %v f %v: indexed %v, want %v", keys, f, got, want)
			}
		}
		if !math.IsNaN(indexed.EvalRaw(math.NaN())) && n > 1 && keys[n-1].Time > keys[0].Time {
			t.Fatal("NaN frame did not give NaN")
		}
	}
}

func TestHermiteIndexSharedAndStale(t *testing.T) {
	keys := randomKeys(rand.New(rand.NewPCG(1, 1)), 30, true)
	h := &Hermite{Keys: keys, RotationFrac: 0}
	h.Prepare()
	copyOf := *h // shares the index
	if &copyOf.below[0] != &h.below[0] || copyOf.EvalRaw(keys[10].Time+0.5) != hermiteReference(keys, keys[10].Time+0.5) {
		t.Fatal("copy does not share a working index")
	}
	// Changing a key time after Prepare: Validate says so, Eval stays in
	// bounds whatever the index claims.
	stale := append([]HermiteKey(nil), keys...)
	h.Keys = stale
	for i := 5; i < len(stale); i++ {
		stale[i].Time += 1000
	}
	if err := h.Validate(); err == nil || !strings.Contains(err.Error(), "call Prepare") {
		t.Errorf("stale index: Validate = %v", err)
	}
	for f := -10.0; f < 1100; f += 0.7 {
		h.EvalRaw(f)
	}
	h.Keys = stale[:7] // length changed: index ignored
	if got, want := h.EvalRaw(stale[3].Time+0.25), hermiteReference(stale[:7], stale[3].Time+0.25); got != want {
		t.Errorf("shortened keys: %v, want %v", got, want)
	}
	if err := h.Validate(); err == nil {
		t.Error("shortened keys: Validate accepted a stale index")
	}
	h.Prepare()
	if err := h.Validate(); err != nil {
		t.Errorf("after Prepare: %v", err)
	}
	// Curves the index cannot help stay unindexed.
	for _, ks := range [][]HermiteKey{keys[:3], {{Time: 2}, {Time: 2}, {Time: 2}, {Time: 2, Value: 1}}} {
		c := &Hermite{Keys: ks}
		c.Prepare()
		if c.indexed() {
			t.Errorf("%d keys spanning %v frames got an index", len(ks), ks[len(ks)-1].Time-ks[0].Time)
		}
	}
}

func TestHermiteEvalAllocatesNothing(t *testing.T) {
	h := &Hermite{Keys: randomKeys(rand.New(rand.NewPCG(2, 2)), 30, false), RotationFrac: 1}
	h.Prepare()
	var c Curve = h
	f := 0.0
	if a := testing.AllocsPerRun(100, func() { f += c.Eval(f*1e-9 + 3.3) }); a != 0 {
		t.Errorf("Eval allocates %v times", a)
	}
}

// BenchmarkHermiteEval evaluates 2000 30-key curves (the size of a big
// skeletal clip) at a fractional frame.
func BenchmarkHermiteEval(b *testing.B) {
	for _, prepared := range []bool{false, true} {
		name := "bisect"
		if prepared {
			name = "indexed"
		}
		b.Run(name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(5, 5))
			curves := make([]Hermite, 2000)
			for i := range curves {
				curves[i] = Hermite{Keys: randomKeys(rng, 30, true), RotationFrac: NotRotation}
				if prepared {
					curves[i].Prepare()
				}
			}
			sum := 0.0
			for b.Loop() {
				for i := range curves {
					sum += curves[i].EvalRaw(33.34)
				}
			}
			if sum == 42 {
				b.Log(sum)
			}
		})
	}
}
