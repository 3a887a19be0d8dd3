package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/animscope/animscope/formats/archive"
)

const bfresTestdata = "../../formats/bfres/testdata/"

// sampleAll is `animscope sample --json` of every skeletal clip of a
// file, the file name left out (it differs between input and output).
func sampleAll(t *testing.T, file string, clips []string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, c := range clips {
		code, stdout, errOut := runCLI("sample", file, "--clip", c, "--frames", "-2:30:0.25", "--json")
		if code != 0 {
			t.Fatalf("sample %s --clip %s: %d %s", file, c, code, errOut)
		}
		lines := strings.Split(stdout, "\n")
		for i, l := range lines {
			if strings.HasPrefix(strings.TrimSpace(l), `"file":`) {
				lines[i] = ""
			}
		}
		out[c] = strings.Join(lines, "\n")
	}
	return out
}

// TestImportOntoBFRES exports a clip of each kind of BFRES target and
// imports the glTF onto the same clip: a loose Wii U file paired with
// the model file beside it, a Yaz0 .sbfres, a Switch file in a Yaz0
// SARC and the same SARC compressed with Zstandard. OUT is of the
// target's kind and compression, every clip of it samples as the
// target's does, byte for byte in `sample --json` (the clip imported
// included: its bones keep their curves), and the input is untouched.
func TestImportOntoBFRES(t *testing.T) {
	dir := t.TempDir()
	copyTo := func(src, name string) string {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	anims := copyTo(bfresTestdata+"multi_model_Animation.bfres", "multi_model_Animation.bfres")
	copyTo(bfresTestdata+"multi_model.bfres", "multi_model.bfres")
	raw, _ := os.ReadFile(bfresTestdata + "skel_anim.bfres")
	yaz, err := archive.CompressYaz0(raw, [8]byte{})
	if err != nil {
		t.Fatal(err)
	}
	sbfres := filepath.Join(dir, "skel_anim.sbfres")
	os.WriteFile(sbfres, yaz, 0o644)
	// Mario Kart 8 Deluxe names its Yaz0 BFRES drivers .szs, like SARCs.
	bfresSzs := filepath.Join(dir, "skel_anim.szs")
	os.WriteFile(bfresSzs, yaz, 0o644)
	szs := copyTo(bfresTestdata+"switch/nx06_v10_archive.szs", "nx06.szs")
	stored, _ := os.ReadFile(szs)
	sarc, err := archive.DecompressYaz0(stored)
	if err != nil {
		t.Fatal(err)
	}
	enc, _ := zstd.NewWriter(nil)
	zs := filepath.Join(dir, "nx06.zs")
	os.WriteFile(zs, enc.EncodeAll(sarc, nil), 0o644)
	for _, c := range []struct {
		name, file, entry, clip, out, model string
		clips                               []string
		compressed                          func([]byte) bool
	}{
		{"wiiu beside its model", anims, "", "Wave", "out_Animation.bfres", "multi_model.bfres", []string{"Wave", "Spin"}, nil},
		{"wiiu yaz0", sbfres, "", "Trot", "out.sbfres", "skel_anim.sbfres", []string{"Trot"}, archive.IsYaz0},
		{"wiiu yaz0 named szs", bfresSzs, "", "Trot", "out2.szs", "skel_anim.szs", []string{"Trot"}, archive.IsYaz0},
		{"switch sarc yaz0", szs, "Lantern.bfres", "Sway", "out.szs", "Lantern.bfres", []string{"Sway", "Open"}, archive.IsYaz0},
		{"switch sarc zstd", zs, "Lantern.bfres", "Open", "out.zs", "Lantern.bfres", []string{"Sway", "Open"}, archive.IsZstd},
	} {
		t.Run(c.name, func(t *testing.T) {
			before, _ := os.ReadFile(c.file)
			file := c.file
			if c.entry != "" {
				file += ":" + c.entry
			}
			glb := filepath.Join(dir, c.clip+".glb")
			if code, _, errOut := runCLI("export", file, "--clip", c.clip, "--out", glb); code != 0 {
				t.Fatalf("export: %d %s", code, errOut)
			}
			out := filepath.Join(dir, c.out)
			code, stdout, errOut := runCLI("import", glb, "--onto", file+":"+c.clip, "--out", out)
			if code != 0 {
				t.Fatalf("import: exit %d: %s", code, errOut)
			}
			if !strings.HasPrefix(stdout, out+": FSKA from "+glb) || strings.Count(stdout, "\n") != 1 {
				t.Errorf("stdout %q, want one line about %s", stdout, out)
			}
			if !strings.Contains(errOut, "of "+filepath.Join(dir, c.model)) && !strings.Contains(errOut, c.model+" (the pairing rule") {
				t.Errorf("stderr %q does not name the model the pairing rule gives (%s)", errOut, c.model)
			}
			written, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if c.compressed != nil && !c.compressed(written) {
				t.Errorf("OUT is not compressed as the target is")
			}
			outFile := out
			if c.entry != "" {
				outFile += ":" + c.entry
			}
			want, got := sampleAll(t, file, c.clips), sampleAll(t, outFile, c.clips)
			for _, clip := range c.clips {
				if want[clip] != got[clip] {
					t.Errorf("clip %s samples differently in OUT", clip)
				}
			}
			if after, _ := os.ReadFile(c.file); !bytes.Equal(after, before) {
				t.Error("the input changed")
			}
		})
	}
}

// TestImportOntoBFRESBadClip: a clip the file lacks is one line naming
// the clips it has.
func TestImportOntoBFRESBadClip(t *testing.T) {
	dir := t.TempDir()
	target := bfresTestdata + "skel_anim.bfres"
	glb := filepath.Join(dir, "Trot.glb")
	if code, _, errOut := runCLI("export", target, "--out", glb); code != 0 {
		t.Fatalf("export: %d %s", code, errOut)
	}
	code, _, errOut := runCLI("import", glb, "--onto", target+":Gallop", "--out", filepath.Join(dir, "o.bfres"))
	if code != 1 || !strings.Contains(errOut, `"Gallop"`) || !strings.Contains(errOut, "Trot") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("exit %d, stderr %q; want 1 and one line naming Gallop and the clip Trot", code, errOut)
	}
}
