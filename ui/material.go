package ui

import (
	"fmt"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
)

// MatSlot0 is the first material slot: material clip k of
// View.Materials plays in Slot(MatSlot0 + k), with its own clock, next to
// the joint and texture clips (J3D games run a model's BRK, BPK, BTP and
// BVA with their own frame controls too).
const MatSlot0 Slot = TexSlot + 1

// MaterialView is the material animations on screen (BRK, BPK, BTP, BVA;
// colour, texture pattern and visibility targets of any format).
type MaterialView struct {
	Clips []*Playback
	// Selected is the target whose colour tints the test quad and whose
	// channels the curves follow (Clip -1: none).
	Selected MatRef
	// Runtime is the JSystem generation whose rules apply to full-frame
	// lookups and the mirrored loop modes.
	Runtime anim.Runtime
}

// MatRef names target Target of material clip Clip.
type MatRef struct{ Clip, Target int }

type (
	// SelectMaterial selects a material target (the quad's tint source and
	// the curves' target) and focuses its clip.
	SelectMaterial struct{ Ref MatRef }
	// SetRuntime switches the JSystem runtime rules (anim.Runtime) of every
	// open clip and clock.
	SetRuntime struct{ Runtime anim.Runtime }
)

func (SelectMaterial) intent() {}
func (SetRuntime) intent()     {}

// materialPlayback is the playback of a material slot, or nil.
func (v *View) materialPlayback(s Slot) *Playback {
	if v.Materials == nil || s < MatSlot0 || int(s-MatSlot0) >= len(v.Materials.Clips) {
		return nil
	}
	return v.Materials.Clips[s-MatSlot0]
}

// materialTarget is the selected target of a material slot, or -1.
func (v *View) materialTarget(s Slot) int {
	p := v.materialPlayback(s)
	if p == nil || v.Materials.Selected.Clip != int(s-MatSlot0) {
		return -1
	}
	if t := v.Materials.Selected.Target; t >= 0 && t < len(p.Clip.Targets) {
		return t
	}
	return -1
}

// channelColor is the plot colour of a colour channel: red, green and
// blue in their colours, alpha light grey.
func channelColor(s anim.Slot) (imgui.Vec4, bool) {
	switch s {
	case anim.ColorR:
		return imgui.Vec4{X: 0.98, Y: 0.30, Z: 0.28, W: 1}, true
	case anim.ColorG:
		return imgui.Vec4{X: 0.30, Y: 0.90, Z: 0.35, W: 1}, true
	case anim.ColorB:
		return imgui.Vec4{X: 0.35, Y: 0.55, Z: 1.00, W: 1}, true
	case anim.ColorA:
		return imgui.Vec4{X: 0.85, Y: 0.85, Z: 0.85, W: 1}, true
	}
	return imgui.Vec4{}, false
}

// SwatchColor turns a colour target's values into a displayable colour:
// GX colours are 0..255; TEV colour registers (−1024..1023) are clamped
// to what they show as.
func SwatchColor(v *[anim.NumSlots]float64) [4]float32 {
	var c [4]float32
	for i := range c {
		x := v[anim.ColorR+anim.Slot(i)] / 255
		c[i] = float32(max(0, min(1, x)))
	}
	return c
}

// materialSection is the material panel: the runtime switch, then per
// material clip its targets with their live values — a swatch per colour
// register or material colour, the texture number of each pattern, and
// each shape's visibility.
func (u *UI) materialSection(v *View) {
	m := v.Materials
	early := m.Runtime == anim.EarlyRuntime
	if imgui.Checkbox("Early JSystem rules##runtime", &early) {
		r := anim.LateRuntime
		if early {
			r = anim.EarlyRuntime
		}
		u.emit(SetRuntime{Runtime: r})
	}
	tooltip("Wind Waker / Sunshine: full-frame BCA and BVA indices truncate, mirrored loop modes clamp and turn at the end.\nOff: Pikmin 2 / Twilight Princess / Galaxy (round half up, reflect at end − 1).")
	for ci, p := range m.Clips {
		imgui.Spacing()
		textDim(fmt.Sprintf("%s · frame %.2f / %g", shortLabel(p.Label), p.Clock.Frame, p.Clip.Duration))
		for ti := range p.Clip.Targets {
			if p.Pose == nil || ti >= len(p.Pose.Targets) {
				break
			}
			u.materialRow(m, ci, ti, &p.Clip.Targets[ti], &p.Pose.Targets[ti].V)
		}
	}
}

// materialRow is one target of the material panel.
func (u *UI) materialRow(m *MaterialView, ci, ti int, t *anim.Target, vals *[anim.NumSlots]float64) {
	ref := MatRef{Clip: ci, Target: ti}
	sel := m.Selected == ref
	var label string
	switch t.Kind {
	case anim.TevRegTarget, anim.MatColorTarget:
		c := SwatchColor(vals)
		sz := imgui.FrameHeight()
		imgui.ColorButton(fmt.Sprintf("##sw%d.%d", ci, ti), imgui.Vec4{X: c[0], Y: c[1], Z: c[2], W: c[3]}, 0, imgui.Vec2{X: sz * 1.4, Y: sz * 0.8})
		imgui.SameLine()
		label = fmt.Sprintf("%s  %g %g %g %g", t.Name, vals[anim.ColorR], vals[anim.ColorG], vals[anim.ColorB], vals[anim.ColorA])
	case anim.TexPatternTarget:
		label = fmt.Sprintf("%s · texMap %d: texture %g", t.Name, t.TexMap, vals[anim.TexIndex])
	case anim.ShapeTarget:
		state := "off"
		if vals[anim.Visible] != 0 {
			state = "on"
		}
		label = fmt.Sprintf("shape %d: %s", t.Index, state)
		if t.Name != "" {
			label = fmt.Sprintf("%s (shape %d): %s", t.Name, t.Index, state)
		}
	case anim.ShaderParamTarget:
		label = t.Name + " · " + t.Param + ":"
		for _, ch := range t.Channels {
			label += fmt.Sprintf(" %s %s", ch.Slot.Name(t.Kind), fmtNum(vals[ch.Slot]))
		}
	default:
		label = targetLabel(t, ti)
	}
	if imgui.SelectableV(fmt.Sprintf("%s###mat%d.%d", label, ci, ti), sel, 0, imgui.Vec2{}) {
		u.emit(SelectMaterial{Ref: ref})
	}
}

// playsMaterial reports whether c plays in a material slot.
func (v *View) playsMaterial(c *anim.Clip) bool {
	if v.Materials == nil {
		return false
	}
	for _, p := range v.Materials.Clips {
		if p.Clip == c {
			return true
		}
	}
	return false
}

// materialKind names what a material clip animates for the file list
// ("colours", "texture pattern", "visibility"), "" for other clips.
func materialKind(c *anim.Clip) string {
	if len(c.Targets) == 0 || !c.Targets[0].Kind.IsMaterial() {
		return ""
	}
	switch c.Targets[0].Kind {
	case anim.TevRegTarget, anim.MatColorTarget:
		return "colours"
	case anim.TexPatternTarget:
		return "texture pattern"
	case anim.ShapeTarget:
		return "visibility"
	}
	return "material"
}
