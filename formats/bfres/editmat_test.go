package bfres

import (
	"encoding/json"
	"math"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/sample"
)

// matEditFiles are the fixtures and (ANIMSCOPE_REAL_DIR) real files
// holding material animations, with the decoded list to take them from.
func matEditFiles(t *testing.T) []editFile {
	var out []editFile
	paths := []string{"testdata/texsrt.bfres", "testdata/switch/nx04_v10_texsrt.bfres"}
	for _, p := range paths {
		out = append(out, editFile{p, readBFRESFile(t, p)})
	}
	if dir := realDir(); dir != "" {
		for _, p := range []string{"botw/Npc_Gerudo_Queen_Animation.bfres", "smo/BombHei.szs", "smo/HitSensor.szs", "botw-switch/Animal_Cat.switch.bfres"} {
			out = append(out, editFile{p, readBFRESFile(t, filepath.Join(dir, p))})
		}
	}
	return out
}

// materialAnims are the material animations ReplaceMaterialAnim takes
// from a decoded file.
func materialAnims(f *File) []ShaderParamAnim {
	if f.Switch != nil {
		return f.Switch.MaterialAnims
	}
	return append(append([]ShaderParamAnim(nil), f.TexSRTAnims...), f.ShaderParamAnims...)
}

// TestReplaceMaterialAnim replaces material animations with themselves
// (every clip then samples byte-identically) and with every curve
// re-encoded at 1e-4 (each curve read back within it, the other clips
// byte-identical).
func TestReplaceMaterialAnim(t *testing.T) {
	const tol = 1e-4
	for _, ef := range matEditFiles(t) {
		before := sampleAll(t, ef.name, ef.data)
		f, _ := Parse(ef.data)
		mats := materialAnims(f)
		if len(mats) == 0 {
			t.Fatalf("%s: no material animation", ef.name)
		}
		for i := range mats[:min(2, len(mats))] {
			a := mats[i]
			out, err := ReplaceMaterialAnim(ef.data, a.Name, &a)
			if err != nil {
				t.Fatalf("%s %s: %v", ef.name, a.Name, err)
			}
			checkHeaders(t, ef.name, ef.data, out)
			checkOthersSame(t, ef.name+" "+a.Name, before, sampleAll(t, ef.name, out), "")

			b := a
			b.MaterialAnims = append([]MaterialAnim(nil), a.MaterialAnims...)
			for m := range b.MaterialAnims {
				ma := &b.MaterialAnims[m]
				ma.Curves = append([]Curve(nil), ma.Curves...)
				for k := range ma.Curves {
					c := &ma.Curves[k]
					spec := specOf(c, TexSRTCurveUnit(c.TargetOffset))
					spec.Tolerance = tol
					if *c, err = EncodeCurve(spec); err != nil {
						t.Fatalf("%s %s: %v", ef.name, a.Name, err)
					}
				}
			}
			out, err = ReplaceMaterialAnim(ef.data, a.Name, &b)
			if err != nil {
				t.Fatalf("%s %s re-encoded: %v", ef.name, a.Name, err)
			}
			after := sampleAll(t, ef.name, out)
			for k, v := range before {
				if k != "bfres-texsrt/"+a.Name && k != "bfres-shaderparam/"+a.Name && k != "bfres-material/"+a.Name && string(v) != string(after[k]) {
					t.Errorf("%s %s re-encoded: clip %s samples differently", ef.name, a.Name, k)
				}
			}
			g, _ := Parse(out)
			var got *ShaderParamAnim
			for _, x := range materialAnims(g) {
				if x.Name == a.Name {
					got = &x
				}
			}
			worst := 0.0
			for m := range a.MaterialAnims {
				for k := range a.MaterialAnims[m].Curves {
					oc, nc := a.MaterialAnims[m].Curves[k].Decoded, got.MaterialAnims[m].Curves[k].Decoded
					h := oc.Header()
					for fr := h.Start - 2; fr <= h.End+2; fr += 1.0 / 16 {
						worst = math.Max(worst, math.Abs(oc.Eval(fr)-nc.Eval(fr)))
					}
				}
			}
			if worst > tol*1.01 {
				t.Errorf("%s %s: re-encoded curves differ by up to %g", ef.name, a.Name, worst)
			}
		}
	}
}

func TestReplaceMaterialAnimStructure(t *testing.T) {
	data := readFixture(t, "texsrt.bfres")
	f, _ := Parse(data)
	a := f.TexSRTAnims[0]
	b := a
	b.MaterialAnims = b.MaterialAnims[:len(b.MaterialAnims)-1]
	if _, err := ReplaceMaterialAnim(data, a.Name, &b); err == nil {
		t.Errorf("a material anim fewer was accepted")
	}
	b = a
	b.MaterialAnims = append([]MaterialAnim(nil), a.MaterialAnims...)
	b.MaterialAnims[0].Curves = append([]Curve(nil), a.MaterialAnims[0].Curves...)
	b.MaterialAnims[0].Curves[0].TargetOffset = 0x40
	if _, err := ReplaceMaterialAnim(data, a.Name, &b); err == nil {
		t.Errorf("a curve on no TexSrt field was accepted")
	}
	b.MaterialAnims[0].Curves[0] = a.MaterialAnims[0].Curves[0]
	b.MaterialAnims[0].Params = append([]ParamAnimInfo(nil), a.MaterialAnims[0].Params...)
	b.MaterialAnims[0].Params[0].Name += "x"
	if _, err := ReplaceMaterialAnim(data, a.Name, &b); err == nil {
		t.Errorf("a renamed parameter was accepted")
	}
	if _, err := ReplaceMaterialAnim(data, "Nope", &a); err == nil {
		t.Errorf("a missing animation was accepted")
	}
}

// constantToCurve turns the first float constant of a material anim's
// parameters (a TexSrt field held still) into a linear curve rising by 1
// per frame from the constant's value, moving the other parameters'
// ranges. It returns the target and value of the converted constant.
func constantToCurve(t *testing.T, a *ShaderParamAnim, unit func(uint32) float64, le bool) (uint32, float64) {
	t.Helper()
	for mi := range a.MaterialAnims {
		m := &a.MaterialAnims[mi]
		for pi := range m.Params {
			p := &m.Params[pi]
			for k := 0; k < int(p.NumConstants); k++ {
				ci := int(p.BeginConstant) + k
				c := m.Constants[ci]
				if c.TargetOffset == TexSrtMode {
					continue
				}
				v := float64(math.Float32frombits(c.Raw)) * unit(c.TargetOffset)
				nc, err := EncodeCurve(CurveSpec{Type: anim.NWLinear, Target: c.TargetOffset, End: float64(a.FrameCount),
					Frames: []float64{0}, Values: [][]float64{{v, 1}}, Unit: unit(c.TargetOffset), Tolerance: 1e-6, LittleEndian: le})
				if err != nil {
					t.Fatal(err)
				}
				at := int(p.BeginCurve) + int(p.NumFloatCurves)
				if p.NumFloatCurves+p.NumIntCurves == 0 {
					at = 0
					for _, q := range m.Params[:pi] {
						at = max(at, int(q.BeginCurve)+int(q.NumFloatCurves)+int(q.NumIntCurves))
					}
					p.BeginCurve = uint16(at)
				}
				m.Curves = append(m.Curves[:at:at], append([]Curve{nc}, m.Curves[at:]...)...)
				m.Constants = append(m.Constants[:ci:ci], m.Constants[ci+1:]...)
				for qi := range m.Params {
					q := &m.Params[qi]
					if qi != pi && int(q.BeginCurve) >= at && q.NumFloatCurves+q.NumIntCurves > 0 {
						q.BeginCurve++
					}
					if qi != pi && int(q.BeginConstant) > ci {
						q.BeginConstant--
					}
				}
				p.NumFloatCurves++
				p.NumConstants--
				m.NumCurves, m.NumConstants = uint16(len(m.Curves)), uint16(len(m.Constants))
				return c.TargetOffset, v
			}
		}
	}
	t.Fatalf("%s: no float constant to animate", a.Name)
	return 0, 0
}

// TestReplaceMaterialAnimConstantToCurve animates a TexSrt field the
// target held constant (what an import of an edited texture transform
// needs): the written file has the curve where the constant was, the
// field rises from the constant's value by 1 per frame, every other
// channel and clip samples as before.
func TestReplaceMaterialAnimConstantToCurve(t *testing.T) {
	for _, p := range []string{"testdata/texsrt.bfres", "testdata/switch/nx04_v10_texsrt.bfres"} {
		data := readBFRESFile(t, p)
		before := sampleAll(t, p, data)
		f, _ := Parse(data)
		a := deepCopyMat(materialAnims(f)[0])
		target, v := constantToCurve(t, &a, TexSRTCurveUnit, f.Switch != nil)
		out, err := ReplaceMaterialAnim(data, a.Name, &a)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		after := sampleAll(t, p, out)
		changed := ""
		for k, b := range before {
			if string(b) == string(after[k]) {
				continue
			}
			if changed != "" {
				t.Errorf("%s: clips %s and %s changed", p, changed, k)
			}
			changed = k
			var x, y sample.Doc
			json.Unmarshal(b, &x)
			json.Unmarshal(after[k], &y)
			diff := 0
			for ti := range x.Targets {
				for ci, ch := range x.Targets[ti].Channels {
					nv := y.Targets[ti].Channels[ci].Values
					if !reflect.DeepEqual(ch.Values, nv) {
						diff++
						for fi, fr := range x.Frames {
							if ff := math.Min(math.Max(fr, 0), float64(a.FrameCount)); fr == ff && math.Abs(nv[fi]-ch.Values[fi]-fr) > 1e-3 {
								t.Errorf("%s %s %s at frame %v: %v, want the constant %v plus %v", p, k, ch.Name, fr, nv[fi], ch.Values[fi], fr)
								break
							}
						}
					}
				}
			}
			if diff != 1 {
				t.Errorf("%s: %d channels changed, want 1 (target 0x%x, constant %v)", p, diff, target, v)
			}
		}
		if changed == "" {
			t.Errorf("%s: no clip changed", p)
		}
	}
}

// deepCopyMat copies a material animation's material anims, params,
// curves and constants, so that editing it leaves the decoded file alone.
func deepCopyMat(a ShaderParamAnim) ShaderParamAnim {
	a.MaterialAnims = append([]MaterialAnim(nil), a.MaterialAnims...)
	for i := range a.MaterialAnims {
		m := &a.MaterialAnims[i]
		m.Params = append([]ParamAnimInfo(nil), m.Params...)
		m.Curves = append([]Curve(nil), m.Curves...)
		m.Constants = append([]AnimConstant(nil), m.Constants...)
	}
	return a
}
