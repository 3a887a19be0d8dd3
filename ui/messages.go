package ui

import (
	"fmt"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
)

// bottomTabs holds the messages, the curve plot and the inspector.
func (u *UI) bottomTabs(v *viewmodel.View) {
	if !imgui.BeginTabBarV("##bottomtabs", imgui.TabBarFlagsNone) {
		return
	}
	label := "Messages###messages"
	if n := len(v.Notices); n > 0 {
		label = fmt.Sprintf("Messages (%d)###messages", n)
	}
	open := imgui.BeginTabItemV(label, nil, u.tabFlags("messages"))
	u.record("tab:messages")
	if open {
		u.tabShown(TabMessages)
		u.messages(v)
		imgui.EndTabItem()
	}
	u.analysisTabs(v)
	imgui.EndTabBar()
}

func (u *UI) messages(v *viewmodel.View) {
	if len(v.Notices) == 0 {
		textDim("No messages. Load errors and warnings appear here.")
		return
	}
	if imgui.Button("Clear") {
		u.emit(viewmodel.DismissNotices{})
	}
	imgui.SameLine()
	textDim("newest last")
	u.fitMessages(imgui.ContentRegionAvail().Y, len(v.Notices))
	imgui.BeginChildV("##msglist", imgui.Vec2{}, false, imgui.WindowFlagsHorizontalScrollbar)
	u.recordWindow("messages:list")
	for _, n := range v.Notices {
		c := colText
		tag := "info "
		switch n.Severity {
		case viewmodel.Warning:
			c, tag = colWarn, "warn "
		case viewmodel.Error:
			c, tag = colError, "error"
		}
		imgui.PushFont(u.fonts.Mono)
		textColored(colTextDim, n.Time.Format("15:04:05"))
		imgui.SameLine()
		textColored(c, tag)
		imgui.PopFont()
		imgui.SameLine()
		if n.Detail == "" {
			textColored(c, n.Text)
			continue
		}
		// A summary (a binding's unbound bones): the full list on expand.
		imgui.PushStyleColor(imgui.StyleColorText, c)
		open := imgui.TreeNodeV(n.Text+"##msg"+n.Time.Format("150405.000000000"), imgui.TreeNodeFlagsNone)
		imgui.PopStyleColor()
		if open {
			textWrapped(colTextDim, n.Detail)
			imgui.TreePop()
		}
	}
	if len(v.Notices) != u.noticesSeen {
		u.noticesSeen = len(v.Notices)
		imgui.SetScrollHereY(1)
	}
	imgui.EndChild()
}

// minMessageLines is how many messages the Messages tab shows at least
// (the bottom panel grows for them when the window allows).
const minMessageLines = 5

// fitMessages grows the bottom panel when the message list got less than
// minMessageLines lines (or than its n messages, when fewer) (the transport's clip rows take room above it),
// a few times per window size, as far as the 3D view's minimum allows;
// a user's later drag is kept.
func (u *UI) fitMessages(listH float32, n int) {
	t := &u.tabs
	disp := imgui.MainViewport().Size()
	if t.msgFitFor != disp || u.resetLayout {
		t.msgFitFor, t.msgFitTries = disp, 0
	}
	if t.msgFitTries >= 8 {
		return
	}
	t.msgFitTries++
	// The list's own lines, and the horizontal scrollbar under them.
	want := float32(min(n, minMessageLines))*imgui.TextLineHeightWithSpacing() + imgui.CurrentStyle().ScrollbarSize()
	if need := want - listH; need > 0 && t.bottomH < t.maxBottomH {
		t.growTo = max(t.growTo, min(t.bottomH+need, t.maxBottomH))
	}
}
