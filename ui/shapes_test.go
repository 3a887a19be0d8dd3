package ui

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// TestShapesList: the Shapes list shows each shape of the model in use;
// its checkbox hides and shows it, the mouse over a row highlights it,
// a click on the row selects its joint.
func TestShapesList(t *testing.T) {
	tri := mesh.Shape{Positions: make([]mgl32.Vec3, 3), Triangles: []uint32{0, 1, 2}, Material: 0}
	m := &mesh.Model{Name: "Body", Shapes: []mesh.Shape{tri, tri}, Materials: []mesh.Material{{Name: "skin"}}}
	m.Shapes[0].Name = "face"
	v := testView(testClip(anim.Loop), 0, false)
	v.Models = []viewmodel.ModelView{{Model: m, Hidden: []bool{false, true}}}
	v.Hover = viewmodel.ShapeRef{Model: -1, Shape: -1}
	h := newHarness(t, v)
	// Hovering the second row (shape1) asks for its highlight.
	x, y := center(h.rect("shape:0.1"))
	got, ok := find[viewmodel.HoverShape](h.mouse(x, y, false))
	if !ok || got.Ref != (viewmodel.ShapeRef{Model: 0, Shape: 1}) {
		t.Fatalf("hovering shape1 gave %+v (%v)", got, ok)
	}
	v.Hover = got.Ref
	// Clicking it selects its joint.
	if s, ok := find[viewmodel.SelectShape](h.click(x, y)); !ok || s.Ref != got.Ref {
		t.Fatalf("clicking shape1 gave %+v (%v)", s, ok)
	}
	// shape1 is hidden: its checkbox shows it again; face's hides it.
	if s, ok := find[viewmodel.SetShapeHidden](h.click(center(h.rect("shape:0.1:visible")))); !ok || s.Ref.Shape != 1 || s.Hidden {
		t.Fatalf("shape1's checkbox gave %+v (%v), want it shown", s, ok)
	}
	if s, ok := find[viewmodel.SetShapeHidden](h.click(center(h.rect("shape:0.0:visible")))); !ok || s.Ref.Shape != 0 || !s.Hidden {
		t.Fatalf("face's checkbox gave %+v (%v), want it hidden", s, ok)
	}
	// Away from the list the highlight goes.
	if got, ok := find[viewmodel.HoverShape](h.mouse(700, 400, false)); !ok || got.Ref.Model != -1 {
		t.Fatalf("leaving the list gave %+v (%v)", got, ok)
	}
}

// TestMaterialSummary lists every sampler of a material with the texture
// it holds, marking the albedo the viewer draws and a texture not open.
func TestMaterialSummary(t *testing.T) {
	tex := &mesh.Texture{Name: "Face_Alb", Format: "BC1_SRGB", Width: 256, Height: 256}
	m := &mesh.Model{Textures: []*mesh.Texture{tex}}
	mat := &mesh.Material{Name: "Mt_Face", Textures: []mesh.TextureSlot{
		{Texture: 0, Name: "Face_Alb", MapName: "_a0", Role: mesh.RoleAlbedo},
		{Texture: -1, Name: "Face_Nrm", MapName: "_n0"},
		{Texture: -1, Name: "ramp", Map: 3},
	}}
	want := "material Mt_Face\n_a0 → Face_Alb: BC1_SRGB 256x256 (albedo, drawn)\n_n0 → Face_Nrm: not in the open files\nmap 3 → ramp: not in the open files"
	if got := materialSummary(m, mat); got != want {
		t.Errorf("summary:\n%s\nwant:\n%s", got, want)
	}
}
