package bfres

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/anim/nwcurvetest"
)

// storedCase writes random stored arrays for a curve and decodes them the
// plain way (element·mul rounded, + add on the constant term) for
// anim.NewNWCurve.
func storedCase(rng *rand.Rand, typ anim.NWCurveType, ft anim.NWFrameType, ksize int, be bool, n int) (anim.NWCurveHeader, nwStorage, []float64, []float64) {
	var order binary.AppendByteOrder = binary.LittleEndian
	if be {
		order = binary.BigEndian
	}
	h := anim.NWCurveHeader{Type: typ, FrameType: ft, NumKeys: n, PreWrap: anim.NWWrap(rng.IntN(4)), PostWrap: anim.NWWrap(rng.IntN(4)), Delta: 1.5}
	s := nwStorage{KeySize: ksize, BigEndian: be, Mul: 0.37, Add: -2.25}
	var frames []float64
	fr := 0.0
	if !typ.IsBaked() || rng.IntN(2) == 0 {
		for i := 0; i < n; i++ {
			switch ft {
			case anim.NWFrameF32:
				s.Frames = order.AppendUint32(s.Frames, math.Float32bits(float32(fr)))
			case anim.NWFrameFixed:
				s.Frames = order.AppendUint16(s.Frames, uint16(int16(fr*32)))
			default:
				s.Frames = append(s.Frames, uint8(fr))
			}
			frames = append(frames, fr)
			if typ.IsBaked() {
				fr++
				continue
			}
			fr += float64(1 + rng.IntN(3))
			if ft == anim.NWFrameFixed {
				fr += 0.25
			}
		}
		h.End = frames[n-1]
	} else {
		h.End = float64(n - 1)
	}
	elems := typ.KeyElems()
	var vals []float64
	for i := 0; i < n*elems; i++ {
		var k float64
		switch ksize {
		case 4:
			f := float32(rng.NormFloat64() * 100)
			s.Keys = order.AppendUint32(s.Keys, math.Float32bits(f))
			k = float64(f)
		case 2:
			v := int16(rng.IntN(65536) - 32768)
			s.Keys = order.AppendUint16(s.Keys, uint16(v))
			k = float64(v)
		default:
			v := int8(rng.IntN(256) - 128)
			s.Keys = append(s.Keys, uint8(v))
			k = float64(v)
		}
		v := k * s.Mul
		if i%elems == 0 {
			v += s.Add
		}
		vals = append(vals, v)
	}
	return h, s, frames, vals
}

// A curve on its stored arrays evaluates, keys and validates exactly as
// the same curve on decoded arrays, for every frame type, key size, byte
// order and float curve type.
func TestNWStoredMatchesDecoded(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, typ := range []anim.NWCurveType{anim.NWCubic, anim.NWLinear, anim.NWBakedFloat} {
		for _, ft := range []anim.NWFrameType{anim.NWFrameF32, anim.NWFrameFixed, anim.NWFrameU8} {
			for _, ksize := range []int{1, 2, 4} {
				for _, be := range []bool{false, true} {
					for rep := 0; rep < 4; rep++ {
						h, s, frames, vals := storedCase(rng, typ, ft, ksize, be, 1+rng.IntN(20))
						want, err := nwcurvetest.New(h, frames, vals)
						if err != nil {
							t.Fatal(err)
						}
						got, err := newStoredCurve(h, s)
						if err != nil {
							t.Fatalf("%s %s size %d be %v: %v", typ, ft, ksize, be, err)
						}
						if err := got.Validate(); err != nil {
							t.Fatal(err)
						}
						for f := h.Start - 30; f < h.End+30; f += 0.173 {
							if a, b := got.Eval(f), want.Eval(f); math.Float64bits(a) != math.Float64bits(b) {
								t.Fatalf("%s %s size %d be %v: Eval(%v) = %v, decoded %v", typ, ft, ksize, be, f, a, b)
							}
						}
						for i := 0; i < h.NumKeys; i++ {
							if a, b := got.Key(i), want.Key(i); a != b {
								t.Fatalf("%s %s: Key(%d) = %+v, decoded %+v", typ, ft, i, a, b)
							}
						}
					}
				}
			}
		}
	}
}

func TestNWStoredRejects(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	base := func(ksize int) (anim.NWCurveHeader, nwStorage) {
		h, s, _, _ := storedCase(rng, anim.NWCubic, anim.NWFrameF32, ksize, false, 4)
		return h, s
	}
	cases := []struct {
		name, want string
		mod        func(h *anim.NWCurveHeader, s *nwStorage)
	}{
		{"NaN key", "value NaN is not finite", func(h *anim.NWCurveHeader, s *nwStorage) {
			binary.LittleEndian.PutUint32(s.Keys[4*5:], math.Float32bits(float32(math.NaN())))
		}},
		{"overflowing scale", "is not finite", func(h *anim.NWCurveHeader, s *nwStorage) { s.Mul = math.MaxFloat64 / 2 }},
		{"descending frames", "comes before the previous key", func(h *anim.NWCurveHeader, s *nwStorage) {
			binary.LittleEndian.PutUint32(s.Frames[8:], math.Float32bits(-1))
		}},
		{"infinite frame", "frame +Inf is not finite", func(h *anim.NWCurveHeader, s *nwStorage) {
			binary.LittleEndian.PutUint32(s.Frames[12:], math.Float32bits(float32(math.Inf(1))))
		}},
		{"first key after start", "after the start frame", func(h *anim.NWCurveHeader, s *nwStorage) { h.Start = -1 }},
		{"short keys", "key bytes for 4 keys", func(h *anim.NWCurveHeader, s *nwStorage) { s.Keys = s.Keys[1:] }},
		{"short frames", "frame bytes for 4 keys", func(h *anim.NWCurveHeader, s *nwStorage) { s.Frames = s.Frames[4:] }},
		{"int curve", "stored arrays are for float curves", func(h *anim.NWCurveHeader, s *nwStorage) { h.Type = anim.NWStepInt }},
		{"key size", "key element size 3", func(h *anim.NWCurveHeader, s *nwStorage) { s.KeySize = 3 }},
		{"NaN offset", "offset NaN is not finite", func(h *anim.NWCurveHeader, s *nwStorage) { s.Add = math.NaN() }},
	}
	for _, c := range cases {
		ksize := 4
		if c.name == "overflowing scale" {
			ksize = 2
		}
		h, s := base(ksize)
		c.mod(&h, &s)
		_, err := newStoredCurve(h, s)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	// A large scale on s16 keys whose values stay finite is fine.
	h, s := base(2)
	s.Mul = 1e300
	if _, err := newStoredCurve(h, s); err != nil {
		t.Errorf("finite large values rejected: %v", err)
	}
}

func TestNWStoredEvalAllocs(t *testing.T) {
	h, s, _, _ := storedCase(rand.New(rand.NewPCG(1, 2)), anim.NWCubic, anim.NWFrameU8, 2, false, 30)
	c, err := newStoredCurve(h, s)
	if err != nil {
		t.Fatal(err)
	}
	if a := testing.AllocsPerRun(100, func() { c.Eval(7.3) }); a != 0 {
		t.Errorf("Eval allocates %v times", a)
	}
}
