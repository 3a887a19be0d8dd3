package app

import (
	"math"
	"slices"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// transport is the playing clips and the one scene time they follow:
// play, pause, seek, step, speed, loop modes, scrubbing, muting and
// offsets. It knows nothing of models or files.
type transport struct {
	joint, tex *slot
	mat        materialState // material clips (material.go)
	focus      viewmodel.Slot
	speed      float64 // signed user speed, shared by every slot
	playing    bool
	sceneT     float64 // the scene time, seconds
	// resumeAfterScrub remembers that playback ran when a scrub began.
	resumeAfterScrub bool
	scrubbing        bool
}

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
func (t *transport) resting(s *slot) bool {
	return s.muted || restsAt(s.clock.Mode, s.clip.Duration, s.localTime(t.sceneT), t.speed)
}

// sceneEnded reports whether every clip has come to rest: the scene then
// stops, and Play starts it over.
func (t *transport) sceneEnded() bool {
	for _, s := range t.slots() {
		if !t.resting(s) {
			return false
		}
	}
	return true
}

// Playing reports whether the scene plays (what the Play button shows).
func (t *transport) Playing() bool {
	return t.playing && !t.scrubbing && len(t.slots()) > 0 && !t.sceneEnded()
}

// syncClocks derives each slot's clock from the scene time.
func (t *transport) syncClocks() {
	for _, s := range t.slots() {
		c := &s.clock
		c.Duration = s.clip.Duration
		c.Frame = viewFrame(c.Runtime, c.Mode, c.Duration, s.localTime(t.sceneT))
		c.Speed, c.Rate = t.speed, t.speed
		if t.resting(s) {
			c.Rate = 0
		}
		c.Paused = !t.playing || t.scrubbing
	}
}

// setPlaying plays or pauses the scene. Playing a scene whose clips have
// all come to rest starts it over: from 0, or from the end in reverse.
func (t *transport) setPlaying(on bool) {
	if on && len(t.slots()) > 0 && t.sceneEnded() {
		t.sceneT = 0
		if t.speed < 0 {
			t.sceneT = t.sceneEnd()
		}
	}
	t.playing = on
	t.syncClocks()
}

// sceneEnd is the scene time at which the last clip comes to rest.
func (t *transport) sceneEnd() float64 {
	var end float64
	for _, s := range t.slots() {
		end = math.Max(end, (endTime(s.clock.Mode, s.clip.Duration)+s.offset)/s.clip.FPS)
	}
	return end
}

// seekFocused moves the scene time so the focused clip plays frame f of
// its first pass (clamped to the clip); the play state is kept.
func (t *transport) seekFocused(f float64) {
	s := t.focused()
	if s == nil || math.IsNaN(f) {
		return
	}
	last := s.clip.Duration
	if s.clock.Mode == anim.MirroredLoop {
		last = math.Max(0, last-1) // the mode turns at end-1
	}
	f = math.Max(0, math.Min(f, last))
	t.sceneT = (f + s.offset) / s.clip.FPS
	t.syncClocks()
}

// stepFocused moves the focused clip n whole frames and pauses: from a
// fractional frame, one step forward lands on the next whole frame and
// one back on the previous. Where the frame runs with the scene time
// (or against it, on a mirrored clip's way back) the scene time moves by
// the same amount, so other clips keep their phase; elsewhere (a clip at
// rest) the focused clip is seeked.
func (t *transport) stepFocused(n int) {
	s := t.focused()
	t.playing = false
	if s == nil || n == 0 {
		t.syncClocks()
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
	lt := s.localTime(t.sceneT)
	const h = 1e-4
	switch slope := viewFrame(s.clock.Runtime, s.clock.Mode, d, lt+h) - viewFrame(s.clock.Runtime, s.clock.Mode, d, lt); {
	case slope > 0 && slope < 2*h:
		t.sceneT += (target - f) / s.clip.FPS
	case slope < 0 && slope > -2*h:
		t.sceneT -= (target - f) / s.clip.FPS
	default:
		t.sceneT = (target + s.offset) / s.clip.FPS
	}
	t.syncClocks()
	// Float rounding must not leave the frame a hair off the whole frame.
	if math.Abs(s.clock.Frame-target) < 1e-6 {
		s.clock.Frame = target
	}
}

// setMute shows the clip in slot at rest (muted) or playing again.
func (t *transport) setMute(sl viewmodel.Slot, on bool) {
	if s := t.slotOf(sl); s != nil {
		s.muted = on
		t.syncClocks()
	}
}

// setOffset starts the clip in slot frames later in the scene (negative:
// earlier).
func (t *transport) setOffset(sl viewmodel.Slot, frames float64) {
	if s := t.slotOf(sl); s != nil && !math.IsNaN(frames) && !math.IsInf(frames, 0) {
		s.offset = frames
		t.syncClocks()
	}
}

// slotOf is the slot sl names: the joint, the texture or a material slot
// (nil when it plays nothing).
func (t *transport) slotOf(sl viewmodel.Slot) *slot {
	switch {
	case sl == viewmodel.TexSlot:
		return t.tex
	case sl >= viewmodel.MatSlot0:
		return t.materialSlot(sl)
	}
	return t.joint
}

// applyPlayback handles the transport: play, pause, seek, step, speed,
// loop mode, scrubbing and the focused slot.
func (t *transport) applyPlayback(in viewmodel.Intent) bool {
	switch in := in.(type) {
	case viewmodel.Play:
		t.setPlaying(true)
	case viewmodel.Pause:
		t.setPlaying(false)
	case viewmodel.TogglePlay:
		t.setPlaying(!t.Playing())
	case viewmodel.Seek:
		t.seekFocused(in.Frame)
	case viewmodel.Step:
		t.stepFocused(in.N)
	case viewmodel.MuteClip:
		t.setMute(in.Slot, in.Mute)
	case viewmodel.SetClipOffset:
		t.setOffset(in.Slot, in.Frames)
	case viewmodel.SetSpeed:
		t.setSpeed(in.Speed)
	case viewmodel.SetLoop:
		t.setLoop(in)
	case viewmodel.ScrubBegin:
		t.scrub(true)
	case viewmodel.ScrubEnd:
		t.scrub(false)
	case viewmodel.FocusSlot:
		if t.slotOf(in.Slot) != nil {
			t.focus = in.Slot
		}
	default:
		return false
	}
	return true
}

// setSpeed sets the signed speed shared by both slots (0.1 to 4 either
// way; 0 and NaN are ignored).
func (t *transport) setSpeed(sp float64) {
	if math.IsNaN(sp) || sp == 0 {
		return
	}
	mag := math.Max(0.1, math.Min(math.Abs(sp), 4))
	t.speed = math.Copysign(mag, sp)
	t.syncClocks()
}

// setLoop overrides the focused clip's loop mode, or restores the file's.
func (t *transport) setLoop(in viewmodel.SetLoop) {
	f := t.focused()
	if f == nil || !slices.Contains(f.clock.Runtime.LoopModes(), in.Mode) {
		return // a mode the clip's runtime does not have (BFRES: loop or once)
	}
	mode := in.Mode
	if !in.Override {
		mode = f.fileLoop
	}
	f.clock.Mode = mode
	t.syncClocks()
}

// scrub begins (holding the scene time where the timeline puts it) or
// ends (resuming what played) a drag on the timeline.
func (t *transport) scrub(begin bool) {
	switch {
	case begin && !t.scrubbing:
		t.scrubbing = true
		t.resumeAfterScrub = t.playing
	case !begin && t.scrubbing:
		t.scrubbing = false
		t.playing = t.resumeAfterScrub
	}
	t.syncClocks()
}

// materialSlot is the slot of focus s when it is a material slot.
func (t *transport) materialSlot(s viewmodel.Slot) *slot {
	if s < viewmodel.MatSlot0 || int(s-viewmodel.MatSlot0) >= len(t.mat.slots) {
		return nil
	}
	return t.mat.slots[s-viewmodel.MatSlot0]
}

func (t *transport) focused() *slot {
	if s := t.materialSlot(t.focus); s != nil {
		return s
	}
	if t.focus == viewmodel.TexSlot && t.tex != nil {
		return t.tex
	}
	if t.joint != nil {
		return t.joint
	}
	return t.tex
}

func (t *transport) slots() []*slot {
	var out []*slot
	for _, s := range []*slot{t.joint, t.tex} {
		if s != nil {
			out = append(out, s)
		}
	}
	out = append(out, t.mat.slots...)
	return out
}
