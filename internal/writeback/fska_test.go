package writeback

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/bfres"
)

const bfresFixtures = "../../formats/bfres/testdata/"

// fresFixture is a FRES fixture's bytes (from inside its archive when
// entry is set) and the skeleton of its own model.
func fresFixture(t testing.TB, path, entry string) ([]byte, *bfres.File, *anim.Skeleton) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := formats.Open(path, data)
	if err != nil {
		t.Fatal(err)
	}
	if entry != "" {
		if data, err = a.Archive.Read(entry); err != nil {
			t.Fatal(err)
		}
		if a, err = formats.Open(entry, data); err != nil {
			t.Fatal(err)
		}
	}
	f, err := bfres.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Skeletons) == 0 {
		t.Fatalf("%s: no skeleton", path)
	}
	return data, f, a.Skeletons[0]
}

// worstByName poses two clips bound by name on skel at every eighth of
// a frame up to duration and returns the largest joint distance as a
// fraction of the bound at the reference clip's joint.
func worstByName(skel *anim.Skeleton, got, want *anim.Clip, duration float64) float64 {
	n := len(skel.Joints)
	bg, bw := anim.BindByName(got, skel), anim.BindByName(want, skel)
	pg, pw := anim.NewPose(got), anim.NewPose(want)
	wg, ww := make([]mgl64.Mat4, n), make([]mgl64.Mat4, n)
	worst := 0.0
	for i := 0; float64(i) <= duration*8; i++ {
		f := float64(i) / 8
		anim.Evaluate(got, f, pg)
		anim.Evaluate(want, f, pw)
		skel.World(pg, &bg, wg)
		skel.World(pw, &bw, ww)
		for j := range n {
			w := mgl64.Vec3{ww[j][12], ww[j][13], ww[j][14]}
			g := mgl64.Vec3{wg[j][12], wg[j][13], wg[j][14]}
			worst = math.Max(worst, g.Sub(w).Len()/(1e-3*math.Max(1, w.Len())))
		}
	}
	return worst
}

// clipsEqual reports whether two clips evaluate to the same bits at
// every eighth of a frame up to past their end.
func clipsEqual(a, b *anim.Clip) bool {
	if len(a.Targets) != len(b.Targets) || a.Duration != b.Duration || a.Loop != b.Loop {
		return false
	}
	pa, pb := anim.NewPose(a), anim.NewPose(b)
	for i := -8; float64(i) <= (a.Duration+2)*8; i++ {
		anim.Evaluate(a, float64(i)/8, pa)
		anim.Evaluate(b, float64(i)/8, pb)
		if !reflect.DeepEqual(pa, pb) {
			return false
		}
	}
	return true
}

type fskaCase struct {
	name, path, entry string
}

var fskaCases = []fskaCase{
	{"wiiu skel_anim", bfresFixtures + "skel_anim.bfres", ""},
	{"wiiu v33", bfresFixtures + "v33_layout.bfres", ""},
	{"wiiu multi", bfresFixtures + "multi_model_Animation.bfres", ""},
	{"switch euler", bfresFixtures + "switch/nx01_v5_euler.bfres", ""},
	{"switch quat", bfresFixtures + "switch/nx02_v8_quat.bfres", ""},
	{"switch sarc", bfresFixtures + "switch/nx06_v10_archive.szs", "Lantern.bfres"},
}

// checkWritten parses a written file and checks clip ci against want
// (within the bound) and every other clip of the file against the
// target's (the same values, bit for bit).
func checkWritten(t *testing.T, data []byte, target *bfres.File, ci int, skel *anim.Skeleton, want *anim.Clip) *bfres.File {
	t.Helper()
	g, err := bfres.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.SkeletalAnims) != len(target.SkeletalAnims) {
		t.Fatalf("%d skeletal animations, the target %d", len(g.SkeletalAnims), len(target.SkeletalAnims))
	}
	got, _ := g.SkeletalClip(ci)
	if e := worstByName(skel, got, want, want.Duration); e > 1 {
		t.Errorf("written clip is %.3f× the bound from the glTF's clip", e)
	}
	ga, ta := &g.SkeletalAnims[ci], &target.SkeletalAnims[ci]
	if ga.Name != ta.Name || ga.Flags != ta.Flags || !reflect.DeepEqual(ga.BindIndices, ta.BindIndices) || !sameUserDataT(ga.UserData, ta.UserData) {
		t.Errorf("header: name %q flags %#x, want the target's %q %#x (bind indices and user data kept)", ga.Name, ga.Flags, ta.Name, ta.Flags)
	}
	for i := range ga.BoneAnims {
		if ga.BoneAnims[i].Name != ta.BoneAnims[i].Name || ga.BoneAnims[i].Flags&^0xfff8 != ta.BoneAnims[i].Flags&^0xfff8 {
			t.Errorf("bone anim %d: %q flags %#x, want %q %#x", i, ga.BoneAnims[i].Name, ga.BoneAnims[i].Flags, ta.BoneAnims[i].Name, ta.BoneAnims[i].Flags)
		}
	}
	checkOthers(t, g, target, ci)
	return g
}

// checkOthers checks that every clip of the target but ci plays the
// same in the written file g, bit for bit.
func checkOthers(t *testing.T, g, target *bfres.File, ci int) {
	t.Helper()
	for k := range target.SkeletalAnims {
		if k == ci {
			continue
		}
		a, _ := target.SkeletalClip(k)
		b, _ := g.SkeletalClip(k)
		if !clipsEqual(a, b) {
			t.Errorf("clip %q plays differently in the written file", target.SkeletalAnims[k].Name)
		}
	}
}

func sameUserDataT(a, b []bfres.UserData) bool {
	return reflect.DeepEqual(a, b)
}

// TestFSKARoundTripFixtures exports each fixture clip on its model and
// imports it onto the same clip: the written file plays within the
// bound of the original and keeps every bone anim it need not change.
func TestFSKARoundTripFixtures(t *testing.T) {
	for _, c := range fskaCases {
		t.Run(c.name, func(t *testing.T) {
			data, f, skel := fresFixture(t, c.path, c.entry)
			for ci := range f.SkeletalAnims {
				orig, _ := f.SkeletalClip(ci)
				src := exportGLB(t, skel, orig, f.SkeletalAnims[ci].Name)
				res, err := ImportFSKA(src, FSKATarget{File: data, Clip: f.SkeletalAnims[ci].Name}, skel)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%s: worst %.3f of the bound at %s (target %.3f), keys %d -> %d, %d -> %d bytes, passes %d, notes %q",
					f.SkeletalAnims[ci].Name, res.Worst, res.WorstJoint, res.TargetWorst, res.KeysBefore, res.Keys, len(data), len(res.Data), res.Passes, res.Notes)
				checkWritten(t, res.Data, f, ci, skel, orig)
				// Every bone kept its curves: the file is the target's.
				if !bytes.Equal(res.Data, data) {
					t.Errorf("%s: an unedited round trip changed the file", f.SkeletalAnims[ci].Name)
				}
			}
		})
	}
}

// TestFSKAFitsEveryBone turns every bone the clip animates a little
// (a few degrees each, over frames 10-20) in the glTF of each fixture
// clip: every bone is fitted anew, and the written clip, parsed and
// posed again, plays the edited glTF within the bound at every eighth
// of a frame, with cubic curves over the clip and the target's
// rotation mode, scale mode and frame count. (Key counts: the fixtures'
// curves are mostly baked and linear, kinked at every frame, which a
// cubic follows only with keys there; TestFSKASmoothFewKeys counts.)
func TestFSKAFitsEveryBone(t *testing.T) {
	for _, c := range fskaCases {
		t.Run(c.name, func(t *testing.T) {
			data, f, skel := fresFixture(t, c.path, c.entry)
			for ci := range f.SkeletalAnims {
				fa := &f.SkeletalAnims[ci]
				orig, _ := f.SkeletalClip(ci)
				src := exportGLB(t, skel, orig, fa.Name)
				m, err := MatchJoints(src, skel)
				if err != nil {
					t.Fatal(err)
				}
				bind := anim.BindByName(orig, skel)
				f1 := math.Min(20, float64(fa.FrameCount))
				for j := range skel.Joints {
					if bind.Target[j] >= 0 && m.Node[j] >= 0 {
						rotateNode(src, m.Node[j], 3+float64(j%4), f1/2, f1, orig.FPS, int(fa.FrameCount))
					}
				}
				res, err := ImportFSKA(src, FSKATarget{File: data, Clip: fa.Name}, skel)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%s: worst %.3f at %s (target %.3f), keys %d -> %d, passes %d, notes %q", fa.Name, res.Worst, res.WorstJoint, res.TargetWorst, res.KeysBefore, res.Keys, res.Passes, res.Notes)
				g, err := bfres.Parse(res.Data)
				if err != nil {
					t.Fatal(err)
				}
				got, _ := g.SkeletalClip(ci)
				m2, _ := MatchJoints(src, skel)
				bg := anim.BindByName(got, skel)
				if v := newReference(src, orig.FPS, int(fa.FrameCount)).measure(got, &bg, skel, m2); v.worst > 1 {
					t.Errorf("%s: %.3f× the bound from the edited glTF at %s", fa.Name, v.worst, skel.Joints[v.worstJoint].Name)
				}
				ga := &g.SkeletalAnims[ci]
				if ga.Quaternion() != fa.Quaternion() || ga.ScaleMode() != fa.ScaleMode() || ga.FrameCount != fa.FrameCount {
					t.Errorf("%s: quaternion %v scale mode %d frames %d, want the target's %v %d %d", fa.Name, ga.Quaternion(), ga.ScaleMode(), ga.FrameCount, fa.Quaternion(), fa.ScaleMode(), fa.FrameCount)
				}
				for j := range skel.Joints {
					bi := bind.Target[j]
					if bi < 0 || m.Node[j] < 0 {
						continue
					}
					if sameBoneAnim(&fa.BoneAnims[bi], &ga.BoneAnims[bi]) {
						t.Errorf("%s: bone %q was turned but kept its curves", fa.Name, skel.Joints[j].Name)
					}
					for _, cv := range ga.BoneAnims[bi].Curves {
						if cv.TargetOffset < bfres.TargetRotateX && slices.ContainsFunc(fa.BoneAnims[bi].Curves, func(o bfres.Curve) bool {
							return o.TargetOffset == cv.TargetOffset && o.Type == cv.Type && string(o.KeyData) == string(cv.KeyData) && string(o.FrameData) == string(cv.FrameData)
						}) {
							continue // a scale or translation the turn left as it was: the target's curve
						}
						if cv.Type != anim.NWCubic || cv.StartFrame != 0 || cv.EndFrame != float32(fa.FrameCount) {
							t.Errorf("%s: bone %q target %#x: %s curve over %g..%g, want cubic over the clip's 0..%d", fa.Name, skel.Joints[j].Name, cv.TargetOffset, cv.Type, cv.StartFrame, cv.EndFrame, fa.FrameCount)
						}
					}
				}
				checkOthers(t, g, f, ci)
			}
		})
	}
}

// TestFSKAImportAnEdit turns one bone 30° over frames 10-20 in the glTF
// of a clip: the written file follows the edit within the bound, the
// bone's chain moves, and every other bone anim is the target's own.
func TestFSKAImportAnEdit(t *testing.T) {
	data, f, skel, ci := benchClip30(t)
	fa := &f.SkeletalAnims[ci]
	orig, _ := f.SkeletalClip(ci)
	src := exportGLB(t, skel, orig, fa.Name)
	m, err := MatchJoints(src, skel)
	if err != nil {
		t.Fatal(err)
	}
	// A bone with a child and a grandchild, animated by the clip.
	bind := anim.BindByName(orig, skel)
	edited := -1
	for j := range skel.Joints {
		c := childOf(skel, j)
		if bind.Target[j] >= 0 && c >= 0 && childOf(skel, c) >= 0 && skel.Joints[j].Parent >= 0 {
			edited = j
			break
		}
	}
	if edited < 0 {
		t.Fatal("no bone with a grandchild")
	}
	rotateNode(src, m.Node[edited], 30, 10, 20, orig.FPS, int(fa.FrameCount))
	res, err := ImportFSKA(src, FSKATarget{File: data, Clip: fa.Name}, skel)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s, bone %s: worst %.3f at %s (target %.3f), keys %d -> %d, notes %q", fa.Name, skel.Joints[edited].Name, res.Worst, res.WorstJoint, res.TargetWorst, res.KeysBefore, res.Keys, res.Notes)
	g, err := bfres.Parse(res.Data)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := g.SkeletalClip(ci)
	m2, _ := MatchJoints(src, skel)
	bg := anim.BindByName(got, skel)
	if v := newReference(src, orig.FPS, int(fa.FrameCount)).measure(got, &bg, skel, m2); v.worst > 1 {
		t.Errorf("%.3f× the bound from the edited glTF at %s", v.worst, skel.Joints[v.worstJoint].Name)
	}
	// Every bone anim outside the edited bone is the target's, curves
	// and base values exactly.
	for i := range fa.BoneAnims {
		if i == bind.Target[edited] {
			continue
		}
		a, b := fa.BoneAnims[i], g.SkeletalAnims[ci].BoneAnims[i]
		if !sameBoneAnim(&a, &b) {
			t.Errorf("bone anim %q changed; only %q was edited", a.Name, skel.Joints[edited].Name)
		}
	}
	if e := worstByName(skel, got, orig, 9); e > 1 {
		t.Errorf("before the edit starts the file is %.3f× the bound from the original", e)
	}
	// The edit turns the bone: its scale and translation, which the glTF
	// plays as the clip does, keep the clip's curves and base values.
	moves := func(ba *bfres.BoneAnim) bfres.BoneAnim {
		out := bfres.BoneAnim{Name: ba.Name, Scale: ba.Scale, Translate: ba.Translate}
		for _, c := range ba.Curves {
			if c.TargetOffset < bfres.TargetRotateX {
				out.Curves = append(out.Curves, c)
			}
		}
		return out
	}
	if a, b := moves(&fa.BoneAnims[bind.Target[edited]]), moves(&g.SkeletalAnims[ci].BoneAnims[bind.Target[edited]]); !sameBoneAnim(&a, &b) {
		t.Errorf("edited bone %q: scale/translation %v %v and %d curves, the clip's %v %v and %d", a.Name, b.Scale, b.Translate, len(b.Curves), a.Scale, a.Translate, len(a.Curves))
	}
	// The edited bone's grandchild moved at frame 20.
	gc := childOf(skel, childOf(skel, edited))
	n := len(skel.Joints)
	wg, wo := make([]mgl64.Mat4, n), make([]mgl64.Mat4, n)
	pg, po := anim.NewPose(got), anim.NewPose(orig)
	anim.Evaluate(got, 20, pg)
	anim.Evaluate(orig, 20, po)
	skel.World(pg, &bg, wg)
	skel.World(po, &bind, wo)
	d := mgl64.Vec3{wg[gc][12] - wo[gc][12], wg[gc][13] - wo[gc][13], wg[gc][14] - wo[gc][14]}.Len()
	if d < 10*PositionBound(mgl64.Vec3{wo[gc][12], wo[gc][13], wo[gc][14]}) {
		t.Errorf("%s moved %g at frame 20; its grandparent turned 30°", skel.Joints[gc].Name, d)
	}
}

// benchClip30 is export_bench.bfres and the index of its first clip of
// at least 30 frames (room for an edit over frames 10-20).
func benchClip30(t *testing.T) ([]byte, *bfres.File, *anim.Skeleton, int) {
	t.Helper()
	data, f, skel := fresFixture(t, bfresFixtures+"export_bench.bfres", "")
	for i := range f.SkeletalAnims {
		if f.SkeletalAnims[i].FrameCount >= 30 {
			return data, f, skel, i
		}
	}
	t.Fatal("export_bench.bfres has no clip of 30 frames")
	return nil, nil, nil, 0
}

func childOf(s *anim.Skeleton, j int) int {
	for c, jt := range s.Joints {
		if jt.Parent == j {
			return c
		}
	}
	return -1
}

// sameBoneAnim compares what a bone anim plays: flags, base values and
// each curve's stored header fields and arrays. The flag bits saying
// which curves there are (6-15) are left out: the writer sets them from
// the curves, where a generated fixture may leave them clear.
func sameBoneAnim(a, b *bfres.BoneAnim) bool {
	if a.Name != b.Name || a.Flags&^0xFFC0 != b.Flags&^0xFFC0 || a.Scale != b.Scale || a.Rotate != b.Rotate || a.Translate != b.Translate || len(a.Curves) != len(b.Curves) {
		return false
	}
	for k := range a.Curves {
		x, y := &a.Curves[k], &b.Curves[k]
		if x.Flags != y.Flags || x.NumKeys != y.NumKeys || x.TargetOffset != y.TargetOffset || x.StartFrame != y.StartFrame || x.EndFrame != y.EndFrame ||
			x.ScaleBits != y.ScaleBits || x.OffsetBits != y.OffsetBits || x.DeltaBits != y.DeltaBits ||
			string(x.FrameData) != string(y.FrameData) || string(x.KeyData) != string(y.KeyData) {
			return false
		}
	}
	return true
}

// TestFSKAHintedBoneTurns: a bone anim whose flags say its rotation and
// translation are zero and its scale one (G3d then skips those values,
// as BotW's root bones do) is turned in the glTF: the written bone anim
// drops the hints, so the game plays the turn, and its children follow.
func TestFSKAHintedBoneTurns(t *testing.T) {
	data, f, skel := fresFixture(t, bfresFixtures+"switch/nx01_v5_euler.bfres", "")
	fa := f.SkeletalAnims[0]
	orig, _ := f.SkeletalClip(0)
	src := exportGLB(t, skel, orig, fa.Name)
	m, err := MatchJoints(src, skel)
	if err != nil {
		t.Fatal(err)
	}
	// The root bone anim, made constant identity with the hints set.
	bind := anim.BindByName(orig, skel)
	root := 0
	bi := bind.Target[root]
	bones := append([]bfres.BoneAnim(nil), fa.BoneAnims...)
	bones[bi].Curves = nil
	bones[bi].HasScale, bones[bi].HasRotate, bones[bi].HasTranslate = true, true, true
	bones[bi].Scale, bones[bi].Rotate, bones[bi].Translate = [3]float32{1, 1, 1}, [4]float32{0, 0, 0, 1}, [3]float32{}
	bones[bi].Flags |= uint32(anim.FlagScaleOne|anim.FlagRotTransZero) << 23
	fa.BoneAnims = bones
	if data, err = bfres.ReplaceSkeletalAnim(data, fa.Name, &fa); err != nil {
		t.Fatal(err)
	}
	f, _ = bfres.Parse(data)
	orig, _ = f.SkeletalClip(0)
	src = exportGLB(t, skel, orig, fa.Name)
	m, _ = MatchJoints(src, skel)
	rotateNode(src, m.Node[root], 30, 2, 8, orig.FPS, int(fa.FrameCount))
	res, err := ImportFSKA(src, FSKATarget{File: data, Clip: fa.Name}, skel)
	if err != nil {
		t.Fatal(err)
	}
	g, err := bfres.Parse(res.Data)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := g.SkeletalClip(0)
	bg := anim.BindByName(got, skel)
	if v := newReference(src, orig.FPS, int(fa.FrameCount)).measure(got, &bg, skel, m); v.worst > 1 {
		t.Errorf("%.3f× the bound from the glTF at %s", v.worst, skel.Joints[v.worstJoint].Name)
	}
	if h := anim.G3dTransformFlags(g.SkeletalAnims[0].BoneAnims[bi].Flags) & (anim.FlagRotateZero | anim.FlagTranslateZero); h == anim.FlagRotTransZero {
		t.Errorf("the turned root keeps the hint that its rotation is zero")
	}
}

// TestFSKALongerGLTF: a glTF running 10 frames past the clip's end (one
// bone turning on) makes the written clip 10 frames longer, says so, and
// plays the glTF within the bound over the whole of it.
func TestFSKALongerGLTF(t *testing.T) {
	data, f, skel := fresFixture(t, bfresFixtures+"skel_anim.bfres", "")
	fa := &f.SkeletalAnims[0]
	orig, _ := f.SkeletalClip(0)
	src := exportGLB(t, skel, orig, fa.Name)
	m, err := MatchJoints(src, skel)
	if err != nil {
		t.Fatal(err)
	}
	longer := int(fa.FrameCount) + 10
	for j := range skel.Joints {
		if skel.Joints[j].Name == "Spine" {
			rotateNode(src, m.Node[j], 20, float64(fa.FrameCount), float64(longer), orig.FPS, longer)
		}
	}
	src.End = float64(longer) / orig.FPS
	res, err := ImportFSKA(src, FSKATarget{File: data, Clip: fa.Name}, skel)
	if err != nil {
		t.Fatal(err)
	}
	g, err := bfres.Parse(res.Data)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.SkeletalAnims[0].FrameCount; int(got) != longer {
		t.Errorf("frame count %d, want %d", got, longer)
	}
	found := false
	for _, note := range res.Notes {
		found = found || strings.Contains(note, fmt.Sprintf("the glTF runs %d frames, the target %d", longer, fa.FrameCount))
	}
	if !found {
		t.Errorf("no note about the longer glTF in %q", res.Notes)
	}
	got, _ := g.SkeletalClip(0)
	bg := anim.BindByName(got, skel)
	if v := newReference(src, orig.FPS, longer).measure(got, &bg, skel, m); v.worst > 1 {
		t.Errorf("%.3f× the bound from the glTF at %s", v.worst, skel.Joints[v.worstJoint].Name)
	}
}
