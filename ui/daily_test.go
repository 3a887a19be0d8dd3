package ui

import (
	"testing"
	"time"

	"github.com/animscope/animscope/anim"
)

// TestToastDismissOnlyClosesTheToast (point 7): Dismiss closes the toast
// and clears nothing: no DismissNotices, the log keeps every message.
func TestToastDismissOnlyClosesTheToast(t *testing.T) {
	v := testView(testClip(anim.Loop), 3, false)
	now := time.Now()
	v.Notices = []Notice{{Severity: Error, Text: "x.bck: load error", Time: now}, {Severity: Warning, Text: "w1", Time: now},
		{Severity: Warning, Text: "w2", Time: now}}
	h := newHarness(t, v)
	got := h.click(center(h.rect("toast:dismiss")))
	if _, ok := find[DismissNotices](got); ok {
		t.Fatal("Dismiss on the toast cleared the Messages log")
	}
	h.frame()
	if _, ok := h.u.ItemRect("toast:dismiss"); ok {
		t.Error("the toast is still shown after Dismiss")
	}
	// A new message shows a toast again.
	h.v.Notices = append(h.v.Notices, Notice{Severity: Warning, Text: "new", Time: time.Now().Add(time.Millisecond)})
	h.frame()
	if _, ok := h.u.ItemRect("toast:dismiss"); !ok {
		t.Error("a message after Dismiss shows no toast")
	}
}

// TestPlayButtonShowsTheScene (point 2): the button follows the scene's
// play state, not the focused clip's clock (a once texture that ended
// while the walk plays).
func TestPlayButtonShowsTheScene(t *testing.T) {
	v := testView(testClip(anim.Once), 30, false)
	v.Joint.Clock.Rate = 0 // this clip has come to rest
	v.Playing = true       // another clip still plays
	h := newHarness(t, v)
	if _, ok := h.u.ItemRect("pause"); !ok {
		t.Fatal("the scene plays: want the Pause button")
	}
	if _, ok := find[Pause](h.click(center(h.rect("pause")))); !ok {
		t.Error("clicking it did not pause the scene")
	}
}

// TestClipRowsMuteAndOffset (point 2): with two clips, each has a row
// choosing the timeline's frames, mute and offset.
func TestClipRowsMuteAndOffset(t *testing.T) {
	v := testView(testClip(anim.Loop), 3, false)
	tex := testClip(anim.Loop)
	v.Tex = &Playback{Clip: tex, Label: "scroll.btk", Clock: anim.NewClock(anim.Loop, 30, 1), FileLoop: anim.Loop, Pose: anim.NewPose(tex)}
	h := newHarness(t, v)
	got := h.click(center(h.rect("mute:tex")))
	if m, ok := find[MuteClip](got); !ok || m.Slot != TexSlot || !m.Mute {
		t.Errorf("mute on the texture row: %#v", got)
	}
	got = h.click(center(h.rect("focus:tex")))
	if f, ok := find[FocusSlot](got); !ok || f.Slot != TexSlot {
		t.Errorf("the texture's radio: %#v", got)
	}
	if _, ok := h.u.ItemRect("offset:joint"); !ok {
		t.Error("no offset control for the walk")
	}
}

func TestElide(t *testing.T) {
	chars := func(s string) float32 { return float32(len([]rune(s))) }
	for _, c := range []struct {
		in   string
		w    float32
		want string
	}{
		{"short", 10, "short"},
		{"Face_Common_Sleep_Getup_St", 12, "Face_C…up_St"},
		{"abcdef", 4, "ab…f"},
		{"abcdef", 1, "…"},
	} {
		if got := elideWith(c.in, c.w, chars); got != c.want {
			t.Errorf("elide(%q, %v) = %q, want %q", c.in, c.w, got, c.want)
		}
	}
}
