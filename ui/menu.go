package ui

import (
	"fmt"
	"path/filepath"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
)

// mainMenu draws the menu bar and returns its height.
func (u *UI) mainMenu(v *viewmodel.View) float32 {
	var h float32
	if !imgui.BeginMainMenuBar() {
		return 0
	}
	h = imgui.WindowHeight()
	fileMenu := imgui.BeginMenu("File")
	u.record("menu:file")
	if fileMenu {
		u.dismissIfAsked()
		if imgui.MenuItemV("Open…", "Ctrl+O", false, true) {
			u.OpenDialog()
		}
		if imgui.BeginMenuV("Open recent", len(v.Recent) > 0) {
			for i, p := range v.Recent {
				if imgui.MenuItem(fmt.Sprintf("%s##recent%d", p, i)) {
					u.emit(viewmodel.OpenFiles{Paths: []string{p}})
				}
			}
			imgui.EndMenu()
		}
		if imgui.MenuItemV("Open demo", "", false, !v.Demo) {
			u.emit(viewmodel.OpenDemo{})
		}
		u.abMenu(v)
		imgui.Separator()
		if imgui.MenuItemV("Export glTF…", "Ctrl+E", false, !v.Export.Running) {
			u.openExport(v)
		}
		u.record("menu:export")
		imgui.Separator()
		if imgui.MenuItemV("Close all", "", false, len(v.Files) > 0) {
			u.emit(viewmodel.CloseAll{})
		}
		imgui.Separator()
		if imgui.MenuItemV("Quit", "Ctrl+Q", false, true) {
			u.emit(viewmodel.Quit{})
		}
		u.record("menu:quit")
		imgui.EndMenu()
	}
	if imgui.BeginMenu("View") {
		u.dismissIfAsked()
		o := &u.Options
		menuToggle("Joint names", "L", &o.Labels)
		menuToggle("Ground grid", "G", &o.Grid)
		menuToggle("Axes", "", &o.Axes)
		menuToggle("Texture quad", "", &o.Quad)
		menuToggle("Chain joints without a skeleton", "", &o.ChainMode)
		menuToggle("Loop-mode comparison", "C", &u.compare.open)
		if imgui.BeginMenu("Models") {
			u.dismissIfAsked()
			for _, c := range viewmodel.MeshModes {
				if imgui.MenuItemV(c.Label, "", o.Mesh == c.Mode, true) {
					o.Mesh = c.Mode
				}
			}
			imgui.EndMenu()
		}
		if imgui.BeginMenu("Up axis") {
			u.dismissIfAsked()
			for _, c := range []struct {
				label string
				axis  viewmodel.UpAxis
			}{{"Automatic (Z for JBA, else Y)", viewmodel.UpAuto}, {"Y (J3D, BFRES)", viewmodel.UpY}, {"Z (3ds Max rigs)", viewmodel.UpZ}} {
				if imgui.MenuItemV(c.label, "", o.Up == c.axis, true) {
					o.Up = c.axis
				}
			}
			imgui.EndMenu()
		}
		imgui.Separator()
		if imgui.MenuItemV("Frame skeleton", "F", false, true) {
			u.emit(viewmodel.CameraFrame{})
		}
		if imgui.MenuItemV("Reset camera", "R", false, true) {
			u.emit(viewmodel.CameraReset{})
		}
		imgui.Separator()
		if imgui.MenuItem("Reset panel layout") {
			u.ResetLayout()
		}
		imgui.EndMenu()
	}
	if imgui.BeginMenu("Playback") {
		u.dismissIfAsked()
		p := v.Focused()
		label := "Play"
		if p != nil && v.Playing {
			label = "Pause"
		}
		if imgui.MenuItemV(label, "Space", false, p != nil) {
			u.emit(viewmodel.TogglePlay{})
		}
		if imgui.MenuItemV("Step forward", "→", false, p != nil) {
			u.emit(viewmodel.Step{N: 1})
		}
		if imgui.MenuItemV("Step back", "←", false, p != nil) {
			u.emit(viewmodel.Step{N: -1})
		}
		if imgui.MenuItemV("First frame", "Home", false, p != nil) {
			u.emit(viewmodel.Seek{Frame: 0})
		}
		if imgui.MenuItemV("Last frame", "End", false, p != nil) {
			u.emit(viewmodel.Seek{Frame: p.Clock.Duration})
		}
		imgui.EndMenu()
	}
	if imgui.BeginMenu("Help") {
		u.dismissIfAsked()
		if imgui.MenuItem("Mouse and keyboard") {
			u.showHelp = true
		}
		if imgui.MenuItem("About animscope") {
			u.showAbout = true
		}
		imgui.EndMenu()
	}
	// Right-aligned status: what is open and how long a frame takes.
	status := fmt.Sprintf("%.2f ms CPU  ·  %.0f fps", float64(v.Stats.FrameCPU.Microseconds())/1000, v.Stats.FPS)
	if v.Demo {
		status = "demo  ·  " + status
	}
	w := imgui.CalcTextSize(status, false, 0).X
	if x := imgui.WindowWidth() - w - 12*u.scale; x > imgui.CursorPosX()+20*u.scale {
		setCursorX(x)
		textDim(status)
	}
	imgui.EndMainMenuBar()
	return h
}

// dialogUp reports whether the Open or the Export dialog is shown.
func (u *UI) dialogUp() bool { return u.openDialog || u.export.open }

func menuToggle(label, shortcut string, v *bool) {
	if imgui.MenuItemV(label, shortcut, *v, true) {
		*v = !*v
	}
}

// shortcuts handles the keyboard when no text field has focus and no
// dialog or question is up (a dialog has the keys to itself; Escape
// closes it).
func (u *UI) shortcuts(v *viewmodel.View) {
	io := imgui.CurrentIO()
	if io.WantTextInput() || u.dialogUp() || v.Confirm != nil {
		return
	}
	ctrl := io.KeyCtrlPressed() || io.KeySuperPressed()
	pressed := func(key int, repeat bool) bool { return imgui.IsKeyPressedV(key, repeat) }
	if ctrl {
		if pressed('O', false) {
			u.OpenDialog()
		}
		if pressed('E', false) {
			u.openExport(v)
		}
		if pressed('Q', false) {
			u.emit(viewmodel.Quit{})
		}
		return
	}
	if p := v.Focused(); p != nil {
		if pressed(imgui.KeyIndex(imgui.KeySpace), false) {
			u.emit(viewmodel.TogglePlay{})
		}
		if pressed(imgui.KeyIndex(imgui.KeyRightArrow), true) {
			u.emit(viewmodel.Step{N: 1})
		}
		if pressed(imgui.KeyIndex(imgui.KeyLeftArrow), true) {
			u.emit(viewmodel.Step{N: -1})
		}
		if pressed(imgui.KeyIndex(imgui.KeyHome), false) {
			u.emit(viewmodel.Seek{Frame: 0})
		}
		if pressed(imgui.KeyIndex(imgui.KeyEnd), false) {
			u.emit(viewmodel.Seek{Frame: p.Clock.Duration})
		}
	}
	if pressed('F', false) {
		u.emit(viewmodel.CameraFrame{})
	}
	if pressed('R', false) {
		u.emit(viewmodel.CameraReset{})
	}
	if pressed('L', false) {
		u.Options.Labels = !u.Options.Labels
	}
	if pressed('G', false) {
		u.Options.Grid = !u.Options.Grid
	}
	if pressed('C', false) {
		u.compare.open = !u.compare.open
	}
}

func (u *UI) helpWindow() {
	imgui.SetNextWindowSizeV(imgui.Vec2{X: 430 * u.scale, Y: 0}, imgui.ConditionAppearing)
	center := imgui.MainViewport().Center()
	imgui.SetNextWindowPosV(center, imgui.ConditionAppearing, imgui.Vec2{X: 0.5, Y: 0.5})
	if imgui.BeginV("Mouse and keyboard", &u.showHelp, imgui.WindowFlagsNoCollapse|imgui.WindowFlagsAlwaysAutoResize) {
		rows := [][2]string{
			{"Left drag", "orbit"}, {"Right / middle drag", "pan"}, {"Wheel", "zoom"},
			{"Click a joint", "select it"}, {"F", "frame the skeleton"}, {"R", "reset the camera"},
			{"Space", "play / pause"}, {"← / →", "step one frame"}, {"Home / End", "first / last frame"},
			{"Drag the timeline", "scrub (playback resumes after)"}, {"L", "joint names"}, {"G", "ground grid"},
			{"Ctrl+O", "open files"}, {"Ctrl+E", "export to glTF"}, {"Drop files", "open them (a model with its animations pairs them)"},
			{"C", "loop-mode comparison (all five modes side by side)"},
			{"Curves: wheel", "zoom frames (Shift or Ctrl: values; over a ruler: that axis)"},
			{"Curves: right drag", "pan (drag a ruler: pan that axis); left drag scrubs"},
			{"Channel rows", "click to plot (under the selected joint; filter name/channel)"},
		}
		if imgui.BeginTableV("keys", 2, imgui.TableFlagsRowBg|imgui.TableFlagsBordersInnerV, imgui.Vec2{}, 0) {
			for _, r := range rows {
				imgui.TableNextRow()
				imgui.TableNextColumn()
				textColored(colAccent, r[0])
				imgui.TableNextColumn()
				imgui.Text(r[1])
			}
			imgui.EndTable()
		}
	}
	imgui.End()
}

func (u *UI) aboutWindow() {
	center := imgui.MainViewport().Center()
	imgui.SetNextWindowPosV(center, imgui.ConditionAppearing, imgui.Vec2{X: 0.5, Y: 0.5})
	if imgui.BeginV("About animscope", &u.showAbout, imgui.WindowFlagsNoCollapse|imgui.WindowFlagsAlwaysAutoResize) {
		imgui.Text("animscope: a previewer for game animation files")
		for i, line := range u.AboutFormats {
			textDim(line)
			u.record(fmt.Sprintf("about:%d", i))
		}
		imgui.Spacing()
		textDim("Evaluates animations with the games' own rules:")
		textDim("J3D Hermite keys, rotation fractions, loop modes, texture matrices.")
		imgui.Spacing()
		textDim("UI font: the Go fonts (BSD licence).")
	}
	imgui.End()
}

// baseName shortens a path for lists.
func baseName(p string) string { return filepath.Base(p) }
