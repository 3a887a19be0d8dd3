package app

import (
	"github.com/animscope/animscope/internal/viewmodel"
)

// Apply carries out one intent: from the UI, the window (drops) or a
// test. Each area of the interface has its own handler.
func (a *App) Apply(in viewmodel.Intent) {
	switch {
	case a.play.applyPlayback(in):
	case a.applySelection(in):
	case a.applySession(in):
	case a.applyMaterial(in):
	default:
		a.applyAnalysis(in)
	}
}

// applySelection handles the choice of clips, model, root motion, joint
// and texture entry.
func (a *App) applySelection(in viewmodel.Intent) bool {
	switch in := in.(type) {
	case viewmodel.SelectClip:
		a.setClip(in.File, in.Clip)
	case viewmodel.SelectModel:
		a.selectModel(in.File, in.Skel)
	case viewmodel.SetRootMotion:
		a.setRootMotion(in.Apply)
	case viewmodel.SelectJoint:
		a.sel.Joint = in.Joint
		a.sel.Target = a.targetOf(in.Joint)
		if in.Joint < 0 {
			a.sel.Target = -1
		}
	case viewmodel.SelectTarget:
		a.sel.Target = in.Target
		a.sel.Joint = a.jointOf(in.Target)
	case viewmodel.SelectTexTarget:
		if a.play.tex != nil && in.Target >= 0 && in.Target < len(a.play.tex.clip.Targets) {
			a.sel.TexTarget = in.Target
			a.play.focus = viewmodel.TexSlot
		}
	case viewmodel.SetTexMode:
		a.texMode, a.texModeOverride = in.Mode, in.Override
	default:
		return false
	}
	return true
}

// applySession handles the files (opening, browsing, closing), the
// camera, the messages and quitting.
func (a *App) applySession(in viewmodel.Intent) bool {
	switch in := in.(type) {
	case viewmodel.OpenFiles:
		a.Open(in.Paths)
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
	case viewmodel.CameraOrbit:
		a.camera.Orbit(in.DX, in.DY)
	case viewmodel.CameraPan:
		a.camera.Pan(in.DX, in.DY, in.ViewH)
	case viewmodel.CameraZoom:
		a.camera.Zoom(in.Steps)
	case viewmodel.CameraFrame, viewmodel.CameraReset:
		_, reset := in.(viewmodel.CameraReset)
		a.frameScene(reset)
	case viewmodel.DismissNotices:
		a.msgs.notices = a.msgs.notices[:0]
	case viewmodel.Quit:
		a.quit = true
	default:
		return false
	}
	return true
}
