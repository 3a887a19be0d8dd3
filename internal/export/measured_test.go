package export

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/j3dtest"
)

// linkSmoothBCK is a clip shaped like a real character's loop (SMG2
// Mario's Walk, Wind Waker Link's item clips) on linkJoints: every joint
// below the root turning about each axis by a sine of 1 to 3 cycles, a
// Hermite key every 3 frames with the sine's own slope (smooth tangents,
// unlike linkShapedBCK's dense kinked ones).
func linkSmoothBCK(t testing.TB, frames int) []byte {
	rng := rand.New(rand.NewPCG(7, 3))
	b := &j3d.BCK{LoopMode: 2, RotationFrac: 2, Duration: uint16(frames)}
	must := func(tr j3d.Track, err error) j3d.Track {
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	const unitsPerRad = 8192 / math.Pi
	for i, j := range linkJoints {
		var set j3d.TrackSet
		for axis := 0; axis < 3; axis++ {
			set[3*axis] = must(j3dtest.Const(&b.Tables, j3d.ScaleTrack, 1))
			rest := [3]float64{j.x, j.y, j.z}
			if j.parent >= 0 {
				p := linkJoints[j.parent]
				rest = [3]float64{j.x - p.x, j.y - p.y, j.z - p.z}
			}
			set[3*axis+2] = must(j3dtest.Const(&b.Tables, j3d.TranslationTrack, float64(float32(rest[axis]))))
			if i == 0 {
				set[3*axis+1] = must(j3dtest.Const(&b.Tables, j3d.RotationTrack, 0))
				continue
			}
			amp := (0.1 + 0.6*rng.Float64()) * unitsPerRad
			w := 2 * math.Pi * float64(1+rng.IntN(3)) / float64(frames)
			phase := 2 * math.Pi * rng.Float64()
			var keys [][]float64
			for f := 0; f <= frames; f += 3 {
				x := w*float64(f) + phase
				d := math.Round(amp * w * math.Cos(x))
				keys = append(keys, []float64{float64(f), math.Round(amp * math.Sin(x)), d, d})
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

// TestLinkSmoothKeys: a 60-frame smooth clip on the Link-shaped skeleton
// (a key every 3 frames, as real character clips have) takes a few keys
// per frame and channel under the bound stage's tolerances alone (12,688
// keys, 271 kB here; real Mario and Link clips took 107-159 kB);
// measured, the joints' errors do not add up as that stage's worst case
// assumes, and the keys drop below 10,000 (about 7,100), still within
// the bound at every 1/16 frame in both players.
func TestLinkSmoothKeys(t *testing.T) {
	a, err := formats.Open("smooth.bck", linkSmoothBCK(t, 60))
	if err != nil {
		t.Fatal(err)
	}
	skel := linkSkeleton(t)
	sc := Scene{Skeleton: skel, Clips: []Clip{{Clip: a.Clips[0], Source: "smooth.bck"}}}
	d, _ := exportFile(t, "linksmooth.glb", sc)
	keys := keyCount(d)
	t.Logf("%d keys, %d bytes", keys, glbSize(t, sc))
	if keys > 10_000 {
		t.Errorf("%d keys, want at most 10,000", keys)
	}
	checkSixteenths(t, d, skel, sc.Clips[0].Clip, "smooth.bck")
}

// TestLoosenPays: the trial stands for the whole clip. Joints whose keys
// a looser tolerance halves, and leaves whose keys it keeps: with the
// leaves holding two thirds of the keys, loosening would keep about
// (1/3)(1/2) + 2/3 = 5/6 of them, which does not pay, however the
// heaviest joints drop; with the leaves holding a tenth, 11/20 stay,
// which does.
func TestLoosenPays(t *testing.T) {
	chans := func(j, n int) []nodeChannel {
		return []nodeChannel{{node: j, path: pathR, frames: make([]float64, n)}}
	}
	for _, tc := range []struct {
		name         string
		heavy, leaf  []int // keys per joint
		wantPays     bool
		wantEstimate float64
	}{
		// 2·300 halving, 12·100 kept: 600 of 1800 keys halve.
		{"leaves hold most", []int{300, 300}, []int{100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100}, false, 5.0 / 6},
		// 9·100 halving, 1·100 kept: 900 of 1000 keys halve.
		{"leaves hold a tenth", []int{100, 100, 100, 100, 100, 100, 100, 100, 100}, []int{100}, true, 11.0 / 20},
	} {
		var base [][]nodeChannel
		halves := map[int]bool{}
		for _, n := range tc.heavy {
			halves[len(base)] = true
			base = append(base, chans(len(base), n))
		}
		for _, n := range tc.leaf {
			base = append(base, chans(len(base), n))
		}
		kept, was := 0, 0
		rekey := func(j int, mult float64) []nodeChannel {
			n := len(base[j][0].frames)
			if halves[j] {
				n /= 2
			}
			kept += n
			was += len(base[j][0].frames)
			return chans(j, n)
		}
		k := &baker{}
		if got := k.loosenPays(base, nil, rekey); got != tc.wantPays {
			t.Errorf("%s: pays %v, want %v (the clip would keep %.3f of its keys)", tc.name, got, tc.wantPays, tc.wantEstimate)
		}
		total := 0
		for _, c := range base {
			total += len(c[0].frames)
		}
		if was == 0 || was >= total {
			t.Errorf("%s: the trial re-keyed %d of %d keys (%d kept): none, or the whole clip", tc.name, was, total, kept)
		}
	}
}

// TestLoosenPaysCountsBytes: what loosening saves is file size, and
// looser rotation keys are often written as SHORTs (half the bytes of
// floats). Rotation keys re-keyed to nine tenths as many, quantized, take
// (4 + 8)·0.9 / (4 + 16) = 0.54 of the bytes: that pays, though it keeps
// 0.9 of the keys.
func TestLoosenPaysCountsBytes(t *testing.T) {
	rot := func(j, n int, quant bool) []nodeChannel {
		return []nodeChannel{{node: j, path: pathR, frames: make([]float64, n), values: make([]float64, 4*n), quant: quant}}
	}
	var base [][]nodeChannel
	for j := range 4 {
		base = append(base, rot(j, 100, false))
	}
	rekey := func(j int, mult float64) []nodeChannel { return rot(j, 90, true) }
	if k := (&baker{}); !k.loosenPays(base, nil, rekey) {
		t.Error("re-keyed to 54% of the bytes: loosening does not pay, want it to")
	}
}

// TestLoosenPaysKnowsClampedJoints: a joint whose tolerances sit at
// their clamps keeps its keys; that share is known without a trial, and
// the trials stand for the others. Here a clamped leaf holds 30% of the
// keys and loosening quarters the rest: 0.3 + 0.7/4 = 0.475 of the keys
// stay, which pays. (A trial landing on the leaf would have estimated
// (1 + 1/4)/2 = 0.625, which does not.)
func TestLoosenPaysKnowsClampedJoints(t *testing.T) {
	rot := func(j, n int) []nodeChannel {
		return []nodeChannel{{node: j, path: pathR, frames: make([]float64, n), values: make([]float64, 4*n)}}
	}
	base := [][]nodeChannel{rot(0, 300)}
	tol := [][numPaths]float64{{1, maxRotTol, maxScaleTol}}
	for j := 1; j <= 7; j++ {
		base = append(base, rot(j, 100))
		tol = append(tol, [numPaths]float64{1, maxRotTol / 10, maxScaleTol})
	}
	rekey := func(j int, mult float64) []nodeChannel {
		if j == 0 {
			t.Error("the clamped leaf was re-keyed")
		}
		return rot(j, 25)
	}
	if k := (&baker{}); !k.loosenPays(base, tol, rekey) {
		t.Error("0.475 of the keys stay: loosening does not pay, want it to")
	}
}

// TestVerifierGridQuarterFrames: the loosening's measuring grid has
// whole, half and quarter frames on it whatever the channels' mean key
// span. A clip of sparse channels (two keys each) and one joint keyed
// five times a frame was measured every eighth frame (four samples in
// the mean channel's spans), less than once per five of the dense joint's
// keys, which loosened to 1.4 times its bound between (SMG2 Mario's eye
// in EarthenPipeOut).
func TestVerifierGridQuarterFrames(t *testing.T) {
	skel := zeroScaleSkeleton(t, anim.J3DMaya)
	clip := zeroScaleClip()
	bind := anim.Binding{Target: []int{0, 1, 2}}
	k := newBaker(skel, &bind, clip, false, nil)
	rest := make([]trs, len(skel.Joints))
	for j := range rest {
		rest[j] = trs{R: [4]float64{0, 0, 0, 1}, S: [3]float64{1, 1, 1}}
	}
	rot := func(j, n int) nodeChannel {
		c := nodeChannel{node: j, path: pathR, mode: interpLinear}
		for i := range n {
			c.frames = append(c.frames, clip.Duration*float64(i)/float64(n-1))
			c.values = append(c.values, 0, 0, 0, 1)
		}
		return c
	}
	chans := [][]nodeChannel{{rot(2, 101)}}
	for range 60 {
		chans = append(chans, []nodeChannel{rot(0, 2)})
	}
	v := k.verifier(chans, rest, func() bool { return true })
	if v == nil {
		t.Fatal("no verifier")
	}
	on := map[float64]bool{}
	for _, f := range v.times {
		on[f] = true
	}
	for f := 0.0; f <= clip.Duration; f += 0.25 {
		if !on[f] {
			t.Fatalf("frame %g is not on the grid (%d times, the first %v)", f, len(v.times), v.times[:min(4, len(v.times))])
		}
	}
}
