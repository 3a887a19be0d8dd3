package ui

import (
	"fmt"
	"math"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// Speed limits of the speed control: slow enough to follow a fast
// motion frame by frame, fast enough to skim a long clip.
const (
	minSpeed = 0.1
	maxSpeed = 4
)

func tooltip(s string) {
	if imgui.IsItemHovered() {
		imgui.SetTooltip(s)
	}
}

// transport is the row of playback controls.
func (u *UI) transport(v *viewmodel.View, p *viewmodel.Playback) {
	ok := p != nil
	if u.iconButton("##first", iconFirst, ok) {
		u.emit(viewmodel.Seek{Frame: 0})
	}
	tooltip("First frame (Home)")
	imgui.SameLine()
	if u.iconButton("##prev", iconPrev, ok) {
		u.emit(viewmodel.Step{N: -1})
	}
	tooltip("Step back one frame (←)")
	imgui.SameLine()
	if ok && v.Playing {
		if u.iconButton("##pause", iconPause, ok) {
			u.emit(viewmodel.Pause{})
		}
		tooltip("Pause (Space)")
	} else {
		if u.iconButton("##play", iconPlay, ok) {
			u.emit(viewmodel.Play{})
		}
		tooltip("Play (Space)")
	}
	imgui.SameLine()
	if u.iconButton("##next", iconNext, ok) {
		u.emit(viewmodel.Step{N: 1})
	}
	tooltip("Step forward one frame (→)")
	imgui.SameLine()
	if u.iconButton("##last", iconLast, ok) {
		u.emit(viewmodel.Seek{Frame: p.Clock.Duration})
	}
	tooltip("Last frame (End)")
	if ok {
		u.playState(v)
	}
	if !ok {
		imgui.SameLine()
		imgui.AlignTextToFramePadding()
		textDim(idleHint(&v.Pairing))
		return
	}
	s := u.scale
	c := &p.Clock

	// Frame, editable: drag or Ctrl+click to type.
	u.nextGroup(330)
	imgui.AlignTextToFramePadding()
	textDim("Frame")
	imgui.SameLine()
	if !u.editingTime {
		u.frameInput = float32(c.Frame)
	}
	imgui.SetNextItemWidth(78 * s)
	imgui.PushFont(u.fonts.Mono)
	if imgui.DragFloatV("##frame", &u.frameInput, 0.05, 0, float32(c.Duration), "%.2f", imgui.SliderFlagsAlwaysClamp) {
		u.emit(viewmodel.Seek{Frame: float64(u.frameInput)})
	}
	u.record("frame")
	u.editingTime = imgui.IsItemActive()
	imgui.SameLine()
	fps := p.Clip.FPS
	imgui.Text(fmt.Sprintf("/ %g   %6.3f s / %.3f s", c.Duration, c.Frame/fps, c.Duration/fps))
	imgui.PopFont()
	tooltip(fmt.Sprintf("%g frames at %g fps", c.Duration, fps))

	// Speed and direction.
	u.nextGroup(270)
	imgui.AlignTextToFramePadding()
	textDim("Speed")
	imgui.SameLine()
	if c.Speed != u.lastSpeed {
		u.lastSpeed = c.Speed
		u.speedInput = float32(math.Abs(c.Speed))
		u.reverse = c.Speed < 0
	}
	imgui.SetNextItemWidth(110 * s)
	if imgui.SliderFloatV("##speed", &u.speedInput, minSpeed, maxSpeed, "%.2fx", imgui.SliderFlagsLogarithmic|imgui.SliderFlagsAlwaysClamp) {
		u.emit(viewmodel.SetSpeed{Speed: signed(float64(u.speedInput), u.reverse)})
	}
	u.record("speed")
	if imgui.IsItemHovered() && imgui.IsMouseDoubleClicked(0) {
		u.emit(viewmodel.SetSpeed{Speed: signed(1, u.reverse)})
	}
	tooltip("Playback speed (double-click: 1x)")
	imgui.SameLine()
	if imgui.Checkbox("Reverse", &u.reverse) {
		u.emit(viewmodel.SetSpeed{Speed: signed(float64(u.speedInput), u.reverse)})
	}
	u.record("reverse")

	// Loop mode, the file's own marked.
	u.nextGroup(215)
	imgui.AlignTextToFramePadding()
	textDim("Loop")
	imgui.SameLine()
	imgui.SetNextItemWidth(170 * s)
	preview := loopLabel(c.Mode, p.FileLoop)
	open := imgui.BeginComboV("##loop", preview, imgui.ComboFlagsHeightLarge)
	u.record("loop")
	if open {
		u.dismissIfAsked()
		// Only the modes the clip's runtime has: BFRES clips loop or play
		// once, J3D's frame control has five.
		for _, m := range c.Runtime.LoopModes() {
			if imgui.SelectableV(loopLabel(m, p.FileLoop), m == c.Mode, 0, imgui.Vec2{}) {
				u.emit(viewmodel.SetLoop{Mode: m, Override: m != p.FileLoop})
			}
			u.record("loop:" + m.String())
		}
		imgui.EndCombo()
	}
	tooltip("Loop mode; \"(file)\" marks the mode stored in the file")

	// One scene time drives every clip; the timeline shows the frames of
	// the one picked here, and each can be muted or offset.
	u.clipRows(v)
}

// clipRows gives every playing clip (joint, texture, each material clip)
// a row when more than one plays.
func (u *UI) clipRows(v *viewmodel.View) {
	var mats []*viewmodel.Playback
	if v.Materials != nil {
		mats = v.Materials.Clips
	}
	n := len(mats)
	for _, p := range []*viewmodel.Playback{v.Joint, v.Tex} {
		if p != nil {
			n++
		}
	}
	if n < 2 {
		return
	}
	if v.Joint != nil {
		u.clipRow(v, viewmodel.JointSlot, v.Joint)
	}
	if v.Tex != nil {
		u.clipRow(v, viewmodel.TexSlot, v.Tex)
	}
	for i, p := range mats {
		u.clipRow(v, viewmodel.MatSlot0+viewmodel.Slot(i), p)
	}
}

// clipRow is one clip of the scene in the transport: whose frames the
// timeline shows, mute, and the offset in the clip's frames.
func (u *UI) clipRow(v *viewmodel.View, slot viewmodel.Slot, p *viewmodel.Playback) {
	s := u.scale
	// The name takes the room the row has before it is elided: its own
	// width, up to what the transport row leaves beside the mute box and
	// the offset (controlsW), never less than 150.
	const controlsW = 170
	full := shortLabel(p.Label)
	rowW := imgui.WindowContentRegionMax().X - imgui.WindowContentRegionMin().X
	labelW := min(imgui.CalcTextSize(full, false, 0).X, max(150*s, rowW-controlsW*s-30*s))
	label := elide(full, labelW)
	u.nextGroup((labelW+30*s)/s + controlsW)
	if imgui.RadioButton(label+"##focus"+slot.String(), v.Focus == slot) {
		u.emit(viewmodel.FocusSlot{Slot: slot})
	}
	u.record("focus:" + slot.String())
	tooltip(p.Label + "\nthe timeline and the frame field show this clip's frames")
	imgui.SameLine()
	mute := p.Muted
	if imgui.Checkbox("mute##"+slot.String(), &mute) {
		u.emit(viewmodel.MuteClip{Slot: slot, Mute: mute})
	}
	u.record("mute:" + slot.String())
	tooltip("Show this clip at rest")
	imgui.SameLine()
	off := float32(p.Offset)
	imgui.SetNextItemWidth(58 * s)
	if imgui.DragFloatV("##offset"+slot.String(), &off, 0.1, -10000, 10000, "%+.1f", imgui.SliderFlagsAlwaysClamp) {
		u.emit(viewmodel.SetClipOffset{Slot: slot, Frames: float64(off)})
	}
	u.record("offset:" + slot.String())
	tooltip("Offset: this clip starts so many of its frames later (drag, or Ctrl+click to type)")
}

// nextGroup continues the transport row with a group about width wide,
// or starts a new row when the group would not fit (narrow windows).
func (u *UI) nextGroup(width float32) {
	right := imgui.WindowPos().X + imgui.WindowContentRegionMax().X
	if right-imgui.ItemRectMax().X < width*u.scale {
		return // the next item starts a new row
	}
	imgui.SameLine()
	setCursorX(imgui.CursorPosX() + 8*u.scale)
}

func signed(speed float64, reverse bool) float64 {
	if reverse {
		return -speed
	}
	return speed
}

func loopLabel(m, file anim.LoopMode) string {
	if m == file {
		return m.String() + "  (file)"
	}
	return m.String()
}

// idleHint is what the transport says when no clip plays: how to get one
// playing. With animations open that the model in use turned down (Link's
// cl.bdl among Link.arc's item clips), "Open an animation" sent the user
// to open what was open already.
func idleHint(p *viewmodel.Pairing) string {
	if len(p.Anims) > 0 && p.Model >= 0 && p.Model < len(p.Models) {
		return fmt.Sprintf("None of the open animations plays on %s: pick one under Animation (Scene panel) to play it anyway.", shortLabel(p.Models[p.Model].Label))
	}
	return "Open an animation to play it (File › Open, or drop files on the window)."
}
