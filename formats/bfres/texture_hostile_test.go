package bfres

import (
	"encoding/binary"
	"os"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/asset"
)

// Hostile textures: each broken field gives one clear problem for that
// texture (a warning, or an error from Decode), the file still opens, and
// nothing panics or allocates past the data.

func openTexBytes(t *testing.T, name string, data []byte) (*asset.Asset, error) {
	t.Helper()
	a := &asset.Asset{Name: name, Format: "bfres"}
	err := Format.Open(a, data, asset.Env{})
	return a, err
}

// decodeAllTextures decodes every level of every texture and returns the errors.
func decodeAllTextures(a *asset.Asset) []string {
	var errs []string
	for _, tx := range a.Textures {
		for m := 0; m < min(tx.Mips, 20); m++ {
			if _, err := tx.Decode(m); err != nil {
				errs = append(errs, err.Error())
			}
			if tx.Blocks != nil {
				if _, _, err := tx.Blocks(m); err != nil {
					errs = append(errs, err.Error())
				}
			}
		}
	}
	return errs
}

// expectTextureProblem opens b and checks that one warning or Decode error
// contains want and names tex, and returns the asset.
func expectTextureProblem(t *testing.T, b []byte, tex, want string) *asset.Asset {
	t.Helper()
	a, err := openTexBytes(t, "hostile.bfres", b)
	if err != nil {
		t.Fatalf("the file did not open: %v", err)
	}
	all := append(append([]string(nil), a.Warnings...), decodeAllTextures(a)...)
	for _, s := range all {
		if strings.Contains(s, want) && strings.Contains(s, tex) {
			return a
		}
	}
	t.Errorf("no problem names %q and %q: %q", tex, want, all)
	return a
}

func TestHostileFTEX(t *testing.T) {
	orig, err := os.ReadFile("testdata/textures/wiiu/wiiu_tex.bfres")
	if err != nil {
		t.Fatal(err)
	}
	f, _, err := parseForTextures(orig)
	if err != nil {
		t.Fatal(err)
	}
	be := binary.BigEndian
	tex := func(name string) int64 {
		for _, x := range f.Textures {
			if x.Name == name {
				return x.FileOffset
			}
		}
		t.Fatalf("no texture %q", name)
		return 0
	}
	for _, c := range []struct {
		name, tex string
		mod       func(b []byte, off int64)
		want      string // in a warning or a Decode error
	}{
		{"unknown format", "bc1_2d", func(b []byte, o int64) { be.PutUint32(b[o+0x18:], 0x16) }, "format 0x16 is not supported"},
		{"huge width", "bc1_2d", func(b []byte, o int64) { be.PutUint32(b[o+0x08:], 1<<30) }, "outside 1..8192"},
		{"zero height", "bc3_2d", func(b []byte, o int64) { be.PutUint32(b[o+0x0C:], 0) }, "outside 1..8192"},
		{"mip count 0", "bc1_2d", func(b []byte, o int64) { be.PutUint32(b[o+0x14:], 0) }, "mip count 0"},
		{"mip count 200", "bc1_2d", func(b []byte, o int64) { be.PutUint32(b[o+0x14:], 200) }, "mip count 200"},
		{"thick tile mode", "bc1_2d", func(b []byte, o int64) { be.PutUint32(b[o+0x34:], 7) }, "tile mode 7"},
		{"selector 9", "bc5_unorm_2d", func(b []byte, o int64) { b[o+0x8A] = 9 }, "component selector 9"},
		{"image past the file", "bc1_2d", func(b []byte, o int64) { be.PutUint32(b[o+0xB0:], 0x7FFFFFF0) }, "outside the file"},
		{"no image", "bc1_2d", func(b []byte, o int64) { be.PutUint32(b[o+0xB0:], 0) }, "no data pointer"},
		{"image near the end", "rgba8_linear", func(b []byte, o int64) { be.PutUint32(b[o+0xB0:], uint32(int64(len(b))-16-(o+0xB0))) }, "needs 0x"},
		{"mip offset past the data", "bc1_2d", func(b []byte, o int64) { be.PutUint32(b[o+0x48:], 0x7FFFFFF0) }, "outside the file"},
		{"huge dimension grows level 0", "rgba8_linear", func(b []byte, o int64) { be.PutUint32(b[o+0x08:], 8192); be.PutUint32(b[o+0x0C:], 8192) }, "needs 0x"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := append([]byte(nil), orig...)
			c.mod(b, tex(c.tex))
			a := expectTextureProblem(t, b, c.tex, c.want)
			if len(a.Textures)+len(a.Warnings) < 10 {
				t.Errorf("the other textures were lost: %d textures, %q", len(a.Textures), a.Warnings)
			}
		})
	}
}

func TestHostileBNTX(t *testing.T) {
	orig, err := os.ReadFile("testdata/textures/switch/nx_v8.bfres")
	if err != nil {
		t.Fatal(err)
	}
	f, _, err := parseForTextures(orig)
	if err != nil {
		t.Fatal(err)
	}
	bntx := int64(-1)
	for i := 0; i+8 <= len(orig); i += 8 {
		if string(orig[i:i+8]) == "BNTX\x00\x00\x00\x00" {
			bntx = int64(i)
			break
		}
	}
	if bntx < 0 {
		t.Fatal("no BNTX")
	}
	le := binary.LittleEndian
	brti := func(name string) int64 {
		for _, x := range f.Textures {
			if x.Name == name {
				return bntx + x.FileOffset
			}
		}
		t.Fatalf("no texture %q", name)
		return 0
	}
	for _, c := range []struct {
		name, tex string
		mod       func(b []byte, off int64)
		want      string
	}{
		{"unknown format", "bc1_srgb", func(b []byte, o int64) { le.PutUint32(b[o+0x1C:], 0x4401) }, "format 0x4401 is not supported"},
		{"pitch linear", "bc1_srgb", func(b []byte, o int64) { le.PutUint16(b[o+0x12:], 1) }, "pitch linear"},
		{"huge size", "rgba8", func(b []byte, o int64) { le.PutUint32(b[o+0x24:], 16384); le.PutUint32(b[o+0x28:], 16384) }, "needs 0x"},
		{"mip count 0", "bc4_mask", func(b []byte, o int64) { le.PutUint16(b[o+0x16:], 0) }, "mip count 0"},
		{"block height 128", "bc4_mask", func(b []byte, o int64) { le.PutUint32(b[o+0x34:], 7) }, "block height 128"},
		{"channel source 7", "bc5_snorm_nrm", func(b []byte, o int64) { b[o+0x5A] = 7 }, "channel source 7"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := append([]byte(nil), orig...)
			c.mod(b, brti(c.tex))
			expectTextureProblem(t, b, c.tex, c.want)
		})
	}
	// Broken containers: the BNTX's texture count, pointer array and a
	// BRTI pointer; each is one problem naming textures.bntx.
	for _, c := range []struct {
		name string
		mod  func(b []byte)
	}{
		{"texture count", func(b []byte) { le.PutUint32(b[bntx+0x24:], 1<<30) }},
		{"pointer array", func(b []byte) { le.PutUint64(b[bntx+0x28:], 1<<40) }},
		{"BRTI pointer", func(b []byte) {
			arr := le.Uint64(b[bntx+0x28:])
			le.PutUint64(b[bntx+int64(arr):], 3)
		}},
		{"platform", func(b []byte) { copy(b[bntx+0x20:], "PC  ") }},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := append([]byte(nil), orig...)
			c.mod(b)
			a, err := openTexBytes(t, "hostile.bfres", b)
			if err != nil {
				if !strings.Contains(err.Error(), "textures.bntx") {
					t.Errorf("error does not name the BNTX: %v", err)
				}
				return
			}
			if len(a.Textures) != 0 || len(a.Warnings) == 0 || !strings.Contains(strings.Join(a.Warnings, "\n"), "textures.bntx") {
				t.Errorf("textures %d, warnings %q", len(a.Textures), a.Warnings)
			}
		})
	}
}

// Every texture of a truncated file either fails cleanly or decodes.
func TestTruncatedTextureFiles(t *testing.T) {
	for _, p := range []string{"testdata/textures/wiiu/wiiu_tex.bfres", "testdata/textures/switch/nx_v8.bfres", "testdata/textures/switch/nx_v9.bfres", "testdata/textures/wiiu/split.Tex1.bfres"} {
		orig, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{0, 8, 0x6C, 0x200, len(orig) / 2, len(orig) - 1} {
			a, err := openTexBytes(t, p, orig[:n])
			if err != nil {
				continue
			}
			decodeAllTextures(a)
		}
	}
}
