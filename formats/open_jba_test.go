package formats

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/asset"
	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/animscope/animscope/formats/jba"
	"github.com/animscope/animscope/internal/sample"
	"github.com/go-gl/mathgl/mgl64"
)

// JBA fixtures live in formats/jba/testdata (see its README).
func readJBA(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("jba/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func detail(a *Asset, name string) any {
	for _, d := range a.Details {
		if d.Name == name {
			return d.Value
		}
	}
	return nil
}

func parentNames(s *anim.Skeleton) []string {
	var out []string
	for _, j := range s.Joints {
		p := "-"
		if j.Parent >= 0 {
			p = s.Joints[j.Parent].Name
		}
		out = append(out, j.Name+"<"+p)
	}
	return out
}

func TestOpenJBA(t *testing.T) {
	a, err := Open("some/dir/single_block.jba", readJBA(t, "single_block.jba"))
	if err != nil {
		t.Fatal(err)
	}
	if a.Format != "jba" || len(a.Clips) != 1 || len(a.Skeletons) != 1 || len(a.Warnings) != 0 {
		t.Fatalf("asset: format %q, %d clips, %d skeletons, warnings %q", a.Format, len(a.Clips), len(a.Skeletons), a.Warnings)
	}
	c := a.Clips[0]
	if c.Name != "single_block" || c.Format != "jba" || c.Duration != 11 || c.FPS != 30 || c.Loop != anim.Loop || len(c.Targets) != 3 || c.RootMotion == nil {
		t.Errorf("clip %q %q duration %v fps %v loop %v targets %d", c.Name, c.Format, c.Duration, c.FPS, c.Loop, len(c.Targets))
	}
	if got := strings.Join(parentNames(a.Skeletons[0]), ", "); got != "Bip01<-, Bip01 Pelvis<Bip01, Bip01 Spine<Bip01 Pelvis" {
		t.Errorf("skeleton %s", got)
	}
	if detail(a, "frames") != 12 || detail(a, "bones") != 3 || detail(a, "blocks") != 1 || detail(a, "fps") != 30.0 || detail(a, "hierarchy") != jba.HierarchyBiped {
		t.Errorf("details %v", a.Details)
	}
	if bt, _ := detail(a, "block table").([]jba.BlockInfo); len(bt) != 1 || bt[0] != (jba.BlockInfo{StartFrame: 0, Frames: 12, Size: 0x200, Offset: 0x180}) {
		t.Errorf("block table %v", detail(a, "block table"))
	}
	if f, ok := a.Raw.(*jba.File); !ok || f.Frames != 12 {
		t.Errorf("raw %T", a.Raw)
	}
	// The root motion of this fixture walks along x: 0.05 per frame.
	var rm anim.TargetPose
	anim.EvaluateTarget(c.RootMotion, 11, &rm)
	if d := rm.V[anim.TransX] - 0.55; d > 1e-3 || d < -1e-3 {
		t.Errorf("root motion at the last frame: x = %v, want ≈ 0.55", rm.V[anim.TransX])
	}
}

func TestOpenJBAHierarchies(t *testing.T) {
	// GOD stands in for Bip01; the clavicle hangs from the top spine link
	// present because the file has no neck.
	a, err := Open("multi_block.jba", readJBA(t, "multi_block.jba"))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(parentNames(a.Skeletons[0]), ", "); got != "GOD<-, Bip01 Spine<GOD, Bip01 L Clavicle<Bip01 Spine, Bip01 L UpperArm<Bip01 L Clavicle" {
		t.Errorf("multi_block skeleton %s", got)
	}
	// Bones named for a test, not a rig: no hierarchy is known.
	a, err = Open("negative_w.jba", readJBA(t, "negative_w.jba"))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Skeletons) != 0 || detail(a, "hierarchy") != jba.HierarchyNone || len(a.Warnings) != 1 || !strings.HasPrefix(a.Warnings[0], "no bone hierarchy known") {
		t.Errorf("negative_w: %d skeletons, hierarchy %v, warnings %q", len(a.Skeletons), detail(a, "hierarchy"), a.Warnings)
	}
	// One Biped bone among 119 generic ones: no link, so no skeleton.
	a, err = Open("large_120x300.jba", readJBA(t, "large_120x300.jba"))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Skeletons) != 0 || detail(a, "hierarchy") != jba.HierarchyNone {
		t.Errorf("large: %d skeletons", len(a.Skeletons))
	}
	// Facial bone under the head, Biped bones placed, warning-free.
	a, err = Open("no_translation.jba", readJBA(t, "no_translation.jba"))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(parentNames(a.Skeletons[0]), ", "); got != "Bip01<-, Bip01 L Thigh<Bip01, Bip01 R Thigh<Bip01, fc_jaw<Bip01 Head, Bip01 Head<Bip01" || len(a.Warnings) != 0 {
		t.Errorf("no_translation skeleton %s, warnings %q", got, a.Warnings)
	}
}

func TestOpenJAWB(t *testing.T) {
	data := append([]byte("JAWB"), make([]byte, 64)...)
	if Sniff(data) != "jba" {
		t.Fatalf("JAWB sniffed as %q", Sniff(data))
	}
	_, err := Open("x.jba", data)
	var ue *bin.UnsupportedError
	if !errors.As(err, &ue) || err.Error() != "jba: unsupported: JBA layout of game update 7.2.1+ (magic JAWB) is not supported yet" {
		t.Errorf("err = %v", err)
	}
}

func TestOpenSkeletonJSON(t *testing.T) {
	side := []byte(`{"bones": [{"name": "Bip01"}, {"name": "Bip01 Spine", "parent": "Bip01", "translation": [0, 0, 0.3]}]}`)
	if Sniff(side) != "skeleton-json" {
		t.Fatalf("sidecar sniffed as %q", Sniff(side))
	}
	a, err := Open("dir/bfn_skeleton.json", side)
	if err != nil {
		t.Fatal(err)
	}
	if a.Format != "skeleton-json" || len(a.Skeletons) != 1 || a.Skeletons[0].Name != "bfn_skeleton" || detail(a, "bones") != 2 || detail(a, "roots") != 1 {
		t.Fatalf("asset %+v", a)
	}
	// formats.Bind uses the JBA alias: the file's GOD drives Bip01.
	clip, err := Open("multi_block.jba", readJBA(t, "multi_block.jba"))
	if err != nil {
		t.Fatal(err)
	}
	b := Bind(clip.Clips[0], a.Skeletons[0])
	if b.Target[0] != 0 || b.Target[1] != 1 || len(b.Warnings) != 2 {
		t.Errorf("binding %v %q", b.Target, b.Warnings)
	}
	if _, err := Open("bad.json", []byte(`{"bones": [{"name": "a", "parent": "zz"}]}`)); err == nil || err.Error() != `skeleton-json: bone 0 ("a"): parent "zz" is not a bone of the file` {
		t.Errorf("bad sidecar: %v", err)
	}
}

func TestFileStem(t *testing.T) {
	for in, want := range map[string]string{
		"walk.jba": "walk", "a/b/run_01.jba": "run_01", "x.rarc:anims/idle.jba": "idle",
		"x.rarc:idle.jba": "idle", "noext": "noext", "dir/.jba": "",
	} {
		if got := asset.Stem(in); got != want {
			t.Errorf("Stem(%q) = %q, want %q", in, got, want)
		}
	}
}

// The documented example sidecar poses the walk fixture: every animated
// bone binds, the feet keep their rest offset from the calves.
func TestExampleSidecar(t *testing.T) {
	side, err := Open("walk.skeleton.json", readJBA(t, "walk.skeleton.json"))
	if err != nil {
		t.Fatal(err)
	}
	walk, err := Open("walk_30fps.jba", readJBA(t, "walk_30fps.jba"))
	if err != nil {
		t.Fatal(err)
	}
	s, c := side.Skeletons[0], walk.Clips[0]
	b := Bind(c, s)
	if len(b.Warnings) != 0 || !slices.Equal(b.Target, []int{0, 1, 2, -1, 3, 4, -1}) {
		t.Fatalf("binding %v %q", b.Target, b.Warnings)
	}
	doc, err := sample.Build("walk_30fps.jba", c, sample.Options{Frames: []float64{0, 12.5, 60}, Model: s, ModelName: "walk.skeleton.json", Binding: &b})
	if err != nil {
		t.Fatal(err)
	}
	pose := anim.NewPose(c)
	world := make([]mgl64.Mat4, len(s.Joints))
	for k, fr := range doc.Frames {
		anim.Evaluate(c, fr, pose)
		s.World(pose, &b, world)
		foot := world[2].Mul4x1(mgl64.Vec4{0.42, 0, 0, 1})
		if !world[3].Col(3).ApproxEqualThreshold(foot, 1e-12) {
			t.Errorf("frame %v: left foot at %v, want %v", fr, world[3].Col(3), foot)
		}
		if got := doc.Targets[2].World[k]; got != [3]float64{world[2][12], world[2][13], world[2][14]} {
			t.Errorf("frame %v: sampled calf world %v, skeleton %v", fr, got, world[2].Col(3))
		}
	}
}
