package bfres

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
)

// These tests build curves from stored arrays and check what the decoded
// curve evaluates to: decoding (scale, offset, unit, quantized keys, bool
// words) and the evaluation rules together.

// nwSpec describes a curve by its stored values: frames as stored (s10.5
// as the raw integer), key elements as stored, bool curves as words.
type nwSpec struct {
	h      CurveHeader
	frames []float64
	keys   []float64
	words  []uint32
}

// encode writes the stored arrays big-endian, as a Wii U file holds them.
func (s nwSpec) encode() (frames, keys []byte) {
	be := binary.BigEndian
	for _, f := range s.frames {
		switch s.h.FrameType {
		case anim.NWFrameF32:
			frames = be.AppendUint32(frames, math.Float32bits(float32(f)))
		case anim.NWFrameFixed:
			frames = be.AppendUint16(frames, uint16(int16(f)))
		default:
			frames = append(frames, uint8(f))
		}
	}
	if s.h.Type.IsBool() {
		for _, w := range s.words {
			keys = be.AppendUint32(keys, w)
		}
		return frames, keys
	}
	for _, k := range s.keys {
		switch {
		case s.h.KeyType == Key32 && s.h.Type.IsInt():
			keys = be.AppendUint32(keys, uint32(int32(k)))
		case s.h.KeyType == Key32:
			keys = be.AppendUint32(keys, math.Float32bits(float32(k)))
		case s.h.KeyType == KeyS16:
			keys = be.AppendUint16(keys, uint16(int16(k)))
		default:
			keys = append(keys, uint8(int8(k)))
		}
	}
	return frames, keys
}

func (s nwSpec) build(t *testing.T) *anim.NWCurve {
	t.Helper()
	if s.h.NumKeys == 0 {
		s.h.NumKeys = len(s.keys) / s.h.Type.KeyElems()
		if s.h.Type.IsBool() {
			s.h.NumKeys = len(s.frames)
		}
	}
	fr, ks := s.encode()
	c, err := decodeCurveIn(s.h, fr, ks, binary.BigEndian, nil)
	if err != nil {
		t.Fatalf("decodeCurveIn: %v", err)
	}
	if err := c.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return c
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

type evalCase struct{ f, want float64 }

func checkEval(t *testing.T, name string, c *anim.NWCurve, cases []evalCase) {
	t.Helper()
	for _, tc := range cases {
		if got := c.Eval(tc.f); !near(got, tc.want) {
			t.Errorf("%s: Eval(%v) = %v, want %v", name, tc.f, got, tc.want)
		}
	}
}

// identity is a linear curve v = frame over [10, 30] (one segment of span
// 20: c0 = 10, c1 = 20), so Eval shows where wrapping put the frame.
func identity(pre, post anim.NWWrap, delta float64) nwSpec {
	return nwSpec{
		h: CurveHeader{Type: anim.NWLinear, FrameType: anim.NWFrameF32, KeyType: Key32, PreWrap: pre, PostWrap: post,
			Start: 10, End: 30, Scale: 1, Delta: delta},
		frames: []float64{10, 30},
		keys:   []float64{10, 20, 30, 0},
	}
}

// Rule 1: wrap modes, including distances that are exact multiples of the
// range length (n = trunc(d/L) counts the full cycles, r = 0).
func TestNWWrapModes(t *testing.T) {
	for _, tc := range []struct {
		name      string
		pre, post anim.NWWrap
		delta     float64
		cases     []evalCase
	}{
		{"inside", anim.NWClamp, anim.NWClamp, 0, []evalCase{{10, 10}, {17.5, 17.5}, {30, 30}}},
		{"clamp", anim.NWClamp, anim.NWClamp, 0, []evalCase{{5, 10}, {-100, 10}, {35, 30}, {1e6, 30}}},
		// post: f = start + r; pre: f = end - r. At d = L, 2L (frames 50,
		// 70 and -10, -30) r = 0: post lands on start, pre on end.
		{"repeat", anim.NWRepeat, anim.NWRepeat, 0, []evalCase{
			{35, 15}, {45, 25}, {50, 10}, {55, 15}, {70, 10},
			{5, 25}, {-5, 15}, {-10, 30}, {-15, 25}, {-30, 30}}},
		// post: n odd → start + r, even → end - r; pre: n odd → end - r,
		// even → start + r.
		{"mirror", anim.NWMirror, anim.NWMirror, 0, []evalCase{
			{35, 25}, {49, 11}, {50, 10}, {55, 15}, {70, 30}, {75, 25},
			{5, 15}, {-9, 29}, {-10, 30}, {-15, 25}, {-30, 10}, {-35, 15}}},
		// Relative repeat wraps like repeat and adds delta·(n+1) after the
		// end, −delta·(n+1) before the start. With delta = L the identity
		// continues as v = f everywhere.
		{"relative delta=L", anim.NWRelativeRepeat, anim.NWRelativeRepeat, 20, []evalCase{
			{35, 35}, {50, 50}, {55, 55}, {70, 70}, {5, 5}, {-10, -10}, {-30, -30}, {-31, -31}}},
		// delta = 1 shows the cycle count: at 50 (n = 1) the frame wraps to
		// 10 and gains 2 deltas; at -30 (n = 2) it wraps to 30 and loses 3.
		{"relative delta=1", anim.NWRelativeRepeat, anim.NWRelativeRepeat, 1, []evalCase{
			{35, 16}, {50, 12}, {70, 13}, {5, 24}, {-10, 28}, {-30, 27}}},
		{"pre and post differ", anim.NWMirror, anim.NWRepeat, 0, []evalCase{{5, 15}, {35, 15}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkEval(t, tc.name, identity(tc.pre, tc.post, tc.delta).build(t), tc.cases)
		})
	}
}

// Non-finite frames and huge distances never produce NaN or leave the range.
func TestNWWrapExtremes(t *testing.T) {
	c := identity(anim.NWMirror, anim.NWRepeat, 0).build(t)
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e300, -1e300, math.MaxFloat64} {
		v := c.Eval(f)
		if math.IsNaN(v) || v < 10 || v > 30 {
			t.Errorf("Eval(%v) = %v, want a value in [10, 30]", f, v)
		}
	}
	// A zero-length range cannot repeat: it holds.
	z := nwSpec{h: CurveHeader{Type: anim.NWLinear, FrameType: anim.NWFrameF32, PreWrap: anim.NWRepeat, PostWrap: anim.NWRelativeRepeat, Start: 5, End: 5, Scale: 1, Delta: 3},
		frames: []float64{5}, keys: []float64{7, 1}}.build(t)
	checkEval(t, "zero range", z, []evalCase{{0, 7}, {5, 7}, {9, 7}})
}

// Rule 2: the segment is found in the stored frame domain (s10.5:
// floor(f·32)/32, u8: floor(f)); a step curve shows which key was chosen.
func TestNWSegmentQuantized(t *testing.T) {
	// Keys at 0, 4.53125 (raw 145) and 10 (raw 320).
	fixed := nwSpec{h: CurveHeader{Type: anim.NWStepInt, FrameType: anim.NWFrameFixed, KeyType: KeyS8, Start: 0, End: 12},
		frames: []float64{0, 145, 320}, keys: []float64{1, 2, 3}}.build(t)
	checkEval(t, "s10.5", fixed, []evalCase{
		{0, 1}, {4.5, 1}, {4.53, 1}, // floor(4.53·32) = 144 < 145
		{4.53125, 2}, {4.56, 2}, {9.99, 2}, {10, 3}, {12, 3}})
	u8 := nwSpec{h: CurveHeader{Type: anim.NWStepInt, FrameType: anim.NWFrameU8, KeyType: KeyS16, Start: 0, End: 10},
		frames: []float64{0, 5, 7}, keys: []float64{1, 2, 3}}.build(t)
	checkEval(t, "u8", u8, []evalCase{{4.999, 1}, {5, 2}, {6.99, 2}, {7, 3}, {10, 3}})
	f32 := nwSpec{h: CurveHeader{Type: anim.NWStepInt, FrameType: anim.NWFrameF32, KeyType: Key32, Start: 0, End: 10},
		frames: []float64{0, 4.53, 7}, keys: []float64{1, 2, 3}}.build(t)
	checkEval(t, "f32", f32, []evalCase{{4.52, 1}, {float64(float32(4.53)), 2}, {6.999, 2}})
}

// Rule 2: the ratio uses the unquantized frame, and past the last key the
// last key's polynomial runs with span 1.
func TestNWSegmentRatioAndTail(t *testing.T) {
	// u8 frames 0, 4; linear 0 → 8 over the first segment.
	lin := nwSpec{h: CurveHeader{Type: anim.NWLinear, FrameType: anim.NWFrameU8, KeyType: Key32, Start: 0, End: 7, Scale: 1},
		frames: []float64{0, 4}, keys: []float64{0, 8, 8, 2}}.build(t)
	checkEval(t, "ratio", lin, []evalCase{{2.5, 5}, {3.75, 7.5}, {4, 8}, {5, 10}, {6.5, 13}, {7, 14}, {9, 14}})
	// s10.5 frames: segment 0 spans 0..4.53125 and t = 4.53/4.53125.
	fx := nwSpec{h: CurveHeader{Type: anim.NWLinear, FrameType: anim.NWFrameFixed, KeyType: Key32, Start: 0, End: 10, Scale: 1},
		frames: []float64{0, 145}, keys: []float64{0, 1, 1, 0}}.build(t)
	checkEval(t, "fixed ratio", fx, []evalCase{{4.53, 4.53 / 4.53125}})
	// Cubic tail: last key (5, 1, 2, 3) at frame 10 evaluates at t = f − 10.
	cub := nwSpec{h: CurveHeader{Type: anim.NWCubic, FrameType: anim.NWFrameF32, KeyType: Key32, Start: 0, End: 12, Scale: 1},
		frames: []float64{0, 10}, keys: []float64{0, 0, 0, 5, 5, 1, 2, 3}}.build(t)
	checkEval(t, "tail", cub, []evalCase{{10, 5}, {10.5, 5 + 0.5 + 0.5 + 3*0.125}, {11, 11}, {12, 5 + 2 + 8 + 24}})
}

// Rule 3: cubic keys are power-basis coefficients in the normalized
// segment time; the result is v·scale + offset (then the display unit).
func TestNWCubicPowerBasis(t *testing.T) {
	// s16 keys, two segments over frames 0, 10, 20.
	c := nwSpec{h: CurveHeader{Type: anim.NWCubic, FrameType: anim.NWFrameU8, KeyType: KeyS16, Start: 0, End: 20, Scale: 0.5, Offset: 3},
		frames: []float64{0, 10, 20},
		keys:   []float64{100, 200, 300, 400, 1000, -40, 0, 8, -7, 0, 0, 0}}.build(t)
	poly := func(k [4]float64, t float64) float64 { return k[0] + k[1]*t + k[2]*t*t + k[3]*t*t*t }
	checkEval(t, "s16 cubic", c, []evalCase{
		{0, 100*0.5 + 3},
		{5, poly([4]float64{100, 200, 300, 400}, 0.5)*0.5 + 3}, // 325·0.5 + 3
		{10, 1000*0.5 + 3},
		{12.5, poly([4]float64{1000, -40, 0, 8}, 0.25)*0.5 + 3},
		{20, -7*0.5 + 3},
	})
	if got := c.Eval(5); got != 165.5 {
		t.Errorf("Eval(5) = %v, want 165.5 (not a Hermite of the same numbers)", got)
	}
	// s8 keys with a degree unit: (v·scale + offset)·180/π.
	deg := nwSpec{h: CurveHeader{Type: anim.NWCubic, FrameType: anim.NWFrameF32, KeyType: KeyS8, Start: 0, End: 4, Scale: 0.01, Offset: 0.5, Unit: 180 / math.Pi},
		frames: []float64{0, 4}, keys: []float64{-100, 50, 25, -10, 0, 0, 0, 0}}.build(t)
	want := (poly([4]float64{-100, 50, 25, -10}, 0.75)*0.01 + 0.5) * 180 / math.Pi
	checkEval(t, "s8 degrees", deg, []evalCase{{3, want}})
	// Linear: c0 + c1·t with scale and offset.
	lin := nwSpec{h: CurveHeader{Type: anim.NWLinear, FrameType: anim.NWFrameF32, KeyType: KeyS16, Start: 0, End: 8, Scale: 2, Offset: -1},
		frames: []float64{0, 8}, keys: []float64{10, 6, 16, 0}}.build(t)
	checkEval(t, "linear", lin, []evalCase{{0, 19}, {2, (10+6*0.25)*2 - 1}, {8, 31}})
}

// Rule 4: baked float keys stand for frames trunc(start)+i, lerped; the
// last key holds (t = 0 there).
func TestNWBakedFloat(t *testing.T) {
	c := nwSpec{h: CurveHeader{Type: anim.NWBakedFloat, FrameType: anim.NWFrameF32, KeyType: KeyS8, Start: 2.5, End: 6, Scale: 0.5, Offset: 1},
		frames: []float64{2, 3, 4, 5, 6}, keys: []float64{10, 20, 30, 40, 50}}.build(t)
	v := func(k float64) float64 { return k*0.5 + 1 }
	checkEval(t, "baked", c, []evalCase{
		{2.5, v(15)}, {3, v(20)}, {4.25, v(32.5)}, {5.9, v(49)}, {6, v(50)},
		{0, v(15)}, {9, v(50)}, // clamp to start 2.5 / end 6
	})
	if k := c.Key(3); k.Frame != 5 || k.Value != v(40) || k.HasSlopes {
		t.Errorf("Key(3) = %+v, want frame 5 value %v without slopes", k, v(40))
	}
	// Baked curves need no frame array.
	nf := nwSpec{h: CurveHeader{Type: anim.NWBakedFloat, FrameType: anim.NWFrameU8, KeyType: Key32, Start: 0, End: 2, Scale: 1, NumKeys: 3},
		keys: []float64{1, 2, 4}}.build(t)
	checkEval(t, "baked without frames", nf, []evalCase{{1.5, 3}, {2, 4}})
}

// Rule 5: integer and bool curves add the integer offset; step curves use
// the segment search, baked ones index by trunc(f) − trunc(start).
func TestNWIntAndBool(t *testing.T) {
	step := nwSpec{h: CurveHeader{Type: anim.NWStepInt, FrameType: anim.NWFrameF32, KeyType: KeyS8, Start: 0, End: 20, Offset: 10},
		frames: []float64{0, 5, 12}, keys: []float64{1, -2, 3}}.build(t)
	checkEval(t, "stepInt", step, []evalCase{{0, 11}, {4.9, 11}, {5, 8}, {11.9, 8}, {12, 13}, {20, 13}})
	s32 := nwSpec{h: CurveHeader{Type: anim.NWStepInt, FrameType: anim.NWFrameU8, KeyType: Key32, Start: 0, End: 2},
		frames: []float64{0, 1}, keys: []float64{-70000, 70000}}.build(t)
	checkEval(t, "stepInt s32", s32, []evalCase{{0.5, -70000}, {1, 70000}})
	baked := nwSpec{h: CurveHeader{Type: anim.NWBakedInt, FrameType: anim.NWFrameU8, KeyType: KeyS16, Start: 1, End: 4, Offset: -1},
		frames: []float64{1, 2, 3, 4}, keys: []float64{5, 6, 7, 8}}.build(t)
	checkEval(t, "bakedInt", baked, []evalCase{{1, 4}, {2.7, 5}, {3.99, 6}, {4, 7}})
	// Key i is bit i&31 of word i>>5: keys 1, 0, 1 → 0b101.
	sb := nwSpec{h: CurveHeader{Type: anim.NWStepBool, FrameType: anim.NWFrameFixed, KeyType: Key32, Start: 0, End: 48, Offset: 1},
		frames: []float64{0, 16 * 32, 32 * 32}, words: []uint32{0b101}}.build(t)
	checkEval(t, "stepBool", sb, []evalCase{{0, 2}, {15.99, 2}, {16, 1}, {31, 1}, {32, 2}, {48, 2}})
	// 40 keys: bits 0..31 in word 0, 32..39 in word 1. Set: 3, 31, 33.
	frames := make([]float64, 40)
	for i := range frames {
		frames[i] = float64(i)
	}
	bb := nwSpec{h: CurveHeader{Type: anim.NWBakedBool, FrameType: anim.NWFrameU8, KeyType: Key32, Start: 0, End: 39},
		frames: frames, words: []uint32{1<<3 | 1<<31, 1 << 1}}.build(t)
	checkEval(t, "bakedBool", bb, []evalCase{{2.5, 0}, {3, 1}, {3.9, 1}, {4, 0}, {31.5, 1}, {32, 0}, {33, 1}, {34, 0}, {39, 0}})
	if k := bb.Key(33); k.Frame != 33 || k.Value != 1 {
		t.Errorf("bakedBool Key(33) = %+v", k)
	}
}

func TestNWKindAndKeys(t *testing.T) {
	kinds := map[anim.NWCurveType]anim.CurveKind{anim.NWCubic: anim.KindCubic, anim.NWLinear: anim.KindLinear, anim.NWBakedFloat: anim.KindBakedFloat,
		anim.NWStepInt: anim.KindStepInt, anim.NWBakedInt: anim.KindBakedInt, anim.NWStepBool: anim.KindStepBool, anim.NWBakedBool: anim.KindBakedBool}
	for typ, want := range kinds {
		if typ.Kind() != want {
			t.Errorf("%v.Kind() = %v, want %v", typ, typ.Kind(), want)
		}
		if want.Stepped() != (typ >= anim.NWStepInt) {
			t.Errorf("%v: Stepped = %v", typ, want.Stepped())
		}
	}
	// Cubic slopes: out = c1/span, in = p'(1)/span of the previous segment.
	c := nwSpec{h: CurveHeader{Type: anim.NWCubic, FrameType: anim.NWFrameF32, KeyType: Key32, Start: 0, End: 6, Scale: 2, Offset: 1},
		frames: []float64{0, 2, 6}, keys: []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0}}.build(t)
	if c.Kind() != anim.KindCubic || c.NumKeys() != 3 {
		t.Fatalf("kind %v keys %d", c.Kind(), c.NumKeys())
	}
	k1 := c.Key(1)
	if k1.Frame != 2 || k1.Value != 11 || !k1.HasSlopes || k1.OutSlope != 12.0/4 || k1.InSlope != (2+6+12)*2.0/2 {
		t.Errorf("Key(1) = %+v", k1)
	}
	if k0 := c.Key(0); k0.InSlope != k0.OutSlope || k0.OutSlope != 2 {
		t.Errorf("Key(0) = %+v", k0)
	}
	// The last key's out slope uses span 1, as the tail evaluation does.
	if k2 := c.Key(2); k2.Value != 19 || k2.OutSlope != 0 {
		t.Errorf("Key(2) = %+v", k2)
	}
	// Keys lie on the curve.
	for i := 0; i < c.NumKeys(); i++ {
		if k := c.Key(i); !near(c.Eval(k.Frame), k.Value) {
			t.Errorf("Eval(key %d frame %v) = %v, key value %v", i, k.Frame, c.Eval(k.Frame), k.Value)
		}
	}
	if h := c.Header(); h.Type != anim.NWCubic || h.NumKeys != 3 {
		t.Errorf("Header() = %+v", h)
	}
}

func TestNWRejects(t *testing.T) {
	good := func() nwSpec {
		return nwSpec{h: CurveHeader{Type: anim.NWLinear, FrameType: anim.NWFrameF32, KeyType: Key32, Start: 0, End: 10, Scale: 1},
			frames: []float64{0, 10}, keys: []float64{0, 1, 1, 0}}
	}
	for _, tc := range []struct {
		name string
		mod  func(*nwSpec)
		want string
	}{
		{"type 3", func(s *nwSpec) { s.h.Type = 3 }, "curve type 3"},
		{"frame type 3", func(s *nwSpec) { s.h.FrameType = 3 }, "frame type"},
		{"key type 3", func(s *nwSpec) { s.h.KeyType = 3 }, "key type"},
		{"no keys", func(s *nwSpec) { s.h.NumKeys = 0; s.frames, s.keys = nil, nil }, "no keys"},
		{"reversed range", func(s *nwSpec) { s.h.Start, s.h.End = 10, 0 }, "frame range"},
		{"NaN start", func(s *nwSpec) { s.h.Start = math.NaN() }, "frame range"},
		{"inf scale", func(s *nwSpec) { s.h.Scale = math.Inf(1) }, "not finite"},
		{"NaN key", func(s *nwSpec) { s.keys[1] = math.NaN() }, "not finite"},
		{"inf frame", func(s *nwSpec) { s.frames[1] = math.Inf(1) }, "not finite"},
		{"descending", func(s *nwSpec) { s.frames = []float64{5, 4} }, "comes before"},
		{"first key late", func(s *nwSpec) { s.frames = []float64{1, 10} }, "after the start frame"},
		{"baked too short", func(s *nwSpec) {
			s.h.Type = anim.NWBakedFloat
			s.keys = []float64{1, 2}
		}, "needs 11"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := good()
			tc.mod(&s)
			if s.h.NumKeys == 0 && s.keys != nil {
				s.h.NumKeys = len(s.keys) / s.h.Type.KeyElems()
			}
			fr, ks := s.encode()
			_, err := decodeCurveIn(s.h, fr, ks, binary.BigEndian, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one mentioning %q", err, tc.want)
			}
		})
	}
	s := good()
	s.h.NumKeys = 2
	fr, ks := s.encode()
	if _, err := decodeCurveIn(s.h, fr[:7], ks, binary.BigEndian, nil); err == nil {
		t.Error("short frame array accepted")
	}
	if _, err := decodeCurveIn(s.h, fr, ks[:15], binary.BigEndian, nil); err == nil {
		t.Error("short key array accepted")
	}
}
