package bfres

import (
	"bytes"
	"flag"
	"math"
	"os"
	"testing"
)

var updateMultiModel = flag.Bool("update-multi-model", false, "rewrite testdata/multi_model*.bfres from multiModelFile and multiModelAnimFile")

// The multi-model fixtures have the shape of a Breath of the Wild
// character: a model file whose first FMDL is a 1-bone prop
// (Item_Armor_115_Queen in Npc_Gerudo_Queen.bfres) before the body and a
// hair piece, and an animation file named after it holding skeletal
// animations of the body's bones. Pairing and --model must pick the body
// (the largest skeleton) unless a model is named (FILE:NAME).
const (
	multiModelPath     = "testdata/multi_model.bfres"
	multiModelAnimPath = "testdata/multi_model_Animation.bfres"
)

// multiModelBones are the body's bones (name, parent, translation y),
// named as BotW names them and unlike the other fixtures' bones, so that
// nothing else in this directory pairs with the body by bone names.
var multiModelBones = []struct {
	name   string
	parent int
	y      float32
}{{"Skl_Root", -1, 0}, {"Spine_1", 0, 10}, {"Spine_2", 1, 3}, {"Neck", 2, 4}, {"Clavicle_L", 2, 2}, {"Clavicle_R", 2, 2}}

func multiModelSkeleton(names []string, parents []int, ys []float32) *Skeleton {
	s := &Skeleton{Flags: 0x1200} // maya scale, euler
	for i, n := range names {
		s.Bones = append(s.Bones, Bone{Name: n, Index: uint16(i), Parent: int16(parents[i]),
			SmoothIndex: -1, RigidIndex: -1, BillboardIndex: -1, Flags: 1<<12 | 1,
			Scale: [3]float32{1, 1, 1}, Rotation: [4]float32{0, 0, 0, 1}, Translation: [3]float32{0, ys[i], 0}})
	}
	return s
}

// multiModelBody is the body's skeleton.
func multiModelBody() *Skeleton {
	var names []string
	var parents []int
	var ys []float32
	for _, b := range multiModelBones {
		names, parents, ys = append(names, b.name), append(parents, b.parent), append(ys, b.y)
	}
	return multiModelSkeleton(names, parents, ys)
}

// multiModelFile: Prop (1 bone "Model"), Body (6 bones), Hair (3 bones),
// in that order.
func multiModelFile() *File {
	return &File{Name: "multi_model", Models: []Model{
		{Name: "Prop", Skeleton: multiModelSkeleton([]string{"Model"}, []int{-1}, []float32{0})},
		{Name: "Body", Skeleton: multiModelBody()},
		{Name: "Hair", Skeleton: multiModelSkeleton([]string{"Hair_Root", "Hair_1", "Hair_2"}, []int{-1, 0, 1}, []float32{0, 1, 1})},
	}}
}

// multiModelAnimFile: a "Skeleton" FMDL copying the body's bones (as
// BotW's *_Animation.bfres files carry one), "Wave" animating five of the
// body's six bones (all but Neck) by name, turning each about X and Z,
// and "Spin" animating the prop's one bone.
func multiModelAnimFile() *File {
	const frames, step = 24, 8
	f := &File{Name: "multi_model_Animation", Models: []Model{{Name: "Skeleton", Skeleton: multiModelBody()}}}
	anim := func(name string, bones []string) SkeletalAnim {
		sa := SkeletalAnim{AnimHeader: AnimHeader{Name: name, Flags: 1<<12 | 1<<2, FrameCount: frames}}
		for b, n := range bones {
			ba := BoneAnim{Name: n, Flags: boneAnimBaseScale | boneAnimBaseRotate | boneAnimBaseTranslate,
				HasScale: true, HasRotate: true, HasTranslate: true,
				Scale: [3]float32{1, 1, 1}, Rotate: [4]float32{0, 0, 0, 1}, Translate: [3]float32{0, 2, 0}}
			omega := 2 * math.Pi / frames
			ba.Curves = []Curve{
				smoothCurve(TargetRotateX, frames, step, 0.3, omega, float64(b)*0.4),
				smoothCurve(TargetRotateZ, frames, step, 0.5, omega, float64(b)*0.7),
			}
			sa.BoneAnims = append(sa.BoneAnims, ba)
		}
		return sa
	}
	f.SkeletalAnims = []SkeletalAnim{
		anim("Wave", []string{"Skl_Root", "Spine_1", "Spine_2", "Clavicle_L", "Clavicle_R"}),
		anim("Spin", []string{"Model"}),
	}
	return f
}

// TestMultiModelFixtures: the committed files are exactly what the
// generators write (-update-multi-model rewrites them), and decode to
// three skeletons in file order, and to a skeleton copy and two clips.
func TestMultiModelFixtures(t *testing.T) {
	for _, c := range []struct {
		path string
		file *File
	}{{multiModelPath, multiModelFile()}, {multiModelAnimPath, multiModelAnimFile()}} {
		data := encodeFile(c.file)
		if *updateMultiModel {
			if err := os.WriteFile(c.path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got, err := os.ReadFile(c.path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, data) {
			t.Fatalf("%s differs from its generator's encoding; run go test -run TestMultiModelFixtures -update-multi-model", c.path)
		}
	}
	f, err := Parse(mustRead(t, multiModelPath))
	if err != nil {
		t.Fatal(err)
	}
	var joints []int
	for _, s := range f.Skeletons() {
		joints = append(joints, len(s.Joints))
	}
	if len(joints) != 3 || joints[0] != 1 || joints[1] != 6 || joints[2] != 3 {
		t.Fatalf("skeleton joints %v, want [1 6 3]", joints)
	}
	a, err := Parse(mustRead(t, multiModelAnimPath))
	if err != nil {
		t.Fatal(err)
	}
	if clips, _ := a.Clips(); len(clips) != 2 || len(clips[0].Targets) != 5 || len(a.Skeletons()) != 1 {
		t.Fatalf("%d clips, %d skeletons", len(clips), len(a.Skeletons()))
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
