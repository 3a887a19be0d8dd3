package app

import (
	"github.com/animscope/animscope/internal/viewmodel"
)

// Apply carries out one intent: from the UI, the window (drops) or a
// test. Each area of the interface has its own handler.
func (a *App) Apply(in viewmodel.Intent) {
	switch {
	case a.play.applyPlayback(in):
		a.cmp.follow(in, a.play.Playing())
	case a.rig.applySelection(in):
	case a.rig.applyShapes(in):
	case a.applySession(in):
	case a.play.applyMaterial(in):
	case a.applyTextures(in):
	case a.applyAB(in):
	default:
		a.applyAnalysis(in)
	}
}

// applySelection handles the choice of clips, model, root motion, joint,
// texture entry and texture-matrix formula, the up axis, the chain
// display and the camera set exactly.
func (r *rig) applySelection(in viewmodel.Intent) bool {
	switch in := in.(type) {
	case viewmodel.SelectClip:
		r.setClip(in.File, in.Clip)
	case viewmodel.SelectModel:
		r.selectModel(in.File, in.Skel)
	case viewmodel.SetRootMotion:
		r.setRootMotion(in.Apply)
	case viewmodel.SelectJoint:
		r.sel.Joint = in.Joint
		r.sel.Target = r.targetOf(in.Joint)
		if in.Joint < 0 {
			r.sel.Target = -1
		}
	case viewmodel.SelectTarget:
		r.sel.Target = in.Target
		r.sel.Joint = r.jointOf(in.Target)
	case viewmodel.SelectTexTarget:
		if r.play.tex != nil && in.Target >= 0 && in.Target < len(r.play.tex.clip.Targets) {
			r.sel.TexTarget = in.Target
			r.play.focus = viewmodel.TexSlot
		}
	case viewmodel.SetUpAxis:
		r.setUp(in.Up)
	case viewmodel.SetChainMode:
		r.setChainMode(in.On)
	case viewmodel.SelectNamed:
		r.selectByName(in.Name)
	case viewmodel.SelectClipNamed:
		r.selectClipNamed(in.Name)
	case viewmodel.SetCamera:
		r.camera = in.Camera
	case viewmodel.SetTexMode:
		r.texMode, r.texModeOverride = in.Mode, in.Override
	default:
		return false
	}
	return true
}

// applySession handles the files (opening, browsing, closing, the
// JSystem runtime they are read under), the camera, the messages and
// quitting.
func (a *App) applySession(in viewmodel.Intent) bool {
	switch in := in.(type) {
	case viewmodel.OpenFiles:
		a.Open(in.Paths)
	case viewmodel.ReloadFiles:
		a.reloadChanged(in.Paths)
	case viewmodel.Answer:
		a.answer(in.Yes)
	case viewmodel.Browse:
		browse(&a.browser, in.Dir)
	case viewmodel.BrowseArchive:
		browseArchive(&a.browser, in.Path)
	case viewmodel.CloseFile:
		a.closeFile(in.File)
	case viewmodel.CloseAll:
		a.closeAll()
	case viewmodel.OpenDemo:
		a.OpenDemo()
	case viewmodel.SetRuntime:
		a.setRuntime(in.Runtime)
	case viewmodel.CameraOrbit:
		a.rig.camera.Orbit(in.DX, in.DY)
	case viewmodel.CameraPan:
		a.rig.camera.Pan(in.DX, in.DY, in.ViewH)
	case viewmodel.CameraZoom:
		a.rig.camera.Zoom(in.Steps)
	case viewmodel.CameraFrame, viewmodel.CameraReset:
		_, reset := in.(viewmodel.CameraReset)
		a.rig.frameScene(reset)
	case viewmodel.DismissNotices:
		a.msgs.notices = a.msgs.notices[:0]
	case viewmodel.Quit:
		a.quit = true
	default:
		return false
	}
	return true
}
