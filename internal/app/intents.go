package app

import (
	"math"

	"github.com/animscope/animscope/ui"
)

// Apply carries out one intent: from the UI, the window (drops) or a
// test. Each area of the interface has its own handler.
func (a *App) Apply(in ui.Intent) {
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
func (a *App) applyPlayback(in ui.Intent) bool {
	switch in := in.(type) {
	case ui.Play:
		a.setPlaying(true)
	case ui.Pause:
		a.setPlaying(false)
	case ui.TogglePlay:
		a.setPlaying(!a.Playing())
	case ui.Seek:
		a.seekFocused(in.Frame)
	case ui.Step:
		a.stepFocused(in.N)
	case ui.MuteClip:
		a.setMute(in.Slot, in.Mute)
	case ui.SetClipOffset:
		a.setOffset(in.Slot, in.Frames)
	case ui.SetSpeed:
		a.setSpeed(in.Speed)
	case ui.SetLoop:
		a.setLoop(in)
	case ui.ScrubBegin:
		a.scrub(true)
	case ui.ScrubEnd:
		a.scrub(false)
	case ui.FocusSlot:
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
func (a *App) setLoop(in ui.SetLoop) {
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
func (a *App) applySelection(in ui.Intent) bool {
	switch in := in.(type) {
	case ui.SelectClip:
		a.setClip(in.File, in.Clip)
	case ui.SelectModel:
		a.selectModel(in.File, in.Skel)
	case ui.SetRootMotion:
		a.setRootMotion(in.Apply)
	case ui.SelectJoint:
		a.sel.Joint = in.Joint
		a.sel.Target = a.targetOf(in.Joint)
		if in.Joint < 0 {
			a.sel.Target = -1
		}
	case ui.SelectTarget:
		a.sel.Target = in.Target
		a.sel.Joint = a.jointOf(in.Target)
	case ui.SelectTexTarget:
		if a.tex != nil && in.Target >= 0 && in.Target < len(a.tex.clip.Targets) {
			a.sel.TexTarget = in.Target
			a.focus = ui.TexSlot
		}
	case ui.SetTexMode:
		a.texMode, a.texModeOverride = in.Mode, in.Override
	default:
		return false
	}
	return true
}

// applySession handles the files (opening, browsing, closing), the
// camera, the messages and quitting.
func (a *App) applySession(in ui.Intent) bool {
	switch in := in.(type) {
	case ui.OpenFiles:
		a.Open(in.Paths)
	case ui.Browse:
		a.browse(in.Dir)
	case ui.BrowseArchive:
		a.browseArchive(in.Path)
	case ui.CloseFile:
		a.closeFile(in.File)
	case ui.CloseAll:
		a.closeAll()
	case ui.OpenDemo:
		a.OpenDemo()
	case ui.CameraOrbit:
		a.camera.Orbit(in.DX, in.DY)
	case ui.CameraPan:
		a.camera.Pan(in.DX, in.DY, in.ViewH)
	case ui.CameraZoom:
		a.camera.Zoom(in.Steps)
	case ui.CameraFrame, ui.CameraReset:
		_, reset := in.(ui.CameraReset)
		a.frameScene(reset)
	case ui.DismissNotices:
		a.notices = a.notices[:0]
	case ui.Quit:
		a.quit = true
	default:
		return false
	}
	return true
}
