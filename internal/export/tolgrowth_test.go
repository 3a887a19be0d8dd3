package export

import (
	"math"
	"testing"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/j3dtest"
)

// TestFarMoveKeys: a clip that drops a character's root 350 units and
// pulls it back in its last frame (Wind Waker's gwp00 on Link: smooth
// Hermite translation and scale on the root joints) is keyed to the
// bound where the character is, not everywhere to the frames where it
// stands at the origin, whose bound is the 1e-3 floor: that took about
// 1,450 keys on the Link-shaped skeleton, now about 450 (the real gwp00,
// which also scales, went from 17,000 keys and 295 kB to 5,300 and
// 107 kB). Still within the bound in both players.
func TestFarMoveKeys(t *testing.T) {
	const frames = 60
	b := &j3d.BCK{LoopMode: 2, RotationFrac: 2, Duration: frames}
	must := func(tr j3d.Track, err error) j3d.Track {
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	for i, j := range linkJoints {
		var set j3d.TrackSet
		rest := [3]float64{j.x, j.y, j.z}
		if j.parent >= 0 {
			p := linkJoints[j.parent]
			rest = [3]float64{j.x - p.x, j.y - p.y, j.z - p.z}
		}
		for axis := 0; axis < 3; axis++ {
			set[3*axis] = must(j3dtest.Const(&b.Tables, j3d.ScaleTrack, 1))
			set[3*axis+1] = must(j3dtest.Const(&b.Tables, j3d.RotationTrack, 0))
			set[3*axis+2] = must(j3dtest.Const(&b.Tables, j3d.TranslationTrack, float64(float32(rest[axis]))))
		}
		if i == 1 {
			// gwp00's joint 1: down 350 from frame 19 to 56, held, back
			// in one frame.
			set[3*1+2] = must(j3dtest.Keys(&b.Tables, j3d.TranslationTrack, 1,
				[]float64{19, 0, 0, 0}, []float64{56, -350, -30, 0}, []float64{59, -350, 0, 0}, []float64{60, 0, 350, 0}))
		}
		b.Joints = append(b.Joints, set)
	}
	data, err := j3dtest.EncodeBCK(b)
	if err != nil {
		t.Fatal(err)
	}
	a, err := formats.Open("drop.bck", data)
	if err != nil {
		t.Fatal(err)
	}
	skel := linkSkeleton(t)
	sc := Scene{Skeleton: skel, Clips: []Clip{{Clip: a.Clips[0], Source: "drop.bck"}}}
	d, _ := exportFile(t, "drop.glb", sc)
	keys := keyCount(d)
	if keys > 700 {
		t.Errorf("%d keys, want at most 700", keys)
	}
	t.Logf("%d keys", keys)
	checkWorld(t, d, skel, sc.Clips[0].Clip, "drop.bck", false)
}

// TestTolGrowthWindows: a span takes the least growth of the windows it
// touches (a span ending on a window's edge does not touch the next).
func TestTolGrowthWindows(t *testing.T) {
	g := &tolGrowth{frames: []float64{0, 1, 2, 3}, g: [][][numPaths]float64{{{5, 5, 5}, {2, 2, 2}, {8, 8, 8}}}}
	for _, c := range []struct {
		f0, f1, want float64
	}{
		{0, 0.5, 5}, {0.2, 1, 5}, {0.5, 1.5, 2}, {1, 2, 2}, {2, 3, 8}, {2.5, 3, 8},
		{0.5, 2.5, 2}, {0, 3, 2}, {1.5, 2.5, 2}, {3, 3, 8}, {-1, 0, 5}, {3, 4, 8},
	} {
		if got := g.at(0, pathT, c.f0, c.f1); got != c.want {
			t.Errorf("[%g, %g]: %g, want %g", c.f0, c.f1, got, c.want)
		}
	}
	if (*tolGrowth)(nil).at(0, pathR, 0, 1) != 1 {
		t.Error("no growth is not 1")
	}
}

// TestZeroScaleParentKeys: a clip that scales a joint to zero for its
// first frames (Wind Waker's gicer01 on Link) leaves the joints below it
// without a local transform there (the segment scale compensation
// divides by zero); the export wrote NaN keys (invalid glTF: the
// validator failed 50 accessor elements). Every key is finite, and the
// file validates (TestMain).
func TestZeroScaleParentKeys(t *testing.T) {
	const frames = 12
	b := &j3d.BCK{LoopMode: 2, RotationFrac: 2, Duration: frames}
	must := func(tr j3d.Track, err error) j3d.Track {
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	for i, j := range linkJoints {
		var set j3d.TrackSet
		rest := [3]float64{j.x, j.y, j.z}
		if j.parent >= 0 {
			p := linkJoints[j.parent]
			rest = [3]float64{j.x - p.x, j.y - p.y, j.z - p.z}
		}
		for axis := 0; axis < 3; axis++ {
			set[3*axis] = must(j3dtest.Const(&b.Tables, j3d.ScaleTrack, 1))
			if i == 4 {
				// gicer01's scale curves: 0 until frame 4, then up to 1.
				set[3*axis] = must(j3dtest.Keys(&b.Tables, j3d.ScaleTrack, 1,
					[]float64{4, 0, 0.37, 0.37}, []float64{6, 0.73, 0.36, 0.36}, []float64{7, 1.07, -0.88, -0.88}, []float64{8, 1, 0, 0}))
			}
			set[3*axis+1] = must(j3dtest.Const(&b.Tables, j3d.RotationTrack, 0))
			set[3*axis+2] = must(j3dtest.Const(&b.Tables, j3d.TranslationTrack, float64(float32(rest[axis]))))
		}
		b.Joints = append(b.Joints, set)
	}
	data, err := j3dtest.EncodeBCK(b)
	if err != nil {
		t.Fatal(err)
	}
	a, err := formats.Open("zero.bck", data)
	if err != nil {
		t.Fatal(err)
	}
	sc := Scene{Skeleton: linkSkeleton(t), Clips: []Clip{{Clip: a.Clips[0], Source: "zero.bck"}}}
	d, _ := exportFile(t, "zero.glb", sc)
	bad := 0
	for _, an := range d.Animations {
		for _, s := range an.Samplers {
			vals, _ := d.floats(t, s.Output)
			for _, v := range vals {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					bad++
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d key values are not finite", bad)
	}
	// Where the game's pose is finite (the scale above zero), the file
	// plays it within the bound.
	skel, clip := sc.Skeleton, sc.Clips[0].Clip
	bind := formats.Bind(clip, skel)
	var fr []float64
	for f := 4.1; f <= frames; f += 0.37 {
		fr = append(fr, f)
	}
	want := worldPositions(skel, &bind, clip, fr, false)
	ai := d.animation(t, clipName(sc.Clips[0]))
	nodes := d.jointNodes(t)
	for fi, f := range fr {
		got := d.world(d.pose(t, ai, f/clip.FPS))
		for j := range skel.Joints {
			g := [3]float64{got[nodes[j]][12], got[nodes[j]][13], got[nodes[j]][14]}
			if e := dist(g, want[fi][j]); !(e <= PositionBound(want[fi][j])) {
				t.Errorf("frame %g joint %d: glTF %v, game %v", f, j, g, want[fi][j])
			}
		}
	}
}
