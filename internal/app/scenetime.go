package app

import (
	"math"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// The scene has one time, in seconds, that play, pause, step, scrub, Home
// and End move; every clip maps it through its own loop mode, length and
// frame rate (as the loop-mode comparison maps its shared time), so a
// walk and a scrolling texture never drift apart. A clip may be muted
// (shown at rest) or offset (starting that many of its frames later).
// Each slot's anim.Clock is derived from the scene time after every
// change, for the views that show a clip's frame, mode and direction.

// localTime is slot s's playback time, in its own frames, at scene time t.
// Seconds do not hold whole frames exactly (31/30·30 is not 31), so a
// time within a hair of a whole frame is that frame.
func (s *slot) localTime(t float64) float64 {
	lt := t*s.clip.FPS - s.offset
	if r := math.Round(lt); math.Abs(lt-r) < 1e-9*math.Max(1, math.Abs(r)) {
		return r
	}
	return lt
}

// viewFrame maps a clip's playback time (frames) to its frame under mode,
// as anim.FrameAtTime does from time 0 onwards. Before 0, which the
// viewer reaches playing in reverse, the loop modes keep wrapping (the
// viewer's Reverse is a viewing aid: the game's LOOP would run past the
// start, see anim.Clock) and the others rest at frame 0. A mirrored-once
// clip rests at 0 after its way back (anim.FrameAtTime keeps the
// overshoot of a whole frame step; the viewer's steps are finer).
func viewFrame(r anim.Runtime, mode anim.LoopMode, d, t float64) float64 {
	if math.IsNaN(t) {
		return 0
	}
	switch {
	case t < 0 && mode == anim.Loop && d > 0:
		if f := math.Mod(t, d) + d; f < d {
			return f
		}
		return 0
	case t < 0 && mode == anim.MirroredLoop:
		return anim.FrameAtTimeRuntime(r, mode, d, -t)
	case mode == anim.MirroredOnce && t >= 2*d:
		return 0
	case mode == anim.Loop && t == d:
		// End seeks here: the last frame, which playing never shows
		// (the loop wraps there).
		return d
	}
	return anim.FrameAtTimeRuntime(r, mode, d, t)
}

// restsAt reports whether a clip in mode, d frames long, has come to rest
// at playback time t when the scene runs in direction dir (+1 or -1):
// the once modes past their end going forwards, before their start going
// backwards. Looping modes never rest.
func restsAt(mode anim.LoopMode, d, t float64, dir float64) bool {
	var end float64
	switch mode {
	case anim.Once, anim.OnceReset:
		end = d
	case anim.MirroredOnce:
		end = 2 * d
	default:
		return false
	}
	if dir < 0 {
		return t <= 0
	}
	return t >= end
}

// endTime is the playback time (frames) at which a clip in a once mode
// comes to rest; a looping clip's length.
func endTime(mode anim.LoopMode, d float64) float64 {
	if mode == anim.MirroredOnce {
		return 2 * d
	}
	return d
}

// resting reports whether s has come to rest in the scene's direction (a
// muted clip counts as resting).
func (a *App) resting(s *slot) bool {
	return s.muted || restsAt(s.clock.Mode, s.clip.Duration, s.localTime(a.sceneT), a.speed)
}

// sceneEnded reports whether every clip has come to rest: the scene then
// stops, and Play starts it over.
func (a *App) sceneEnded() bool {
	for _, s := range a.slots() {
		if !a.resting(s) {
			return false
		}
	}
	return true
}

// Playing reports whether the scene plays (what the Play button shows).
func (a *App) Playing() bool {
	return a.playing && !a.scrubbing && len(a.slots()) > 0 && !a.sceneEnded()
}

// SceneTime is the scene's playback time in seconds.
func (a *App) SceneTime() float64 { return a.sceneT }

// syncClocks derives each slot's clock from the scene time.
func (a *App) syncClocks() {
	for _, s := range a.slots() {
		c := &s.clock
		c.Duration = s.clip.Duration
		c.Frame = viewFrame(c.Runtime, c.Mode, c.Duration, s.localTime(a.sceneT))
		c.Speed, c.Rate = a.speed, a.speed
		if a.resting(s) {
			c.Rate = 0
		}
		c.Paused = !a.playing || a.scrubbing
	}
}

// setPlaying plays or pauses the scene. Playing a scene whose clips have
// all come to rest starts it over: from 0, or from the end in reverse.
func (a *App) setPlaying(on bool) {
	if on && len(a.slots()) > 0 && a.sceneEnded() {
		a.sceneT = 0
		if a.speed < 0 {
			a.sceneT = a.sceneEnd()
		}
	}
	a.playing = on
	a.syncClocks()
}

// sceneEnd is the scene time at which the last clip comes to rest.
func (a *App) sceneEnd() float64 {
	var end float64
	for _, s := range a.slots() {
		end = math.Max(end, (endTime(s.clock.Mode, s.clip.Duration)+s.offset)/s.clip.FPS)
	}
	return end
}

// seekFocused moves the scene time so the focused clip plays frame f of
// its first pass (clamped to the clip); the play state is kept.
func (a *App) seekFocused(f float64) {
	s := a.focused()
	if s == nil || math.IsNaN(f) {
		return
	}
	last := s.clip.Duration
	if s.clock.Mode == anim.MirroredLoop {
		last = math.Max(0, last-1) // the mode turns at end-1
	}
	f = math.Max(0, math.Min(f, last))
	a.sceneT = (f + s.offset) / s.clip.FPS
	a.syncClocks()
}

// stepFocused moves the focused clip n whole frames and pauses: from a
// fractional frame, one step forward lands on the next whole frame and
// one back on the previous. Where the frame runs with the scene time
// (or against it, on a mirrored clip's way back) the scene time moves by
// the same amount, so other clips keep their phase; elsewhere (a clip at
// rest) the focused clip is seeked.
func (a *App) stepFocused(n int) {
	s := a.focused()
	a.playing = false
	if s == nil || n == 0 {
		a.syncClocks()
		return
	}
	d := s.clip.Duration
	f := s.clock.Frame
	var target float64
	if n > 0 {
		target = math.Floor(f+1e-9) + float64(n)
	} else {
		target = math.Ceil(f-1e-9) + float64(n)
	}
	target = math.Max(0, math.Min(target, d))
	t := s.localTime(a.sceneT)
	const h = 1e-4
	switch slope := viewFrame(s.clock.Runtime, s.clock.Mode, d, t+h) - viewFrame(s.clock.Runtime, s.clock.Mode, d, t); {
	case slope > 0 && slope < 2*h:
		a.sceneT += (target - f) / s.clip.FPS
	case slope < 0 && slope > -2*h:
		a.sceneT -= (target - f) / s.clip.FPS
	default:
		a.sceneT = (target + s.offset) / s.clip.FPS
	}
	a.syncClocks()
	// Float rounding must not leave the frame a hair off the whole frame.
	if math.Abs(s.clock.Frame-target) < 1e-6 {
		s.clock.Frame = target
	}
}

// setMute shows the clip in slot at rest (muted) or playing again.
func (a *App) setMute(sl viewmodel.Slot, on bool) {
	if s := a.slotOf(sl); s != nil {
		s.muted = on
		a.syncClocks()
	}
}

// setOffset starts the clip in slot frames later in the scene (negative:
// earlier).
func (a *App) setOffset(sl viewmodel.Slot, frames float64) {
	if s := a.slotOf(sl); s != nil && !math.IsNaN(frames) && !math.IsInf(frames, 0) {
		s.offset = frames
		a.syncClocks()
	}
}

// slotOf is the slot sl names: the joint, the texture or a material slot
// (nil when it plays nothing).
func (a *App) slotOf(sl viewmodel.Slot) *slot {
	switch {
	case sl == viewmodel.TexSlot:
		return a.tex
	case sl >= viewmodel.MatSlot0:
		return a.materialSlot(sl)
	}
	return a.joint
}
