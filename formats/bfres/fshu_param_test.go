package bfres

import (
	"encoding/binary"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/sample/sampletest"
)

// asParamGroup returns texsrt.bfres with its FSHUs listed in index group g
// (shader parameter or colour) as well as in group 5: the same material
// anims read as plain shader-parameter animations.
func asParamGroup(t *testing.T, g int) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/texsrt.bfres")
	if err != nil {
		t.Fatal(err)
	}
	be := binary.BigEndian
	// Group offsets are self-relative s32 at 0x20 + 4g; counts u16 at 0x50 + 2g.
	v5 := int32(be.Uint32(data[0x20+4*GroupTexSRTAnim:]))
	be.PutUint32(data[0x20+4*g:], uint32(v5+int32(4*(GroupTexSRTAnim-g))))
	be.PutUint16(data[0x50+2*g:], be.Uint16(data[0x50+2*GroupTexSRTAnim:]))
	return data
}

// TestShaderParamAnims reads the texture SRT fixture's FSHUs as shader-
// parameter animations and checks every channel against the texture SRT
// golden: the float at offset 4 is scale.s, 8 scale.t, 12 the rotation
// (here in radians: no unit conversion), 16 translation.s, 20
// translation.t.
func TestShaderParamAnims(t *testing.T) {
	fieldOf := map[string]string{"offset.4": "scale.s", "offset.8": "scale.t", "offset.12": "rotation.q", "offset.16": "translation.s", "offset.20": "translation.t"}
	for _, g := range []int{GroupShaderParamAnim, GroupColorAnim} {
		f, err := Parse(asParamGroup(t, g))
		if err != nil {
			t.Fatalf("group %d: %v", g, err)
		}
		if len(f.ShaderParamAnims) != len(f.TexSRTAnims) || len(f.ShaderParamAnims) == 0 {
			t.Fatalf("group %d: %d shader param anims, %d texture SRT", g, len(f.ShaderParamAnims), len(f.TexSRTAnims))
		}
		for i := range f.ShaderParamAnims {
			a := &f.ShaderParamAnims[i]
			if a.Group != g {
				t.Errorf("anim %q group %d, want %d", a.Name, a.Group, g)
			}
			clip := f.ShaderParamClip(i)
			if err := clip.Validate(); err != nil {
				t.Fatal(err)
			}
			raw, err := os.ReadFile("testdata/texsrt.bfres." + a.Name + ".expected.json")
			if err != nil {
				t.Fatal(err)
			}
			want, err := sampletest.Read(raw)
			if err != nil {
				t.Fatal(err)
			}
			if clip.Format != "bfres-shaderparam" || len(clip.Targets) != len(want.Targets) {
				t.Fatalf("%s: format %q, %d targets, golden %d", a.Name, clip.Format, len(clip.Targets), len(want.Targets))
			}
			checked := 0
			for ti, tg := range clip.Targets {
				wt := &want.Targets[ti]
				if tg.Kind != anim.ShaderParamTarget || tg.Name != wt.Name || tg.Param == "" {
					t.Errorf("%s target %d: %v %q param %q, want shaderparam %q", a.Name, ti, tg.Kind, tg.Name, tg.Param, wt.Name)
				}
				for _, ch := range tg.Channels {
					name := ch.Slot.Name(tg.Kind)
					field, ok := fieldOf[name]
					if !ok {
						if name != "offset.0" {
							t.Errorf("%s target %d: unexpected channel %s", a.Name, ti, name)
						}
						continue
					}
					vals, _ := wt.Channels.Get(field)
					for fi, fr := range want.Frames {
						got, w := ch.Curve.Eval(fr), vals[fi]
						tol := 1e-4 * math.Max(1, math.Abs(w))
						if strings.HasPrefix(field, "rotation") {
							w *= math.Pi / 180
							tol = 2e-3 * math.Pi / 180
						}
						if math.Abs(got-w) > tol {
							t.Errorf("%s target %d %s at %v: %v, want %v (%s)", a.Name, ti, name, fr, got, w, field)
						}
						checked++
					}
				}
			}
			if checked == 0 {
				t.Errorf("%s: no value checked", a.Name)
			}
		}
	}
}

// TestShaderParamTargetOffsets: a shader-parameter curve targeting an
// unaligned or out-of-range offset is a one-line format error.
func TestShaderParamTargetOffsets(t *testing.T) {
	d := &decoder{group: GroupShaderParamAnim}
	for _, off := range []uint32{0, 4, 12, 60} {
		if err := d.checkParamTarget(off, false); err != nil {
			t.Errorf("offset %d: %v", off, err)
		}
	}
	for _, off := range []uint32{2, 64, 0xFFFFFFFC} {
		if err := d.checkParamTarget(off, false); err == nil {
			t.Errorf("offset 0x%x accepted", off)
		}
	}
}
