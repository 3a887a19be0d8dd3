package matbind

import (
	"slices"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/mesh"
)

// TestUnbound: a clip none of whose targets names a material (or, BVA, a
// shape index) of the models lists what it animates, each name once; one
// target that binds is enough for nil; joints are not asked.
func TestUnbound(t *testing.T) {
	m := &mesh.Model{Materials: []mesh.Material{{Name: "body"}}, Shapes: make([]mesh.Shape, 2)}
	tgt := func(kind anim.TargetKind, name string, index int) anim.Target {
		return anim.Target{Kind: kind, Name: name, Index: index}
	}
	cases := []struct {
		name    string
		targets []anim.Target
		want    []string
	}{
		{"other game's", []anim.Target{tgt(anim.TexSRTTarget, "eye", 0), tgt(anim.TexSRTTarget, "eye", 1), tgt(anim.MatColorTarget, "kaze", 0)}, []string{"eye", "kaze"}},
		{"one binds", []anim.Target{tgt(anim.TexSRTTarget, "eye", 0), tgt(anim.TexPatternTarget, "body", 0)}, nil},
		{"BVA in range", []anim.Target{tgt(anim.ShapeTarget, "", 1)}, nil},
		{"BVA past the shapes", []anim.Target{tgt(anim.ShapeTarget, "", 5)}, []string{"shape 5"}},
		{"joints only", []anim.Target{tgt(anim.JointTarget, "hand", 0)}, nil},
	}
	for _, c := range cases {
		got := Unbound(&anim.Clip{Targets: c.targets}, []*mesh.Model{m})
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	if got := Unbound(&anim.Clip{Targets: []anim.Target{tgt(anim.TexSRTTarget, "eye", 0)}}, nil); !slices.Equal(got, []string{"eye"}) {
		t.Errorf("no models: %q", got)
	}
}
