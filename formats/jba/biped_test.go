package jba

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/go-gl/mathgl/mgl64"
)

// swtorBones is a SWTOR-style humanoid bone list: the 3ds Max Biped bones
// of a full rig (three spine links, one neck link, five three-segment
// fingers, one toe, ponytails, twist links in both spellings Max uses,
// props, nubs), SWTOR's "fc_" facial bones, and non-Biped extras (cloth and
// attachment bones). Written from Biped's naming scheme; no game file was
// used. Each entry is {bone, expected parent} with the default options;
// the parents are written out by hand, not computed. File order is
// shuffled against the hierarchy on purpose.
var swtorBones = [][2]string{
	{"Bip01 L Calf", "Bip01 L Thigh"},
	{"Bip01", ""},
	{"Bip01 Pelvis", "Bip01"},
	{"Bip01 Spine", "Bip01 Pelvis"},
	{"Bip01 Spine1", "Bip01 Spine"},
	{"Bip01 Spine2", "Bip01 Spine1"},
	{"Bip01 Neck", "Bip01 Spine2"},
	{"Bip01 Head", "Bip01 Neck"},
	{"Bip01 HeadNub", "Bip01 Head"},
	{"Bip01 Ponytail1", "Bip01 Head"},
	{"Bip01 Ponytail11", "Bip01 Ponytail1"},
	{"Bip01 Ponytail12", "Bip01 Ponytail11"},
	{"Bip01 Ponytail1Nub", "Bip01 Ponytail12"},
	{"Bip01 Ponytail2", "Bip01 Head"},
	{"Bip01 Ponytail21", "Bip01 Ponytail2"},
	{"Bip01 L Clavicle", "Bip01 Neck"},
	{"Bip01 L UpperArm", "Bip01 L Clavicle"},
	{"Bip01 L Forearm", "Bip01 L UpperArm"},
	{"Bip01 L Hand", "Bip01 L Forearm"},
	{"Bip01 L Finger0", "Bip01 L Hand"},
	{"Bip01 L Finger01", "Bip01 L Finger0"},
	{"Bip01 L Finger02", "Bip01 L Finger01"},
	{"Bip01 L Finger0Nub", "Bip01 L Finger02"},
	{"Bip01 L Finger1", "Bip01 L Hand"},
	{"Bip01 L Finger11", "Bip01 L Finger1"},
	{"Bip01 L Finger12", "Bip01 L Finger11"},
	{"Bip01 L Finger2", "Bip01 L Hand"},
	{"Bip01 L Finger21", "Bip01 L Finger2"},
	{"Bip01 L Finger22", "Bip01 L Finger21"},
	{"Bip01 L Finger3", "Bip01 L Hand"},
	{"Bip01 L Finger31", "Bip01 L Finger3"},
	{"Bip01 L Finger32", "Bip01 L Finger31"},
	{"Bip01 L Finger4", "Bip01 L Hand"},
	{"Bip01 L Finger41", "Bip01 L Finger4"},
	{"Bip01 L Finger42", "Bip01 L Finger41"},
	{"Bip01 L ForeTwist", "Bip01 L Forearm"},
	{"Bip01 L ForeTwist1", "Bip01 L ForeTwist"},
	{"Bip01 LUpArmTwist", "Bip01 L UpperArm"},
	{"Bip01 R Clavicle", "Bip01 Neck"},
	{"Bip01 R UpperArm", "Bip01 R Clavicle"},
	{"Bip01 R Forearm", "Bip01 R UpperArm"},
	{"Bip01 R Hand", "Bip01 R Forearm"},
	{"Bip01 R Finger0", "Bip01 R Hand"},
	{"Bip01 R Finger01", "Bip01 R Finger0"},
	{"Bip01 R Finger02", "Bip01 R Finger01"},
	{"Bip01 R Finger1", "Bip01 R Hand"},
	{"Bip01 R Finger11", "Bip01 R Finger1"},
	{"Bip01 R Finger12", "Bip01 R Finger11"},
	{"Bip01 R Finger2", "Bip01 R Hand"},
	{"Bip01 R Finger21", "Bip01 R Finger2"},
	{"Bip01 R Finger22", "Bip01 R Finger21"},
	{"Bip01 R Finger3", "Bip01 R Hand"},
	{"Bip01 R Finger31", "Bip01 R Finger3"},
	{"Bip01 R Finger32", "Bip01 R Finger31"},
	{"Bip01 R Finger4", "Bip01 R Hand"},
	{"Bip01 R Finger41", "Bip01 R Finger4"},
	{"Bip01 R Finger42", "Bip01 R Finger41"},
	{"Bip01 R ForeTwist", "Bip01 R Forearm"},
	{"Bip01 R UpArmTwist", "Bip01 R UpperArm"},
	{"Bip01 Prop1", "Bip01 R Hand"},
	{"Bip01 Prop2", "Bip01 L Hand"},
	{"Bip01 L Thigh", "Bip01 Pelvis"},
	{"Bip01 L ThighTwist", "Bip01 L Thigh"},
	{"Bip01 L CalfTwist", "Bip01 L Calf"},
	{"Bip01 L Foot", "Bip01 L Calf"},
	{"Bip01 L Toe0", "Bip01 L Foot"},
	{"Bip01 L Toe0Nub", "Bip01 L Toe0"},
	{"Bip01 R Thigh", "Bip01 Pelvis"},
	{"Bip01 R Calf", "Bip01 R Thigh"},
	{"Bip01 R Foot", "Bip01 R Calf"},
	{"Bip01 R Toe0", "Bip01 R Foot"},
	{"Bip01 R Toe0Nub", "Bip01 R Toe0"},
	{"fc_jaw", "Bip01 Head"},
	{"fc_tongue_01", "Bip01 Head"},
	{"fc_tongue_02", "Bip01 Head"},
	{"fc_lip_upper", "Bip01 Head"},
	{"fc_lip_lower", "Bip01 Head"},
	{"fc_lip_corner_left", "Bip01 Head"},
	{"fc_lip_corner_right", "Bip01 Head"},
	{"fc_eye_left", "Bip01 Head"},
	{"fc_eye_right", "Bip01 Head"},
	{"fc_eyelid_upper_left", "Bip01 Head"},
	{"fc_eyelid_lower_left", "Bip01 Head"},
	{"fc_eyelid_upper_right", "Bip01 Head"},
	{"fc_eyelid_lower_right", "Bip01 Head"},
	{"fc_brow_inner_left", "Bip01 Head"},
	{"fc_brow_outer_left", "Bip01 Head"},
	{"fc_brow_inner_right", "Bip01 Head"},
	{"fc_brow_outer_right", "Bip01 Head"},
	{"fc_cheek_left", "Bip01 Head"},
	{"fc_cheek_right", "Bip01 Head"},
	{"fc_nose", "Bip01 Head"},
	{"FC_Ear_Left", "Bip01 Head"},
	// Not Biped names: no rule may guess their parent.
	{"Bip01 Xtra01", "?"},
	{"cape_01", "?"},
	{"cape_02", "?"},
	{"weapon_right", "?"},
	{"Bip01 L Finger5", "?"},
	{"Bip01 Spine12", "?"},
	{"Bip01 Prop3", "?"},
}

func checkHierarchy(t *testing.T, list [][2]string, opt BipedOptions) {
	t.Helper()
	names := make([]string, len(list))
	for i, e := range list {
		names[i] = e[0]
	}
	h := InferBiped(names, opt)
	var wantUnplaced []int
	links := 0
	for i, e := range list {
		want := e[1]
		got := ""
		if p := h.Parents[i]; p >= 0 {
			got = names[p]
		}
		if want == "?" {
			wantUnplaced = append(wantUnplaced, i)
			want = ""
			if h.Placed[i] {
				t.Errorf("%q was placed, want unplaced", e[0])
			}
		} else if !h.Placed[i] {
			t.Errorf("%q was not placed", e[0])
		}
		if want != "" {
			links++
		}
		if got != want {
			t.Errorf("%q: parent %q, want %q", e[0], got, want)
		}
	}
	if !slices.Equal(h.Unplaced, wantUnplaced) {
		t.Errorf("unplaced %v, want %v", h.Unplaced, wantUnplaced)
	}
	if h.Links != links {
		t.Errorf("links %d, want %d", h.Links, links)
	}
}

func TestBipedSWTORList(t *testing.T) {
	checkHierarchy(t, swtorBones, BipedOptions{})
}

// The Triangle options move exactly the thighs and the clavicles.
func TestBipedTriangleOptions(t *testing.T) {
	list := slices.Clone(swtorBones)
	for i, e := range list {
		switch e[0] {
		case "Bip01 L Thigh", "Bip01 R Thigh":
			list[i][1] = "Bip01 Spine"
		case "Bip01 L Clavicle", "Bip01 R Clavicle":
			list[i][1] = "Bip01 Spine2"
		}
	}
	checkHierarchy(t, list, BipedOptions{TrianglePelvis: true, TriangleNeck: true})
}

// Links absent from the file are skipped: the parent is the nearest
// ancestor Biped would give that is present.
func TestBipedMissingLinks(t *testing.T) {
	// Spine3 without Spine2 hangs from Spine1; the head from the only neck
	// link (Neck1), which hangs from the top spine link because Neck is
	// missing; the hand from where its clavicle would hang.
	names := []string{"Bip01", "Bip01 Spine", "Bip01 Spine1", "Bip01 Spine3", "Bip01 Head", "Bip01 L Hand",
		"Bip01 L Finger02", "Bip01 L Finger0Nub", "Bip01 R Foot", "bip01  r toe0", "fc_jaw", "Bip01 Neck1"}
	want := []string{"", "Bip01", "Bip01 Spine", "Bip01 Spine1", "Bip01 Neck1", "Bip01 Spine3",
		"Bip01 L Hand", "Bip01 L Finger02", "Bip01", "Bip01 R Foot", "Bip01 Head", "Bip01 Spine3"}
	h := InferBiped(names, BipedOptions{})
	for i := range names {
		got := ""
		if p := h.Parents[i]; p >= 0 {
			got = names[p]
		}
		if got != want[i] || !h.Placed[i] {
			t.Errorf("%q: parent %q placed %v, want %q", names[i], got, h.Placed[i], want[i])
		}
	}
}

// GOD is the root of SWTOR files; the importer renames it to Bip01.
func TestBipedGOD(t *testing.T) {
	// Without Bip01, GOD stands in for it.
	checkHierarchy(t, [][2]string{
		{"GOD", ""}, {"Bip01 Spine", "GOD"}, {"Bip01 L Clavicle", "Bip01 Spine"}, {"Bip01 L UpperArm", "Bip01 L Clavicle"},
		{"fc_jaw", "Bip01 Spine"}, // no head or neck: the top spine link
	}, BipedOptions{})
	checkHierarchy(t, [][2]string{{"Bip01 Pelvis", "GOD"}, {"GOD", ""}}, BipedOptions{})
	// With both, GOD is the root above Bip01.
	checkHierarchy(t, [][2]string{{"Bip01", "GOD"}, {"Bip01 Pelvis", "Bip01"}, {"GOD", ""}}, BipedOptions{})
	// Two Biped rigs hang from one GOD.
	checkHierarchy(t, [][2]string{{"GOD", ""}, {"Bip01", "GOD"}, {"Bip02", "GOD"}, {"Bip02 Pelvis", "Bip02"}, {"Bip01 Pelvis", "Bip01"}}, BipedOptions{})
}

func TestBipedFacialWithoutHead(t *testing.T) {
	// fc_jaw in a file whose Biped has no head hangs from the top link
	// the head would hang from; without any Biped bone it is a root.
	h := InferBiped([]string{"Bip01", "Bip01 Neck", "fc_jaw"}, BipedOptions{})
	if h.Parents[2] != 1 {
		t.Errorf("fc_jaw parent %d, want 1 (Bip01 Neck)", h.Parents[2])
	}
	h = InferBiped([]string{"fc_jaw", "fc_nose"}, BipedOptions{})
	if h.Links != 0 || !h.Placed[0] || h.Parents[0] != -1 {
		t.Errorf("facial-only file: %+v", h)
	}
}

// BipedSkeleton on a synthetic clip: the hierarchy of InferBiped, every
// joint's rest pose = frame 0, and posing it with the clip moves a child
// with its parent.
func TestBipedSkeleton(t *testing.T) {
	names := []string{"GOD", "Bip01 Pelvis", "Bip01 Spine", "Bip01 L Thigh", "fc_jaw", "cape_01"}
	f := synth(names, 6, []int{0, 3})
	c := f.Clip("walk")
	s, unplaced, ok := BipedSkeleton(c, BipedOptions{})
	if !ok {
		t.Fatal("no skeleton")
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	if s.Name != "walk" || s.Mode != anim.Standard || !slices.Equal(unplaced, []string{"cape_01"}) {
		t.Errorf("skeleton %q mode %v unplaced %q", s.Name, s.Mode, unplaced)
	}
	wantParents := []int{-1, 0, 1, 1, 2, -1} // fc_jaw: no head or neck, so the top spine link
	for i, j := range s.Joints {
		if j.Parent != wantParents[i] || j.Name != names[i] || !j.Quaternion {
			t.Errorf("joint %d: %+v, want parent %d", i, j, wantParents[i])
		}
		var p anim.TargetPose
		anim.EvaluateTarget(&c.Targets[i], 0, &p)
		if j.Rest != p.V {
			t.Errorf("joint %d rest %v, want frame 0 %v", i, j.Rest, p.V)
		}
	}
	b := Bind(c, s)
	if len(b.Warnings) != 0 || !slices.Equal(b.Target, []int{0, 1, 2, 3, 4, 5}) {
		t.Errorf("binding %+v", b)
	}
	// World position of the thigh = pelvis world · thigh local.
	pose := anim.NewPose(c)
	anim.Evaluate(c, 2.5, pose)
	world := make([]mgl64.Mat4, len(names))
	s.World(pose, &b, world)
	local := func(i int) mgl64.Mat4 {
		v := pose.Targets[i].V
		q := mgl64.Quat{W: v[anim.QuatW], V: mgl64.Vec3{v[anim.QuatX], v[anim.QuatY], v[anim.QuatZ]}}.Normalize()
		return mgl64.Translate3D(v[anim.TransX], v[anim.TransY], v[anim.TransZ]).Mul4(q.Mat4())
	}
	want := local(0).Mul4(local(1)).Mul4(local(3))
	if !world[3].ApproxEqualThreshold(want, 1e-12) {
		t.Errorf("thigh world\n%v\nwant\n%v", world[3], want)
	}
	if _, _, ok := BipedSkeleton(synth([]string{"neg_const", "w_cross"}, 3, []int{0}).Clip("x"), BipedOptions{}); ok {
		t.Error("non-Biped names gave a skeleton")
	}
}

func TestUnplacedWarning(t *testing.T) {
	var names []string
	for i := 0; i < 23; i++ {
		names = append(names, fmt.Sprintf("bone_%03d", i))
	}
	w := UnplacedWarning(names)
	if !strings.HasPrefix(w, `Biped naming rules could not place 23 bone(s) (kept as roots): "bone_000", "bone_001"`) ||
		!strings.HasSuffix(w, `"bone_019", and 3 more`) {
		t.Errorf("warning %q", w)
	}
}
