package export

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/j3dtest"
)

// linkJoints is a 42-joint character shaped like Wind Waker's Link
// (cl.bdl): each joint's parent and rest position in world units at the
// rest pose (about 80 units tall).
var linkJoints = []struct {
	parent  int
	x, y, z float64
}{
	{-1, 0, 0, 0}, {0, 0, 0, 0}, {1, 13.4, 0.3, -0.5}, {2, 21.2, 7.3, -1}, {3, 23.2, 18.9, -1},
	{4, 25.9, 38.4, -1}, {5, 25.9, 38.4, -15.8}, {6, 25.2, 38.5, -32.9}, {7, 25.4, 38.5, -51.2},
	{4, 25.9, 38.4, -1}, {9, 25.9, 38.4, 13.8}, {10, 25.2, 38.5, 30.9}, {11, 25.4, 38.5, 49.2},
	{4, 14.7, 39.1, -9.2}, {4, 26.3, 41, -1}, {14, 27.3, 44.9, -1},
	{15, 34.3, 57.1, -20.5}, {15, 34.3, 57.1, 18.5}, {15, 35.3, 46, -1}, {15, 27.3, 44.9, -1},
	{15, 27.3, 44.9, -1}, {15, 27.3, 44.9, -1}, {15, 48.7, 69.6, 6.8}, {22, 47.8, 64.3, 15.9},
	{15, 53, 65.8, -6.4}, {24, 53.2, 58.9, -0.5}, {15, 17.9, 70.6, -1}, {26, 2.1, 73.4, -1},
	{27, -16.4, 76.7, -1}, {1, 0, 0, 0}, {29, 0, 0, 0}, {30, 9, -5.3, 0}, {31, 9, -13.5, 0},
	{32, 9, -27.5, 0.2}, {33, 9, -41.8, -0.5}, {34, 9, -43.3, 5}, {30, -9, -5.3, 0},
	{36, -9, -13.5, 0}, {37, -9, -27.5, 0.2}, {38, -9, -41.8, -0.5}, {39, -9, -43.3, 5}, {0, 0, 0, 0},
}

// linkSkeleton is linkJoints as a J3D Maya skeleton with segment scale
// compensation on every joint below the root, as cl.bdl has.
func linkSkeleton(t testing.TB) *anim.Skeleton {
	s := &anim.Skeleton{Name: "link", Mode: anim.J3DMaya}
	for i, j := range linkJoints {
		jt := anim.Joint{Name: "j" + string(rune('A'+i/26)) + string(rune('a'+i%26)), Parent: j.parent, ScaleCompensate: j.parent >= 0}
		jt.Rest = anim.DefaultBase()
		px, py, pz := 0.0, 0.0, 0.0
		if j.parent >= 0 {
			p := linkJoints[j.parent]
			px, py, pz = p.x, p.y, p.z
		}
		jt.Rest[anim.TransX], jt.Rest[anim.TransY], jt.Rest[anim.TransZ] = j.x-px, j.y-py, j.z-pz
		s.Joints = append(s.Joints, jt)
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	return s
}

// linkShapedBCK writes a BCK as Link's body clips are: every joint's
// rotation keyed at every one of its frames with rotation fraction 2 and
// tangent mode 1, whose in and out tangents differ at every key (the
// curves bend there), swinging up to about 40° in a few cycles over the
// clip (the joints moves picks; the others hold still); scale and
// translation constant at the rest.
func linkShapedBCK(t testing.TB, frames int, moves func(joint int) bool) []byte {
	return linkShapedBCKScaled(t, frames, moves, -1)
}

// linkShapedBCKScaled is linkShapedBCK with joint scaled's scale pulsing
// by up to 10% (none when -1): under scale compensation the export then
// splits the nodes' transforms from the world matrices (the whole
// skeleton sampled together).
func linkShapedBCKScaled(t testing.TB, frames int, moves func(joint int) bool, scaled int) []byte {
	rng := rand.New(rand.NewPCG(31, 1))
	b := &j3d.BCK{LoopMode: 2, RotationFrac: 2, Duration: uint16(frames)}
	must := func(tr j3d.Track, err error) j3d.Track {
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	// One rotation unit at fraction 2 is 4 s16 units: 180/8192 degrees.
	const unitsPerRad = 8192 / math.Pi
	for i, j := range linkJoints {
		var set j3d.TrackSet
		for axis := 0; axis < 3; axis++ {
			set[3*axis] = must(j3dtest.Const(&b.Tables, j3d.ScaleTrack, 1))
			if i == scaled {
				w := 2 * math.Pi * float64(1+axis) / float64(frames)
				var keys [][]float64
				for f := 0; f <= frames; f++ {
					d := 0.1 * w * math.Cos(w*float64(f))
					keys = append(keys, []float64{float64(f), 1 + 0.1*math.Sin(w*float64(f)), d, d})
				}
				set[3*axis] = must(j3dtest.Keys(&b.Tables, j3d.ScaleTrack, 1, keys...))
			}
			rest := [3]float64{j.x, j.y, j.z}
			if j.parent >= 0 {
				p := linkJoints[j.parent]
				rest = [3]float64{j.x - p.x, j.y - p.y, j.z - p.z}
			}
			set[3*axis+2] = must(j3dtest.Const(&b.Tables, j3d.TranslationTrack, float64(float32(rest[axis]))))
			if !moves(i) {
				set[3*axis+1] = must(j3dtest.Const(&b.Tables, j3d.RotationTrack, 0))
				continue
			}
			amp := (0.1 + 0.6*rng.Float64()) * unitsPerRad
			cycles := float64(1 + rng.IntN(3))
			phase := 2 * math.Pi * rng.Float64()
			w := 2 * math.Pi * cycles / float64(frames)
			var keys [][]float64
			for f := 0; f <= frames; f++ {
				x := w*float64(f) + phase
				v := math.Round(amp * math.Sin(x))
				d := amp * w * math.Cos(x)
				kink := amp * w * (0.2 + 0.3*rng.Float64())
				keys = append(keys, []float64{float64(f), v, math.Round(d - kink), math.Round(d + kink)})
			}
			set[3*axis+1] = must(j3dtest.Keys(&b.Tables, j3d.RotationTrack, 1, keys...))
		}
		b.Joints = append(b.Joints, set)
	}
	data, err := j3dtest.EncodeBCK(b)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// linkShapedScene is a 30-frame Link-shaped clip on its skeleton.
func linkShapedScene(t testing.TB, moves func(joint int) bool) (Scene, *anim.Skeleton) {
	a, err := formats.Open("link.bck", linkShapedBCK(t, 30, moves))
	if err != nil {
		t.Fatal(err)
	}
	skel := linkSkeleton(t)
	return Scene{Skeleton: skel, Clips: []Clip{{Clip: a.Clips[0], Source: "link.bck"}}}, skel
}

// TestLinkShapedKeys: a 30-frame Link-shaped clip moving every joint
// (dense keys, kinked tangents, rotation fraction 2) exports in keys that
// follow the curves, not one (STEP) or two (LINEAR) per 0.022° step of
// the game's truncated rotations, which took about 800,000 keys and
// 16 MB; and stays within the bound (against the unrounded rotations) in
// both players, at every 1/16 frame. LINEAR needs many keys per frame
// here: these curves bend by up to 0.3 rad per frame², and the bound
// stage's worst-case split leaves the joints near the root about 5e-5
// rad (18,926 keys, 396 kB, the worst joint at a quarter of its bound);
// measured, the tolerances may grow where the joints' errors do not add
// up (measured.go). Most rotation keys are normalised SHORTs (8 bytes
// instead of 16: 222 kB before, about 150 kB). CUBICSPLINE about two keys
// per frame and joint.
func TestLinkShapedKeys(t *testing.T) {
	sc, skel := linkShapedScene(t, func(j int) bool { return j > 0 })
	for _, tc := range []struct {
		how         Interpolation
		keys, bytes int
	}{
		{Linear, 12_000, 170_000},
		{Cubic, 2_600, 160_000},
	} {
		sc.Interpolation = tc.how
		name := "linkshaped.glb"
		if tc.how == Cubic {
			name = "linkshaped-cubic.glb"
		}
		d, _ := exportFile(t, name, sc)
		keys, size := keyCount(d), glbSize(t, sc)
		if keys > tc.keys || size > tc.bytes {
			t.Errorf("%s: %d keys, %d bytes (want at most %d keys, %d bytes)", name, keys, size, tc.keys, tc.bytes)
		}
		t.Logf("%s: %d keys, %d bytes", name, keys, size)
		checkSixteenths(t, d, skel, sc.Clips[0].Clip, "link.bck")
	}
}

// keyCount is the number of keys of every sampler of d.
func keyCount(d *gDoc) int {
	keys := 0
	for _, an := range d.Animations {
		for _, s := range an.Samplers {
			keys += d.Accessors[s.Input].Count
		}
	}
	return keys
}

// glbSize is the size of sc written as a .glb.
func glbSize(t *testing.T, sc Scene) int {
	t.Helper()
	var buf bytes.Buffer
	doc, _, err := Build(sc)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := WriteGLB(&buf, doc); err != nil {
		t.Fatal(err)
	}
	return buf.Len()
}

// checkSixteenths is checkWorldAt at every 1/16 frame of clip.
func checkSixteenths(t *testing.T, d *gDoc, skel *anim.Skeleton, clip *anim.Clip, source string) {
	t.Helper()
	var frames []float64
	for f := 0.0; f <= clip.Duration; f += 1.0 / 16 {
		frames = append(frames, f)
	}
	checkWorldAt(t, d, skel, clip, source, false, frames)
}

// BenchmarkExportLinkShaped exports a 30-frame Link-shaped clip
// (linkShapedBCK) moving every joint but the root with the default
// LINEAR keys, no meshes. Target: under a second of CPU and 200 MB
// (following the game's rounded rotations it took about 800,000 keys,
// 16 MB and several seconds).
func BenchmarkExportLinkShaped(b *testing.B) {
	sc, _ := linkShapedScene(b, func(j int) bool { return j > 0 })
	benchExport(b, sc)
}

// TestLinkShapedScaledChest: the Link-shaped clip with the chest's scale
// pulsing, which under scale compensation takes the whole-skeleton path,
// whose keys the measured loosening re-reduces from one set of dense
// samples: still within the bound at every 1/16 frame in both players,
// in fewer keys than that path's bound stage alone gave (41,993).
func TestLinkShapedScaledChest(t *testing.T) {
	a, err := formats.Open("link.bck", linkShapedBCKScaled(t, 30, func(j int) bool { return j > 0 }, 4))
	if err != nil {
		t.Fatal(err)
	}
	skel := linkSkeleton(t)
	sc := Scene{Skeleton: skel, Clips: []Clip{{Clip: a.Clips[0], Source: "link.bck"}}}
	d, _ := exportFile(t, "linkshaped-scaled.glb", sc)
	keys := keyCount(d)
	if keys > 20_000 {
		t.Errorf("%d keys, want at most 20,000", keys)
	}
	t.Logf("%d keys", keys)
	checkSixteenths(t, d, skel, sc.Clips[0].Clip, "link.bck")
}
