package main

import (
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/internal/app/apptest"
)

// TestLongSessionChurn: a viewer left open all day must not grow: closing
// everything and opening a model and its animation again 300 times leaves
// the GL objects where they were and the heap's live objects about where
// they were (a leak of even one structure per opened file would add
// hundreds of thousands; 100, 300 and 900 openings here all end within
// 20 objects of the start). RSS is logged, not asserted: the Go runtime
// keeps some pages mapped.
func TestLongSessionChurn(t *testing.T) {
	dir := t.TempDir()
	png, js := filepath.Join(dir, "churn.png"), filepath.Join(dir, "churn.json")
	runBin(t, "--no-config", "--size", "640x480", "--churn", "300", "--after-frames", "610",
		"--screenshot", png, "--state-json", js,
		apptest.ModelFixtures+"biped.bmd", apptest.ModelFixtures+"walk.bck")
	st := guiState(t, js)
	c := st.Churn
	if c == nil || c.Before == nil || c.After == nil || c.Opened != 300 {
		t.Fatalf("churn figures %+v: want before and after 300 openings", c)
	}
	if c.After.GL != c.Before.GL {
		t.Errorf("GL objects before %+v, after %+v", c.Before.GL, c.After.GL)
	}
	if c.Before.GL.Textures == 0 || c.Before.GL.Programs == 0 {
		t.Errorf("the counting hook sees no objects: %+v", c.Before.GL)
	}
	// A leak of one object per opening adds at least as many objects as
	// openings; what runs beside the frames (the file watcher's timers,
	// a toast's text) moves the count by a few dozen either way.
	if grow := int64(c.After.HeapObjects) - int64(c.Before.HeapObjects); grow >= int64(c.Opened) {
		t.Errorf("live heap objects %d → %d after 300 openings", c.Before.HeapObjects, c.After.HeapObjects)
	}
	if len(st.Files) != 2 || st.JointClip != "walk.bck" {
		t.Errorf("after the churn: files %v playing %q, want the two files open again", st.Files, st.JointClip)
	}
	t.Logf("heap in use %d → %d, objects %d → %d, RSS %d → %d", c.Before.HeapInuse, c.After.HeapInuse,
		c.Before.HeapObjects, c.After.HeapObjects, c.Before.RSS, c.After.RSS)
}
