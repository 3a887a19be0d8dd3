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
	tall(h)
	h.click(center(h.rect("pair:anim")))
	h.frame()
	h.rect("pair:filter:anim")
	imgui.CurrentIO().AddInputCharacters("move_1")
	h.frame()
	h.frame()
	got := h.tap(imgui.KeyEnter)
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

// tap presses and releases one of ImGui's named keys (Enter, Escape),
// mapped to a key code of its own, over one frame, and returns that
// frame's intents.
func (h *harness) tap(key int) []viewmodel.Intent {
	io := imgui.CurrentIO()
	code := 300 + key // clear of the letters and of the keys the harness maps
	io.KeyMap(key, code)
	io.KeyPress(code)
	out := h.frame()
	io.KeyRelease(code)
	return out
}
