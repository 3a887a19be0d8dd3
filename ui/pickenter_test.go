package ui

import (
	"testing"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
)

// TestPickerEnterPicksFirstMatch: typing in the Animation picker's
// filter and pressing Enter plays the first clip the filter leaves, and
// the list closes.
func TestPickerEnterPicksFirstMatch(t *testing.T) {
	h := newHarness(t, manyClipsView())
	io := imgui.CurrentIO()
	const enterKey = 257
	io.KeyMap(imgui.KeyEnter, enterKey)
	tall(h)
	h.click(center(h.rect("pair:anim")))
	h.frame()
	h.rect("pair:filter:anim")
	io.AddInputCharacters("move_1")
	h.frame()
	h.frame()
	io.KeyPress(enterKey)
	got := h.frame()
	io.KeyRelease(enterKey)
	// Common_Move_10 is the first of Common_Move_10..19 (its index in
	// the test file, 10).
	if in, ok := find[viewmodel.SelectClip](got); !ok || in.File != 0 || in.Clip != 10 {
		t.Fatalf("Enter in the filter: %#v, want SelectClip of Common_Move_10", got)
	}
	h.frame()
	h.frame()
	if _, ok := h.u.ItemRect("pair:filter:anim"); ok {
		t.Error("the picker stayed open after Enter")
	}
}
