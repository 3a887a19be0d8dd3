package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/internal/app/apptest"
)

// TestExportMergesClipsOfOneName: an archive holding a model with
// walk.bck, wave.bck and a walk.btk (the viewer plays walk.bck and
// walk.btk together on it) exports, in a batch, two animations: walk
// (the joint and the texture clip; extras.clips names both entries) and
// wave, and the summary says 2 animations. Exported to one file (which
// takes the joint clips the model pairs with), the clips are named after
// their entries, walk and wave, not both after the archive (which would
// merge clips of different names).
func TestExportMergesClipsOfOneName(t *testing.T) {
	read := func(p string) []byte {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	arc, err := archivetest.WriteRARC("biped", []archivetest.RARCFile{
		{Path: "bck/walk.bck", Data: read(apptest.ModelFixtures + "walk.bck")},
		{Path: "bck/wave.bck", Data: read(apptest.ModelFixtures + "wave.bck")},
		{Path: "bmdl/biped.bmd", Data: read(apptest.ModelFixtures + "biped.bmd")},
		{Path: "btk/walk.btk", Data: read("../../formats/j3d/testdata/btk_basic.btk")},
	})
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(t.TempDir(), "biped.arc")
	if err := os.WriteFile(in, arc, 0o644); err != nil {
		t.Fatal(err)
	}
	check := func(glb string, merged bool) {
		t.Helper()
		d := readGLB(t, glb)
		var names []string
		for _, a := range d.Animations {
			names = append(names, a.Name)
		}
		if strings.Join(names, ",") != "walk,wave" {
			t.Fatalf("%s: animations %v, want walk (merged), wave", glb, names)
		}
		parts, _ := d.Animations[0].Extras["clips"].([]any)
		var srcs []string
		for _, p := range parts {
			srcs = append(srcs, filepath.Base(p.(map[string]any)["source"].(string)))
		}
		if want := map[bool]string{true: "walk.bck,walk.btk"}[merged]; strings.Join(srcs, ",") != want {
			t.Errorf("%s: walk's extras.clips sources %v", glb, srcs)
		}
		if _, ok := d.Animations[1].Extras["clips"]; ok {
			t.Errorf("%s: wave has extras.clips", glb)
		}
	}

	one := filepath.Join(t.TempDir(), "one.glb")
	code, _, stderr := runCLI("export", in, "--all", "--out", one)
	if code != 0 || !strings.Contains(stderr, "wrote "+one+" (2 animations, ") {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	check(one, false)

	out := filepath.Join(t.TempDir(), "gltf")
	code, _, stderr = runCLI("export", in, "--out", out)
	if code != 0 || !strings.Contains(stderr, "export: 1 file with 2 animations (") {
		t.Fatalf("batch exit %d:\n%s", code, stderr)
	}
	check(filepath.Join(out, "biped.glb"), true)
}
