package viewmodel

import "testing"

// TestMeshModesListEachOnce: the menu and --mesh-mode offer every mode
// once, the default (the zero value) first, each with a name and label.
func TestMeshModesListEachOnce(t *testing.T) {
	seen := map[MeshMode]bool{}
	for i, m := range MeshModes {
		if seen[m.Mode] || m.Name == "" || m.Label == "" {
			t.Errorf("entry %d: %+v (seen before: %v)", i, m, seen[m.Mode])
		}
		seen[m.Mode] = true
	}
	if len(seen) != int(XRay)+1 || MeshModes[0].Mode != MeshAndBones || DefaultOptions().Mesh != MeshAndBones {
		t.Errorf("%d modes listed, first %v; want all %d, the default first", len(seen), MeshModes[0].Mode, XRay+1)
	}
}
