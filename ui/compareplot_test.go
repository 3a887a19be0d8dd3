package ui

import (
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestComparePlotShowsAWindow: the frame plot of a 30-frame clip spans
// three loops from time 0 early on, and later the last few loops around
// the playhead, not the whole session.
func TestComparePlotShowsAWindow(t *testing.T) {
	c := testClip(anim.Loop)
	v := testView(c, 3, false)
	v.Compare = &viewmodel.CompareView{Clip: c, Label: "walk.bck", FileLoop: anim.Loop, Time: 20}
	h := newHarness(t, v)
	h.u.SetCompareOpen(true)
	for i := 0; i < 4; i++ {
		h.frame()
	}
	if w := h.u.compare.window; w != [2]float64{0, 90} {
		t.Errorf("at time 20: plot spans %v, want [0 90] (three loops)", w)
	}
	h.v.Compare.Time = 3000 // a long session: 100 loops
	h.frame()
	w := h.u.compare.window
	if w[1]-w[0] != 90 || !(w[0] < 3000 && 3000 < w[1]) || w[0] < 2900 {
		t.Errorf("at time 3000: plot spans %v, want 90 frames around the playhead (2923.5 to 3013.5)", w)
	}
}
