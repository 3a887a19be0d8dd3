package viewmodel

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Camera is the orbit camera of the 3D view: it looks at Target from
// Distance away, turned Yaw degrees about the up axis (Y) and tilted Pitch
// degrees above the ground. It is plain data so cmd/animscope can apply the
// UI's camera intents and the render command can take one from flags.
type Camera struct {
	Yaw, Pitch float32 // degrees
	Distance   float32
	Target     mgl32.Vec3
	FovY       float32 // degrees
}

// DefaultCamera looks at a 2-unit-high thing at the origin from the front
// right, slightly above: a three-quarter view that shows all three axes.
func DefaultCamera() Camera {
	return Camera{Yaw: 35, Pitch: 20, Distance: 6, Target: mgl32.Vec3{0, 1, 0}, FovY: 40}
}

// pitchLimit keeps the camera off the poles, where the up vector flips.
const pitchLimit = 89

// Eye is the camera position.
func (c *Camera) Eye() mgl32.Vec3 {
	yaw := mgl32.DegToRad(c.Yaw)
	pitch := mgl32.DegToRad(c.Pitch)
	cp := float32(math.Cos(float64(pitch)))
	dir := mgl32.Vec3{
		cp * float32(math.Sin(float64(yaw))),
		float32(math.Sin(float64(pitch))),
		cp * float32(math.Cos(float64(yaw))),
	}
	return c.Target.Add(dir.Mul(c.Distance))
}

// View is the world-to-camera matrix.
func (c *Camera) View() mgl32.Mat4 {
	return mgl32.LookAtV(c.Eye(), c.Target, mgl32.Vec3{0, 1, 0})
}

// Proj is the perspective projection for a viewport of the given aspect
// ratio (width / height). The clip planes follow the distance so both tiny
// and huge models (J3D units are centimetres: a character is 100-200 high)
// keep their depth precision.
func (c *Camera) Proj(aspect float32) mgl32.Mat4 {
	if !(aspect > 0) {
		aspect = 1
	}
	fov := c.FovY
	if !(fov > 1 && fov < 170) {
		fov = 40
	}
	d := max(c.Distance, 1e-4)
	return mgl32.Perspective(mgl32.DegToRad(fov), aspect, d*0.01, d*100)
}

// Orbit turns the camera by dx, dy pixels of mouse motion.
func (c *Camera) Orbit(dx, dy float32) {
	const degPerPixel = 0.4
	c.Yaw = float32(math.Mod(float64(c.Yaw-dx*degPerPixel), 360))
	c.Pitch = mgl32.Clamp(c.Pitch+dy*degPerPixel, -pitchLimit, pitchLimit)
}

// Pan moves the target so the point under the mouse follows it: dx, dy
// are pixels in a viewport viewH pixels high.
func (c *Camera) Pan(dx, dy, viewH float32) {
	if viewH <= 0 {
		return
	}
	// World units per pixel at the target's depth.
	unit := 2 * c.Distance * float32(math.Tan(float64(mgl32.DegToRad(c.FovY)/2))) / viewH
	v := c.View()
	right := mgl32.Vec3{v[0], v[4], v[8]}
	up := mgl32.Vec3{v[1], v[5], v[9]}
	c.Target = c.Target.Sub(right.Mul(dx * unit)).Add(up.Mul(dy * unit))
}

// Zoom moves the camera towards the target (steps > 0) or away; one wheel
// notch is 12%.
func (c *Camera) Zoom(steps float32) {
	c.Distance *= float32(math.Pow(0.88, float64(steps)))
	c.Distance = mgl32.Clamp(c.Distance, 1e-3, 1e7)
}

// Frame keeps the view direction and moves the target and distance so the
// box [lo, hi] fills the view.
func (c *Camera) Frame(lo, hi mgl32.Vec3) {
	center := lo.Add(hi).Mul(0.5)
	radius := hi.Sub(lo).Len() / 2
	if !(radius > 1e-6) || math.IsInf(float64(radius), 0) {
		radius = 1
	}
	fov := mgl32.DegToRad(c.FovY)
	c.Target = center
	// Distance at which a sphere of that radius fits the vertical field of
	// view, with a margin.
	c.Distance = radius / float32(math.Sin(float64(fov/2))) * 1.1
}

// Project maps a world point to pixel coordinates of a w×h viewport (y
// down, origin top left); ok is false for points behind the camera.
func (c *Camera) Project(p mgl32.Vec3, w, h float32) (x, y float32, ok bool) {
	m := c.Proj(w / h).Mul4(c.View())
	v := m.Mul4x1(p.Vec4(1))
	if v[3] <= 1e-6 {
		return 0, 0, false
	}
	return (v[0]/v[3]*0.5 + 0.5) * w, (0.5 - v[1]/v[3]*0.5) * h, true
}
