package anim

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"testing"
)

type clockCase struct {
	LoopMode string
	Mode     int
	Duration float64
	Speed    float64
	DT       float64
	Steps    [][3]any
}

func loadClockCases(t *testing.T) []clockCase {
	t.Helper()
	data, err := os.ReadFile("testdata/loopmodes.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Cases []clockCase }
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) != 80 {
		t.Fatalf("got %d clock cases, want 80", len(doc.Cases))
	}
	return doc.Cases
}

// TestClockFixtures reproduces every sequence of the shared clock fixture
// (testdata/loopmodes.json; provenance in testdata/README.md).
func TestClockFixtures(t *testing.T) {
	for _, c := range loadClockCases(t) {
		name := fmt.Sprintf("%s/d%g/s%g/dt%g", c.LoopMode, c.Duration, c.Speed, c.DT)
		t.Run(name, func(t *testing.T) {
			mode, err := ParseLoopMode(c.LoopMode)
			if err != nil || int(mode) != c.Mode {
				t.Fatalf("ParseLoopMode(%q) = %v, %v; want %d", c.LoopMode, mode, err, c.Mode)
			}
			clk := NewClock(mode, c.Duration, c.Speed)
			for i, s := range c.Steps {
				clk.Advance(c.DT)
				want := s[0].(float64)
				state := "playing"
				if clk.Rate == 0 {
					state = "stopped"
				}
				sign := 0.0
				if clk.Rate > 0 {
					sign = 1
				} else if clk.Rate < 0 {
					sign = -1
				}
				if math.Abs(clk.Frame-want) > 1e-4*math.Max(1, math.Abs(want)) || state != s[1].(string) || sign != s[2].(float64) {
					t.Fatalf("step %d: got (%v, %s, %v), want (%v, %s, %v)", i+1, clk.Frame, state, sign, want, s[1], s[2])
				}
			}
		})
	}
}

// TestFrameAtTimeAgreesWithClock checks the stateless mapping against a
// clock stepped floor(t) times by 1 and once by frac(t).
func TestFrameAtTimeAgreesWithClock(t *testing.T) {
	for mode := LoopMode(0); mode < NumLoopModes; mode++ {
		for _, d := range []float64{10, 7, 30, 2} {
			for ti := 0; ti <= 400; ti++ {
				tm := float64(ti) * 0.37
				clk := NewClock(mode, d, 1)
				n := math.Floor(tm)
				for i := 0; i < int(n); i++ {
					clk.Advance(1)
				}
				clk.Advance(tm - n)
				got := FrameAtTime(mode, d, tm)
				if math.Abs(got-clk.Frame) > 1e-9*math.Max(1, tm) {
					t.Fatalf("%s d=%g t=%g: FrameAtTime %v, clock %v", mode, d, tm, got, clk.Frame)
				}
			}
		}
	}
}

func TestFrameAtTimeValues(t *testing.T) {
	cases := []struct {
		mode    LoopMode
		d, t    float64
		want    float64
		comment string
	}{
		{Once, 10, 12, 9.999, "held just before the end"},
		{OnceReset, 10, 10, 0, "snaps back"},
		{Loop, 10, 25.5, 5.5, ""},
		{Loop, 0, 3, 3, "zero duration does not wrap"},
		{MirroredOnce, 10, 13, 7, "on the way back"},
		{MirroredOnce, 10, 20.5, 0.5, "rests at the overshoot"},
		{MirroredOnce, 10, 27, 1, "at most one step of overshoot"},
		{MirroredLoop, 10, 12, 6, "bounces at end-1 = 9"},
		{MirroredLoop, 10, 18, 0, ""},
		{MirroredLoop, 10, 19.5, 1.5, ""},
		{Loop, 10, -4, 0, "before playback starts"},
	}
	for _, c := range cases {
		if got := FrameAtTime(c.mode, c.d, c.t); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("FrameAtTime(%s, %g, %g) = %v, want %v (%s)", c.mode, c.d, c.t, got, c.want, c.comment)
		}
	}
}

// TestClockLongDT checks that a dt spanning the clip many times equals the
// same time in unit steps, and that a huge dt returns at once.
func TestClockLongDT(t *testing.T) {
	for mode := LoopMode(0); mode < NumLoopModes; mode++ {
		for _, speed := range []float64{1, 2.5, -1} {
			for _, total := range []float64{23, 64.5, 7} {
				a := NewClock(mode, 10, speed)
				b := NewClock(mode, 10, speed)
				ev := a.Advance(total)
				steps := int(total)
				for i := 0; i < steps; i++ {
					b.Advance(1)
				}
				b.Advance(total - float64(steps))
				if mode == MirroredOnce && b.Rate == 0 {
					// The game rests at the overshoot of the step that
					// crosses 0, which depends on the step size itself;
					// a long step must still stop inside the clip.
					if a.Rate != 0 || a.Frame < 0 || a.Frame > 10 {
						t.Errorf("%s speed %g dt %g: got (%v, rate %v)", mode, speed, total, a.Frame, a.Rate)
					}
					continue
				}
				if math.Abs(a.Frame-b.Frame) > 1e-9 || math.Signbit(a.Rate) != math.Signbit(b.Rate) || (a.Rate == 0) != (b.Rate == 0) {
					t.Errorf("%s speed %g dt %g: one step (%v, rate %v), unit steps (%v, rate %v)", mode, speed, total, a.Frame, a.Rate, b.Frame, b.Rate)
				}
				if total > 20 && mode == Loop && speed > 0 && !has(ev, Looped) {
					t.Errorf("%s: dt %g did not report Looped", mode, total)
				}
			}
		}
		huge := NewClock(mode, 10, 1)
		huge.Advance(1e15)
		if huge.Frame < 0 && mode != Loop || huge.Frame > 10 || math.IsNaN(huge.Frame) {
			t.Errorf("%s: dt 1e15 left frame %v", mode, huge.Frame)
		}
	}
}

func TestClockEvents(t *testing.T) {
	c := NewClock(Once, 10, 1)
	if ev := c.Advance(9.5); ev != 0 || c.Frame != 9.5 {
		t.Fatalf("advance 9.5: ev %v frame %v", ev, c.Frame)
	}
	if ev := c.Advance(1); !has(ev, Stopped) || c.Frame != 9.999 || running(&c) {
		t.Fatalf("end of once: ev %v frame %v running %v", ev, c.Frame, running(&c))
	}
	p := NewClock(Once, 10, 1)
	p.Paused = true
	if ev := p.Advance(3); ev != 0 || p.Frame != 0 {
		t.Fatalf("paused clock moved: %v %v", ev, p.Frame)
	}

	m := NewClock(MirroredLoop, 10, 1)
	if ev := m.Advance(9.5); !has(ev, Bounced) || m.Frame != 8.5 || m.Rate != -1 {
		t.Fatalf("mirrored-loop bounce: ev %v frame %v rate %v", ev, m.Frame, m.Rate)
	}
	l := NewClock(Loop, 10, 1)
	if ev := l.Advance(10.5); !has(ev, Looped) || l.Frame != 0.5 {
		t.Fatalf("loop wrap: ev %v frame %v", ev, l.Frame)
	}
	z := NewClock(Loop, 10, 0)
	if ev := z.Advance(5); ev != 0 || z.Frame != 0 {
		t.Fatalf("zero speed moved: %v", z.Frame)
	}
}

// has reports whether all bits of f are set in e.
func has(e, f Event) bool { return e&f == f }

func TestParseLoopMode(t *testing.T) {
	for i, n := range []string{"once", "once-reset", "loop", "mirrored-once", "mirrored-loop"} {
		m, err := ParseLoopMode(n)
		if err != nil || int(m) != i || m.String() != n {
			t.Errorf("ParseLoopMode(%q) = %v, %v", n, m, err)
		}
		if m, err := ParseLoopMode(fmt.Sprint(i)); err != nil || int(m) != i {
			t.Errorf("ParseLoopMode(%d) = %v, %v", i, m, err)
		}
	}
	if _, err := ParseLoopMode("pingpong"); err == nil {
		t.Error("ParseLoopMode(pingpong): want error")
	}
}

// TestLoopBackwardsRunsPastTheStart pins J3DFrameCtrl's LOOP rule for a
// negative rate: it wraps below the start only by (loop frame − start),
// which is 0 here, so the frame keeps decreasing (the pose holds the
// first key). The viewer's Reverse wraps instead (internal/app), as a
// viewing aid; this clock stays the game's.
func TestLoopBackwardsRunsPastTheStart(t *testing.T) {
	c := NewClock(Loop, 30, -1)
	c.Frame = 5
	ev := c.Advance(12)
	if c.Frame != -7 || has(ev, Looped) || !running(&c) {
		t.Fatalf("loop at rate -1 from 5 for 12: frame %v event %v running %v; want -7, no wrap, running", c.Frame, ev, running(&c))
	}
	c.Advance(600)
	if c.Frame != -607 {
		t.Fatalf("600 more: frame %v, want -607", c.Frame)
	}
}

// running reports whether Advance moves the frame.
func running(c *Clock) bool { return !c.Paused && c.Rate != 0 }
