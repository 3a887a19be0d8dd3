package ui

import (
	"fmt"
	"testing"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
)

// TestAboutListsTheFormatsItIsGiven: Help › About names what animscope
// reads from the lines cmd/animscope hands it (the registry's), one line
// each, in order, and nothing in their place: a list kept in ui would
// fall behind the next format.
func TestAboutListsTheFormatsItIsGiven(t *testing.T) {
	lines := []string{"Animations: Toy A, Toy B", "Skeletons: Toy Skeleton", "Compression: none at all"}
	h := newHarness(t, testView(testClip(anim.Loop), 0, false))
	h.u.AboutFormats = lines
	h.u.showAbout = true
	h.frame()
	h.frame()
	prev := float32(-1)
	for i, line := range lines {
		r := h.rect(fmt.Sprintf("about:%d", i))
		if w := imgui.CalcTextSize(line, false, 0).X; r.W != w {
			t.Errorf("line %d is %g wide, want %g, the width of %q", i, r.W, w, line)
		}
		if r.Y <= prev {
			t.Errorf("line %d at y %g is not below the one before (%g)", i, r.Y, prev)
		}
		prev = r.Y
	}
	if _, ok := h.u.ItemRect(fmt.Sprintf("about:%d", len(lines))); ok {
		t.Errorf("About draws more than the %d lines it was given", len(lines))
	}
}
