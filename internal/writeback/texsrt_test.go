package writeback

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/bfres"
)

// TestSplitNWTexValues builds matrices with anim's NintendoWare formulas
// from known values and checks that the split gives values whose matrix,
// as the glTF holds it, is the same, and without shear the values
// themselves.
func TestSplitNWTexValues(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, mode := range []anim.TexMatrixMode{anim.TexNWMaya, anim.TexNW3dsMax, anim.TexNWSoftimage} {
		for i := range 200 {
			var tp anim.TargetPose
			sx := 0.2 + 2*r.Float64()
			sy := sx
			if i%2 == 1 {
				sy = 0.2 + 2*r.Float64()
			}
			deg := 720*r.Float64() - 360
			if i%3 == 0 {
				deg = 0
			}
			tp.V[anim.ScaleX], tp.V[anim.ScaleY], tp.V[anim.RotZ] = sx, sy, deg
			tp.V[anim.TransX], tp.V[anim.TransY] = 4*r.Float64()-2, 4*r.Float64()-2
			tgt := &anim.Target{Kind: anim.TexSRTTarget, TexMode: mode}
			m := asGLTF(anim.TexMatrixWith(mode, tgt, &tp))
			prev := [5]float64{1, 1, deg + 10, 0, 0}
			v := splitNWTexValues(m, mode, &prev)
			var got anim.TargetPose
			got.V[anim.ScaleX], got.V[anim.ScaleY], got.V[anim.RotZ], got.V[anim.TransX], got.V[anim.TransY] = v[0], v[1], v[2], v[3], v[4]
			if e := texErr(asGLTF(anim.TexMatrixWith(mode, tgt, &got)), m); e > 1e-3 {
				t.Fatalf("%v %d: values %v give a matrix %.3g of the bound from the one of %v", mode, i, v, e, tp.V[:6])
			}
			if sx == sy || deg == 0 {
				want := [5]float64{sx, sy, deg, tp.V[anim.TransX], tp.V[anim.TransY]}
				for k := range want {
					if math.Abs(v[k]-want[k]) > 1e-9*math.Max(1, math.Abs(want[k])) {
						t.Fatalf("%v %d: split %v, want %v", mode, i, v, want)
					}
				}
			}
		}
	}
}

// texSRTFixtures are the BFRES texture SRT fixtures: Wii U FSHU and a
// Switch FMAA, with their clips.
var texSRTFixtures = []struct{ file, clip string }{
	{"../../formats/bfres/testdata/texsrt.bfres", "ScrollWater"},
	{"../../formats/bfres/testdata/texsrt.bfres", "Blink"},
	{"../../formats/bfres/testdata/switch/nx04_v10_texsrt.bfres", "Ripple_fts"},
}

func texSRTTarget(t *testing.T, data []byte, clip string) (*bfres.File, *bfres.ShaderParamAnim, *anim.Clip) {
	t.Helper()
	f, err := bfres.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	a, c, err := findTexSRT(f, clip)
	if err != nil {
		t.Fatal(err)
	}
	return f, a, c
}

// TestRoundTripTexSRT exports each fixture clip as animscope export does
// and imports it onto the same clip: the file comes back byte for byte.
func TestRoundTripTexSRT(t *testing.T) {
	for _, fx := range texSRTFixtures {
		data, err := os.ReadFile(fx.file)
		if err != nil {
			t.Fatal(err)
		}
		_, _, clip := texSRTTarget(t, data, fx.clip)
		src := exportTexGLB(t, clip, fx.clip)
		res, err := ImportTexSRT(src, data, fx.clip)
		if err != nil {
			t.Fatalf("%s: %v", fx.clip, err)
		}
		if !bytes.Equal(res.Data, data) {
			t.Errorf("%s: unedited round trip changed the file (%d bytes, target %d; notes %q)", fx.clip, len(res.Data), len(data), res.Notes)
		}
	}
}

// TestImportTexSRTEdit scrolls the glTF offset S of each parameter in
// turn by 0.25 over the clip (a ramp, so a field the target holds
// constant becomes a curve; several parameters switch formula as their
// mode field steps): the written file, decoded, puts that parameter's
// matrix within the bound (twice: the glTF carries the export's error)
// of the target's own matrix with the ramp added, at every eighth of a
// frame; the other parameters' curves and constants, and the edited
// one's scale, rotation and mode fields, are the target's byte for byte.
func TestImportTexSRTEdit(t *testing.T) {
	for _, fx := range texSRTFixtures {
		data, err := os.ReadFile(fx.file)
		if err != nil {
			t.Fatal(err)
		}
		_, before, orig := texSRTTarget(t, data, fx.clip)
		for ti := range orig.Targets {
			src := exportTexGLB(t, orig, fx.clip)
			edited := &orig.Targets[ti]
			end := float64(orig.Duration)
			ramp := func(f float64) float64 { return 0.25 * f / end }
			label := texLabel(orig, edited)
			found := false
			for i := range src.Materials {
				m := &src.Materials[i]
				if m.Name != label {
					continue
				}
				found = true
				if m.off == nil {
					t.Fatalf("%s: %q has no offset channel to edit", fx.clip, label)
				}
				for k := 0; k < len(m.off.values); k += 2 {
					m.off.values[k] += ramp(m.off.times[k/2] * orig.FPS)
				}
			}
			if !found {
				t.Fatalf("%s: no glTF material %q", fx.clip, label)
			}
			res, err := ImportTexSRT(src, data, fx.clip)
			if err != nil {
				t.Fatalf("%s: %v", fx.clip, err)
			}
			t.Logf("%s %s: worst %.3g (target %.3g), keys %d -> %d, %d -> %d bytes, notes %q", fx.clip, label, res.Worst, res.TargetWorst, res.KeysBefore, res.Keys, len(data), len(res.Data), res.Notes)
			_, after, got := texSRTTarget(t, res.Data, fx.clip)
			var tp, gp anim.TargetPose
			worst := 0.0
			for s := 0; s <= int(end)*8; s++ {
				f := float64(s) / 8
				anim.EvaluateTarget(edited, f, &tp)
				want := asGLTF(anim.TexMatrixOf(edited, &tp))
				want[0][2] += ramp(f)
				g := &got.Targets[ti]
				anim.EvaluateTarget(g, f, &gp)
				worst = math.Max(worst, texErr(asGLTF(anim.TexMatrixOf(g, &gp)), want))
			}
			if worst > 2 {
				t.Errorf("%s %s: edited parameter %.3g× the bound from the target's with the scroll added", fx.clip, label, worst)
			}
			for mi := range before.MaterialAnims {
				bm, am := &before.MaterialAnims[mi], &after.MaterialAnims[mi]
				for pi := range bm.Params {
					for _, off := range []uint32{bfres.TexSrtMode, bfres.TexSrtSX, bfres.TexSrtSY, bfres.TexSrtR, bfres.TexSrtTX, bfres.TexSrtTY} {
						if mi == edited.Index && pi == edited.TexGen && (off == bfres.TexSrtTX || off == bfres.TexSrtTY) {
							continue
						}
						if a, b := storedField(bm, pi, off), storedField(am, pi, off); a != b {
							t.Errorf("%s material %q param %d field 0x%x: stored %s, the target's %s", fx.clip, bm.Name, pi, off, b, a)
						}
					}
				}
			}
		}
	}
}

// storedField describes how parameter pi of m stores field off, bytes
// included: a curve's header fields and arrays, a constant's value, or
// nothing.
func storedField(m *bfres.MaterialAnim, pi int, off uint32) string {
	p := &m.Params[pi]
	for k := 0; k < int(p.NumFloatCurves)+int(p.NumIntCurves); k++ {
		c := &m.Curves[int(p.BeginCurve)+k]
		if c.TargetOffset == off {
			return fmt.Sprintf("curve flags %x keys %d frames %g..%g scale %x offset %x delta %x %x %x",
				c.Flags, c.NumKeys, c.StartFrame, c.EndFrame, c.ScaleBits, c.OffsetBits, c.DeltaBits, c.FrameData, c.KeyData)
		}
	}
	for k := 0; k < int(p.NumConstants); k++ {
		if c := m.Constants[int(p.BeginConstant)+k]; c.TargetOffset == off {
			return fmt.Sprintf("constant %x", c.Raw)
		}
	}
	return "unset"
}

// TestImportTexSRTMissingClip: a clip the file does not have is an
// error listing the texture SRT animations it has.
func TestImportTexSRTMissingClip(t *testing.T) {
	data, err := os.ReadFile(texSRTFixtures[0].file)
	if err != nil {
		t.Fatal(err)
	}
	_, _, clip := texSRTTarget(t, data, "Blink")
	src := exportTexGLB(t, clip, "Blink")
	_, err = ImportTexSRT(src, data, "Blonk")
	if err == nil || !strings.Contains(err.Error(), `"Blonk"`) || !strings.Contains(err.Error(), `"ScrollWater", "Blink"`) {
		t.Errorf("got %v, want an error naming Blonk and listing ScrollWater and Blink", err)
	}
}

// TestTexSRTFixedLayout: in a Switch material anim whose texture
// pattern or visibility animation indexes its curves, a field the target
// holds constant cannot become a curve: one error naming the material,
// where without them the parameter is laid out anew.
func TestTexSRTFixedLayout(t *testing.T) {
	data, err := os.ReadFile(texSRTFixtures[2].file)
	if err != nil {
		t.Fatal(err)
	}
	_, target, orig := texSRTTarget(t, data, "Ripple_fts")
	e := &btkEntry{target: &orig.Targets[0], mat: &TexMaterial{}}
	fd := -1
	for k, f := range texSRTFields {
		if _, ki := fieldAt(&target.MaterialAnims[e.target.Index], &target.MaterialAnims[e.target.Index].Params[e.target.TexGen], f.off); ki >= 0 {
			fd = k
		}
	}
	if fd < 0 {
		t.Fatal("the fixture's first parameter has no constant field")
	}
	for _, vis := range []bool{false, true} {
		a := *target
		a.MaterialAnims = append([]bfres.MaterialAnim(nil), target.MaterialAnims...)
		if vis {
			a.MaterialAnims[e.target.Index].VisConstantIndex = 0
		}
		b := &texSRTBuild{target: &a, le: true, duration: int(a.FrameCount), fitted: map[*btkEntry]*texSRTFit{}}
		ft := &texSRTFit{}
		for k := range ft.keep {
			ft.keep[k] = k != fd
		}
		c, err := b.encode(texSRTFields[fd].off, [][]hkey{{{t: 0, v: 1}, {t: float64(b.duration), v: 2, in: 1 / float64(b.duration)}}}, 1e-4)
		if err != nil {
			t.Fatal(err)
		}
		ft.curve[fd] = &c
		b.fitted[e] = ft
		out, err := b.assemble([]*btkEntry{e})
		if vis {
			if err == nil || !strings.Contains(err.Error(), a.MaterialAnims[e.target.Index].Name) {
				t.Errorf("with visibility: %v, want an error naming the material", err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("without visibility: %v", err)
		}
		m := &out.MaterialAnims[e.target.Index]
		if ci, ki := fieldAt(m, &m.Params[e.target.TexGen], texSRTFields[fd].off); ci < 0 || ki >= 0 || m.Curves[ci].NumKeys != c.NumKeys {
			t.Errorf("without visibility: the field is curve %d, constant %d; want the new curve and no constant", ci, ki)
		}
	}
}

// TestTexSRTUnreachable: a rotation edit on a parameter with unequal
// scales asks for matrices NintendoWare's formulas cannot make (they
// scale after rotating, the glTF before); the import says so, naming
// the parameter, and lands no farther from the glTF than the nearest
// values allow (within a tenth).
func TestTexSRTUnreachable(t *testing.T) {
	data, err := os.ReadFile(texSRTFixtures[0].file)
	if err != nil {
		t.Fatal(err)
	}
	_, _, orig := texSRTTarget(t, data, "ScrollWater")
	src := exportTexGLB(t, orig, "ScrollWater")
	const label = "Lava/tex_mtx0 texgen 0"
	var edited *TexMaterial
	for i := range src.Materials {
		if m := &src.Materials[i]; m.Name == label {
			edited = m
		}
	}
	if edited == nil || edited.rot == nil {
		t.Fatalf("no rotation channel on %q", label)
	}
	end := edited.rot.times[len(edited.rot.times)-1]
	for k, tm := range edited.rot.times {
		edited.rot.values[k] += 0.5 * tm / end
	}
	res, err := ImportTexSRT(src, data, "ScrollWater")
	if err != nil {
		t.Fatal(err)
	}
	said := false
	for _, n := range res.Notes {
		said = said || strings.Contains(n, "cannot make") && strings.Contains(n, label)
	}
	if !said {
		t.Errorf("notes %q do not say %q cannot be made", res.Notes, label)
	}
	var e *btkEntry
	entries, _ := matchTexEntries(src, orig)
	for _, en := range entries {
		if en.mat == edited {
			e = en
		}
	}
	var tp anim.TargetPose
	frames := midpoints(sampleFrames(int(orig.Duration), edited.keyFrames(orig.FPS)))
	e.solve(frames, orig.FPS, &tp)
	floor, _ := e.reachable(orig.FPS, &tp)
	if floor <= 1 || res.Worst > 1.1*floor {
		t.Errorf("worst %.3g of the bound, the nearest values %.3g: want the edit out of reach and the result near it", res.Worst, floor)
	}
}

// TestTexSRTTooLong: a glTF longer than a texture SRT animation's frame
// count holds is one error, not minutes of fitting.
func TestTexSRTTooLong(t *testing.T) {
	data, err := os.ReadFile(texSRTFixtures[0].file)
	if err != nil {
		t.Fatal(err)
	}
	src, err := ReadTexGLTF("long.gltf", []byte(strings.Replace(smallTexGLTF, "m texgen 0", "Eye/tex_mtx0 texgen 0", 1)), nil, "", "")
	if err != nil {
		t.Fatal(err)
	}
	src.Materials[0].off.times[1] = 2000 // seconds: 60000 frames at 30 fps
	src.End = 2000
	if _, err := ImportTexSRT(src, data, "Blink"); err == nil || !strings.Contains(err.Error(), "60000 frames") {
		t.Errorf("got %v, want an error saying the glTF runs 60000 frames", err)
	}
}
