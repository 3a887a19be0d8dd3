package cli

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/app/apptest"
)

// samplerKinds counts the interpolations of a GLB's animation samplers.
func samplerKinds(t *testing.T, path string) map[string]int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 20 || string(b[:4]) != "glTF" {
		t.Fatalf("%s is not a GLB", path)
	}
	n := binary.LittleEndian.Uint32(b[12:16])
	var d struct {
		Animations []struct {
			Samplers []struct {
				Interpolation string `json:"interpolation"`
			} `json:"samplers"`
		} `json:"animations"`
	}
	if err := json.Unmarshal(b[20:20+n], &d); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, a := range d.Animations {
		for _, s := range a.Samplers {
			k := s.Interpolation
			if k == "" {
				k = "LINEAR" // the glTF default
			}
			kinds[k]++
		}
	}
	return kinds
}

// TestExportInterpolation: a clip of smooth curves exports with LINEAR
// joint channels by default and with CUBICSPLINE ones under
// --interpolation cubic, for one output file and for a batch; any other
// value is a usage error.
func TestExportInterpolation(t *testing.T) {
	dir := t.TempDir()
	in := apptest.BFRESFixtures + "export_bench.bfres"
	for _, tc := range []struct {
		args  []string
		out   string
		cubic bool
	}{
		{[]string{"--clip", "Anim_00"}, filepath.Join(dir, "linear.glb"), false},
		{[]string{"--clip", "Anim_00", "--interpolation", "linear"}, filepath.Join(dir, "linear2.glb"), false},
		{[]string{"--clip", "Anim_00", "--interpolation", "cubic"}, filepath.Join(dir, "cubic.glb"), true},
		{[]string{"--interpolation", "cubic"}, filepath.Join(dir, "batch"), true},
	} {
		args := append([]string{"export", in, "--out", tc.out}, tc.args...)
		if code, _, stderr := runCLI(args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		file := tc.out
		if !strings.HasSuffix(file, ".glb") {
			file = filepath.Join(tc.out, "export_bench.glb")
		}
		kinds := samplerKinds(t, file)
		if got := kinds["CUBICSPLINE"] > 0; got != tc.cubic || kinds["LINEAR"] == 0 && !tc.cubic {
			t.Errorf("%v: samplers %v", tc.args, kinds)
		}
	}
	if code, _, stderr := runCLI("export", in, "--interpolation", "bezier", "--out", filepath.Join(dir, "x.glb")); code != 2 || !strings.Contains(stderr, "want linear or cubic") {
		t.Errorf("--interpolation bezier: exit %d, %q", code, stderr)
	}
}
