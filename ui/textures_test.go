package ui

import (
	"fmt"
	"testing"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// TestTexturesBrowser: the Textures tab lists every texture of the view
// (asking the window's lookup for their pictures), a click opens one at
// full size, Save PNG asks the app to write it to the path offered (or
// the one typed), and the view closes when the texture is no longer
// listed.
func TestTexturesBrowser(t *testing.T) {
	body := &mesh.Texture{Name: "body", Width: 64, Height: 32, Mips: 3, Format: "CMPR"}
	eye := &mesh.Texture{Name: "eye", Width: 16, Height: 16, Mips: 1, Format: "IA8"}
	loose := &mesh.Texture{Name: "water", Width: 8, Height: 8, Mips: 1, Format: "I4"}
	v := testView(testClip(anim.Loop), 0, false)
	v.Textures = []viewmodel.TextureGroup{
		{Label: "cl.bdl", Textures: []viewmodel.TextureEntry{
			{Texture: body, Index: 0, Short: "body", SavePath: "/m/body.png",
				Uses: []viewmodel.TextureUse{{Material: "skin", Sampler: mesh.Sampler{WrapS: mesh.WrapMirror, WrapT: mesh.WrapClamp}, TexMatrix: -1}}},
			{Texture: eye, Index: 1, Short: "eye", SavePath: "/m/eye.png"},
		}},
		{Label: "water.bti", Textures: []viewmodel.TextureEntry{{Texture: loose, Index: -1, Short: "water", SavePath: "/w/water.png"}}},
	}
	h := newHarness(t, v)
	looked := map[*mesh.Texture]int{}
	h.u.TextureLookup = func(t *mesh.Texture) viewmodel.GPUTexture {
		looked[t]++
		return viewmodel.GPUTexture{Ref: viewmodel.TextureRef{ID: 7, W: t.Width, H: t.Height}, Levels: 1}
	}
	h.frame()
	if len(looked) != 0 {
		t.Fatalf("looked up %d textures with the tab hidden; want none (the lookup uploads)", len(looked))
	}
	h.click(center(h.rect("tab:textures")))
	h.frame()
	if h.u.ActiveTab() != TabTextures {
		t.Fatalf("clicking the Textures tab shows %q", h.u.ActiveTab())
	}
	for _, id := range []string{"texture:0.0", "texture:0.1", "texture:1.0"} {
		h.rect(id)
	}
	if _, ok := h.u.ItemRect("texture:1.1"); ok {
		t.Fatal("a thumbnail for a texture the view does not list")
	}
	if looked[body] == 0 || looked[eye] == 0 || looked[loose] == 0 {
		t.Fatalf("lookups %v: want each listed texture's picture asked for", looked)
	}
	if h.u.TextureShown() != "" {
		t.Fatalf("%q shown before any click", h.u.TextureShown())
	}
	h.click(center(h.rect("texture:0.0")))
	h.frame()
	if h.u.TextureShown() != "body" {
		t.Fatalf("clicking body's thumbnail shows %q", h.u.TextureShown())
	}
	got, ok := find[viewmodel.SaveTexture](h.click(center(h.rect("texview:save"))))
	if !ok || got.Texture != body || got.Path != "/m/body.png" {
		t.Fatalf("Save PNG gave %+v (%v), want body to /m/body.png", got, ok)
	}
	// Another thumbnail: its own path; a typed path is what is saved.
	h.click(center(h.rect("texture:1.0")))
	h.frame()
	if h.u.TextureShown() != "water" {
		t.Fatalf("clicking water's thumbnail shows %q", h.u.TextureShown())
	}
	h.u.texv.path = "/tmp/else.png"
	if got, _ := find[viewmodel.SaveTexture](h.click(center(h.rect("texview:save")))); got.Texture != loose || got.Path != "/tmp/else.png" {
		t.Fatalf("Save PNG after typing gave %+v", got)
	}
	// Zoom: 1:1 then + doubles, − halves.
	h.click(center(h.rect("texview:1:1")))
	h.click(center(h.rect("texview:zoomin")))
	if h.u.texv.zoom != 2 {
		t.Fatalf("1:1 then + gave zoom %v, want 2", h.u.texv.zoom)
	}
	h.click(center(h.rect("texview:zoomout")))
	h.click(center(h.rect("texview:zoomout")))
	if h.u.texv.zoom != 0.5 {
		t.Fatalf("then − − gave zoom %v, want 0.5", h.u.texv.zoom)
	}
	// The file holding it closes: the view goes.
	v.Textures = v.Textures[:1]
	h.frame()
	if h.u.TextureShown() != "" {
		t.Fatalf("%q still shown after its file closed", h.u.TextureShown())
	}
}

// TestTexturesBrowserByName: ShowTexture opens a texture by name once it
// is listed (--texture NAME), of two of that name the one a material
// samples.
func TestTexturesBrowserByName(t *testing.T) {
	v := testView(testClip(anim.Loop), 0, false)
	h := newHarness(t, v)
	h.u.ShowTab(TabTextures)
	h.u.ShowTexture("eye")
	h.frame()
	h.frame()
	if h.u.TextureShown() != "" || h.u.ActiveTab() != TabTextures {
		t.Fatalf("shown %q, tab %q with nothing listed", h.u.TextureShown(), h.u.ActiveTab())
	}
	eye := &mesh.Texture{Name: "eye", Width: 16, Height: 16, Mips: 1, Format: "IA8"}
	eye2 := &mesh.Texture{Name: "eye", Width: 32, Height: 32, Mips: 1, Format: "IA8"}
	// A name twice (a J3D TEX1 may): the entry a material samples.
	v.Textures = []viewmodel.TextureGroup{{Label: "x.bdl", Textures: []viewmodel.TextureEntry{
		{Texture: eye, Index: 0, Short: "eye"},
		{Texture: eye2, Index: 1, Short: "eye", Uses: []viewmodel.TextureUse{{Material: "m"}}}}}}
	h.frame()
	h.frame()
	if h.u.TextureShown() != "eye" || h.u.texv.tex != eye2 {
		t.Fatalf("after eye was listed, shown %q (the used entry: %v)", h.u.TextureShown(), h.u.texv.tex == eye2)
	}
	h.rect("texview:pixels")
}

func TestZoomStep(t *testing.T) {
	for _, c := range []struct {
		z    float32
		dir  int
		want float32
	}{{1, 1, 2}, {1, -1, 0.5}, {3.7, 1, 4}, {3.7, -1, 2}, {64, 1, 64}, {1.0 / 16, -1, 1.0 / 16}} {
		if got := zoomStep(c.z, c.dir); got != c.want {
			t.Errorf("zoomStep(%v, %d) = %v, want %v", c.z, c.dir, got, c.want)
		}
	}
}

// TestTextureNamesFit: a thumbnail's cell is as wide as the group's
// longest name needs (BotW's Eyebrow_L_Spm and Eyebrow_R_Spm differ near
// their ends), so the names show whole instead of "Eyeb…Spm".
func TestTextureNamesFit(t *testing.T) {
	names := []string{"Eyebrow_L_Spm", "Eyebrow_R_Spm", "Body"}
	v := testView(testClip(anim.Loop), 0, false)
	g := viewmodel.TextureGroup{Label: "Npc_Gerudo_Queen.bfres"}
	for i, n := range names {
		g.Textures = append(g.Textures, viewmodel.TextureEntry{Texture: &mesh.Texture{Name: n, Width: 8, Height: 8, Mips: 1, Format: "BC1"}, Index: i, Short: n})
	}
	v.Textures = []viewmodel.TextureGroup{g}
	h := newHarness(t, v)
	h.click(center(h.rect("tab:textures")))
	h.frame()
	for i, n := range names {
		r := h.rect(fmt.Sprintf("texture:0.%d", i))
		// The width the name takes in the UI font, measured here.
		if need := imgui.CalcTextSize(n, false, 0).X; r.W < need {
			t.Errorf("cell of %s is %.0f wide, its name needs %.0f", n, r.W, need)
		}
	}
}
