package export

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestZZRealPlayer(t *testing.T) {
	glb, ref := os.Getenv("ZZ_GLB"), os.Getenv("ZZ_REF")
	if glb == "" {
		t.Skip()
	}
	d := readGLTF(t, glb)
	var r struct {
		FPS    float64
		Frames []float64
		Diag   float64
		Shapes map[string][][][3]float64
	}
	b, _ := os.ReadFile(ref)
	json.Unmarshal(b, &r)
	helpers := 0
	for _, n := range d.Nodes {
		var e map[string]any
		json.Unmarshal(n.Extras, &e)
		if _, ok := e["bindHelper"]; ok {
			helpers++
		}
	}
	t.Logf("%d nodes, %d helpers, %d meshes, %d skins", len(d.Nodes), helpers, len(d.Meshes), len(d.Skins))
	for fi, f := range r.Frames {
		ai := 0
		if len(d.Animations) == 0 {
			ai = -1
		}
		got := d.skinned(t, d.world(d.pose(t, ai, f/r.FPS)))
		worst := 0.0
		for _, g := range got {
			m := d.Meshes[g.mesh]
			want := r.Shapes[m.Extras["model"].(string)+"/"+m.Extras["name"].(string)][fi]
			if len(want) != len(g.positions) {
				t.Fatalf("%s: %d vertices, sample %d", m.Name, len(g.positions), len(want))
			}
			for v, p := range g.positions {
				worst = math.Max(worst, p.Sub(mgl64.Vec3(want[v])).Len())
			}
		}
		t.Logf("frame %g: largest vertex distance %.3g (%.2g of the diagonal %.3g)", f, worst, worst/r.Diag, r.Diag)
	}
}
