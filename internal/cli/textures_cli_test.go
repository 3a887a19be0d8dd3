package cli

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/internal/app/apptest"
)

const gxTextureFixtures = "../../formats/texture/testdata/gx/"

// TestTexturesBTI: textures writes a BTI's one texture as NAME.png (mip 0,
// the header's size) and prints its line; the same from inside an
// archive (FILE:PATH).
func TestTexturesBTI(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI("textures", gxTextureFixtures+"cmpr_64x48_mips3.bti", "--out", dir)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	want := "cmpr_64x48_mips3: CMPR 64x48, 3 mip levels -> " + filepath.Join(dir, "cmpr_64x48_mips3.png") + "\n"
	if out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	f, err := os.Open(filepath.Join(dir, "cmpr_64x48_mips3.png"))
	apptest.Must(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	apptest.Must(t, err)
	if img.Bounds().Dx() != 64 || img.Bounds().Dy() != 48 {
		t.Errorf("PNG %v, want 64x48", img.Bounds())
	}
}

// TestTexturesStraightAlpha: the PNG holds the decoded bytes as they are
// (straight alpha): an IA8 texel of alpha 0x40 keeps its intensity.
func TestTexturesStraightAlpha(t *testing.T) {
	dir := t.TempDir()
	if code, _, errOut := runCLI("textures", gxTextureFixtures+"ia8_10x7.bti", "--out", dir); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	raw, err := os.ReadFile(gxTextureFixtures + "ia8_10x7.bti")
	apptest.Must(t, err)
	f, err := os.Open(filepath.Join(dir, "ia8_10x7.png"))
	apptest.Must(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	apptest.Must(t, err)
	// Texel (0, 0) is the first two bytes of the data: alpha, intensity.
	a, i := raw[0x20], raw[0x21]
	c := img.At(0, 0)
	nr, ng, nb, na := c.RGBA() // premultiplied 16-bit; undo for the check
	if na>>8 != uint32(a) {
		t.Fatalf("alpha %d, want %d", na>>8, a)
	}
	if a != 0 {
		for _, v := range []uint32{nr, ng, nb} {
			if got := v * 0xFFFF / na >> 8; got+1 < uint32(i) || got > uint32(i)+1 {
				t.Errorf("intensity %d, want %d (alpha %d)", got, i, a)
			}
		}
	}
}

func TestTexturesErrors(t *testing.T) {
	dir := t.TempDir()
	bti := gxTextureFixtures + "i4_13x9.bti"
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"textures", bti}, ExitUsage, "--out DIR is required"},
		{[]string{"textures", "--out", dir}, ExitUsage, "want exactly one FILE, got 0"},
		{[]string{"textures", bti, bti, "--out", dir}, ExitUsage, "want exactly one FILE, got 2"},
		{[]string{"textures", "../../formats/j3d/testdata/tiny.bck", "--out", dir}, ExitInput, "tiny.bck: holds no textures (it is a bck file)"},
		{[]string{"textures", filepath.Join(dir, "missing.bti"), "--out", dir}, ExitInput, "missing.bti"},
		{[]string{"textures", bti, "--out", bti}, ExitInput, "i4_13x9.bti"}, // --out is a file
	}
	for _, c := range cases {
		code, _, errOut := runCLI(c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q on one line", c.args, code, errOut, c.code, c.want)
		}
	}

	// Data cut short: one line naming the file, the texture and what is
	// missing.
	data, err := os.ReadFile(bti)
	apptest.Must(t, err)
	cut := filepath.Join(dir, "cut.bti")
	apptest.Must(t, os.WriteFile(cut, data[:len(data)-8], 0o644))
	code, _, errOut := runCLI("textures", cut, "--out", dir)
	if code != ExitInput || !strings.Contains(errOut, `cut.bti: bti: texture "cut": offset 0x1c: image data at 0x20: level 0 (13x9 I4) needs 128 bytes`) || strings.Count(errOut, "\n") != 1 {
		t.Errorf("cut BTI: exit %d, stderr %q", code, errOut)
	}
}

// TestPNGNames: a name used again gets #1, #2; a name that already looks
// like such a repeat is not overwritten; path separators cannot leave DIR.
func TestPNGNames(t *testing.T) {
	got := pngNames([]string{"a", "a", "a#1", "a", "b/../../x", "", ".."})
	want := []string{"a.png", "a#1.png", "a#1#1.png", "a#2.png", "b_.._.._x.png", "_.png", "_...png"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("names %q, want %q", got, want)
			break
		}
	}
}

// TestTexturesArchive: textures on an archive writes the textures of every
// entry that holds some (as FILE:PATH would for each) and skips entries
// that hold none, such as an animation.
func TestTexturesArchive(t *testing.T) {
	bti1, err := os.ReadFile(gxTextureFixtures + "cmpr_64x48_mips3.bti")
	apptest.Must(t, err)
	bti2, err := os.ReadFile(gxTextureFixtures + "ia8_10x7.bti")
	apptest.Must(t, err)
	bck, err := os.ReadFile("../../formats/j3d/testdata/tiny.bck")
	apptest.Must(t, err)
	arc, err := archivetest.WriteRARC("root", []archivetest.RARCFile{
		{Path: "timg/a.bti", Data: bti1}, {Path: "timg/b.bti", Data: bti2}, {Path: "bck/walk.bck", Data: bck},
	})
	apptest.Must(t, err)
	in := filepath.Join(t.TempDir(), "menu.arc")
	apptest.Must(t, os.WriteFile(in, arc, 0o644))
	dir := t.TempDir()
	code, out, errOut := runCLI("textures", in, "--out", dir)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for name, size := range map[string][2]int{"a.png": {64, 48}, "b.png": {10, 7}} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("%s not written (stdout %q)", name, out)
			continue
		}
		img, err := png.Decode(f)
		f.Close()
		apptest.Must(t, err)
		if img.Bounds().Dx() != size[0] || img.Bounds().Dy() != size[1] {
			t.Errorf("%s: %v, want %dx%d", name, img.Bounds(), size[0], size[1])
		}
	}
	if n := strings.Count(out, "\n"); n != 2 {
		t.Errorf("%d lines, want one per texture (2): %q", n, out)
	}
}
