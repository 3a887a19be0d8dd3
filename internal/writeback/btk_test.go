package writeback

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/internal/export"
)

// exportTexGLB exports a texture SRT clip as animscope export does and
// reads back its texture transforms.
func exportTexGLB(t *testing.T, clip *anim.Clip, name string) *TexSource {
	t.Helper()
	doc, _, err := export.Build(export.Scene{Clips: []export.Clip{{Clip: clip, Source: name}}})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := export.WriteGLB(&buf, doc); err != nil {
		t.Fatal(err)
	}
	src, err := ReadTexGLTF(name+".glb", buf.Bytes(), nil, "", "")
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func btkClip(t *testing.T, data []byte) *anim.Clip {
	t.Helper()
	b, err := j3d.DecodeBTK(data)
	if err != nil {
		t.Fatal(err)
	}
	c, err := b.Clip()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestSplitTexValues: values turned into a matrix by the game's formula
// (anim.TexMatrixWith), as the glTF holds it, and split again give a
// matrix the same within float rounding, for both J3D formulas, sheared
// or not, at angles all around.
func TestSplitTexValues(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, mode := range []anim.TexMatrixMode{anim.TexJ3DBasic, anim.TexJ3DMaya} {
		for i := range 2000 {
			tg := &anim.Target{Kind: anim.TexSRTTarget, TexMode: mode, Center: [3]float64{r.Float64(), r.Float64(), 0.5}}
			var tp anim.TargetPose
			tp.V[anim.ScaleX], tp.V[anim.ScaleY] = 0.2+2*r.Float64(), 0.2+2*r.Float64()
			if i%2 == 0 {
				tp.V[anim.ScaleY] = tp.V[anim.ScaleX]
			}
			tp.V[anim.RotZ] = 720*r.Float64() - 360
			tp.V[anim.TransX], tp.V[anim.TransY] = 4*r.Float64()-2, 4*r.Float64()-2
			want := asGLTF(anim.TexMatrixWith(mode, tg, &tp))
			prev := [5]float64{tp.V[anim.ScaleX], tp.V[anim.ScaleY], tp.V[anim.RotZ] + 3, tp.V[anim.TransX], tp.V[anim.TransY]}
			v := splitTexValues(want, mode, tg.Center, &prev)
			var back anim.TargetPose
			for k, s := range texSlots {
				back.V[s] = v[k]
			}
			if e := texErr(asGLTF(anim.TexMatrixWith(mode, tg, &back)), want); e > 1e-6 {
				t.Fatalf("mode %v values %v: split gives %v, whose matrix is %.3g× the bound off", mode, tp.V[:anim.TransZ+1], v, e)
			}
		}
	}
}

// TestRoundTripBTK: each BTK fixture exported and imported onto itself
// gives the fixture's bytes back (every entry plays the glTF already).
func TestRoundTripBTK(t *testing.T) {
	for _, name := range []string{"btk_basic", "btk_maya", "btk_multi", "times_once"} {
		data, err := os.ReadFile("../../formats/j3d/testdata/" + name + ".btk")
		if err != nil {
			t.Fatal(err)
		}
		src := exportTexGLB(t, btkClip(t, data), name)
		res, err := ImportBTK(src, data)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: worst %.3g (target %.3g), keys %d -> %d, %d -> %d bytes", name, res.Worst, res.TargetWorst, res.KeysBefore, res.Keys, len(data), len(res.Data))
		if !bytes.Equal(res.Data, data) {
			t.Errorf("%s: written BTK differs from the target", name)
		}
	}
}

// TestImportBTKEdit: one entry's texture offset moved by 0.25 in S in
// the glTF: that entry's matrix is the original's moved by 0.25 in its
// translation (computed from the original file, not the glTF), at every
// eighth of a frame, within the bound (twice: the glTF carries the
// export's error); every other track, the edited entry's rotation and
// scales included, keeps the target's keys exactly.
func TestImportBTKEdit(t *testing.T) {
	for _, name := range []string{"btk_maya", "btk_multi"} {
		data, err := os.ReadFile("../../formats/j3d/testdata/" + name + ".btk")
		if err != nil {
			t.Fatal(err)
		}
		orig := btkClip(t, data)
		src := exportTexGLB(t, orig, name)
		edited := &orig.Targets[len(orig.Targets)-1]
		label := texLabel(orig, edited)
		found := false
		for i := range src.Materials {
			m := &src.Materials[i]
			if m.Name != label {
				continue
			}
			found = true
			if m.off == nil {
				m.Off[0] += 0.25
				continue
			}
			for k := 0; k < len(m.off.values); k += 2 {
				m.off.values[k] += 0.25
			}
		}
		if !found {
			t.Fatalf("%s: no glTF material %q", name, label)
		}
		res, err := ImportBTK(src, data)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: worst %.3g (target %.3g), keys %d -> %d, %d -> %d bytes, notes %q", name, res.Worst, res.TargetWorst, res.KeysBefore, res.Keys, len(data), len(res.Data), res.Notes)
		got := btkClip(t, res.Data)
		before, _ := j3d.DecodeBTK(data)
		after, _ := j3d.DecodeBTK(res.Data)
		for i := range orig.Targets {
			for k := range 9 {
				// An offset is the translations' (both under J3D
				// Maya's formula, which turns them).
				if i == edited.Index && j3d.KindOf(k) == j3d.TranslationTrack {
					continue
				}
				kind := j3d.KindOf(k)
				a, _ := keptKeys(&before.Tables, before.Entries[i][k], kind, int(before.RotationFrac)-int(after.RotationFrac))
				b, _ := keptKeys(&after.Tables, after.Entries[i][k], kind, 0)
				if len(a) != len(b) {
					t.Errorf("%s entry %d track %d: %d keys, want the target's %d", name, i, k, len(b), len(a))
					continue
				}
				for n := range a {
					if a[n] != b[n] {
						t.Errorf("%s entry %d track %d key %d: %v, want the target's %v", name, i, k, n, b[n], a[n])
					}
				}
			}
		}
		var tp, gp anim.TargetPose
		worst := 0.0
		for s := 0; s <= int(orig.Duration)*8; s++ {
			f := float64(s) / 8
			anim.EvaluateTarget(edited, f, &tp)
			want := anim.TexMatrixOf(edited, &tp)
			want[0][2] += 0.25
			anim.EvaluateTarget(&got.Targets[edited.Index], f, &gp)
			worst = math.Max(worst, texErr(asGLTF(anim.TexMatrixOf(&got.Targets[edited.Index], &gp)), asGLTF(want)))
		}
		if worst > 2 {
			t.Errorf("%s: edited entry %.3g× the bound from the original moved by 0.25", name, worst)
		}
	}
}
