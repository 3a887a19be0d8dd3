package app

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// framing is the 3D view's camera and the scene box it frames: the box
// is measured over the whole joint clip when the scene opens (and again
// when the model, the up axis, the root motion or the chain display
// changes), and kept for R, the grid and the test quad's place, so the
// camera does not chase the pose frame by frame.
type framing struct {
	camera             viewmodel.Camera
	boundsLo, boundsHi mgl32.Vec3 // of the scene when it was measured
	sceneReady         bool       // the box holds the scene as it is now

	rig    *rig       // the posed joints and the clip's root motion
	meshes *meshes    // the skin around them
	play   *transport // the clips the box covers
}

// apply handles the camera: set exactly, orbit, pan, zoom, frame the
// scene (F) or reset the view onto it (R).
func (f *framing) apply(in viewmodel.Intent) bool {
	switch in := in.(type) {
	case viewmodel.SetCamera:
		f.camera = in.Camera
	case viewmodel.CameraOrbit:
		f.camera.Orbit(in.DX, in.DY)
	case viewmodel.CameraPan:
		f.camera.Pan(in.DX, in.DY, in.ViewH)
	case viewmodel.CameraZoom:
		f.camera.Zoom(in.Steps)
	case viewmodel.CameraFrame, viewmodel.CameraReset:
		_, reset := in.(viewmodel.CameraReset)
		f.frameScene(reset)
	default:
		return false
	}
	return true
}

// remeasure has the scene box measured again at the next pose.
func (f *framing) remeasure() { f.sceneReady = false }

// measure measures the scene box around skeleton sk, once after each
// remeasure.
func (f *framing) measure(sk *anim.Skeleton) {
	if !f.sceneReady {
		f.boundsLo, f.boundsHi = f.clipBounds(sk)
		f.sceneReady = true
	}
}

// boundsSamples is how many poses across the clip the scene box covers:
// enough to catch a walk's root motion and the extremes of a swing.
const boundsSamples = 16

// clipBounds is the box around the drawn joints and meshes over the
// whole joint clip (sampled), so framing keeps a walking or jumping
// skeleton in view, and a mesh the clip grows (an effect scaled up from
// nothing) too.
func (f *framing) clipBounds(sk *anim.Skeleton) (lo, hi mgl32.Vec3) {
	lo, hi = f.markerBounds()
	lo, hi = f.meshBounds(lo, hi)
	r, joint := f.rig, f.play.joint
	if joint == nil || joint.clip.Duration <= 0 {
		return lo, hi
	}
	var pose anim.Pose
	var skin mesh.Pose
	world := make([]mgl64.Mat4, len(sk.Joints))
	meshEvery := f.meshSampleStep()
	for k := 0; k <= boundsSamples; k++ {
		frame := joint.clip.Duration * float64(k) / boundsSamples
		anim.Evaluate(joint.clip, frame, &pose)
		sk.World(&pose, &r.binding, world)
		r.moveRoot(world, frame)
		for j := range world {
			lo, hi = grow(lo, hi, display(mgl32.Vec3{float32(world[j][12]), float32(world[j][13]), float32(world[j][14])}, r.zUp()))
		}
		if meshEvery > 0 && (k%meshEvery == 0 || k == boundsSamples) {
			lo, hi = f.meshBoundsAt(lo, hi, world, &skin)
		}
	}
	return lo, hi
}

// grow is lo, hi grown around p; a point the pose puts nowhere (a joint
// under a zero scale that compensation divides by: NaN) is left out, as
// min and max would make the whole box NaN.
func grow(lo, hi, p mgl32.Vec3) (mgl32.Vec3, mgl32.Vec3) {
	for c := range 3 {
		if math.IsNaN(float64(p[c])) || math.IsInf(float64(p[c]), 0) {
			return lo, hi
		}
	}
	for c := range 3 {
		lo[c] = min(lo[c], p[c])
		hi[c] = max(hi[c], p[c])
	}
	return lo, hi
}

// meshVertexBudget is how many vertices clipBounds skins over the clip's
// samples when the scene is measured (a few milliseconds): a large model
// is skinned at fewer of them.
const meshVertexBudget = 600_000

// meshSampleStep is every how many of clipBounds' samples the meshes are
// skinned (0: no meshes to skin).
func (f *framing) meshSampleStep() int {
	n := 0
	for _, d := range f.meshes.drawnModels() {
		for i := range d.model.Shapes {
			n += len(d.model.Shapes[i].Positions)
		}
	}
	if n == 0 || f.rig.skel == nil {
		return 0
	}
	for step := 1; step < boundsSamples; step *= 2 {
		if n*(boundsSamples/step+1) <= meshVertexBudget {
			return step
		}
	}
	return boundsSamples
}

// meshBounds grows lo, hi around the model in use's meshes in the last
// pose (F frames the character, whose skin reaches past its joints).
func (f *framing) meshBounds(lo, hi mgl32.Vec3) (mgl32.Vec3, mgl32.Vec3) {
	if f.rig.skel == nil || len(f.rig.world) != len(f.rig.skel.Joints) {
		return lo, hi
	}
	var pose mesh.Pose
	return f.meshBoundsAt(lo, hi, f.rig.world, &pose)
}

// meshBoundsAt grows lo, hi around the model in use's meshes skinned by
// the joints' world matrices world (pose is scratch).
func (f *framing) meshBoundsAt(lo, hi mgl32.Vec3, world []mgl64.Mat4, pose *mesh.Pose) (mgl32.Vec3, mgl32.Vec3) {
	models := f.meshes.drawnModels()
	if len(models) == 0 || f.rig.skel == nil || len(world) != len(f.rig.skel.Joints) {
		return lo, hi
	}
	for _, d := range models {
		d.model.PoseInto(pose, f.meshes.worldOf(d, world))
		for _, s := range pose.Shapes {
			for _, p := range s.Positions {
				lo, hi = grow(lo, hi, display(mgl32.Vec3{float32(p[0]), float32(p[1]), float32(p[2])}, f.rig.zUp()))
			}
		}
	}
	return lo, hi
}

// markerBounds is the box around the drawn joints (or the texture quad
// when only a BTK is open).
func (f *framing) markerBounds() (lo, hi mgl32.Vec3) {
	inf := float32(math.Inf(1))
	lo, hi = mgl32.Vec3{inf, inf, inf}, mgl32.Vec3{-inf, -inf, -inf}
	for _, m := range f.rig.markers {
		lo, hi = grow(lo, hi, m.Pos) // a joint put nowhere stays out
	}
	if lo[0] > hi[0] { // no joint, or none placed
		return mgl32.Vec3{-1, 0, -1}, mgl32.Vec3{1, 2, 1}
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
func (f *framing) frameScene(reset bool) {
	if reset {
		f.camera = viewmodel.DefaultCamera()
		if f.play.joint == nil && f.rig.skel == nil && f.play.tex != nil {
			// Only a texture animation: look at the quad nearly head-on,
			// so the checker is not foreshortened.
			f.camera.Yaw, f.camera.Pitch = 0, 8
		}
	}
	lo, hi := f.boundsLo, f.boundsHi
	skeletonOnly := !reset && len(f.rig.markers) > 0
	if skeletonOnly {
		// F frames the skeleton as it stands now, with the model's skin
		// (a prop's two joints sit inside its mesh), without the test
		// quad beside it (R shows both).
		lo, hi = f.meshBounds(f.markerBounds())
	}
	if f.quadVisible() && !skeletonOnly {
		q := f.quadCorners()
		for _, c := range q {
			for k := 0; k < 3; k++ {
				lo[k] = min(lo[k], c[k])
				hi[k] = max(hi[k], c[k])
			}
		}
	}
	f.camera.Frame(lo, hi)
}

// sceneRadius is half the diagonal of the scene box.
func (f *framing) sceneRadius() float32 {
	rad := f.boundsHi.Sub(f.boundsLo).Len() / 2
	if !(rad > 0) || math.IsInf(float64(rad), 0) {
		return 1
	}
	return rad
}

// quadVisible reports whether the texture test quad stands in the scene:
// a texture or material clip plays and no model's meshes are there to
// show it (BuildScene's rule). Framing a quad that is not drawn made a
// textured character small and off-centre.
func (f *framing) quadVisible() bool {
	if f.play.tex == nil && len(f.play.mat.slots) == 0 {
		return false
	}
	for _, m := range f.rig.models() {
		if len(m.Shapes) > 0 {
			return false
		}
	}
	return true
}

// quadCorners places the BTK test quad: alone, a square standing at the
// origin facing +Z; with a skeleton, a square as tall as the skeleton
// standing beside it (on its -X side, which the default camera sees
// without overlap), so both are seen together.
func (f *framing) quadCorners() [4]mgl32.Vec3 {
	if len(f.rig.markers) == 0 {
		return [4]mgl32.Vec3{{-1, 2, 0}, {1, 2, 0}, {1, 0, 0}, {-1, 0, 0}}
	}
	lo, hi := f.boundsLo, f.boundsHi
	h := max(hi[1]-lo[1], hi.Sub(lo).Len()*0.5)
	x1 := lo[0] - h*0.25
	x0 := x1 - h
	z := (lo[2] + hi[2]) / 2
	y0 := min(lo[1], 0)
	return [4]mgl32.Vec3{{x0, y0 + h, z}, {x1, y0 + h, z}, {x1, y0, z}, {x0, y0, z}}
}
