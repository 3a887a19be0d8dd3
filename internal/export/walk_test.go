package export

import (
	"math"
	"testing"
)

// TestWalkAfterJump: a smooth LINEAR curve that jumps between two
// candidate frames (no key of its own marks the jump) is keyed within the
// tolerance away from the jump, and the leaves grow back after it: the
// sampling costs a few hundred evaluations, not one per narrowest leaf
// over the rest of the span. The curve is written here; the keys are
// played by plain lerp.
func TestWalkAfterJump(t *testing.T) {
	const tol, jump, end = 1e-3, 10.3, 100.0
	curve := func(f float64) float64 {
		x := 0.2 * math.Sin(f/7)
		if f >= jump {
			x += 1
		}
		return x
	}
	evals := 0
	r := &refiner{
		at: func(f float64, out []trs) {
			evals++
			out[0] = trs{T: [3]float64{curve(f), 0, 0}, R: [4]float64{0, 0, 0, 1}, S: [3]float64{1, 1, 1}}
		},
		n: 1,
		keying: keying{
			tol:     [][numPaths]float64{{tol, tol, tol}},
			mode:    [][numPaths]interp{{interpLinear, interpLinear, interpLinear}},
			active:  [][numPaths]bool{{true, false, false}},
			wmin:    1e-4,
			hermite: true,
		},
		maxLeaf:   cubicGrid,
		evalsLeft: 1 << 20,
	}
	rest := []trs{{R: [4]float64{0, 0, 0, 1}, S: [3]float64{1, 1, 1}}}
	chans := (&reducer{keying: r.keying}).reduce(r.run([]float64{0, end}), rest, func(int) int { return 0 })
	if r.exhausted || evals > 1000 {
		t.Fatalf("%d evaluations (exhausted %v)", evals, r.exhausted)
	}
	if len(chans) != 1 || chans[0].path != pathT {
		t.Fatalf("channels %+v", chans)
	}
	ch := chans[0]
	worst := 0.0
	for f := 0.0; f <= end; f += 1.0 / 97 {
		k := 0
		for k+2 < len(ch.frames) && ch.frames[k+1] <= f {
			k++
		}
		if ch.frames[k] < jump && ch.frames[k+1] >= jump {
			continue // the ramp across the jump
		}
		u := (f - ch.frames[k]) / (ch.frames[k+1] - ch.frames[k])
		x := ch.values[3*k] + (ch.values[3*k+3]-ch.values[3*k])*u
		worst = math.Max(worst, math.Abs(x-curve(f)))
	}
	if worst > tol {
		t.Errorf("%d keys: off by %.3g (tolerance %g)", len(ch.frames), worst, tol)
	}
}

// TestWalkNaNChannel: a node whose local transform is undefined (NaN
// scale: a joint under a parent scaled to zero, as Wind Waker's gicer01
// clip does to Link for its first frames) beside a smooth one does not
// make every leaf fail: the walk keys the smooth node in about as many
// evaluations as alone, not one per narrowest leaf over the clip (that
// took a minute and 3.7 GB on the real clip).
func TestWalkNaNChannel(t *testing.T) {
	const tol, end = 1e-3, 30.0
	curve := func(f float64) float64 { return 0.2 * math.Sin(f/7) }
	evals := 0
	r := &refiner{
		at: func(f float64, out []trs) {
			evals++
			out[0] = trs{T: [3]float64{curve(f), 0, 0}, R: [4]float64{0, 0, 0, 1}, S: [3]float64{1, 1, 1}}
			nan := math.NaN()
			out[1] = trs{R: [4]float64{0, 0, 0, 1}, S: [3]float64{nan, nan, nan}}
		},
		n: 2,
		keying: keying{
			tol:     [][numPaths]float64{{tol, tol, tol}, {tol, tol, tol}},
			mode:    [][numPaths]interp{{interpLinear, interpLinear, interpLinear}, {interpLinear, interpLinear, interpLinear}},
			active:  [][numPaths]bool{{true, false, false}, {false, false, true}},
			wmin:    1e-4,
			hermite: true,
		},
		maxLeaf:   cubicGrid,
		evalsLeft: 1 << 20,
	}
	dense := r.run([]float64{0, end})
	if r.exhausted || evals > 1000 {
		t.Fatalf("%d evaluations, %d samples (exhausted %v)", evals, len(dense), r.exhausted)
	}
}
