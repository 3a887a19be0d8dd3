package bfres

import (
	"math"
	"path/filepath"
	"testing"
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
	b.MaterialAnims[0].Curves[0].TargetOffset ^= 4
	if _, err := ReplaceMaterialAnim(data, a.Name, &b); err == nil {
		t.Errorf("a curve on another target was accepted")
	}
	if _, err := ReplaceMaterialAnim(data, "Nope", &a); err == nil {
		t.Errorf("a missing animation was accepted")
	}
}
