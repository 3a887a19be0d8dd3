package app

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// boundsSamples is how many poses across the clip the scene box covers:
// enough to catch a walk's root motion and the extremes of a swing.
const boundsSamples = 16

// clipBounds is the box around the drawn joints over the whole joint clip
// (sampled), so framing keeps a walking or jumping skeleton in view.
func (a *App) clipBounds(sk *anim.Skeleton) (lo, hi mgl32.Vec3) {
	lo, hi = a.markerBounds()
	if a.play.joint == nil || a.play.joint.clip.Duration <= 0 {
		return lo, hi
	}
	var pose anim.Pose
	world := make([]mgl64.Mat4, len(sk.Joints))
	for k := 0; k <= boundsSamples; k++ {
		f := a.play.joint.clip.Duration * float64(k) / boundsSamples
		anim.Evaluate(a.play.joint.clip, f, &pose)
		sk.World(&pose, &a.binding, world)
		a.moveRoot(world, f)
		for j := range world {
			p := display(mgl32.Vec3{float32(world[j][12]), float32(world[j][13]), float32(world[j][14])}, a.zUp())
			for c := 0; c < 3; c++ {
				lo[c] = min(lo[c], p[c])
				hi[c] = max(hi[c], p[c])
			}
		}
	}
	return lo, hi
}

// markerBounds is the box around the drawn joints (or the texture quad
// when only a BTK is open).
func (a *App) markerBounds() (lo, hi mgl32.Vec3) {
	if len(a.markers) == 0 {
		return mgl32.Vec3{-1, 0, -1}, mgl32.Vec3{1, 2, 1}
	}
	lo = a.markers[0].Pos
	hi = lo
	for _, m := range a.markers[1:] {
		for k := 0; k < 3; k++ {
			lo[k] = min(lo[k], m.Pos[k])
			hi[k] = max(hi[k], m.Pos[k])
		}
	}
	// A flat skeleton still gets a visible box. Only relative sizes count:
	// files use their own units (J3D centimetres, JBA's morpheme units),
	// so framing must look the same at any scale.
	size := hi.Sub(lo).Len()
	if !(size > 1e-6*max(1, lo.Len(), hi.Len())) {
		// A single joint (or all at one point): a unit box around it.
		return lo.Sub(mgl32.Vec3{1, 1, 1}), hi.Add(mgl32.Vec3{1, 1, 1})
	}
	for k := 0; k < 3; k++ {
		if hi[k]-lo[k] < size*0.05 {
			lo[k] -= size * 0.1
			hi[k] += size * 0.1
		}
	}
	return lo, hi
}

// frameScene points the camera at the scene; reset also restores the
// default direction.
func (a *App) frameScene(reset bool) {
	if reset {
		a.camera = viewmodel.DefaultCamera()
		if a.play.joint == nil && a.skel == nil && a.play.tex != nil {
			// Only a texture animation: look at the quad nearly head-on,
			// so the checker is not foreshortened.
			a.camera.Yaw, a.camera.Pitch = 0, 8
		}
	}
	lo, hi := a.boundsLo, a.boundsHi
	skeletonOnly := !reset && len(a.markers) > 0
	if skeletonOnly {
		// F frames the skeleton as it stands now, without the test quad
		// beside it (R shows both).
		lo, hi = a.markerBounds()
	}
	if a.quadVisible() && !skeletonOnly {
		q := a.quadCorners()
		for _, c := range q {
			for k := 0; k < 3; k++ {
				lo[k] = min(lo[k], c[k])
				hi[k] = max(hi[k], c[k])
			}
		}
	}
	a.camera.Frame(lo, hi)
}

// sceneRadius is half the diagonal of the scene box.
func (a *App) sceneRadius() float32 {
	r := a.boundsHi.Sub(a.boundsLo).Len() / 2
	if !(r > 0) || math.IsInf(float64(r), 0) {
		return 1
	}
	return r
}

func (a *App) quadVisible() bool { return a.play.tex != nil || len(a.play.mat.slots) > 0 }

// quadCorners places the BTK test quad: alone, a square standing at the
// origin facing +Z; with a skeleton, a square as tall as the skeleton
// standing beside it (on its -X side, which the default camera sees
// without overlap), so both are seen together.
func (a *App) quadCorners() [4]mgl32.Vec3 {
	if len(a.markers) == 0 {
		return [4]mgl32.Vec3{{-1, 2, 0}, {1, 2, 0}, {1, 0, 0}, {-1, 0, 0}}
	}
	lo, hi := a.boundsLo, a.boundsHi
	h := max(hi[1]-lo[1], hi.Sub(lo).Len()*0.5)
	x1 := lo[0] - h*0.25
	x0 := x1 - h
	z := (lo[2] + hi[2]) / 2
	y0 := min(lo[1], 0)
	return [4]mgl32.Vec3{{x0, y0 + h, z}, {x1, y0 + h, z}, {x1, y0, z}, {x0, y0, z}}
}
