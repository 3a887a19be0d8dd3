package main

import (
	"encoding/json"
	"image"
	"image/color"
	"math"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Relating screenshots to the math: golden joint positions, the viewer's
// orbit camera written out independently, and checks that joints, bones
// and panels are drawn where they belong.

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

// checkWalkShot checks the screenshot at path of walk.bck on biped.bmd at
// frame, whose state is s: the joints are drawn where the golden positions
// project through the state's camera (at least 6 of them stand apart
// enough to check), with the panels around the view.
func checkWalkShot(t *testing.T, path string, s viewerState, frame float64) {
	t.Helper()
	img := readPNG(t, path)
	pts := projectAll(stateCamera(s), goldenWorld(t, frame), float64(s.Scene[0]), float64(s.Scene[1]), float64(s.Scene[2]), float64(s.Scene[3]))
	if n := checkJoints(t, img, pts, bipedParents); n < 6 {
		t.Errorf("only %d joints stood apart enough to check", n)
	}
	checkPanels(t, img, s)
}

var bipedParents = []int{-1, 0, 1, 2, 2, 4, 2, 6, 1, 8, 1, 10}

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
