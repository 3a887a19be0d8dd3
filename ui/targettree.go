package ui

import (
	"fmt"
	"strings"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// treeState extends the joints-and-materials list with channels: under
// the selected target (and any with plotted channels) its channels, which
// a click plots; a filter "target/channel" lists the matching channels of
// every matching target.
type treeState struct {
	chanFilter  string // the part after "/", lower case
	allChannels bool   // the filter has a "/": channels under every match
	rows        []treeRow
}

// treeRow is a row of the clipped target list: a target, or one of its
// channels (chanIdx ≥ 0; len(Channels)+k for derived Euler angle k).
type treeRow struct {
	target, chanIdx int
}

// splitFilter takes the channel part off a "target/channel" filter and
// returns the target part.
func (u *UI) splitFilter(filter string) string {
	tf, cf, ok := strings.Cut(filter, "/")
	u.tree.chanFilter, u.tree.allChannels = strings.TrimSpace(cf), ok
	return strings.TrimSpace(tf)
}

// channelsShown reports whether target ti of slot lists its channels.
func (u *UI) channelsShown(v *viewmodel.View, slot viewmodel.Slot, ti int) bool {
	if ti < 0 {
		return false
	}
	if u.tree.allChannels || v.SelectedTarget(slot) == ti {
		return true
	}
	for _, r := range u.curves.refs {
		if r.Slot == slot && r.Target == ti {
			return true
		}
	}
	return false
}

// numChannelRows is how many channel rows target t has: its channels and,
// for a quaternion rotation, the three derived Euler angles.
func numChannelRows(t *anim.Target) int {
	n := len(t.Channels)
	if t.Quaternion {
		n += 3
	}
	return n
}

// channelRowRef is the channel of row k of target ti.
func channelRowRef(slot viewmodel.Slot, t *anim.Target, ti, k int) viewmodel.ChannelRef {
	if k < len(t.Channels) {
		return viewmodel.ChannelRef{Slot: slot, Target: ti, Chan: t.Channels[k].Slot}
	}
	return viewmodel.ChannelRef{Slot: slot, Target: ti, Euler: k - len(t.Channels) + 1}
}

// channelRowMatches applies the channel part of the filter.
func (u *UI) channelRowMatches(t *anim.Target, r viewmodel.ChannelRef) bool {
	if u.tree.chanFilter == "" {
		return true
	}
	return strings.Contains(channelName(t, r), u.tree.chanFilter)
}

// targetChannels draws the channel rows of target ti of slot under its
// row; leaf says the target row pushed no tree level (indent by hand).
func (u *UI) targetChannels(v *viewmodel.View, slot viewmodel.Slot, ti int, leaf bool) {
	p := v.PlaybackOf(slot)
	if p == nil || ti < 0 || ti >= len(p.Clip.Targets) || !u.channelsShown(v, slot, ti) {
		return
	}
	t := &p.Clip.Targets[ti]
	if leaf {
		imgui.Indent()
		defer imgui.Unindent()
	}
	for k, n := 0, numChannelRows(t); k < n; k++ {
		r := channelRowRef(slot, t, ti, k)
		if u.channelRowMatches(t, r) {
			u.channelRow(v, t, r)
		}
	}
}

// channelRow is one channel: a colour box (filled when plotted), its name
// and kind. A click plots it (or stops) and selects its target.
func (u *UI) channelRow(v *viewmodel.View, t *anim.Target, r viewmodel.ChannelRef) {
	name := channelName(t, r)
	info := "derived from the quaternion (Rz·Ry·Rx)"
	if r.Euler == 0 {
		ch, _ := t.Channel(r.Chan)
		k := ch.Curve.Kind()
		info = k.String()
		if k != anim.KindConstant {
			info = fmt.Sprintf("%s ×%d", k, ch.Curve.NumKeys())
		}
	}
	plotted := u.isPlotted(r)
	col := colTextDim
	for i := range u.curves.shown {
		if u.curves.shown[i].ref == r {
			col = u.curves.shown[i].color
		}
	}
	pos := imgui.CursorScreenPos()
	sz := imgui.TextLineHeight()
	id := fmt.Sprintf("##ch%d_%d_%d_%d", r.Slot, r.Target, r.Chan, r.Euler)
	if imgui.SelectableV(id, plotted, 0, imgui.Vec2{X: 0, Y: sz}) {
		u.togglePlotted(r)
		if r.Slot == viewmodel.TexSlot {
			u.emit(viewmodel.SelectTexTarget{Target: r.Target})
		} else if v.Selection.Target != r.Target {
			u.emit(viewmodel.SelectTarget{Target: r.Target})
		}
		if u.tabs.active != TabCurves {
			u.ShowTab(TabCurves)
		}
	}
	u.record(fmt.Sprintf("channel:%d/%s", r.Target, name))
	tooltip("click: plot this channel in the Curves tab (click again to remove it)")
	dl := imgui.WindowDrawList()
	box0 := imgui.Vec2{X: pos.X + sz*0.15, Y: pos.Y + sz*0.2}
	box1 := imgui.Vec2{X: pos.X + sz*0.75, Y: pos.Y + sz*0.8}
	if plotted || col != colTextDim {
		fillRect(dl, box0, box1, packed(col))
	} else {
		dl.AddRect(box0, box1, packed(colTextDim))
	}
	dl.AddText(imgui.Vec2{X: pos.X + sz, Y: pos.Y}, packed(colText), name)
	dl.AddText(imgui.Vec2{X: pos.X + sz + imgui.CalcTextSize(name, false, 0).X + 8*u.scale, Y: pos.Y}, packed(colTextDim), info)
}

// targetList is the clip's targets without a skeleton, clipped to the
// visible rows (a clip can have hundreds), each followed by its channel
// rows when it lists them.
func (u *UI) targetList(v *viewmodel.View, filter string) {
	clip := v.Joint.Clip
	rows := u.tree.rows[:0]
	for i := range clip.Targets {
		if !matches(filter, clip.Targets[i].Name, i) {
			continue
		}
		rows = append(rows, treeRow{i, -1})
		if t := &clip.Targets[i]; u.channelsShown(v, viewmodel.JointSlot, i) {
			for k, n := 0, numChannelRows(t); k < n; k++ {
				if u.channelRowMatches(t, channelRowRef(viewmodel.JointSlot, t, i, k)) {
					rows = append(rows, treeRow{i, k})
				}
			}
		}
	}
	u.tree.rows = rows
	lineH := imgui.TextLineHeightWithSpacing()
	if u.scrollToSel {
		for row, r := range rows {
			if r.target == v.Selection.Target && r.chanIdx < 0 {
				imgui.SetScrollY(max(0, float32(row)*lineH-imgui.WindowHeight()/2))
			}
		}
	}
	var clipper imgui.ListClipper
	clipper.Begin(len(rows))
	for clipper.Step() {
		for row := clipper.DisplayStart; row < clipper.DisplayEnd; row++ {
			i := rows[row].target
			t := &clip.Targets[i]
			if k := rows[row].chanIdx; k >= 0 {
				imgui.Indent()
				u.channelRow(v, t, channelRowRef(viewmodel.JointSlot, t, i, k))
				imgui.Unindent()
				continue
			}
			keyed := 0
			for _, ch := range t.Channels {
				if ch.Curve.Kind() != anim.KindConstant {
					keyed++
				}
			}
			l := fmt.Sprintf("#%-3d %s###t%d", i, t.Name, i)
			if imgui.SelectableV(l, v.Selection.Target == i, 0, imgui.Vec2{}) {
				u.emit(viewmodel.SelectTarget{Target: i})
			}
			if keyed > 0 {
				imgui.SameLine()
				textDim(fmt.Sprintf("%d keyed", keyed))
			}
		}
	}
}
