package main

import (
	"path/filepath"
	"strconv"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/app/apptest"
)

// TestGUIABComparison runs the viewer on the biped's walk with
// --compare-with a copy whose one rotation key moved, at that key: the
// Differences tab shows, listing the moved channel by the move's size,
// and B's magenta ghost shows in the 3D view where its arm parts from A's.
// Compared with an identical copy, the ghost hides under A's bones and
// the table is empty.
func TestGUIABComparison(t *testing.T) {
	dir := t.TempDir()
	e := apptest.EditedBCK(t, "testdata/walk.bck", dir, 4, 1500)
	frame := strconv.FormatFloat(e.KeyFrame, 'g', -1, 64)
	shoot := func(b string) (viewerState, int) {
		png, state := filepath.Join(dir, filepath.Base(b)+".png"), filepath.Join(dir, filepath.Base(b)+".json")
		runBin(t, "testdata/biped.bmd", "testdata/walk.bck", "--compare-with", b, "--frame", frame, "--no-config",
			"--size", "1400x860", "--screenshot", png, "--state-json", state, "--after-frames", "8")
		s := guiState(t, state)
		img := readPNG(t, png)
		// The ghost's colour over the dark background (or a bone): far
		// more red and blue than green, which no other scene element has.
		n := 0
		vp := s.Scene // framebuffer pixels, origin top left, as the PNG
		for y := vp[1]; y < vp[1]+vp[3]; y++ {
			for x := vp[0]; x < vp[0]+vp[2]; x++ {
				c := img.RGBAAt(x, y)
				if c.R > 170 && c.B > 140 && c.G < 130 {
					n++
				}
			}
		}
		return s, n
	}
	s, ghost := shoot(e.Path)
	if s.Tab != "differences" || s.AB == nil || s.AB.B != "edited.bck" {
		t.Fatalf("tab %q ab %+v, want the Differences tab comparing with edited.bck", s.Tab, s.AB)
	}
	want := anim.RotX + anim.Slot(e.Axis)
	var found bool
	for _, r := range s.AB.Rows {
		if r.Channel == want.Name(anim.JointTarget) {
			found = r.Target == e.Joint && r.AtFrame == e.KeyFrame && r.MaxDiff > 0.99*e.Degrees && r.MaxDiff < 1.01*e.Degrees
		}
	}
	if !found {
		t.Errorf("rows %+v, want joint %d %s by %v° at %v", s.AB.Rows, e.Joint, want.Name(anim.JointTarget), e.Degrees, e.KeyFrame)
	}
	t.Logf("%d ghost pixels with the moved key", ghost)
	if ghost < 20 {
		t.Errorf("%d ghost pixels in the 3D view, want B's parted arm", ghost)
	}
	s, ghost = shoot("testdata/walk.bck")
	if s.AB == nil || len(s.AB.Rows) != 0 || ghost != 0 {
		t.Errorf("walk against itself: rows %+v, %d ghost pixels; want none", s.AB, ghost)
	}
}
