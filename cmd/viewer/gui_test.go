package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/assets"
	"github.com/animscope/animscope/formats"
)

// The tests in this file run the real animscope binary on a display: the
// GUI with --screenshot, `animscope render`, and drops through XDND. Which
// display each may use, and when a missing one is a failure, is in
// display_test.go.

var (
	binOnce sync.Once
	binDir  string
	binPath string
	binErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// animscope builds the binary once per test run, for a test that runs it
// on the display in the environment.
func animscope(t *testing.T) string {
	t.Helper()
	needDisplay(t)
	return buildBin(t)
}

// buildBin builds the binary once per test run.
func buildBin(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "animscope-test-")
		if binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "animscope")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// runBin runs the binary on the display in the environment with a private
// config directory and returns its output; a non-zero exit fails the test.
func runBin(t *testing.T, args ...string) string {
	t.Helper()
	needDisplay(t)
	return runBinEnv(t, os.Environ(), args...)
}

// runBinEnv is runBin in the environment env (e.g. privateDisplay's).
func runBinEnv(t *testing.T, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(buildBin(t), args...)
	cmd.Env = append(env, "XDG_CONFIG_HOME="+t.TempDir())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("animscope %s: %v\nstdout: %s\nstderr: %s", strings.Join(args, " "), err, stdout.String(), stderr.String())
		}
	case <-time.After(90 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("animscope %s: no exit after 90 s", strings.Join(args, " "))
	}
	return stdout.String()
}

func readPNG(t *testing.T, path string) *image.RGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			rgba.Set(x, y, img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	return rgba
}

// golden reads the world positions of every joint of walk.bck on
// biped.bmd at a frame of the expected-sample file.
func goldenWorld(t *testing.T, frame float64) [][3]float64 {
	t.Helper()
	b, err := os.ReadFile("testdata/walk.bck.expected.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Frames  []float64
		Targets []struct {
			World [][3]float64
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	fi := -1
	for i, f := range doc.Frames {
		if f == frame {
			fi = i
		}
	}
	if fi < 0 {
		t.Fatalf("frame %v is not in the golden file (%v)", frame, doc.Frames)
	}
	var out [][3]float64
	for _, tg := range doc.Targets {
		out = append(out, tg.World[fi])
	}
	return out
}

// orbitCamera is the viewer's camera written out independently: eye on a
// sphere around the target (yaw about +Y from +Z, pitch up), looking at
// the target with +Y up, perspective with fovY and the clip planes at
// distance·0.01 and distance·100.
type orbitCamera struct {
	Yaw, Pitch, Distance, FovY float64
	Target                     [3]float64
}

// project maps a world point to pixels of a w×h viewport whose top-left
// corner is at (ox, oy).
func (c orbitCamera) project(p [3]float64, ox, oy, w, h float64) (float64, float64) {
	yaw, pitch := c.Yaw*math.Pi/180, c.Pitch*math.Pi/180
	t := mgl64.Vec3(c.Target)
	eye := t.Add(mgl64.Vec3{math.Cos(pitch) * math.Sin(yaw), math.Sin(pitch), math.Cos(pitch) * math.Cos(yaw)}.Mul(c.Distance))
	view := mgl64.LookAtV(eye, t, mgl64.Vec3{0, 1, 0})
	proj := mgl64.Perspective(c.FovY*math.Pi/180, w/h, c.Distance*0.01, c.Distance*100)
	v := proj.Mul4(view).Mul4x1(mgl64.Vec3(p).Vec4(1))
	return ox + (v[0]/v[3]*0.5+0.5)*w, oy + (0.5-v[1]/v[3]*0.5)*h
}

// isJoint matches the joint marker colour (orange, colJoint) and its
// darker rim.
func isJoint(c color.RGBA) bool {
	return c.R > 140 && c.R > c.B+90 && c.G > 60 && c.G < c.R-20
}

// isBone matches the bone line colour (light blue-grey, colBone).
func isBone(c color.RGBA) bool {
	return c.R > 150 && c.G > 150 && c.B > 160 && int(c.B)-int(c.R) < 40 && int(c.R)-int(c.B) < 20
}

// markerCentre is the centroid of joint-coloured pixels within r pixels of
// (x, y), and how many there were.
func markerCentre(img *image.RGBA, x, y float64, r int) (cx, cy float64, n int) {
	for yy := int(y) - r; yy <= int(y)+r; yy++ {
		for xx := int(x) - r; xx <= int(x)+r; xx++ {
			if !(image.Point{xx, yy}.In(img.Bounds())) {
				continue
			}
			if isJoint(img.RGBAAt(xx, yy)) {
				cx += float64(xx) + 0.5
				cy += float64(yy) + 0.5
				n++
			}
		}
	}
	if n > 0 {
		cx /= float64(n)
		cy /= float64(n)
	}
	return cx, cy, n
}

// checkJoints checks that every joint whose marker stands apart from the
// others is drawn within 2 px of its projected position, and that the
// middle of every bone has bone-coloured pixels. It returns how many
// joints it checked.
func checkJoints(t *testing.T, img *image.RGBA, pts [][2]float64, parents []int) int {
	t.Helper()
	all := make([]int, len(pts))
	for i := range all {
		all[i] = i
	}
	return checkJointSubset(t, img, pts, parents, all)
}

var bipedParents = []int{-1, 0, 1, 2, 2, 4, 2, 6, 1, 8, 1, 10}

func TestRenderJointsAtProjectedPositions(t *testing.T) {
	bin := animscope(t)
	_ = bin
	cam := orbitCamera{Yaw: 30, Pitch: 12, Distance: 420, FovY: 40, Target: [3]float64{0, 85, 15}}
	for _, frame := range []float64{7.5, 22.5} {
		out := filepath.Join(t.TempDir(), "r.png")
		runBin(t, "render", "testdata/walk.bck", "--model", "testdata/biped.bmd", "--frame", fmt.Sprint(frame),
			"--out", out, "--size", "640x480", "--view", "30,12,420,0,85,15")
		img := readPNG(t, out)
		if img.Bounds().Dx() != 640 || img.Bounds().Dy() != 480 {
			t.Fatalf("image is %v, want 640x480", img.Bounds())
		}
		var pts [][2]float64
		for _, w := range goldenWorld(t, frame) {
			x, y := cam.project(w, 0, 0, 640, 480)
			pts = append(pts, [2]float64{x, y})
		}
		if n := checkJoints(t, img, pts, bipedParents); n < 8 {
			t.Errorf("frame %v: only %d joints stood apart enough to check", frame, n)
		}
	}
}

// guiState reads --state-json output.
func guiState(t *testing.T, path string) viewerState {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s viewerState
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

func stateCamera(s viewerState) orbitCamera {
	c := s.Camera
	return orbitCamera{Yaw: float64(c.Yaw), Pitch: float64(c.Pitch), Distance: float64(c.Distance), FovY: float64(c.FovY),
		Target: [3]float64{float64(c.Target[0]), float64(c.Target[1]), float64(c.Target[2])}}
}

// checkPanels checks that the ImGui interface was drawn around the 3D
// view: the menu bar has text, the side and bottom panels have the panel
// background and text, and the scene background fills the view.
func checkPanels(t *testing.T, img *image.RGBA, s viewerState) {
	t.Helper()
	sx, sy, sw, sh := s.Scene[0], s.Scene[1], s.Scene[2], s.Scene[3]
	W, H := img.Bounds().Dx(), img.Bounds().Dy()
	if sx < 100 || sy < 15 || sx+sw > W-100 || sy+sh > H-100 {
		t.Fatalf("3D view %v in a %dx%d window leaves no room for the panels", s.Scene, W, H)
	}
	count := func(x0, y0, x1, y1 int, f func(color.RGBA) bool) int {
		n := 0
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				if f(img.RGBAAt(x, y)) {
					n++
				}
			}
		}
		return n
	}
	bright := func(c color.RGBA) bool { return c.R > 170 && c.G > 170 && c.B > 170 }
	panelBg := func(c color.RGBA) bool {
		return absDiff(c.R, 27) <= 3 && absDiff(c.G, 28) <= 3 && absDiff(c.B, 32) <= 3
	}
	sceneBg := func(c color.RGBA) bool {
		return absDiff(c.R, 34) <= 3 && absDiff(c.G, 36) <= 3 && absDiff(c.B, 40) <= 3
	}
	regions := []struct {
		name           string
		x0, y0, x1, y1 int
	}{
		{"menu bar", 0, 0, W, sy},
		{"left panel", 0, sy, sx, sy + sh},
		{"right panel", sx + sw, sy, W, sy + sh},
		{"bottom panel", 0, sy + sh, W, H},
	}
	for _, r := range regions {
		area := (r.x1 - r.x0) * (r.y1 - r.y0)
		if n := count(r.x0, r.y0, r.x1, r.y1, bright); n < 40 {
			t.Errorf("%s: %d bright (text) pixels; the panel looks empty", r.name, n)
		}
		if r.name != "menu bar" {
			if n := count(r.x0, r.y0, r.x1, r.y1, panelBg); n < area/4 {
				t.Errorf("%s: %d of %d pixels have the panel background", r.name, n, area)
			}
		}
	}
	if n := count(sx, sy, sx+sw, sy+sh, sceneBg); n < sw*sh/3 {
		t.Errorf("3D view: %d of %d pixels have the scene background", n, sw*sh)
	}
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}

func TestGUIScreenshotSkeleton(t *testing.T) {
	dir := t.TempDir()
	shot, state := filepath.Join(dir, "s.png"), filepath.Join(dir, "s.json")
	out := runBin(t, "--no-config", "--size", "1280x800", "--frame", "7.5", "--screenshot", shot, "--state-json", state,
		"--after-frames", "5", "testdata/biped.bmd", "testdata/walk.bck")
	if !strings.Contains(out, "screenshot: "+shot) {
		t.Errorf("stdout %q does not name the screenshot", out)
	}
	img := readPNG(t, shot)
	s := guiState(t, state)
	if s.JointFrame == nil || *s.JointFrame != 7.5 {
		t.Fatalf("joint clip at frame %v, want 7.5", s.JointFrame)
	}
	if s.Model != "biped.bmd" || len(s.Joints) != 12 {
		t.Fatalf("model %q with %d joints, want biped.bmd with 12", s.Model, len(s.Joints))
	}
	cam := stateCamera(s)
	pts := projectAll(cam, goldenWorld(t, 7.5), float64(s.Scene[0]), float64(s.Scene[1]), float64(s.Scene[2]), float64(s.Scene[3]))
	if n := checkJoints(t, img, pts, bipedParents); n < 6 {
		t.Errorf("only %d joints stood apart enough to check", n)
	}
	checkPanels(t, img, s)
}

func TestGUIScreenshotBTK(t *testing.T) {
	dir := t.TempDir()
	shot, state := filepath.Join(dir, "b.png"), filepath.Join(dir, "b.json")
	const frame = 20
	runBin(t, "--no-config", "--size", "1280x800", "--frame", fmt.Sprint(frame), "--screenshot", shot, "--state-json", state,
		"--after-frames", "5", "testdata/btk_basic.btk")
	img := readPNG(t, shot)
	s := guiState(t, state)
	if s.Quad == nil || s.TexFrame == nil || *s.TexFrame != frame {
		t.Fatalf("state has no texture quad at frame %d: %+v", frame, s)
	}
	// The matrix from the math: decode, evaluate, the file's formula.
	data, err := os.ReadFile("testdata/btk_basic.btk")
	if err != nil {
		t.Fatal(err)
	}
	asset, err := formats.Open("btk_basic.btk", data)
	if err != nil {
		t.Fatal(err)
	}
	clip := asset.Clips[0]
	pose := anim.NewPose(clip)
	anim.Evaluate(clip, frame, pose)
	m := anim.TexMatrixOf(&clip.Targets[0], &pose.Targets[0])
	for r := 0; r < 2; r++ {
		for c := 0; c < 3; c++ {
			if math.Abs(m[r][c]-s.TexMatrix[r][c]) > 1e-9 {
				t.Fatalf("viewer matrix %v, want %v", *s.TexMatrix, m)
			}
		}
	}
	if m == (anim.TexMatrix{{1, 0, 0}, {0, 1, 0}}) {
		t.Fatal("the test frame has an identity matrix; pick one that moves the texture")
	}
	checker, err := assets.Checker()
	if err != nil {
		t.Fatal(err)
	}
	cells := float64(assets.CheckerCells)
	texel := func(u, v float64) (color.RGBA, bool) {
		u, v = u-math.Floor(u), v-math.Floor(v)
		fu, fv := u*cells-math.Floor(u*cells), v*cells-math.Floor(v*cells)
		// Away from cell borders (filtering blends there) and from the
		// white orientation mark's edges.
		if fu < 0.2 || fu > 0.8 || fv < 0.2 || fv > 0.8 {
			return color.RGBA{}, false
		}
		if u*cells < 1 && v*cells < 1 {
			return color.RGBA{}, false
		}
		w := checker.Bounds().Dx()
		return checker.RGBAAt(int(u*float64(w)), int(v*float64(w))), true
	}
	q := *s.Quad
	cam := stateCamera(s)
	near := func(a, b color.RGBA) bool {
		return absDiff(a.R, b.R) <= 30 && absDiff(a.G, b.G) <= 30 && absDiff(a.B, b.B) <= 30
	}
	const n = 16
	checked, matched, identityAgrees := 0, 0, 0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			st, tt := (float64(i)+0.5)/n, (float64(j)+0.5)/n
			var p [3]float64
			for k := 0; k < 3; k++ {
				p[k] = float64(q[0][k]) + st*float64(q[1][k]-q[0][k]) + tt*float64(q[3][k]-q[0][k])
			}
			x, y := cam.project(p, float64(s.Scene[0]), float64(s.Scene[1]), float64(s.Scene[2]), float64(s.Scene[3]))
			u, v := m.Apply(st, tt)
			want, ok := texel(u, v)
			if !ok {
				continue
			}
			got := img.RGBAAt(int(x), int(y))
			checked++
			if near(got, want) {
				matched++
			}
			if plain, ok := texel(st, tt); ok && near(got, plain) {
				identityAgrees++
			}
		}
	}
	if checked < 40 {
		t.Fatalf("only %d sample points were clear of cell borders", checked)
	}
	if matched < checked*9/10 {
		t.Errorf("%d of %d quad pixels show the checker through the BTK matrix", matched, checked)
	}
	// The picture must not also fit the untransformed checker: the test
	// would then not see a missing matrix.
	if identityAgrees > checked/2 {
		t.Errorf("%d of %d pixels also match the checker without the matrix", identityAgrees, checked)
	}
	checkPanels(t, img, s)
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
	for i, name := range []string{"garbage.bck", "truncated.bck", "a folder: is a directory"} {
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

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// startViewer runs the viewer in the background with SIGUSR1 screenshots,
// on an Xvfb of its own (privateDisplay: the tests that use it send input
// or drops); shoot asks for a screenshot and returns its state, shootUntil
// asks until the state shows what the test waits for; stop closes the
// viewer with SIGTERM and checks it exits cleanly.
type runningViewer struct {
	t       *testing.T
	cmd     *exec.Cmd
	env     []string // the private display's environment, for X tools
	exited  chan struct{}
	exitErr error
	stderr  syncBuffer // read while the viewer writes to it
	shot    string
	state   string
}

func startViewer(t *testing.T, env []string, args ...string) *runningViewer {
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
	out, err := v.x("xdotool", "search", "--sync", "--pid", fmt.Sprint(v.cmd.Process.Pid)).CombinedOutput()
	if err != nil {
		t.Fatalf("waiting for the window: %v %s\nstderr: %s", err, out, v.stderr.String())
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

// setDPIScript sets the X resource Xft.dpi (what GLFW reads as the content
// scale on X11) and keeps its connection open until its stdin closes (an X
// server may drop root window properties when its last client leaves),
// then removes it again. The test runs it only on an Xvfb of its own.
const setDPIScript = `
import sys
sys.path.append("/usr/lib/python3/dist-packages")
from Xlib import display, Xatom
d = display.Display()
root, rm = d.screen().root, d.intern_atom("RESOURCE_MANAGER")
root.change_property(rm, Xatom.STRING, 8, ("Xft.dpi:\t%s\n" % sys.argv[1]).encode())
d.sync()
print("ready", flush=True)
sys.stdin.read()
root.delete_property(rm)
d.sync()
`

// TestGUIHiDPI runs the viewer on a 144-dpi X screen: the window grows by
// the content scale, the font and panels scale with it, and the 3D view
// still puts the joints at their projected pixels. Setting the resource
// changes the X server for every client, so the test uses an Xvfb of its
// own, never $DISPLAY.
func TestGUIHiDPI(t *testing.T) {
	env := privateDisplay(t)
	py := exec.Command("python3", "-c", setDPIScript, "144")
	py.Env = env
	out, err := py.StdoutPipe()
	must(t, err)
	in, err := py.StdinPipe()
	must(t, err)
	must(t, py.Start())
	defer func() { in.Close(); py.Wait() }()
	buf := make([]byte, 6)
	if _, err := io.ReadFull(out, buf); err != nil || string(buf) != "ready\n" {
		t.Fatalf("setting Xft.dpi: %q %v (python3-xlib installed?)", buf, err)
	}
	dir := t.TempDir()
	shot, state := filepath.Join(dir, "h.png"), filepath.Join(dir, "h.json")
	runBinEnv(t, env, "--no-config", "--size", "960x640", "--frame", "7.5", "--screenshot", shot, "--state-json", state,
		"--after-frames", "5", "testdata/biped.bmd", "testdata/walk.bck")
	s := guiState(t, state)
	if s.ContentScale != 1.5 || s.UIScale != 1.5 {
		t.Fatalf("content scale %v, UI scale %v; want 1.5 at 144 dpi", s.ContentScale, s.UIScale)
	}
	if s.Framebuffer != [2]int{1440, 960} {
		t.Errorf("framebuffer %v, want the 960x640 window scaled to 1440x960", s.Framebuffer)
	}
	// The menu bar is the font's height plus padding: about 1.5 times the
	// 23 pixels of a 96-dpi screen.
	if s.Scene[1] < 31 || s.Scene[1] > 38 {
		t.Errorf("menu bar %d px high at 1.5x; want about 34", s.Scene[1])
	}
	img := readPNG(t, shot)
	cam := stateCamera(s)
	pts := projectAll(cam, goldenWorld(t, 7.5), float64(s.Scene[0]), float64(s.Scene[1]), float64(s.Scene[2]), float64(s.Scene[3]))
	if n := checkJoints(t, img, pts, bipedParents); n < 6 {
		t.Errorf("only %d joints stood apart enough to check", n)
	}
	checkPanels(t, img, s)
}

func TestRenderGIF(t *testing.T) {
	out := filepath.Join(t.TempDir(), "walk.gif")
	stdout := runBin(t, "render", "--gif", out, "--frames", "0:10:5", "--size", "160x120", "testdata/walk.bck", "--model", "testdata/biped.bmd")
	if !strings.Contains(stdout, "3 frames") {
		t.Errorf("stdout %q", stdout)
	}
	f, err := os.Open(out)
	must(t, err)
	defer f.Close()
	g, err := gif.DecodeAll(f)
	must(t, err)
	if len(g.Image) != 3 || g.Config.Width != 160 || g.Config.Height != 120 {
		t.Fatalf("GIF has %d frames of %dx%d, want 3 of 160x120", len(g.Image), g.Config.Width, g.Config.Height)
	}
	// 5 frames at 30 fps is 1/6 s: 17 hundredths.
	for i, d := range g.Delay {
		if d != 17 {
			t.Errorf("frame %d delay %d, want 17", i, d)
		}
	}
	if bytes.Equal(g.Image[0].Pix, g.Image[2].Pix) {
		t.Error("frames 0 and 10 of a walk are identical")
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
	want := math.Floor(f0+0.5) + 2
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
