package j3d_test

import (
	"errors"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/animscope/animscope/formats/j3d"
)

// decodeAny decodes by magic and converts; it returns the raw struct too.
func decodeAny(data []byte) (any, *anim.Clip, error) {
	if len(data) >= 8 && string(data[:8]) == j3d.MagicBTK {
		b, err := j3d.DecodeBTK(data)
		if err != nil {
			return nil, nil, err
		}
		c, err := b.Clip()
		return b, c, err
	}
	b, err := j3d.DecodeBCK(data)
	if err != nil {
		return nil, nil, err
	}
	c, err := b.Clip()
	return b, c, err
}

// wantFormatError checks err is a one-line *bin.FormatError for format
// that contains every fragment.
func wantFormatError(t *testing.T, what string, err error, format string, fragments ...string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error", what)
		return
	}
	var fe *bin.FormatError
	if !errors.As(err, &fe) {
		t.Errorf("%s: %T %v, want *bin.FormatError", what, err, err)
		return
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, format+": ") || strings.ContainsAny(msg, "\n\r") {
		t.Errorf("%s: %q is not a one-line %s error", what, msg, format)
	}
	for _, f := range fragments {
		if !strings.Contains(msg, f) {
			t.Errorf("%s: %q does not mention %q", what, msg, f)
		}
	}
}

func mutate(orig []byte, f func(b []byte) []byte) []byte {
	return f(append([]byte(nil), orig...))
}

// chunk offsets of the fixtures: one chunk at 0x20.
const chunk0 = 0x20

func TestHostileBCK(t *testing.T) {
	tiny := readFixture(t, "tiny.bck")
	// tiny.bck: ANK1 size 0x120, joint table at 0x40 (2 joints), scale
	// table at 0xc0 (2), rotation at 0xe0 (8), translation at 0x100 (7).
	for _, tc := range []struct {
		name      string
		mut       func(b []byte) []byte
		fragments []string
	}{
		// R1
		{"empty", func(b []byte) []byte { return nil }, []string{"0 bytes, shorter than the 32-byte J3D header"}},
		{"31 bytes", func(b []byte) []byte { return b[:31] }, []string{"31 bytes"}},
		{"wrong magic", func(b []byte) []byte { copy(b, "J3D1btk1"); return b }, []string{"offset 0x0", `magic "J3D1btk1", want "J3D1bck1"`}},
		{"garbage magic", func(b []byte) []byte { copy(b, "\x00\x01RARC\xff\n"); return b }, []string{"magic"}},
		// R2
		{"declared size below header", func(b []byte) []byte { be32(b, 8, 31); return b }, []string{"offset 0x8", "declared file size 31 is smaller"}},
		{"declared size past data", func(b []byte) []byte { be32(b, 8, 0x141); return b }, []string{"offset 0x8", "declared file size 321 is larger than the data (320 bytes)"}},
		{"declared size 4 GiB", func(b []byte) []byte { be32(b, 8, 0xFFFFFFFF); return b }, []string{"declared file size 4294967295"}},
		// R3
		{"chunk count 0", func(b []byte) []byte { be32(b, 12, 0); return b }, []string{"offset 0xc", "chunk count is 0"}},
		{"chunk count huge", func(b []byte) []byte { be32(b, 12, 0xFFFFFFFF); return b }, []string{"offset 0x140", "chunk 1 of 4294967295: header past the declared file end"}},
		{"chunk size below 8", func(b []byte) []byte { be32(b, 0x24, 7); return b }, []string{"offset 0x24", `chunk 0 ("ANK1"): size 7 is smaller than its 8-byte header`}},
		{"chunk size past end", func(b []byte) []byte { be32(b, 0x24, 0x121); return b }, []string{"offset 0x24", "size 289 runs past the declared file end (0x140)"}},
		{"chunk size 4 GiB", func(b []byte) []byte { be32(b, 0x24, 0xFFFFFFFF); return b }, []string{"runs past the declared file end"}},
		{"chunk past shortened declared size", func(b []byte) []byte { be32(b, 8, 0x100); return b }, []string{"runs past the declared file end (0x100)"}},
		{"no ANK1", func(b []byte) []byte { copy(b[0x20:], "TTK1"); return b }, []string{"no ANK1 chunk among 1 chunks"}},
		{"header only", func(b []byte) []byte { be32(b, 8, 0x20); return b[:0x20] }, []string{"offset 0x20", "chunk 0 of 1: header past the declared file end"}},
		// R4
		{"chunk smaller than ANK1 header", func(b []byte) []byte { be32(b, 0x24, 0x20); return b }, []string{"offset 0x24", "ANK1 chunk is 32 bytes, smaller than its 0x24-byte header"}},
		// R5
		{"loop mode 5", func(b []byte) []byte { b[chunk0+8] = 5; return b }, []string{"offset 0x28", "loop mode 5 is not 0..4"}},
		{"loop mode 255", func(b []byte) []byte { b[chunk0+8] = 255; return b }, []string{"loop mode 255"}},
		// R6
		{"joint count huge", func(b []byte) []byte { be16(b, chunk0+0xC, 0xFFFF); return b }, []string{"offset 0x34", "joint table (65535 × 54 bytes at chunk offset 0x40) runs past the chunk end (0x120)"}},
		{"joint offset past chunk", func(b []byte) []byte { be32(b, chunk0+0x14, 0x100); return b }, []string{"offset 0x34", "joint table (2 × 54 bytes at chunk offset 0x100)"}},
		{"joint offset 4 GiB", func(b []byte) []byte { be32(b, chunk0+0x14, 0xFFFFFFF0); return b }, []string{"joint table", "0xfffffff0"}},
		{"scale count huge", func(b []byte) []byte { be16(b, chunk0+0xE, 0xFFFF); return b }, []string{"offset 0x38", "scale table (65535 × 4 bytes"}},
		{"rotation offset past chunk", func(b []byte) []byte { be32(b, chunk0+0x1C, 0x115); return b }, []string{"offset 0x3c", "rotation table (8 × 2 bytes at chunk offset 0x115)"}},
		{"rotation offset wraps", func(b []byte) []byte { be32(b, chunk0+0x1C, 0xFFFFFFFF); return b }, []string{"rotation table", "0xffffffff"}},
		{"translation table one value short", func(b []byte) []byte { be16(b, chunk0+0x12, 9); return b }, []string{"offset 0x40", "translation table (9 × 4 bytes at chunk offset 0x100) runs past the chunk end (0x120)"}},
		// R7: joint 0's translation.x (track 2, at 0x60+12) is 2 keys mode 0 at index 0.
		{"keyed index past table", func(b []byte) []byte { be16(b, 0x60+12+2, 2); return b }, []string{"offset 0x6c", "joint 0 translation.x: translation index 2 + 2 keys × 3 values = 8 past table end (7)"}},
		{"key count past table", func(b []byte) []byte { be16(b, 0x60+12, 3); return b }, []string{"joint 0 translation.x", "3 keys × 3 values = 9 past table end (7)"}},
		{"mode 1 needs 4 values per key", func(b []byte) []byte { be16(b, 0x60+12+4, 1); return b }, []string{"joint 0 translation.x", "2 keys × 4 values = 8 past table end (7)"}},
		{"constant index past table", func(b []byte) []byte { be16(b, 0x60+18+2, 900); return b }, []string{"offset 0x72", "joint 0 scale.y: scale index 900 past table end (2)"}},
		{"constant index 65535", func(b []byte) []byte { be16(b, 0x60+18+2, 0xFFFF); return b }, []string{"scale index 65535 past table end"}},
		{"rotation reference into empty table", func(b []byte) []byte { be16(b, chunk0+0x10, 0); return b }, []string{"offset 0x66", "joint 0 rotation.x: rotation index 0 past table end (0)"}},
	} {
		b, err := j3d.DecodeBCK(mutate(tiny, tc.mut))
		if err == nil {
			_, err = b.Clip()
		}
		wantFormatError(t, tc.name, err, "bck", tc.fragments...)
	}
}

func TestHostileBTK(t *testing.T) {
	basic := readFixture(t, "btk_basic.btk")
	// btk_basic.btk: TTK1 size 0x200; 2 entries at 0x60; remap 0xcc; names
	// 0xd0; texGens 0xe8; centers 0xec; scale 0x120 (10), rotation 0x160
	// (8), translation 0x180 (25).
	for _, tc := range []struct {
		name      string
		mut       func(b []byte) []byte
		fragments []string
	}{
		{"wrong magic", func(b []byte) []byte { copy(b, j3d.MagicBCK); return b }, []string{`want "J3D1btk1"`}},
		{"no TTK1", func(b []byte) []byte { copy(b[0x20:], "ANK1"); return b }, []string{"no TTK1 chunk"}},
		{"chunk 5 bytes past the end", func(b []byte) []byte { be32(b, 0x24, 0x205); return b }, []string{"size 517 runs past the declared file end (0x220)"}},
		{"quirk cannot hide a second chunk", func(b []byte) []byte { be32(b, 12, 2); be32(b, 0x24, 0x204); return b }, []string{"chunk 1 of 2: header past the declared file end"}},
		{"chunk smaller than TTK1 header", func(b []byte) []byte { be32(b, 0x24, 0x5C); return b }, []string{"TTK1 chunk is 92 bytes, smaller than its 0x60-byte header"}},
		{"loop mode 7", func(b []byte) []byte { b[chunk0+8] = 7; return b }, []string{"offset 0x28", "loop mode 7"}},
		// R8
		{"track count not divisible by 3", func(b []byte) []byte { be16(b, chunk0+0xC, 7); return b }, []string{"offset 0x2c", "track count 7 is not a multiple of 3"}},
		{"fewer names than entries", func(b []byte) []byte { be16(b, chunk0+0xD0, 1); return b }, []string{"offset 0xf0", "name table has 1 names for 2 entries"}},
		// R6
		{"entry count huge", func(b []byte) []byte { be16(b, chunk0+0xC, 0xFFFF); return b }, []string{"entry table (21845 × 54 bytes"}},
		{"name table past chunk", func(b []byte) []byte { be32(b, chunk0+0x1C, 0x1FE); return b }, []string{"offset 0x3c", "name table header (1 × 4 bytes at chunk offset 0x1fe)"}},
		{"name records past chunk", func(b []byte) []byte { be32(b, chunk0+0x1C, 0x1F8); be16(b, chunk0+0x1F8, 2); return b }, []string{"name table (2 × 4 bytes at chunk offset 0x1fc)"}},
		{"name string past chunk", func(b []byte) []byte { be16(b, chunk0+0xD0+6, 0x200); return b }, []string{"offset 0xf6", "name 0: string offset 0x200 past the chunk end"}},
		{"name without NUL", func(b []byte) []byte {
			// Point name 1 at the last bytes of the chunk and fill them.
			be16(b, chunk0+0xD0+10, 0x200-0xD0-3)
			copy(b[0x21d:], "xyz")
			return b
		}, []string{"name 1: string without NUL terminator before the chunk end"}},
		{"texGen table past chunk", func(b []byte) []byte { be32(b, chunk0+0x20, 0x1FF); return b }, []string{"offset 0x40", "texGen table (2 × 1 bytes at chunk offset 0x1ff)"}},
		{"center table past chunk", func(b []byte) []byte { be32(b, chunk0+0x24, 0x1F0); return b }, []string{"offset 0x44", "center table (2 × 12 bytes"}},
		{"translation count huge", func(b []byte) []byte { be16(b, chunk0+0x12, 0xFFFF); return b }, []string{"translation table (65535 × 4 bytes"}},
		// R7: entry 0 scale.s is 3 keys mode 0 at scale index 0 (table of 10).
		{"keyed past table", func(b []byte) []byte { be16(b, 0x80+2, 2); return b }, []string{"offset 0x80", "entry 0 scale.s: scale index 2 + 3 keys × 3 values = 11 past table end (10)"}},
		{"constant past table", func(b []byte) []byte { be16(b, 0x80+6+2, 8); return b }, []string{"entry 0 rotation.s: rotation index 8 past table end (8)"}},
	} {
		b, err := j3d.DecodeBTK(mutate(basic, tc.mut))
		if err == nil {
			_, err = b.Clip()
		}
		wantFormatError(t, tc.name, err, "btk", tc.fragments...)
	}
	// Not errors: the remap table is never read for validation, texGen > 7,
	// mismatched name hashes, any rotation frac and tangent mode.
	for _, tc := range []struct {
		name string
		mut  func(b []byte) []byte
	}{
		{"remap offset garbage", func(b []byte) []byte { be32(b, chunk0+0x18, 0xFFFFFFFF); return b }},
		{"texGen 200", func(b []byte) []byte { b[chunk0+0xE8] = 200; return b }},
		{"name hash wrong", func(b []byte) []byte { be16(b, chunk0+0xD4, 0x1234); return b }},
		{"rotation frac 40", func(b []byte) []byte { b[chunk0+9] = 40; return b }},
		{"calc type 7", func(b []byte) []byte { be32(b, chunk0+0x5C, 7); return b }},
	} {
		raw, clip, err := decodeAny(mutate(basic, tc.mut))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if err := clip.Validate(); err != nil {
			t.Errorf("%s: validate: %v", tc.name, err)
		}
		b := raw.(*j3d.BTK)
		switch tc.name {
		case "remap offset garbage":
			if b.Remap != nil {
				t.Errorf("remap read from garbage offset: %v", b.Remap)
			}
		case "texGen 200":
			if clip.Targets[0].TexGen != 200 {
				t.Errorf("texGen %d", clip.Targets[0].TexGen)
			}
		case "rotation frac 40":
			// slw with a shift of 32..63 gives 0.
			if v := eval(clip, 1, anim.RotZ, 30); v != 0 {
				t.Errorf("rotation.q with frac 40 = %v, want 0", v)
			}
		}
	}
}

// TestTruncations cuts small files at every length. Three variants: cut
// only (the declared size lies), cut with the declared size patched to the
// cut (the chunk lies), cut with both patched (tables past the chunk).
// Every cut must give an error, except that a cut removing only padding
// (both sizes patched) may decode, and then it must decode to the same
// tracks and tables; a TTK1 cut of at most 4 bytes is the size quirk.
func TestTruncations(t *testing.T) {
	for _, name := range []string{"tiny.bck", "btk_basic.btk", "edge.bck", "btk_multi.btk"} {
		orig := readFixture(t, name)
		wantRaw, _, err := decodeAny(orig)
		if err != nil {
			t.Fatal(err)
		}
		isBTK := strings.HasSuffix(name, ".btk")
		for n := 0; n < len(orig); n++ {
			cut := append([]byte(nil), orig[:n]...)
			if _, _, err := decodeAny(cut); err == nil {
				t.Fatalf("%s cut at %d: no error", name, n)
			}
			if n < 0x28 {
				continue
			}
			be32(cut, 8, uint32(n))
			raw, _, err := decodeAny(cut)
			if isBTK && len(orig)-n <= j3d.TTK1SizeSlack {
				if err != nil {
					t.Errorf("%s cut at %d, declared size patched (quirk range): %v", name, n, err)
				} else if !raw.(*j3d.BTK).SizeQuirk {
					t.Errorf("%s cut at %d: quirk not reported", name, n)
				}
			} else if err == nil {
				t.Fatalf("%s cut at %d, declared size patched: no error", name, n)
			}
			be32(cut, 0x24, uint32(n-chunk0))
			raw, clip, err := decodeAny(cut)
			if err == nil {
				if err := clip.Validate(); err != nil {
					t.Errorf("%s cut at %d: %v", name, n, err)
				}
				if !sameTracks(raw, wantRaw) {
					t.Errorf("%s cut at %d decodes to different tables", name, n)
				}
			}
		}
	}
}

// sameTracks compares the decoded content (not sizes) of two BCKs or BTKs.
func sameTracks(a, b any) bool {
	switch x := a.(type) {
	case *j3d.BCK:
		y := b.(*j3d.BCK)
		return reflect.DeepEqual(x.Joints, y.Joints) && reflect.DeepEqual(x.Tables, y.Tables)
	case *j3d.BTK:
		y := b.(*j3d.BTK)
		return reflect.DeepEqual(x.Entries, y.Entries) && reflect.DeepEqual(x.Tables, y.Tables) &&
			reflect.DeepEqual(x.Names, y.Names) && reflect.DeepEqual(x.Centers, y.Centers)
	}
	return false
}

// bytesAllocated reports the average heap bytes f allocates.
func bytesAllocated(runs int, f func()) float64 {
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&m1)
	return float64(m1.TotalAlloc-m0.TotalAlloc) / float64(runs)
}

// TestHugeCountsAllocateLittle: a small file declaring the largest counts
// is rejected before anything sized by them is allocated.
func TestHugeCountsAllocateLittle(t *testing.T) {
	bck := mutate(readFixture(t, "tiny.bck"), func(b []byte) []byte {
		be16(b, chunk0+0xC, 0xFFFF)
		be16(b, chunk0+0xE, 0xFFFF)
		be16(b, chunk0+0x10, 0xFFFF)
		be16(b, chunk0+0x12, 0xFFFF)
		return b
	})
	btk := mutate(readFixture(t, "btk_basic.btk"), func(b []byte) []byte {
		be16(b, chunk0+0xC, 0xFFFF)
		be16(b, chunk0+0xD0, 0xFFFF)
		return b
	})
	for _, data := range [][]byte{bck, btk} {
		var err error
		got := bytesAllocated(20, func() { _, _, err = decodeAny(data) })
		if err == nil {
			t.Fatal("huge counts: no error")
		}
		// 4× the file plus a little for the error message itself.
		if limit := 4*float64(len(data)) + 2048; got > limit {
			t.Errorf("%s: decoding a %d-byte file declaring huge counts allocated %.0f bytes (limit %.0f)", data[:8], len(data), got, limit)
		}
	}
}

// sharedRefsBCK builds a valid file whose joints' tracks all point at the
// longest possible key sequences, at every phase and with both strides.
func sharedRefsBCK(t *testing.T, joints int) []byte {
	const n = 0xFFFF
	b := &j3d.BCK{Duration: 100, Tables: j3d.Tables{
		Scale:       make([]float32, n),
		Rotation:    make([]int16, n),
		Translation: make([]float32, n),
	}}
	for i := range n {
		// Non-decreasing key times whatever the stride and phase.
		b.Scale[i] = float32(i)
		b.Rotation[i] = int16(i / 2)
		b.Translation[i] = float32(i)
	}
	for j := range joints {
		var s j3d.TrackSet
		for k := range s {
			phase := uint16((j + k) % 4)
			mode := uint16(j % 2)
			count := uint16((n - 4) / 4)
			if mode == 0 {
				count = (n - 4) / 3
			}
			s[k] = j3d.Track{Count: count, Index: phase, TangentMode: mode}
		}
		b.Joints = append(b.Joints, s)
	}
	return mustEncodeBCK(t, b)
}

// TestSharedReferencesAllocateLittle: copying each reference's keys would
// cost tracks × up to 21845 keys × 32 bytes; the decoder's shared key views
// keep memory to a small multiple of the file.
func TestSharedReferencesAllocateLittle(t *testing.T) {
	data := sharedRefsBCK(t, 20) // 180 tracks, 3.4M keys: under MaxTotalKeys
	var clip *anim.Clip
	var err error
	got := bytesAllocated(3, func() { _, clip, err = decodeAny(data) })
	if err != nil {
		t.Fatal(err)
	}
	if limit := 32 * float64(len(data)); got > limit {
		t.Errorf("decoding a %d-byte file allocated %.0f bytes (limit %.0f = 32× the file)", len(data), got, limit)
	}
	// The shared keys are right: joint 1 (mode 1), track 0 (phase 1).
	h := clip.Targets[1].Channels[0].Curve.(*anim.Hermite)
	if k := h.Keys[2]; k.Time != 9 || k.Value != 10 || k.In != 11 || k.Out != 12 || len(h.Keys) != (0xFFFF-4)/4 {
		t.Errorf("key 2 = %+v, %d keys", k, len(h.Keys))
	}
	if err := clip.Validate(); err != nil {
		t.Fatal(err)
	}
	pose := anim.NewPose(clip)
	anim.Evaluate(clip, 50.5, pose)
	if v, want := pose.Targets[1].V[anim.ScaleX], hermiteRaw(49, 50, 52, 53, 54, 55, 50.5); !near(v, want) {
		t.Errorf("scale.x at 50.5 = %v, want %v", v, want)
	}
}

// TestTotalKeysLimit: past MaxTotalKeys, conversion refuses the file as
// unsupported, before allocating per-track state.
func TestTotalKeysLimit(t *testing.T) {
	data := sharedRefsBCK(t, 2000) // 18000 tracks, 340M keys
	b, err := j3d.DecodeBCK(data)
	if err != nil {
		t.Fatal(err) // the raw tables are fine for an inspector
	}
	var clipErr error
	got := bytesAllocated(3, func() { _, clipErr = b.Clip() })
	var ue *bin.UnsupportedError
	if !errors.As(clipErr, &ue) || !strings.Contains(clipErr.Error(), "bck: unsupported: tracks reference 344025000 keys") {
		t.Fatalf("err = %v, want an unsupported error naming the key total", clipErr)
	}
	if got > 4096 {
		t.Errorf("refusing allocated %.0f bytes", got)
	}
}
