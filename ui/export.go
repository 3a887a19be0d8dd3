package ui

import (
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
)

// exportDialog is File › Export glTF (Ctrl+E): where to write, and the
// current model and animation or every animation of the open files. The
// export itself runs elsewhere (viewmodel.Export asks for it); the view's
// ExportView says when it is busy and how it ended.
type exportDialog struct {
	open, focus bool
	path        string
	all         bool
	// noMesh leaves the model's meshes out (the box is ticked by default).
	noMesh bool
	// seen is the outcome the dialog has already reacted to.
	seen time.Time
}

// exportToastLife is how long an export's outcome stays over the 3D view
// (errors also stay in Messages).
const exportToastLife = 6 * time.Second

// openExport shows the dialog with the view's suggested path, or brings
// an open one to the front keeping what was typed.
func (u *UI) openExport(v *viewmodel.View) {
	e := &u.export
	if v.Export.Running {
		return
	}
	if !e.open {
		e.path = v.Export.DefaultPath
	}
	e.open, e.focus = true, true
}

// exportUI draws the dialog and the last outcome. A successful export
// closes the dialog; after a failed one it stays, to fix the path.
func (u *UI) exportUI(v *viewmodel.View) {
	e := &u.export
	if last := v.Export.Last; last.Time.After(e.seen) {
		e.seen = last.Time
		if !last.Failed {
			e.open = false
		}
	}
	if e.open {
		u.exportWindow(v)
	}
	u.exportToast(v)
}

// exportWindow is the dialog: where, what, Export / Cancel.
func (u *UI) exportWindow(v *viewmodel.View) {
	e := &u.export
	s, r := u.scale, u.scene
	imgui.SetNextWindowPosV(imgui.Vec2{X: r.X + r.W/2, Y: r.Y + r.H/3}, imgui.ConditionAppearing, imgui.Vec2{X: 0.5, Y: 0.5})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: 560 * s, Y: 0}, imgui.ConditionAppearing)
	// Modal: while it is up the keys and clicks are the dialog's (a stray
	// click behind it must not reach the view, G must not toggle the grid).
	if e.focus {
		imgui.OpenPopup(exportDialogID)
	}
	flags := imgui.WindowFlagsNoCollapse | imgui.WindowFlagsAlwaysAutoResize | imgui.WindowFlagsNoSavedSettings
	if !imgui.BeginPopupModalV(exportDialogID, &e.open, flags) {
		e.open = false // closed by ImGui (its title bar's ×)
		return
	}
	if u.escapePressed() {
		e.open = false
	}
	if !e.open {
		imgui.CloseCurrentPopup()
		imgui.EndPopup()
		return
	}
	imgui.Text("File (.glb, or .gltf with a .bin beside it):")
	imgui.PushItemWidth(540 * s)
	if e.focus {
		imgui.SetKeyboardFocusHere()
		e.focus = false
	}
	enter := imgui.InputTextV("##exportpath", &e.path, imgui.InputTextFlagsEnterReturnsTrue, nil)
	u.record("export:path")
	imgui.PopItemWidth()
	if imgui.RadioButton("Current model and animation", !e.all) {
		e.all = false
	}
	u.record("export:current")
	if imgui.RadioButton("All animations of the open files", e.all) {
		e.all = true
	}
	u.record("export:all")
	meshes := !e.noMesh
	if imgui.Checkbox("The model's meshes, materials and textures", &meshes) {
		e.noMesh = !meshes
	}
	u.record("export:meshes")
	textDim("Joint positions match animscope sample --model at any time (README: Export to glTF).")
	imgui.Separator()
	if v.Export.Running {
		imgui.Text("Exporting…")
	} else {
		if imgui.Button("Export") || enter {
			u.emit(viewmodel.Export{Path: e.path, All: e.all, NoMesh: e.noMesh})
		}
		u.record("export:ok")
	}
	imgui.SameLine()
	if imgui.Button("Cancel") {
		e.open = false
	}
	u.record("export:cancel")
	u.recordWindow("export:window")
	imgui.EndPopup()
}

// exportDialogID names the export dialog's modal popup.
const exportDialogID = "Export glTF###export"

// exportToast shows the last outcome at the bottom of the 3D view for a
// few seconds, green when the file was written, red when it was not.
func (u *UI) exportToast(v *viewmodel.View) {
	last := v.Export.Last
	if last.Text == "" || time.Since(last.Time) > exportToastLife {
		return
	}
	s, r := u.scale, u.scene
	imgui.SetNextWindowPosV(imgui.Vec2{X: r.X + r.W/2, Y: r.Y + r.H - 16*s}, imgui.ConditionAlways, imgui.Vec2{X: 0.5, Y: 1})
	imgui.SetNextWindowBgAlpha(0.92)
	bg := imgui.Vec4{X: 0.08, Y: 0.22, Z: 0.12, W: 1}
	if last.Failed {
		bg = imgui.Vec4{X: 0.30, Y: 0.08, Z: 0.08, W: 1}
	}
	imgui.PushStyleColor(imgui.StyleColorWindowBg, bg)
	flags := imgui.WindowFlagsNoDecoration | imgui.WindowFlagsAlwaysAutoResize | imgui.WindowFlagsNoSavedSettings |
		imgui.WindowFlagsNoFocusOnAppearing | imgui.WindowFlagsNoNav | imgui.WindowFlagsNoMove
	if imgui.BeginV("##exporttoast", nil, flags) {
		imgui.Text(last.Text)
		u.record("export:toast")
	}
	imgui.End()
	imgui.PopStyleColor()
}
