package ui

import (
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
)

// spaceHintLife is how long the transport says that Space went to a text
// field rather than to playback.
const spaceHintLife = 6 * time.Second

// NextChange is how long until the interface changes by itself, with no
// input and nothing playing: a toast, an export's outcome or the
// transport's Space hint reaching the end of its life. ok is false when
// nothing on screen is timed: the window may sleep until the next event.
func (u *UI) NextChange(v *viewmodel.View, now time.Time) (wait time.Duration, ok bool) {
	var next time.Time
	consider := func(end time.Time) {
		if end.After(now) && (next.IsZero() || end.Before(next)) {
			next = end
		}
	}
	for i := range v.Notices {
		if n := &v.Notices[i]; u.toastable(n, now) {
			consider(n.Time.Add(toastLife))
		}
	}
	if last := v.Export.Last; last.Text != "" {
		consider(last.Time.Add(exportToastLife))
	}
	if last := v.TextureSave; last.Text != "" {
		consider(last.Time.Add(exportToastLife))
	}
	if !u.spaceInField.IsZero() {
		consider(u.spaceInField.Add(spaceHintLife))
	}
	if next.IsZero() {
		return 0, false
	}
	return next.Sub(now), true
}

// toastable reports whether n shows as a toast at now: a warning or an
// error, young enough, not dismissed and not settled since.
func (u *UI) toastable(n *viewmodel.Notice, now time.Time) bool {
	return n.Severity >= viewmodel.Warning && !n.Settled && now.Sub(n.Time) < toastLife && n.Time.After(u.toastsDismissed)
}

// noteSpaceInField remembers a Space that a focused text field took while
// the scene plays: typing a space in a filter is legitimate, but whoever
// meant to pause must see that playback goes on (playState).
func (u *UI) noteSpaceInField(v *viewmodel.View) {
	io := imgui.CurrentIO()
	if io.WantTextInput() && v.Playing && imgui.IsKeyPressedV(imgui.KeyIndex(imgui.KeySpace), false) {
		u.spaceInField = time.Now()
	}
	if !v.Playing {
		u.spaceInField = time.Time{}
	}
}

// playState says in words whether the scene plays, beside the play
// button: a nearly still clip (an idle breath) looks paused while it
// plays. After a Space a text field took, it says how to pause.
func (u *UI) playState(v *viewmodel.View) {
	label, c := "paused", colTextDim
	if v.Playing {
		label, c = "playing", colAccent
		if !u.spaceInField.IsZero() && time.Since(u.spaceInField) < spaceHintLife {
			label, c = "playing: Space went to the text field (Esc leaves it)", colWarn
		}
	}
	u.nextGroup(imgui.CalcTextSize(label, false, 0).X/u.scale + 8)
	imgui.AlignTextToFramePadding()
	textColored(c, label)
	u.record("playstate")
}
