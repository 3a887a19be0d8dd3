package ui

import (
	"fmt"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
)

// tabState tracks the bottom panel's tabs: a tab asked for by ShowTab,
// the one showing, and the panel height to grow to.
type tabState struct {
	want    string // selected next frame
	active  string
	grown   map[string]bool
	growTo  float32 // bottom panel height to set next frame (0: none)
	bottomH float32 // the bottom panel's height last frame
	// maxBottomH is the tallest the bottom panel may be this frame;
	// fitFor is the window size the plot was last given room in.
	maxBottomH float32
	fitFor     imgui.Vec2
	fitTries   int
	// msgFitFor and msgFitTries are fitFor and fitTries of the message
	// list (fitMessages).
	msgFitFor   imgui.Vec2
	msgFitTries int
}

// Tabs of the bottom panel, for ShowTab.
const (
	TabCurves    = "curves"
	TabInspector = "inspector"
	TabMessages  = "messages"
	TabTextures  = "textures"
)

// ShowTab selects a tab of the bottom panel (TabCurves, TabInspector,
// TabTextures, TabMessages) next frame.
func (u *UI) ShowTab(name string) { u.tabs.want = name }

// ActiveTab is the bottom panel's tab shown last frame.
func (u *UI) ActiveTab() string { return u.tabs.active }

func (u *UI) tabFlags(name string) imgui.TabItemFlags {
	if u.tabs.want == name {
		return imgui.TabItemFlagsSetSelected
	}
	return imgui.TabItemFlagsNone
}

// analysisTabs are the Curves, Inspector and Textures tabs of the bottom panel,
// after Messages: a session starts on Messages, and the panel keeps its
// size until a plot or a table is asked for.
func (u *UI) analysisTabs(v *viewmodel.View) {
	if imgui.BeginTabItemV("Curves###curves", nil, u.tabFlags(TabCurves)) {
		u.tabShown(TabCurves)
		u.curvesPanel(v)
		imgui.EndTabItem()
	}
	if imgui.BeginTabItemV("Inspector###inspector", nil, u.tabFlags(TabInspector)) {
		u.tabShown(TabInspector)
		u.inspectorPanel(v)
		imgui.EndTabItem()
	}
	label := "Textures###textures"
	if n := textureCount(v); n > 0 {
		label = fmt.Sprintf("Textures (%d)###textures", n)
	}
	open := imgui.BeginTabItemV(label, nil, u.tabFlags(TabTextures))
	u.record("tab:textures")
	if open {
		u.tabShown(TabTextures)
		u.texturesTab(v)
		imgui.EndTabItem()
	}
	u.differencesTab(v)
}

// textureCount is how many textures the Textures browser lists.
func textureCount(v *viewmodel.View) int {
	n := 0
	for _, g := range v.Textures {
		n += len(g.Textures)
	}
	return n
}

// tabShown notes the tab being drawn; the first time a plot or table tab
// shows in a session, a short bottom panel grows so it has room.
func (u *UI) tabShown(name string) {
	u.tabs.active = name
	if u.tabs.want == name {
		u.tabs.want = ""
	}
	if name == TabMessages || u.tabs.grown[name] {
		return
	}
	if u.tabs.grown == nil {
		u.tabs.grown = map[string]bool{}
	}
	u.tabs.grown[name] = true
	if min := imgui.MainViewport().Size().Y * analysisPanelShare; u.tabs.bottomH < min {
		u.tabs.growTo = min
	}
}

// defaultBottom is the bottom panel's default height: the timeline's,
// or with a plot or table showing, a share of the window (the layout
// reset keeps the plot usable).
func (u *UI) defaultBottom(avail float32) float32 {
	h := defaultBottomH * u.scale
	if u.tabs.active == TabCurves || u.tabs.active == TabInspector || u.tabs.active == TabTextures {
		h = max(h, imgui.MainViewport().Size().Y*analysisPanelShare)
	}
	return min(h, avail)
}

// fitPlot grows the bottom panel when the curve plot got less than its
// usable height, once per window size (and after a layout reset), as far
// as the 3D view's minimum allows; a user's later drag is kept.
func (u *UI) fitPlot(plotH float32) {
	disp := imgui.MainViewport().Size()
	if u.tabs.fitFor != disp || u.resetLayout {
		u.tabs.fitFor, u.tabs.fitTries = disp, 0
	}
	// A few tries: the panel's new height shows a frame later, and the
	// transport may wrap differently at the new size.
	if u.tabs.fitTries >= 8 {
		return
	}
	u.tabs.fitTries++
	if need := minPlotH*u.scale - plotH; need > 0 && u.tabs.bottomH < u.tabs.maxBottomH {
		u.tabs.growTo = max(u.tabs.growTo, min(u.tabs.bottomH+need, u.tabs.maxBottomH))
	}
}

// analysisPanelShare is the window height the bottom panel grows to for
// the curves and the inspector.
const analysisPanelShare = 0.42

// nextBottomSize sets the bottom panel's size for this frame's Begin: the
// remembered size, or the grown one after a tab asked for room.
func (u *UI) nextBottomSize(w, defaultH, avail float32, cond imgui.Condition) {
	if u.tabs.growTo > 0 {
		imgui.SetNextWindowSizeV(imgui.Vec2{X: w, Y: min(u.tabs.growTo, max(u.tabs.maxBottomH, 60*u.scale))}, imgui.ConditionAlways)
		u.tabs.growTo = 0
		return
	}
	imgui.SetNextWindowSizeV(imgui.Vec2{X: w, Y: defaultH}, cond)
}

// smallButton is a button without vertical frame padding, to sit in a
// line of text (imgui-go v4 leaves ImGui's SmallButton out).
func smallButton(label string) bool {
	pad := imgui.CurrentStyle().FramePadding()
	imgui.PushStyleVarVec2(imgui.StyleVarFramePadding, imgui.Vec2{X: pad.X, Y: 0})
	defer imgui.PopStyleVar()
	return imgui.Button(label)
}

// fillRect fills a rectangle with square corners: four vertices
// (imgui-go's AddRectFilled rounds the corners by a pixel, which takes
// sixteen).
func fillRect(dl imgui.DrawList, a, b imgui.Vec2, col imgui.PackedColor) {
	dl.AddRectFilledV(a, b, col, 0, imgui.DrawFlagsNone)
}
