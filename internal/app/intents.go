package app

import (
	"github.com/animscope/animscope/internal/viewmodel"
)

// Apply carries out one intent: from the UI, the window (drops) or a
// test. Each part of the app handles its own; the first that knows the
// intent takes it.
func (a *App) Apply(in viewmodel.Intent) {
	switch {
	case a.play.applyPlayback(in):
		a.cmp.follow(in, a.play.Playing())
	case a.rig.apply(in):
	case a.sel.apply(in):
	case a.frame.apply(in):
	case a.meshes.apply(in):
	case a.applySession(in):
	case a.play.applyMaterial(in):
	case a.texs.apply(in):
	case a.ab.apply(in, a.Apply):
	case a.gx.apply(in):
	default:
		a.applyAnalysis(in)
	}
}

// applySession handles the files (opening, browsing, closing, the
// JSystem runtime they are read under), the messages and quitting.
func (a *App) applySession(in viewmodel.Intent) bool {
	switch in := in.(type) {
	case viewmodel.OpenFiles:
		a.Open(in.Paths)
	case viewmodel.ReloadFiles:
		a.reload.changed(in.Paths)
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
	case viewmodel.DismissNotices:
		a.msgs.notices = a.msgs.notices[:0]
	case viewmodel.Quit:
		a.quit = true
	default:
		return false
	}
	return true
}
