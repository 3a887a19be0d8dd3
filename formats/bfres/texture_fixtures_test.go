package bfres

import (
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/formats/asset"
	"github.com/animscope/animscope/mesh"
)

// The shared texture fixtures (testdata/textures/README.md): every Wii U
// and Switch texture, mip 0 and mip 1, against the PNGs an independent
// decoder wrote, with the contract's tolerance.

type texManifestEntry struct {
	File     string `json:"file"`
	Mip      int    `json:"mip"`
	Expected string `json:"expected"`
	Tex2     string `json:"tex2"`
	Textures []struct {
		Name     string  `json:"name"`
		Format   string  `json:"format"`
		Width    int     `json:"width"`
		Height   int     `json:"height"`
		Mips     int     `json:"mips"`
		PNG      string  `json:"png"`
		MaxDiff  int     `json:"maxDiff"`
		MeanDiff float64 `json:"meanDiff"`
		PNGSize  [2]int  `json:"pngSize"`
	} `json:"textures"`
}

func texManifest(t *testing.T) []texManifestEntry {
	t.Helper()
	b, err := os.ReadFile("testdata/textures/MANIFEST.json")
	if err != nil {
		t.Fatal(err)
	}
	var m []texManifestEntry
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	var out []texManifestEntry
	for _, e := range m {
		if strings.HasPrefix(e.File, "wiiu/") || strings.HasPrefix(e.File, "switch/") {
			out = append(out, e)
		}
	}
	if len(out) != 7 {
		t.Fatalf("manifest lists %d Wii U/Switch entries, want 7", len(out))
	}
	return out
}

// openTextureFixture opens a fixture as the registry does (Yaz0 aside)
// and returns its textures in file order.
func openTextureFixture(t *testing.T, path string) (*asset.Asset, []*mesh.Texture) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if archive.IsYaz0(data) {
		if data, err = archive.DecompressYaz0(data); err != nil {
			t.Fatal(err)
		}
	}
	a := &asset.Asset{Name: path, Format: "bfres"}
	if err := Format.Open(a, data, asset.Env{}); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return a, a.Textures
}

func readPNG(t *testing.T, path string) *image.NRGBA {
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
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			out.Set(x, y, img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	return out
}

// compareRGBA returns the largest and mean per-channel difference.
func compareRGBA(got *image.RGBA, want *image.NRGBA) (maxd int, mean float64) {
	var sum int
	for i := range got.Pix {
		d := int(got.Pix[i]) - int(want.Pix[i])
		d = max(d, -d)
		maxd = max(maxd, d)
		sum += d
	}
	return maxd, float64(sum) / float64(len(got.Pix))
}

// pairedTextures gives the textures of the file a opened, each with its
// levels 1+ from the same-named texture of the fixture tex2 ("": none),
// and the problems of those that cannot be decoded.
func pairedTextures(t *testing.T, a *asset.Asset, tex2 string) (map[string]*mesh.Texture, []string) {
	t.Helper()
	own := a.Raw.(*File)
	mips := map[string]*Texture{}
	if tex2 != "" {
		data, err := os.ReadFile(filepath.Join("testdata/textures", tex2))
		if err != nil {
			t.Fatal(err)
		}
		f, err := ParseTextures(data)
		if err != nil {
			t.Fatalf("%s: %v", tex2, err)
		}
		for i := range f.Textures {
			mips[f.Textures[i].Name] = &f.Textures[i]
		}
	}
	role := own.TextureRole(filepath.Base(a.Name))
	out := map[string]*mesh.Texture{}
	var problems []string
	for i := range own.Textures {
		tx := &own.Textures[i]
		if _, dup := out[tx.Name]; dup {
			continue // the first of a name wins, as in a model's assembly
		}
		if tx.Err != nil {
			problems = append(problems, tx.Err.Error())
			continue
		}
		out[tx.Name] = tx.Mesh(role, mips[tx.Name])
	}
	return out, problems
}

func TestTextureFixtures(t *testing.T) {
	for _, e := range texManifest(t) {
		path := filepath.Join("testdata/textures", e.File)
		a, list := openTextureFixture(t, path)
		byPNG := map[string]*mesh.Texture{}
		seen := map[string]int{}
		for _, tx := range list {
			n := tx.Name
			if k := seen[tx.Name]; k > 0 {
				n += "#" + string(rune('0'+k))
			}
			seen[tx.Name]++
			byPNG[n+".png"] = tx
		}
		if e.Mip > 0 {
			// Levels 1+ of a Tex1 file are in the Tex2 file the manifest
			// names (the model's assembly finds it beside the Tex1).
			m, problems := pairedTextures(t, a, e.Tex2)
			if len(problems) > 0 {
				t.Errorf("%s: %q", e.File, problems)
			}
			for k, tx := range byPNG {
				if m[tx.Name] == nil {
					t.Fatalf("%s: the paired textures lack %q", e.File, tx.Name)
				}
				if !strings.Contains(k, "#") {
					byPNG[k] = m[tx.Name]
				}
			}
		}
		if len(byPNG) != len(e.Textures) {
			t.Errorf("%s: %d textures, manifest has %d", e.File, len(byPNG), len(e.Textures))
		}
		for _, w := range e.Textures {
			tx := byPNG[w.PNG]
			if tx == nil {
				t.Errorf("%s: no texture for %s", e.File, w.PNG)
				continue
			}
			if tx.Width != w.Width || tx.Height != w.Height || tx.Mips != w.Mips || tx.Format != w.Format {
				t.Errorf("%s %s: %dx%d %d mips %s, want %dx%d %d mips %s", e.File, w.Name, tx.Width, tx.Height, tx.Mips, tx.Format, w.Width, w.Height, w.Mips, w.Format)
			}
			img, err := tx.Decode(e.Mip)
			if err != nil {
				t.Errorf("%s %s mip %d: %v", e.File, w.Name, e.Mip, err)
				continue
			}
			want := readPNG(t, filepath.Join("testdata/textures", e.Expected, w.PNG))
			if img.Bounds().Dx() != w.PNGSize[0] || img.Bounds().Dy() != w.PNGSize[1] || want.Bounds() != img.Bounds() {
				t.Errorf("%s %s mip %d: size %v, want %v", e.File, w.Name, e.Mip, img.Bounds(), w.PNGSize)
				continue
			}
			maxd, mean := compareRGBA(img, want)
			if maxd > w.MaxDiff || mean > w.MeanDiff {
				t.Errorf("%s %s mip %d: max diff %d (limit %d), mean %.3f (limit %.1f)", e.File, w.Name, e.Mip, maxd, w.MaxDiff, mean, w.MeanDiff)
			} else {
				t.Logf("%s %s mip %d: max diff %d, mean %.3f", e.File, w.Name, e.Mip, maxd, mean)
			}
		}
	}
}

// BotW's swizzle bits 16 and up hold the first level that falls back to
// 1D tiling (MESH-FACTS B.9); the address library's level rule must agree
// on every 2D fixture texture.
func TestFirst1DLevelMatchesSwizzleBits(t *testing.T) {
	n := 0
	for _, p := range []string{"testdata/textures/wiiu/wiiu_tex.bfres", "testdata/textures/wiiu/split.Tex2.bfres"} {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, _, err := parseForTextures(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, tx := range f.Textures {
			if tx.TileMode != 4 || tx.MipCount < 2 {
				continue
			}
			first := int(tx.MipCount)
			for l := 1; l < int(tx.MipCount); l++ {
				lv, err := tx.GX2.Level(l)
				if err != nil {
					t.Fatal(err)
				}
				if lv.TileMode == 2 {
					first = l
					break
				}
			}
			if stored := int(tx.GX2.Swizzle >> 16 & 0xFF); stored != first {
				t.Errorf("%s %s: first 1D level %d, swizzle says %d", p, tx.Name, first, stored)
			}
			n++
		}
	}
	if n < 5 {
		t.Errorf("only %d 2D textures checked", n)
	}
}

// TestTextureStorageDetails: every fixture texture says how it is stored
// (info's "stored" column): the GX2 tile mode, its name and the swizzle
// for Wii U, the level-0 block height for Switch, as the headers give them.
func TestTextureStorageDetails(t *testing.T) {
	for _, p := range []string{"testdata/textures/wiiu/wiiu_tex.bfres", "testdata/textures/switch/nx_v8.bfres", "testdata/textures/switch/nx_v9.bfres"} {
		a, texs := openTextureFixture(t, p)
		raw := a.Raw.(*File)
		if len(texs) == 0 || len(texs) != len(raw.Textures) {
			t.Fatalf("%s: %d textures, %d in the file", p, len(texs), len(raw.Textures))
		}
		for i, mt := range texs {
			rt := &raw.Textures[i]
			want := fmt.Sprintf("block linear, block height %d", rt.BlockHeight)
			if rt.GX2 != nil {
				want = fmt.Sprintf("tile mode %d (%s), swizzle 0x%x", rt.GX2.TileMode, gx2TileModes[rt.GX2.TileMode], rt.GX2.Swizzle)
			}
			if mt.Details != want || rt.Name != mt.Name {
				t.Errorf("%s %s: %q, want %q", p, mt.Name, mt.Details, want)
			}
		}
	}
}
