package ui

import "github.com/animscope/animscope/internal/viewmodel"

// Test probes of the interface's layout (ImGui without GL has no pixels
// to look at).

// Plotted returns the explicitly chosen channels.
func (u *UI) Plotted() []viewmodel.ChannelRef { return u.curves.refs }

// KeyMarkers returns the key frames the timeline marked in the last frame
// (the selected target's keys, or every key of the focused clip), for
// tests and automation; the slice is reused by the next frame.
func (u *UI) KeyMarkers() []float64 { return u.markers }

// TimelineX is the display x of frame f on the last frame's timeline, for
// a clip of the given duration (tests click there).
func (u *UI) TimelineX(f, duration float64) float32 {
	r := u.rects["timeline"]
	x0, w := timelineSpan(r.X, r.W, u.scale)
	if duration <= 0 {
		return x0
	}
	return x0 + float32(f/duration)*w
}
