package ui

import (
	"fmt"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/inspect"
	"github.com/animscope/animscope/internal/viewmodel"
)

// inspectorState caches the raw sections of the inspected target.
type inspectorState struct {
	src    viewmodel.FileInspector
	clip   *anim.Clip
	target int
	header []inspect.Section
	secs   []inspect.Section
}

// maxTableRows is how many rows a table shows before it scrolls.
const maxTableRows = 14

// inspectorPanel shows the focused clip's file as decoded: its header and
// the selected target's raw tracks, with each table copyable as CSV.
func (u *UI) inspectorPanel(v *viewmodel.View) {
	p := v.Focused()
	if p == nil {
		textDim("Open an animation to see its raw data.")
		return
	}
	slot := viewmodel.JointSlot
	if p == v.Tex {
		slot = viewmodel.TexSlot
	}
	src, file := v.InspectorOf(p.Clip)
	if src == nil {
		textDim(fmt.Sprintf("%s: no raw view for this format.", p.Label))
		return
	}
	ti := v.SelectedTarget(slot)
	st := &u.insp
	if st.src != src {
		st.src, st.header, st.clip, st.target, st.secs = src, src.Header(), nil, -2, nil
	}
	if st.clip != p.Clip || st.target != ti {
		st.clip, st.target, st.secs = p.Clip, ti, nil
		if ti >= 0 {
			st.secs = src.Target(p.Clip, ti)
		}
	}
	imgui.BeginChildV("##inspector", imgui.Vec2{}, false, 0)
	defer imgui.EndChild()
	if ti < 0 {
		textDim(file + ": select a joint or texture entry to see its stored tracks.")
	} else {
		t := &p.Clip.Targets[ti]
		textColored(colSelected, fmt.Sprintf("%s  ·  %s", file, targetName(v, t, slot, ti)))
		for i := range st.secs {
			u.inspectSection(v, &st.secs[i], fmt.Sprintf("t%d", i), slot, ti)
		}
	}
	imgui.Spacing()
	if imgui.TreeNodeV("File header###inspheader", imgui.TreeNodeFlagsSpanAvailWidth) {
		for i := range st.header {
			u.inspectSection(v, &st.header[i], fmt.Sprintf("h%d", i), slot, -1)
		}
		imgui.TreePop()
	}
}

// inspectSection draws one section: fields as a two-column table, then
// its tables, each with a button that copies it as CSV.
func (u *UI) inspectSection(v *viewmodel.View, sec *inspect.Section, id string, slot viewmodel.Slot, target int) {
	imgui.PushID(id)
	defer imgui.PopID()
	if !imgui.TreeNodeV(sec.Title+"###sec", imgui.TreeNodeFlagsDefaultOpen|imgui.TreeNodeFlagsSpanAvailWidth) {
		return
	}
	defer imgui.TreePop()
	if len(sec.Fields) > 0 && imgui.BeginTableV("##fields", 2, imgui.TableFlagsRowBg|imgui.TableFlagsBordersInnerV|imgui.TableFlagsSizingFixedFit, imgui.Vec2{}, 0) {
		for _, f := range sec.Fields {
			imgui.TableNextRow()
			imgui.TableNextColumn()
			textDim(f.Name)
			imgui.TableNextColumn()
			imgui.PushFont(u.fonts.Mono)
			imgui.Text(f.Value)
			imgui.PopFont()
		}
		imgui.EndTable()
	}
	for ti := range sec.Tables {
		tb := &sec.Tables[ti]
		imgui.PushID(fmt.Sprintf("tb%d", ti))
		plotted := false
		if tb.Channel != "" && target >= 0 {
			for i := range u.curves.shown {
				sc := &u.curves.shown[i]
				p := v.PlaybackOf(slot)
				if sc.ref.Slot == slot && sc.ref.Target == target && sc.ref.Euler == 0 && p != nil &&
					sc.ref.Chan.Name(p.Clip.Targets[target].Kind) == tb.Channel {
					plotted = true
				}
			}
		}
		if smallButton("Copy CSV") {
			u.emit(viewmodel.CopyText{Text: tb.CSV(), What: fmt.Sprintf("%s (%d rows)", tb.Title, len(tb.Rows))})
		}
		u.record("copy:" + tb.Title)
		imgui.SameLine()
		if plotted {
			textColored(colAccent, tb.Title+"  (plotted)")
		} else {
			textDim(tb.Title)
		}
		u.inspectTable(tb)
		imgui.PopID()
	}
}

// inspectTable draws a table's rows, only the visible ones (a JBA bone has
// a row per frame and block).
func (u *UI) inspectTable(tb *inspect.Table) {
	n := len(tb.Columns)
	if n == 0 || n > 64 {
		return
	}
	rowH := imgui.TextLineHeightWithSpacing() + 2*u.scale
	h := rowH*float32(min(len(tb.Rows), maxTableRows)+1) + 4*u.scale
	flags := imgui.TableFlagsRowBg | imgui.TableFlagsBordersInnerV | imgui.TableFlagsBordersOuter |
		imgui.TableFlagsSizingFixedFit | imgui.TableFlagsScrollX | imgui.TableFlagsScrollY
	imgui.PushFont(u.fonts.Mono)
	defer imgui.PopFont()
	if !imgui.BeginTableV("##rows", n, flags, imgui.Vec2{X: 0, Y: h}, 0) {
		return
	}
	imgui.TableSetupScrollFreeze(0, 1)
	for _, c := range tb.Columns {
		imgui.TableSetupColumn(c)
	}
	imgui.TableHeadersRow()
	var clipper imgui.ListClipper
	clipper.Begin(len(tb.Rows))
	for clipper.Step() {
		for r := clipper.DisplayStart; r < clipper.DisplayEnd; r++ {
			imgui.TableNextRow()
			for _, cell := range tb.Rows[r] {
				imgui.TableNextColumn()
				imgui.Text(cell)
			}
		}
	}
	imgui.EndTable()
}
