package writeback

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/j3d"
)

// bcaFromClip builds a BCA that holds clip's local values on skel at
// every whole frame 0..duration, as a full-frame file stores them (a
// track whose frames are all the same is one value).
func bcaFromClip(skel *anim.Skeleton, clip *anim.Clip, duration int) *j3d.BCA {
	bind := anim.BindByIndex(clip, skel)
	pose := anim.NewPose(clip)
	b := &j3d.BCA{File: j3d.FileHeader{}, LoopMode: uint8(clip.Loop), Duration: uint16(duration)}
	b.Joints = make([]j3d.FullSet, len(skel.Joints))
	vals := make([][9][]float64, len(skel.Joints))
	for f := 0; f <= duration; f++ {
		anim.Evaluate(clip, float64(f), pose)
		for j := range skel.Joints {
			v, _ := skel.LocalSRT(j, pose, &bind)
			for i := range 9 {
				vals[j][i] = append(vals[j][i], v[bckSlot(i)])
			}
		}
	}
	for j := range vals {
		for i := range 9 {
			seq := vals[j][i]
			same := true
			for _, y := range seq {
				same = same && y == seq[0]
			}
			if same {
				seq = seq[:1]
			}
			var idx int
			switch j3d.KindOf(i) {
			case j3d.ScaleTrack:
				idx = len(b.Scale)
				for _, y := range seq {
					b.Scale = append(b.Scale, float32(y))
				}
			case j3d.RotationTrack:
				idx = len(b.Rotation)
				for _, y := range seq {
					b.Rotation = append(b.Rotation, int16(math.Round(math.Remainder(y, 360)*32768/180)))
				}
			default:
				idx = len(b.Translation)
				for _, y := range seq {
					b.Translation = append(b.Translation, float32(y))
				}
			}
			b.Joints[j][i] = j3d.FullTrack{Count: uint16(len(seq)), Index: uint16(idx)}
		}
	}
	b.JointCount = uint16(len(b.Joints))
	b.ScaleCount, b.RotationCount, b.TranslationCount = uint16(len(b.Scale)), uint16(len(b.Rotation)), uint16(len(b.Translation))
	return b
}

// trackValues is each joint's nine value sequences of a BCA.
func trackValues(b *j3d.BCA) [][9][]float64 {
	out := make([][9][]float64, len(b.Joints))
	for j, set := range b.Joints {
		for i, tr := range set {
			for n := range int(tr.Count) {
				out[j][i] = append(out[j][i], b.Tables.Value(j3d.KindOf(i), int(tr.Index)+n))
			}
		}
	}
	return out
}

func equalSeq(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func bcaClip(t *testing.T, data []byte, rt anim.Runtime) (*j3d.BCA, *anim.Clip) {
	t.Helper()
	b, err := j3d.DecodeBCA(data)
	if err != nil {
		t.Fatal(err)
	}
	c, err := b.Clip()
	if err != nil {
		t.Fatal(err)
	}
	c.SetRuntime(rt)
	return b, c
}

// TestReadFrames: each value's sample frame is read as that value by
// the game's lookup (anim.FullFrame, independently), and for the values
// read over a whole frame it is the middle of the frames that read it.
func TestReadFrames(t *testing.T) {
	const duration = 6
	for _, rt := range []anim.Runtime{anim.LateRuntime, anim.EarlyRuntime} {
		ff := &anim.FullFrame{Values: make([]float32, duration+1), Round: true}
		ff.SetRuntime(rt)
		lo, hi := make([]float64, duration+1), make([]float64, duration+1)
		for i := range lo {
			lo[i], hi[i] = math.Inf(1), math.Inf(-1)
		}
		const grid = 1024
		for s := 0; s <= duration*grid; s++ {
			f := float64(s) / grid
			i := ff.Index(f)
			lo[i], hi[i] = math.Min(lo[i], f), math.Max(hi[i], f)
		}
		got := readFrames(duration, rt)
		for i := range got {
			if ff.Index(got[i]) != i {
				t.Errorf("%s: value %d sampled at %g, where the game reads value %d", rt, i, got[i], ff.Index(got[i]))
			}
			// The grid's last point below the next switch is 1/grid short.
			if hi[i]-lo[i] > 1-2.0/grid {
				if want := (lo[i] + hi[i] + 1.0/grid) / 2; math.Abs(got[i]-want) > 1e-9 {
					t.Errorf("%s: value %d read over [%g, %g), sampled at %g, want %g", rt, i, lo[i], hi[i]+1.0/grid, got[i], want)
				}
			}
		}
	}
}

// TestRoundTripBCA: a BCA holding the walk at every frame, exported and
// imported onto itself under each runtime: the written file plays every
// joint within the bound of the target at every eighth of a frame, and
// every track holds exactly the target's values.
func TestRoundTripBCA(t *testing.T) {
	dir := "../../formats/j3d/testdata/j3dmodel"
	skel := openSkeleton(t, filepath.Join(dir, "biped.bmd"))
	walk, err := readBCK(t, filepath.Join(dir, "walk.bck")).Clip()
	if err != nil {
		t.Fatal(err)
	}
	data, err := j3d.EncodeBCA(bcaFromClip(skel, walk, int(walk.Duration)))
	if err != nil {
		t.Fatal(err)
	}
	for _, rt := range []anim.Runtime{anim.LateRuntime, anim.EarlyRuntime} {
		t.Run(rt.String(), func(t *testing.T) {
			target, orig := bcaClip(t, data, rt)
			src := exportGLB(t, skel, orig, "walk")
			res, err := ImportBCA(src, target, skel, rt)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("worst %.3g of the bound at %s, values %d -> %d, %d -> %d bytes, notes %q", res.Worst, res.WorstJoint, res.KeysBefore, res.Keys, len(data), len(res.Data), res.Notes)
			got, clip := bcaClip(t, res.Data, rt)
			if got.LoopMode != target.LoopMode || got.Duration != target.Duration || len(got.Joints) != len(target.Joints) {
				t.Errorf("header: loop %d duration %d joints %d, want %d %d %d", got.LoopMode, got.Duration, len(got.Joints), target.LoopMode, target.Duration, len(target.Joints))
			}
			if e := worstAgainst(skel, clip, orig, float64(target.Duration)); e > 1 {
				t.Errorf("written file is %.3f× the bound from the target", e)
			}
			gv, tv := trackValues(got), trackValues(target)
			for j := range tv {
				for i := range 9 {
					if !equalSeq(gv[j][i], tv[j][i]) {
						t.Errorf("joint %s track %d: %v, want the target's %v", skel.Joints[j].Name, i, gv[j][i], tv[j][i])
					}
				}
			}
		})
	}
}

// TestImportBCAEdit: one bone rotated 30° over frames 10-20 in the glTF
// of a BCA: exactly that joint's tracks change; at each frame where the
// game reads a value the edited chain lands within the bound of the
// edited glTF (posed by the glTF sampler), and the other hand stays put.
func TestImportBCAEdit(t *testing.T) {
	dir := "../../formats/j3d/testdata/j3dmodel"
	skel := openSkeleton(t, filepath.Join(dir, "biped.bmd"))
	walk, err := readBCK(t, filepath.Join(dir, "walk.bck")).Clip()
	if err != nil {
		t.Fatal(err)
	}
	data, err := j3d.EncodeBCA(bcaFromClip(skel, walk, int(walk.Duration)))
	if err != nil {
		t.Fatal(err)
	}
	rt := anim.LateRuntime
	target, orig := bcaClip(t, data, rt)
	src := exportGLB(t, skel, orig, "walk")
	arm := -1
	for j, jt := range skel.Joints {
		if jt.Name == "arm_L" {
			arm = j
		}
	}
	m, err := MatchJoints(src, skel)
	if err != nil {
		t.Fatal(err)
	}
	rotateNode(src, m.Node[arm], 30, 10, 20, orig.FPS, int(target.Duration))
	res, err := ImportBCA(src, target, skel, rt)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("worst %.3g of the bound at %s (between frames), values %d -> %d, notes %q", res.Worst, res.WorstJoint, res.KeysBefore, res.Keys, res.Notes)
	got, clip := bcaClip(t, res.Data, rt)
	gv, tv := trackValues(got), trackValues(target)
	for j := range tv {
		changed := false
		for i := range 9 {
			changed = changed || !equalSeq(gv[j][i], tv[j][i])
		}
		if changed != (j == arm) {
			t.Errorf("joint %s changed %v, want only arm_L changed", skel.Joints[j].Name, changed)
		}
	}
	// The edit turns the arm: its scale and translation values, which the
	// glTF plays as the walk does, are the walk's.
	for i := range 9 {
		if j3d.KindOf(i) != j3d.RotationTrack && !equalSeq(gv[arm][i], tv[arm][i]) {
			t.Errorf("arm_L track %d (%v): %v, the walk's %v", i, j3d.KindOf(i), gv[arm][i], tv[arm][i])
		}
	}
	n := len(skel.Joints)
	bind := anim.BindByIndex(clip, skel)
	pose := anim.NewPose(clip)
	game, gl := make([]mgl64.Mat4, n), make([]mgl64.Mat4, len(src.Nodes))
	for f := 0; f <= int(target.Duration); f++ {
		anim.Evaluate(clip, float64(f), pose)
		skel.World(pose, &bind, game)
		src.WorldAt(float64(f)/orig.FPS, gl)
		for j := range n {
			w := mgl64.Vec3{gl[m.Node[j]][12], gl[m.Node[j]][13], gl[m.Node[j]][14]}
			g := mgl64.Vec3{game[j][12], game[j][13], game[j][14]}
			if e := g.Sub(w).Len() / PositionBound(w); e > 1 {
				t.Errorf("frame %d joint %s: %.3f× the bound from the edited glTF", f, skel.Joints[j].Name, e)
			}
		}
	}
}

// TestRoundTripRealBCA: the Double Dash bomb's BCA (track.arc), exported
// with its model and imported onto itself under each runtime, gives the
// target's bytes back.
func TestRoundTripRealBCA(t *testing.T) {
	raw, err := os.ReadFile("/work/real/mkdd/track.arc")
	if err != nil {
		t.Skip("real files not present")
	}
	a, err := formats.Open("track.arc", raw)
	if err != nil {
		t.Fatal(err)
	}
	read := func(p string) []byte {
		b, err := a.Archive.Read(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	const dir = "dstestcircle/objects/"
	mdl, err := formats.Open("minigamebombhei_battle.bmd", read(dir+"minigamebombhei_battle.bmd"))
	if err != nil {
		t.Fatal(err)
	}
	skel := mdl.Skeletons[0]
	data := read(dir + "minigamebombhei_battle.bca")
	for _, rt := range []anim.Runtime{anim.LateRuntime, anim.EarlyRuntime} {
		target, orig := bcaClip(t, data, rt)
		src := exportGLB(t, skel, orig, "bomb")
		res, err := ImportBCA(src, target, skel, rt)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: worst %.3g, values %d -> %d, %d -> %d bytes", rt, res.Worst, res.KeysBefore, res.Keys, len(data), len(res.Data))
		if string(res.Data) != string(data) {
			t.Errorf("%s: written BCA differs from the target (%d vs %d bytes)", rt, len(res.Data), len(data))
		}
	}
}

// TestBCARaw: angles past ±180° are stored as the same turn, rounded to
// the nearest s16 unit (0x8000 = 180°).
func TestBCARaw(t *testing.T) {
	for _, c := range []struct{ deg, want float64 }{
		{0, 0}, {90, 16384}, {-90, -16384}, {270, -16384}, {-270, 16384}, {180, -32768}, {-180, -32768},
		{540, -32768}, {360 + 45, 8192}, {179.999, -32768}, {0.00274, 0}, {0.00275, 1}, {-725, -910},
	} {
		if got := bcaRaw(c.deg); got != c.want {
			t.Errorf("bcaRaw(%g) = %g, want %g", c.deg, got, c.want)
		}
	}
}
