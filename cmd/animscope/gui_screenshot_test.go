package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/assets"
	"github.com/animscope/animscope/formats"
)

// Screenshots and renders of the running binary, checked pixel by pixel
// against the golden joint positions and the evaluator.

// TestRenderJointsAtProjectedPositions renders the walk with a given
// camera and finds each joint at the pixel that camera projects its golden
// world position to. runBin builds the binary (once per run) and skips
// without a display, like every test here that runs it.
func TestRenderJointsAtProjectedPositions(t *testing.T) {
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

func TestGUIScreenshotSkeleton(t *testing.T) {
	dir := t.TempDir()
	shot, state := filepath.Join(dir, "s.png"), filepath.Join(dir, "s.json")
	out := runBin(t, "--no-config", "--size", "1280x800", "--frame", "7.5", "--screenshot", shot, "--state-json", state,
		"--after-frames", "5", "testdata/biped.bmd", "testdata/walk.bck")
	if !strings.Contains(out, "screenshot: "+shot) {
		t.Errorf("stdout %q does not name the screenshot", out)
	}
	s := guiState(t, state)
	if s.JointFrame == nil || *s.JointFrame != 7.5 {
		t.Fatalf("joint clip at frame %v, want 7.5", s.JointFrame)
	}
	if s.Model != "biped.bmd" || len(s.Joints) != 12 {
		t.Fatalf("model %q with %d joints, want biped.bmd with 12", s.Model, len(s.Joints))
	}
	checkWalkShot(t, shot, s, 7.5)
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
	checkQuadTexture(t, img, s, m)
	checkPanels(t, img, s)
}

// checkQuadTexture samples the test quad in the screenshot on a 16×16
// grid: the pixels show the UV checker through the texture matrix m, and
// not the untransformed checker (or the test could not see a missing
// matrix).
func checkQuadTexture(t *testing.T, img *image.RGBA, s viewerState, m anim.TexMatrix) {
	t.Helper()
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
	checkWalkShot(t, shot, s, 7.5)
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
