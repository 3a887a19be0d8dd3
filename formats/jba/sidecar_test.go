package jba

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/go-gl/mathgl/mgl64"
)

func TestParseSkeletonJSON(t *testing.T) {
	doc := `{
	  "comment": "parents by name, index, null, -1 and missing; a child before its parent",
	  "bones": [
	    {"name": "Bip01 Spine", "parent": "Bip01 Pelvis"},
	    {"name": "Bip01", "parent": null, "translation": [0, 0, 1.25]},
	    {"name": "Bip01 Pelvis", "parent": 1, "rotation": [0, 0, 2, 0], "scale": [1, 2, 3]},
	    {"name": "GOD", "parent": -1},
	    {"name": "fc_jaw"},
	    {"name": "cape", "parent": ""}
	  ]
	}`
	s, err := ParseSkeletonJSON([]byte(doc), "stem")
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "stem" || s.Mode != anim.Standard || len(s.Joints) != 6 {
		t.Fatalf("skeleton %q mode %v, %d joints", s.Name, s.Mode, len(s.Joints))
	}
	var parents []int
	for _, j := range s.Joints {
		parents = append(parents, j.Parent)
		if !j.Quaternion {
			t.Errorf("joint %q is not quaternion", j.Name)
		}
	}
	if !slices.Equal(parents, []int{2, -1, 1, -1, -1, -1}) {
		t.Errorf("parents %v", parents)
	}
	root := s.Joints[1].Rest
	if root[anim.TransZ] != 1.25 || root[anim.QuatW] != 1 || root[anim.ScaleX] != 1 {
		t.Errorf("Bip01 rest %v", root)
	}
	pelvis := s.Joints[2].Rest
	if pelvis[anim.QuatZ] != 1 || pelvis[anim.QuatW] != 0 || pelvis[anim.ScaleY] != 2 || pelvis[anim.ScaleZ] != 3 {
		t.Errorf("pelvis rest %v (rotation must be normalized)", pelvis)
	}
	named, err := ParseSkeletonJSON([]byte(`{"name": "bfn", "bones": [{"name": "a"}]}`), "stem")
	if err != nil || named.Name != "bfn" {
		t.Errorf("named skeleton: %v %v", named, err)
	}
}

func TestParseSkeletonJSONErrors(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{``, "skeleton-json: EOF"},
		{`{"bones": [}`, "skeleton-json: offset 0xc: invalid character '}' looking for beginning of value"},
		{`{"bones": []}`, `skeleton-json: no "bones"`},
		{`{"bones": [{"name": "a", "parnet": "b"}]}`, `unknown field "parnet"`},
		{`{"bones": [{"name": "a"}]} x`, "data after the top-level object"},
		{`{"bones": [{"name": 3}]}`, `skeleton-json: offset 0x15: "bones.name": want string`},
		{`{"bones": [{"name": "a", "translation": [1, 2]}]}`, `bone 0 ("a"): translation has 2 values, want 3`},
		{`{"bones": [{"name": "a", "rotation": [0, 0, 0, 1, 0]}]}`, `rotation has 5 values, want 4`},
		{`{"bones": [{"name": "a", "scale": []}]}`, `scale has 0 values, want 3`},
		{`{"bones": [{"name": ""}]}`, "bone 0 has no name"},
		{`{"bones": [{"name": "a"}, {"name": "a"}]}`, `bone 1 ("a"): name already used by bone 0`},
		{`{"bones": [{"name": "a", "parent": "b"}]}`, `bone 0 ("a"): parent "b" is not a bone of the file`},
		{`{"bones": [{"name": "a", "parent": 1}]}`, `bone 0 ("a"): parent index 1 is not in 0..0 (or -1 for a root)`},
		{`{"bones": [{"name": "a", "parent": -2}]}`, `parent index -2 is not in 0..0`},
		{`{"bones": [{"name": "a", "parent": 0.5}]}`, `parent 0.5 is not a bone name, an index or null`},
		{`{"bones": [{"name": "a", "parent": true}]}`, `parent true is not a bone name, an index or null`},
		{`{"bones": [{"name": "a", "parent": {}}]}`, `parent {} is not a bone name`},
		{`{"bones": [{"name": "a", "parent": 0}]}`, `bone 0 ("a") is its own parent`},
		{`{"bones": [{"name": "a", "parent": "b"}, {"name": "b", "parent": "a"}]}`, `parent chain forms a cycle`},
		{`{"bones": [{"name": "a", "rotation": [0, 0, 0, 0]}]}`, `rotation [0 0 0 0] is not a non-zero quaternion`},
		{`{"bones": [{"name": "a", "rotation": [1e200, 0, 0, 1]}]}`, `is not a non-zero quaternion`},
		{`{"bones": [{"name": "a", "translation": [1e999, 0, 0]}]}`, `skeleton-json: offset 0x`},
	} {
		_, err := ParseSkeletonJSON([]byte(c.doc), "x")
		if err == nil {
			t.Errorf("%s: parsed", c.doc)
			continue
		}
		var fe *bin.FormatError
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), c.want) || strings.ContainsAny(err.Error(), "\n\r") {
			t.Errorf("%s: error %q, want a one-line FormatError containing %q", c.doc, err, c.want)
		}
	}
	big := `{"bones": [` + strings.Repeat(`{"name": "a"},`, maxSidecarBones) + `{"name": "b"}]}`
	if _, err := ParseSkeletonJSON([]byte(big), "x"); err == nil || !strings.Contains(err.Error(), "65537 bones, more than the limit of 65536") {
		t.Errorf("too many bones: %v", err)
	}
}

func TestBindAliases(t *testing.T) {
	clip := func(names ...string) *anim.Clip {
		return synth(names, 3, []int{0}).Clip("x")
	}
	skel := func(names ...string) *anim.Skeleton {
		s := &anim.Skeleton{Mode: anim.Standard}
		for i, n := range names {
			s.Joints = append(s.Joints, anim.Joint{Name: n, Parent: i - 1, Rest: anim.DefaultBase(), Quaternion: true})
		}
		return s
	}
	for _, c := range []struct {
		name     string
		clip     *anim.Clip
		skel     *anim.Skeleton
		want     []int
		warnings []string
	}{
		{"GOD drives Bip01", clip("GOD", "Bip01 Pelvis"), skel("Bip01", "Bip01 Pelvis"), []int{0, 1}, nil},
		{"Bip01 drives GOD", clip("Bip01", "Bip01 Pelvis"), skel("GOD", "Bip01 Pelvis"), []int{0, 1}, nil},
		{"exact names win", clip("GOD", "Bip01"), skel("Bip01", "GOD"), []int{1, 0}, nil},
		{"missing bone", clip("GOD", "cape"), skel("Bip01"), []int{0}, []string{`animated bone "cape" is not in the skeleton`}},
		{"duplicate track", clip("Bip01", "Bip01"), skel("Bip01"), []int{0}, []string{`animated bone "Bip01" appears more often than in the skeleton; the extra track drives nothing`}},
		{"duplicates bind in order", clip("a", "Bip01", "a"), skel("a", "a", "Bip01"), []int{0, 2, 1}, nil},
		{"unbound joint", clip("Bip01"), skel("Bip01", "Bip01 Pelvis"), []int{0, -1}, nil},
	} {
		b := Bind(c.clip, c.skel)
		if !slices.Equal(b.Target, c.want) || !slices.Equal(b.Warnings, c.warnings) {
			t.Errorf("%s: binding %v %q, want %v %q", c.name, b.Target, b.Warnings, c.want, c.warnings)
		}
	}
}

// A sidecar posed with a JBA clip: world positions follow the sidecar's
// hierarchy, and joints the clip does not drive keep their rest pose.
func TestSidecarPosesClip(t *testing.T) {
	c := synth([]string{"GOD", "Bip01 Spine"}, 4, []int{0}).Clip("x")
	s, err := ParseSkeletonJSON([]byte(`{"bones": [
		{"name": "Bip01"}, {"name": "Bip01 Spine", "parent": "Bip01"},
		{"name": "Bip01 Head", "parent": "Bip01 Spine", "translation": [0, 0, 0.5]}]}`), "s")
	if err != nil {
		t.Fatal(err)
	}
	b := Bind(c, s)
	pose := anim.NewPose(c)
	anim.Evaluate(c, 1.5, pose)
	world := make([]mgl64.Mat4, 3)
	s.World(pose, &b, world)
	// Head at spine world · (0, 0, 0.5).
	head := world[1].Mul4x1(mgl64.Vec4{0, 0, 0.5, 1})
	for k := 0; k < 3; k++ {
		if math.Abs(world[2][12+k]-head[k]) > 1e-12 {
			t.Fatalf("head world %v, want %v", world[2].Col(3), head)
		}
	}
	if world[0] == world[1] || world[0][12] != pose.Targets[0].V[anim.TransX] {
		t.Errorf("root world %v not the GOD track %v", world[0].Col(3), pose.Targets[0].V)
	}
}
