package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/internal/app/apptest"
)

// TestGUIImportAnimation runs the viewer on the biped's walk with
// --import-animation: the walk exported to glTF with arm_L turned 25°.
// The Differences tab shows B, the import, differing in arm_L's channels
// and hand_L's world position only, and the magenta ghost shows where
// the arm parts from A's. Nothing is written.
func TestGUIImportAnimation(t *testing.T) {
	dir := t.TempDir()
	glb := filepath.Join(dir, "walk.glb")
	runBin(t, "export", "testdata/walk.bck", "--model", "testdata/biped.bmd", "--out", glb)
	apptest.RotateGLTFNode(t, glb, "arm_L", 25)
	png, state := filepath.Join(dir, "ab.png"), filepath.Join(dir, "ab.json")
	runBin(t, "testdata/biped.bmd", "testdata/walk.bck", "--import-animation", glb, "--frame", "7", "--no-config",
		"--size", "1400x860", "--screenshot", png, "--state-json", state, "--after-frames", "8")
	s := guiState(t, state)
	if s.Tab != "differences" || s.AB == nil || s.AB.B != "walk.bck (imported)" || len(s.AB.Rows) == 0 {
		t.Fatalf("tab %q ab %+v, want the Differences tab comparing with the import", s.Tab, s.AB)
	}
	for _, r := range s.AB.Rows {
		if name := map[int]string{4: "arm_L", 5: "hand_L"}[r.Target]; name == "" {
			t.Errorf("row %+v: a joint outside arm_L's chain differs", r)
		}
	}
	img := readPNG(t, png)
	n := 0
	vp := s.Scene
	for y := vp[1]; y < vp[1]+vp[3]; y++ {
		for x := vp[0]; x < vp[0]+vp[2]; x++ {
			if c := img.RGBAAt(x, y); c.R > 170 && c.B > 140 && c.G < 130 {
				n++
			}
		}
	}
	t.Logf("%d ghost pixels", n)
	if n < 20 {
		t.Errorf("%d ghost pixels in the 3D view, want B's turned arm", n)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("%d files in the folder, want the glTF, the PNG and the state (nothing saved)", len(entries))
	}
}
