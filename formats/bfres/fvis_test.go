package bfres

import (
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
)

// visCurve is a test curve for an FVIS: step-int keys (f32 frames, s32
// values) or, with bits, a baked bool curve over frames 0..len(bits)-1.
type visCurve struct {
	target uint32
	frames []float32
	values []int32
	bits   []bool
}

// encodeSubfile writes a FRES 4.5 file whose index group g lists one
// subfile named name, written by body at a 4-aligned position (a
// test-only writer; the string table follows).
func encodeSubfile(g int, name string, body func(e *encoder)) []byte {
	e := &encoder{}
	e.b = append(e.b, "FRES"...)
	e.u32(0x04050003)
	e.u16(0xFEFF)
	e.u16(0x10)
	e.u32(0)
	e.u32(4)
	e.name("test")
	e.u32(0)
	strTab := e.ptr()
	groups := make([]int, NumGroups)
	for i := range groups {
		groups[i] = e.ptr()
	}
	for i := 0; i < NumGroups; i++ {
		if i == g {
			e.u16(1)
		} else {
			e.u16(0)
		}
	}
	e.u32(0)
	start, data := e.dict([]string{name})
	e.setRel(groups[g], start)
	e.align(4)
	e.setRel(data[0], e.pos())
	body(e)
	e.align(8)
	tabStart := e.pos()
	seen := map[string]bool{}
	var strs []string
	for _, r := range e.strRefs {
		if !seen[r.s] {
			seen[r.s] = true
			strs = append(strs, r.s)
		}
	}
	sort.Strings(strs)
	at := map[string]int{}
	for _, s := range strs {
		e.u32(uint32(len(s)))
		at[s] = e.pos()
		e.b = append(e.b, s...)
		e.u8(0)
		e.align(4)
	}
	for _, r := range e.strRefs {
		e.setRel(r.field, at[r.s])
	}
	e.setRel(strTab, tabStart)
	be.PutUint32(e.b[0x18:], uint32(e.pos()-tabStart))
	be.PutUint32(e.b[0x0C:], uint32(e.pos()))
	return e.b
}

// intCurves writes curve headers (version 3.4+: 0x24 bytes) and their
// arrays: step-int curves (f32 frames, s32 keys) or baked bool ones.
func (e *encoder) intCurves(curves []visCurve) {
	arrays := make([][2]int, len(curves))
	for k, c := range curves {
		if c.bits != nil {
			e.u16(uint16(anim.NWBakedBool) << 4)
			e.u16(uint16(len(c.bits)))
			e.u32(c.target)
			e.f32(0)
			e.f32(float32(len(c.bits) - 1))
		} else {
			e.u16(uint16(anim.NWStepInt) << 4) // f32 frames, s32 keys
			e.u16(uint16(len(c.frames)))
			e.u32(c.target)
			e.f32(c.frames[0])
			e.f32(c.frames[len(c.frames)-1])
		}
		e.u32(1) // scale (integer)
		e.u32(0) // offset
		e.u32(0) // delta
		arrays[k] = [2]int{e.ptr(), e.ptr()}
	}
	for k, c := range curves {
		if c.bits != nil {
			w := make([]byte, 4*((len(c.bits)+31)/32))
			for i, b := range c.bits {
				if b {
					w[4*(i>>5)+3-(i&31)/8] |= 1 << (uint(i&31) % 8)
				}
			}
			e.setRel(arrays[k][1], e.bytes(w))
			continue
		}
		fr := make([]byte, 0, 4*len(c.frames))
		for _, f := range c.frames {
			fr = be.AppendUint32(fr, math.Float32bits(f))
		}
		e.setRel(arrays[k][0], e.bytes(fr))
		kv := make([]byte, 0, 4*len(c.values))
		for _, v := range c.values {
			kv = be.AppendUint32(kv, uint32(v))
		}
		e.setRel(arrays[k][1], e.bytes(kv))
	}
}

// encodeVisFile writes a FRES 4.5 file holding one FVIS in group g with
// the given anim names, base bits and curves, laid out as nn::g3d's
// ResVisibilityAnim: header, bind indices, name offsets, base bit32
// words, curves and their arrays.
func encodeVisFile(g int, flags uint16, frames int32, names []string, base []bool, curves []visCurve) []byte {
	return encodeSubfile(g, "Blink", func(e *encoder) {
		e.b = append(e.b, "FVIS"...)
		e.name("Blink")
		e.name("")
		e.u16(flags)
		e.u16(0)
		e.u32(uint32(frames))
		e.u16(uint16(len(names)))
		e.u16(uint16(len(curves)))
		e.u32(0)
		e.u32(0) // bind model
		bind, nameArr, curveArr, baseArr := e.ptr(), e.ptr(), e.ptr(), e.ptr()
		e.u32(0) // user data
		e.setRel(bind, e.pos())
		for range names {
			e.u16(0xFFFF)
		}
		e.align(4)
		e.setRel(nameArr, e.pos())
		for _, n := range names {
			e.name(n)
		}
		e.setRel(baseArr, e.pos())
		words := make([]uint32, (len(base)+31)/32)
		for i, b := range base {
			if b {
				words[i>>5] |= 1 << (uint(i) & 31)
			}
		}
		for _, w := range words {
			e.u32(w)
		}
		e.setRel(curveArr, e.pos())
		e.intCurves(curves)
	})
}

// TestVisibilityAnims decodes bone and material visibility animations and
// checks each anim's visibility by hand: anims without a curve keep their
// base bit; a step-int curve holds each key's value (non-zero: shown)
// until the next key; a baked bool curve gives one bit per frame.
func TestVisibilityAnims(t *testing.T) {
	names := []string{"eye_L", "eye_R", "mouth", "hat"}
	base := []bool{true, false, true, false}
	curves := []visCurve{
		{target: 1, frames: []float32{0, 10, 20}, values: []int32{0, 1, 0}},
		{target: 3, bits: []bool{true, true, false, false, true, false}},
	}
	for _, c := range []struct {
		group  int
		flags  uint16
		format string
		kind   anim.TargetKind
	}{{GroupBoneVisAnim, 1 << 2, "bfres-bonevis", anim.JointTarget}, {GroupMatVisAnim, 1<<2 | fvisMaterial, "bfres-matvis", anim.ShapeTarget}} {
		f, err := Parse(encodeVisFile(c.group, c.flags, 30, names, base, curves))
		if err != nil {
			t.Fatalf("group %d: %v", c.group, err)
		}
		if len(f.VisibilityAnims) != 1 {
			t.Fatalf("%d visibility anims", len(f.VisibilityAnims))
		}
		clip := f.VisibilityClip(0)
		if err := clip.Validate(); err != nil {
			t.Fatal(err)
		}
		if clip.Format != c.format || clip.Loop != anim.Loop || clip.Duration != 30 || len(clip.Targets) != 4 {
			t.Fatalf("clip %s loop %v duration %v, %d targets", clip.Format, clip.Loop, clip.Duration, len(clip.Targets))
		}
		want := map[int]map[float64]float64{
			0: {0: 1, 15: 1, 29: 1},                         // base on
			1: {0: 0, 9.9: 0, 10: 1, 19.5: 1, 20: 0, 25: 0}, // step int
			2: {0: 1, 29: 1},                                // base on
			3: {0: 1, 1: 1, 2: 0, 3: 0, 4: 1, 5: 0, 5.5: 0}, // baked bits per frame
		}
		for ti, frames := range want {
			tg := clip.Targets[ti]
			if tg.Name != names[ti] || tg.Kind != c.kind || len(tg.Channels) != 1 || tg.Channels[0].Slot != anim.Visible {
				t.Fatalf("target %d: %q %v %v", ti, tg.Name, tg.Kind, tg.Channels)
			}
			for fr, v := range frames {
				if got := tg.Channels[0].Curve.Eval(fr); got != v {
					t.Errorf("%s %s at %v: visible %v, want %v", c.format, names[ti], fr, got, v)
				}
			}
		}
	}
	// A curve naming an anim past the list is refused.
	bad := append(curves[:1:1], visCurve{target: 9, frames: []float32{0, 1}, values: []int32{1, 0}})
	if _, err := Parse(encodeVisFile(GroupBoneVisAnim, 0, 30, names, base, bad)); err == nil || !strings.Contains(err.Error(), "target anim 9") {
		t.Errorf("curve past the anims: %v", err)
	}
}
