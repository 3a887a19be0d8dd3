package app

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
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

	skel       *anim.Skeleton // the model's skeleton, nil without one
	skelFile   int
	skelLabel  string
	binding    anim.Binding
	fallback   anim.Skeleton // one joint per clip target when there is no model
	chainMode  bool
	up         viewmodel.UpAxis // as chosen in the View menu; see zUp
	world      []mgl64.Mat4
	markers    []viewmodel.Marker
	boundsLo   mgl32.Vec3 // of the scene when it was opened: for R and the grid
	boundsHi   mgl32.Vec3
	sceneReady bool

	pairCache pairingCache // formats.Pair over the open files (pairing.go)
	applyRoot bool         // apply the joint clip's root motion (JBA)
	rootSkel  anim.Skeleton

	sel             viewmodel.Selection
	texMode         anim.TexMatrixMode
	texModeOverride bool

	camera viewmodel.Camera
}
