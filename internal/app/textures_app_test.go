package app

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// gxFixtures are formats/texture's GX fixtures: BTIs with the PNGs an
// independent GX decoder wrote for them (their README).
const gxFixtures = "../../formats/texture/testdata/gx/"

// solidTexture is a w×h texture whose texel (x, y) is texel(x, y),
// decoded by Decode for mip 0; other mips fail.
func solidTexture(name string, w, h int, texel func(x, y int) color.NRGBA) *mesh.Texture {
	return &mesh.Texture{Name: name, Width: w, Height: h, Mips: 1, Format: "RGBA8",
		Decode: func(mip int) (*image.RGBA, error) {
			if mip != 0 {
				return nil, fmt.Errorf("no mip %d", mip)
			}
			img := image.NewRGBA(image.Rect(0, 0, w, h))
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					c := texel(x, y)
					// Straight alpha in the RGBA bytes, as the decoders give it.
					copy(img.Pix[img.PixOffset(x, y):], []byte{c.R, c.G, c.B, c.A})
				}
			}
			return img, nil
		}}
}

// texturedFile is a one-joint model whose two materials sample its
// textures: "skin" slot 0 samples body (mirror/clamp), "eyes" slots 0 and
// 1 sample eye and body (repeat); "unused" is sampled by nothing.
func texturedFile(dir string) (*File, *mesh.Model) {
	sk := &anim.Skeleton{Name: "hero", Mode: anim.J3DBasic, Joints: []anim.Joint{{Name: "root", Parent: -1, Rest: anim.DefaultBase()}}}
	if err := sk.Finish(); err != nil {
		panic(err)
	}
	body := solidTexture("body", 5, 3, func(x, y int) color.NRGBA { return color.NRGBA{uint8(40 * x), uint8(80 * y), 200, uint8(60 + 40*x)} })
	eye := solidTexture("eye", 2, 2, func(x, y int) color.NRGBA { return color.NRGBA{255, 255, 255, 255} })
	broken := &mesh.Texture{Name: "unused", Width: 4, Height: 4, Mips: 1, Format: "CMPR",
		Decode: func(int) (*image.RGBA, error) {
			return nil, errors.New("texture unused: data ends at 0x40, 8 bytes short")
		}}
	slot := func(tex int, name string, w mesh.Wrap) mesh.TextureSlot {
		return mesh.TextureSlot{Texture: tex, Name: name, TexMatrix: -1, Sampler: mesh.Sampler{WrapS: w, WrapT: mesh.WrapClamp}}
	}
	m := &mesh.Model{Name: "hero.bmd", Skeleton: 0,
		Shapes: []mesh.Shape{{Name: "s", Positions: []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, UVs: [][]mgl32.Vec2{{{0, 0}, {1, 0}, {0, 1}}},
			Triangles: []uint32{0, 1, 2}, Skin: []mesh.Influences{rigidInfluence(), rigidInfluence(), rigidInfluence()}}},
		Palette:   []mesh.PaletteEntry{{Joint: 0, InvBind: mgl64.Ident4()}},
		Materials: []mesh.Material{{Name: "skin", Textures: []mesh.TextureSlot{slot(0, "body", mesh.WrapMirror)}}, {Name: "eyes", Textures: []mesh.TextureSlot{slot(1, "eye", mesh.WrapRepeat), slot(0, "body", mesh.WrapRepeat)}}},
		Textures:  []*mesh.Texture{body, eye, broken}}
	return &File{path: filepath.Join(dir, "hero.bmd"), name: "hero.bmd", asset: &formats.Asset{Name: "hero.bmd", Format: "bmd", Skeletons: []*anim.Skeleton{sk}, Models: []*mesh.Model{m}}}, m
}

// rigidInfluence follows palette entry 0 alone.
func rigidInfluence() mesh.Influences {
	return mesh.Influences{N: 1, Weight: [mesh.MaxInfluences]float32{1}}
}

// TestTextureBrowserList: the view lists the model in use's textures,
// each with the material slots that sample it, then the open files'
// loose ones (a BTI), each offering to be saved next to its file.
func TestTextureBrowserList(t *testing.T) {
	dir := t.TempDir()
	a := New(nil)
	f, m := texturedFile(dir)
	a.Add([]*File{f})
	a.Open([]string{gxFixtures + "rgba8_17x13_mips2.bti"})
	var v viewmodel.View
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	if len(v.Textures) != 2 {
		t.Fatalf("%d groups, want the model's and the BTI's", len(v.Textures))
	}
	g := v.Textures[0]
	if g.Label != "hero.bmd" || len(g.Textures) != 3 {
		t.Fatalf("model group %q with %d textures", g.Label, len(g.Textures))
	}
	for i, e := range g.Textures {
		if e.Texture != m.Textures[i] || e.Index != i || e.SavePath != filepath.Join(dir, m.Textures[i].Name+".png") {
			t.Errorf("entry %d: %s #%d → %s", i, e.Texture.Name, e.Index, e.SavePath)
		}
	}
	uses := func(e viewmodel.TextureEntry) string {
		var s []string
		for _, u := range e.Uses {
			s = append(s, fmt.Sprintf("%s/%d wrap %d,%d", u.Material, u.Slot, u.Sampler.WrapS, u.Sampler.WrapT))
		}
		return strings.Join(s, "; ")
	}
	want := []string{
		fmt.Sprintf("skin/0 wrap %d,%d; eyes/1 wrap %d,%d", mesh.WrapMirror, mesh.WrapClamp, mesh.WrapRepeat, mesh.WrapClamp),
		fmt.Sprintf("eyes/0 wrap %d,%d", mesh.WrapRepeat, mesh.WrapClamp),
		"",
	}
	for i, w := range want {
		if got := uses(g.Textures[i]); got != w {
			t.Errorf("%s used by %q, want %q", g.Textures[i].Texture.Name, got, w)
		}
	}
	bti := v.Textures[1]
	if bti.Label != "rgba8_17x13_mips2.bti" || len(bti.Textures) != 1 || bti.Textures[0].Index != -1 || len(bti.Textures[0].Uses) != 0 ||
		bti.Textures[0].SavePath != filepath.Join(filepath.Dir(gxFixtures+"x"), "rgba8_17x13_mips2.png") {
		t.Fatalf("BTI group %+v", bti)
	}
	for _, n := range a.msgs.notices {
		if n.Severity >= viewmodel.Warning {
			t.Errorf("opening a BTI: %s", n.Text)
		}
	}
	// The list is kept while nothing changes, and follows a closed file.
	var v2 viewmodel.View
	a.View(&v2, viewmodel.Stats{}, viewmodel.TextureRef{})
	if &v2.Textures[0] != &v.Textures[0] {
		t.Error("the list was rebuilt with nothing changed")
	}
	a.Apply(viewmodel.CloseFile{File: 1})
	a.View(&v2, viewmodel.Stats{}, viewmodel.TextureRef{})
	if len(v2.Textures) != 1 || v2.Textures[0].Label != "hero.bmd" {
		t.Fatalf("after closing the BTI: %d groups", len(v2.Textures))
	}
}

// readNRGBA reads a PNG as straight 8-bit RGBA.
func readNRGBA(t *testing.T, path string) *image.NRGBA {
	t.Helper()
	f, err := os.Open(path)
	apptest.Must(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	apptest.Must(t, err)
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			out.Set(x, y, color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)))
		}
	}
	return out
}

// TestSaveTexturePNG: Save PNG writes mip 0 texel for texel as Decode
// gives it (straight alpha: a half-transparent texel keeps its colour),
// says so in Messages; a texture that cannot be decoded, a path that is
// not a .png or is an open file, is an error there and writes nothing.
func TestSaveTexturePNG(t *testing.T) {
	dir := t.TempDir()
	a := New(nil)
	f, m := texturedFile(dir)
	a.Add([]*File{f})
	out := filepath.Join(dir, "body.png")
	a.Apply(viewmodel.SaveTexture{Texture: m.Textures[0], Path: out})
	got := readNRGBA(t, out)
	want, err := m.Textures[0].Decode(0)
	apptest.Must(t, err)
	if got.Rect != want.Rect {
		t.Fatalf("PNG %v, texture %v", got.Rect, want.Rect)
	}
	for y := 0; y < 3; y++ {
		for x := 0; x < 5; x++ {
			o := want.PixOffset(x, y)
			if g := got.NRGBAAt(x, y); [4]uint8{g.R, g.G, g.B, g.A} != [4]uint8(want.Pix[o:o+4]) {
				t.Fatalf("texel (%d, %d): PNG %v, Decode %v", x, y, g, want.Pix[o:o+4])
			}
		}
	}
	last := a.msgs.notices[len(a.msgs.notices)-1]
	if last.Severity != viewmodel.Info || last.Text != "saved texture body (5x3, mip 0) to "+out {
		t.Errorf("message %q", last.Text)
	}
	var v viewmodel.View
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	if v.TextureSave.Failed || v.TextureSave.Text != "Saved "+out {
		t.Errorf("outcome %+v", v.TextureSave)
	}

	for _, c := range []struct {
		tex  *mesh.Texture
		path string
		msg  string
	}{
		{m.Textures[2], filepath.Join(dir, "unused.png"), "save texture unused: texture unused: data ends at 0x40, 8 bytes short"},
		{m.Textures[0], filepath.Join(dir, "body.jpg"), "save texture body: \"" + filepath.Join(dir, "body.jpg") + "\": save to a file ending in .png"},
		{m.Textures[0], filepath.Join(dir, "none", "body.png"), "save texture body: cannot write body.png: no such file or directory"},
	} {
		a.Apply(viewmodel.SaveTexture{Texture: c.tex, Path: c.path})
		last := a.msgs.notices[len(a.msgs.notices)-1]
		if last.Severity != viewmodel.Error || !strings.HasPrefix(last.Text, c.msg) {
			t.Errorf("saving %s to %s: %v %q, want an error starting %q", c.tex.Name, c.path, last.Severity, last.Text, c.msg)
		}
		if _, err := os.Stat(c.path); err == nil {
			t.Errorf("%s was written", c.path)
		}
		a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
		if !v.TextureSave.Failed {
			t.Errorf("outcome %+v, want failed", v.TextureSave)
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// TestSaveTextureBTIMatchesReference: a BTI's texture saved from the
// browser is, texel for texel, what an independent GX decoder wrote for
// it (within the fixtures' tolerance); an open input is never written over.
func TestSaveTextureBTIMatchesReference(t *testing.T) {
	a := New(nil)
	a.Open([]string{gxFixtures + "rgba8_17x13_mips2.bti"})
	tex := a.ses.files[0].asset.Textures[0]
	out := filepath.Join(t.TempDir(), "x.png")
	a.Apply(viewmodel.SaveTexture{Texture: tex, Path: out})
	got := readNRGBA(t, out)
	ref := readNRGBA(t, gxFixtures+"expected/rgba8_17x13_mips2.bti/rgba8_17x13_mips2.png")
	if got.Rect != ref.Rect {
		t.Fatalf("saved %v, reference %v", got.Rect, ref.Rect)
	}
	worst := 0
	for i := range got.Pix {
		worst = max(worst, absInt(int(got.Pix[i])-int(ref.Pix[i])))
	}
	if worst > 2 {
		t.Errorf("saved PNG differs from the reference decode by up to %d (tolerance 2)", worst)
	}
	// A BTI is known by its header, not its name: one called tex.png is
	// open, and saving over it is refused.
	in := filepath.Join(t.TempDir(), "tex.png")
	data, err := os.ReadFile(gxFixtures + "rgba8_17x13_mips2.bti")
	apptest.Must(t, err)
	apptest.Must(t, os.WriteFile(in, data, 0o644))
	a.Open([]string{in})
	a.Apply(viewmodel.SaveTexture{Texture: a.ses.files[1].asset.Textures[0], Path: in})
	if last := a.msgs.notices[len(a.msgs.notices)-1]; last.Severity != viewmodel.Error || !strings.Contains(last.Text, "is an open file") {
		t.Errorf("saving over the open file: %q", last.Text)
	}
	if after, _ := os.ReadFile(in); string(after) != string(data) {
		t.Fatal("the input was overwritten")
	}
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestTextureBrowserEmbeddedOnce: a file whose loose textures are also
// its model's (a Switch BFRES's embedded BNTX: other objects, the same
// names) lists them once, with the model; another loose one still shows.
func TestTextureBrowserEmbeddedOnce(t *testing.T) {
	f, m := texturedFile(t.TempDir())
	again := *m.Textures[0] // the same texture as another object
	extra := solidTexture("decal", 2, 2, func(x, y int) color.NRGBA { return color.NRGBA{A: 255} })
	f.asset.Textures = []*mesh.Texture{&again, extra}
	a := New(nil)
	a.Add([]*File{f})
	var v viewmodel.View
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	if len(v.Textures) != 2 || len(v.Textures[0].Textures) != 3 || len(v.Textures[1].Textures) != 1 || v.Textures[1].Textures[0].Texture != extra {
		t.Fatalf("groups %+v", v.Textures)
	}
}

// TestTextureFileStemIsPortable: a texture name becomes a file name any
// system can create, the same everywhere: separators, Windows' refused
// characters and a trailing dot or space become '_', device names and
// dot names get a '_' in front; ordinary names are kept.
func TestTextureFileStemIsPortable(t *testing.T) {
	for in, want := range map[string]string{
		"Face_Alb": "Face_Alb", "eyeh.1": "eyeh.1", "a/b\\c": "a_b_c", "x:y*z?": "x_y_z_",
		`q"<>|`: "q____", "tab\there": "tab_here", "end.": "end_", "end ": "end_",
		"CON": "_CON", "nul.tex": "_nul.tex", "COM7": "_COM7", "COM10": "COM10", "CONSOLE": "CONSOLE",
		"": "_", ".": "_.", "..": "_..", "ümlaut": "ümlaut",
	} {
		if got := TextureFileStem(in); got != want {
			t.Errorf("TextureFileStem(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTextureBrowserTexFileOnce: a model's texture file beside it (BotW's
// X.Tex1 for X) opened too lists only the textures the model does not
// already show; the model's group keeps those it samples. A texture file
// of another model lists all of its own.
func TestTextureBrowserTexFileOnce(t *testing.T) {
	dir := t.TempDir()
	f, m := texturedFile(dir)
	copyOf := func(tx *mesh.Texture) *mesh.Texture { c := *tx; return &c }
	extra := solidTexture("spare", 2, 2, func(x, y int) color.NRGBA { return color.NRGBA{A: 255} })
	tex1 := &File{path: filepath.Join(dir, "hero.Tex1.bfres"), name: "hero.Tex1.bfres", asset: &formats.Asset{Name: "hero.Tex1.bfres", Format: "bfres",
		Textures: []*mesh.Texture{copyOf(m.Textures[0]), copyOf(m.Textures[1]), extra}}}
	other := &File{path: filepath.Join(dir, "villain.Tex1.bfres"), name: "villain.Tex1.bfres", asset: &formats.Asset{Name: "villain.Tex1.bfres", Format: "bfres",
		Textures: []*mesh.Texture{copyOf(m.Textures[0])}}}
	a := New(nil)
	a.Add([]*File{f, tex1, other})
	var v viewmodel.View
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	var got []string
	for _, g := range v.Textures {
		var names []string
		for _, e := range g.Textures {
			names = append(names, e.Texture.Name)
		}
		got = append(got, g.Label+": "+strings.Join(names, ","))
	}
	want := []string{"hero.bmd: body,eye,unused", "hero.Tex1.bfres: spare", "villain.Tex1.bfres: body"}
	if strings.Join(got, " | ") != strings.Join(want, " | ") {
		t.Errorf("groups\n %q\nwant\n %q", got, want)
	}
}

// TestTex2IsANoteNotAWarning: a BotW .Tex2 holds only mip levels 1+, as
// every such file does: opening one says so as information, not as a
// warning (no toast), and says nothing of "no animation or skeleton".
// (The fixture's generator wrote no valid dictionary trie, which is a
// warning of its own and stays one.)
func TestTex2IsANoteNotAWarning(t *testing.T) {
	a := New(nil)
	a.Open([]string{"../../formats/bfres/testdata/textures/wiiu/split.Tex2.bfres"})
	notes := 0
	for _, n := range a.msgs.notices {
		about := strings.Contains(n.Text, "mip levels 1+")
		if n.Severity >= viewmodel.Warning && (about || strings.Contains(n.Text, "no animation or skeleton")) {
			t.Errorf("a warning for what a Tex2 file is: %q", n.Text)
		}
		if n.Severity == viewmodel.Info && about && strings.Contains(n.Text, "split.Tex2.bfres") {
			notes++
		}
	}
	if notes != 1 {
		t.Errorf("%d notes that split.Tex2.bfres holds mip levels 1+, want 1: %+v", notes, a.msgs.notices)
	}
}

// TestTexturedModelFramedWithoutTheQuad: with a model's meshes drawn, a
// texture animation shows on them and the test quad is not drawn, so it
// does not count in the framing either: the character stays centred and
// as large as alone (a BTK beside Link made him small and off-centre).
func TestTexturedModelFramedWithoutTheQuad(t *testing.T) {
	f, _ := texturedFile(t.TempDir())
	a := New(nil)
	a.Add([]*File{f})
	a.Open([]string{"../../cmd/animscope/testdata/btk_basic.btk"})
	if a.play.tex == nil {
		a.Apply(viewmodel.SelectClip{File: 1, Clip: 0})
	}
	if a.play.tex == nil {
		t.Fatal("the BTK does not play: the test cannot tell")
	}
	a.Apply(viewmodel.CameraReset{})
	// One joint at the origin (framed as the unit box around it) and a
	// triangle inside it: the box is [-1, 1]³.
	want := viewmodel.DefaultCamera()
	want.Frame(mgl32.Vec3{-1, -1, -1}, mgl32.Vec3{1, 1, 1})
	if c := a.frame.camera; c.Target.Sub(want.Target).Len() > 1e-5 || math.Abs(float64(c.Distance-want.Distance)) > 1e-4 {
		t.Errorf("R with a BTK: camera at %v, distance %v; want the model's box, %v at %v", c.Target, c.Distance, want.Target, want.Distance)
	}
}
