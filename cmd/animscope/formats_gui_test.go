package main

import (
	"fmt"
	"image"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The tests in this file run the real binary on a display (as in
// gui_test.go): renders and screenshots of archives, BFRES and JBA files,
// with joints checked against positions computed from the fixtures'
// golden values.

// renderAt runs `animscope render ARGS --frame F --out tmp.png --size
// 640x480` and returns the picture.
func renderAt(t *testing.T, frame float64, args ...string) *image.RGBA {
	t.Helper()
	out := filepath.Join(t.TempDir(), "r.png")
	runBin(t, append([]string{"render", "--frame", fmt.Sprint(frame), "--out", out, "--size", "640x480"}, args...)...)
	img := readPNG(t, out)
	if img.Bounds().Dx() != 640 || img.Bounds().Dy() != 480 {
		t.Fatalf("image is %v, want 640x480", img.Bounds())
	}
	return img
}

// viewArg is --view for cam.
func viewArg(c orbitCamera) string {
	return fmt.Sprintf("%g,%g,%g,%g,%g,%g", c.Yaw, c.Pitch, c.Distance, c.Target[0], c.Target[1], c.Target[2])
}

// checkJointSubset checks, for the joints in check, that each is drawn
// within 2 px of its projection, and that every bone (parent ≥ 0) whose
// ends are both far apart has bone pixels at its middle. It returns how
// many joints were checked; joints closer than 12 px to another are
// skipped (their markers merge).
func checkJointSubset(t *testing.T, img *image.RGBA, pts [][2]float64, parents []int, check []int) int {
	t.Helper()
	n := 0
	for _, i := range check {
		p := pts[i]
		apart := true
		for j, q := range pts {
			if j != i && math.Hypot(p[0]-q[0], p[1]-q[1]) < 12 {
				apart = false
			}
		}
		if !apart {
			continue
		}
		cx, cy, k := markerCentre(img, p[0], p[1], 6)
		if k < 8 {
			t.Errorf("joint %d: %d joint-coloured pixels near its projection (%.1f, %.1f)", i, k, p[0], p[1])
			continue
		}
		if d := math.Hypot(cx-p[0], cy-p[1]); d > 2 {
			t.Errorf("joint %d drawn at (%.1f, %.1f), %.2f px from its projection (%.1f, %.1f)", i, cx, cy, d, p[0], p[1])
		}
		n++
	}
	for i, par := range parents {
		if par < 0 {
			continue
		}
		a, b := pts[par], pts[i]
		if math.Hypot(a[0]-b[0], a[1]-b[1]) < 24 {
			continue // too short to have a middle clear of the markers
		}
		mx, my := (a[0]+b[0])/2, (a[1]+b[1])/2
		found := false
		for dy := -2; dy <= 2 && !found; dy++ {
			for dx := -2; dx <= 2 && !found; dx++ {
				found = isBone(img.RGBAAt(int(mx)+dx, int(my)+dy))
			}
		}
		if !found {
			t.Errorf("bone %d-%d: no bone pixel within 2 px of its middle (%.1f, %.1f)", par, i, mx, my)
		}
	}
	return n
}

func projectAll(c orbitCamera, world [][3]float64, ox, oy, w, h float64) [][2]float64 {
	var pts [][2]float64
	for _, p := range world {
		x, y := c.project(p, ox, oy, w, h)
		pts = append(pts, [2]float64{x, y})
	}
	return pts
}

// TestRenderFromArchivePaths renders the walk and the model addressed
// inside the Yaz0 RARC (FILE:PATH for the animation and for --model): the
// bones are where the golden world positions project, at two frames.
func TestRenderFromArchivePaths(t *testing.T) {
	arc := archiveFixtures + "biped.szs"
	cam := orbitCamera{Yaw: 30, Pitch: 12, Distance: 420, FovY: 40, Target: [3]float64{0, 85, 15}}
	for _, frame := range []float64{7.5, 22.5} {
		img := renderAt(t, frame, arc+":bck/walk.bck", "--model", arc+":bmdl/biped.bmd", "--view", viewArg(cam))
		pts := projectAll(cam, goldenWorld(t, frame), 0, 0, 640, 480)
		if n := checkJoints(t, img, pts, bipedParents); n < 8 {
			t.Errorf("frame %v: only %d joints stood apart enough to check", frame, n)
		}
	}
}

// TestRenderBFRES renders an FSKA (picked by --clip) on the FSKL of a
// separate model file: the animated bones are where the golden channels,
// composed on the golden skeleton, put them.
func TestRenderBFRES(t *testing.T) {
	doc := goldenDoc(t, bfresFixtures+"skel_anim.bfres.Trot.expected.json")
	bones := foxBones(t)
	parents := make([]int, len(bones))
	for i, b := range bones {
		parents[i] = b.parent
	}
	cam := orbitCamera{Yaw: 40, Pitch: 10, Distance: 3.2, FovY: 40, Target: [3]float64{0, 0.95, 0}}
	for _, frame := range []float64{6, 18} {
		img := renderAt(t, frame, bfresFixtures+"skel_anim.bfres", "--clip", "Trot", "--model", bfresFixtures+"skel_model.bfres", "--view", viewArg(cam))
		pts := projectAll(cam, goldenWorldOf(doc, bones, frameIndex(t, doc, frame)), 0, 0, 640, 480)
		// Root is not animated (drawn in the rest colour): the others are.
		if n := checkJointSubset(t, img, pts, parents, []int{1, 2, 3, 4, 5}); n < 4 {
			t.Errorf("frame %v: only %d joints stood apart enough to check", frame, n)
		}
	}
}

// TestRenderJBA renders a JBA on the skeleton its Biped bone names imply
// (Z-up), at two frames, and with its root motion applied.
func TestRenderJBA(t *testing.T) {
	doc := goldenDoc(t, filepath.Join(jbaTestdata, "walk_30fps.expected.json"))
	parents := []int{-1, 0, 1, 0, 3}
	for _, c := range []struct {
		frame float64
		root  bool
	}{{15, false}, {45, false}, {45, true}} {
		world := goldenWorldOf(doc, walkBones, frameIndex(t, doc, c.frame))
		args := []string{filepath.Join(jbaTestdata, "walk_30fps.jba")}
		for i := range world {
			if c.root {
				// The fixture's world-space track: x = 0.04 per frame
				// (its description file), no rotation.
				world[i][0] += 0.04 * c.frame
			}
			world[i] = zUpDisplay(world[i])
		}
		if c.root {
			args = append(args, "--root-motion")
		}
		cam := orbitCamera{Yaw: 60, Pitch: 35, Distance: 1.6, FovY: 40, Target: [3]float64{world[0][0] + 0.2, 0.9, 0}}
		img := renderAt(t, c.frame, append(args, "--view", viewArg(cam))...)
		pts := projectAll(cam, world, 0, 0, 640, 480)
		if n := checkJointSubset(t, img, pts, parents, []int{0, 1, 2, 3, 4}); n < 4 {
			t.Errorf("frame %v (root motion %v): only %d joints stood apart enough to check", c.frame, c.root, n)
		}
	}
}

// TestRenderClipErrors: --clip naming nothing and --model without a
// skeleton are input errors with one line.
func TestRenderClipErrors(t *testing.T) {
	code, _, errOut := runCLI("render", bfresFixtures+"skel_anim.bfres", "--clip", "Gallop", "--frame", "1", "--out", filepath.Join(t.TempDir(), "x.png"))
	if code != exitInput || !strings.Contains(errOut, `no animation named "Gallop" (have ["Trot"])`) || strings.Count(errOut, "\n") != 1 {
		t.Errorf("--clip Gallop: exit %d, %q", code, errOut)
	}
	code, _, errOut = runCLI("render", bfresFixtures+"skel_anim.bfres", "--model", bfresFixtures+"texsrt.bfres", "--frame", "1", "--out", filepath.Join(t.TempDir(), "x.png"))
	if code != exitInput || !strings.Contains(errOut, "texsrt.bfres: holds no skeleton") {
		t.Errorf("--model texsrt.bfres: exit %d, %q", code, errOut)
	}
}

// TestGUIScreenshotFormats opens an archive, a BFRES and a JBA in the
// viewer: each shows its skeleton where the golden values put the joints,
// with the panels drawn around the view.
func TestGUIScreenshotFormats(t *testing.T) {
	bfresDoc := goldenDoc(t, bfresFixtures+"skel_anim.bfres.Trot.expected.json")
	jbaDoc := goldenDoc(t, filepath.Join(jbaTestdata, "walk_30fps.expected.json"))
	fox := foxBones(t)
	cases := []struct {
		name    string
		files   []string
		frame   float64
		model   string
		clip    string
		world   func() [][3]float64
		parents []int
		check   []int
		min     int
	}{
		{"archive", []string{archiveFixtures + "biped.szs"}, 7.5, "biped.szs › biped/bmdl/biped.bmd", "biped.szs › biped/bck/walk.bck",
			func() [][3]float64 { return goldenWorld(t, 7.5) }, bipedParents, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 6},
		{"bfres", []string{bfresFixtures + "skel_anim.bfres", bfresFixtures + "skel_model.bfres"}, 6, "skel_model.bfres", "skel_anim.bfres",
			func() [][3]float64 { return goldenWorldOf(bfresDoc, fox, frameIndex(t, bfresDoc, 6)) }, []int{-1, 0, 1, 2, 1, 1}, []int{1, 2, 3, 4, 5}, 4},
		{"jba", []string{filepath.Join(jbaTestdata, "walk_30fps.jba")}, 15, "walk_30fps.jba", "walk_30fps.jba",
			func() [][3]float64 {
				w := goldenWorldOf(jbaDoc, walkBones, frameIndex(t, jbaDoc, 15))
				for i := range w {
					w[i] = zUpDisplay(w[i])
				}
				return w
			}, []int{-1, 0, 1, 0, 3}, []int{0, 1, 2, 3, 4}, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			shot, state := filepath.Join(dir, "s.png"), filepath.Join(dir, "s.json")
			runBin(t, append([]string{"--no-config", "--size", "1280x800", "--frame", fmt.Sprint(c.frame), "--screenshot", shot,
				"--state-json", state, "--after-frames", "5"}, c.files...)...)
			img := readPNG(t, shot)
			s := guiState(t, state)
			if s.Model != c.model || s.JointClip != c.clip || s.JointFrame == nil || *s.JointFrame != c.frame {
				t.Fatalf("model %q clip %q at %v; want %q, %q at %v", s.Model, s.JointClip, s.JointFrame, c.model, c.clip, c.frame)
			}
			pts := projectAll(stateCamera(s), c.world(), float64(s.Scene[0]), float64(s.Scene[1]), float64(s.Scene[2]), float64(s.Scene[3]))
			n := checkJointSubset(t, img, pts, c.parents, c.check)
			t.Logf("%d joints checked", n)
			if n < c.min {
				t.Errorf("only %d joints stood apart enough to check", n)
			}
			checkPanels(t, img, s)
		})
	}
}

// TestGUIDropSidecarOnJBA drops a skeleton sidecar (a real XDND drop) on
// the viewer playing a JBA on its inferred skeleton: the sidecar's
// hierarchy is used from then on.
// Like every test that drops, it runs on an Xvfb of its own (startViewer).
func TestGUIDropSidecarOnJBA(t *testing.T) {
	v := startViewer(t, []string{"XDG_CONFIG_HOME=" + t.TempDir()}, "--no-config", "--size", "1024x700", filepath.Join(jbaTestdata, "walk_30fps.jba"))
	s := v.shoot()
	if s.Model != "walk_30fps.jba" || len(s.Joints) != 5 {
		t.Fatalf("before the drop: model %q with %d joints, want the inferred 5", s.Model, len(s.Joints))
	}
	side, err := filepath.Abs(filepath.Join(jbaTestdata, "walk.skeleton.json"))
	must(t, err)
	v.drop(side)
	s = v.shootUntil("the dropped sidecar open", func(s viewerState) bool { return slices.Contains(s.Files, "walk.skeleton.json") })
	v.stop()
	if s.Model != "walk.skeleton.json" || len(s.Joints) != 7 || s.JointClip != "walk_30fps.jba" {
		t.Errorf("after dropping the sidecar: model %q, %d joints, clip %q; want walk_30fps.jba on the sidecar's 7 bones", s.Model, len(s.Joints), s.JointClip)
	}
	if strings.Join(s.Files, ",") != "walk_30fps.jba,walk.skeleton.json" {
		t.Errorf("files %q", s.Files)
	}
}
