package bfres

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
)

// exercise runs everything a viewer does with a file; it must not panic.
func exercise(data []byte) error {
	f, err := Parse(data)
	if err != nil {
		return err
	}
	clips, _ := f.Clips()
	for _, c := range clips {
		if err := c.Validate(); err != nil {
			return err
		}
		pose := anim.NewPose(c)
		for _, fr := range []float64{-7.5, 0, 0.5, c.Duration / 3, c.Duration, c.Duration + 13.25, math.NaN()} {
			anim.Evaluate(c, fr, pose)
		}
		for ti := range c.Targets {
			for _, ch := range c.Targets[ti].Channels {
				for k := 0; k < ch.Curve.NumKeys(); k++ {
					ch.Curve.Key(k)
				}
			}
		}
	}
	for _, s := range f.Skeletons() {
		if err := s.Finish(); err != nil {
			return err
		}
	}
	// The rest of the file opened; the broken animation carries the error.
	if len(f.Broken) > 0 {
		return f.Broken[0].Err
	}
	return nil
}

func checkOneLine(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var fe *bin.FormatError
	var ue *bin.UnsupportedError
	if !errors.As(err, &fe) && !errors.As(err, &ue) {
		t.Errorf("error %T %q is neither a FormatError nor an UnsupportedError", err, err)
	}
	if strings.ContainsAny(err.Error(), "\n\r") || !strings.HasPrefix(err.Error(), "bfres: ") {
		t.Errorf("error %q is not one bfres-prefixed line", err)
	}
}

var allFixtures = []string{"base_only.bfres", "cubic_f32.bfres", "cubic_quant.bfres", "linear_baked.bfres", "quat.bfres",
	"skel_anim.bfres", "skel_model.bfres", "texsrt.bfres", "v33_layout.bfres", "wrap_modes.bfres"}

// checkFormatError wants a malformed-file error: a *bin.FormatError of
// format bfres whose message contains want.
func checkFormatError(t *testing.T, what string, err error, want string) {
	t.Helper()
	var fe *bin.FormatError
	if !errors.As(err, &fe) || fe.Format != "bfres" || !strings.Contains(fe.Msg, want) {
		t.Fatalf("%s: error %v (%T), want a bfres *bin.FormatError containing %q", what, err, err, want)
	}
	checkOneLine(t, err)
}

// Every truncation fails cleanly, both as is (the header's file size then
// lies) and with the file size patched to match (so the structure checks
// deep inside see the missing bytes).
func TestTruncated(t *testing.T) {
	for _, name := range allFixtures {
		data := readFixture(t, name)
		for n := 0; n < len(data); n++ {
			cut := append([]byte(nil), data[:n]...)
			what := fmt.Sprintf("%s cut to %d bytes", name, n)
			want := "larger than the data"
			if n < headerSize {
				want = "shorter than the 0x6c-byte FRES header"
			}
			checkFormatError(t, what, exercise(cut), want)
			if n >= headerSize {
				be.PutUint32(cut[0x0C:], uint32(n))
				// Cutting only trailing padding leaves a valid file.
				if err := exercise(cut); err != nil {
					checkFormatError(t, what+" (size patched)", err, "")
				}
			}
		}
	}
}

// Byte-level mutations at every offset never panic, and whatever still
// parses converts, validates and evaluates. A rejected file is malformed
// (*bin.FormatError), except for a changed version field, which makes a
// file of a version this reader does not support.
func TestMutations(t *testing.T) {
	for _, name := range allFixtures {
		data := readFixture(t, name)
		for off := 0; off < len(data); off++ {
			for _, v := range []byte{0x00, 0xFF, 0x7F, 0x80, data[off] ^ 0x01, data[off] + 0x10} {
				m := append([]byte(nil), data...)
				m[off] = v
				err := exercise(m)
				if err == nil {
					continue
				}
				what := fmt.Sprintf("%s byte 0x%x = 0x%02x", name, off, v)
				var ue *bin.UnsupportedError
				if errors.As(err, &ue) {
					if off < 4 || off >= 8 || !strings.Contains(ue.Msg, "FRES version") {
						t.Fatalf("%s: unsupported %q; only a changed version field may make a file unsupported", what, err)
					}
					checkOneLine(t, err)
					continue
				}
				checkFormatError(t, what, err, "")
			}
		}
	}
}

// patch applies a change to a copy of a fixture, using the parsed
// original to find offsets.
type hostileCase struct {
	name, file string
	patch      func(f *File, b []byte)
	want       string
}

func put16(b []byte, off int64, v uint16)   { be.PutUint16(b[off:], v) }
func put32(b []byte, off int64, v uint32)   { be.PutUint32(b[off:], v) }
func putF32(b []byte, off int64, v float32) { put32(b, off, math.Float32bits(v)) }

func TestHostile(t *testing.T) {
	firstCurve := func(f *File) *Curve { return &f.SkeletalAnims[0].BoneAnims[0].Curves[0] }
	cases := []hostileCase{
		{"short", "cubic_f32.bfres", func(f *File, b []byte) {}, ""}, // replaced below
		{"magic", "cubic_f32.bfres", func(f *File, b []byte) { copy(b, "FREZ") }, `magic "FREZ" is not FRES`},
		{"switch", "cubic_f32.bfres", func(f *File, b []byte) { copy(b, "FRES    ") }, "Switch FRES version"},
		{"version 5", "cubic_f32.bfres", func(f *File, b []byte) { put32(b, 4, 0x05000000) }, "version 5.0.0.0"},
		{"version 2", "cubic_f32.bfres", func(f *File, b []byte) { put32(b, 4, 0x02000000) }, "version 2.0.0.0"},
		{"BOM", "cubic_f32.bfres", func(f *File, b []byte) { put16(b, 8, 0xFFFE) }, "byte order mark 0xfffe"},
		{"file size", "cubic_f32.bfres", func(f *File, b []byte) { put32(b, 0x0C, uint32(len(b)+1)) }, "larger than the data"},
		{"group offset outside", "cubic_f32.bfres", func(f *File, b []byte) { put32(b, 0x28, 0x7FFFFF00) }, "outside the file"},
		{"negative offset", "cubic_f32.bfres", func(f *File, b []byte) { put32(b, 0x28, 0xFFFFFF00) }, "outside the file"},
		{"name offset outside", "cubic_f32.bfres", func(f *File, b []byte) { put32(b, 0x14, uint32(len(b))) }, "outside the file"},
		{"group count", "cubic_f32.bfres", func(f *File, b []byte) { put16(b, 0x54, 2) }, "has 1 entries, header says 2"},
		{"count without group", "cubic_f32.bfres", func(f *File, b []byte) { put16(b, 0x50, 1) }, "no index group"},
		{"dict size", "cubic_f32.bfres", func(f *File, b []byte) { put32(b, f.Groups[2].FileOffset, 0x29) }, "size field 0x29"},
		{"dict count absurd", "cubic_f32.bfres", func(f *File, b []byte) { put32(b, f.Groups[2].FileOffset+4, 0x7FFFFFFF) }, "does not fit"},
		{"dict count negative", "cubic_f32.bfres", func(f *File, b []byte) { put32(b, f.Groups[2].FileOffset+4, 0xFFFFFFFF) }, "does not fit"},
		{"dict root ref", "cubic_f32.bfres", func(f *File, b []byte) { put32(b, f.Groups[2].FileOffset+8, 5) }, "root reference 0x5"},
		{"dict child index", "cubic_f32.bfres", func(f *File, b []byte) { put16(b, f.Groups[2].Entries[0].NodeOffset+6, 9) }, "child index"},
		// Entry 0's right child points back at the root: the lookup ends
		// at the root instead of the entry.
		{"dict loop", "cubic_f32.bfres", func(f *File, b []byte) { put16(b, f.Groups[2].Entries[0].NodeOffset+6, 0) }, "not reachable"},
		// Two entries pointing at each other with decreasing references
		// cannot loop (the walk stops when the reference stops falling);
		// here the bone dictionary's nodes are made to point at each other.
		{"bone dict cycle", "skel_model.bfres", func(f *File, b []byte) {
			d := f.Models[0].Skeleton.BoneDict
			for _, e := range d.Entries {
				put16(b, e.NodeOffset+4, 1)
				put16(b, e.NodeOffset+6, 2)
			}
		}, "not reachable"},
		{"dict wrong signature", "cubic_f32.bfres", func(f *File, b []byte) { copy(b[f.SkeletalAnims[0].FileOffset:], "FSKL") }, "which is not a FSKA"},
		{"dict entry without name", "cubic_f32.bfres", func(f *File, b []byte) { put32(b, f.Groups[2].Entries[0].NodeOffset+8, 0) }, "has no name"},
		{"name without NUL", "cubic_f32.bfres", func(f *File, b []byte) {
			// Point the FSKA name at the file's last 4 bytes, made non-NUL.
			n := int64(len(b))
			copy(b[n-4:], "ABCD")
			at := f.SkeletalAnims[0].FileOffset + 4
			put32(b, at, uint32(n-4-at))
		}, "no NUL"},
		{"parent out of range", "skel_model.bfres", func(f *File, b []byte) { put16(b, f.Models[0].Skeleton.Bones[2].FileOffset+6, 6) }, "parent index 6 out of range"},
		{"parent cycle", "skel_model.bfres", func(f *File, b []byte) { put16(b, f.Models[0].Skeleton.Bones[1].FileOffset+6, 3) }, "cycle"},
		{"bone dict points elsewhere", "skel_model.bfres", func(f *File, b []byte) {
			e := f.Models[0].Skeleton.BoneDict.Entries[0]
			put32(b, e.NodeOffset+12, uint32(int32(f.Models[0].Skeleton.Bones[1].FileOffset-(e.NodeOffset+12))))
		}, "does not point at the bone"},
		{"FSKA curve count", "cubic_f32.bfres", func(f *File, b []byte) { put32(b, f.SkeletalAnims[0].FileOffset+0x18, 7) }, "states 7 curves"},
		{"FSKA negative frames", "cubic_f32.bfres", func(f *File, b []byte) { put32(b, f.SkeletalAnims[0].FileOffset+0x10, 0xFFFFFFFF) }, "negative frame count"},
		{"FSKA bone anim count", "cubic_f32.bfres", func(f *File, b []byte) { put16(b, f.SkeletalAnims[0].FileOffset+0x14, 0xFFFF) }, "runs past the end"},
		{"int curve on bone", "cubic_f32.bfres", func(f *File, b []byte) { put16(b, firstCurve(f).FileOffset, 0x0040) }, "stepInt curve on a bone channel"},
		{"curve type 3", "cubic_f32.bfres", func(f *File, b []byte) { put16(b, firstCurve(f).FileOffset, 0x0030) }, "curve type 3"},
		{"frame type 3", "cubic_f32.bfres", func(f *File, b []byte) { put16(b, firstCurve(f).FileOffset, 0x0003) }, "frame type 3"},
		{"key type 3", "cubic_f32.bfres", func(f *File, b []byte) { put16(b, firstCurve(f).FileOffset, 0x000C) }, "key type 3"},
		{"no keys", "cubic_f32.bfres", func(f *File, b []byte) { put16(b, firstCurve(f).FileOffset+2, 0) }, "no keys"},
		{"huge key count", "cubic_f32.bfres", func(f *File, b []byte) { put16(b, firstCurve(f).FileOffset+2, 0xFFFF) }, "runs past the end"},
		{"target not a channel", "cubic_f32.bfres", func(f *File, b []byte) { put32(b, firstCurve(f).FileOffset+4, 0x1C) }, "target 0x1c is not a bone channel"},
		{"NaN end", "cubic_f32.bfres", func(f *File, b []byte) { putF32(b, firstCurve(f).FileOffset+0x0C, float32(math.NaN())) }, "not a finite forward range"},
		{"reversed range", "cubic_f32.bfres", func(f *File, b []byte) { putF32(b, firstCurve(f).FileOffset+0x0C, -1) }, "not a finite forward range"},
		{"NaN key", "cubic_f32.bfres", func(f *File, b []byte) { putF32(b, firstCurve(f).KeyArrayOffset+4, float32(math.Inf(1))) }, "is not finite"},
		{"NaN base value", "cubic_f32.bfres", func(f *File, b []byte) {
			putF32(b, f.SkeletalAnims[0].BoneAnims[0].BaseOffset, float32(math.NaN()))
		}, "base value NaN"},
		{"descending frames", "cubic_f32.bfres", func(f *File, b []byte) { putF32(b, firstCurve(f).FrameArrayOffset+4, -3) }, "comes before"},
		{"first key after start", "cubic_f32.bfres", func(f *File, b []byte) { putF32(b, firstCurve(f).FrameArrayOffset, 0.5) }, "after the start frame"},
		{"baked too short", "linear_baked.bfres", func(f *File, b []byte) {
			c := &f.SkeletalAnims[0].BoneAnims[1].Curves[0]
			put16(b, c.FileOffset+2, c.NumKeys-1)
		}, "needs 31"},
		{"curve array outside", "cubic_f32.bfres", func(f *File, b []byte) { put32(b, firstCurve(f).FileOffset+0x1C, 0x40000000) }, "outside the file"},
		{"FSHU param curves outside", "texsrt.bfres", func(f *File, b []byte) {
			put16(b, f.TexSRTAnims[0].MaterialAnims[0].Params[1].FileOffset, 4)
		}, "outside the material anim's 5 curves"},
		{"FSHU param constants outside", "texsrt.bfres", func(f *File, b []byte) {
			put16(b, f.TexSRTAnims[0].MaterialAnims[0].Params[1].FileOffset+6, 5)
		}, "outside the material anim's 6 constants"},
		{"FSHU int curve on scale", "texsrt.bfres", func(f *File, b []byte) {
			m := &f.TexSRTAnims[0].MaterialAnims[1]
			put32(b, m.Curves[int(m.Params[0].BeginCurve)+3].FileOffset+4, TexSrtSX)
		}, "integer value for TexSrt field 0x4"},
		{"FSHU unknown target", "texsrt.bfres", func(f *File, b []byte) {
			put32(b, f.TexSRTAnims[0].MaterialAnims[0].Curves[0].FileOffset+4, 0x18)
		}, "target 0x18 is not a TexSrt field"},
		{"FSHU curve count", "texsrt.bfres", func(f *File, b []byte) { put32(b, f.TexSRTAnims[0].FileOffset+0x1C, 3) }, "outside the header's 3"},
		{"FSHU param anim count", "texsrt.bfres", func(f *File, b []byte) { put32(b, f.TexSRTAnims[0].FileOffset+0x18, 1) }, "param anims 0..2 outside the header's 1"},
		{"user data count", "skel_anim.bfres", func(f *File, b []byte) { put16(b, f.SkeletalAnims[0].FileOffset+0x16, 3) }, "has 2 entries, owner says 3"},
		{"user data type", "skel_anim.bfres", func(f *File, b []byte) { b[f.SkeletalAnims[0].UserData[0].FileOffset+6] = 9 }, "unknown value type 9"},
		{"user data huge count", "skel_anim.bfres", func(f *File, b []byte) { put16(b, f.SkeletalAnims[0].UserData[0].FileOffset+4, 0xFFFF) }, "runs past the end"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data := readFixture(t, tc.file)
			var m []byte
			if tc.name == "short" {
				m, tc.want = data[:headerSize-1], "shorter than the 0x6c-byte FRES header"
			} else {
				orig, err := Parse(data)
				if err != nil {
					t.Fatal(err)
				}
				m = append([]byte(nil), data...)
				tc.patch(orig, m)
			}
			err := exercise(m)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			checkOneLine(t, err)
		})
	}
}

// Structures shared by many owners are decoded at most about twice the
// file size in total, so a small file cannot make us decode its one curve
// array thousands of times.
func TestOverlapBudget(t *testing.T) {
	// One FSKA whose bone anims all point at the same 255-curve array.
	keys := make([]byte, 0, 65535)
	for i := 0; i < 4*1024; i++ {
		keys = be.AppendUint32(keys, math.Float32bits(float32(i)))
	}
	frames := make([]byte, 1024)
	for i := range frames {
		frames[i] = byte(i)
	}
	c := Curve{Flags: uint16(anim.NWFrameU8) | uint16(anim.NWCubic)<<4, NumKeys: 256, TargetOffset: TargetScaleX,
		EndFrame: 255, ScaleBits: math.Float32bits(1), FrameData: frames[:256], KeyData: keys}
	ba := BoneAnim{Name: "A", Flags: 1 << 6, Curves: []Curve{c}}
	f := &File{Name: "overlap", SkeletalAnims: []SkeletalAnim{{AnimHeader: AnimHeader{Name: "X", Flags: 1 << 12, FrameCount: 255}, BoneAnims: []BoneAnim{ba}}}}
	data := encodeFile(f)
	if err := exercise(data); err != nil {
		t.Fatalf("honest file: %v", err)
	}
	// Now 2000 bone anims sharing the first one's curve array.
	g, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	a := &g.SkeletalAnims[0]
	var bas []BoneAnim
	for i := 0; i < 2000; i++ {
		bas = append(bas, BoneAnim{Name: "B" + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676)), Flags: 0})
	}
	a.BoneAnims = append(a.BoneAnims, bas...)
	data = encodeFile(g)
	h, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	first := h.SkeletalAnims[0].BoneAnims[0]
	for i := 1; i < len(h.SkeletalAnims[0].BoneAnims); i++ {
		b := h.SkeletalAnims[0].BoneAnims[i]
		put32(data, b.FileOffset+0x10, uint32(int32(first.CurveArrayOffset-(b.FileOffset+0x10))))
		data[b.FileOffset+0x0A] = 1
	}
	put32(data, h.SkeletalAnims[0].FileOffset+0x18, uint32(len(h.SkeletalAnims[0].BoneAnims)))
	err = exercise(data)
	if err == nil || !strings.Contains(err.Error(), "overlap too much") {
		t.Fatalf("shared curve arrays: error %v, want the overlap limit", err)
	}
	checkOneLine(t, err)
}
