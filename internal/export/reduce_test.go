package export

import (
	"math"
	"testing"
)

// TestReducerContract holds the key reduction to what the rest of the
// resampling relies on, whatever way it chooses keys: a channel that
// stays at its rest value gets no keys, one that holds still away from
// it gets one key of that value, and the keys of a changing channel
// reproduce every dense sample within the channel's tolerance when
// played back (LINEAR: lerp; STEP: the last key's value), with fewer
// keys than samples where the curve allows it. The samples and the
// playback are written here.
func TestReducerContract(t *testing.T) {
	const tol, end, dt = 1e-3, 20.0, 0.25
	rest := trs{R: [4]float64{0, 0, 0, 1}, S: [3]float64{1, 1, 1}}
	parabola := func(f float64) float64 { return f * f / 100 }
	stairs := func(f float64) float64 { return math.Floor(f / 5) }
	// Nodes: 0 at rest, 1 held away from rest, 2 moving smoothly
	// (LINEAR), 3 stepping (STEP); all in translation x.
	var dense []poseAt
	for f := 0.0; f <= end; f += dt {
		v := []trs{rest, rest, rest, rest}
		v[1].T[0] = 1
		v[2].T[0] = parabola(f)
		v[3].T[0] = stairs(f)
		dense = append(dense, poseAt{f: f, v: v})
	}
	tols := make([][numPaths]float64, 4)
	for j := range tols {
		tols[j] = [numPaths]float64{tol, tol, tol}
	}
	d := &reducer{keying: keying{
		tol:    tols,
		mode:   [][numPaths]interp{{}, {}, {}, {interpStep, interpLinear, interpLinear}},
		active: [][numPaths]bool{{}, {}, {true, false, false}, {true, false, false}},
		wmin:   1e-4,
	}}
	chans := d.reduce(dense, []trs{rest, rest, rest, rest}, func(j int) int { return 10 + j })
	byNode := map[int]nodeChannel{}
	for _, ch := range chans {
		if ch.path != pathT {
			t.Errorf("node %d: a channel on path %d, which never changes", ch.node, ch.path)
			continue
		}
		byNode[ch.node] = ch
	}
	if len(chans) != 3 {
		t.Fatalf("%d channels, want 3 (nodes 11, 12, 13): %+v", len(chans), chans)
	}
	if ch, ok := byNode[11]; !ok || len(ch.frames) != 1 || ch.frames[0] != 0 || ch.values[0] != 1 || ch.values[1] != 0 || ch.values[2] != 0 {
		t.Errorf("held node: %+v, want one key (1, 0, 0) at frame 0", ch)
	}
	play := func(ch nodeChannel, step bool, f float64) float64 {
		k := 0
		for k+1 < len(ch.frames) && ch.frames[k+1] <= f {
			k++
		}
		if step || k+1 == len(ch.frames) {
			return ch.values[3*k]
		}
		u := (f - ch.frames[k]) / (ch.frames[k+1] - ch.frames[k])
		return ch.values[3*k] + (ch.values[3*k+3]-ch.values[3*k])*u
	}
	for _, c := range []struct {
		node int
		mode interp
		fn   func(float64) float64
	}{{12, interpLinear, parabola}, {13, interpStep, stairs}} {
		ch, ok := byNode[c.node]
		if !ok {
			t.Errorf("node %d: no channel", c.node)
			continue
		}
		if ch.mode != c.mode {
			t.Errorf("node %d: interpolation %d, want %d", c.node, ch.mode, c.mode)
		}
		if len(ch.frames) >= len(dense) {
			t.Errorf("node %d: %d keys for %d samples", c.node, len(ch.frames), len(dense))
		}
		worst := 0.0
		for _, s := range dense {
			worst = math.Max(worst, math.Abs(play(ch, c.mode == interpStep, s.f)-c.fn(s.f)))
		}
		if worst > tol {
			t.Errorf("node %d: %d keys miss a sample by %.3g (tolerance %g)", c.node, len(ch.frames), worst, tol)
		}
	}
	// The stairs change four times after frame 0: a key at 0 and one at
	// each change, and no more.
	if ch := byNode[13]; len(ch.frames) != 5 {
		t.Errorf("stepping node: %d keys at %v, want the five where it changes", len(ch.frames), ch.frames)
	}
}
