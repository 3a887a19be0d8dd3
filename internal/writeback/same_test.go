package writeback

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/bfres"
	"github.com/animscope/animscope/formats/j3d"
)

// turnAtWholeFrames edits a Source resampled once per frame as a user
// turning one bone in Blender does before Blender's export samples it
// again: node ni's rotation key at each whole frame f0..f1 is followed by
// a turn about its local X of deg·sin(π(f-f0)/(f1-f0)), 0 at both ends
// and deg half way.
func turnAtWholeFrames(t *testing.T, src *Source, ni int, deg float64, f0, f1 int, fps float64) {
	t.Helper()
	tr := src.Nodes[ni].tracks[pathR]
	if tr == nil || tr.interp != interpLinear {
		t.Fatalf("node %d has no LINEAR rotation track", ni)
	}
	for k, tm := range tr.times {
		f := tm * fps
		if f < float64(f0) || f > float64(f1) {
			continue
		}
		v := tr.values[4*k : 4*k+4]
		a := deg * math.Pi / 180 * math.Sin(math.Pi*(f-float64(f0))/float64(f1-f0))
		q := mgl64.Quat{W: v[3], V: mgl64.Vec3{v[0], v[1], v[2]}}.Mul(mgl64.QuatRotate(a, mgl64.Vec3{1, 0, 0}))
		v[0], v[1], v[2], v[3] = q.V[0], q.V[1], q.V[2], q.W
	}
}

// bckTracks is each joint's nine tracks of a BCK: the tangent mode and
// the raw table values the track reads, which a track kept from the
// target repeats exactly wherever the writer places it in the tables.
func bckTracks(b *j3d.BCK) [][9][]float64 {
	out := make([][9][]float64, len(b.Joints))
	for j, set := range b.Joints {
		for i, tr := range set {
			n := int(tr.Count)
			if n > 1 {
				n *= tr.ValuesPerKey()
			}
			out[j][i] = append(out[j][i], float64(tr.TangentMode))
			for k := range n {
				out[j][i] = append(out[j][i], b.Tables.Value(j3d.KindOf(i), int(tr.Index)+k))
			}
		}
	}
	return out
}

// onceAFrameWalk is the biped walk exported, resampled once per whole
// frame with LINEAR keys (as Blender's glTF export writes an action),
// with the joint named bone turned deg over frames 10-20 in the glTF.
func onceAFrameWalk(t *testing.T, bone string, deg float64) (*anim.Skeleton, *j3d.BCK, *anim.Clip, *Source) {
	t.Helper()
	dir := "../../formats/j3d/testdata/j3dmodel"
	skel := openSkeleton(t, filepath.Join(dir, "biped.bmd"))
	target := readBCK(t, filepath.Join(dir, "walk.bck"))
	orig, err := target.Clip()
	if err != nil {
		t.Fatal(err)
	}
	src := exportGLB(t, skel, orig, "walk")
	resampleEveryFrame(src, orig.FPS, int(target.Duration))
	m, err := MatchJoints(src, skel)
	if err != nil {
		t.Fatal(err)
	}
	turnAtWholeFrames(t, src, m.Node[jointIndex(t, skel, bone)], deg, 10, 20, orig.FPS)
	return skel, target, orig, src
}

func jointIndex(t *testing.T, skel *anim.Skeleton, name string) int {
	t.Helper()
	for j, jt := range skel.Joints {
		if jt.Name == name {
			return j
		}
	}
	t.Fatalf("no joint %q", name)
	return -1
}

// TestOnceAFrameEditKeepsTheRest: a glTF that holds the walk once per
// frame, as Blender writes it, with arm_L turned up to 30°. Between its
// keys the glTF is a straight line where the walk's Hermite curves bend,
// so no joint plays exactly as the target at half frames; still, every
// joint outside the edited chain keeps the target's tracks exactly, and
// the chain (arm_L and hand_L) lands within the bound of the glTF at
// every eighth of a frame.
func TestOnceAFrameEditKeepsTheRest(t *testing.T) {
	skel, target, _, src := onceAFrameWalk(t, "arm_L", 30)
	res, err := ImportBCK(src, target, skel, DefaultEncoders)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("worst %.3f at %s, keys %d -> %d, notes %q", res.Worst, res.WorstJoint, res.KeysBefore, res.Keys, res.Notes)
	// The import's own verdict: the kept joints are held to the glTF at
	// its keys, so nothing is reported over the bound.
	if res.Worst > 1 {
		t.Errorf("the import reports %s %.3f× the bound from the glTF", res.WorstJoint, res.Worst)
	}
	out := readBCKData(t, res.Data)
	if out.RotationFrac != target.RotationFrac {
		t.Errorf("rotation fraction %d, the target's %d", out.RotationFrac, target.RotationFrac)
	}
	chain := map[int]bool{jointIndex(t, skel, "arm_L"): true, jointIndex(t, skel, "hand_L"): true}
	want, have := bckTracks(target), bckTracks(out)
	for j := range want {
		if chain[j] {
			continue
		}
		for i := range want[j] {
			if !equalSeq(want[j][i], have[j][i]) {
				t.Errorf("%s track %d: %v, the target's %v", skel.Joints[j].Name, i, have[j][i], want[j][i])
			}
		}
	}
	got, err := out.Clip()
	if err != nil {
		t.Fatal(err)
	}
	got = got.UnroundedRotations()
	m, err := MatchJoints(src, skel)
	if err != nil {
		t.Fatal(err)
	}
	bind := anim.BindByIndex(got, skel)
	v := newReference(src, got.FPS, int(target.Duration)).measure(got, &bind, skel, m)
	for j := range chain {
		if v.perJoint[j] > 1 {
			t.Errorf("%s is %.3f× the bound from the edited glTF", skel.Joints[j].Name, v.perJoint[j])
		}
	}
}

// TestOnceAFrameSmallEditIsKept: in the same once-a-frame glTF, leg_L
// turned by up to a degree over frames 10-20, which moves its foot a
// few times the bound: the turn is an edit, not the glTF's sampling.
// leg_L is written anew and the foot lands within the bound of the glTF
// at the edited whole frames (where the glTF's keys are). Elsewhere the
// refit leg is held to the fitter's own bound, which these tests leave
// to the fit's tests.
func TestOnceAFrameSmallEditIsKept(t *testing.T) {
	skel, target, orig, src := onceAFrameWalk(t, "leg_L", 1)
	res, err := ImportBCK(src, target, skel, DefaultEncoders)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("worst %.3f at %s, notes %q", res.Worst, res.WorstJoint, res.Notes)
	out := readBCKData(t, res.Data)
	leg, foot := jointIndex(t, skel, "leg_L"), jointIndex(t, skel, "foot_L")
	if want, have := bckTracks(target)[leg], bckTracks(out)[leg]; equalSeq(want[1], have[1]) {
		t.Errorf("leg_L's rotation.x track is the target's: the edit was dropped")
	}
	got, err := out.Clip()
	if err != nil {
		t.Fatal(err)
	}
	m, err := MatchJoints(src, skel)
	if err != nil {
		t.Fatal(err)
	}
	ref := newReference(src, orig.FPS, int(target.Duration))
	edited := func(c *anim.Clip) float64 {
		c = c.UnroundedRotations()
		bind := anim.BindByIndex(c, skel)
		pose := anim.NewPose(c)
		world := make([]mgl64.Mat4, len(skel.Joints))
		worst := 0.0
		for f := 10; f <= 20; f++ {
			anim.Evaluate(c, float64(f), pose)
			skel.World(pose, &bind, world)
			want := ref.pos[f*checkSteps*ref.nodes+m.Node[foot]]
			g := mgl64.Vec3{world[foot][12], world[foot][13], world[foot][14]}
			worst = math.Max(worst, g.Sub(want).Len()/PositionBound(want))
		}
		return worst
	}
	if e := edited(orig); e < 3 {
		t.Fatalf("the edit moves foot_L only %.2f× the bound from the target", e)
	}
	if e := edited(got); e > 1 {
		t.Errorf("foot_L is %.3f× the bound from the edited glTF at a whole frame of the edit", e)
	}
}

// TestFSKAOnceAFrameEdit: a BFRES clip exported, resampled once per
// frame as Blender writes it, with one bone turned up to 30° over frames
// 10-20: every other bone anim is the target's, curves and base values
// exactly, the edited bone and its descendants land within the bound of
// the glTF at every eighth of a frame, and the import reports nothing
// over the bound.
func TestFSKAOnceAFrameEdit(t *testing.T) {
	data, f, skel, ci := benchClip30(t)
	fa := &f.SkeletalAnims[ci]
	orig, _ := f.SkeletalClip(ci)
	src := exportGLB(t, skel, orig, fa.Name)
	resampleEveryFrame(src, orig.FPS, int(fa.FrameCount))
	m, err := MatchJoints(src, skel)
	if err != nil {
		t.Fatal(err)
	}
	bind := anim.BindByName(orig, skel)
	edited := -1
	for j := range skel.Joints {
		c := childOf(skel, j)
		if bind.Target[j] >= 0 && c >= 0 && childOf(skel, c) >= 0 && skel.Joints[j].Parent >= 0 && src.Nodes[m.Node[j]].tracks[pathR] != nil {
			edited = j
			break
		}
	}
	if edited < 0 {
		t.Fatal("no turning bone with a grandchild")
	}
	turnAtWholeFrames(t, src, m.Node[edited], 30, 10, 20, orig.FPS)
	res, err := ImportFSKA(src, FSKATarget{File: data, Clip: fa.Name}, skel)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s, bone %s: worst %.3f at %s, keys %d -> %d, notes %q", fa.Name, skel.Joints[edited].Name, res.Worst, res.WorstJoint, res.KeysBefore, res.Keys, res.Notes)
	if res.Worst > 1 {
		t.Errorf("the import reports %s %.3f× the bound from the glTF", res.WorstJoint, res.Worst)
	}
	g, err := bfres.Parse(res.Data)
	if err != nil {
		t.Fatal(err)
	}
	for i := range fa.BoneAnims {
		if i == bind.Target[edited] {
			continue
		}
		a, b := fa.BoneAnims[i], g.SkeletalAnims[ci].BoneAnims[i]
		if !sameBoneAnim(&a, &b) {
			t.Errorf("bone anim %q changed; only %q was edited", a.Name, skel.Joints[edited].Name)
		}
	}
	got, _ := g.SkeletalClip(ci)
	bg := anim.BindByName(got, skel)
	v := newReference(src, orig.FPS, int(fa.FrameCount)).measure(got, &bg, skel, m)
	for j := range skel.Joints {
		under := false
		for a := j; a >= 0; a = skel.Joints[a].Parent {
			under = under || a == edited
		}
		if under && v.perJoint[j] > 1 {
			t.Errorf("%s is %.3f× the bound from the edited glTF", skel.Joints[j].Name, v.perJoint[j])
		}
	}
}

// TestKeptTracksKeepFractionAtMinS16: a target whose rotation table
// holds -32768 (a valid s16: -180° under fraction 0, as SMG2 Mario's
// DemoBattleStartDinoPackunBaby holds under fraction 1), imported from its
// own export, keeps its fraction and every track. The fraction was
// raised by one (magnitude 32768 past 32767), which coarsened every kept
// rotation to even units: 131 channels off by up to 0.08°.
func TestKeptTracksKeepFractionAtMinS16(t *testing.T) {
	dir := "../../formats/j3d/testdata/j3dmodel"
	skel := openSkeleton(t, filepath.Join(dir, "biped.bmd"))
	target := readBCK(t, filepath.Join(dir, "walk.bck"))
	set := false
	for _, tracks := range target.Joints {
		for i, tr := range tracks {
			if !set && j3d.KindOf(i) == j3d.RotationTrack && tr.Count == 1 {
				target.Rotation[tr.Index] = math.MinInt16
				set = true
			}
		}
	}
	if !set {
		t.Fatal("walk.bck has no constant rotation track")
	}
	orig, err := target.Clip()
	if err != nil {
		t.Fatal(err)
	}
	res, err := ImportBCK(exportGLB(t, skel, orig, "walk"), target, skel, DefaultEncoders)
	if err != nil {
		t.Fatal(err)
	}
	out := readBCKData(t, res.Data)
	if out.RotationFrac != target.RotationFrac {
		t.Errorf("rotation fraction %d, the target's %d", out.RotationFrac, target.RotationFrac)
	}
	want, have := bckTracks(target), bckTracks(out)
	for j := range want {
		for i := range want[j] {
			if !equalSeq(want[j][i], have[j][i]) {
				t.Errorf("%s track %d: %v, the target's %v", skel.Joints[j].Name, i, have[j][i], want[j][i])
			}
		}
	}
}
