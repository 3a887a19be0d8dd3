package app

import (
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// rig is the model on screen and how the joint clip poses it: which
// skeleton (or the stand-in one joint per target), the binding of the
// clip's targets to its joints, the pairing of models with animations,
// the world matrices and joint markers of the last pose, the selection,
// the texture-matrix formula and the camera's framing. It reads the open
// files and the playing clips of its siblings and reports to the
// Messages panel.
type rig struct {
	ses  *session
	play *transport
	msgs *messages

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
	boundsLo                mgl32.Vec3 // of the scene when it was opened: for R and the grid
	boundsHi                mgl32.Vec3
	sceneReady              bool

	pairCache pairingCache // pairing.Pair over the open files (pairing.go)
	applyRoot bool         // apply the joint clip's root motion (JBA)
	rootSkel  anim.Skeleton

	sel             viewmodel.Selection
	texMode         anim.TexMatrixMode
	texModeOverride bool

	camera viewmodel.Camera

	gx gxPanel // the Materials panel's GX material and stage switches

	// skin64 and modelBuf are sceneMeshes' scratch: a model's palette
	// matrices, the models of the model in use.
	skin64   []mgl64.Mat4
	modelBuf []*mesh.Model
	// drawBuf and partWorld are the drawn models and a part's posed
	// joints (drawnModels, drawnWorld).
	drawBuf   []drawn
	partWorld []mgl64.Mat4

	// hidden are the shapes the user hid, per model; hover is the shape
	// the Shapes list points at (index into drawnModels()).
	hidden map[*mesh.Model][]bool
	hover  viewmodel.ShapeRef

	// matBinds bind the playing material clips to the models in use,
	// rigidJoint caches per model in use the joint each shape follows
	// alone, matSlotBuf is scratch (meshanim.go).
	matBinds   []*matBind
	rigidJoint []rigidJoints
	matSlotBuf []*slot
}

// setUp changes the up axis (the View menu): the scene is measured and
// framed again.
func (r *rig) setUp(up viewmodel.UpAxis) {
	if up == r.up {
		return
	}
	r.up = up
	r.sceneReady = false
	r.evaluate()
	r.frameScene(true)
}

// setChainMode draws a clip without a model as a chain of joints (each
// the parent of the next) instead of free joints.
func (r *rig) setChainMode(on bool) {
	if on == r.chainMode {
		return
	}
	r.chainMode = on
	r.rebind()
	r.sceneReady = false
}

// selectByName selects the first joint or texture entry called name, or
// "#N": target N of the joint clip (unnamed BCK joints have no other
// name). Without a match it leaves a warning.
func (r *rig) selectByName(name string) {
	if r.selectByIndex(name) {
		return
	}
	for _, m := range r.markers {
		if m.Name == name {
			r.applySelection(viewmodel.SelectJoint{Joint: m.Joint})
			return
		}
	}
	if r.play.tex != nil {
		for i, t := range r.play.tex.clip.Targets {
			if t.Name == name {
				r.applySelection(viewmodel.SelectTexTarget{Target: i})
				return
			}
		}
	}
	if r.play.selectMaterialNamed(name) {
		return
	}
	r.msgs.notify(viewmodel.Warning, "--select: no joint, texture entry or material target named %q", name)
}

func (r *rig) selectByIndex(name string) bool {
	n, err := strconv.Atoi(strings.TrimPrefix(name, "#"))
	if !strings.HasPrefix(name, "#") || err != nil || r.play.joint == nil || n < 0 || n >= len(r.play.joint.clip.Targets) {
		return false
	}
	r.applySelection(viewmodel.SelectTarget{Target: n})
	return true
}
