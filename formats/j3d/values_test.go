package j3d_test

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/j3dtest"
)

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func mustBCKClip(t testing.TB, data []byte) (*j3d.BCK, *anim.Clip) {
	t.Helper()
	b, err := j3d.DecodeBCK(data)
	if err != nil {
		t.Fatal(err)
	}
	c, err := b.Clip()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	c.Prepare() // as formats.Open does: tests and benchmarks use the planned evaluator
	return b, c
}

// eval samples target i, slot s of clip c at frame f.
func eval(c *anim.Clip, i int, s anim.Slot, f float64) float64 {
	var p anim.TargetPose
	anim.EvaluateTarget(&c.Targets[i], f, &p)
	return p.V[s]
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// mustEncodeBCK builds a one-joint-per-set BCK through the encoder.
func mustEncodeBCK(t testing.TB, b *j3d.BCK) []byte {
	t.Helper()
	data, err := j3dtest.EncodeBCK(b)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func mustTrack(t testing.TB) func(j3d.Track, error) j3d.Track {
	return func(tr j3d.Track, err error) j3d.Track {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
}

// defaults returns a TrackSet of count-0 tracks (index 65535, which must
// be ignored).
func defaults() j3d.TrackSet {
	var s j3d.TrackSet
	for i := range s {
		s[i] = j3d.Track{Count: 0, Index: 0xFFFF, TangentMode: 0xFFFF}
	}
	return s
}

func TestTinyHandValues(t *testing.T) {
	b, c := mustBCKClip(t, readFixture(t, "tiny.bck"))
	if b.LoopMode != 2 || b.RotationFrac != 0 || b.Duration != 10 || b.JointCount != 2 || len(b.Joints) != 2 {
		t.Fatalf("header: loop %d frac %d duration %d joints %d", b.LoopMode, b.RotationFrac, b.Duration, b.JointCount)
	}
	if c.Format != "bck" || c.Duration != 10 || c.FPS != 30 || c.Loop != anim.Loop || len(c.Targets) != 2 {
		t.Fatalf("clip: %+v", c)
	}
	// translation.x is a smoothstep 0 -> 10 over 10 frames (flat tangents).
	for _, tc := range []struct{ f, want float64 }{{-1, 0}, {0, 0}, {2.5, 1.5625}, {5, 5}, {7.5, 8.4375}, {10, 10}, {11, 10}} {
		if got := eval(c, 0, anim.TransX, tc.f); !near(got, tc.want) {
			t.Errorf("translation.x(%v) = %v, want %v", tc.f, got, tc.want)
		}
	}
	// rotation.y raw 0 -> 8192 (45°): frame 5 raw 4096 = 22.5°; frame 1 raw
	// 229.376 truncates to 229.
	for _, tc := range []struct{ f, want float64 }{{5, 22.5}, {1, 1.2579345703125}, {10, 45}} {
		if got := eval(c, 0, anim.RotY, tc.f); !near(got, tc.want) {
			t.Errorf("rotation.y(%v) = %v, want %v", tc.f, got, tc.want)
		}
	}
	if got := eval(c, 0, anim.ScaleY, 3); got != 2 {
		t.Errorf("scale.y = %v, want 2", got)
	}
	if got := eval(c, 1, anim.TransY, 3); got != 5 {
		t.Errorf("joint 1 translation.y = %v, want 5", got)
	}
	if got := eval(c, 1, anim.RotZ, 3); got != -90 {
		t.Errorf("joint 1 rotation.z = %v, want -90", got)
	}
	// Channels are in file order, all nine.
	want := []anim.Slot{anim.ScaleX, anim.RotX, anim.TransX, anim.ScaleY, anim.RotY, anim.TransY, anim.ScaleZ, anim.RotZ, anim.TransZ}
	for i, ch := range c.Targets[0].Channels {
		if ch.Slot != want[i] {
			t.Errorf("channel %d slot %v, want %v", i, ch.Slot, want[i])
		}
	}
	if c.Targets[0].Kind != anim.JointTarget || c.Targets[0].TexGen != -1 || c.Targets[1].Index != 1 {
		t.Errorf("target fields: %+v", c.Targets[0])
	}
}

// TestRotationConstantsWrap: count-1 rotation tracks use the same
// truncate-shift-wrap rule as keyed ones.
func TestRotationConstantsWrap(t *testing.T) {
	must := mustTrack(t)
	b := &j3d.BCK{LoopMode: 0, RotationFrac: 1, Duration: 20}
	raws := []float64{8192, 16384, 20000, -32768, 32767}
	want := []float64{90, -180, -140.2734375, 0, -0.010986328125}
	for _, r := range raws {
		s := defaults()
		s[1] = must(j3dtest.Const(&b.Tables, j3d.RotationTrack, r))
		b.Joints = append(b.Joints, s)
	}
	_, c := mustBCKClip(t, mustEncodeBCK(t, b))
	for i := range raws {
		if got := eval(c, i, anim.RotX, 0); got != want[i] {
			t.Errorf("raw %v frac 1: %v°, want %v°", raws[i], got, want[i])
		}
		if k := c.Targets[i].Channels[1].Curve.Kind(); k != anim.KindConstant {
			t.Errorf("raw %v: curve kind %v, want constant", raws[i], k)
		}
	}
}

// TestRotationFracShift: the Hermite value is truncated toward zero before
// the shift, so small values step by 2^frac units, negative ones truncate
// up, and overshoot wraps through ±180°.
func TestRotationFracShift(t *testing.T) {
	must := mustTrack(t)
	unit := 180.0 / 32768
	for _, tc := range []struct {
		frac      uint8
		keys      [][]float64
		f         float64
		wantRaw16 int
	}{
		// Linear 0 -> 10 over 10 frames (tangent 1 per frame): 2.5 at frame
		// 2.5 truncates to 2, then << 2.
		{2, [][]float64{{0, 0, 1}, {10, 10, 1}}, 2.5, 2 << 2},
		{3, [][]float64{{0, 0, -1}, {10, -10, -1}}, 2.5, -2 << 3},
		{0, [][]float64{{0, 0, 1}, {10, 10, 1}}, 7.9, 7},
		// frac 1: raw 20000 << 1 = 40000 wraps to 40000 - 65536.
		{1, [][]float64{{0, 20000, 0}, {10, 20000, 0}}, 5, 40000 - 65536},
		// frac 0 overshoot: a steep out-tangent past 32767 wraps negative.
		{0, [][]float64{{0, 32000, 0, 2000}, {10, 32000, 0, 0}}, 1, int(int16(int32(hermiteRaw(0, 32000, 2000, 10, 32000, 0, 1))))},
	} {
		mode := uint16(0)
		if len(tc.keys[0]) == 4 {
			mode = 1
		}
		b := &j3d.BCK{RotationFrac: tc.frac, Duration: 10}
		s := defaults()
		s[4] = must(j3dtest.Keys(&b.Tables, j3d.RotationTrack, mode, tc.keys...))
		b.Joints = []j3d.TrackSet{s}
		_, c := mustBCKClip(t, mustEncodeBCK(t, b))
		got := eval(c, 0, anim.RotY, tc.f)
		if want := float64(tc.wantRaw16) * unit; got != want {
			t.Errorf("frac %d keys %v at %v: %v°, want %v° (raw %d)", tc.frac, tc.keys, tc.f, got, want, tc.wantRaw16)
		}
	}
}

// hermiteRaw is the README's Hermite formula, for expected values.
func hermiteRaw(t0, p0, out0, t1, p1, in1, f float64) float64 {
	l := t1 - t0
	t := (f - t0) / l
	s0, s1 := out0*l, in1*l
	return (2*p0-2*p1+s0+s1)*t*t*t + (-3*p0+3*p1-2*s0-s1)*t*t + s0*t + p0
}

// TestCountZeroDefaults: count-0 tracks give 1/0/0 whatever their index and
// mode, even with empty tables.
func TestCountZeroDefaults(t *testing.T) {
	b := &j3d.BCK{Duration: 5, Joints: []j3d.TrackSet{defaults()}}
	bb, c := mustBCKClip(t, mustEncodeBCK(t, b))
	if bb.Joints[0][7].Index != 0xFFFF {
		t.Fatalf("index not preserved: %+v", bb.Joints[0][7])
	}
	for _, ch := range c.Targets[0].Channels {
		want := 0.0
		if ch.Slot <= anim.ScaleZ {
			want = 1
		}
		if got := ch.Curve.Eval(2); got != want {
			t.Errorf("%s = %v, want %v", ch.Slot.Name(anim.JointTarget), got, want)
		}
	}
}

// TestTangentModes: mode 0 reads 3 values per key; any other mode (2, 3,
// 7, 65535 as well as 1) reads 4, with separate in and out tangents.
func TestTangentModes(t *testing.T) {
	data := []float32{0, 1, 0.5, 5, 10, 3, 0.75, 0.1, 20, 2, 0, 0}
	for _, mode := range []uint16{0, 1, 2, 3, 7, 65535} {
		b := &j3d.BCK{Duration: 20, Tables: j3d.Tables{Translation: data}}
		s := defaults()
		s[2] = j3d.Track{Count: 2, Index: 0, TangentMode: mode}
		s[5] = j3d.Track{Count: 1, Index: 4, TangentMode: 2} // count 1 ignores the mode
		b.Joints = []j3d.TrackSet{s}
		_, c := mustBCKClip(t, mustEncodeBCK(t, b))
		h := c.Targets[0].Channels[2].Curve.(*anim.Hermite)
		var want []anim.HermiteKey
		if mode == 0 {
			want = []anim.HermiteKey{{Time: 0, Value: 1, In: 0.5, Out: 0.5}, {Time: 5, Value: 10, In: 3, Out: 3}}
		} else {
			want = []anim.HermiteKey{{Time: 0, Value: 1, In: 0.5, Out: 5}, {Time: 10, Value: 3, In: 0.75, Out: float64(float32(0.1))}}
		}
		for i := range want {
			if h.Keys[i] != want[i] {
				t.Errorf("mode %d key %d = %+v, want %+v", mode, i, h.Keys[i], want[i])
			}
		}
		if mode != 0 {
			got := eval(c, 0, anim.TransX, 4)
			if w := hermiteRaw(0, 1, 5, 10, 3, 0.75, 4); !near(got, w) {
				t.Errorf("mode %d value at 4 = %v, want %v", mode, got, w)
			}
		}
		if got := eval(c, 0, anim.TransY, 0); got != 10 {
			t.Errorf("count 1 mode 2 constant = %v, want 10", got)
		}
	}
}

// TestSharedIndices: tracks with the same reference share keys (no copy),
// and constants may point into the middle of key sequences.
func TestSharedIndices(t *testing.T) {
	b, c := mustBCKClip(t, readFixture(t, "shared.bck"))
	var rotX []*anim.Hermite
	for i := range c.Targets {
		if b.Joints[i][1].Count < 2 {
			continue
		}
		rotX = append(rotX, c.Targets[i].Channels[1].Curve.(*anim.Hermite))
	}
	if len(rotX) != 4 {
		t.Fatalf("%d keyed rotation.x tracks, want 4", len(rotX))
	}
	for _, h := range rotX[1:] {
		if &h.Keys[0] != &rotX[0].Keys[0] {
			t.Error("tracks with the same index do not share their keys")
		}
	}
	// Joint 2: rotation.z const 1000 at rotation index 4 (inside the key
	// sequence 0,0,0, 20,1000,25, 40,0,0), frac 1: 2000 raw.
	if got, want := eval(c, 2, anim.RotZ, 0), 2000*180.0/32768; got != want {
		t.Errorf("rotation.z = %v, want %v", got, want)
	}
	if b.Joints[2][7].Index != 4 || b.Joints[1][5].Index != 5 {
		t.Errorf("constant indices %d, %d, want 4, 5", b.Joints[2][7].Index, b.Joints[1][5].Index)
	}
	if got := eval(c, 1, anim.TransY, 0); got != 7.25 {
		t.Errorf("translation.y = %v, want 7.25", got)
	}
	// A key's curve must not let one track's append overwrite another's.
	if h := rotX[0]; cap(h.Keys) != len(h.Keys) {
		t.Errorf("shared key slice has spare capacity %d > %d", cap(h.Keys), len(h.Keys))
	}
}

// TestOverlappingViews: references at every phase of a table with both
// strides decode to the right keys.
func TestOverlappingViews(t *testing.T) {
	table := make([]float32, 40)
	for i := range table {
		table[i] = float32(i)
	}
	b := &j3d.BCK{Duration: 40, Tables: j3d.Tables{Scale: table}}
	var refs []j3d.Track
	for idx := uint16(0); idx < 8; idx++ {
		for _, mode := range []uint16{0, 1} {
			refs = append(refs, j3d.Track{Count: 3, Index: idx, TangentMode: mode})
		}
	}
	for _, r := range refs {
		s := defaults()
		s[0] = r
		b.Joints = append(b.Joints, s)
	}
	_, c := mustBCKClip(t, mustEncodeBCK(t, b))
	for i, r := range refs {
		h := c.Targets[i].Channels[0].Curve.(*anim.Hermite)
		per := r.ValuesPerKey()
		for k, key := range h.Keys {
			at := float64(int(r.Index) + k*per)
			out := at + 2
			if per == 4 {
				out = at + 3
			}
			if key.Time != at || key.Value != at+1 || key.In != at+2 || key.Out != out {
				t.Errorf("ref %+v key %d = %+v", r, k, key)
			}
		}
	}
}

// TestTTK1SizeQuirk: a TTK1 chunk stating up to 4 bytes more than the file
// holds is tolerated (clamped); 5 bytes is an error.
func TestTTK1SizeQuirk(t *testing.T) {
	orig := readFixture(t, "btk_basic.btk")
	want, err := j3d.DecodeBTK(orig)
	if err != nil {
		t.Fatal(err)
	}
	if want.SizeQuirk {
		t.Fatal("unmodified file reports the quirk")
	}
	for extra := uint32(1); extra <= 5; extra++ {
		data := append([]byte(nil), orig...)
		be32(data, 0x24, want.Chunk.Size+extra)
		got, err := j3d.DecodeBTK(data)
		if extra > j3d.TTK1SizeSlack {
			if err == nil || !strings.Contains(err.Error(), "runs past the declared file end") {
				t.Errorf("extra %d: err %v, want a size error", extra, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("extra %d: %v", extra, err)
		}
		if !got.SizeQuirk || got.Chunk.Size != want.Chunk.Size+extra {
			t.Errorf("extra %d: quirk %v size %d", extra, got.SizeQuirk, got.Chunk.Size)
		}
		c1, _ := want.Clip()
		c2, err := got.Clip()
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []float64{0, 7.25, 30} {
			for i := range c1.Targets {
				for s := anim.ScaleX; s <= anim.TransZ; s++ {
					if a, b := eval(c1, i, s, f), eval(c2, i, s, f); a != b {
						t.Errorf("extra %d: target %d slot %d at %v: %v != %v", extra, i, s, f, b, a)
					}
				}
			}
		}
	}
	// The same stretch on a BCK is an error: the quirk is TTK1's.
	bck := append([]byte(nil), readFixture(t, "tiny.bck")...)
	be32(bck, 0x24, 0x120+4)
	if _, err := j3d.DecodeBCK(bck); err == nil {
		t.Error("ANK1 chunk 4 bytes past the end: no error")
	}
}

func be32(b []byte, off int, v uint32) {
	b[off], b[off+1], b[off+2], b[off+3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v)
}

func be16(b []byte, off int, v uint16) { b[off], b[off+1] = byte(v>>8), byte(v) }

func TestBTKFields(t *testing.T) {
	b, err := j3d.DecodeBTK(readFixture(t, "btk_multi.btk"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := b.Clip()
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"m_body", "m_body", "m_eye", "m_glow", "m_eye", "m_glow", "m_body"}
	texGens := []int{0, 1, 0, 3, 7, 5, 2}
	if len(c.Targets) != 7 || b.TrackCount != 21 || b.NameCount != 7 {
		t.Fatalf("%d targets, track count %d, name count %d", len(c.Targets), b.TrackCount, b.NameCount)
	}
	for i, tg := range c.Targets {
		if tg.Name != names[i] || tg.TexGen != texGens[i] || tg.Kind != anim.TexSRTTarget || tg.TexMode != anim.TexJ3DBasic {
			t.Errorf("target %d: %q texGen %d kind %v mode %v", i, tg.Name, tg.TexGen, tg.Kind, tg.TexMode)
		}
		if b.Names[i].Hash != j3d.NameHash(names[i]) {
			t.Errorf("name %d hash %#x, want %#x", i, b.Names[i].Hash, j3d.NameHash(names[i]))
		}
	}
	if c.Targets[2].Center != [3]float64{1, 0.25, 0} {
		t.Errorf("center %v", c.Targets[2].Center)
	}
	if c.Targets[0].Channels[8].Slot.Name(anim.TexSRTTarget) != "translation.q" {
		t.Errorf("last channel %s", c.Targets[0].Channels[8].Slot.Name(anim.TexSRTTarget))
	}
	maya, err := j3d.DecodeBTK(readFixture(t, "btk_maya.btk"))
	if err != nil {
		t.Fatal(err)
	}
	if maya.CalcType != 1 || maya.TexMode() != anim.TexJ3DMaya {
		t.Errorf("maya calc type %d mode %v", maya.CalcType, maya.TexMode())
	}
	for _, ct := range []uint32{0, 2, 0xFFFFFFFF} {
		if (&j3d.BTK{CalcType: ct}).TexMode() != anim.TexJ3DBasic {
			t.Errorf("calc type %d is not Basic", ct)
		}
	}
	if j3d.NameHash("water") != 0x3597 {
		t.Errorf("NameHash(water) = %#x", j3d.NameHash("water"))
	}
}

// TestClipRechecksHandBuilt: Clip on a struct built by hand with bad
// references returns an error instead of panicking.
func TestClipRechecksHandBuilt(t *testing.T) {
	s := defaults()
	s[4] = j3d.Track{Count: 3, Index: 2, TangentMode: 1}
	b := &j3d.BCK{Tables: j3d.Tables{Rotation: make([]int16, 13)}, Joints: []j3d.TrackSet{s}}
	if _, err := b.Clip(); err == nil || !strings.Contains(err.Error(), "joint 0 rotation.y: rotation index 2 + 3 keys × 4 values = 14 past table end (13)") {
		t.Errorf("err = %v", err)
	}
	bt := &j3d.BTK{Entries: []j3d.TrackSet{defaults()}}
	if _, err := bt.Clip(); err == nil || !strings.Contains(err.Error(), "1 entries but 0 names") {
		t.Errorf("err = %v", err)
	}
	if _, err := (&j3d.BCK{LoopMode: 9}).Clip(); err == nil {
		t.Error("loop mode 9: no error")
	}
}
