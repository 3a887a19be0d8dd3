package viewmodel

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func near(a, b, tol float32) bool { return float32(math.Abs(float64(a-b))) <= tol }

func TestCameraProjectsTargetToCenter(t *testing.T) {
	c := DefaultCamera()
	c.Target = mgl32.Vec3{3, -2, 7}
	x, y, ok := c.Project(c.Target, 800, 600)
	if !ok || !near(x, 400, 1e-3) || !near(y, 300, 1e-3) {
		t.Fatalf("target projects to (%v, %v, %v), want the centre (400, 300)", x, y, ok)
	}
	// A point above the target is higher on screen (smaller y).
	_, yUp, _ := c.Project(c.Target.Add(mgl32.Vec3{0, 1, 0}), 800, 600)
	if yUp >= y {
		t.Errorf("a point above the target projects lower (%v >= %v)", yUp, y)
	}
	// Behind the camera is not ok.
	behind := c.Eye().Add(c.Eye().Sub(c.Target))
	if _, _, ok := c.Project(behind, 800, 600); ok {
		t.Error("a point behind the camera projected")
	}
}

func TestCameraFrameFitsBox(t *testing.T) {
	for _, box := range [][2]mgl32.Vec3{
		{{-10, 0, -5}, {10, 150, 5}},     // a J3D character, centimetres
		{{-0.1, 0, -0.1}, {0.1, 1, 0.1}}, // metres
		{{100, 100, 100}, {101, 101, 101}},
	} {
		c := DefaultCamera()
		c.Frame(box[0], box[1])
		lo, hi := box[0], box[1]
		for i := 0; i < 8; i++ {
			p := mgl32.Vec3{lo[0], lo[1], lo[2]}
			if i&1 != 0 {
				p[0] = hi[0]
			}
			if i&2 != 0 {
				p[1] = hi[1]
			}
			if i&4 != 0 {
				p[2] = hi[2]
			}
			x, y, ok := c.Project(p, 800, 600)
			if !ok || x < 0 || x > 800 || y < 0 || y > 600 {
				t.Errorf("box %v: corner %v projects to (%v, %v, %v), outside the 800x600 view", box, p, x, y, ok)
			}
		}
	}
}

func TestCameraOrbitPanZoom(t *testing.T) {
	c := DefaultCamera()
	c.Orbit(0, 1e6)
	if c.Pitch != pitchLimit {
		t.Errorf("pitch after a huge drag = %v, want the limit %v", c.Pitch, float32(pitchLimit))
	}
	c.Orbit(0, -1e6)
	if c.Pitch != -pitchLimit {
		t.Errorf("pitch = %v, want %v", c.Pitch, float32(-pitchLimit))
	}
	c = DefaultCamera()
	yaw := c.Yaw
	c.Orbit(10, 0)
	if !near(c.Yaw, yaw-4, 1e-4) {
		t.Errorf("yaw after 10 px = %v, want %v", c.Yaw, yaw-4)
	}

	// Panning moves the scene with the mouse: the old target moves by
	// the drag in pixels.
	c = DefaultCamera()
	old := c.Target
	c.Pan(40, -25, 600)
	x, y, _ := c.Project(old, 800, 600)
	if !near(x, 440, 0.5) || !near(y, 275, 0.5) {
		t.Errorf("after panning (40, -25) the old target is at (%v, %v), want (440, 275)", x, y)
	}

	c = DefaultCamera()
	d := c.Distance
	c.Zoom(1)
	if !near(c.Distance, d*0.88, 1e-4) {
		t.Errorf("one notch in: distance %v, want %v", c.Distance, d*0.88)
	}
	c.Zoom(-1)
	if !near(c.Distance, d, 1e-4) {
		t.Errorf("in and out again: distance %v, want %v", c.Distance, d)
	}
}
