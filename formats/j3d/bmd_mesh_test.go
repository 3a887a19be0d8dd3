package j3d_test

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/mesh"
	"github.com/go-gl/mathgl/mgl64"
)

const meshFixtures = "testdata/j3dmesh"

// meshDoc is the "meshes" part of a `sample --mesh` document
// (shared/MESH-CONTRACT.md).
type meshDoc struct {
	Frames []float64 `json:"frames"`
	Meshes []struct {
		Model     string         `json:"model"`
		Name      string         `json:"name"`
		Index     int            `json:"index"`
		Material  string         `json:"material"`
		Triangles int            `json:"triangles"`
		Positions [][][3]float64 `json:"positions"`
	} `json:"meshes"`
}

func openFixture(t *testing.T, name string) *formats.Asset {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(meshFixtures, name))
	if err != nil {
		t.Fatal(err)
	}
	a, err := formats.Open(name, data)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// hausdorff is the symmetric Hausdorff distance of two point sets.
func hausdorff(a []mgl64.Vec3, b [][3]float64) float64 {
	d := 0.0
	for _, p := range a {
		best := math.Inf(1)
		for _, q := range b {
			best = math.Min(best, p.Sub(mgl64.Vec3(q)).Len())
		}
		d = math.Max(d, best)
	}
	for _, q := range b {
		best := math.Inf(1)
		for _, p := range a {
			best = math.Min(best, p.Sub(mgl64.Vec3(q)).Len())
		}
		d = math.Max(d, best)
	}
	return d
}

// The posed shapes of the synthetic model (0xFFFF slot inheritance, the
// MAT3 remap, the DRW1 tail, envelopes with stored bind matrices, lines
// and points) must match the independent reference at rest and under
// its BCK, as the contract compares them.
func TestMeshFixtures(t *testing.T) {
	for _, c := range []struct{ anim, expected string }{
		{"", "synth.bmd.rest.json"},
		{"synth_anim.bck", "synth_anim.bck.mesh.json"},
	} {
		t.Run(c.expected, func(t *testing.T) {
			model := openFixture(t, "synth.bmd")
			if len(model.Models) != 1 {
				t.Fatalf("%d models", len(model.Models))
			}
			m, sk := model.Models[0], model.Skeletons[0]
			if len(m.Problems) > 0 {
				t.Errorf("problems: %q", m.Problems)
			}
			raw, err := os.ReadFile(filepath.Join(meshFixtures, c.expected))
			if err != nil {
				t.Fatal(err)
			}
			var want meshDoc
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			if len(want.Meshes) != len(m.Shapes) {
				t.Fatalf("%d shapes, want %d", len(m.Shapes), len(want.Meshes))
			}
			var clip *anim.Clip
			var binding anim.Binding
			if c.anim != "" {
				clip = openFixture(t, c.anim).Clips[0]
				binding = formats.Bind(clip, sk)
			}
			world := make([]mgl64.Mat4, len(sk.Joints))
			var pose mesh.Pose
			for fi, frame := range want.Frames {
				if clip != nil {
					p := anim.NewPose(clip)
					anim.Evaluate(clip, frame, p)
					sk.World(p, &binding, world)
				} else {
					sk.World(nil, nil, world)
				}
				m.PoseInto(&pose, world)
				// The model's bounding box at this frame, from the reference.
				lo, hi := mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, mgl64.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
				for _, w := range want.Meshes {
					for _, p := range w.Positions[fi] {
						for k := 0; k < 3; k++ {
							lo[k], hi[k] = math.Min(lo[k], p[k]), math.Max(hi[k], p[k])
						}
					}
				}
				tol := 1e-4 * hi.Sub(lo).Len()
				for _, w := range want.Meshes {
					s := &m.Shapes[w.Index]
					if s.Name != w.Name || m.Materials[s.Material].Name != w.Material || len(s.Triangles)/3 != w.Triangles || w.Model != m.Name {
						t.Errorf("shape %d: %s %q material %q, %d triangles; want %s %q %q %d", w.Index, m.Name, s.Name,
							m.Materials[s.Material].Name, len(s.Triangles)/3, w.Model, w.Name, w.Material, w.Triangles)
					}
					got := pose.Shapes[w.Index].Positions
					ref := w.Positions[fi]
					if d := hausdorff(got, ref); d > tol {
						t.Errorf("frame %v shape %s: Hausdorff distance %g > %g", frame, w.Name, d, tol)
					}
				}
			}
		})
	}
}
