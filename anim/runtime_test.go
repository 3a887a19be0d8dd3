package anim

import (
	"math"
	"testing"
)

// The earlier runtime's J3DFrameCtrl (zeldaret/tww J3DAnimation.cpp)
// clamps the mirrored modes: past the end to end − 0.001 (reversing), before
// the start to 0 (reversing, or stopping in mirrored-once). The sequences
// below are worked out by hand for a 4-frame clip stepped by 1.
func TestFrameAtTimeEarly(t *testing.T) {
	cases := []struct {
		mode LoopMode
		t    float64
		want float64
	}{
		{MirroredOnce, 3, 3},
		{MirroredOnce, 4, 3.999}, // the step reaching 4 clamps and turns
		{MirroredOnce, 4.5, 3.499},
		{MirroredOnce, 5, 2.999},
		{MirroredOnce, 7, 0.999},
		{MirroredOnce, 8, 0}, // −0.001 clamps to 0 and stops
		{MirroredOnce, 100, 0},
		{MirroredLoop, 3.5, 3.5},
		{MirroredLoop, 4, 3.999}, // turns at the end, not at end − 1
		{MirroredLoop, 6, 1.999},
		{MirroredLoop, 8, 0},
		{MirroredLoop, 9, 1},
		{MirroredLoop, 12, 3.999},
		{MirroredLoop, 13.25, 2.749},
		{MirroredLoop, 8e6 + 9, 1}, // whole cycles (8 steps) fold away
		{Loop, 5.5, 1.5},           // the other modes are the same in both runtimes
		{Once, 9, 3.999},
		{MirroredLoop, -1, 0},
	}
	for _, c := range cases {
		got := FrameAtTimeRuntime(EarlyRuntime, c.mode, 4, c.t)
		if math.Abs(got-c.want) > 1e-9 {
			t.Errorf("early %v t=%v: frame %v, want %v", c.mode, c.t, got, c.want)
		}
	}
	// The later runtime reflects: the same times give other frames.
	for _, c := range []struct {
		mode    LoopMode
		t, want float64
	}{{MirroredOnce, 4.5, 3.5}, {MirroredLoop, 4, 2}, {MirroredLoop, 13.25, 1.25}} {
		if got := FrameAtTimeRuntime(LateRuntime, c.mode, 4, c.t); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("late %v t=%v: frame %v, want %v", c.mode, c.t, got, c.want)
		}
	}
}

func TestClockEarly(t *testing.T) {
	c := Clock{Mode: MirroredLoop, Duration: 4, Rate: 1, Speed: 1, Runtime: EarlyRuntime}
	var ev Event
	for range 4 {
		ev = c.Advance(1)
	}
	if math.Abs(c.Frame-3.999) > 1e-9 || c.Rate != -1 || !has(ev, Bounced) {
		t.Fatalf("after 4 steps: frame %v rate %v event %v, want 3.999, -1, bounced", c.Frame, c.Rate, ev)
	}
	c = Clock{Mode: MirroredOnce, Duration: 4, Rate: 1, Speed: 1, Runtime: EarlyRuntime}
	if ev := c.Advance(1e12); math.Abs(c.Frame-3.999) > 1e-9 || c.Rate != -1 || !has(ev, Bounced) {
		t.Fatalf("huge step: frame %v rate %v event %v, want one clamp at 3.999", c.Frame, c.Rate, ev)
	}
	if ev := c.Advance(5); c.Frame != 0 || c.Rate != 0 || !has(ev, Stopped) {
		t.Fatalf("back past 0: frame %v rate %v event %v, want stopped at 0", c.Frame, c.Rate, ev)
	}
	// A later-runtime clock reflects at end − 1.
	c = Clock{Mode: MirroredLoop, Duration: 4, Rate: 1, Speed: 1}
	c.Advance(4)
	if math.Abs(c.Frame-2) > 1e-9 {
		t.Fatalf("late mirrored-loop after 4: %v, want 2", c.Frame)
	}
}

func TestParseRuntime(t *testing.T) {
	for _, r := range []Runtime{LateRuntime, EarlyRuntime} {
		if got, err := ParseRuntime(r.String()); err != nil || got != r {
			t.Errorf("ParseRuntime(%q) = %v, %v", r.String(), got, err)
		}
	}
	if _, err := ParseRuntime("middle"); err == nil {
		t.Error("ParseRuntime accepted middle")
	}
}
