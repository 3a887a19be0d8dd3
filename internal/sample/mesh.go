package sample

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/mesh"
)

// Mesh is one shape of a model with its skinned vertex positions at every
// sampled frame, in model space (MESH-CONTRACT.md, "Posed meshes").
type Mesh struct {
	Model     string `json:"model"`
	Name      string `json:"name"`
	Index     int    `json:"index"`
	Material  string `json:"material"`
	Triangles int    `json:"triangles"`
	// Positions are per frame, one per vertex of the shape's buffer
	// (lines' and points' vertices included: the shape draws them).
	Positions [][][3]float64 `json:"positions"`
}

// Models are a file's models with the skeletons that pose them.
type Models struct {
	Models    []*mesh.Model
	Skeletons []*anim.Skeleton
}

// AddMeshes poses every shape of every model at the document's frames:
// with clip (nil: the rest pose), bound to each model's own skeleton by
// bind, the joints posed exactly as Build poses them for --model; a model
// the clip binds no joint of stays at rest.
func AddMeshes(doc *Doc, clip *anim.Clip, src Models, bind func(*anim.Clip, *anim.Skeleton) anim.Binding) error {
	var pose *anim.Pose
	if clip != nil {
		pose = anim.NewPose(clip)
	}
	doc.Meshes = []Mesh{}
	for _, m := range src.Models {
		if m.Skeleton < 0 || m.Skeleton >= len(src.Skeletons) {
			return fmt.Errorf("model %s: skeleton %d does not exist", m.Name, m.Skeleton)
		}
		sk := src.Skeletons[m.Skeleton]
		var b *anim.Binding
		if clip != nil {
			bd := bind(clip, sk)
			if bd.Bound() > 0 {
				b = &bd
			}
		}
		first := len(doc.Meshes)
		for si := range m.Shapes {
			s := &m.Shapes[si]
			mat := ""
			if s.Material >= 0 && s.Material < len(m.Materials) {
				mat = m.Materials[s.Material].Name
			}
			name := s.Name
			if name == "" {
				name = fmt.Sprintf("shape%d", si)
			}
			doc.Meshes = append(doc.Meshes, Mesh{Model: m.Name, Name: name, Index: si, Material: mat,
				Triangles: len(s.Triangles) / 3, Positions: make([][][3]float64, len(doc.Frames))})
		}
		world := make([]mgl64.Mat4, len(sk.Joints))
		var posed mesh.Pose
		for fi, f := range doc.Frames {
			if b != nil {
				anim.Evaluate(clip, f, pose)
				sk.World(pose, b, world)
			} else {
				sk.World(nil, nil, world)
			}
			m.PoseInto(&posed, world)
			for si := range m.Shapes {
				ps := posed.Shapes[si].Positions
				out := make([][3]float64, len(ps))
				for v, p := range ps {
					if math.IsNaN(p[0]) || math.IsNaN(p[1]) || math.IsNaN(p[2]) {
						return fmt.Errorf("model %s shape %d: vertex %d is not finite at frame %g", m.Name, si, v, f)
					}
					out[v] = [3]float64{p[0] + 0, p[1] + 0, p[2] + 0}
				}
				doc.Meshes[first+si].Positions[fi] = out
			}
		}
	}
	return nil
}

// RestDoc is the document of a model file sampled without an animation:
// no targets, every frame the rest pose (AddMeshes with no clip).
func RestDoc(file, format, model string, frames []float64) *Doc {
	if frames == nil {
		frames = []float64{}
	}
	return &Doc{File: file, Format: format, FPS: 30, LoopMode: anim.Once.String(), Frames: frames,
		Model: model, Targets: []Target{}}
}
