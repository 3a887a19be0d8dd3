package bfres

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
)

// FuzzEncodeCurve stores curves built from arbitrary bytes: no panic,
// one-line errors, and a stored curve evaluates (from its bytes, by the
// test's own rule) within the tolerance, or as close as f32 keys allow.
func FuzzEncodeCurve(f *testing.F) {
	f.Add([]byte{0, 0, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
	f.Add([]byte{1, 1, 5, 0x40, 0, 0, 0, 0x3f, 0x80, 0, 0, 0xc2, 0xc8, 0, 0, 0x7f, 0xc0, 0, 0})
	f.Add([]byte{2, 2, 8, 1, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3})
	f.Add([]byte{4, 0, 4, 2, 1, 0, 0, 0, 0x80, 0, 0, 0, 0x7f, 0xff, 0xff, 0xff})
	f.Add([]byte{6, 3, 40, 3, 0xAA, 0x55})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 4 {
			return
		}
		types := []anim.NWCurveType{anim.NWCubic, anim.NWLinear, anim.NWBakedFloat, 3, anim.NWStepInt, anim.NWBakedInt, anim.NWStepBool, anim.NWBakedBool}
		s := CurveSpec{Type: types[data[0]%8], PreWrap: anim.NWWrap(data[1] & 3), PostWrap: anim.NWWrap(data[1] >> 2 & 7),
			Tolerance: math.Pow(10, -float64(data[3]%8)), LittleEndian: data[1]&0x80 != 0, Unit: []float64{0, 1, 180 / math.Pi, -1}[data[3]>>6]}
		n := int(data[2]) % 64
		rest := data[4:]
		next := func() float64 {
			if len(rest) < 4 {
				return 0
			}
			v := float64(math.Float32frombits(binary.BigEndian.Uint32(rest)))
			rest = rest[4:]
			if data[3]&0x20 != 0 {
				v = math.Round(v)
			}
			return v
		}
		fr := 0.0
		for i := 0; i < n; i++ {
			if !s.Type.IsBaked() {
				s.Frames = append(s.Frames, fr)
				fr += float64(1 + i%3)
			}
			key := make([]float64, max(s.Type.KeyElems(), 1))
			for e := range key {
				key[e] = next()
				if s.Type.IsBool() {
					key[e] = math.Abs(math.Mod(key[e], 2))
				}
			}
			s.Values = append(s.Values, key)
		}
		if s.Type.IsBaked() {
			s.End = float64(max(n-1, 0))
		} else if n > 0 {
			s.End = s.Frames[n-1]
		}
		c, err := EncodeCurve(s)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("error %q is not one line", err)
			}
			return
		}
		mag := specMag(&s)
		for fr := s.Start; fr <= s.End; fr += 0.25 {
			want, got := specEval(&s, fr), evalStored(&c, fr, s.unit())
			tol := s.Tolerance
			if c.KeyType == Key32 && !s.Type.IsInt() {
				tol = math.Max(tol, 1e-6*mag*float64(len(s.Values)+1)*s.unit())
			}
			// This evaluation rounds differently from the decoder's
			// (scale and unit applied in another order): a few ulps of
			// the magnitude.
			tol += 1e-13 * mag * s.unit()
			if !(math.Abs(want-got) <= tol) && !math.IsInf(want, 0) {
				t.Fatalf("%s %s keys at %v: %v, want %v (tolerance %g)", s.Type, c.KeyType.Name(s.Type), fr, got, want, tol)
			}
		}
	})
}

// FuzzReplaceSkeletalAnim writes clips mutated by arbitrary bytes into a
// Wii U and a Switch fixture: no panic, one-line errors, and a written
// file reads back (ReplaceSkeletalAnim checks that itself; checked again
// here with the clip found).
func FuzzReplaceSkeletalAnim(f *testing.F) {
	files := [][]byte{readFixture(f, "skel_anim.bfres"), readSwitchFixture(f, "nx02_v8_quat.bfres")}
	f.Add([]byte{0, 0, 0, 0})
	f.Add([]byte{1, 1, 2, 3, 4, 5, 6, 7, 8})
	f.Add([]byte{0, 9, 0xff, 0xff, 0xff, 0xff, 0x7f, 0x80})
	f.Fuzz(func(t *testing.T, data []byte) { replaceMutated(t, files, data) })
}

// replaceMutated is one FuzzReplaceSkeletalAnim case.
func replaceMutated(t *testing.T, files [][]byte, data []byte) {
	if len(data) < 2 {
		return
	}
	file := files[data[0]&1]
	fl, err := Parse(file)
	if err != nil {
		t.Fatal(err)
	}
	a := fl.SkeletalAnims[0]
	name := a.Name
	a.BoneAnims = append([]BoneAnim(nil), a.BoneAnims...)
	for i := range a.BoneAnims {
		a.BoneAnims[i].Curves = append([]Curve(nil), a.BoneAnims[i].Curves...)
	}
	for p := 1; p+2 < len(data); p += 3 {
		op, x, y := data[p], data[p+1], data[p+2]
		bi := int(x) % max(len(a.BoneAnims), 1)
		switch op % 10 {
		case 0:
			a.Flags ^= uint32(y) << (x % 24)
		case 1:
			a.FrameCount = int32(int8(y)) * int32(x)
		case 2:
			if len(a.BoneAnims) > 0 {
				a.BoneAnims[bi].Translate[y%3] = math.Float32frombits(uint32(x) << 24)
			}
		case 3:
			if len(a.BoneAnims) > 0 && len(a.BoneAnims[bi].Curves) > 0 {
				c := &a.BoneAnims[bi].Curves[int(y)%len(a.BoneAnims[bi].Curves)]
				c.NumKeys ^= uint16(x)
			}
		case 4:
			if len(a.BoneAnims) > 0 && len(a.BoneAnims[bi].Curves) > 0 {
				c := &a.BoneAnims[bi].Curves[int(y)%len(a.BoneAnims[bi].Curves)]
				c.KeyData = c.KeyData[:len(c.KeyData)*int(x%2)]
			}
		case 5:
			if len(a.BoneAnims) > 0 && len(a.BoneAnims[bi].Curves) > 0 {
				c := &a.BoneAnims[bi].Curves[int(y)%len(a.BoneAnims[bi].Curves)]
				c.TargetOffset = uint32(x)
			}
		case 6:
			if len(a.BoneAnims) > 0 {
				a.BoneAnims[bi].Name = strings.Repeat(string(rune('A'+y%26)), int(x%40))
			}
		case 7:
			a.BoneAnims = a.BoneAnims[:int(x)%(len(a.BoneAnims)+1)]
		case 8:
			if len(a.BoneAnims) > 0 && len(a.BoneAnims[bi].Curves) > 0 {
				c := &a.BoneAnims[bi].Curves[int(y)%len(a.BoneAnims[bi].Curves)]
				c.Flags ^= uint16(x) << (y % 8)
			}
		case 9:
			a.Name = name + string(rune('a'+x%26))
		}
	}
	var out []byte
	if a.Name == name {
		out, err = ReplaceSkeletalAnim(file, name, &a)
	} else {
		out, err = AddSkeletalAnim(file, &a)
	}
	if err != nil {
		if strings.ContainsAny(err.Error(), "\n\r") {
			t.Fatalf("error %q is not one line", err)
		}
		return
	}
	g, err := Parse(out)
	if err != nil {
		t.Fatalf("written file does not read back: %v", err)
	}
	found := false
	for _, s := range g.SkeletalAnims {
		found = found || s.Name == a.Name
	}
	if !found {
		t.Fatalf("written clip %q is missing", a.Name)
	}
}

// FuzzReplaceMaterialAnim writes texture SRT animations mutated by
// arbitrary bytes (parameter ranges, curve and constant counts and
// targets, constant values) into a Wii U and a Switch fixture: no panic,
// one-line errors, and a written file reads back with the animation.
func FuzzReplaceMaterialAnim(f *testing.F) {
	files := [][]byte{readFixture(f, "texsrt.bfres"), readSwitchFixture(f, "nx04_v10_texsrt.bfres")}
	f.Add([]byte{0, 0, 0, 0})
	f.Add([]byte{1, 1, 2, 3, 4, 5, 6, 7, 8})
	f.Add([]byte{0, 3, 0, 1, 4, 1, 0, 5, 2, 2})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		file := files[data[0]&1]
		fl, err := Parse(file)
		if err != nil {
			t.Fatal(err)
		}
		a := deepCopyMat(materialAnims(fl)[0])
		for p := 1; p+2 < len(data); p += 3 {
			op, x, y := data[p], data[p+1], data[p+2]
			m := &a.MaterialAnims[int(x)%len(a.MaterialAnims)]
			switch op % 7 {
			case 0:
				if len(m.Params) > 0 {
					q := &m.Params[int(y)%len(m.Params)]
					q.BeginCurve, q.NumFloatCurves = uint16(x%8), uint16(y%4)
				}
			case 1:
				if len(m.Params) > 0 {
					q := &m.Params[int(y)%len(m.Params)]
					q.BeginConstant, q.NumConstants = uint16(x%8), uint16(y%4)
				}
			case 2:
				m.Curves = m.Curves[:int(y)%(len(m.Curves)+1)]
			case 3:
				m.Constants = m.Constants[:int(y)%(len(m.Constants)+1)]
			case 4:
				if len(m.Constants) > 0 {
					m.Constants[int(y)%len(m.Constants)].Raw = uint32(x) << (y % 25)
				}
			case 5:
				if len(m.Curves) > 0 {
					m.Curves[int(y)%len(m.Curves)].TargetOffset = uint32(x % 0x20)
				}
			case 6:
				if len(m.Constants) > 0 {
					m.Constants[int(y)%len(m.Constants)].TargetOffset = uint32(x % 0x20)
				}
			}
		}
		out, err := ReplaceMaterialAnim(file, a.Name, &a)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("error %q is not one line", err)
			}
			return
		}
		g, err := Parse(out)
		if err != nil {
			t.Fatalf("written file does not read back: %v", err)
		}
		for _, b := range g.Broken {
			if b.Name == a.Name {
				t.Fatalf("written animation does not read back: %v", b.Err)
			}
		}
	})
}
