package app

import (
	"math"

	"github.com/animscope/animscope/internal/viewmodel"
)

// Apply carries out one intent: from the UI, the window (drops) or a
// test. Each area of the interface has its own handler.
func (a *App) Apply(in viewmodel.Intent) {
	switch {
	case a.applyPlayback(in):
	case a.applySelection(in):
	case a.applySession(in):
	case a.applyMaterial(in):
	default:
		a.applyAnalysis(in)
	}
}

// applyPlayback handles the transport: play, pause, seek, step, speed,
// loop mode, scrubbing and the focused slot.
func (a *App) applyPlayback(in viewmodel.Intent) bool {
	switch in := in.(type) {
	case viewmodel.Play:
		a.setPlaying(true)
	case viewmodel.Pause:
		a.setPlaying(false)
	case viewmodel.TogglePlay:
		a.setPlaying(!a.Playing())
	case viewmodel.Seek:
		a.seekFocused(in.Frame)
	case viewmodel.Step:
		a.stepFocused(in.N)
	case viewmodel.MuteClip:
		a.setMute(in.Slot, in.Mute)
	case viewmodel.SetClipOffset:
		a.setOffset(in.Slot, in.Frames)
	case viewmodel.SetSpeed:
		a.setSpeed(in.Speed)
	case viewmodel.SetLoop:
		a.setLoop(in)
	case viewmodel.ScrubBegin:
		a.scrub(true)
	case viewmodel.ScrubEnd:
		a.scrub(false)
	case viewmodel.FocusSlot:
		if a.slotOf(in.Slot) != nil {
			a.focus = in.Slot
		}
	default:
		return false
	}
	return true
}

// setSpeed sets the signed speed shared by both slots (0.1 to 4 either
// way; 0 and NaN are ignored).
func (a *App) setSpeed(sp float64) {
	if math.IsNaN(sp) || sp == 0 {
		return
	}
	mag := math.Max(0.1, math.Min(math.Abs(sp), 4))
	a.speed = math.Copysign(mag, sp)
	a.syncClocks()
}

// setLoop overrides the focused clip's loop mode, or restores the file's.
func (a *App) setLoop(in viewmodel.SetLoop) {
	f := a.focused()
	if f == nil || !in.Mode.Valid() {
		return
	}
	mode := in.Mode
	if !in.Override {
		mode = f.fileLoop
	}
	f.clock.Mode = mode
	a.syncClocks()
}

// scrub begins (holding the scene time where the timeline puts it) or
// ends (resuming what played) a drag on the timeline.
func (a *App) scrub(begin bool) {
	switch {
	case begin && !a.scrubbing:
		a.scrubbing = true
		a.resumeAfterScrub = a.playing
	case !begin && a.scrubbing:
		a.scrubbing = false
		a.playing = a.resumeAfterScrub
	}
	a.syncClocks()
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
		if a.tex != nil && in.Target >= 0 && in.Target < len(a.tex.clip.Targets) {
			a.sel.TexTarget = in.Target
			a.focus = viewmodel.TexSlot
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
		a.browse(in.Dir)
	case viewmodel.BrowseArchive:
		a.browseArchive(in.Path)
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
		a.notices = a.notices[:0]
	case viewmodel.Quit:
		a.quit = true
	default:
		return false
	}
	return true
}
