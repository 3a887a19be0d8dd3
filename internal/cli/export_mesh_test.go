package cli

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/mesh"
)

// TestExportJobsCarryMeshes: a model file's export job carries the
// models its skeleton poses (a model posed by the file's other skeleton
// is left out with a warning); --no-mesh carries none.
func TestExportJobsCarryMeshes(t *testing.T) {
	skel := func(name string) *anim.Skeleton {
		s := &anim.Skeleton{Name: name, Mode: anim.Standard, Joints: []anim.Joint{{Name: name + "_root", Parent: -1, Rest: anim.DefaultBase()},
			{Name: name + "_a", Parent: 0, Rest: anim.DefaultBase()}, {Name: name + "_b", Parent: 1, Rest: anim.DefaultBase()}}}
		if err := s.Finish(); err != nil {
			t.Fatal(err)
		}
		return s
	}
	a := &formats.Asset{Format: "bfres", Skeletons: []*anim.Skeleton{skel("Body"), skel("Far")},
		Models: []*mesh.Model{{Name: "Body", Skeleton: 0}, {Name: "Far", Skeleton: 1}}}
	srcs := []*formats.Source{{Path: "npc.bfres", Dir: ".", Asset: a}}
	for _, noMesh := range []bool{false, true} {
		var stderr bytes.Buffer
		jobs := planJobs(srcs, exportFlags{out: t.TempDir(), noMesh: noMesh}, nil, nil, &stderr)
		if len(jobs) != 1 {
			t.Fatalf("%d jobs", len(jobs))
		}
		sc := jobs[0].scene
		want := a.Models[0]
		if sc.Skeleton == a.Skeletons[1] {
			want = a.Models[1]
		}
		switch {
		case noMesh && len(sc.Models) != 0:
			t.Errorf("--no-mesh: %d models exported", len(sc.Models))
		case !noMesh && (len(sc.Models) != 1 || sc.Models[0] != want):
			t.Errorf("models %v on skeleton %s", sc.Models, sc.Skeleton.Name)
		case !noMesh && !strings.Contains(stderr.String(), "has a skeleton of its own"):
			t.Errorf("no warning for the other model: %q", stderr.String())
		}
	}
}

// TestExportMeshCLI: exporting a J3D model with shapes writes one glTF
// mesh per shape with the contract's extras; --no-mesh writes none.
func TestExportMeshCLI(t *testing.T) {
	model := "../export/testdata/synth.bmd"
	for _, noMesh := range []bool{false, true} {
		out := filepath.Join(t.TempDir(), "synth.glb")
		args := []string{"export", model, "--out", out}
		if noMesh {
			args = append(args, "--no-mesh")
		}
		code, _, stderr := runCLI(args...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		var d struct {
			Meshes []struct {
				Extras map[string]any `json:"extras"`
			} `json:"meshes"`
			Skins []any `json:"skins"`
		}
		n := binary.LittleEndian.Uint32(b[12:16])
		if err := json.Unmarshal(b[20:20+n], &d); err != nil {
			t.Fatal(err)
		}
		switch {
		case noMesh && (len(d.Meshes) != 0 || len(d.Skins) != 0):
			t.Errorf("--no-mesh: %d meshes, %d skins", len(d.Meshes), len(d.Skins))
		case !noMesh && (len(d.Meshes) != 2 || len(d.Skins) != 1):
			t.Errorf("%d meshes, %d skins, want 2 and 1", len(d.Meshes), len(d.Skins))
		case !noMesh:
			for i, m := range d.Meshes {
				if m.Extras["model"] != "synth.bmd" || m.Extras["shape"] != float64(i) || m.Extras["name"] != fmt.Sprintf("shape%d", i) {
					t.Errorf("mesh %d extras %v", i, m.Extras)
				}
			}
		}
	}
}
