package j3d_test

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
)

// TestEncodeBTKLayout checks the games' TTK1 layout against offsets
// worked out here by hand: one entry (9 tracks, 54 bytes at 0x60), remap
// at 0x98 (0x96 rounded to 4), the name table "eye" (4 + 4 + 4 bytes) at
// 0x9C, the texGen at 0xA8, the center at 0xAC, then scale (1 f32) at
// 0xB8, rotation (3 s16) at 0xBC, translation (2 f32) at 0xC4 ending at
// 0xCC; the chunk states 0xD0 (the 00 00 FF FF trailer), and the file
// ends at 0x20 + 0xCC rounded up to 0x20 = 0100.
func TestEncodeBTKLayout(t *testing.T) {
	b := &j3d.BTK{LoopMode: 2, RotationFrac: 1, Duration: 10}
	b.Scale = []float32{1}
	b.Rotation = []int16{0, 5, -5}
	b.Translation = []float32{0, 0.5}
	b.Entries = []j3d.TrackSet{{{Count: 1}, {Count: 1}, {Count: 1, Index: 1}}}
	b.Names = []j3d.Name{{Name: "eye"}}
	b.TexGens = []uint8{3}
	b.Centers = [][3]float32{{0.5, 0.5, 0}}
	data, err := j3d.EncodeBTK(b)
	if err != nil {
		t.Fatal(err)
	}
	be := binary.BigEndian
	c := data[0x20:]
	want := map[int]uint32{0x14: 0x60, 0x18: 0x98, 0x1C: 0x9C, 0x20: 0xA8, 0x24: 0xAC, 0x28: 0xB8, 0x2C: 0xBC, 0x30: 0xC4}
	for at, v := range want {
		if got := be.Uint32(c[at:]); got != v {
			t.Errorf("TTK1 field 0x%x = 0x%x, want 0x%x", at, got, v)
		}
	}
	if got := be.Uint32(c[4:]); got != 0xD0 {
		t.Errorf("chunk size 0x%x, want 0xd0", got)
	}
	if len(data) != 0x100 || be.Uint32(data[8:]) != 0x100 {
		t.Errorf("file is 0x%x bytes, declares 0x%x, want 0x100", len(data), be.Uint32(data[8:]))
	}
	if string(c[0xCC:0xD0]) != "\x00\x00\xff\xff" || string(c[0x96:0x98]) != "Th" {
		t.Errorf("trailer % x, remap padding %q", c[0xCC:0xD0], c[0x96:0x98])
	}
	if string(data[0x10:0x20]) != strings.Repeat("\xff", 16) {
		t.Errorf("reserved block % x, want 0xFF for a header built by hand", data[0x10:0x20])
	}
	got, err := j3d.DecodeBTK(data)
	if err != nil {
		t.Fatal(err)
	}
	if got.Names[0].Hash != j3d.NameHash("eye") || got.TexGens[0] != 3 || !reflect.DeepEqual(got.Tables, b.Tables) || got.Entries[0] != b.Entries[0] {
		t.Errorf("decoded %+v", got)
	}
}

// TestEncodeBCKLayout: ANK1 header 0x24 bytes, joint table at 0x40,
// each table on 0x20, chunk and file on 0x20; the padding text restarts
// at each gap and is the games' ("... to alignm" for a 30-byte gap).
func TestEncodeBCKLayout(t *testing.T) {
	b := &j3d.BCK{LoopMode: 0, RotationFrac: 2, Duration: 5, Joints: make([]j3d.TrackSet, 1)}
	b.Scale = []float32{1, 2}          // 0x80..0x88
	b.Rotation = []int16{7}            // 0xA0..0xA2: a 30-byte gap follows
	b.Translation = []float32{1, 2, 3} // 0xC0..0xCC
	for i := range b.Joints[0] {
		b.Joints[0][i] = j3d.Track{Count: 1}
	}
	data, err := j3d.EncodeBCK(b)
	if err != nil {
		t.Fatal(err)
	}
	c := data[0x20:]
	be := binary.BigEndian
	for at, v := range map[int]uint32{0x04: 0xE0, 0x14: 0x40, 0x18: 0x80, 0x1C: 0xA0, 0x20: 0xC0} {
		if got := be.Uint32(c[at:]); got != v {
			t.Errorf("ANK1 field 0x%x = 0x%x, want 0x%x", at, got, v)
		}
	}
	if len(data) != 0x100 || c[9] != 2 {
		t.Errorf("file 0x%x bytes, fraction %d", len(data), c[9])
	}
	if got := string(c[0xA2:0xC0]); got != "This is padding data to alignm" {
		t.Errorf("30-byte gap holds %q", got)
	}
}

// TestEncodeHostile: writer input that would make a file the decoders
// refuse, or that cannot be laid out, is an error naming the problem —
// never a panic.
func TestEncodeHostile(t *testing.T) {
	valid := func() *j3d.BCK {
		b := &j3d.BCK{Duration: 2, Joints: make([]j3d.TrackSet, 2)}
		b.Scale, b.Rotation, b.Translation = []float32{1}, []int16{0, 0, 0, 1, 1, 0}, []float32{0}
		b.Joints[1][4] = j3d.Track{Count: 2, Index: 0}
		return b
	}
	if _, err := j3d.EncodeBCK(valid()); err != nil {
		t.Fatalf("valid BCK: %v", err)
	}
	cases := map[string]struct {
		edit func(*j3d.BCK)
		want string
	}{
		"index past table":  {func(b *j3d.BCK) { b.Joints[0][0] = j3d.Track{Count: 1, Index: 1} }, "joint 0 scale.x: scale index 1 past table end (1)"},
		"keys past table":   {func(b *j3d.BCK) { b.Joints[1][4].Count = 3 }, "joint 1 rotation.y"},
		"tangent mode 1":    {func(b *j3d.BCK) { b.Joints[1][4].TangentMode = 1 }, "2 keys × 4 values"},
		"nil tables":        {func(b *j3d.BCK) { b.Tables = j3d.Tables{} }, "past table end (0)"},
		"loop mode":         {func(b *j3d.BCK) { b.LoopMode = 5 }, "loop mode 5"},
		"too many joints":   {func(b *j3d.BCK) { b.Joints = make([]j3d.TrackSet, 70000) }, "joint count 70000"},
		"table over u16":    {func(b *j3d.BCK) { b.Scale = make([]float32, 70000) }, "scale table has 70000 values"},
		"max index, 2 keys": {func(b *j3d.BCK) { b.Joints[1][4].Index = math.MaxUint16 }, "rotation index 65535"},
		"translation index": {func(b *j3d.BCK) { b.Joints[1][8] = j3d.Track{Count: 1, Index: 9} }, "joint 1 translation.z"},
	}
	for name, tc := range cases {
		b := valid()
		tc.edit(b)
		_, err := j3d.EncodeBCK(b)
		if err == nil || !strings.HasPrefix(err.Error(), "bck: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", name, err, tc.want)
		}
	}
	if _, err := j3d.EncodeBCK(nil); err == nil {
		t.Error("nil BCK: no error")
	}
	if _, err := j3d.EncodeBCA(nil); err == nil {
		t.Error("nil BCA: no error")
	}
	if _, err := j3d.EncodeBTK(nil); err == nil {
		t.Error("nil BTK: no error")
	}
	bca := &j3d.BCA{Joints: make([]j3d.FullSet, 1), Tables: j3d.Tables{Scale: []float32{1}, Rotation: []int16{0}, Translation: []float32{0}}}
	for i := range bca.Joints[0] {
		bca.Joints[0][i] = j3d.FullTrack{Count: 1}
	}
	bca.Joints[0][2] = j3d.FullTrack{Count: 2}
	if _, err := j3d.EncodeBCA(bca); err == nil || !strings.Contains(err.Error(), "joint 0 translation.x") {
		t.Errorf("BCA track past its table: %v", err)
	}
	btk := &j3d.BTK{Entries: make([]j3d.TrackSet, 2), Names: []j3d.Name{{Name: "a"}}, TexGens: []uint8{0, 1}, Centers: make([][3]float32, 2)}
	if _, err := j3d.EncodeBTK(btk); err == nil || !strings.Contains(err.Error(), "2 entries need as many names (have 1)") {
		t.Errorf("BTK short of names: %v", err)
	}
	btk.Names = append(btk.Names, j3d.Name{Name: "b\x00c"})
	if _, err := j3d.EncodeBTK(btk); err == nil || !strings.Contains(err.Error(), "btk: name 1") || !strings.Contains(err.Error(), "NUL") {
		t.Errorf("BTK name with a NUL: %v", err)
	}
}

// TestTableBuilderShares: identical sequences, sub-sequences and
// overlaps with the table's end are referenced, not stored again; the
// tracks read back the values given.
func TestTableBuilderShares(t *testing.T) {
	b := j3d.NewTableBuilder(nil)
	k1 := []j3d.Key{{0, 1, 0.5, 0.5}, {10, 2, 0, 0}, {20, 1, -0.5, -0.5}}
	a, err := b.Keys(j3d.TranslationTrack, 0, k1)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := b.Keys(j3d.TranslationTrack, 0, k1)
	c2, _ := b.Const(j3d.TranslationTrack, 2) // inside the first track
	// Starts with the first track's last key: overlaps the table's end.
	over, _ := b.Keys(j3d.TranslationTrack, 0, []j3d.Key{{20, 1, -0.5, -0.5}, {30, 4, 0, 0}})
	tb := b.Tables()
	want := []float32{0, 1, 0.5, 10, 2, 0, 20, 1, -0.5, 30, 4, 0}
	if !reflect.DeepEqual(tb.Translation, want) {
		t.Fatalf("table %v, want %v", tb.Translation, want)
	}
	if a != again || a.Index != 0 || a.Count != 3 || c2.Index != 4 || over.Index != 6 || over.Count != 2 {
		t.Errorf("tracks %+v %+v %+v %+v", a, again, c2, over)
	}
	// -0 is not 0: the table keeps exact bits.
	neg, _ := b.Const(j3d.TranslationTrack, math.Copysign(0, -1))
	if int(neg.Index) != len(want) {
		t.Errorf("-0 shared with 0 at %d", neg.Index)
	}
	// Mode 1 stores in and out; mode 0 refuses keys whose tangents differ.
	m1, _ := b.Keys(j3d.ScaleTrack, 1, []j3d.Key{{0, 1, 2, 3}, {5, 4, 5, 6}})
	if got := b.Tables().Scale; !reflect.DeepEqual(got, []float32{0, 1, 2, 3, 5, 4, 5, 6}) || m1.Index != 0 || m1.TangentMode != 1 {
		t.Errorf("mode 1: %+v %v", m1, got)
	}
	if _, err := b.Keys(j3d.ScaleTrack, 0, []j3d.Key{{0, 1, 2, 3}, {5, 4, 5, 5}}); err == nil {
		t.Error("mode 0 with in != out: no error")
	}
	for _, bad := range []float64{0.5, 40000, math.NaN()} {
		if _, err := b.Const(j3d.RotationTrack, bad); err == nil {
			t.Errorf("rotation %v: no error", bad)
		}
	}
	if _, err := b.Const(j3d.ScaleTrack, math.Inf(1)); err == nil {
		t.Error("scale +Inf: no error")
	}
	if tr, _ := b.Keys(j3d.ScaleTrack, 0, []j3d.Key{{3, 7, 0, 0}}); tr.Count != 1 || b.Tables().Scale[tr.Index] != 7 {
		t.Errorf("one key: %+v", tr)
	}
}

// TestTableBuilderRandom builds many random tracks, some repeating or
// cutting earlier ones, and checks through the decoder that every track
// reads back its keys and that no track's values were stored twice.
func TestTableBuilderRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	b := j3d.NewTableBuilder(nil)
	type made struct {
		tr   j3d.Track
		keys []j3d.Key
	}
	var all []made
	total := 0
	for i := range 400 {
		var keys []j3d.Key
		if i > 0 && r.IntN(3) == 0 {
			prev := all[r.IntN(len(all))].keys
			keys = prev[r.IntN(len(prev)):]
		} else {
			for f := range 2 + r.IntN(5) {
				v := float64(r.IntN(5))
				keys = append(keys, j3d.Key{Time: float64(f * 3), Value: v, In: 2 * v, Out: 2 * v})
			}
		}
		tr, err := b.Keys(j3d.RotationTrack, 0, keys)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, made{tr, keys})
		total += 3 * len(keys)
	}
	tb := b.Tables()
	for i, m := range all {
		if len(m.keys) == 1 {
			if float64(tb.Rotation[m.tr.Index]) != m.keys[0].Value {
				t.Fatalf("track %d: constant %d, want %v", i, tb.Rotation[m.tr.Index], m.keys[0].Value)
			}
			continue
		}
		for k, key := range m.keys {
			got := tb.Rotation[int(m.tr.Index)+3*k : int(m.tr.Index)+3*k+3]
			if float64(got[0]) != key.Time || float64(got[1]) != key.Value || float64(got[2]) != key.Out {
				t.Fatalf("track %d key %d: %v, want %+v", i, k, got, key)
			}
		}
	}
	if len(tb.Rotation) >= total {
		t.Errorf("%d values stored for %d given: nothing shared", len(tb.Rotation), total)
	}
	t.Logf("%d values stored for %d given", len(tb.Rotation), total)
}

// TestRotationFrac: the chosen fraction is the smallest whose s16 holds
// the magnitude (worked out here from 0x8000 = 180°), and the raw value
// under it comes back through the games' rule within half a step.
func TestRotationFrac(t *testing.T) {
	cases := []struct {
		deg  float64
		frac uint8
	}{
		{0, 0}, {90, 0}, {179.99, 0}, {180, 1}, {-359.9, 1}, {360, 2}, {719, 2}, {1000, 3}, {2000, 4},
		{180.0 * 32767 / 32768 * 8, 3}, {180.0 * 32767 / 32768 * 8 * 1.0001, 4},
	}
	for _, c := range cases {
		got, err := j3d.RotationFracFor(c.deg)
		if err != nil || got != c.frac {
			t.Errorf("RotationFracFor(%v) = %d, %v; want %d", c.deg, got, err, c.frac)
			continue
		}
		raw, err := j3d.RotationRaw(c.deg, got)
		if err != nil {
			t.Errorf("RotationRaw(%v, %d): %v", c.deg, got, err)
			continue
		}
		back := anim.J3DRotationDegrees(float64(raw), int(got))
		step := 180.0 / 32768 * float64(int(1)<<got)
		if d := math.Abs(math.Remainder(back-c.deg, 360)); d > step/2+1e-9 {
			t.Errorf("%v° at fraction %d: raw %d reads %v°, %v off (step %v)", c.deg, got, raw, back, d, step)
		}
	}
	for _, bad := range []float64{math.NaN(), math.Inf(1), 1e9} {
		if _, err := j3d.RotationFracFor(bad); err == nil {
			t.Errorf("RotationFracFor(%v): no error", bad)
		}
	}
	if _, err := j3d.RotationRaw(200, 0); err == nil {
		t.Error("RotationRaw(200°, 0): no error")
	}
}

// BenchmarkEncodeBCK42x30 builds the tables of a 42-joint, 30-frame
// clip (a key per frame on every rotation and translation, constant
// scale) and encodes it: the writer's share of an import.
func BenchmarkEncodeBCK42x30(b *testing.B) {
	for b.Loop() {
		tb := j3d.NewTableBuilder(nil)
		bck := &j3d.BCK{LoopMode: 2, RotationFrac: 1, Duration: 30, Joints: make([]j3d.TrackSet, 42)}
		for j := range bck.Joints {
			for i := range bck.Joints[j] {
				var tr j3d.Track
				var err error
				switch j3d.KindOf(i) {
				case j3d.ScaleTrack:
					tr, err = tb.Const(j3d.ScaleTrack, 1)
				default:
					keys := make([]j3d.Key, 31)
					for f := range keys {
						v := float64((f*(j+1)*(i+3))%2000 - 1000)
						keys[f] = j3d.Key{Time: float64(f), Value: v, In: 3, Out: 3}
					}
					tr, err = tb.Keys(j3d.KindOf(i), 0, keys)
				}
				if err != nil {
					b.Fatal(err)
				}
				bck.Joints[j][i] = tr
			}
		}
		bck.Tables = tb.Tables()
		if _, err := j3d.EncodeBCK(bck); err != nil {
			b.Fatal(err)
		}
	}
}

// TestEncodeBuiltRoundTrip builds clips from scratch through the table
// builder, in both byte orders, and checks that the decoders give back
// exactly the tracks, tables and header fields given, and that the
// little-endian file is the big-endian one with every field swapped (the
// same size, the magic and chunk id spelt backwards).
func TestEncodeBuiltRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	tb := j3d.NewTableBuilder(nil)
	sets := make([]j3d.TrackSet, 7)
	for j := range sets {
		for i := range sets[j] {
			k := j3d.KindOf(i)
			var keys []j3d.Key
			for f := range r.IntN(4) {
				v := float64(r.IntN(200) - 100)
				keys = append(keys, j3d.Key{Time: float64(4 * f), Value: v, In: float64(r.IntN(9)), Out: float64(r.IntN(9))})
			}
			mode := uint16(r.IntN(2))
			if mode == 0 {
				for n := range keys {
					keys[n].In = keys[n].Out
				}
			}
			tr, err := tb.Keys(k, mode, keys)
			if err != nil {
				t.Fatal(err)
			}
			sets[j][i] = tr
		}
	}
	var files [2][]byte
	for o, little := range []bool{false, true} {
		bck := &j3d.BCK{LoopMode: 4, RotationFrac: 3, Duration: 12, Joints: sets, Tables: tb.Tables()}
		bck.File.LittleEndian = little
		data, err := j3d.EncodeBCK(bck)
		if err != nil {
			t.Fatal(err)
		}
		files[o] = data
		got, err := j3d.DecodeBCK(data)
		if err != nil {
			t.Fatalf("little-endian %v: %v", little, err)
		}
		if got.File.LittleEndian != little || got.LoopMode != 4 || got.RotationFrac != 3 || got.Duration != 12 ||
			!reflect.DeepEqual(got.Joints, sets) || !reflect.DeepEqual(got.Tables, tb.Tables()) {
			t.Errorf("little-endian %v: decoded %+v", little, got)
		}
		btk := &j3d.BTK{LoopMode: 2, RotationFrac: 1, Duration: 12, Entries: sets[:3], Tables: tb.Tables(), CalcType: j3d.CalcTypeMaya,
			Names: []j3d.Name{{Name: "m0"}, {Name: "m1"}, {Name: "m2"}}, TexGens: []uint8{0, 1, 2}, Centers: [][3]float32{{0.5, 0.5, 0}, {1, 2, 3}, {0, 0, 0}}, Remap: []uint16{2, 1, 0}}
		btk.File.LittleEndian = little
		data, err = j3d.EncodeBTK(btk)
		if err != nil {
			t.Fatal(err)
		}
		gt, err := j3d.DecodeBTK(data)
		if err != nil {
			t.Fatalf("BTK little-endian %v: %v", little, err)
		}
		for i := range gt.Names {
			if gt.Names[i].Name != btk.Names[i].Name || gt.Names[i].Hash != j3d.NameHash(btk.Names[i].Name) {
				t.Errorf("BTK name %d: %+v", i, gt.Names[i])
			}
		}
		if !reflect.DeepEqual(gt.Entries, btk.Entries) || !reflect.DeepEqual(gt.Tables, btk.Tables) || !reflect.DeepEqual(gt.Centers, btk.Centers) ||
			!reflect.DeepEqual(gt.TexGens, btk.TexGens) || !reflect.DeepEqual(gt.Remap, btk.Remap) || gt.CalcType != j3d.CalcTypeMaya {
			t.Errorf("BTK little-endian %v: decoded %+v", little, gt)
		}
	}
	be, le := files[0], files[1]
	if len(be) != len(le) || string(le[:8]) != j3d.LittleMagic(j3d.MagicBCK) || string(le[0x20:0x24]) != "1KNA" {
		t.Errorf("little-endian file: %d bytes (big-endian %d), magic %q, chunk %q", len(le), len(be), le[:8], le[0x20:0x24])
	}
	if binary.BigEndian.Uint32(be[8:]) != binary.LittleEndian.Uint32(le[8:]) || binary.BigEndian.Uint16(be[0x2A:]) != binary.LittleEndian.Uint16(le[0x2A:]) {
		t.Error("little-endian sizes or duration are not the big-endian ones swapped")
	}
}
