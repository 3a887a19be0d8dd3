package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestGUIExportShortcut: Ctrl+E opens File › Export with a path next to
// the animation; Return writes the current model and animation there, and
// the result is reported in Messages (the viewer keeps running).
func TestGUIExportShortcut(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"biped.bmd", "walk.bck"} {
		b, err := os.ReadFile(filepath.Join("testdata", f))
		must(t, err)
		must(t, os.WriteFile(filepath.Join(dir, f), b, 0o644))
	}
	v := startViewer(t, []string{"XDG_CONFIG_HOME=" + t.TempDir()}, "--no-config", "--size", "1024x700",
		filepath.Join(dir, "biped.bmd"), filepath.Join(dir, "walk.bck"))
	win, err := v.x("xdotool", "search", "--pid", fmt.Sprint(v.cmd.Process.Pid)).Output()
	must(t, err)
	id := strings.Fields(string(win))[0]
	xdo := func(args ...string) {
		t.Helper()
		if out, err := v.x("xdotool", args...).CombinedOutput(); err != nil {
			t.Fatalf("xdotool %q: %v %s", args, err, out)
		}
	}
	// The window may not be viewable yet right after it appears
	// (X_SetInputFocus: BadMatch): focus again after a drawn frame.
	for i := 0; ; i++ {
		out, err := v.x("xdotool", "windowfocus", "--sync", id).CombinedOutput()
		if err == nil {
			break
		}
		if i == 5 {
			t.Fatalf("xdotool windowfocus: %v %s", err, out)
		}
		v.shoot()
	}
	v.shoot()
	out := filepath.Join(dir, "walk.glb")
	want := "exported 1 animation(s) to " + out
	// The dialog opens in the frame that sees Ctrl+E and gives its path
	// field the keyboard in the next one; each screenshot is a frame drawn
	// after the events before it. Then Return exports. Keys are sent to
	// the window (XSendEvent): the Ctrl of an XTEST chord does not reach
	// it on a bare Xvfb (Ctrl+O neither). A busy machine may drop a
	// synthetic key, so a round that shows no result is repeated (Ctrl+E
	// on an open dialog only focuses it again).
	done := false
	for round := 0; round < 5 && !done; round++ {
		xdo("key", "--window", id, "ctrl+e")
		v.shoot()
		v.shoot()
		v.shoot()
		xdo("key", "--window", id, "Return")
		// The export runs beside the frame loop: on a loaded machine it
		// can take a few seconds to report.
		for i := 0; i < 60 && !done; i++ {
			done = slices.Contains(v.shoot().Notices, want)
		}
	}
	if !done {
		t.Fatalf("Ctrl+E, Return: no %q in Messages\n%s", want, v.detail())
	}
	b, err := os.ReadFile(out)
	must(t, err)
	if len(b) < 20 || string(b[:4]) != "glTF" {
		t.Fatalf("%s is not a GLB", out)
	}
	v.stop()
}
