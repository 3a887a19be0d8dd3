package bfres

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/animscope/animscope/anim"
)

// storedValue decodes key element i of c from its bytes by the layout in
// FORMATS.md (not through decodeCurveIn), in file units before the unit.
func storedValue(c *Curve, i int) float64 {
	var o binary.ByteOrder = binary.BigEndian
	if c.LittleEndian {
		o = binary.LittleEndian
	}
	var k float64
	if c.Type.IsBool() {
		return float64(o.Uint32(c.KeyData[4*(i/32):])>>(i%32)&1) + float64(int32(c.OffsetBits))
	}
	switch c.KeyType {
	case KeyS8:
		k = float64(int8(c.KeyData[i]))
	case KeyS16:
		k = float64(int16(o.Uint16(c.KeyData[2*i:])))
	default:
		if c.Type.IsInt() {
			k = float64(int32(o.Uint32(c.KeyData[4*i:])))
		} else {
			k = float64(math.Float32frombits(o.Uint32(c.KeyData[4*i:])))
		}
	}
	if c.Type.IsInt() {
		k += float64(int32(c.OffsetBits))
		return k
	}
	k *= float64(math.Float32frombits(c.ScaleBits))
	if i%c.Type.KeyElems() == 0 {
		k += float64(math.Float32frombits(c.OffsetBits))
	}
	return k
}

// storedFrame decodes stored frame i of c from its bytes.
func storedFrame(c *Curve, i int) float64 {
	var o binary.ByteOrder = binary.BigEndian
	if c.LittleEndian {
		o = binary.LittleEndian
	}
	switch c.FrameType {
	case anim.NWFrameU8:
		return float64(c.FrameData[i])
	case anim.NWFrameFixed:
		return float64(int16(o.Uint16(c.FrameData[2*i:]))) / 32
	}
	return float64(math.Float32frombits(o.Uint32(c.FrameData[4*i:])))
}

// evalStored evaluates c at f in [start, end] from its stored bytes with
// the segment rule of FORMATS.md (the test's own evaluation), in display
// units.
func evalStored(c *Curve, f, unit float64) float64 {
	n, elems := int(c.NumKeys), c.Type.KeyElems()
	if c.Type.IsInt() {
		unit = 1
	}
	if c.Type.IsBaked() {
		i := int(math.Trunc(f) - math.Trunc(float64(c.StartFrame)))
		i = min(max(i, 0), n-1)
		v := storedValue(c, i)
		if c.Type == anim.NWBakedFloat && i < n-1 {
			t := f - (math.Trunc(float64(c.StartFrame)) + float64(i))
			v = v*(1-t) + storedValue(c, i+1)*t
		}
		return v * unit
	}
	i := 0
	for i+1 < n && storedFrame(c, i+1) <= f {
		i++
	}
	span := 1.0
	if i+1 < n {
		span = storedFrame(c, i+1) - storedFrame(c, i)
	}
	t := (f - storedFrame(c, i)) / span
	var v float64
	for e := elems - 1; e >= 0; e-- {
		v = v*t + storedValue(c, i*elems+e)
	}
	if c.Type.IsInt() {
		return storedValue(c, i*elems)
	}
	return v * unit
}

// specEval evaluates a spec at f exactly (the test's own copy of the
// rule).
func specEval(s *CurveSpec, f float64) float64 {
	if s.Type.IsBaked() {
		i := min(max(int(math.Trunc(f)-math.Trunc(s.Start)), 0), len(s.Values)-1)
		v := s.Values[i][0]
		if s.Type == anim.NWBakedFloat && i < len(s.Values)-1 {
			t := f - (math.Trunc(s.Start) + float64(i))
			v = v*(1-t) + s.Values[i+1][0]*t
		}
		return v
	}
	i := 0
	for i+1 < len(s.Frames) && s.Frames[i+1] <= f {
		i++
	}
	span := 1.0
	if i+1 < len(s.Frames) {
		span = s.Frames[i+1] - s.Frames[i]
	}
	t := (f - s.Frames[i]) / span
	k := s.Values[i]
	v := 0.0
	for e := len(k) - 1; e >= 0; e-- {
		v = v*t + k[e]
	}
	if s.Type.IsInt() {
		return k[0]
	}
	return v
}

// randomSpec is a random continuous cubic curve: keys at random frames
// (whole, 32ths or arbitrary), values of a random magnitude.
func randomSpec(r *rand.Rand, typ anim.NWCurveType) CurveSpec {
	n := 1 + r.IntN(20)
	s := CurveSpec{Type: typ, Unit: 1}
	if r.IntN(2) == 0 {
		s.Unit = 180 / math.Pi
	}
	mag := math.Pow(10, r.Float64()*6-3)
	boolOff := float64(r.IntN(7) - 3) // bool keys are bits added to an offset
	if typ.IsBaked() {
		s.Start = float64(r.IntN(10))
		s.End = s.Start + float64(n-1)
		for range n {
			v := r.NormFloat64() * mag
			switch {
			case typ.IsBool():
				v = float64(r.IntN(2)) + boolOff
			case typ.IsInt():
				v = math.Round(v * 1000)
			}
			s.Values = append(s.Values, []float64{v})
		}
		return s
	}
	f := 0.0
	fk := r.IntN(3)
	for range n {
		s.Frames = append(s.Frames, f)
		switch fk {
		case 0:
			f += float64(1 + r.IntN(12))
		case 1:
			f += float64(1+r.IntN(400)) / 32
		default:
			f += float64(float32(0.1 + r.Float64()*7))
			f = float64(float32(f))
		}
	}
	s.Start, s.End = 0, s.Frames[n-1]
	v := r.NormFloat64() * mag
	for range n {
		switch typ {
		case anim.NWCubic:
			c1, c2 := r.NormFloat64()*mag, r.NormFloat64()*mag
			c3 := r.NormFloat64() * mag
			s.Values = append(s.Values, []float64{v, c1, c2, c3})
			v += c1 + c2 + c3
		case anim.NWLinear:
			c1 := r.NormFloat64() * mag
			s.Values = append(s.Values, []float64{v, c1})
			v += c1
		case anim.NWStepBool:
			s.Values = append(s.Values, []float64{float64(r.IntN(2)) + boolOff})
		default:
			s.Values = append(s.Values, []float64{math.Round(r.NormFloat64() * mag * 1000)})
		}
	}
	return s
}

func TestEncodeCurveRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	types := []anim.NWCurveType{anim.NWCubic, anim.NWLinear, anim.NWBakedFloat, anim.NWStepInt, anim.NWBakedInt, anim.NWStepBool, anim.NWBakedBool}
	counts := map[string]int{}
	for it := 0; it < 3000; it++ {
		typ := types[it%len(types)]
		s := randomSpec(r, typ)
		s.LittleEndian = it%2 == 0
		s.Tolerance = math.Pow(10, -r.Float64()*6)
		c, err := EncodeCurve(s)
		if err != nil {
			t.Fatalf("%d %s: %v", it, typ, err)
		}
		counts[c.KeyType.Name(typ)+"/"+c.FrameType.String()]++
		tol := s.Tolerance
		if c.KeyType == Key32 && !typ.IsInt() {
			tol = math.Inf(1) // checked below against f32 rounding
		}
		worst := 0.0
		for f := s.Start; f <= s.End; f += 0.125 {
			want := specEval(&s, f)
			got := evalStored(&c, f, s.Unit)
			dec := c.Decoded.Eval(f)
			if math.Abs(got-dec) > 1e-9*math.Max(1, math.Abs(got)) {
				t.Fatalf("%d %s: stored bytes evaluate to %v at %v, Decoded to %v", it, typ, got, f, dec)
			}
			worst = math.Max(worst, math.Abs(got-want))
		}
		if worst > tol {
			t.Fatalf("%d %s %s keys: error %g over tolerance %g", it, typ, c.KeyType.Name(typ), worst, tol)
		}
		if c.KeyType == Key32 && !typ.IsInt() {
			// f32 keys are used only when s16 did not fit.
			if worst > 1e-5*specMag(&s)*float64(len(s.Values)) {
				t.Fatalf("%d %s f32 keys: error %g", it, typ, worst)
			}
		}
		if typ.IsInt() && worst != 0 {
			t.Fatalf("%d %s: integer curve off by %v", it, typ, worst)
		}
	}
	t.Logf("key/frame types chosen: %v", counts)
	for _, k := range []string{"s8/u8", "s16/u8", "f32/u8", "s8/s10.5", "f32/f32"} {
		if counts[k] == 0 {
			t.Errorf("no random curve was stored as %s (%v)", k, counts)
		}
	}
}

func specMag(s *CurveSpec) float64 {
	m := 1.0
	for _, k := range s.Values {
		for _, v := range k {
			m = math.Max(m, math.Abs(v))
		}
	}
	return m
}

// TestEncodeCurveLongRange stores curves whose range is far longer than
// their keys: the tolerance check visits a bounded number of frames (a
// range of 1e9 frames used to be walked frame by frame), and still checks
// every segment.
func TestEncodeCurveLongRange(t *testing.T) {
	s := CurveSpec{Type: anim.NWCubic, Start: 0, End: 1e9, Frames: []float64{0, 5e8}, Values: [][]float64{{0, 1, 0, 0}, {1, 2, 0, 0}}, Tolerance: 1e-3}
	c, err := EncodeCurve(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []float64{0, 2.5e8, 5e8, 5e8 + 0.5, 1e9} {
		if got, want := evalStored(&c, f, 1), specEval(&s, f); math.Abs(got-want) > 1e-3*math.Max(1, math.Abs(want)) {
			t.Errorf("frame %v: %v, want %v", f, got, want)
		}
	}
}
