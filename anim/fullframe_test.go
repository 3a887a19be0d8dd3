package anim

import "testing"

// TestFullFrame checks the index rules by hand and that the evaluation
// plan (which resolves them once per frame) agrees with Eval, before and
// after switching the runtime.
func TestFullFrame(t *testing.T) {
	round := &FullFrame{Values: []float32{10, 20, 30}, Round: true}
	trunc := &FullFrame{Values: []float32{1, 2, 3, 4}}
	c := &Clip{Duration: 3, FPS: 30, Targets: []Target{{Base: DefaultBase(), Channels: []Channel{{TransX, round}, {TexIndex, trunc}}}}}
	c.Prepare()
	pose := NewPose(c)
	check := func(f, wantRound, wantTrunc float64) {
		t.Helper()
		if got := round.Eval(f); got != wantRound {
			t.Errorf("round Eval(%v) = %v, want %v", f, got, wantRound)
		}
		if got := trunc.Eval(f); got != wantTrunc {
			t.Errorf("trunc Eval(%v) = %v, want %v", f, got, wantTrunc)
		}
		Evaluate(c, f, pose)
		if v := pose.Targets[0].V; v[TransX] != wantRound || v[TexIndex] != wantTrunc {
			t.Errorf("Evaluate(%v) = %v, %v, want %v, %v", f, v[TransX], v[TexIndex], wantRound, wantTrunc)
		}
	}
	check(-0.5, 10, 1)
	check(0.49, 10, 1)
	check(0.5, 20, 1)
	check(1.5, 30, 2)
	check(2.4, 30, 3)
	check(3.99, 30, 4)
	check(1e30, 30, 4)
	c.SetRuntime(EarlyRuntime)
	check(0.5, 10, 1)
	check(1.99, 20, 2)
	check(2, 30, 3)
	c.SetRuntime(LateRuntime)
	check(0.5, 20, 1)
}
