package anim

import (
	"math"
	"testing"
)

// G3d's frame control, from its two play policies as NintendoWare
// states them: once clamps to [start, end] and holds the end frame;
// loop keeps a frame inside [start, end] and brings one past an end back
// in from the other end by the overshoot modulo the length.
func TestG3dClock(t *testing.T) {
	type step struct{ dt, want float64 }
	cases := []struct {
		mode  LoopMode
		rate  float64
		steps []step
	}{
		// A 10-frame clip played once holds frame 10 exactly (J3D: 9.999).
		{Once, 1, []step{{4, 4}, {5.5, 9.5}, {1, 10}, {3, 10}}},
		// Backwards once stops at frame 0.
		{Once, -1, []step{{0, 0}, {2, 0}}},
		// Loop: frame 10 itself is shown, 10.5 wraps to 0.5, a step of 25
		// from 0.5 lands on 5.5.
		{Loop, 1, []step{{10, 10}, {0.5, 0.5}, {25, 5.5}}},
		// Backwards, loop wraps below 0 too (J3D's does not): 0 − 3 is 7.
		{Loop, -1, []step{{3, 7}, {7, 0}, {0.25, 9.75}}},
	}
	for _, c := range cases {
		clk := Clock{Mode: c.mode, Duration: 10, Rate: c.rate, Speed: c.rate, Runtime: G3dRuntime}
		for i, s := range c.steps {
			clk.Advance(s.dt)
			if math.Abs(clk.Frame-s.want) > 1e-12 {
				t.Errorf("%v rate %g step %d (dt %g): frame %g, want %g", c.mode, c.rate, i, s.dt, clk.Frame, s.want)
			}
		}
	}
	// FrameAtTimeRuntime agrees with the policies: t (in frames) past the
	// end of a once clip is its end; a loop clip shows its end frame at t
	// = end and wraps after.
	for _, c := range []struct {
		mode    LoopMode
		t, want float64
	}{{Once, 3, 3}, {Once, 10, 10}, {Once, 17, 10}, {Loop, 10, 10}, {Loop, 12.5, 2.5}, {Loop, 31, 1}, {Loop, -2, 0}} {
		if got := FrameAtTimeRuntime(G3dRuntime, c.mode, 10, c.t); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("FrameAtTimeRuntime(g3d, %v, 10, %g) = %g, want %g", c.mode, c.t, got, c.want)
		}
	}
	if got := G3dRuntime.LoopModes(); len(got) != 2 || got[0] != Once || got[1] != Loop {
		t.Errorf("G3d loop modes %v, want [once loop]", got)
	}
	if got := LateRuntime.LoopModes(); len(got) != NumLoopModes {
		t.Errorf("JSystem loop modes %v, want all five", got)
	}
	if G3dRuntime.JSystem() || !EarlyRuntime.JSystem() {
		t.Error("JSystem(): only late and early are JSystem runtimes")
	}
}
