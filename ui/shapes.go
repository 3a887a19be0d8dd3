package ui

import (
	"fmt"
	"strings"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// shapesSection is the Shapes list: per model of the model in use, its
// shapes with their material and triangle count and a checkbox that hides
// them. The row under the mouse is highlighted in the 3D view; a click
// selects the joint that drives the shape most.
func (u *UI) shapesSection(v *viewmodel.View) {
	hover := viewmodel.ShapeRef{Model: -1, Shape: -1}
	for mi, mv := range v.Models {
		m := mv.Model
		tris := 0
		for si := range m.Shapes {
			tris += len(m.Shapes[si].Triangles) / 3
		}
		label := fmt.Sprintf("%s · %d shapes, %d triangles###model%d", m.Name, len(m.Shapes), tris, mi)
		if !imgui.TreeNodeV(label, imgui.TreeNodeFlagsDefaultOpen) {
			continue
		}
		for si := range m.Shapes {
			s := &m.Shapes[si]
			ref := viewmodel.ShapeRef{Model: mi, Shape: si}
			visible := si >= len(mv.Hidden) || !mv.Hidden[si]
			if imgui.Checkbox(fmt.Sprintf("##vis%d.%d", mi, si), &visible) {
				u.emit(viewmodel.SetShapeHidden{Ref: ref, Hidden: !visible})
			}
			u.record(fmt.Sprintf("shape:%d.%d:visible", mi, si))
			imgui.SameLine()
			name := s.Name
			if name == "" {
				name = fmt.Sprintf("shape%d", si)
			}
			mat := "-"
			if s.Material >= 0 && s.Material < len(m.Materials) {
				mat = m.Materials[s.Material].Name
			}
			if imgui.SelectableV(fmt.Sprintf("%s · %s · %d tris##shape%d.%d", name, mat, len(s.Triangles)/3, mi, si), v.Hover == ref, 0, imgui.Vec2{}) {
				u.emit(viewmodel.SelectShape{Ref: ref})
			}
			u.record(fmt.Sprintf("shape:%d.%d", mi, si))
			if imgui.IsItemHovered() {
				hover = ref
				if s.Material >= 0 && s.Material < len(m.Materials) {
					tooltip(materialSummary(m, &m.Materials[s.Material]))
				}
			}
		}
		imgui.TreePop()
	}
	if hover != v.Hover {
		u.emit(viewmodel.HoverShape{Ref: hover})
	}
}

// materialSummary lists a material's samplers and the textures they
// hold, for the Shapes list's tooltip: what the file binds, whether or
// not the viewer draws it (only the albedo is drawn).
func materialSummary(m *mesh.Model, mat *mesh.Material) string {
	var b strings.Builder
	fmt.Fprintf(&b, "material %s", mat.Name)
	if len(mat.Textures) == 0 {
		b.WriteString("\nno textures")
	}
	for _, t := range mat.Textures {
		sampler := t.MapName
		if sampler == "" {
			sampler = fmt.Sprintf("map %d", t.Map)
		}
		state := "not in the open files"
		if t.Texture >= 0 && t.Texture < len(m.Textures) {
			tex := m.Textures[t.Texture]
			state = fmt.Sprintf("%s %dx%d", tex.Format, tex.Width, tex.Height)
		}
		role := ""
		if t.Role == mesh.RoleAlbedo {
			role = " (albedo, drawn)"
		}
		fmt.Fprintf(&b, "\n%s → %s: %s%s", sampler, t.Name, state, role)
	}
	return b.String()
}
