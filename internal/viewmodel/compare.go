package viewmodel

import (
	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/inspect"
)

// ChannelRef names a channel the curve panel can plot: channel Chan of
// target Target of the clip playing in Slot, or with Euler 1..3 the x, y
// or z Euler angle derived from a quaternion target's rotation (Chan is
// then unused).
type ChannelRef struct {
	Slot   Slot
	Target int
	Chan   anim.Slot
	Euler  int
}

// CompareView is the loop-mode comparison: one clip under all five loop
// modes on one shared playback clock.
type CompareView struct {
	Clip     *anim.Clip
	Label    string
	FileLoop anim.LoopMode
	// Time is the shared playback time in frames (at speed 1 since the
	// start); Frames are the five clocks' animation frames, by mode.
	Time    float64
	Playing bool
	Frames  [anim.NumLoopModes]float64
	// Textures are the five modes' viewports as rendered last (zero until
	// the first render).
	Textures [anim.NumLoopModes]TextureRef
	// Reverse is set while the viewer plays backwards; GameReverse are
	// then the frames the game's frame control (anim.Clock) shows after
	// the same time played at rate -1 from the end. LOOP, with its loop
	// frame at the start, does not wrap there: its frame runs below 0
	// while the pose holds the first key.
	Reverse     bool
	GameReverse [anim.NumLoopModes]float64
	// Modes are the loop modes the clip's runtime has (J3D: all five;
	// BFRES: once and loop), the ones to show; the arrays above are
	// indexed by mode and hold nothing for the others. Runtime is that
	// frame control.
	Modes   []anim.LoopMode
	Runtime anim.Runtime
}

// FileInspector is the raw data of an open file for the inspector.
type FileInspector = inspect.Source

// PlaybackOf returns the playback of slot s, or nil.
func (v *View) PlaybackOf(s Slot) *Playback {
	if s >= MatSlot0 {
		return v.MaterialPlayback(s)
	}
	if s == TexSlot {
		return v.Tex
	}
	return v.Joint
}

// SelectedTarget is the selected target of a slot's clip, or -1.
func (v *View) SelectedTarget(s Slot) int {
	if s >= MatSlot0 {
		return v.MaterialTarget(s)
	}
	p := v.PlaybackOf(s)
	if p == nil {
		return -1
	}
	t := v.Selection.Target
	if s == TexSlot {
		t = v.Selection.TexTarget
	}
	if t < 0 || t >= len(p.Clip.Targets) {
		return -1
	}
	return t
}

// InspectorOf returns the inspector of the file holding clip c.
func (v *View) InspectorOf(c *anim.Clip) (FileInspector, string) {
	for i := range v.Files {
		for _, fc := range v.Files[i].Clips {
			if fc == c {
				return v.Files[i].Inspect, v.Files[i].Name
			}
		}
	}
	return nil, ""
}
