package app

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/formats/byml/bymltest"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestPartsDrawnOnTheirJoint: opening an SMO body whose archive attaches
// a part (a face model from the archive beside it, on the joint "Arm")
// draws the part after the body, skinned by its own skeleton placed on
// that joint; the Shapes list lists it; clicking one of its shapes
// selects the body joint it follows.
func TestPartsDrawnOnTheirJoint(t *testing.T) {
	model, err := os.ReadFile("../../formats/bfres/testdata/mesh_wiiu.bfres")
	apptest.Must(t, err)
	le := binary.LittleEndian
	fix := bymltest.Encode(le, map[string]any{"JointName": "Arm",
		"LocalTrans": map[string]any{"X": float32(0), "Y": float32(5), "Z": float32(0)}})
	dir := t.TempDir()
	apptest.Must(t, os.WriteFile(filepath.Join(dir, "Kid.szs"), archivetest.WriteSARC([]archivetest.SARCFile{
		{Path: "Kid.bfres", Data: model}, {Path: "InitPartsFixInfoFace.byml", Data: fix}}, false, 8), 0o644))
	apptest.Must(t, os.WriteFile(filepath.Join(dir, "KidFace.szs"), archivetest.WriteSARC([]archivetest.SARCFile{
		{Path: "KidFace.bfres", Data: model}}, false, 8), 0o644))

	a := New(nil)
	a.Open([]string{filepath.Join(dir, "Kid.szs")})
	var s viewmodel.Scene
	a.Evaluate()
	a.BuildScene(&s, viewmodel.Viewport{W: 64, H: 64}, 1, viewmodel.DefaultOptions(), viewmodel.TextureRef{})
	if len(s.Meshes) != 2 {
		t.Fatalf("%d draws, want the body and its face", len(s.Meshes))
	}
	body, face := s.Meshes[0], s.Meshes[1]
	host := body.Model
	if len(host.Parts) != 1 || face.Model != host.Parts[0].Model {
		t.Fatalf("second draw is not the body's part")
	}
	// The part's palette entry 0 (its joint Root, smooth: world ·
	// inverse model matrix) is the body's Arm world moved 5 up in Arm's
	// frame, times the part's rest Root and its inverse bind.
	sk := a.rig.skel
	arm := -1
	for j, jt := range sk.Joints {
		if jt.Name == "Arm" {
			arm = j
		}
	}
	world := make([]mgl64.Mat4, len(sk.Joints))
	sk.World(nil, nil, world)
	place := world[arm]
	for c := 0; c < 3; c++ {
		col := place.Col(c).Vec3()
		l := col.Len()
		place.SetCol(c, col.Mul(1/l).Vec4(0))
	}
	place.SetCol(3, place.Col(3).Add(place.Col(1).Mul(5)))
	part := host.Parts[0]
	e := part.Model.Palette[0]
	want := place.Mul4(part.Rest[e.Joint]).Mul4(e.InvBind)
	for k := range want {
		if d := float64(face.Skin[0][k]) - want[k]; d*d > 1e-8 {
			t.Fatalf("part skin matrix 0 = %v, want %v", face.Skin[0], want)
		}
	}

	views := a.meshes.views(nil)
	if len(views) != 2 || views[1].Model != part.Model {
		t.Fatalf("Shapes list lists %d models, want the body and the part", len(views))
	}
	a.Apply(viewmodel.SelectShape{Ref: viewmodel.ShapeRef{Model: 1, Shape: 0}})
	if a.sel.Joint != arm {
		t.Errorf("clicking the part's shape selects joint %d, want the body's Arm (%d)", a.sel.Joint, arm)
	}
}
