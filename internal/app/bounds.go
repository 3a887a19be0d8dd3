package app

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// boundsSamples is how many poses across the clip the scene box covers:
// enough to catch a walk's root motion and the extremes of a swing.
const boundsSamples = 16

// clipBounds is the box around the drawn joints over the whole joint clip
// (sampled), so framing keeps a walking or jumping skeleton in view.
func (r *rig) clipBounds(sk *anim.Skeleton) (lo, hi mgl32.Vec3) {
	lo, hi = r.markerBounds()
	lo, hi = r.meshBounds(lo, hi)
	if r.play.joint == nil || r.play.joint.clip.Duration <= 0 {
		return lo, hi
	}
	var pose anim.Pose
	world := make([]mgl64.Mat4, len(sk.Joints))
	for k := 0; k <= boundsSamples; k++ {
		f := r.play.joint.clip.Duration * float64(k) / boundsSamples
		anim.Evaluate(r.play.joint.clip, f, &pose)
		sk.World(&pose, &r.binding, world)
		r.moveRoot(world, f)
		for j := range world {
			p := display(mgl32.Vec3{float32(world[j][12]), float32(world[j][13]), float32(world[j][14])}, r.zUp())
			for c := 0; c < 3; c++ {
				lo[c] = min(lo[c], p[c])
				hi[c] = max(hi[c], p[c])
			}
		}
	}
	return lo, hi
}

// meshBounds grows lo, hi around the model in use's meshes in the last
// pose (F frames the character, whose skin reaches past its joints).
func (r *rig) meshBounds(lo, hi mgl32.Vec3) (mgl32.Vec3, mgl32.Vec3) {
	models := r.drawnModels()
	if len(models) == 0 || len(r.world) != len(r.skel.Joints) {
		return lo, hi
	}
	var pose mesh.Pose
	for _, d := range models {
		d.model.PoseInto(&pose, r.drawnWorld(d))
		for _, s := range pose.Shapes {
			for _, p := range s.Positions {
				q := display(mgl32.Vec3{float32(p[0]), float32(p[1]), float32(p[2])}, r.zUp())
				for c := 0; c < 3; c++ {
					lo[c] = min(lo[c], q[c])
					hi[c] = max(hi[c], q[c])
				}
			}
		}
	}
	return lo, hi
}

// markerBounds is the box around the drawn joints (or the texture quad
// when only a BTK is open).
func (r *rig) markerBounds() (lo, hi mgl32.Vec3) {
	if len(r.markers) == 0 {
		return mgl32.Vec3{-1, 0, -1}, mgl32.Vec3{1, 2, 1}
	}
	lo = r.markers[0].Pos
	hi = lo
	for _, m := range r.markers[1:] {
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
func (r *rig) frameScene(reset bool) {
	if reset {
		r.camera = viewmodel.DefaultCamera()
		if r.play.joint == nil && r.skel == nil && r.play.tex != nil {
			// Only a texture animation: look at the quad nearly head-on,
			// so the checker is not foreshortened.
			r.camera.Yaw, r.camera.Pitch = 0, 8
		}
	}
	lo, hi := r.boundsLo, r.boundsHi
	skeletonOnly := !reset && len(r.markers) > 0
	if skeletonOnly {
		// F frames the skeleton as it stands now, with the model's skin
		// (a prop's two joints sit inside its mesh), without the test
		// quad beside it (R shows both).
		lo, hi = r.meshBounds(r.markerBounds())
	}
	if r.quadVisible() && !skeletonOnly {
		q := r.quadCorners()
		for _, c := range q {
			for k := 0; k < 3; k++ {
				lo[k] = min(lo[k], c[k])
				hi[k] = max(hi[k], c[k])
			}
		}
	}
	r.camera.Frame(lo, hi)
}

// sceneRadius is half the diagonal of the scene box.
func (r *rig) sceneRadius() float32 {
	rad := r.boundsHi.Sub(r.boundsLo).Len() / 2
	if !(rad > 0) || math.IsInf(float64(rad), 0) {
		return 1
	}
	return rad
}

func (r *rig) quadVisible() bool { return r.play.tex != nil || len(r.play.mat.slots) > 0 }

// quadCorners places the BTK test quad: alone, a square standing at the
// origin facing +Z; with a skeleton, a square as tall as the skeleton
// standing beside it (on its -X side, which the default camera sees
// without overlap), so both are seen together.
func (r *rig) quadCorners() [4]mgl32.Vec3 {
	if len(r.markers) == 0 {
		return [4]mgl32.Vec3{{-1, 2, 0}, {1, 2, 0}, {1, 0, 0}, {-1, 0, 0}}
	}
	lo, hi := r.boundsLo, r.boundsHi
	h := max(hi[1]-lo[1], hi.Sub(lo).Len()*0.5)
	x1 := lo[0] - h*0.25
	x0 := x1 - h
	z := (lo[2] + hi[2]) / 2
	y0 := min(lo[1], 0)
	return [4]mgl32.Vec3{{x0, y0 + h, z}, {x1, y0 + h, z}, {x1, y0, z}, {x0, y0, z}}
}
