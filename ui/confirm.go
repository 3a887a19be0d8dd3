package ui

import (
	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
)

// confirmDialog asks the app's question (View.Confirm) in a modal box:
// nothing else takes input until it is answered; Escape answers no.
func (u *UI) confirmDialog(v *viewmodel.View) {
	const id = "Please confirm###confirm"
	if v.Confirm == nil {
		return
	}
	if !imgui.IsPopupOpen(id) {
		imgui.OpenPopup(id)
	}
	imgui.SetNextWindowPosV(imgui.MainViewport().Center(), imgui.ConditionAppearing, imgui.Vec2{X: 0.5, Y: 0.5})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: 460 * u.scale}, imgui.ConditionAppearing)
	if !imgui.BeginPopupModalV(id, nil, imgui.WindowFlagsAlwaysAutoResize|imgui.WindowFlagsNoSavedSettings) {
		return
	}
	imgui.PushTextWrapPosV(imgui.CursorPosX() + 440*u.scale)
	imgui.Text(v.Confirm.Text)
	imgui.PopTextWrapPos()
	imgui.Spacing()
	answer := func(yes bool) {
		u.emit(viewmodel.Answer{Yes: yes})
		imgui.CloseCurrentPopup()
	}
	if imgui.Button(v.Confirm.Yes) {
		answer(true)
	}
	u.record("confirm:yes")
	imgui.SameLine()
	if imgui.Button(v.Confirm.No) || imgui.IsKeyPressedV(imgui.KeyIndex(imgui.KeyEscape), false) {
		answer(false)
	}
	u.record("confirm:no")
	imgui.EndPopup()
}
