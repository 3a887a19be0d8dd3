package j3d_test

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/animscope/animscope/formats/j3d"
)

func readFamily(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(familyDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// orderFor is the byte order of a fixture.
func orderFor(data []byte) binary.ByteOrder {
	if string(data[:4]) == "1D3J" {
		return binary.LittleEndian
	}
	return binary.BigEndian
}

// TestFamilyTruncated: every truncation of every family fixture fails with
// a one-line FormatError of its format (no panic, no huge allocation).
func TestFamilyTruncated(t *testing.T) {
	for _, m := range readFamilyManifest(t) {
		data := readFamily(t, m.File)
		format := filepath.Ext(m.File)[1:]
		_, whole, err := decodeByFormat(format, data)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n < len(data); n += 1 + n/8 {
			_, clip, err := decodeByFormat(format, data[:n])
			trimmable := len(data)-n <= j3d.TrimSlack && format != "bck" && format != "btk"
			switch {
			case err == nil && !trimmable:
				t.Errorf("%s cut to %d bytes: decoded", m.File, n)
			case err == nil:
				// Only final padding was cut (FileHeader.Trimmed): the
				// same animation.
				if !reflect.DeepEqual(clip, whole) {
					t.Errorf("%s cut to %d bytes (padding only): a different clip", m.File, n)
				}
			default:
				wantFormatError(t, m.File, err, format)
			}
		}
		for n := max(0, len(data)-j3d.TrimSlack); n < len(data); n++ {
			if _, _, err := decodeByFormat(format, data[:n]); err != nil && format != "bck" && format != "btk" {
				wantFormatError(t, m.File, err, format)
			}
		}
	}
}

// decodeByFormat decodes data as the named J3D animation type.
func decodeByFormat(format string, data []byte) (any, any, error) {
	switch format {
	case "bck":
		return decodeWith(j3d.DecodeBCK)(data)
	case "btk":
		return decodeWith(j3d.DecodeBTK)(data)
	}
	return familyDecoders[format](data)
}

// TestFamilyHostile corrupts one field of a fixture (offsets relative to
// the one chunk at 0x20) and checks the message names the problem.
func TestFamilyHostile(t *testing.T) {
	const c = 0x20 // chunk start
	type corruption struct {
		file   string
		what   string
		change func(b []byte, o binary.ByteOrder) []byte
		format string
		want   []string
	}
	put16 := func(at int, v uint16) func([]byte, binary.ByteOrder) []byte {
		return func(b []byte, o binary.ByteOrder) []byte { o.PutUint16(b[at:], v); return b }
	}
	put32 := func(at int, v uint32) func([]byte, binary.ByteOrder) []byte {
		return func(b []byte, o binary.ByteOrder) []byte { o.PutUint32(b[at:], v); return b }
	}
	put8 := func(at int, v uint8) func([]byte, binary.ByteOrder) []byte {
		return func(b []byte, _ binary.ByteOrder) []byte { b[at] = v; return b }
	}
	// Table offsets of the fixtures, read from their headers.
	bca := readFamily(t, "bca_lengths.bca")
	bcaJoints := int(binary.BigEndian.Uint32(bca[c+j3d.ANF1JointOffset:]))
	brk := readFamily(t, "brk_tan1.brk")
	brkC := int(binary.BigEndian.Uint32(brk[c+j3d.TRK1CTableOffset:]))
	bpk := readFamily(t, "bpk_color.bpk")
	bpkTable := int(binary.BigEndian.Uint32(bpk[c+j3d.PAK1TableOffset:]))
	btp := readFamily(t, "btp_pattern.btp")
	btpTable := int(binary.BigEndian.Uint32(btp[c+j3d.TPT1TableOffset:]))
	bva := readFamily(t, "bva_le.bva")
	bvaTable := int(binary.LittleEndian.Uint32(bva[c+j3d.VAF1TableOffset:]))
	cases := []corruption{
		// ANF1
		{"bca_lengths.bca", "joint count huge", put16(c+j3d.ANF1JointCount, 0xFFFF), "bca", []string{"joint table", "runs past the chunk end"}},
		{"bca_lengths.bca", "track index past table", put16(c+bcaJoints+2, 0xFFF0), "bca", []string{"joint 0 scale.x", "past table end"}},
		{"bca_lengths.bca", "track count past table", put16(c+bcaJoints+4, 0xFFFF), "bca", []string{"joint 0 rotation.x", "past table end"}},
		{"bca_lengths.bca", "rotation table count huge", put16(c+j3d.ANF1RotationCount, 0xFFFF), "bca", []string{"rotation table", "runs past the chunk end"}},
		{"bca_lengths.bca", "loop mode 9", put8(c+j3d.ANF1LoopMode, 9), "bca", []string{"loop mode 9"}},
		{"bca_lengths.bca", "chunk size lies", put32(c+4, 0x7FFFFFF0), "bca", []string{"runs past the declared file end"}},
		{"bca_le.bca", "little-endian file size lies", put32(8, 0xFFFFFF), "bca", []string{"larger than the data"}},
		// TRK1
		{"brk_tan1.brk", "C count huge", put16(c+j3d.TRK1CCount, 0xFFFF), "brk", []string{"C register table", "runs past the chunk end"}},
		{"brk_tan1.brk", "C r index past table", put16(c+brkC+2, 0x4000), "brk", []string{"C register entry 0 r", "past table end"}},
		{"brk_tan1.brk", "C colour id 9", put8(c+brkC+j3d.ColorTracksSize, 9), "brk", []string{"colour id 9 is not 0..3"}},
		{"brk_tan1.brk", "K name table offset past chunk", put32(c+j3d.TRK1KNameOffset, 0xFFFFFF00), "brk", []string{"K name table header", "runs past the chunk end"}},
		{"brk_tan1.brk", "C a value count huge", put16(c+j3d.TRK1CValueCounts+6, 0xFFFF), "brk", []string{"C a value table", "runs past the chunk end"}},
		{"brk_tan1.brk", "chunk smaller than header", put32(c+4, 0x20), "brk", []string{"smaller than its 0x58-byte header"}},
		// PAK1
		{"bpk_color.bpk", "material count huge", put16(c+j3d.PAK1EntryCount, 0x8000), "bpk", []string{"material table", "runs past the chunk end"}},
		{"bpk_color.bpk", "g keys past table", put16(c+bpkTable+j3d.TrackSize, 0x7FFF), "bpk", []string{"material entry 0 g", "past table end"}},
		{"bpk_color.bpk", "name string offset past chunk", put16(int(c+binary.BigEndian.Uint32(bpk[c+j3d.PAK1NameOffset:]))+6, 0xFFF0), "bpk", []string{"name 0", "past the chunk end"}},
		// TPT1
		{"btp_pattern.btp", "entry count huge", put16(c+j3d.TPT1EntryCount, 0xFFFF), "btp", []string{"entry table", "runs past the chunk end"}},
		{"btp_pattern.btp", "sequence past table", put16(c+btpTable+2, 0x50), "btp", []string{"entry 0 (mat_0)", "past table end"}},
		{"btp_pattern.btp", "texture slot 8", put8(c+btpTable+4, 8), "btp", []string{"texture slot 8 is not 0..7"}},
		{"btp_pattern.btp", "value count huge", put16(c+j3d.TPT1ValueCount, 0xFFFF), "btp", []string{"texture number table", "runs past the chunk end"}},
		// VAF1 (little-endian)
		{"bva_le.bva", "shape count huge", put16(c+j3d.VAF1ShapeCount, 0xFFFF), "bva", []string{"shape table", "runs past the chunk end"}},
		{"bva_le.bva", "shape sequence past table", put16(c+bvaTable+2, 0xFFFF), "bva", []string{"shape 0", "past table end"}},
		{"bva_le.bva", "value offset past chunk", put32(c+j3d.VAF1ValueOffset, 0xFFFFFFF0), "bva", []string{"visibility table", "runs past the chunk end"}},
		{"bva_le.bva", "chunk id wrong", func(b []byte, _ binary.ByteOrder) []byte { copy(b[c:], "VAF1"); return b }, "bva", []string{`no VAF1 chunk`}},
	}
	for _, k := range cases {
		orig := readFamily(t, k.file)
		data := mutate(orig, func(b []byte) []byte { return k.change(b, orderFor(b)) })
		_, _, err := decodeByFormat(k.format, data)
		wantFormatError(t, k.file+": "+k.what, err, k.format, k.want...)
	}
}

// TestTrimmedPadding: an archive entry lacking its final alignment padding
// (as real Mario Kart: Double Dash BCAs are: declared 960 bytes, 932
// stored) decodes with FileHeader.Trimmed set; one byte more missing than
// the padding fails.
func TestTrimmedPadding(t *testing.T) {
	data := readFamily(t, "bca_le.bca")
	b, err := j3d.DecodeBCA(data)
	if err != nil {
		t.Fatal(err)
	}
	// The last table's end: translation table offset + count × 4.
	end := int(b.Chunk.Offset) + int(b.TranslationOffset) + 4*len(b.Translation)
	if len(data)-end == 0 || len(data)-end > j3d.TrimSlack {
		t.Fatalf("test premise: %d bytes of padding after the last table", len(data)-end)
	}
	trimmed, err := j3d.DecodeBCA(data[:end])
	if err != nil {
		t.Fatalf("padding cut: %v", err)
	}
	if trimmed.File.Trimmed != len(data)-end {
		t.Errorf("Trimmed = %d, want %d", trimmed.File.Trimmed, len(data)-end)
	}
	if _, err := j3d.DecodeBCA(data[:end-1]); err == nil {
		t.Error("cutting into the translation table decoded")
	} else {
		wantFormatError(t, "cut into the table", err, "bca", "translation table", "runs past the chunk end")
	}
}
