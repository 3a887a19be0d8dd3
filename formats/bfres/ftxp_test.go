package bfres

import (
	"testing"

	"github.com/animscope/animscope/anim"
)

// testPattern is one pattern anim of a test FTXP: a sampler, a base
// texture number and optionally a curve.
type testPattern struct {
	sampler string
	base    uint16
	curve   *visCurve
}

// encodePatternFile writes a FRES 4.5 file holding one FTXP (group 6) with
// one material anim per entry of mats, laid out as nn::g3d's
// ResTexPatternAnim: header, bind indices, material anims, then per
// material its pattern infos, base values and curves.
func encodePatternFile(frames int32, matNames []string, mats [][]testPattern) []byte {
	return encodeSubfile(GroupTexPatternAnim, "Eyes", func(e *encoder) {
		e.b = append(e.b, "FTXP"...)
		e.name("Eyes")
		e.name("")
		e.u16(1 << 2) // loop
		e.u16(0)
		e.u32(uint32(frames))
		e.u16(0) // texture refs
		e.u16(uint16(len(mats)))
		pats, curves := 0, 0
		for _, m := range mats {
			pats += len(m)
			for _, p := range m {
				if p.curve != nil {
					curves++
				}
			}
		}
		e.u32(uint32(pats))
		e.u32(uint32(curves))
		e.u32(0)
		e.u32(0) // bind model
		bind, matArr := e.ptr(), e.ptr()
		e.u32(0) // texture refs
		e.u32(0) // user data
		e.setRel(bind, e.pos())
		for range mats {
			e.u16(0xFFFF)
		}
		e.align(4)
		e.setRel(matArr, e.pos())
		type fix struct{ infos, curves, base int }
		fixes := make([]fix, len(mats))
		bc, bp := 0, 0
		for i, m := range mats {
			n := 0
			for _, p := range m {
				if p.curve != nil {
					n++
				}
			}
			e.u16(uint16(len(m)))
			e.u16(uint16(n))
			e.u32(uint32(bc))
			e.u32(uint32(bp))
			e.name(matNames[i])
			fixes[i] = fix{e.ptr(), e.ptr(), e.ptr()}
			bc, bp = bc+n, bp+len(m)
		}
		for i, m := range mats {
			e.setRel(fixes[i].infos, e.pos())
			var cs []visCurve
			for _, p := range m {
				idx := int8(-1)
				if p.curve != nil {
					idx = int8(len(cs))
					cs = append(cs, *p.curve)
				}
				e.u8(uint8(idx))
				e.u8(0)
				e.u16(0)
				e.name(p.sampler)
			}
			e.setRel(fixes[i].base, e.pos())
			for _, p := range m {
				e.u16(p.base)
			}
			e.align(4)
			if len(cs) > 0 {
				e.setRel(fixes[i].curves, e.pos())
				e.intCurves(cs)
			}
		}
	})
}

// TestTexPatternAnims decodes an FTXP and checks every texture number by
// hand: a pattern without a curve keeps its base number; a step-int curve
// holds each key's number until the next key.
func TestTexPatternAnims(t *testing.T) {
	eyes := &visCurve{frames: []float32{0, 5, 12}, values: []int32{2, 7, 3}}
	mouth := &visCurve{frames: []float32{0, 20}, values: []int32{1, 0}}
	data := encodePatternFile(24, []string{"face", "body"}, [][]testPattern{
		{{"_a0", 4, eyes}, {"_a1", 9, nil}},
		{{"_a0", 5, mouth}},
	})
	f, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.TexPatternAnims) != 1 {
		t.Fatalf("%d FTXP", len(f.TexPatternAnims))
	}
	clip := f.TexPatternClip(0)
	if err := clip.Validate(); err != nil {
		t.Fatal(err)
	}
	if clip.Format != "bfres-texpattern" || clip.Loop != anim.Loop || clip.Duration != 24 || len(clip.Targets) != 3 {
		t.Fatalf("clip %s %v %v, %d targets", clip.Format, clip.Loop, clip.Duration, len(clip.Targets))
	}
	want := []struct {
		name, sampler string
		texMap        int
		at            map[float64]float64
	}{
		{"face", "_a0", 0, map[float64]float64{0: 2, 4.9: 2, 5: 7, 11.5: 7, 12: 3, 23: 3}},
		{"face", "_a1", 1, map[float64]float64{0: 9, 17: 9}},
		{"body", "_a0", 0, map[float64]float64{0: 1, 19.9: 1, 20: 0}},
	}
	for i, w := range want {
		tg := clip.Targets[i]
		if tg.Kind != anim.TexPatternTarget || tg.Name != w.name || tg.Param != w.sampler || tg.TexMap != w.texMap {
			t.Errorf("target %d: %v %q %q texMap %d, want %q %q %d", i, tg.Kind, tg.Name, tg.Param, tg.TexMap, w.name, w.sampler, w.texMap)
		}
		for fr, v := range w.at {
			if got := tg.Channels[0].Curve.Eval(fr); got != v {
				t.Errorf("%s/%s at %v: texture %v, want %v", w.name, w.sampler, fr, got, v)
			}
		}
	}
	// A pattern naming a curve the material anim lacks is refused.
	bad := encodePatternFile(24, []string{"face"}, [][]testPattern{{{"_a0", 4, nil}}})
	f2, err := Parse(bad)
	if err != nil || len(f2.TexPatternAnims) != 1 {
		t.Fatalf("control file: %v", err)
	}
	info := f2.TexPatternAnims[0].MaterialAnims[0]
	if info.Patterns[0].CurveIndex != -1 {
		t.Fatalf("control: curve index %d", info.Patterns[0].CurveIndex)
	}
	off := f2.TexPatternAnims[0].MaterialAnims[0].FileOffset
	infos := int64(int32(be.Uint32(bad[off+0x10:]))) + off + 0x10
	bad[infos] = 3 // curve 3 of 0
	if _, err := Parse(bad); err == nil {
		t.Error("pattern naming a missing curve decoded")
	}
}
