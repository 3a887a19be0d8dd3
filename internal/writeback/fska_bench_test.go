package writeback

import (
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/bfres"
	"github.com/animscope/animscope/internal/cputime/cputimetest"
)

// syntheticFSKA is a BotW-like clip: a Wii U FRES (export_bench.bfres)
// with an Euler FSKA "Bench" of n bone anims over frames frames added,
// each bone swinging smoothly about x and z with a few cubic keys and
// every base value set, under the Maya scale mode BotW's clips use; the
// Maya skeleton of n joints it plays on (a spine with a branch every
// fourth joint); and the glTF animscope export writes of it, resampled
// at every whole frame with linear interpolation as Blender's exporter
// writes it.
func syntheticFSKA(tb testing.TB, n, frames int) ([]byte, *anim.Skeleton, *Source) {
	tb.Helper()
	data, err := os.ReadFile(bfresFixtures + "export_bench.bfres")
	if err != nil {
		tb.Fatal(err)
	}
	f, err := bfres.Parse(data)
	if err != nil {
		tb.Fatal(err)
	}
	skel := &anim.Skeleton{Name: "Bench", Mode: anim.G3dMaya}
	a := f.SkeletalAnims[0]
	a.Name, a.FrameCount = "Bench", int32(frames)
	a.Flags = 1<<12 | 2<<8 | 1<<2 // Euler, Maya, looping
	a.UserData, a.NumUserData = nil, 0
	a.BoneAnims, a.BindIndices = nil, nil
	for j := range n {
		p := j - 1
		if j%4 == 0 && j >= 4 {
			p = j - 4
		}
		rest := anim.DefaultBase()
		rest[anim.TransY] = 10
		rest[anim.TransX] = float64(j%3) * 2
		name := fmt.Sprintf("Bone_%03d", j)
		skel.Joints = append(skel.Joints, anim.Joint{Name: name, Parent: p, Rest: rest})
		ba := bfres.BoneAnim{Name: name, HasScale: true, HasRotate: true, HasTranslate: true, BeginRotate: 3, BeginTranslate: 6, BeginBaseTranslate: 7,
			Scale: [3]float32{1, 1, 1}, Rotate: [4]float32{0, 0, 0, 1}, Translate: [3]float32{float32(rest[anim.TransX]), 10, 0}}
		for _, target := range []uint32{bfres.TargetRotateX, bfres.TargetRotateZ} {
			amp := 20 + float64(j%5)*5
			var fr []float64
			var vals [][]float64
			step := frames / 6
			for k := 0; k <= frames; k += step {
				fr = append(fr, float64(k))
			}
			// Power-basis coefficients of the Hermite through the sine's
			// values and slopes at the keys.
			val := func(x float64) float64 { return amp * math.Sin(x/float64(frames)*2*math.Pi+float64(j)) }
			der := func(x float64) float64 {
				return amp * math.Cos(x/float64(frames)*2*math.Pi+float64(j)) * 2 * math.Pi / float64(frames)
			}
			for i, x := range fr {
				if i == len(fr)-1 {
					vals = append(vals, []float64{val(x), 0, 0, 0})
					continue
				}
				l := fr[i+1] - x
				v0, v1, s0, s1 := val(x), val(fr[i+1]), der(x)*l, der(fr[i+1])*l
				vals = append(vals, []float64{v0, s0, -3*v0 + 3*v1 - 2*s0 - s1, 2*v0 - 2*v1 + s0 + s1})
			}
			c, err := bfres.EncodeCurve(bfres.CurveSpec{Type: anim.NWCubic, Target: target, Start: 0, End: float64(frames),
				PostWrap: anim.NWRepeat, PreWrap: anim.NWRepeat, Frames: fr, Values: vals,
				Unit: bfres.BoneCurveUnit(target, false), Tolerance: 1e-3})
			if err != nil {
				tb.Fatal(err)
			}
			ba.Curves = append(ba.Curves, c)
		}
		a.BoneAnims = append(a.BoneAnims, ba)
		a.BindIndices = append(a.BindIndices, 0xFFFF)
	}
	if err := skel.Finish(); err != nil {
		tb.Fatal(err)
	}
	if data, err = bfres.AddSkeletalAnim(data, &a); err != nil {
		tb.Fatal(err)
	}
	if f, err = bfres.Parse(data); err != nil {
		tb.Fatal(err)
	}
	clip, _ := f.SkeletalClip(len(f.SkeletalAnims) - 1)
	src := exportGLB(tb, skel, clip, "Bench")
	resampleEveryFrame(src, clip.FPS, frames)
	return data, skel, src
}

// resampleEveryFrame replaces every animated node's tracks by their
// values at each whole frame, linearly interpolated (a quaternion's
// slerped), as Blender's glTF exporter samples an action.
func resampleEveryFrame(src *Source, fps float64, frames int) {
	for i := range src.Nodes {
		n := &src.Nodes[i]
		for p, tr := range n.tracks {
			if tr == nil {
				continue
			}
			out := &track{comps: tr.comps, interp: interpLinear}
			v := make([]float64, tr.comps)
			for f := 0; f <= frames; f++ {
				tr.eval(float64(f)/fps, v)
				out.times = append(out.times, float64(f)/fps)
				out.values = append(out.values, v...)
			}
			n.tracks[p] = out
		}
	}
}

// TestFSKASmoothFewKeys imports the benchmark's kind of input (fewer
// bones) with every bone turned a little: the written clip plays the
// glTF within the bound, and each smooth 300-frame curve, which the
// glTF holds as 301 samples, takes far fewer keys.
func TestFSKASmoothFewKeys(t *testing.T) {
	const frames = 300
	data, skel, src := syntheticFSKA(t, 12, frames)
	m, err := MatchJoints(src, skel)
	if err != nil {
		t.Fatal(err)
	}
	for j := range skel.Joints {
		rotateNode(src, m.Node[j], 5, 100, 140, 30, frames)
	}
	resampleEveryFrame(src, 30, frames)
	res, err := ImportFSKA(src, FSKATarget{File: data, Clip: "Bench"}, skel)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("worst %.3f at %s (target %.3f), keys %d -> %d, passes %d", res.Worst, res.WorstJoint, res.TargetWorst, res.KeysBefore, res.Keys, res.Passes)
	g, err := bfres.Parse(res.Data)
	if err != nil {
		t.Fatal(err)
	}
	ci := len(g.SkeletalAnims) - 1
	got, _ := g.SkeletalClip(ci)
	bg := anim.BindByName(got, skel)
	if v := newReference(src, 30, frames).measure(got, &bg, skel, m); v.worst > 1 {
		t.Errorf("%.3f× the bound from the glTF at %s", v.worst, skel.Joints[v.worstJoint].Name)
	}
	for _, ba := range g.SkeletalAnims[ci].BoneAnims {
		for _, c := range ba.Curves {
			if c.NumKeys > frames/5 {
				t.Errorf("bone %q target %#x: %d keys for a smooth curve over %d frames", ba.Name, c.TargetOffset, c.NumKeys, frames)
			}
		}
	}
}

// BenchmarkImportFSKA135x300 is the target of a Blender-sampled
// 135-bone, 300-frame glTF imported onto a BotW-like clip: solving,
// fitting, writing the whole file and verifying it in at most 1 s of
// CPU time (cpu-ns/op: the machine may be shared). Every bone is turned
// a little, so every bone is fitted.
func BenchmarkImportFSKA135x300(b *testing.B) {
	const frames = 300
	data, skel, src := syntheticFSKA(b, 135, frames)
	m, err := MatchJoints(src, skel)
	if err != nil {
		b.Fatal(err)
	}
	for j := range skel.Joints {
		rotateNode(src, m.Node[j], 5, 100, 140, 30, frames)
	}
	resampleEveryFrame(src, 30, frames)
	b.ResetTimer()
	defer cputimetest.Meter(b, 0)()
	for b.Loop() {
		res, err := ImportFSKA(src, FSKATarget{File: data, Clip: "Bench"}, skel)
		if err != nil {
			b.Fatal(err)
		}
		if res.Worst > 1 {
			b.Fatalf("worst %.3f of the bound", res.Worst)
		}
		if os.Getenv("FSKA_BENCH_LOG") != "" {
			b.Logf("passes %d worst %.3f keys %d", res.Passes, res.Worst, res.Keys)
		}
	}
}
