package app

import (
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
	"github.com/animscope/animscope/mesh/gx"
)

// The Materials panel's GX part: which material of the first model in
// use it shows, the TEV stages the user turned off (per model and
// material, kept while the model is open), and the problems the renderer
// reports.

type gxKey struct {
	model    *mesh.Model
	material int
}

// gxPanel is the Materials panel's GX state.
type gxPanel struct {
	model    *mesh.Model // whose material is shown
	material int
	off      map[gxKey]uint16
	scratch  viewmodel.MeshDraw
	view     viewmodel.GXView

	rig  *rig      // the models in use
	anim *meshAnim // the registers after this frame's animations
	msgs *messages // the renderer's reports
}

// gxMaterial is mat's GX state, nil for a material of another format.
func gxMaterial(mat *mesh.Material) *gx.Material {
	if g, ok := mat.Native.(interface{ GXMaterial() *gx.Material }); ok {
		return g.GXMaterial()
	}
	return nil
}

// apply handles the panel's intents and the renderer's reports.
func (g *gxPanel) apply(in viewmodel.Intent) bool {
	switch in := in.(type) {
	case viewmodel.SelectGXMaterial:
		if ms := g.rig.models(); len(ms) > 0 && in.Material >= 0 && in.Material < len(ms[0].Materials) {
			g.show(ms[0], in.Material)
		}
	case viewmodel.SetStageOff:
		ms := g.rig.models()
		if len(ms) == 0 || in.Material < 0 || in.Material >= len(ms[0].Materials) || in.Stage < 0 || in.Stage >= gx.MaxStages {
			return true
		}
		if g.off == nil {
			g.off = map[gxKey]uint16{}
		}
		k := gxKey{ms[0], in.Material}
		if in.Off {
			g.off[k] |= 1 << in.Stage
		} else if g.off[k] &^= 1 << in.Stage; g.off[k] == 0 {
			delete(g.off, k)
		}
	case viewmodel.ReportProblem:
		g.msgs.notify(viewmodel.Warning, "%s", in.Text)
	default:
		return false
	}
	return true
}

// show makes material mat of model m the one the panel shows.
func (g *gxPanel) show(m *mesh.Model, mat int) {
	g.model, g.material = m, mat
}

// hasStageOff reports whether the user turned a stage of m off.
func (g *gxPanel) hasStageOff(m *mesh.Model) bool {
	for k := range g.off {
		if k.model == m {
			return true
		}
	}
	return false
}

// applyStageOff copies the user's stage switches of m into d.
func (g *gxPanel) applyStageOff(d *viewmodel.MeshDraw, m *mesh.Model) {
	for k, off := range g.off {
		if k.model == m && k.material < len(d.Materials) {
			d.Materials[k.material].GX.StageOff = off
		}
	}
}

// fill fills v.GX for the first model in use with a GX material: the
// chosen material (the first GX one until one is chosen), its registers
// after this frame's animations.
func (g *gxPanel) fill(v *viewmodel.View) {
	ms := g.rig.models()
	if len(ms) == 0 {
		return
	}
	m := ms[0]
	gv := &g.view
	gv.Names = gv.Names[:0]
	first := -1
	for i := range m.Materials {
		name := ""
		if gxMaterial(&m.Materials[i]) != nil {
			name = m.Materials[i].Name
			if first < 0 {
				first = i
			}
		}
		gv.Names = append(gv.Names, name)
	}
	if first < 0 {
		return
	}
	if g.model != m || g.material >= len(m.Materials) || gxMaterial(&m.Materials[g.material]) == nil {
		g.show(m, first)
	}
	gv.Material = g.material
	gv.State = gxMaterial(&m.Materials[gv.Material])
	gv.Live = gv.State.Values
	gv.StageOff = g.off[gxKey{m, gv.Material}]
	d := &g.scratch
	g.anim.animate(d, m, 0, true)
	if gv.Material < len(d.Materials) {
		d.Materials[gv.Material].GX.Apply(&gv.Live)
	}
	v.GX = gv
}
