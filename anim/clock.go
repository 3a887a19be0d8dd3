package anim

import "math"

// Event reports what happened during one Clock.Advance.
type Event uint8

const (
	Looped  Event = 1 << iota // wrapped from the end back to the start
	Bounced                   // reversed direction at an end (mirrored modes)
	Stopped                   // came to rest (once, once-reset, mirrored-once)
)

// Clock is the playback clock: J3DFrameCtrl's update rule with a caller-given
// dt. It is a value type; it never reads a wall clock. Frames are
// animation frames; dt is in frame-steps (seconds × fps for real time).
//
// Rate is the current signed rate as the game keeps it: mirrored modes flip
// its sign at each bounce and the once modes set it to 0 when they stop.
// Speed is what the user asked for.
type Clock struct {
	Mode     LoopMode
	Duration float64 // end frame; the start and loop-start frames are 0
	Frame    float64
	Rate     float64
	Speed    float64
	Paused   bool
	// Runtime selects the JSystem generation's mirrored-mode rules (see
	// Runtime; the zero value is the later one). runtime.go has the rest.
	Runtime Runtime
}

// NewClock returns a clock at frame 0, playing at speed.
func NewClock(mode LoopMode, duration, speed float64) Clock {
	return Clock{Mode: mode, Duration: duration, Rate: speed, Speed: speed}
}

// Advance moves the clock by dt frame-steps and applies the loop mode.
// A dt spanning more than the clip behaves like the same time passed in
// steps no longer than the clip; periodic modes fold it in constant time.
func (c *Clock) Advance(dt float64) Event {
	if c.Runtime == EarlyRuntime && (c.Mode == MirroredOnce || c.Mode == MirroredLoop) {
		return c.advanceEarly(dt)
	}
	if c.Runtime == G3dRuntime && (c.Mode == Once || c.Mode == Loop) {
		return c.advanceG3d(dt)
	}
	if c.Paused || c.Rate == 0 || dt == 0 || math.IsNaN(dt) || math.IsNaN(c.Frame) {
		return 0
	}
	// The game's rule absorbs at most one overshoot per update, so a long
	// step is split into pieces that move at most `limit` frames each.
	limit := c.Duration
	if c.Mode == MirroredLoop {
		limit = c.Duration - 1
	}
	if limit <= 0 {
		c.update(c.Rate * dt)
		return 0
	}
	var ev Event
	speed := math.Abs(c.Rate)
	maxDt := limit / speed
	rest := dt
	if math.Abs(rest) > maxDt {
		// Periodic modes: whole periods change nothing, fold them away in
		// constant time so a huge dt cannot spin.
		switch {
		case c.Mode == Loop && c.Rate*dt > 0:
			if period := c.Duration / speed; math.Abs(rest) > period {
				rest = math.Mod(rest, period)
				ev |= Looped
			}
		case c.Mode == MirroredLoop:
			if period := 2 * limit / speed; math.Abs(rest) > period {
				rest = math.Mod(rest, period)
				ev |= Bounced
			}
		case c.Mode == Loop:
			// Running backwards in loop mode never wraps (the game's
			// rule): one update moves the frame the whole way.
			c.update(c.Rate * rest)
			return ev
		}
	}
	for math.Abs(rest) > maxDt && c.Rate != 0 {
		step := math.Copysign(maxDt, rest)
		ev |= c.update(c.Rate * step)
		rest -= step
	}
	if c.Rate != 0 && rest != 0 {
		ev |= c.update(c.Rate * rest)
	}
	return ev
}

// update is J3DFrameCtrl::update for one step of delta frames (the game's
// rate·dt), with its direction taken from the sign of delta.
func (c *Clock) update(delta float64) Event {
	t := c.Frame + delta
	end := c.Duration
	var ev Event
	switch c.Mode {
	case Once:
		if t < 0 {
			t, c.Rate = 0, 0
			ev |= Stopped
		}
		if t >= end {
			t, c.Rate = math.Max(end-onceEndEpsilon, 0), 0
			ev |= Stopped
		}
	case OnceReset:
		if t < 0 {
			t, c.Rate = 0, 0
			ev |= Stopped
		}
		if t >= end {
			t, c.Rate = 0, 0
			ev |= Stopped
		}
	case Loop:
		if end > 0 {
			for t >= end {
				t -= end
				ev |= Looped
			}
		}
	case MirroredOnce:
		if t >= end {
			t = end - (t - end)
			c.Rate = -c.Rate
			ev |= Bounced
		}
		if t < 0 {
			t, c.Rate = -t, 0
			ev |= Stopped
		}
	case MirroredLoop:
		e := end - 1
		if e <= 0 {
			t = 0
			break
		}
		if t >= e {
			t = e - (t - e)
			c.Rate = -c.Rate
			ev |= Bounced
		}
		if t < 0 {
			t = -t
			c.Rate = -c.Rate
			ev |= Bounced
		}
	}
	c.Frame = t
	return ev
}
