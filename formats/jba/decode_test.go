package jba

import (
	"encoding/binary"
	"errors"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
)

// TestDecodeSingleBlock checks stored fields of single_block.jba against
// its bytes (offsets read from a hex dump of the fixture).
func TestDecodeSingleBlock(t *testing.T) {
	f, err := Decode(readFixture(t, "testdata/single_block.jba"))
	if err != nil {
		t.Fatal(err)
	}
	h := f.Header
	if h.Length != float32(11.0/30) || h.FPS != 30 || h.BlockCount != 1 || h.BoneCount != 3 || h.Unknown != [3]uint32{0, 0x0FFFFFFF, 0} {
		t.Errorf("header %+v", h)
	}
	if f.Frames != 12 || f.BoneDataOffset != 0x80 {
		t.Errorf("frames %d, bone data at 0x%x", f.Frames, f.BoneDataOffset)
	}
	b := f.Blocks[0]
	if b.Offset != 0x180 || b.Size != 0x200 || b.StartFrame != 0 || b.Frames != 12 || b.BoneCount != 3 {
		t.Errorf("block %+v", b)
	}
	bb := b.Bones[0]
	if bb.RotationCount != 12 || bb.TranslationCount != 12 || len(bb.Rotations) != 12 || len(bb.Translations) != 12 {
		t.Errorf("bone 0 layout %d/%d", bb.RotationCount, bb.TranslationCount)
	}
	// 0x1b8: bone 0 frame 0 = 00 00 00 00 00 00, frame 1 = b5 0f 00 00 69 1f.
	if bb.Rotations[0] != (PackedRotation{0, 0, 0}) || bb.Rotations[1] != (PackedRotation{0x0fb5, 0, 0x1f69}) {
		t.Errorf("bone 0 rotations %v", bb.Rotations[:2])
	}
	if f.WorldSpace.Offset != 0x380 || f.WorldSpace.FPS != 30 || f.WorldSpace.RotationCount != 12 || f.WorldSpace.TranslationCount != 12 {
		t.Errorf("world space %+v", f.WorldSpace)
	}
	nt := f.Names
	if nt.Offset != 0x440 || nt.Count != 3 || nt.TotalBytes != 0x1f || nt.IndicesOffset != 0x14 || nt.OffsetsOffset != 0x20 || nt.NamesOffset != 0x2c {
		t.Errorf("name table %+v", nt)
	}
	if strings.Join(nt.Names, "|") != "Bip01|Bip01 Pelvis|Bip01 Spine" || nt.NameOffsets[1] != 6 || nt.Indices[2] != 2 {
		t.Errorf("names %q offsets %v indices %v", nt.Names, nt.NameOffsets, nt.Indices)
	}
}

func TestQuantDecoding(t *testing.T) {
	q := Quant{
		RotationBase: [3]float32{-0.5, -1, 0}, RotationStride: [3]float32{1.0 / 32767, 2.0 / 65535, 0.5 / 65535},
		TranslationBase: [3]float32{1, 2, 3}, TranslationStride: [3]float32{0.5, 0.25, 0.125},
	}
	// x = -0.5 + 16383.5/32767·… : pick codes giving exact values.
	got := q.Rotation(PackedRotation{0, 32767, 0}) // x = -0.5, y ≈ 0, z = 0
	wantW := math.Sqrt(1 - 0.25 - sq(-1+32767*float64(q.RotationStride[1])))
	if math.Abs(got[0]+0.5) > 1e-6 || math.Abs(got[3]-wantW) > 1e-6 {
		t.Errorf("rotation %v, want x -0.5 w %v", got, wantW)
	}
	neg := q.Rotation(PackedRotation{0x8000, 32767, 0})
	if neg[3] >= 0 || math.Abs(neg[3]+got[3]) > 1e-12 || neg[0] != got[0] {
		t.Errorf("sign bit: %v vs %v", neg, got)
	}
	// x²+y²+z² > 1: w = 0, then normalized.
	big := q.Rotation(PackedRotation{0x7FFF, 65535, 65535})
	if big[3] != 0 || math.Abs(sq(big[0])+sq(big[1])+sq(big[2])-1) > 1e-12 {
		t.Errorf("clamped rotation %v", big)
	}
	if v := q.Translation(3<<21 | 5<<10 | 7); v != [3]float64{2.5, 3.25, 3.875} {
		t.Errorf("translation %v", v)
	}
	if v := q.ConstantTranslation(); v != [3]float64{1 + 2047*0.5, 2 + 2047*0.25, 3 + 1023*0.125} {
		t.Errorf("constant translation %v", v)
	}
}

func sq(v float64) float64 { return v * v }

func TestJAWBUnsupported(t *testing.T) {
	for _, data := range [][]byte{[]byte("JAWB"), append([]byte("JAWB"), make([]byte, 200)...)} {
		_, err := Decode(data)
		var ue *bin.UnsupportedError
		if !errors.As(err, &ue) {
			t.Fatalf("err = %v, want an UnsupportedError", err)
		}
		if want := "jba: unsupported: JBA layout of game update 7.2.1+ (magic JAWB) is not supported yet"; err.Error() != want {
			t.Errorf("message %q, want %q", err, want)
		}
	}
}

// put writes a little-endian u32 into a copy of data.
func put(data []byte, off int, v uint32) []byte {
	d := append([]byte(nil), data...)
	binary.LittleEndian.PutUint32(d[off:], v)
	return d
}

func putF(data []byte, off int, v float32) []byte { return put(data, off, math.Float32bits(v)) }

// hostileCase is a broken file and the text its error must contain.
type hostileCase struct {
	name string
	data []byte
	want string
}

func hostileCases(t *testing.T) []hostileCase {
	single := readFixture(t, "testdata/single_block.jba")
	multi := readFixture(t, "testdata/multi_block.jba")
	mf, err := Decode(multi)
	if err != nil {
		t.Fatal(err)
	}
	// edit re-encodes multi_block.jba after changing its decoded form.
	edit := func(change func(f *File)) []byte {
		f, _ := Decode(multi)
		change(f)
		return encode(f)
	}
	ws := int(mf.WorldSpace.Offset)
	names := int(mf.Names.Offset)
	nanBits := uint32(0x7FC00000)
	return []hostileCase{
		{"empty", nil, "shorter than the 40-byte header"},
		{"truncated header", single[:0x27], "shorter than the 40-byte header"},
		{"not a JBA", put(single, 0, 1), "first word is 0x00000001, not 0: not a JBA file"},
		{"length NaN", put(single, 4, nanBits), "offset 0x4: length NaN s is not a finite non-negative number"},
		{"length negative", putF(single, 4, -1), "length -1 s is not a finite"},
		{"length infinite", putF(single, 4, float32(math.Inf(1))), "length +Inf s"},
		{"fps zero", putF(single, 8, 0), "offset 0x8: fps 0 is not a finite positive number"},
		{"fps negative", putF(single, 8, -30), "fps -30 is not"},
		{"fps NaN", put(single, 8, nanBits), "fps NaN is not"},
		{"frame count overflow", putF(single, 4, 1e30), "frames (limit 2147483648)"},
		{"frame count at limit", putF(putF(single, 8, 1), 4, 1<<31), "frames (limit 2147483648)"},
		{"no blocks", put(single, 0x0C, 0), "offset 0xc: block count is 0"},
		{"huge block count", put(single, 0x0C, 0xFFFFFFFF), "block table of 4294967295 blocks does not fit"},
		{"huge bone count", put(single, 0x18, 0x80000000), "bone data for 2147483648 bones (48 bytes each) does not fit"},
		{"block bone count", edit(func(f *File) { f.Blocks[1].BoneCount = 5 }), "offset 0x380: block 1: bone count 5 differs from the header's 4"},
		// Fewer bones in the header also moves the first block: its
		// "bone count" is then read from other bytes and still differs.
		{"header bone count", put(single, 0x18, 2), "offset 0x100: block 0: bone count 895202509 differs from the header's 2"},
		{"bone quantization NaN", put(single, 0x80+0x24, nanBits), "offset 0x80: bone 0: quantization base or stride is not finite"},
		{"first block not at 0", put(multi, 0x28, 1), "offset 0x28: block 0 starts at frame 1, not 0"},
		{"starts not increasing", put(multi, 0x38, 9), "block 2 starts at frame 9, not after block 1 (frame 9)"},
		{"start past the end", put(multi, 0x40, 41), "block 3 starts at frame 41, past the last frame 40"},
		{"block smaller than header", put(multi, 0x2C, 4), "block 0: size 4 is smaller than the 8-byte block header"},
		{"block size overflow", put(multi, 0x2C, 0xFFFFFF80), "block 0: 4294967168 bytes from 0x180 run past the end of the file"},
		{"block size wraps 32 bits", put(multi, 0x34, 0xFFFFFFFF-0x380+1), "block 1: 4294966400 bytes from 0x380"},
		{"later block past the end", put(multi, 0x44, 0x10000), "block 3: 65536 bytes"},
		{"keys past the block size", put(multi, 0x2C, 0x48), "block 0: 4 bones × 10 frames of rotations do not fit in the block (72 bytes)"},
		{"translations past the block size", edit(func(f *File) { f.Blocks[0].Size = 8 + 4*16 + 4*60 + 3*40 }), "block 0 bone 3: 10 translations run past the block end"},
		{"layout past the block size", put(multi, 0x2C, 0x20), "block 0: key layout of 4 bones does not fit in the block (32 bytes)"},
		{"rotation count", edit(func(f *File) { f.Blocks[1].Bones[2].RotationCount = 11 }), "block 1 bone 2: 11 rotations, want one per block frame (12)"},
		{"translation count", edit(func(f *File) { f.Blocks[2].Bones[0].TranslationCount = 1 }), "block 2 bone 0: 1 translations, want 0 or one per block frame (14)"},
		{"world-space rotations", put(multi, ws+0x38, 40), "world space: 40 rotations, want one per frame (41)"},
		{"world-space translations", put(multi, ws+0x40, 0xFFFFFFFF), "world space: 4294967295 translations, want one per frame (41)"},
		{"world-space NaN", put(multi, ws+0x14, nanBits), "world space: fps or quantization is not finite"},
		{"world space truncated", multi[:ws+0x48+100], "world space: 41 rotations run past the end of the file"},
		{"world-space header truncated", multi[:ws+0x20], "world-space header (72 bytes) runs past the end"},
		{"name count", put(multi, names, 5), "bone-name table has 5 names for 4 bones"},
		{"name indices offset", put(multi, names+8, 0x18), "bone-name indices at table offset 0x18, want 0x14"},
		{"name offsets offset", put(multi, names+12, 0x14), "bone-name offsets at table offset 0x14, want 0x24"},
		{"name offset outside the file", put(multi, names+0x24+8, 0x7FFFFFFF), "offset 0xc90: bone 2 name at 0x80000c97: starts outside the file (3274 bytes)"},
		{"names offset outside the file", put(multi, names+16, 0xFFFFFFF0), "bone 0 name at 0x100000c54: starts outside the file"},
		{"name without NUL", multi[:len(multi)-1], "offset 0xc94: bone 3 name at 0xcb9: no NUL terminator before the end of the file"},
		{"name table truncated", multi[:names+0x20], "bone-name indices and offsets (4 names) run past the end"},
		{"name table header truncated", multi[:names+4], "bone-name table header (20 bytes) runs past the end"},
		{"name too long", edit(func(f *File) { f.Names.Names[1] = strings.Repeat("x", 2000) }), "offset 0xc8c: bone 1 name at 0xc9c: longer than 1024 bytes"},
		// A header claiming ~3·10⁷ frames: block 3 would need that many
		// rotations per bone; nothing that large may be allocated.
		{"huge frame count", putF(multi, 4, 1e6), "block 3: 4 bones × 29999968 frames of rotations do not fit"},
	}
}

// TestHostile checks that every broken file gives one clear FormatError
// line naming the problem.
func TestHostile(t *testing.T) {
	for _, c := range hostileCases(t) {
		t.Run(c.name, func(t *testing.T) {
			_, err := Decode(c.data)
			if err == nil {
				t.Fatalf("decoded without error; want %q", c.want)
			}
			var fe *bin.FormatError
			if !errors.As(err, &fe) {
				t.Errorf("error %T %v is not a FormatError", err, err)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "jba: offset 0x") || strings.ContainsAny(msg, "\n\r") {
				t.Errorf("message %q is not one prefixed line", msg)
			}
			if !strings.Contains(msg, c.want) {
				t.Errorf("message %q, want it to contain %q", msg, c.want)
			}
		})
	}
}

// TestHostileAllocation bounds what decoding a lying header allocates: at
// most a small multiple of the file size, never what the counts claim.
func TestHostileAllocation(t *testing.T) {
	for _, c := range hostileCases(t) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		Decode(c.data)
		runtime.ReadMemStats(&after)
		if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(64*len(c.data)+1<<16); got > limit {
			t.Errorf("%s: decoding allocated %d bytes for a %d-byte file (limit %d)", c.name, got, len(c.data), limit)
		}
	}
}

// TestTruncated decodes every prefix of two fixtures: each must fail with
// one line (the name table is the file's last part, so no prefix is valid).
func TestTruncated(t *testing.T) {
	for _, path := range []string{"testdata/multi_block.jba", "testdata/no_translation.jba"} {
		data := readFixture(t, path)
		for n := 0; n < len(data); n++ {
			_, err := Decode(data[:n])
			if err == nil {
				t.Fatalf("%s: prefix of %d bytes decoded", path, n)
			}
			if strings.ContainsAny(err.Error(), "\n\r") || !strings.HasPrefix(err.Error(), "jba: ") {
				t.Fatalf("%s: prefix %d: %q", path, n, err)
			}
		}
	}
}

// TestMutations overwrites every aligned word of the header, block table,
// bone data, block headers, world-space header and name table with
// boundary values: decoding must either succeed with a clip that
// validates and evaluates to finite values, or fail with one line.
func TestMutations(t *testing.T) {
	for _, path := range []string{"testdata/multi_block.jba", "testdata/no_translation.jba"} {
		data := readFixture(t, path)
		for off := 0; off+4 <= len(data); off += 4 {
			for _, v := range []uint32{0, 1, 0x7F, 0x80, 0xFFFF, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0x7FC00000, 0x7F800000} {
				mutated := put(data, off, v)
				f, err := Decode(mutated)
				if err != nil {
					if strings.ContainsAny(err.Error(), "\n\r") {
						t.Fatalf("%s: 0x%x=0x%x: multi-line error %q", path, off, v, err)
					}
					continue
				}
				checkClip(t, f)
			}
		}
	}
}

// checkClip converts, validates and evaluates a decoded file the way the
// viewer does.
func checkClip(t *testing.T, f *File) {
	t.Helper()
	c := f.Clip("x")
	if err := c.Validate(); err != nil {
		t.Fatalf("decoded file gives an invalid clip: %v", err)
	}
	pose := anim.NewPose(c)
	var root anim.TargetPose
	for _, fr := range []float64{-1, 0, 0.5, c.Duration / 2, c.Duration - 0.25, c.Duration, c.Duration + 3} {
		anim.Evaluate(c, fr, pose)
		anim.EvaluateTarget(c.RootMotion, fr, &root)
		for i, tp := range append(pose.Targets, root) {
			for s, v := range tp.V {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("frame %v target %d slot %d: %v", fr, i, s, v)
				}
			}
		}
	}
}

// A zero-length animation has one stored frame: every sample is frame 0.
func TestSingleFrame(t *testing.T) {
	f, err := Decode(encode(synth([]string{"Bip01", "Bip01 Pelvis"}, 1, []int{0})))
	if err != nil {
		t.Fatal(err)
	}
	c := f.Clip("still")
	if f.Frames != 1 || c.Duration != 0 || f.Blocks[0].Frames != 1 {
		t.Fatalf("frames %d, duration %v", f.Frames, c.Duration)
	}
	checkClip(t, f)
	pose := anim.NewPose(c)
	anim.Evaluate(c, 0.5, pose)
	if q := f.Bones[1].Rotation(f.Blocks[0].Bones[1].Rotations[0]); pose.Targets[1].V[anim.QuatX] != q[0] || pose.Targets[1].V[anim.QuatW] != q[3] {
		t.Errorf("pose %v, want rotation %v", pose.Targets[1].V, q)
	}
}

// Names are Latin-1 in the file and UTF-8 in Go.
func TestLatin1Names(t *testing.T) {
	f, err := Decode(encode(synth([]string{"Bip01", "côté\u00ff"}, 2, []int{0})))
	if err != nil {
		t.Fatal(err)
	}
	if f.Names.Names[1] != "côté\u00ff" {
		t.Errorf("name %q", f.Names.Names[1])
	}
}

// BoneFrames and RootMotionFrames (the inspector's decoded tables) agree
// with the clip at whole frames, including the later block's value on a
// shared boundary frame and the constant translation of keyless blocks.
func TestDecodedFrames(t *testing.T) {
	f, err := Decode(readFixture(t, "testdata/no_translation.jba"))
	if err != nil {
		t.Fatal(err)
	}
	c := f.Clip("no_translation")
	var p anim.TargetPose
	for i := range f.Bones {
		rot, tr := f.BoneFrames(i)
		for k := range rot {
			anim.EvaluateTarget(&c.Targets[i], float64(k), &p)
			if [4]float64(p.V[anim.QuatX:anim.QuatW+1]) != rot[k] || [3]float64(p.V[anim.TransX:anim.TransZ+1]) != tr[k] {
				t.Fatalf("bone %d frame %d: clip %v, frames %v %v", i, k, p.V, rot[k], tr[k])
			}
		}
	}
	// fc_jaw (bone 3) is keyless in block 2 (frames 16..23): constant there.
	_, tr := f.BoneFrames(3)
	if want := f.Bones[3].ConstantTranslation(); tr[16] != want || tr[23] != want || tr[15] == want {
		t.Errorf("fc_jaw translations %v %v %v, want the constant %v from frame 16", tr[15], tr[16], tr[23], want)
	}
	// Frame 8 is shared by blocks 0 and 1; make the two blocks disagree
	// there: the later block's value is used, as in the importer.
	f.Blocks[0].Bones[0].Rotations[8] = PackedRotation{0x8123, 0x4567, 0x89ab}
	g, err := Decode(encode(f))
	if err != nil {
		t.Fatal(err)
	}
	rot, _ := g.BoneFrames(0)
	if want := g.Bones[0].Rotation(g.Blocks[1].Bones[0].Rotations[0]); rot[8] != want || rot[8] == g.Bones[0].Rotation(g.Blocks[0].Bones[0].Rotations[8]) {
		t.Errorf("boundary frame 8: %v, want block 1's %v", rot[8], want)
	}
	rrot, rtr := f.RootMotionFrames()
	anim.EvaluateTarget(c.RootMotion, 5, &p)
	if [4]float64(p.V[anim.QuatX:anim.QuatW+1]) != rrot[5] || [3]float64(p.V[anim.TransX:anim.TransZ+1]) != rtr[5] || c.RootMotion.Name != RootMotionName {
		t.Errorf("root motion frame 5: clip %v, frames %v %v", p.V, rrot[5], rtr[5])
	}
}
