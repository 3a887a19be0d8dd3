// The transport's drawn button symbols.

package ui

import (
	"strings"

	"github.com/inkyblackness/imgui-go/v4"
)

type icon uint8

const (
	iconFirst icon = iota
	iconPrev
	iconPlay
	iconPause
	iconNext
	iconLast
)

// iconButton is a square button with a drawn transport symbol (the Go
// fonts have no media glyphs).
func (u *UI) iconButton(id string, ic icon, enabled bool) bool {
	sz := imgui.FrameHeight()
	beginDisabled(!enabled)
	clicked := imgui.ButtonV(id, imgui.Vec2{X: sz * 1.25, Y: sz}) && enabled
	endDisabled(!enabled)
	u.record(strings.TrimPrefix(id, "##"))
	a, b := imgui.ItemRectMin(), imgui.ItemRectMax()
	c := imgui.Vec2{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}
	r := sz * 0.26
	col := packed(colText)
	if !enabled {
		col = packed(colTextDim)
	}
	dl := imgui.WindowDrawList()
	tri := func(dir float32, cx float32) { // a triangle pointing right (dir 1) or left (-1)
		dl.AddTriangleFilled(imgui.Vec2{X: cx - dir*r*0.8, Y: c.Y - r}, imgui.Vec2{X: cx + dir*r*0.9, Y: c.Y},
			imgui.Vec2{X: cx - dir*r*0.8, Y: c.Y + r}, col)
	}
	bar := func(x float32) {
		dl.AddRectFilled(imgui.Vec2{X: x - r*0.18, Y: c.Y - r}, imgui.Vec2{X: x + r*0.18, Y: c.Y + r}, col)
	}
	switch ic {
	case iconPlay:
		tri(1, c.X+r*0.1)
	case iconPause:
		bar(c.X - r*0.4)
		bar(c.X + r*0.4)
	case iconPrev:
		tri(-1, c.X+r*0.25)
		bar(c.X - r*0.75)
	case iconNext:
		tri(1, c.X-r*0.25)
		bar(c.X + r*0.75)
	case iconFirst:
		bar(c.X - r*1.05)
		tri(-1, c.X-r*0.1)
		tri(-1, c.X+r*0.75)
	case iconLast:
		bar(c.X + r*1.05)
		tri(1, c.X+r*0.1)
		tri(1, c.X-r*0.75)
	}
	return clicked
}
