package bfres

import (
	"math"
	"testing"
)

// specOf is the spec of a stored curve: its frames and its values in
// display units, computed here from the stored elements, scale, offset
// and unit (FORMATS.md), not through the decoder.
func specOf(c *Curve, unit float64) CurveSpec {
	s := CurveSpec{Type: c.Type, Target: c.TargetOffset, Start: float64(c.StartFrame), End: float64(c.EndFrame),
		PreWrap: c.PreWrap, PostWrap: c.PostWrap, Unit: unit, LittleEndian: c.LittleEndian}
	if !c.Type.IsBaked() {
		for i := 0; i < int(c.NumKeys); i++ {
			s.Frames = append(s.Frames, storedFrame(c, i))
		}
	}
	elems := c.Type.KeyElems()
	for i := 0; i < int(c.NumKeys); i++ {
		key := make([]float64, elems)
		for e := range key {
			key[e] = storedValue(c, i*elems+e) * unit
		}
		s.Values = append(s.Values, key)
	}
	return s
}

// TestReplaceSkeletalAnimReencoded re-encodes every curve of a clip with
// EncodeCurve at a tight tolerance and replaces the clip with it: each
// curve read back from the written file evaluates within the tolerance of
// the original (fractional frames and both wraps included), every other
// clip samples byte-identically.
func TestReplaceSkeletalAnimReencoded(t *testing.T) {
	const tol = 1e-4
	for _, ef := range editFiles(t) {
		before := sampleAll(t, ef.name, ef.data)
		f, _ := Parse(ef.data)
		a := f.SkeletalAnims[0]
		a.BoneAnims = append([]BoneAnim(nil), a.BoneAnims...)
		var keysBefore, keysAfter, bytesBefore, bytesAfter int
		for i := range a.BoneAnims {
			b := &a.BoneAnims[i]
			b.Curves = append([]Curve(nil), b.Curves...)
			for k := range b.Curves {
				c := &b.Curves[k]
				spec := specOf(c, BoneCurveUnit(c.TargetOffset, a.Quaternion()))
				spec.Tolerance = tol
				n, err := EncodeCurve(spec)
				if err != nil {
					t.Fatalf("%s %s %s: %v", ef.name, a.Name, b.Name, err)
				}
				keysBefore += int(c.NumKeys)
				keysAfter += int(n.NumKeys)
				bytesBefore += len(c.FrameData) + len(c.KeyData)
				bytesAfter += len(n.FrameData) + len(n.KeyData)
				*c = n
			}
		}
		out, err := ReplaceSkeletalAnim(ef.data, a.Name, &a)
		if err != nil {
			t.Fatalf("%s %s: %v", ef.name, a.Name, err)
		}
		checkHeaders(t, ef.name, ef.data, out)
		checkOthersSame(t, ef.name, before, sampleAll(t, ef.name, out), "bfres-skeletal/"+a.Name)
		g, _ := Parse(out)
		var got *SkeletalAnim
		for i := range g.SkeletalAnims {
			if g.SkeletalAnims[i].Name == a.Name {
				got = &g.SkeletalAnims[i]
			}
		}
		worst := 0.0
		for i, ob := range f.SkeletalAnims[0].BoneAnims {
			for k := range ob.Curves {
				oc, nc := ob.Curves[k].Decoded, got.BoneAnims[i].Curves[k].Decoded
				h := oc.Header()
				for fr := h.Start - 2; fr <= h.End+2; fr += 1.0 / 16 {
					worst = math.Max(worst, math.Abs(oc.Eval(fr)-nc.Eval(fr)))
				}
			}
		}
		// Relative repeat adds the stored delta per cycle: f32 rounding of
		// the delta is the only other difference.
		if worst > tol*1.01 {
			t.Errorf("%s %s: re-encoded curves differ by up to %g (tolerance %g)", ef.name, a.Name, worst, tol)
		}
		t.Logf("%s %s: worst %.3g, keys %d -> %d, curve array bytes %d -> %d", ef.name, a.Name, worst, keysBefore, keysAfter, bytesBefore, bytesAfter)
	}
}
