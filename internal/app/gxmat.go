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

// gxPanel is the rig's GX state.
type gxPanel struct {
	model    *mesh.Model // whose material is shown
	material int
	off      map[gxKey]uint16
	scratch  viewmodel.MeshDraw
	view     viewmodel.GXView
}

// gxMaterial is mat's GX state, nil for a material of another format.
func gxMaterial(mat *mesh.Material) *gx.Material {
	if g, ok := mat.Native.(interface{ GXMaterial() *gx.Material }); ok {
		return g.GXMaterial()
	}
	return nil
}

// applyGX handles the panel's intents and the renderer's reports.
func (a *App) applyGX(in viewmodel.Intent) bool {
	r := &a.rig
	switch in := in.(type) {
	case viewmodel.SelectGXMaterial:
		if ms := r.models(); len(ms) > 0 && in.Material >= 0 && in.Material < len(ms[0].Materials) {
			r.gx.model, r.gx.material = ms[0], in.Material
		}
	case viewmodel.SetStageOff:
		ms := r.models()
		if len(ms) == 0 || in.Material < 0 || in.Material >= len(ms[0].Materials) || in.Stage < 0 || in.Stage >= gx.MaxStages {
			return true
		}
		if r.gx.off == nil {
			r.gx.off = map[gxKey]uint16{}
		}
		k := gxKey{ms[0], in.Material}
		if in.Off {
			r.gx.off[k] |= 1 << in.Stage
		} else if r.gx.off[k] &^= 1 << in.Stage; r.gx.off[k] == 0 {
			delete(r.gx.off, k)
		}
	case viewmodel.ReportProblem:
		a.msgs.notify(viewmodel.Warning, "%s", in.Text)
	default:
		return false
	}
	return true
}

// hasStageOff reports whether the user turned a stage of m off.
func (r *rig) hasStageOff(m *mesh.Model) bool {
	for k := range r.gx.off {
		if k.model == m {
			return true
		}
	}
	return false
}

// applyStageOff copies the user's stage switches of m into d.
func (r *rig) applyStageOff(d *viewmodel.MeshDraw, m *mesh.Model) {
	for k, off := range r.gx.off {
		if k.model == m && k.material < len(d.Materials) {
			d.Materials[k.material].GX.StageOff = off
		}
	}
}

// gxView fills v.GX for the first model in use with a GX material: the
// chosen material (the first GX one until one is chosen), its registers
// after this frame's animations.
func (r *rig) gxView(v *viewmodel.View) {
	ms := r.models()
	if len(ms) == 0 {
		return
	}
	m := ms[0]
	g := &r.gx.view
	g.Names = g.Names[:0]
	first := -1
	for i := range m.Materials {
		name := ""
		if gxMaterial(&m.Materials[i]) != nil {
			name = m.Materials[i].Name
			if first < 0 {
				first = i
			}
		}
		g.Names = append(g.Names, name)
	}
	if first < 0 {
		return
	}
	if r.gx.model != m || r.gx.material >= len(m.Materials) || gxMaterial(&m.Materials[r.gx.material]) == nil {
		r.gx.model, r.gx.material = m, first
	}
	g.Material = r.gx.material
	g.State = gxMaterial(&m.Materials[g.Material])
	g.Live = g.State.Values
	g.StageOff = r.gx.off[gxKey{m, g.Material}]
	d := &r.gx.scratch
	r.animateMaterials(d, m, 0, true)
	if g.Material < len(d.Materials) {
		d.Materials[g.Material].GX.Apply(&g.Live)
	}
	v.GX = g
}
