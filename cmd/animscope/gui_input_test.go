package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The viewer kept running while a test drops files on it (XDND) or sends
// it keys and clicks (XTEST), on an Xvfb of its own, with screenshots on
// SIGUSR1 to see the effect.

// startViewer runs the viewer in the background with SIGUSR1 screenshots,
// on an Xvfb of its own (privateDisplay: the tests that use it send input
// or drops, and the window that xdotool and xdnd-drop find by pid or name
// must be this viewer's); shoot asks for a screenshot and returns its state, shootUntil
// asks until the state shows what the test waits for; stop closes the
// viewer with SIGTERM and checks it exits cleanly.
type runningViewer struct {
	t       testing.TB
	cmd     *exec.Cmd
	env     []string // the private display's environment, for X tools
	exited  chan struct{}
	exitErr error
	stderr  syncBuffer // read while the viewer writes to it
	shot    string
	state   string
}

func startViewer(t testing.TB, env []string, args ...string) *runningViewer {
	t.Helper()
	bin := buildBin(t)
	dir := t.TempDir()
	v := &runningViewer{t: t, env: privateDisplay(t), exited: make(chan struct{}), shot: filepath.Join(dir, "v.png"), state: filepath.Join(dir, "v.json")}
	v.cmd = exec.Command(bin, append([]string{"--screenshot", v.shot, "--state-json", v.state, "--after-frames", "0"}, args...)...)
	v.cmd.Env = append(slices.Clip(v.env), env...)
	v.cmd.Stderr = &v.stderr
	must(t, v.cmd.Start())
	go func() { v.exitErr = v.cmd.Wait(); close(v.exited) }()
	t.Cleanup(func() {
		v.cmd.Process.Kill()
		<-v.exited
	})
	// Wait for the window: from then on the viewer handles its signals.
	// xdotool --sync waits forever for a window that never comes: stop it
	// when the viewer exits or after 30 s.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	go func() {
		select {
		case <-v.exited:
			cancel()
		case <-ctx.Done():
		}
	}()
	search := exec.CommandContext(ctx, "xdotool", "search", "--sync", "--pid", fmt.Sprint(v.cmd.Process.Pid))
	search.Env = v.env
	out, err := search.CombinedOutput()
	if err != nil {
		t.Fatalf("no viewer window: xdotool: %v %s\n%s", err, out, v.detail())
	}
	return v
}

// x is an X client command (xdotool, xdnd-drop) on the viewer's display.
func (v *runningViewer) x(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Env = v.env
	return cmd
}

func (v *runningViewer) drop(paths ...string) {
	v.t.Helper()
	args := append([]string{"--wait", "20", "--timeout", "20", "--name", "^animscope"}, paths...)
	out, err := v.x("../../tools/xdnd-drop", args...).CombinedOutput()
	if err != nil {
		v.t.Fatalf("xdnd-drop %q: %v\n%s\nviewer stderr: %s", paths, err, out, v.stderr.String())
	}
}

// shoot asks the running viewer for a screenshot (SIGUSR1) and waits for
// the state it writes with it.
func (v *runningViewer) shoot() viewerState {
	v.t.Helper()
	if err := os.Remove(v.state); err != nil && !os.IsNotExist(err) {
		v.t.Fatal(err)
	}
	must(v.t, v.cmd.Process.Signal(syscall.SIGUSR1))
	return waitState(v.t, v.state, "a screenshot after SIGUSR1", nil, v.exited, v.detail)
}

// shootUntil takes screenshots until the state satisfies ok (the effect
// of input the test sent shows) and returns that state; after stateWait
// it fails, naming what it waited for and the last state.
func (v *runningViewer) shootUntil(description string, ok func(viewerState) bool) viewerState {
	v.t.Helper()
	deadline := time.Now().Add(stateWait)
	for {
		s := v.shoot()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			v.t.Fatalf("no screenshot within %v shows %s; last state: %+v\n%s", stateWait, description, s, v.detail())
		}
		time.Sleep(statePoll)
	}
}

func (v *runningViewer) detail() string {
	select {
	case <-v.exited:
		return fmt.Sprintf("viewer exit: %v\nviewer stderr: %s", v.exitErr, v.stderr.String())
	default:
		return "viewer stderr: " + v.stderr.String()
	}
}

func (v *runningViewer) stop() {
	v.t.Helper()
	must(v.t, v.cmd.Process.Signal(syscall.SIGTERM))
	select {
	case <-v.exited:
		if v.exitErr != nil {
			v.t.Fatalf("exit after SIGTERM: %v\nstderr: %s", v.exitErr, v.stderr.String())
		}
	case <-time.After(20 * time.Second):
		v.t.Fatal("the viewer did not exit after SIGTERM")
	}
}

// TestGUIDropBadFiles drops, with a real XDND drag-and-drop, a garbage
// file, a truncated BCK and a directory on the running viewer, then a good
// BTK: each bad one shows an error and the viewer keeps what it had open
// and goes on working.
func TestGUIDropBadFiles(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.bck")
	truncated := filepath.Join(dir, "truncated.bck")
	folder := filepath.Join(dir, "a folder")
	walk, err := os.ReadFile("testdata/walk.bck")
	if err != nil {
		t.Fatal(err)
	}
	must(t, os.WriteFile(garbage, []byte("definitely not an animation file"), 0o644))
	must(t, os.WriteFile(truncated, walk[:len(walk)/2], 0o644))
	must(t, os.Mkdir(folder, 0o755))
	good, err := filepath.Abs("testdata/btk_basic.btk")
	must(t, err)

	v := startViewer(t, []string{"XDG_CONFIG_HOME=" + t.TempDir()}, "--no-config", "--size", "1280x800", "testdata/biped.bmd", "testdata/walk.bck")
	for _, p := range []string{garbage, truncated, folder, good} {
		v.drop(p)
	}
	// Still running: take a screenshot once the last drop is open, then
	// close it politely.
	s := v.shootUntil("the dropped btk_basic.btk open", func(s viewerState) bool {
		return len(s.Files) > 0 && s.Files[len(s.Files)-1] == "btk_basic.btk"
	})
	v.stop()
	want := []string{"biped.bmd", "walk.bck", "btk_basic.btk"}
	if strings.Join(s.Files, ",") != strings.Join(want, ",") {
		t.Errorf("open files %q, want %q (the bad drops must change nothing)", s.Files, want)
	}
	if s.Model != "biped.bmd" || len(s.Joints) != 12 || s.TexMatrix == nil {
		t.Errorf("model %q, %d joints, texture matrix %v: the skeleton should still be shown with the dropped BTK", s.Model, len(s.Joints), s.TexMatrix)
	}
	if len(s.Notices) != 3 {
		t.Fatalf("notices %q, want one per bad drop", s.Notices)
	}
	for i, name := range []string{"garbage.bck", "truncated.bck", "a folder: is a folder with no file"} {
		if !strings.Contains(s.Notices[i], name) {
			t.Errorf("notice %d = %q, want it to name %q", i, s.Notices[i], name)
		}
	}
	errLines := 0
	for _, l := range strings.Split(v.stderr.String(), "\n") {
		if strings.HasPrefix(l, "animscope: ") && !strings.HasPrefix(l, "animscope: warning") {
			errLines++
		}
	}
	if errLines != 3 {
		t.Errorf("stderr has %d error lines, want 3:\n%s", errLines, v.stderr.String())
	}
	// The error toast is on screen, over the top right of the 3D view.
	img := readPNG(t, v.shot)
	reddish := 0
	x0, y0 := s.Scene[0]+s.Scene[2]/2, s.Scene[1]
	for y := y0; y < y0+s.Scene[3]/2; y++ {
		for x := x0; x < s.Scene[0]+s.Scene[2]; x++ {
			c := img.RGBAAt(x, y)
			if c.R > 40 && c.R > c.G*2 && c.R > c.B*2 {
				reddish++
			}
		}
	}
	if reddish < 2000 {
		t.Errorf("%d red pixels in the top right of the view; the error notification is not shown", reddish)
	}
}

// TestGUIDropModelWithAnimation drops a model and its animation in one
// drop on the demo: the demo closes and the two pair up.
func TestGUIDropModelWithAnimation(t *testing.T) {
	v := startViewer(t, []string{"XDG_CONFIG_HOME=" + t.TempDir()}, "--no-config", "--size", "1024x700")
	s := v.shoot()
	if len(s.Files) == 0 || s.Model == "" {
		t.Fatalf("the demo did not open: %+v", s)
	}
	walk, err := filepath.Abs("testdata/walk.bck")
	must(t, err)
	bmd, err := filepath.Abs("testdata/biped.bmd")
	must(t, err)
	v.drop(walk, bmd) // animation first: the viewer sorts models first
	s = v.shootUntil("the dropped walk.bck open", func(s viewerState) bool { return slices.Contains(s.Files, "walk.bck") })
	v.stop()
	if strings.Join(s.Files, ",") != "walk.bck,biped.bmd" {
		t.Errorf("open files %q, want the dropped pair only, in drop order (the demo closes)", s.Files)
	}
	if s.Model != "biped.bmd" || len(s.Joints) != 12 || s.JointFrame == nil {
		t.Errorf("model %q, %d joints, joint clip %v: want walk.bck playing on biped.bmd", s.Model, len(s.Joints), s.JointFrame)
	}
	if len(s.Notices) != 0 {
		t.Errorf("unexpected messages %q", s.Notices)
	}
}

// TestGUISettingsPersist checks that the window size, the recent files
// and the panel layout (imgui.ini) survive a restart.
func TestGUISettingsPersist(t *testing.T) {
	cfg := t.TempDir()
	env := []string{"XDG_CONFIG_HOME=" + cfg}
	v := startViewer(t, env, "--size", "900x640", "testdata/walk.bck")
	s := v.shoot()
	if s.Framebuffer != [2]int{900, 640} {
		t.Fatalf("first run: framebuffer %v, want 900x640", s.Framebuffer)
	}
	v.stop()
	b, err := os.ReadFile(filepath.Join(cfg, "animscope", "viewer.json"))
	must(t, err)
	var set settings
	must(t, json.Unmarshal(b, &set))
	abs, _ := filepath.Abs("testdata/walk.bck")
	if set.Window.W != 900 || set.Window.H != 640 || len(set.Recent) != 1 || set.Recent[0] != abs {
		t.Errorf("saved settings %+v: want 900x640 and walk.bck as the recent file", set)
	}
	ini, err := os.ReadFile(filepath.Join(cfg, "animscope", "imgui.ini"))
	must(t, err)
	if !strings.Contains(string(ini), "[Window][###left]") || !strings.Contains(string(ini), "[Window][###bottom]") {
		t.Errorf("imgui.ini lacks the panels:\n%s", ini)
	}
	// Second run, no --size: the saved size comes back.
	v = startViewer(t, env, "testdata/walk.bck")
	s = v.shoot()
	v.stop()
	if s.Framebuffer != [2]int{900, 640} {
		t.Errorf("second run: framebuffer %v, want the saved 900x640", s.Framebuffer)
	}
}

// TestGUIKeyboardAndMouseThroughX11 sends real X input (XTEST, as a
// keyboard and mouse do) to the window: Space pauses, → steps, a click on
// a joint selects it. It covers the GLFW-to-ImGui platform code. The input
// goes to the viewer's own Xvfb (startViewer), never to $DISPLAY.
func TestGUIKeyboardAndMouseThroughX11(t *testing.T) {
	v := startViewer(t, []string{"XDG_CONFIG_HOME=" + t.TempDir()}, "--no-config", "--size", "1024x700", "testdata/biped.bmd", "testdata/walk.bck")
	win, err := v.x("xdotool", "search", "--pid", fmt.Sprint(v.cmd.Process.Pid)).Output()
	must(t, err)
	id := strings.Fields(string(win))[0]
	// xdotool returns once the X server has the events; each step then
	// takes screenshots until the state shows the events' effect. The X
	// server delivers the events in order and the platform code queues
	// keys and latches presses, so nothing is lost when several arrive
	// within one frame.
	xdo := func(args ...string) {
		t.Helper()
		if out, err := v.x("xdotool", args...).CombinedOutput(); err != nil {
			t.Fatalf("xdotool %q: %v %s", args, err, out)
		}
	}
	xdo("windowfocus", "--sync", id)
	s := v.shoot()
	if !s.Playing {
		t.Fatal("the clip does not play on opening")
	}
	// Over the 3D view. The move changes no state to wait for; --sync
	// waits until the pointer is there, and the key below comes after it.
	xdo("mousemove", "--sync", "--window", id, "500", "300")
	xdo("key", "space")
	s = v.shootUntil("the clip paused by Space", func(s viewerState) bool { return !s.Playing })
	f0 := *s.JointFrame
	// From a fractional frame the first → lands on the next whole frame.
	want := math.Floor(f0) + 2
	xdo("key", "Right", "Right")
	s = v.shootUntil(fmt.Sprintf("frame %v after two → from %v", want, f0), func(s viewerState) bool { return *s.JointFrame == want })
	xdo("key", "Home")
	s = v.shootUntil("frame 0 after Home", func(s viewerState) bool { return *s.JointFrame == 0 })
	// Click the head (joint 3) where it is drawn.
	cam := stateCamera(s)
	h := s.Joints[3].Pos
	x, y := cam.project([3]float64{float64(h[0]), float64(h[1]), float64(h[2])}, float64(s.Scene[0]), float64(s.Scene[1]), float64(s.Scene[2]), float64(s.Scene[3]))
	if s.Selected == 3 {
		t.Fatal("joint 3 is selected before the click: the test cannot tell")
	}
	xdo("mousemove", "--sync", "--window", id, fmt.Sprint(int(x)), fmt.Sprint(int(y)))
	xdo("click", "1")
	s = v.shootUntil(fmt.Sprintf("joint 3 selected by the click at (%.0f, %.0f)", x, y), func(s viewerState) bool { return s.Selected == 3 })
	v.stop()
}
