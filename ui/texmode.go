package ui

import (
	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

var texModeChoices = []anim.TexMatrixMode{anim.TexJ3DBasic, anim.TexJ3DMaya}
var nwModeChoices = []anim.TexMatrixMode{anim.TexNWMaya, anim.TexNW3dsMax, anim.TexNWSoftimage}

// texModeCombo picks the texture-matrix formula. A J3D file names one
// formula for the whole clip; an NW4F (BFRES) animation may switch formula
// per frame through its mode curve, so for it "the file's mode" is a
// choice of its own, next to forcing one of the three formulas.
func (u *UI) texModeCombo(v *viewmodel.View) {
	if v.FileTexMode < anim.TexNWMaya {
		open := imgui.BeginCombo("##texmode", texModeLabel(v.TexMode, v.FileTexMode))
		u.record("texmode")
		if open {
			u.dismissIfAsked()
			for _, m := range texModeChoices {
				if imgui.SelectableV(texModeLabel(m, v.FileTexMode), m == v.TexMode, 0, imgui.Vec2{}) {
					u.emit(viewmodel.SetTexMode{Mode: m, Override: m != v.FileTexMode})
				}
				u.record("texmode:" + m.String())
			}
			imgui.EndCombo()
		}
		return
	}
	const none = anim.TexMatrixMode(255) // no "(file)" suffix
	preview := "file's mode: " + texModeLabel(v.FileTexMode, none) + " at this frame"
	if v.TexModeOverride {
		preview = texModeLabel(v.TexMode, none) + "  (forced)"
	}
	open := imgui.BeginCombo("##texmode", preview)
	u.record("texmode")
	if open {
		u.dismissIfAsked()
		if imgui.SelectableV("the file's mode curve (per frame)", !v.TexModeOverride, 0, imgui.Vec2{}) {
			u.emit(viewmodel.SetTexMode{Mode: v.FileTexMode, Override: false})
		}
		u.record("texmode:file")
		for _, m := range nwModeChoices {
			if imgui.SelectableV(texModeLabel(m, none)+", every frame", v.TexModeOverride && m == v.TexMode, 0, imgui.Vec2{}) {
				u.emit(viewmodel.SetTexMode{Mode: m, Override: true})
			}
			u.record("texmode:" + m.String())
		}
		imgui.EndCombo()
	}
}
