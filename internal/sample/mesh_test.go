package sample_test

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/sample"
	"github.com/animscope/animscope/mesh"
)

const j3dModels = "../../formats/j3d/testdata/j3dmodel/"

func open(t *testing.T, name string) *formats.Asset {
	t.Helper()
	data, err := os.ReadFile(j3dModels + name)
	if err != nil {
		t.Fatal(err)
	}
	a, err := formats.Open(name, data)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// jointDots is a model over a skeleton of n joints with one rigid vertex
// at each joint's origin (vertex j on joint j) and a smooth vertex stored
// in bind space halfway along the bone to the parent, split 0.5/0.5
// between the joint and its parent through their inverse rest matrices.
func jointDots(rest []mgl64.Mat4, parent func(int) int) *mesh.Model {
	n := len(rest)
	m := &mesh.Model{Name: "dots", Materials: []mesh.Material{{Name: "dot"}}}
	for j := 0; j < n; j++ {
		m.Palette = append(m.Palette, mesh.PaletteEntry{Joint: j, InvBind: mgl64.Ident4()})
	}
	for j := 0; j < n; j++ {
		m.Palette = append(m.Palette, mesh.PaletteEntry{Joint: j, InvBind: rest[j].Inv()})
	}
	s := mesh.Shape{Name: "dots"}
	for j := 0; j < n; j++ {
		s.Positions = append(s.Positions, mgl32.Vec3{})
		s.Skin = append(s.Skin, mesh.Influences{N: 1, Entry: [8]uint16{uint16(j)}, Weight: [8]float32{1}})
	}
	for j := 0; j < n; j++ {
		p := parent(j)
		if p < 0 {
			p = j
		}
		mid := rest[j].Col(3).Vec3().Add(rest[p].Col(3).Vec3()).Mul(0.5)
		s.Positions = append(s.Positions, mgl32.Vec3{float32(mid[0]), float32(mid[1]), float32(mid[2])})
		s.Skin = append(s.Skin, mesh.Influences{N: 2, Entry: [8]uint16{uint16(n + j), uint16(n + p)}, Weight: [8]float32{0.5, 0.5}})
	}
	m.Shapes = []mesh.Shape{s}
	m.Check(n)
	return m
}

// TestMeshesFollowTheGoldenJoints: posing a model on the biped with the
// walk, each rigid vertex at a joint's origin lands on that joint's world
// position as the independent reference computed it (walk.bck's golden
// document) at fractional frames; without a clip everything is at rest,
// smooth vertices where the file stores them.
func TestMeshesFollowTheGoldenJoints(t *testing.T) {
	model, walk := open(t, "biped.bmd"), open(t, "walk.bck")
	sk := model.Skeletons[0]
	n := len(sk.Joints)
	rest := make([]mgl64.Mat4, n)
	sk.World(nil, nil, rest)
	dots := jointDots(rest, func(j int) int { return sk.Joints[j].Parent })
	var golden sample.Doc
	data, err := os.ReadFile(j3dModels + "walk.bck.expected.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &golden); err != nil {
		t.Fatal(err)
	}
	clip := walk.Clips[0]
	b := formats.Bind(clip, sk)
	doc, err := sample.Build("walk.bck", clip, sample.Options{Frames: golden.Frames, Model: sk, ModelName: "biped.bmd", Binding: &b})
	if err != nil {
		t.Fatal(err)
	}
	if err := sample.AddMeshes(doc, clip, sample.Models{Models: []*mesh.Model{dots}, Skeletons: model.Skeletons}, formats.Bind); err != nil {
		t.Fatal(err)
	}
	if len(doc.Meshes) != 1 || doc.Meshes[0].Model != "dots" || doc.Meshes[0].Material != "dot" || doc.Meshes[0].Triangles != 0 {
		t.Fatalf("meshes %+v", doc.Meshes)
	}
	pos := doc.Meshes[0].Positions
	for fi := range golden.Frames {
		for ti, tg := range golden.Targets {
			w := tg.World[fi]
			got := pos[fi][ti]
			if d := math.Hypot(math.Hypot(got[0]-w[0], got[1]-w[1]), got[2]-w[2]); d > 1e-4*math.Max(1, math.Hypot(w[0], w[1])) {
				t.Fatalf("frame %v joint %d: vertex at %v, golden joint at %v", golden.Frames[fi], ti, got, w)
			}
		}
	}
	rdoc := sample.RestDoc("dots", "test", "dots", []float64{0, 7.5})
	if err := sample.AddMeshes(rdoc, nil, sample.Models{Models: []*mesh.Model{dots}, Skeletons: model.Skeletons}, formats.Bind); err != nil {
		t.Fatal(err)
	}
	for j := 0; j < n; j++ {
		w := rest[j].Col(3)
		if got := rdoc.Meshes[0].Positions[1][j]; math.Abs(got[0]-w[0])+math.Abs(got[1]-w[1])+math.Abs(got[2]-w[2]) > 1e-9 {
			t.Fatalf("rest joint %d: %v, want %v", j, got, w)
		}
		// At rest a joint's world matrix undoes its inverse bind: a smooth
		// vertex stays where the file stores it.
		stored := dots.Shapes[0].Positions[n+j]
		if got := rdoc.Meshes[0].Positions[1][n+j]; math.Abs(got[0]-float64(stored[0]))+math.Abs(got[1]-float64(stored[1]))+math.Abs(got[2]-float64(stored[2])) > 1e-4 {
			t.Fatalf("rest smooth vertex %d: %v, stored %v", j, got, stored)
		}
	}
}
