package ui

import (
	"fmt"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

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

// materialSection is the material panel: the runtime switch, then per
// material clip its targets with their live values — a swatch per colour
// register or material colour, the texture number of each pattern, and
// each shape's visibility.
func (u *UI) materialSection(v *viewmodel.View) {
	m := v.Materials
	if u.jsystemPlaying(v) {
		u.runtimeSwitch(m)
	}
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

// jsystemPlaying reports whether a clip on screen plays under a JSystem
// runtime (J3D): only then does the early/late switch mean anything.
func (u *UI) jsystemPlaying(v *viewmodel.View) bool {
	for _, p := range []*viewmodel.Playback{v.Joint, v.Tex} {
		if p != nil && p.Clock.Runtime.JSystem() {
			return true
		}
	}
	if v.Materials != nil {
		for _, p := range v.Materials.Clips {
			if p.Clock.Runtime.JSystem() {
				return true
			}
		}
	}
	return false
}

// runtimeSwitch is the "Early JSystem rules" checkbox.
func (u *UI) runtimeSwitch(m *viewmodel.MaterialView) {
	early := m.Runtime == anim.EarlyRuntime
	if imgui.Checkbox("Early JSystem rules##runtime", &early) {
		r := anim.LateRuntime
		if early {
			r = anim.EarlyRuntime
		}
		u.emit(viewmodel.SetRuntime{Runtime: r})
	}
	u.record("runtime")
	tooltip("Wind Waker / Sunshine: full-frame BCA and BVA indices truncate, mirrored loop modes clamp and turn at the end.\nOff: Pikmin 2 / Twilight Princess / Galaxy (round half up, reflect at end − 1).")
}

// materialRow is one target of the material panel.
func (u *UI) materialRow(m *viewmodel.MaterialView, ci, ti int, t *anim.Target, vals *[anim.NumSlots]float64) {
	ref := viewmodel.MatRef{Clip: ci, Target: ti}
	sel := m.Selected == ref
	var label string
	switch t.Kind {
	case anim.TevRegTarget, anim.MatColorTarget:
		c := viewmodel.SwatchColor(vals)
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
		u.emit(viewmodel.SelectMaterial{Ref: ref})
	}
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
