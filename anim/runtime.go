package anim

import (
	"fmt"
	"math"
)

// Runtime is the generation of Nintendo's JSystem animation runtime whose
// rules playback follows. The two differ in two places:
//
//   - full-frame lookups (J3D BCA and BVA): the later runtime (Pikmin 2,
//     Twilight Princess, Super Mario Galaxy) picks value (int)(frame + 0.5),
//     the earlier one (Wind Waker, Super Mario Sunshine) (int)frame. BTP
//     truncates in both;
//   - J3DFrameCtrl's mirrored modes: the later runtime reflects an
//     overshoot (mirrored-once at the end, mirrored-loop at end − 1), the
//     earlier one clamps it (to end − 0.001 at the end, to 0 at the start)
//     and turns at the end itself.
//
// The zero value is the later runtime, the default.
//
// G3dRuntime is not a JSystem generation but NintendoWare G3d's frame
// control (BFRES): a clip there loops or plays once, nothing else, so only
// those two of the five modes exist under it (LoopModes), and both differ
// from J3DFrameCtrl at the end: see Clock.advanceG3d.
type Runtime uint8

const (
	LateRuntime  Runtime = iota // Pikmin 2, Twilight Princess, Galaxy (default)
	EarlyRuntime                // Wind Waker, Sunshine
	G3dRuntime                  // NintendoWare G3d (BFRES): loop or once
)

// g3dModes are the play policies of G3d's AnimFrameCtrl, in LoopMode
// terms; jsystemModes are J3DFrameCtrl's five.
var (
	g3dModes     = []LoopMode{Once, Loop}
	jsystemModes = []LoopMode{Once, OnceReset, Loop, MirroredOnce, MirroredLoop}
)

// LoopModes are the loop modes runtime r has, in LoopMode order. The
// slice is shared: do not modify it.
func (r Runtime) LoopModes() []LoopMode {
	if r == G3dRuntime {
		return g3dModes
	}
	return jsystemModes
}

// JSystem reports whether r is one of the JSystem generations (whose
// early/late switch applies).
func (r Runtime) JSystem() bool { return r == LateRuntime || r == EarlyRuntime }

// String is the runtime's name on the command line ("late", "early").
func (r Runtime) String() string {
	switch r {
	case LateRuntime:
		return "late"
	case EarlyRuntime:
		return "early"
	case G3dRuntime:
		return "g3d"
	}
	return fmt.Sprintf("runtime(%d)", uint8(r))
}

// ParseRuntime is the inverse of Runtime.String.
func ParseRuntime(s string) (Runtime, error) {
	switch s {
	case "late":
		return LateRuntime, nil
	case "early":
		return EarlyRuntime, nil
	}
	return 0, fmt.Errorf("unknown runtime %q (want early or late)", s)
}

// RuntimeCurve is a curve whose lookup depends on the runtime generation
// (a J3D full-frame track). SetRuntime switches it in place.
type RuntimeCurve interface {
	Curve
	SetRuntime(Runtime)
}

// SetRuntime switches every runtime-dependent curve of the clip to r (and
// rebuilds the evaluation plan, which resolves their index rules, when the
// clip has one and something changed).
func (c *Clip) SetRuntime(r Runtime) {
	changed := false
	for i := range c.Targets {
		for _, ch := range c.Targets[i].Channels {
			if rc, ok := ch.Curve.(RuntimeCurve); ok {
				if f, ok := rc.(*FullFrame); ok && f.Early == (r == EarlyRuntime) {
					continue
				}
				rc.SetRuntime(r)
				changed = true
			}
		}
	}
	if changed && c.plan != nil {
		c.Prepare()
	}
}

// advanceEarly is Advance under the earlier runtime's mirrored modes (the
// once and loop modes are the same in both runtimes and never get here).
// A step of any length is one J3DFrameCtrl update: an overshoot is clamped,
// not carried, so nothing needs splitting; a huge dt therefore cannot spin.
func (c *Clock) advanceEarly(dt float64) Event {
	if c.Paused || c.Rate == 0 || dt == 0 || math.IsNaN(dt) || math.IsNaN(c.Frame) {
		return 0
	}
	return c.updateEarly(c.Rate * dt)
}

// updateEarly is the earlier runtime's J3DFrameCtrl::update for the
// mirrored modes (zeldaret/tww, J3DAnimation.cpp): past the end the frame
// is clamped to end − 0.001 and the rate reversed; before the start it is
// clamped to 0 and the rate reversed (mirrored-loop) or zeroed
// (mirrored-once, which stops).
func (c *Clock) updateEarly(delta float64) Event {
	t := c.Frame + delta
	end := c.Duration
	var ev Event
	if t >= end {
		t = math.Max(end-onceEndEpsilon, 0)
		c.Rate = -c.Rate
		ev |= Bounced
	}
	if t < 0 {
		t = 0
		if c.Mode == MirroredOnce {
			c.Rate = 0
			ev |= Stopped
		} else {
			c.Rate = -c.Rate
			ev |= Bounced
		}
	}
	c.Frame = t
	return ev
}

// maxEarlySteps bounds the steps FrameAtTimeRuntime simulates.
const maxEarlySteps = 1 << 22

// FrameAtTimeRuntime is FrameAtTime under runtime r: what a Clock with that
// runtime, started at 0 with speed 1, shows after floor(t) steps of dt 1 and
// one step of frac(t). Under the earlier runtime the mirrored modes clamp
// at the ends, which makes the frames depend on the step size, so they are
// stepped (a mirrored-loop cycle is exact, since the clamp at the start
// lands on 0 exactly, and folded away first).
func FrameAtTimeRuntime(r Runtime, mode LoopMode, duration, t float64) float64 {
	if r == G3dRuntime && (mode == Once || mode == Loop) {
		return frameAtTimeG3d(mode, duration, t)
	}
	if r != EarlyRuntime || (mode != MirroredOnce && mode != MirroredLoop) {
		return FrameAtTime(mode, duration, t)
	}
	if !(t > 0) || !(duration > 0) {
		return 0
	}
	if math.IsInf(t, 1) {
		t = math.MaxFloat64
	}
	whole := math.Floor(t)
	frac := t - whole
	c := Clock{Mode: mode, Duration: duration, Rate: 1, Speed: 1, Runtime: EarlyRuntime}
	// One forward run and one backward run: the clock is back at 0 going
	// forwards (mirrored-loop) or stopped (mirrored-once).
	period := earlyPeriod(duration)
	if mode == MirroredLoop {
		whole = math.Mod(whole, float64(period))
	} else if whole > float64(period) {
		whole = float64(period)
	}
	n := int(math.Min(whole, maxEarlySteps))
	for i := 0; i < n && c.Rate != 0; i++ {
		c.updateEarly(c.Rate)
	}
	if frac > 0 && c.Rate != 0 {
		c.updateEarly(c.Rate * frac)
	}
	return c.Frame
}

// earlyPeriod is how many whole steps of 1 take an earlier-runtime
// mirrored clock from 0 (forwards) back to 0 (forwards): the steps up to
// the clamp at the end, then down to the clamp at the start.
func earlyPeriod(d float64) int {
	if d > maxEarlySteps {
		return maxEarlySteps
	}
	up := int(math.Ceil(d)) // frame k·1 reaches d at step ceil(d)
	top := math.Max(d-onceEndEpsilon, 0)
	down := int(math.Floor(top)) + 1 // steps until top − k < 0
	return up + down
}

// advanceG3d is Advance under NintendoWare G3d's AnimFrameCtrl
// (nw::g3d PlayPolicy_Onetime and PlayPolicy_Loop): once clamps the frame
// to [0, end] and holds the end frame itself (not end − 0.001); loop
// wraps an overshoot past either end by the clip's length, in both
// directions, and a frame exactly at the end stays there. Both policies
// are pure functions of the unwrapped frame, so a step of any size is one
// update. Other modes do not exist there and play as J3D's.
func (c *Clock) advanceG3d(dt float64) Event {
	if c.Paused || c.Rate == 0 || dt == 0 || math.IsNaN(dt) || math.IsNaN(c.Frame) {
		return 0
	}
	t := c.Frame + c.Rate*dt
	end := c.Duration
	if c.Mode == Once {
		if t >= end || t < 0 {
			c.Frame = math.Min(math.Max(t, 0), math.Max(end, 0))
			c.Rate = 0
			return Stopped
		}
		c.Frame = t
		return 0
	}
	f, wrapped := g3dLoop(t, end)
	c.Frame = f
	if wrapped {
		return Looped
	}
	return 0
}

// g3dLoop is PlayPolicy_Loop over [0, end]: a frame inside (ends
// included) is kept, one past an end by x comes back in by x modulo the
// length from the other end.
func g3dLoop(t, end float64) (float64, bool) {
	if end <= 0 {
		return 0, t != 0
	}
	switch {
	case t > end:
		return math.Mod(t-end, end), true
	case t < 0:
		return end - math.Mod(-t, end), true
	}
	return t, false
}

// frameAtTimeG3d is FrameAtTime under G3d's once and loop policies.
func frameAtTimeG3d(mode LoopMode, d, t float64) float64 {
	if !(t > 0) {
		return 0
	}
	if math.IsInf(t, 1) {
		t = math.MaxFloat64
	}
	if mode == Once {
		return math.Min(t, math.Max(d, 0))
	}
	f, _ := g3dLoop(t, d)
	return f
}
