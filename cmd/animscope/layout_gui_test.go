package main

import (
	"fmt"
	"path/filepath"
	"testing"
)

// TestSmallWindowLayout: on a laptop-sized window the view stays usable:
// the viewer at 900×600 and 640×480 with the Curves tab keeps a usable 3D
// view and curve plot (the state gives the sizes).
func TestSmallWindowLayout(t *testing.T) {
	for _, c := range []struct {
		w, h          int
		sceneW, plotH float64
	}{{900, 600, 400, 120}, {640, 480, 280, 50}} {
		dir := t.TempDir()
		png, js := filepath.Join(dir, "shot.png"), filepath.Join(dir, "state.json")
		runBin(t, "--no-config", "--size", fmt.Sprintf("%dx%d", c.w, c.h), "--tab", "curves", "--frame", "3",
			"--screenshot", png, "--state-json", js, "--after-frames", "12")
		s := guiState(t, js)
		if s.Curves == nil {
			t.Fatalf("%dx%d: no curve plot in the state", c.w, c.h)
		}
		sceneW, sceneH := float64(s.Scene[2]), float64(s.Scene[3])
		if sceneW < c.sceneW || sceneH < 140 || s.Curves.Plot[3] < c.plotH {
			t.Errorf("%dx%d: 3D view %v×%v, plot %v tall; want at least %v×140 and %v", c.w, c.h, sceneW, sceneH, s.Curves.Plot[3], c.sceneW, c.plotH)
		}
	}
}
