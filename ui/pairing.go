package ui

import (
	"fmt"
	"strings"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
)

// pairingSection draws the model, animation and texture-animation pickers
// and the root-motion toggle.
func (u *UI) pairingSection(v *viewmodel.View) {
	p := &v.Pairing
	if len(p.Models) == 0 && len(p.Anims) == 0 && len(p.TexAnims) == 0 && len(p.MaterialAnims) == 0 {
		textDim("Open a model or an animation.")
		return
	}
	labelW := 78 * u.scale
	rowLabel := func(s string) {
		imgui.AlignTextToFramePadding()
		textDim(s)
		imgui.SameLine()
		setCursorX(labelW)
		imgui.SetNextItemWidth(-1)
		// The list is wider than the narrow panel: entries carry their
		// archive path and why they are suggested.
		imgui.SetNextWindowSizeConstraints(imgui.Vec2{X: 460 * u.scale}, imgui.Vec2{X: 900 * u.scale, Y: 600 * u.scale})
	}

	if len(p.Models) > 0 || len(p.Anims) > 0 {
		rowLabel("Model")
		cur := "(none: joints on their own)"
		if p.Model >= 0 && p.Model < len(p.Models) {
			cur = shortLabel(p.Models[p.Model].Label)
		}
		open := imgui.BeginComboV("##pairmodel", cur, imgui.ComboFlagsHeightLarge)
		u.record("pair:model")
		if open {
			u.dismissIfAsked()
			if imgui.SelectableV("(none: joints on their own)###pm-none", p.Model < 0, 0, imgui.Vec2{}) && p.Model >= 0 {
				u.emit(viewmodel.SelectModel{File: -1, Skel: -1})
			}
			u.record("pair:model:none")
			filter, enter := u.comboFilter("model", len(p.Models))
			for i := range p.Models {
				m := &p.Models[i]
				if !matchesFilter(m.Label, filter) {
					continue
				}
				if (imgui.SelectableV(fmt.Sprintf("%s###pm%d", modelLabel(m), i), i == p.Model, 0, imgui.Vec2{}) || pickFirst(&enter)) && i != p.Model {
					u.emit(viewmodel.SelectModel{File: m.File, Skel: m.Skel})
				}
				u.record(fmt.Sprintf("pair:model:%d", i))
			}
			imgui.EndCombo()
		}
	}

	if len(p.Anims) > 0 {
		rowLabel("Animation")
		cur := "(none)"
		if p.Anim >= 0 && p.Anim < len(p.Anims) {
			cur = shortLabel(p.Anims[p.Anim].Label)
		}
		open := imgui.BeginComboV("##pairanim", cur, imgui.ComboFlagsHeightLarge)
		u.record("pair:anim")
		if open {
			u.dismissIfAsked()
			suggested := 0
			for i := range p.Anims {
				if p.Anims[i].Reason != "" {
					suggested++
				}
			}
			filter, enter := u.comboFilter("anim", len(p.Anims))
			if p.Model >= 0 && suggested > 0 {
				textDim("suggested for " + p.Models[p.Model].Label)
			}
			for i := range p.Anims {
				a := &p.Anims[i]
				if !matchesFilter(a.Label, filter) {
					continue
				}
				if i == suggested && suggested > 0 && p.Model >= 0 {
					imgui.Separator()
					textDim("other animations")
				}
				label := fmt.Sprintf("%s  ·  %s, %g f", a.Label, plural(a.Joints, "joint", "joints"), a.Frames)
				if a.Reason != "" {
					label += "  ·  " + a.Reason
				}
				if len(a.Warnings) > 0 {
					label += "  ·  warning"
				}
				if (imgui.SelectableV(fmt.Sprintf("%s###pa%d", label, i), i == p.Anim, 0, imgui.Vec2{}) || pickFirst(&enter)) && i != p.Anim {
					u.emit(viewmodel.SelectClip{File: a.File, Clip: a.Clip})
				}
				u.record(fmt.Sprintf("pair:anim:%d", i))
				if len(a.Warnings) > 0 && imgui.IsItemHovered() {
					imgui.SetTooltip(strings.Join(a.Warnings, "\n"))
				}
			}
			imgui.EndCombo()
		}
		if p.Anim >= 0 && p.Anim < len(p.Anims) {
			a := &p.Anims[p.Anim]
			if a.Reason != "" {
				textDim("paired: " + a.Reason)
			}
			if v.Skeleton != nil && v.Skeleton.Summary != "" {
				warningLine(v.Skeleton.Summary, v.Skeleton.Detail, nil)
			} else {
				warningLine("", "", a.Warnings)
			}
		}
	}

	if len(p.TexAnims) > 0 {
		rowLabel("Texture")
		cur := "(none)"
		if p.TexAnim >= 0 && p.TexAnim < len(p.TexAnims) {
			cur = shortLabel(p.TexAnims[p.TexAnim].Label)
		}
		open := imgui.BeginComboV("##pairtex", cur, imgui.ComboFlagsHeightLarge)
		u.record("pair:tex")
		if open {
			u.dismissIfAsked()
			// The game plays a texture clip only with the clip it belongs
			// to; the user can stop the one playing.
			if imgui.SelectableV("(none)###pt-none", p.TexAnim < 0, 0, imgui.Vec2{}) && p.TexAnim >= 0 {
				u.emit(viewmodel.ClearTexClip{})
			}
			u.record("pair:tex:none")
			filter, enter := u.comboFilter("tex", len(p.TexAnims))
			for i := range p.TexAnims {
				a := &p.TexAnims[i]
				if !matchesFilter(a.Label, filter) {
					continue
				}
				label := fmt.Sprintf("%s  ·  %s, %g f", a.Label, plural(a.Joints, "entry", "entries"), a.Frames)
				if (imgui.SelectableV(fmt.Sprintf("%s###pt%d", label, i), i == p.TexAnim, 0, imgui.Vec2{}) || pickFirst(&enter)) && i != p.TexAnim {
					u.emit(viewmodel.SelectClip{File: a.File, Clip: a.Clip})
				}
				u.record(fmt.Sprintf("pair:tex:%d", i))
			}
			imgui.EndCombo()
		}
	}

	if len(p.MaterialAnims) > 0 {
		rowLabel("Material")
		u.materialPicker(p)
	}

	if p.HasRootMotion {
		apply := p.ApplyRootMotion
		if imgui.Checkbox("Apply root motion###rootmotion", &apply) {
			u.emit(viewmodel.SetRootMotion{Apply: apply})
		}
		u.record("pair:rootmotion")
		if imgui.IsItemHovered() {
			imgui.SetTooltip("The file's world-space track moves the whole character.\nOff: the character is locked in place (the track is ignored).")
		}
	}
}

// materialPicker lists the material and visibility clips (BRK, BPK,
// BTP, BVA, BFRES material and visibility). Several play at once, so the
// playing ones are ticked; a pick plays one more (a player variant,
// _3p.brk, in place of its sibling), "(none)" stops them all.
func (u *UI) materialPicker(p *viewmodel.Pairing) {
	var playing []string
	for i := range p.MaterialAnims {
		if p.MaterialAnims[i].Playing {
			playing = append(playing, shortLabel(p.MaterialAnims[i].Label))
		}
	}
	cur := "(none)"
	if len(playing) > 0 {
		cur = strings.Join(playing, ", ")
	}
	open := imgui.BeginComboV("##pairmat", cur, imgui.ComboFlagsHeightLarge)
	u.record("pair:mat")
	if !open {
		return
	}
	u.dismissIfAsked()
	if imgui.SelectableV("(none)###pmat-none", len(playing) == 0, 0, imgui.Vec2{}) && len(playing) > 0 {
		u.emit(viewmodel.ClearMaterialClips{})
	}
	u.record("pair:mat:none")
	filter, enter := u.comboFilter("mat", len(p.MaterialAnims))
	for i := range p.MaterialAnims {
		a := &p.MaterialAnims[i]
		if !matchesFilter(a.Label, filter) {
			continue
		}
		label := fmt.Sprintf("%s  ·  %s, %s, %g f", a.Label, a.Kind, plural(a.Joints, "target", "targets"), a.Frames)
		if (imgui.SelectableV(fmt.Sprintf("%s###pmat%d", label, i), a.Playing, 0, imgui.Vec2{}) || pickFirst(&enter)) && !a.Playing {
			u.emit(viewmodel.SelectClip{File: a.File, Clip: a.Clip})
		}
		u.record(fmt.Sprintf("pair:mat:%d", i))
	}
	imgui.EndCombo()
}

func modelLabel(m *viewmodel.ModelChoice) string {
	return fmt.Sprintf("%s  ·  %s", m.Label, plural(m.Joints, "joint", "joints"))
}

// filterOver is how many items a picker lists before it offers a filter
// box (a BotW animation file has over a hundred clips).
const filterOver = 8

// comboFilter draws a filter box at the top of an open picker of n items
// (focused when the list opens) and returns its text ("" without one)
// and whether Enter was pressed in it: the picker then takes its first
// match.
func (u *UI) comboFilter(id string, n int) (string, bool) {
	if n <= filterOver {
		return "", false
	}
	if u.pickFilter == nil {
		u.pickFilter = map[string]string{}
	}
	if imgui.IsWindowAppearing() {
		u.pickFilter[id] = ""
		imgui.SetKeyboardFocusHere()
	}
	text := u.pickFilter[id]
	imgui.SetNextItemWidth(-1)
	enter := imgui.InputTextWithHintV("##filter"+id, fmt.Sprintf("filter %d items", n), &text, imgui.InputTextFlagsEnterReturnsTrue, nil)
	u.record("pair:filter:" + id)
	u.pickFilter[id] = text
	return text, enter
}

// pickFirst is a picker's Enter: the first match is chosen (once) and
// the list closes. It reports whether item i is to be chosen.
func pickFirst(enter *bool) bool {
	if !*enter {
		return false
	}
	*enter = false
	imgui.CloseCurrentPopup()
	return true
}

// matchesFilter reports whether label contains every word of filter,
// ignoring case.
func matchesFilter(label, filter string) bool {
	l := strings.ToLower(label)
	for _, w := range strings.Fields(strings.ToLower(filter)) {
		if !strings.Contains(l, w) {
			return false
		}
	}
	return true
}

// plural writes n with the singular or plural noun ("1 joint").
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// shortLabel is the last part of a label ("biped.szs › biped/bck/walk.bck"
// → "walk.bck", "skel_anim.bfres › Trot" → "Trot") for a narrow combo; its
// list shows the whole label.
func shortLabel(s string) string {
	if i := strings.LastIndex(s, " › "); i >= 0 {
		s = s[i+len(" › "):]
	}
	return s[strings.LastIndexByte(s, '/')+1:]
}
