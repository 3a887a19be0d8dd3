package app

import (
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// rig is the model on screen and how the joint clip poses it: which
// skeleton (or the stand-in one joint per target), the binding of the
// clip's targets to its joints, the pairing of models with animations
// (pairing.go, clipchoice.go), and the world matrices and joint markers
// of the last pose, drawn as bones and joints. It reads the open files
// and the playing clips, keeps the selection within what it draws, has
// the scene box measured again when the model changes, and reports to
// the Messages panel.
type rig struct {
	ses   *session
	play  *transport
	msgs  *messages
	sel   *selection
	frame *framing

	skel *anim.Skeleton // the model's skeleton, nil without one
	// lastClip is the joint clip each model played last: picking the
	// model again plays it again (model key → clip key, both kept
	// across reloads).
	lastClip  map[string]string
	skelFile  int
	skelLabel string
	binding   anim.Binding
	// bindSummary and bindDetail are binding's warnings in one line and
	// in full (summarize), for the side panels.
	bindSummary, bindDetail string
	fallback                anim.Skeleton // one joint per clip target when there is no model
	chainMode               bool
	up                      viewmodel.UpAxis // as chosen in the View menu; see zUp
	world                   []mgl64.Mat4
	markers                 []viewmodel.Marker

	pairCache pairingCache // pairing.Pair over the open files (pairing.go)
	applyRoot bool         // apply the joint clip's root motion (JBA)
	rootSkel  anim.Skeleton

	// modelBuf is models' result, reused.
	modelBuf []*mesh.Model
}

// apply handles the choice of clips and model, root motion, the up axis
// and the chain display.
func (r *rig) apply(in viewmodel.Intent) bool {
	switch in := in.(type) {
	case viewmodel.SelectClip:
		r.pickClip(in.File, in.Clip)
	case viewmodel.ClearTexClip:
		r.clearTex()
	case viewmodel.ClearMaterialClips:
		r.clearMaterials()
	case viewmodel.SelectModel:
		r.selectModel(in.File, in.Skel)
	case viewmodel.SetRootMotion:
		r.setRootMotion(in.Apply)
	case viewmodel.SetUpAxis:
		r.setUp(in.Up)
	case viewmodel.SetChainMode:
		r.setChainMode(in.On)
	case viewmodel.SelectClipNamed:
		r.selectClipNamed(in.Name)
	default:
		return false
	}
	return true
}

// setUp changes the up axis (the View menu): the scene is measured and
// framed again.
func (r *rig) setUp(up viewmodel.UpAxis) {
	if up == r.up {
		return
	}
	r.up = up
	r.frame.remeasure()
	r.evaluate()
	r.frame.frameScene(true)
}

// setChainMode draws a clip without a model as a chain of joints (each
// the parent of the next) instead of free joints.
func (r *rig) setChainMode(on bool) {
	if on == r.chainMode {
		return
	}
	r.chainMode = on
	r.rebind()
	r.frame.remeasure()
}

// models are the meshes the model in use poses: the models of its file
// that its skeleton drives (in a slice reused by the next call).
func (r *rig) models() []*mesh.Model {
	if r.skel == nil || r.skelFile < 0 || r.skelFile >= len(r.ses.files) {
		return nil
	}
	a := r.ses.files[r.skelFile].asset
	si := -1
	for i, sk := range a.Skeletons {
		if sk == r.skel {
			si = i
		}
	}
	r.modelBuf = r.modelBuf[:0]
	for _, m := range a.Models {
		if m.Skeleton == si && si >= 0 {
			r.modelBuf = append(r.modelBuf, m)
		}
	}
	return r.modelBuf
}

// remodel keeps the model in use across a reload (reload.go): the same
// skeleton of the new version of its file, found by its place and name.
// It returns the model file's old and new versions when the model moved
// to a new one (nil, nil otherwise), for what else follows the model.
func (r *rig) remodel(old []*File, remap []int) (of, nf *File) {
	if r.skel == nil || r.skelFile < 0 || r.skelFile >= len(remap) {
		return nil, nil
	}
	ni := remap[r.skelFile]
	if ni < 0 {
		r.skel, r.skelFile, r.skelLabel = nil, -1, ""
		r.frame.remeasure()
		return nil, nil
	}
	of, nf = old[r.skelFile], r.ses.files[ni]
	if of == nf {
		r.skelFile = ni
		return nil, nil
	}
	si := slices.Index(of.asset.Skeletons, r.skel)
	if si < 0 || si >= len(nf.asset.Skeletons) || nf.asset.Skeletons[si].Name != r.skel.Name {
		si = slices.IndexFunc(nf.asset.Skeletons, func(s *anim.Skeleton) bool { return s.Name == r.skel.Name })
	}
	if si < 0 {
		r.skel, r.skelFile, r.skelLabel = nil, -1, ""
		r.frame.remeasure()
		return nil, nil
	}
	r.skel, r.skelFile = nf.asset.Skeletons[si], ni
	r.skelLabel = nf.name
	if len(nf.asset.Skeletons) > 1 && r.skel.Name != "" {
		r.skelLabel += " › " + r.skel.Name
	}
	// The camera stays where the user put it; the scene is measured again
	// for the grid and R.
	r.frame.remeasure()
	return of, nf
}

// setRootMotion applies or locks the joint clip's root-motion track. The
// scene box is measured again (a walk covers ground only when applied);
// the camera stays where the user put it.
func (r *rig) setRootMotion(apply bool) {
	if r.applyRoot == apply {
		return
	}
	r.applyRoot = apply
	r.frame.remeasure()
	r.evaluate()
}

// moveRoot puts the posed skeleton where the joint clip's root-motion
// track has the character at frame (model matrix · world), when the user
// applies it.
func (r *rig) moveRoot(world []mgl64.Mat4, frame float64) {
	if !r.applyRoot || r.play.joint == nil || r.play.joint.clip.RootMotion == nil {
		return
	}
	var tp anim.TargetPose
	anim.EvaluateTarget(r.play.joint.clip.RootMotion, frame, &tp)
	// A one-joint skeleton composes the track's T·R·S exactly as the
	// skeletons it moves compose theirs (anim.Standard).
	rs := &r.rootSkel
	if len(rs.Joints) != 1 {
		rs.Name, rs.Mode = "root motion", anim.Standard
		rs.Joints = []anim.Joint{{Name: "root motion", Parent: -1, Rest: anim.DefaultBase()}}
		if err := rs.Finish(); err != nil {
			return
		}
	}
	rs.Joints[0].Rest, rs.Joints[0].Quaternion = tp.V, tp.Quaternion
	var m [1]mgl64.Mat4
	rs.World(nil, nil, m[:])
	for i := range world {
		world[i] = m[0].Mul4(world[i])
	}
}
