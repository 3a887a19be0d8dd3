package assemble_test

import (
	"os"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/assemble"
	"github.com/animscope/animscope/mesh"
)

// slotModel is a model whose one material names two textures.
func slotModel(names ...string) *mesh.Model {
	m := &mesh.Model{Name: "Npc"}
	mat := mesh.Material{Name: "body"}
	for _, n := range names {
		mat.Textures = append(mat.Textures, mesh.TextureSlot{Texture: -1, Name: n})
	}
	m.Materials = []mesh.Material{mat}
	return m
}

// TestLinkTexturesByName: a BFRES model's slots find the file's own
// textures by name (here a Switch file's embedded BNTX); a slot whose
// texture the file and its siblings lack stays untextured, and the model
// gets one warning naming it and the files the game keeps it in.
func TestLinkTexturesByName(t *testing.T) {
	const file = "../bfres/testdata/textures/switch/nx_v8.bfres"
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	a, err := formats.Open(file, data)
	if err != nil {
		t.Fatal(err)
	}
	m := slotModel("bc4_mask", "Npc_Body_Alb", "bc4_mask")
	a.Models = []*mesh.Model{m}
	before := len(a.Warnings)
	assemble.Textures(a, func(string) ([]byte, error) { return nil, os.ErrNotExist })
	slots := m.Materials[0].Textures
	if len(m.Textures) != 1 || m.Textures[0].Name != "bc4_mask" || slots[0].Texture != 0 || slots[2].Texture != 0 || slots[1].Texture != -1 {
		t.Fatalf("textures %v, slots %+v", m.Textures, slots)
	}
	shared := false
	for _, t := range a.Textures {
		shared = shared || t == m.Textures[0]
	}
	if !shared {
		t.Error("the model's texture is not the file's loose texture of that name: `textures` would write it twice")
	}
	img, err := m.Textures[0].Decode(0)
	if err != nil || img.Bounds().Dx() != 64 {
		t.Fatalf("linked texture decodes to %v, %v", img.Bounds(), err)
	}
	w := a.Warnings[before:]
	if len(w) != 1 || !strings.Contains(w[0], "model Npc: 1 textures not found (Npc_Body_Alb)") || !strings.Contains(w[0], "nx_v8.Tex") {
		t.Errorf("warnings %q", w)
	}
}
