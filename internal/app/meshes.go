package app

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// meshes is the model in use's meshes as the 3D view draws them and the
// Shapes list shows them: its models and the parts placed on its joints,
// skinned by the rig's last pose, with the shapes the user hid and the one
// the list points at.
type meshes struct {
	// hidden are the shapes the user hid, per model; hover is the shape
	// the Shapes list points at (index into drawnModels()).
	hidden map[*mesh.Model][]bool
	hover  viewmodel.ShapeRef

	// skin64 is scene's scratch: a model's palette matrices. drawBuf and
	// partWorld are the drawn models and a part's posed joints
	// (drawnModels, drawnWorld); models are the rig's models drawBuf was
	// made from.
	skin64    []mgl64.Mat4
	drawBuf   []drawn
	partWorld []mgl64.Mat4
	models    []*mesh.Model

	rig  *rig       // the model in use and its pose
	sel  *selection // a shape picked in the list selects its joint
	anim *meshAnim  // the material clips acting on each draw
	gx   *gxPanel   // a shape picked shows its GX material
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
func (ms *meshes) drawnModels() []drawn {
	ms.drawBuf = ms.drawBuf[:0]
	models := ms.rig.models()
	ms.models = models
	for _, m := range models {
		ms.drawBuf = append(ms.drawBuf, drawn{model: m})
	}
	for _, m := range models {
		for i := range m.Parts {
			ms.drawBuf = append(ms.drawBuf, drawn{model: m.Parts[i].Model, part: &m.Parts[i]})
		}
	}
	return ms.drawBuf
}

// drawnWorld is the joints' world matrices d is skinned with in the last
// pose: the model in use's, or a part's own placed on its host joint.
func (ms *meshes) drawnWorld(d drawn) []mgl64.Mat4 { return ms.worldOf(d, ms.rig.world) }

// worldOf is drawnWorld for the model in use posed with world.
func (ms *meshes) worldOf(d drawn, world []mgl64.Mat4) []mgl64.Mat4 {
	if d.part == nil {
		return world
	}
	ms.partWorld = d.part.JointWorld(ms.partWorld, world, nil)
	return ms.partWorld
}

// zUpToYUp turns Z-up data (SWTOR's 3ds Max rigs) so Y points up on
// screen, as display does for the joints: (x, y, z) -> (x, z, -y).
var zUpToYUp = mgl32.Mat4{1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1}

// scene adds the models of the model in use to s, skinned by the
// last pose: each palette entry's matrix (joint world · inverse bind)
// for the vertex shader to blend. It reuses the draws s held last time
// (old), so a scene rebuilt every frame allocates nothing once grown.
func (ms *meshes) scene(s *viewmodel.Scene, old []viewmodel.MeshDraw, mode viewmodel.MeshMode) {
	s.MeshMode = mode
	s.Meshes = old[:0]
	models := ms.drawnModels()
	if mode == viewmodel.BonesOnly || len(models) == 0 || len(ms.rig.world) != len(ms.rig.skel.Joints) {
		return
	}
	transform := mgl32.Ident4()
	if ms.rig.zUp() {
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
		ms.skin64 = m.SkinMatrices(ms.skin64, ms.drawnWorld(dm))
		d.Skin = to32(d.Skin, ms.skin64)
		d.Model, d.Transform, d.Highlight = m, transform, -1
		d.Hidden = append(d.Hidden[:0], ms.shapesHidden(m)...)
		ms.anim.animate(d, m, len(s.Meshes)-1, dm.part == nil)
		if ms.hover.Model == len(s.Meshes)-1 {
			d.Highlight = ms.hover.Shape
		}
	}
	ms.anim.dropUnused(ms.models)
}

// shapesHidden is the user's hidden shapes of m (nil: none hidden).
func (ms *meshes) shapesHidden(m *mesh.Model) []bool {
	return ms.hidden[m]
}

// apply handles the Shapes list: hiding shapes, the highlighted
// one, and selecting the joint that drives a shape most.
func (ms *meshes) apply(in viewmodel.Intent) bool {
	models := ms.drawnModels()
	valid := func(ref viewmodel.ShapeRef) bool {
		return ref.Model >= 0 && ref.Model < len(models) && ref.Shape >= 0 && ref.Shape < len(models[ref.Model].model.Shapes)
	}
	switch in := in.(type) {
	case viewmodel.SetShapeHidden:
		if !valid(in.Ref) {
			return true
		}
		m := models[in.Ref.Model].model
		if ms.hidden == nil {
			ms.hidden = map[*mesh.Model][]bool{}
		}
		h := ms.hidden[m]
		if len(h) != len(m.Shapes) {
			h = make([]bool, len(m.Shapes))
			ms.hidden[m] = h
		}
		h[in.Ref.Shape] = in.Hidden
	case viewmodel.HoverShape:
		ms.hover = viewmodel.ShapeRef{Model: -1, Shape: -1}
		if valid(in.Ref) {
			ms.hover = in.Ref
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
			ms.sel.apply(viewmodel.SelectJoint{Joint: j})
		}
		// The Materials panel shows the shape's GX material (of the
		// first model, the one it lists).
		if m := models[in.Ref.Model].model; in.Ref.Model == 0 && m.Shapes[in.Ref.Shape].Material >= 0 {
			ms.gx.show(m, m.Shapes[in.Ref.Shape].Material)
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

// views lists the model in use's meshes for the Shapes list.
func (ms *meshes) views(dst []viewmodel.ModelView) []viewmodel.ModelView {
	dst = dst[:0]
	for _, d := range ms.drawnModels() {
		dst = append(dst, viewmodel.ModelView{Model: d.model, Hidden: ms.shapesHidden(d.model)})
	}
	return dst
}

// moveHidden carries the shapes hidden on the models of a file's old
// version over to the models of the same place in its new version
// (reload.go), where they have as many shapes.
func (ms *meshes) moveHidden(of, nf *File) {
	for mi, m := range of.asset.Models {
		if h, ok := ms.hidden[m]; ok {
			delete(ms.hidden, m)
			if mi < len(nf.asset.Models) && len(nf.asset.Models[mi].Shapes) == len(h) {
				ms.hidden[nf.asset.Models[mi]] = h
			}
		}
	}
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
