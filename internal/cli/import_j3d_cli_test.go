package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/j3d"
)

// TestImportBCARefusals: a BCA target without --model, or with an
// unknown --runtime, and --format without --model, of another kind, or
// with --onto, are one line naming what is wrong, exit 2.
func TestImportBCARefusals(t *testing.T) {
	dir := t.TempDir()
	model := "../../formats/j3d/testdata/j3dmodel/biped.bmd"
	glb := filepath.Join(dir, "walk.glb")
	if code, _, e := runCLI("export", "../../formats/j3d/testdata/j3dmodel/walk.bck", "--model", model, "--out", glb); code != 0 {
		t.Fatalf("export: %s", e)
	}
	bca := "../../formats/j3d/testdata/family/bca_le.bca"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"import", glb, "--onto", bca, "--out", filepath.Join(dir, "o.bca")}, "give the skeleton with --model"},
		{[]string{"import", glb, "--onto", bca, "--model", model, "--runtime", "middle", "--out", filepath.Join(dir, "o.bca")}, `unknown runtime "middle"`},
		{[]string{"import", glb, "--format", "bca", "--out", filepath.Join(dir, "o.bca")}, "a new BCA needs the skeleton it animates: give --model"},
		{[]string{"import", glb, "--format", "btk", "--model", model, "--out", filepath.Join(dir, "o.btk")}, `--format "btk": want bck or bca`},
		{[]string{"import", glb, "--format", "bck", "--onto", bca, "--model", model, "--out", filepath.Join(dir, "o.bck")}, "--format is for a new file without --onto"},
	} {
		code, _, errOut := runCLI(c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line with %q", c.args[1:], code, errOut, c.want)
		}
	}
}

// TestImportRealBCAArchive: Double Dash's bomb BCA, exported from the
// track archive with its model and imported back onto the entry: the
// archive written is the input's bytes (every joint kept exactly).
func TestImportRealBCAArchive(t *testing.T) {
	const arc = "/work/real/mkdd/track.arc"
	raw, err := os.ReadFile(arc)
	if err != nil {
		t.Skip("real files not present")
	}
	const e = arc + ":dstestcircle/objects/minigamebombhei_battle"
	dir := t.TempDir()
	glb, out := filepath.Join(dir, "bomb.glb"), filepath.Join(dir, "track.arc")
	if code, _, se := runCLI("export", e+".bca", "--model", e+".bmd", "--runtime", "early", "--out", glb); code != 0 {
		t.Fatalf("export: %s", se)
	}
	code, so, se := runCLI("import", glb, "--onto", e+".bca", "--model", e+".bmd", "--runtime", "early", "--out", out)
	if code != 0 {
		t.Fatalf("import: %s", se)
	}
	t.Log(so)
	got, _ := os.ReadFile(out)
	if !bytes.Equal(got, raw) {
		t.Errorf("written archive differs from the input (%d vs %d bytes)", len(got), len(raw))
	}
}

// TestImportBTK: a BTK exported and imported onto itself gives its bytes
// back; a glTF of joints only is one line saying it animates no texture
// transform, exit 1.
func TestImportBTK(t *testing.T) {
	dir := t.TempDir()
	const btk = "../../formats/j3d/testdata/btk_multi.btk"
	glb, out := filepath.Join(dir, "multi.glb"), filepath.Join(dir, "out.btk")
	if code, _, e := runCLI("export", btk, "--out", glb); code != 0 {
		t.Fatalf("export: %s", e)
	}
	code, so, se := runCLI("import", glb, "--onto", btk, "--out", out)
	if code != 0 {
		t.Fatalf("import: %s", se)
	}
	got, _ := os.ReadFile(out)
	want, _ := os.ReadFile(btk)
	if !bytes.Equal(got, want) || !strings.Contains(so, "72 keys (target 72), 960 bytes (target 960)") {
		t.Errorf("round trip: %d bytes (want the target's %d), line %q", len(got), len(want), so)
	}
	walk := filepath.Join(dir, "walk.glb")
	if code, _, e := runCLI("export", "../../formats/j3d/testdata/j3dmodel/walk.bck", "--model", "../../formats/j3d/testdata/j3dmodel/biped.bmd", "--out", walk); code != 0 {
		t.Fatalf("export: %s", e)
	}
	code, _, se = runCLI("import", walk, "--onto", btk, "--out", out)
	if code != 1 || !strings.Contains(se, "no channel animates a material's KHR_texture_transform") || strings.Count(se, "\n") != 1 {
		t.Errorf("joints-only glTF onto a BTK: exit %d, stderr %q", code, se)
	}
}

// TestImportNewBCK: --format bck --model writes a new BCK with a track
// set per joint of the model, the glTF's length, and says so.
func TestImportNewBCK(t *testing.T) {
	dir := t.TempDir()
	model := "../../formats/j3d/testdata/j3dmodel/biped.bmd"
	glb, out := filepath.Join(dir, "walk.glb"), filepath.Join(dir, "new.bck")
	if code, _, e := runCLI("export", "../../formats/j3d/testdata/j3dmodel/walk.bck", "--model", model, "--out", glb); code != 0 {
		t.Fatalf("export: %s", e)
	}
	code, so, se := runCLI("import", glb, "--format", "bck", "--model", model, "--out", out)
	if code != 0 {
		t.Fatalf("import: %s", se)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	b, err := j3d.DecodeBCK(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Joints) != 12 || b.Duration != 30 || !strings.Contains(so, "new BCK from") || !strings.Contains(so, fmt.Sprintf("%d bytes", len(data))) {
		t.Errorf("new BCK: %d joints, %d frames (want 12, 30); line %q", len(b.Joints), b.Duration, so)
	}
}
