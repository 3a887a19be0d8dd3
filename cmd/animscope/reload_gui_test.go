package main

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/app/apptest"
)

// TestGUIHotReload runs the viewer on a BCK in a temporary folder, paused
// at frame 10 with a joint selected and a channel plotted, then rewrites
// the file: a valid new version shows its values in place (same frame,
// selection, camera and plot) with a message; a corrupt one leaves the
// values as they were and a message names the file and the problem.
func TestGUIHotReload(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "walk.bck")
	apptest.WriteBCK(t, p, 2, 60, 5)
	v := startViewer(t, []string{"XDG_CONFIG_HOME=" + t.TempDir()}, "--no-config", "--size", "1024x700",
		"--frame", "10", "--select", "#1", "--tab", "curves", "--plot", "#0/translation.x", p)
	at := func(s viewerState, j int, want [3]float64) bool {
		if len(s.Joints) != 2 {
			return false
		}
		for k := range want {
			if math.Abs(float64(s.Joints[j].Pos[k])-want[k]) > 1e-3 {
				return false
			}
		}
		return true
	}
	// Joint 0 at 60·10/30 on x, joint 1 at 5 on y.
	// The plot is set up by the first frames the UI draws, which can come
	// after the first state with the joints in place: wait for both.
	before := v.shootUntil("the first version at frame 10, its channel plotted", func(s viewerState) bool {
		return at(s, 0, [3]float64{20, 0, 0}) && at(s, 1, [3]float64{0, 5, 0}) && s.Curves != nil && len(s.Curves.Channels) > 0
	})
	if before.Selected != 1 || before.Curves == nil || len(before.Curves.Channels) != 1 {
		t.Fatalf("set-up: selected %d, curves %+v; want joint 1 and one plotted channel", before.Selected, before.Curves)
	}

	// A valid change, written as an editor saves: a new file renamed over
	// the old one.
	tmp := filepath.Join(dir, ".walk.bck.new")
	apptest.WriteBCK(t, tmp, 2, 90, 7)
	must(t, os.Rename(tmp, p))
	after := v.shootUntil("the new values (joint 0 at x 30, joint 1 at y 7)", func(s viewerState) bool {
		return at(s, 0, [3]float64{30, 0, 0}) && at(s, 1, [3]float64{0, 7, 0})
	})
	if len(after.Files) != 1 || after.JointFrame == nil || *after.JointFrame != 10 || after.Playing {
		t.Errorf("after the reload: files %q, frame %v, playing %v; want walk.bck once, paused at 10", after.Files, after.JointFrame, after.Playing)
	}
	if after.Selected != 1 || after.Camera != before.Camera {
		t.Errorf("after the reload: selected %d, camera %+v; want 1 and %+v", after.Selected, after.Camera, before.Camera)
	}
	if after.Curves == nil || len(after.Curves.Channels) != 1 || after.Curves.Channels[0].Channel != before.Curves.Channels[0].Channel {
		t.Errorf("after the reload the plot shows %+v, want %+v", after.Curves, before.Curves)
	}
	if !slices.Contains(after.Notices, "reloaded walk.bck") {
		t.Errorf("messages %q, want \"reloaded walk.bck\"", after.Notices)
	}

	// A corrupt version, written in place: the values stay.
	data, err := os.ReadFile(p)
	must(t, err)
	must(t, os.WriteFile(p, data[:0x30], 0o644))
	kept := v.shootUntil("a message that the reload failed", func(s viewerState) bool {
		for _, n := range s.Notices {
			if strings.HasPrefix(n, "reloading walk.bck failed") {
				return true
			}
		}
		return false
	})
	v.stop()
	if !at(kept, 0, [3]float64{30, 0, 0}) || !at(kept, 1, [3]float64{0, 7, 0}) || len(kept.Files) != 1 {
		t.Errorf("after a corrupt version: joints %+v, files %q; want the last good version's", kept.Joints, kept.Files)
	}
	msg := kept.Notices[len(kept.Notices)-1]
	if !strings.Contains(msg, p) || !strings.Contains(msg, "bck: ") || !strings.Contains(msg, "the open version stays") {
		t.Errorf("message %q, want it to name %s, the BCK problem and that the open version stays", msg, p)
	}
}

// TestGUIDropFolder drops a folder (XDND) on the viewer: the files inside
// it and its subfolders open, and a message counts them.
func TestGUIDropFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "anims")
	must(t, os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
	apptest.WriteBCK(t, filepath.Join(dir, "a.bck"), 2, 60, 5)
	apptest.WriteBCK(t, filepath.Join(dir, "sub", "b.bck"), 2, 30, 1)
	v := startViewer(t, []string{"XDG_CONFIG_HOME=" + t.TempDir()}, "--no-config", "--size", "1024x700")
	v.drop(dir)
	s := v.shootUntil("the folder's files open", func(s viewerState) bool { return slices.Contains(s.Files, "b.bck") })
	v.stop()
	if strings.Join(s.Files, ",") != "a.bck,b.bck" {
		t.Errorf("open files %q, want a.bck and b.bck (the demo closes)", s.Files)
	}
	if !slices.Contains(s.Notices, "opened 2 files from folder anims") {
		t.Errorf("messages %q, want \"opened 2 files from folder anims\"", s.Notices)
	}
}
