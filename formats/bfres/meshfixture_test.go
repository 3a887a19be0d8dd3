package bfres

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var updateMeshFixture = flag.Bool("update-mesh-fixture", false, "rewrite testdata/mesh_wiiu.bfres from meshFile")

// meshFixturePath is the skinned Wii U model of the mesh tests as a file,
// for tests outside this package (SMO parts linking in formats).
const meshFixturePath = "testdata/mesh_wiiu.bfres"

// TestMeshFixture: the committed file is exactly what meshFile writes
// (-update-mesh-fixture rewrites it) and reads back as its one model.
func TestMeshFixture(t *testing.T) {
	data := meshFile(meshShapes())
	if *updateMeshFixture {
		if err := os.WriteFile(meshFixturePath, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(meshFixturePath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, data) {
		t.Fatalf("%s differs from meshFile's encoding; run go test -run TestMeshFixture -update-mesh-fixture", meshFixturePath)
	}
	f, err := Parse(got)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Models) != 1 || f.Models[0].Name != "Body" || len(f.Models[0].Skeleton.Bones) != len(poseBones()) {
		t.Fatalf("models %+v", f.Models)
	}
}
