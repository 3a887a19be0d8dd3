package cli

import (
	"bytes"
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
