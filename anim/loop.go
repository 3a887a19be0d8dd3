package anim

import (
	"fmt"
	"math"
)

// LoopMode is a playback loop mode. The numbering is J3D's (the byte stored
// in BCK/BTK files); other formats map onto it.
type LoopMode uint8

const (
	Once         LoopMode = 0 // play to the end and hold end-0.001
	OnceReset    LoopMode = 1 // play to the end and snap back to frame 0
	Loop         LoopMode = 2 // wrap to the start
	MirroredOnce LoopMode = 3 // play forward, then backward once, then stop
	MirroredLoop LoopMode = 4 // bounce between 0 and end-1 forever
)

// NumLoopModes is the number of loop modes; modes are 0..NumLoopModes-1.
const NumLoopModes = 5

var loopNames = [NumLoopModes]string{"once", "once-reset", "loop", "mirrored-once", "mirrored-loop"}

// String returns the mode's name as used in the sample JSON.
func (m LoopMode) String() string {
	if int(m) < len(loopNames) {
		return loopNames[m]
	}
	return fmt.Sprintf("loopmode(%d)", uint8(m))
}

// Valid reports whether m is one of the five modes.
func (m LoopMode) Valid() bool { return m < NumLoopModes }

// ParseLoopMode accepts a mode name ("mirrored-loop") or its J3D number ("4").
func ParseLoopMode(s string) (LoopMode, error) {
	for i, n := range loopNames {
		if s == n {
			return LoopMode(i), nil
		}
	}
	if len(s) == 1 && s[0] >= '0' && s[0] < '0'+NumLoopModes {
		return LoopMode(s[0] - '0'), nil
	}
	return 0, fmt.Errorf("unknown loop mode %q (want once, once-reset, loop, mirrored-once or mirrored-loop)", s)
}

// onceEndEpsilon is how far before the end J3DFrameCtrl parks a finished
// once-mode animation, so that the last frame is still inside the clip.
const onceEndEpsilon = 0.001

// FrameAtTime maps a playback time (in frames at speed 1, from the start of
// playback at frame 0) to the animation frame under mode, for a clip of the
// given duration. It is what a Clock started at 0 with speed 1 shows after
// floor(t) steps of dt 1 and one step of frac(t); a test checks the two
// agree. Negative times map to frame 0 (playback has not started).
func FrameAtTime(mode LoopMode, duration, t float64) float64 {
	if !(t > 0) || math.IsInf(t, 0) {
		if math.IsInf(t, 1) {
			t = math.MaxFloat64
		} else {
			return 0
		}
	}
	d := duration
	switch mode {
	case Once:
		if t < d {
			return t
		}
		return math.Max(d-onceEndEpsilon, 0)
	case OnceReset:
		if t < d {
			return t
		}
		return 0
	case Loop:
		if d <= 0 {
			return t
		}
		return math.Mod(t, d)
	case MirroredOnce:
		switch {
		case t < d:
			return t
		case t <= 2*d:
			return 2*d - t
		default:
			// The step that crosses 0 going backwards reflects and stops,
			// so the clock rests at that step's overshoot: at most one
			// frame-step (dt is 1) past 2·duration.
			return math.Min(t-2*d, 1)
		}
	case MirroredLoop:
		e := d - 1
		if e <= 0 {
			return 0
		}
		m := math.Mod(t, 2*e)
		if m <= e {
			return m
		}
		return 2*e - m
	}
	return t
}
