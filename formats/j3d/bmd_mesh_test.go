package j3d_test

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/sample"
	"github.com/animscope/animscope/internal/sample/sampletest"
	"github.com/go-gl/mathgl/mgl64"
)

const meshFixtures = "testdata/j3dmesh"

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
func hausdorff(a, b [][3]float64) float64 {
	return math.Max(directed(a, b), directed(b, a))
}

// directed is the largest distance from a point of a to the set b.
func directed(a, b [][3]float64) float64 {
	d := 0.0
	for _, p := range a {
		best := math.Inf(1)
		for _, q := range b {
			best = math.Min(best, mgl64.Vec3(p).Sub(mgl64.Vec3(q)).Len())
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
			if len(model.Models) != 1 || len(model.Models[0].Problems) > 0 {
				t.Fatalf("%d models, problems %q", len(model.Models), model.Models[0].Problems)
			}
			raw, err := os.ReadFile(filepath.Join(meshFixtures, c.expected))
			if err != nil {
				t.Fatal(err)
			}
			want, err := sampletest.Read(raw)
			if err != nil {
				t.Fatal(err)
			}
			var clip *anim.Clip
			if c.anim != "" {
				clip = openFixture(t, c.anim).Clips[0]
			}
			got := sample.RestDoc("synth.bmd", "bmd", "synth.bmd", want.Frames)
			if err := sample.AddMeshes(got, clip, sample.Models{Models: model.Models, Skeletons: model.Skeletons}, formats.Bind); err != nil {
				t.Fatal(err)
			}
			if len(got.Meshes) != len(want.Meshes) {
				t.Fatalf("%d shapes, want %d", len(got.Meshes), len(want.Meshes))
			}
			for fi, frame := range want.Frames {
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
				for i, w := range want.Meshes {
					g := got.Meshes[i]
					if g.Model != w.Model || g.Name != w.Name || g.Index != w.Index || g.Material != w.Material || g.Triangles != w.Triangles {
						t.Errorf("shape %d: %s %q material %q, %d triangles; want %s %q %q %d", i, g.Model, g.Name, g.Material, g.Triangles,
							w.Model, w.Name, w.Material, w.Triangles)
					}
					if d := hausdorff(g.Positions[fi], w.Positions[fi]); d > tol {
						t.Errorf("frame %v shape %s: Hausdorff distance %g > %g", frame, w.Name, d, tol)
					}
				}
			}
		})
	}
}
