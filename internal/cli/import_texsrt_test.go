package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportOntoTexSRT exports each BFRES texture SRT fixture clip (Wii
// U FSHU, Switch FMAA) and imports the glTF onto the same clip: OUT is
// the target byte for byte, every clip samples as before, and a clip
// the file lacks is an error listing the clips an import can replace.
func TestImportOntoTexSRT(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		file  string
		clip  string
		clips []string
	}{
		{bfresTestdata + "texsrt.bfres", "Blink", []string{"ScrollWater", "Blink"}},
		{bfresTestdata + "texsrt.bfres", "ScrollWater", []string{"ScrollWater", "Blink"}},
		{bfresTestdata + "switch/nx04_v10_texsrt.bfres", "Ripple_fts", []string{"Ripple_fts"}},
	} {
		glb := filepath.Join(dir, c.clip+".glb")
		if code, _, errOut := runCLI("export", c.file, "--clip", c.clip, "--out", glb); code != 0 {
			t.Fatalf("export %s: %d %s", c.clip, code, errOut)
		}
		out := filepath.Join(dir, c.clip+".bfres")
		code, stdout, errOut := runCLI("import", glb, "--onto", c.file+":"+c.clip, "--out", out)
		if code != 0 {
			t.Fatalf("import %s: %d %s", c.clip, code, errOut)
		}
		if !strings.Contains(stdout, "texture SRT") || !strings.Contains(stdout, "texture matrix entry") {
			t.Errorf("import %s: summary %q does not say texture SRT and what it measured", c.clip, stdout)
		}
		want, _ := os.ReadFile(c.file)
		got, _ := os.ReadFile(out)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: unedited round trip changed the file (%d bytes, target %d)", c.clip, len(got), len(want))
		}
		before, after := sampleAll(t, c.file, c.clips), sampleAll(t, out, c.clips)
		for _, n := range c.clips {
			if before[n] != after[n] {
				t.Errorf("%s: clip %s samples differently after the import", c.clip, n)
			}
		}
		code, _, errOut = runCLI("import", glb, "--onto", c.file+":Nope", "--out", filepath.Join(dir, "nope.bfres"))
		if code != 1 || !strings.Contains(errOut, `"Nope"`) || !strings.Contains(errOut, strings.Join(c.clips, ", ")) {
			t.Errorf("onto a missing clip: exit %d, %q; want 1 and the clips listed (%s)", code, errOut, strings.Join(c.clips, ", "))
		}
	}
}

// TestImportOntoFaceClip: BotW names a face's texture SRT animation like
// the skeletal animation it plays with, and export writes the two as one
// glTF animation; importing that onto the name replaces both, and
// unedited gives the file back byte for byte. Skipped without the
// retail file (never in the repository).
func TestImportOntoFaceClip(t *testing.T) {
	const file = "/work/real/botw/Npc_Gerudo_Queen_Animation.bfres"
	want, err := os.ReadFile(file)
	if err != nil {
		t.Skip("no retail files here")
	}
	dir := t.TempDir()
	glb := filepath.Join(dir, "blink.glb")
	if code, _, errOut := runCLI("export", file, "--clip", "Face_Default_Joy_Blink", "--out", glb); code != 0 {
		t.Fatalf("export: %d %s", code, errOut)
	}
	out := filepath.Join(dir, "out.bfres")
	code, stdout, errOut := runCLI("import", glb, "--onto", file+":Face_Default_Joy_Blink", "--out", out)
	if code != 0 {
		t.Fatalf("import: %d %s", code, errOut)
	}
	if !strings.Contains(stdout, "FSKA and texture SRT") {
		t.Errorf("summary %q does not say both animations were replaced", stdout)
	}
	if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
		t.Errorf("unedited round trip changed the file (%d bytes, target %d)", len(got), len(want))
	}
}
