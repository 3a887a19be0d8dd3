package main

import (
	"fmt"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/viewmodel"
)

// exportDialog is File › Export (Ctrl+E): the current model with the
// current animation, or all animations of the open files, to a .glb or
// .gltf. The file is written on another goroutine (a large BFRES takes a
// moment) and reported by a toast and in Messages.
type exportDialog struct {
	open, focus bool
	path        string
	all         bool
	running     bool
	done        chan exportDone
	toast       string
	toastErr    bool
	toastAt     time.Time
}

type exportDone struct {
	plan *app.ExportPlan
	res  app.ExportResult
}

// exportToastLife is how long the "exported" note stays over the view.
const exportToastLife = 6 * time.Second

// exportUI adds the menu item, the shortcut, the dialog and the toast to
// this frame's interface (after ui.Frame: ImGui appends to the File menu).
func (v *viewer) exportUI() {
	e := &v.exp
	v.pollExport()
	if imgui.BeginMainMenuBar() {
		if imgui.BeginMenu("File") {
			if imgui.MenuItemV("Export glTF…", "Ctrl+E", false, !e.running) {
				v.openExport()
			}
			imgui.EndMenu()
		}
		imgui.EndMainMenuBar()
	}
	io := imgui.CurrentIO()
	if !io.WantTextInput() && (io.KeyCtrlPressed() || io.KeySuperPressed()) && imgui.IsKeyPressedV('E', false) && !e.running {
		v.openExport()
	}
	if e.open {
		v.exportWindow()
	}
	v.exportToast()
}

func (v *viewer) openExport() {
	e := &v.exp
	if !e.open {
		e.path = v.app.DefaultExportPath()
	}
	e.open, e.focus = true, true
}

// exportWindow is the dialog: where, what, Export / Cancel.
func (v *viewer) exportWindow() {
	e := &v.exp
	s := v.ui.Scale()
	r := v.ui.Scene()
	imgui.SetNextWindowPosV(imgui.Vec2{X: r.X + r.W/2, Y: r.Y + r.H/3}, imgui.ConditionAppearing, imgui.Vec2{X: 0.5, Y: 0.5})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: 560 * s, Y: 0}, imgui.ConditionAppearing)
	if e.focus {
		imgui.SetNextWindowFocus()
	}
	flags := imgui.WindowFlagsNoCollapse | imgui.WindowFlagsAlwaysAutoResize | imgui.WindowFlagsNoSavedSettings
	if !imgui.BeginV("Export glTF", &e.open, flags) {
		imgui.End()
		return
	}
	imgui.Text("File (.glb, or .gltf with a .bin beside it):")
	imgui.PushItemWidth(540 * s)
	if e.focus {
		imgui.SetKeyboardFocusHere()
		e.focus = false
	}
	enter := imgui.InputTextV("##exportpath", &e.path, imgui.InputTextFlagsEnterReturnsTrue, nil)
	imgui.PopItemWidth()
	if imgui.RadioButton("Current model and animation", !e.all) {
		e.all = false
	}
	if imgui.RadioButton("All animations of the open files", e.all) {
		e.all = true
	}
	imgui.PushStyleColor(imgui.StyleColorText, imgui.Vec4{X: 0.6, Y: 0.6, Z: 0.6, W: 1})
	imgui.Text("Joint positions match animscope sample --model at any time (README: Export to glTF).")
	imgui.PopStyleColor()
	imgui.Separator()
	if e.running {
		imgui.Text("Exporting…")
	} else if imgui.Button("Export") || enter {
		v.startExport()
	}
	imgui.SameLine()
	if imgui.Button("Cancel") {
		e.open = false
	}
	imgui.End()
}

// startExport plans the export on the frame loop (it reads the app's
// state) and writes it on another goroutine.
func (v *viewer) startExport() {
	e := &v.exp
	plan, err := v.app.PlanExport(app.ExportRequest{Path: e.path, All: e.all})
	if err != nil {
		v.app.Notify(viewmodel.Error, "export: %v", err)
		e.toast, e.toastErr, e.toastAt = "Export failed: "+err.Error(), true, time.Now()
		return
	}
	if e.done == nil {
		e.done = make(chan exportDone, 1)
	}
	e.running = true
	go func() { e.done <- exportDone{plan, plan.Run()} }()
}

// pollExport reports a finished export.
func (v *viewer) pollExport() {
	e := &v.exp
	select {
	case d := <-e.done:
		e.running = false
		v.app.ExportFinished(d.plan, d.res)
		e.toastAt = time.Now()
		if d.res.Err != nil {
			e.toast, e.toastErr = "Export failed: "+d.res.Err.Error(), true
			return
		}
		e.open = false
		e.toast, e.toastErr = fmt.Sprintf("Exported %d animation(s) to %s", d.res.Clips, d.res.Path), false
	default:
	}
}

// exportToast shows the outcome at the bottom of the 3D view for a few
// seconds (errors also stay in Messages).
func (v *viewer) exportToast() {
	e := &v.exp
	if e.toast == "" || time.Since(e.toastAt) > exportToastLife {
		return
	}
	s := v.ui.Scale()
	r := v.ui.Scene()
	imgui.SetNextWindowPosV(imgui.Vec2{X: r.X + r.W/2, Y: r.Y + r.H - 16*s}, imgui.ConditionAlways, imgui.Vec2{X: 0.5, Y: 1})
	imgui.SetNextWindowBgAlpha(0.92)
	bg := imgui.Vec4{X: 0.08, Y: 0.22, Z: 0.12, W: 1}
	if e.toastErr {
		bg = imgui.Vec4{X: 0.30, Y: 0.08, Z: 0.08, W: 1}
	}
	imgui.PushStyleColor(imgui.StyleColorWindowBg, bg)
	flags := imgui.WindowFlagsNoDecoration | imgui.WindowFlagsAlwaysAutoResize | imgui.WindowFlagsNoSavedSettings |
		imgui.WindowFlagsNoFocusOnAppearing | imgui.WindowFlagsNoNav | imgui.WindowFlagsNoMove
	if imgui.BeginV("##exporttoast", nil, flags) {
		imgui.Text(e.toast)
	}
	imgui.End()
	imgui.PopStyleColor()
}
