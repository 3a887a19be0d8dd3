package ui

// KeyMarkers returns the key frames the timeline marked in the last frame
// (the selected target's keys, or every key of the focused clip), for
// tests and automation; the slice is reused by the next frame.
func (u *UI) KeyMarkers() []float64 { return u.markers }
