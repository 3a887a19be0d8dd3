package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/mesh"
)

// TestInfoListsModels: info names every model with its shapes (vertex
// and triangle counts, skin kind), materials and textures, in text and
// JSON, and a file's loose textures.
func TestInfoListsModels(t *testing.T) {
	tex := &mesh.Texture{Name: "body_alb", Format: "BC1_UNORM_SRGB", Width: 256, Height: 128, Mips: 9, Details: "tile mode 4 (2D thin1), swizzle 0x0"}
	quad := mesh.Shape{Name: "face", Material: 0, Positions: make([]mgl32.Vec3, 4), Triangles: []uint32{0, 1, 2, 0, 2, 3},
		Skin: []mesh.Influences{{N: 1}, {N: 1}, {N: 3, Weight: [8]float32{0.5, 0.25, 0.25}}, {N: 1}}}
	plain := mesh.Shape{Material: 0, Positions: make([]mgl32.Vec3, 3), Triangles: []uint32{0, 1, 2}, Skin: []mesh.Influences{{N: 1}, {N: 1}, {N: 1}}}
	a := &formats.Asset{Format: "bfres",
		Skeletons: []*anim.Skeleton{{Name: "Body", Joints: []anim.Joint{{Name: "root", Parent: -1}}}},
		Models: []*mesh.Model{{Name: "Npc", Shapes: []mesh.Shape{quad, plain}, Palette: []mesh.PaletteEntry{{}},
			Materials: []mesh.Material{{Name: "skin", Textures: []mesh.TextureSlot{{Name: "body_alb", MapName: "_a0", Role: mesh.RoleAlbedo}, {Name: "body_nrm", MapName: "_n0", Role: mesh.RoleNormal}},
				Blend: mesh.Blend{Mode: mesh.Mask}, Cull: mesh.CullNone}},
			Textures: []*mesh.Texture{tex}}},
		Textures: []*mesh.Texture{{Name: "loose", Format: "I8", Width: 13, Height: 9, Mips: 1}},
	}
	doc := makeInfo("npc.bfres", a)
	var text bytes.Buffer
	writeInfoText(&text, doc)
	for _, want := range []string{
		"model Npc: 2 shapes, 3 triangles, 1 material, 1 texture (skeleton Body)",
		"face    skin      4         2          smooth 3",
		"shape1  skin      3         1          rigid",
		"skin      body_alb  mask   none  _a0 → body_alb, _n0 → body_nrm",
		"body_alb  BC1_UNORM_SRGB  256x128  9     tile mode 4 (2D thin1), swizzle 0x0",
		"textures: 1",
		"loose    I8      13x9  1     -",
	} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("info text lacks %q:\n%s", want, text.String())
		}
	}
	js, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Models []struct {
			Shapes []struct {
				Name      string
				Triangles int
				Skin      string
			}
			Materials []struct {
				Albedo   string
				Samplers []struct{ Sampler, Texture, Role string }
			}
			Textures []struct{ Name, Stored string }
		}
		Textures []struct{ Name string }
	}
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Models) != 1 || len(back.Models[0].Shapes) != 2 || back.Models[0].Shapes[0].Triangles != 2 || back.Models[0].Shapes[0].Skin != "smooth 3" ||
		back.Models[0].Textures[0].Name != "body_alb" || len(back.Textures) != 1 || back.Textures[0].Name != "loose" ||
		back.Models[0].Textures[0].Stored != "tile mode 4 (2D thin1), swizzle 0x0" || back.Models[0].Materials[0].Albedo != "body_alb" ||
		len(back.Models[0].Materials[0].Samplers) != 2 || back.Models[0].Materials[0].Samplers[1] != struct{ Sampler, Texture, Role string }{"_n0", "body_nrm", "normal"} {
		t.Errorf("info JSON: %s", js)
	}
}
