package assemble_test

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/assemble"
	"github.com/animscope/animscope/mesh"
)

// slotModel is a model whose one material names the given textures.
func slotModel(names ...string) *mesh.Model {
	m := &mesh.Model{Name: "Npc"}
	mat := mesh.Material{Name: "body"}
	for _, n := range names {
		mat.Textures = append(mat.Textures, mesh.TextureSlot{Texture: -1, Name: n})
	}
	m.Materials = []mesh.Material{mat}
	return m
}

// openWithModel opens file and gives it one model, whose one material
// names the textures.
func openWithModel(t *testing.T, file string, textures ...string) (*formats.Asset, *mesh.Model) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	a, err := formats.Open(file, data)
	if err != nil {
		t.Fatal(err)
	}
	m := slotModel(textures...)
	a.Models = []*mesh.Model{m}
	return a, m
}

// TestLinkTexturesByName: a BFRES model's slots find the file's own
// textures by name (here a Switch file's embedded BNTX); a slot whose
// texture the file and its siblings lack stays untextured, and the model
// gets one warning naming it and the files the game keeps it in.
func TestLinkTexturesByName(t *testing.T) {
	a, m := openWithModel(t, "../bfres/testdata/textures/switch/nx_v8.bfres", "bc4_mask", "Npc_Body_Alb", "bc4_mask")
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

// TestSplitTexturesFromSiblings: a Wii U model's textures are found in
// BotW's split texture files beside it, X.Tex1 (level 0) paired with
// X.Tex2 (levels 1+). Levels 0 and 1 of each are checked against the
// PNGs an independent decoder wrote (the fixtures' BCn tolerance: 4 per
// channel).
func TestSplitTexturesFromSiblings(t *testing.T) {
	const fixtures = "../bfres/testdata/"
	dir := t.TempDir()
	for src, dst := range map[string]string{"mesh_wiiu.bfres": "Npc.bfres",
		"textures/wiiu/split.Tex1.bfres": "Npc.Tex1.bfres", "textures/wiiu/split.Tex2.bfres": "Npc.Tex2.bfres"} {
		data, err := os.ReadFile(fixtures + src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, dst), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(dir, "Npc.bfres")
	a, m := openWithModel(t, file, "Split_Nrm", "Split_Alb")
	before := len(a.Warnings)
	assemble.Textures(a, assemble.DirSiblings(file))
	if w := a.Warnings[before:]; len(w) != 0 {
		t.Errorf("warnings %q", w)
	}
	for i, s := range m.Materials[0].Textures {
		if s.Texture < 0 {
			t.Errorf("slot %d (%s) is not linked", i, s.Name)
			continue
		}
		for mip, expected := range []string{"split.Tex1.bfres", "split.Tex1.bfres@mip1"} {
			img, err := m.Textures[s.Texture].Decode(mip)
			if err != nil {
				t.Errorf("%s mip %d: %v", s.Name, mip, err)
				continue
			}
			want := readPNG(t, fixtures+"textures/wiiu/expected/"+expected+"/"+s.Name+".png")
			if d := maxDiff(img, want); d > 4 {
				t.Errorf("%s mip %d: max channel difference %d from the expected PNG", s.Name, mip, d)
			}
		}
	}
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// maxDiff is the largest difference of an 8-bit channel between got and
// want (unpremultiplied); 256 when their sizes differ.
func maxDiff(got *image.RGBA, want image.Image) int {
	if got.Bounds().Size() != want.Bounds().Size() {
		return 256
	}
	d := 0
	for y := 0; y < got.Bounds().Dy(); y++ {
		for x := 0; x < got.Bounds().Dx(); x++ {
			g := color.NRGBAModel.Convert(got.At(got.Bounds().Min.X+x, got.Bounds().Min.Y+y)).(color.NRGBA)
			w := color.NRGBAModel.Convert(want.At(want.Bounds().Min.X+x, want.Bounds().Min.Y+y)).(color.NRGBA)
			for _, p := range [][2]uint8{{g.R, w.R}, {g.G, w.G}, {g.B, w.B}, {g.A, w.A}} {
				d = max(d, abs(int(p[0])-int(p[1])))
			}
		}
	}
	return d
}

func abs(x int) int { return max(x, -x) }
