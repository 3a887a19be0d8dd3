package export

import (
	"slices"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/mesh"
)

// TestMaterialVisibilityNamesItsNodes: a BFRES material visibility track
// (a shape target named after a material: the Gerudo Queen's
// Common_Sleep hides Mt_Crown) lists in the extras the mesh nodes of the
// shapes drawing that material, as the viewer hides them; a J3D BVA
// track (unnamed, by shape index) its one shape's.
func TestMaterialVisibilityNamesItsNodes(t *testing.T) {
	skel := chainSkeleton(t)
	quads := texturedQuads(skel)
	// Shapes A and D draw material quadB; B draws quadA.
	quads.Shapes[0].Material, quads.Shapes[1].Material, quads.Shapes[3].Material = 1, 0, 1
	k := func(f, v float64) anim.HermiteKey { return anim.HermiteKey{Time: f, Value: v} }
	hide := func(name string, index int) anim.Target {
		return anim.Target{Name: name, Index: index, Kind: anim.ShapeTarget, TexGen: -1, Base: anim.DefaultBase(),
			Channels: []anim.Channel{{Slot: anim.Visible, Curve: colourCurve(k(0, 1), k(10, 1), k(10.5, 0))}}}
	}
	clip := &anim.Clip{Name: "Common_Sleep", Format: "bfres-matvis", Duration: 20, FPS: 30,
		Targets: []anim.Target{hide("quadB", 0), hide("", 2)}}
	d, _ := exportFile(t, "matvis.glb", Scene{Skeleton: skel, Models: []*mesh.Model{quads}, Clips: []Clip{{Clip: clip, Source: "Queen_Animation.bfres"}}})
	tracks, _ := d.Animations[0].Extras["materialTracks"].([]any)
	if len(tracks) != 2 {
		t.Fatalf("materialTracks %v, want the two visibility tracks", tracks)
	}
	want := [][]string{{"A", "D"}, {"C"}}
	for i, tr := range tracks {
		var got []string
		nodes, _ := tr.(map[string]any)["nodes"].([]any)
		for _, n := range nodes {
			got = append(got, d.Nodes[int(n.(float64))].Name)
		}
		slices.Sort(got)
		if !slices.Equal(got, want[i]) {
			t.Errorf("track %d (%v): nodes %q, want %q", i, tr.(map[string]any)["name"], got, want[i])
		}
	}
}
