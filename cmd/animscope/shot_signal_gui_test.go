package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalScreenshotFailureKeepsTheSession: a screenshot SIGUSR1 asks
// for that cannot be written (its folder is gone) ends nothing: the
// viewer says why in its messages and writes the next one once it can.
// It used to return the error from the frame loop and close the window
// with the user's session in it.
func TestSignalScreenshotFailureKeepsTheSession(t *testing.T) {
	v := startViewer(t, []string{"XDG_CONFIG_HOME=" + t.TempDir()}, "--no-config", "--size", "1024x700", "testdata/biped.bmd", "testdata/walk.bck")
	v.shoot() // running, with a window
	dir := filepath.Dir(v.shot)
	must(t, os.RemoveAll(dir))
	must(t, v.cmd.Process.Signal(syscall.SIGUSR1))
	// The failed screenshot is taken at the next frame; give the viewer
	// time to take it (and, before, to exit on it).
	deadline := time.Now().Add(stateWait)
	for time.Now().Before(deadline) && !strings.Contains(v.stderr.String(), "screenshot") {
		select {
		case <-v.exited:
			t.Fatalf("the viewer ended on a screenshot it could not write\n%s", v.detail())
		case <-time.After(statePoll):
		}
	}
	must(t, os.MkdirAll(dir, 0o755))
	s := v.shootUntil("the failed screenshot in the messages", func(s viewerState) bool {
		for _, n := range s.Notices {
			if strings.Contains(n, "screenshot") && strings.Contains(n, filepath.Base(dir)) {
				return true
			}
		}
		return false
	})
	if len(s.Files) != 2 {
		t.Errorf("files %q after the failed screenshot, want biped.bmd and walk.bck still open", s.Files)
	}
	v.stop()
}
