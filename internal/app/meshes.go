package app

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// models are the meshes the model in use poses: the models of its file
// that its skeleton drives (in a slice reused by the next call).
func (r *rig) models() []*mesh.Model {
	if r.skel == nil || r.skelFile < 0 || r.skelFile >= len(r.ses.files) {
		return nil
	}
	a := r.ses.files[r.skelFile].asset
	si := -1
	for i, sk := range a.Skeletons {
		if sk == r.skel {
			si = i
		}
	}
	r.modelBuf = r.modelBuf[:0]
	for _, m := range a.Models {
		if m.Skeleton == si && si >= 0 {
			r.modelBuf = append(r.modelBuf, m)
		}
	}
	return r.modelBuf
}

// zUpToYUp turns Z-up data (SWTOR's 3ds Max rigs) so Y points up on
// screen, as display does for the joints: (x, y, z) -> (x, z, -y).
var zUpToYUp = mgl32.Mat4{1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1}

// sceneMeshes adds the models of the model in use to s, skinned by the
// last pose: each palette entry's matrix (joint world · inverse bind)
// for the vertex shader to blend. It reuses the draws s held last time
// (old), so a scene rebuilt every frame allocates nothing once grown.
func (r *rig) sceneMeshes(s *viewmodel.Scene, old []viewmodel.MeshDraw, mode viewmodel.MeshMode) {
	s.MeshMode = mode
	s.Meshes = old[:0]
	models := r.models()
	if mode == viewmodel.BonesOnly || len(models) == 0 || len(r.world) != len(r.skel.Joints) {
		return
	}
	transform := mgl32.Ident4()
	if r.zUp() {
		transform = zUpToYUp
	}
	for _, m := range models {
		if len(s.Meshes) < cap(s.Meshes) {
			s.Meshes = s.Meshes[:len(s.Meshes)+1]
		} else {
			s.Meshes = append(s.Meshes, viewmodel.MeshDraw{})
		}
		d := &s.Meshes[len(s.Meshes)-1]
		r.skin64 = m.SkinMatrices(r.skin64, r.world)
		d.Skin = to32(d.Skin, r.skin64)
		d.Model, d.Transform, d.Highlight = m, transform, -1
		d.Hidden = append(d.Hidden[:0], r.shapesHidden(m)...)
		r.animateMaterials(d, m, len(s.Meshes)-1)
		if r.hover.Model == len(s.Meshes)-1 {
			d.Highlight = r.hover.Shape
		}
	}
	r.dropUnusedBinds()
}

// shapesHidden is the user's hidden shapes of m (nil: none hidden).
func (r *rig) shapesHidden(m *mesh.Model) []bool {
	return r.hidden[m]
}

// applyShapes handles the Shapes list: hiding shapes, the highlighted
// one, and selecting the joint that drives a shape most.
func (r *rig) applyShapes(in viewmodel.Intent) bool {
	models := r.models()
	valid := func(ref viewmodel.ShapeRef) bool {
		return ref.Model >= 0 && ref.Model < len(models) && ref.Shape >= 0 && ref.Shape < len(models[ref.Model].Shapes)
	}
	switch in := in.(type) {
	case viewmodel.SetShapeHidden:
		if !valid(in.Ref) {
			return true
		}
		m := models[in.Ref.Model]
		if r.hidden == nil {
			r.hidden = map[*mesh.Model][]bool{}
		}
		h := r.hidden[m]
		if len(h) != len(m.Shapes) {
			h = make([]bool, len(m.Shapes))
			r.hidden[m] = h
		}
		h[in.Ref.Shape] = in.Hidden
	case viewmodel.HoverShape:
		r.hover = viewmodel.ShapeRef{Model: -1, Shape: -1}
		if valid(in.Ref) {
			r.hover = in.Ref
		}
	case viewmodel.SelectShape:
		if !valid(in.Ref) {
			return true
		}
		if j := mainJoint(models[in.Ref.Model], in.Ref.Shape); j >= 0 {
			r.applySelection(viewmodel.SelectJoint{Joint: j})
		}
		// The Materials panel shows the shape's GX material.
		if mi := models[in.Ref.Model].Shapes[in.Ref.Shape].Material; in.Ref.Model == 0 && mi >= 0 {
			r.gx.model, r.gx.material = models[0], mi
		}
	default:
		return false
	}
	return true
}

// mainJoint is the joint with the most weight over a shape's vertices
// (-1 for a shape no joint drives).
func mainJoint(m *mesh.Model, shape int) int {
	weight := map[int]float64{}
	for _, in := range m.Shapes[shape].Skin {
		for k := 0; k < int(in.N); k++ {
			if e := int(in.Entry[k]); e < len(m.Palette) && m.Palette[e].Joint >= 0 {
				weight[m.Palette[e].Joint] += float64(in.Weight[k])
			}
		}
	}
	best, bestW := -1, 0.0
	for j, w := range weight {
		if w > bestW || w == bestW && j < best {
			best, bestW = j, w
		}
	}
	return best
}

// modelViews lists the model in use's meshes for the Shapes list.
func (r *rig) modelViews(dst []viewmodel.ModelView) []viewmodel.ModelView {
	dst = dst[:0]
	for _, m := range r.models() {
		dst = append(dst, viewmodel.ModelView{Model: m, Hidden: r.shapesHidden(m)})
	}
	return dst
}

// to32 converts matrices into dst (grown as needed).
func to32(dst []mgl32.Mat4, src []mgl64.Mat4) []mgl32.Mat4 {
	if cap(dst) < len(src) {
		dst = make([]mgl32.Mat4, len(src))
	}
	dst = dst[:len(src)]
	for i := range src {
		for k := range src[i] {
			dst[i][k] = float32(src[i][k])
		}
	}
	return dst
}
