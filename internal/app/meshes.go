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

// drawn is one model the viewer draws: a model of the model in use, or
// a part the game places on one of its joints (part non-nil).
type drawn struct {
	model *mesh.Model
	part  *mesh.Part
}

// drawnModels lists what the viewer draws for the model in use: its
// models, then their parts (in a slice reused by the next call). The
// Shapes list and the scene's draws are in this order.
func (r *rig) drawnModels() []drawn {
	r.drawBuf = r.drawBuf[:0]
	models := r.models()
	for _, m := range models {
		r.drawBuf = append(r.drawBuf, drawn{model: m})
	}
	for _, m := range models {
		for i := range m.Parts {
			r.drawBuf = append(r.drawBuf, drawn{model: m.Parts[i].Model, part: &m.Parts[i]})
		}
	}
	return r.drawBuf
}

// drawnWorld is the joints' world matrices d is skinned with in the last
// pose: the model in use's, or a part's own placed on its host joint.
func (r *rig) drawnWorld(d drawn) []mgl64.Mat4 {
	if d.part == nil {
		return r.world
	}
	r.partWorld = d.part.JointWorld(r.partWorld, r.world, nil)
	return r.partWorld
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
	models := r.drawnModels()
	if mode == viewmodel.BonesOnly || len(models) == 0 || len(r.world) != len(r.skel.Joints) {
		return
	}
	transform := mgl32.Ident4()
	if r.zUp() {
		transform = zUpToYUp
	}
	for _, dm := range models {
		m := dm.model
		if len(s.Meshes) < cap(s.Meshes) {
			s.Meshes = s.Meshes[:len(s.Meshes)+1]
		} else {
			s.Meshes = append(s.Meshes, viewmodel.MeshDraw{})
		}
		d := &s.Meshes[len(s.Meshes)-1]
		r.skin64 = m.SkinMatrices(r.skin64, r.drawnWorld(dm))
		d.Skin = to32(d.Skin, r.skin64)
		d.Model, d.Transform, d.Highlight = m, transform, -1
		d.Hidden = append(d.Hidden[:0], r.shapesHidden(m)...)
		r.animateMaterials(d, m, len(s.Meshes)-1, dm.part == nil)
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
	models := r.drawnModels()
	valid := func(ref viewmodel.ShapeRef) bool {
		return ref.Model >= 0 && ref.Model < len(models) && ref.Shape >= 0 && ref.Shape < len(models[ref.Model].model.Shapes)
	}
	switch in := in.(type) {
	case viewmodel.SetShapeHidden:
		if !valid(in.Ref) {
			return true
		}
		m := models[in.Ref.Model].model
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
		j := -1
		if d := models[in.Ref.Model]; d.part != nil {
			j = d.part.Joint // a part's own joints are not the model in use's
		} else {
			j = mainJoint(d.model, in.Ref.Shape)
		}
		if j >= 0 {
			r.applySelection(viewmodel.SelectJoint{Joint: j})
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
	for _, d := range r.drawnModels() {
		dst = append(dst, viewmodel.ModelView{Model: d.model, Hidden: r.shapesHidden(d.model)})
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
