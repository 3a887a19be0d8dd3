package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ImportBytes returns what `animscope import --out` writes, byte for
// byte, with the command's summary line about the target's file name,
// and writes nothing.
func TestImportBytesIsTheCommandsFile(t *testing.T) {
	dir := t.TempDir()
	glb := filepath.Join(dir, "wave.glb")
	target := bipedSZS + ":biped/bck/wave.bck"
	model := bipedSZS + ":biped/bmdl/biped.bmd"
	if code, _, errOut := runCLI("export", target, "--model", model, "--out", glb); code != 0 {
		t.Fatalf("export: %d %s", code, errOut)
	}
	out := filepath.Join(dir, "biped.szs")
	code, stdout, errOut := runCLI("import", glb, "--onto", target, "--model", model, "--out", out)
	if code != 0 {
		t.Fatalf("import: exit %d: %s", code, errOut)
	}
	written, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadDir(dir)
	data, name, summary, err := ImportBytes(glb, target, model)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, written) {
		t.Errorf("ImportBytes gave %d bytes, the command wrote %d different ones", len(data), len(written))
	}
	want := strings.Replace(strings.TrimSpace(stdout), out, "biped.szs", 1)
	if first, _, _ := strings.Cut(summary, "\n"); name != "biped.szs" || first != want {
		t.Errorf("name %q summary %q, want biped.szs and %q", name, summary, want)
	}
	if after, _ := os.ReadDir(dir); len(after) != len(before) {
		t.Errorf("ImportBytes wrote files: %d entries before, %d after", len(before), len(after))
	}
}
