package archive_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/formats/asset"
	"github.com/animscope/animscope/formats/internal/bin"
)

// yaz0Compress is a small greedy Yaz0 encoder for tests (literal runs and
// back-references, including overlapping ones).
func yaz0Compress(src []byte) []byte {
	out := []byte("Yaz0")
	out = binary.BigEndian.AppendUint32(out, uint32(len(src)))
	out = append(out, make([]byte, 8)...)
	for i := 0; i < len(src); {
		flagPos := len(out)
		out = append(out, 0)
		var flags byte
		for bit := 0; bit < 8 && i < len(src); bit++ {
			bestLen, bestDist := 0, 0
			for d := 1; d <= 0x1000 && d <= i; d++ {
				l := 0
				for l < 0x111 && i+l < len(src) && src[i+l] == src[i-d+l] {
					l++
				}
				if l > bestLen {
					bestLen, bestDist = l, d
				}
			}
			if bestLen >= 3 {
				d := bestDist - 1
				if bestLen >= 0x12 {
					out = append(out, byte(d>>8), byte(d), byte(bestLen-0x12))
				} else {
					out = append(out, byte((bestLen-2)<<4|d>>8), byte(d))
				}
				i += bestLen
			} else {
				flags |= 0x80 >> bit
				out = append(out, src[i])
				i++
			}
		}
		out[flagPos] = flags
	}
	return out
}

func sarcFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("../bfres/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func sarcSampleFiles(t testing.TB) []archivetest.SARCFile {
	anim := sarcFixture(t, "skel_anim.bfres")
	return []archivetest.SARCFile{
		{Path: "Model/Fox.bfres", Data: sarcFixture(t, "skel_model.bfres")},
		{Path: "Anim/Fox_Animation.sbfres", Data: yaz0Compress(anim)},
		{Path: "Anim/Quant.sbfres", Data: sarcFixture(t, "cubic_quant.sbfres")},
		{Path: "Actor/Fox.txt", Data: []byte("hello")},
		{Path: "empty.bin", Data: nil},
	}
}

func TestSARCRoundTrip(t *testing.T) {
	files := sarcSampleFiles(t)
	for _, bigEndian := range []bool{true, false} {
		for _, align := range []int{4, 0x80, 0x2000} {
			t.Run(fmt.Sprintf("be=%v align=%#x", bigEndian, align), func(t *testing.T) {
				whole := archivetest.WriteSARC(files, bigEndian, align)
				s, err := archive.ReadSARC(whole)
				if err != nil {
					t.Fatal(err)
				}
				if s.Header.BigEndian != bigEndian || s.Header.HashKey != 0x65 || len(s.Nodes) != len(files) || len(s.Warnings) != 0 {
					t.Fatalf("header %+v, %d files, warnings %v", s.Header, len(s.Nodes), s.Warnings)
				}
				var a archive.Archive = s
				if a.Format() != "sarc" || len(a.Files()) != len(files) {
					t.Fatalf("format %q, %d files", a.Format(), len(a.Files()))
				}
				for i, f := range a.Files() {
					if f.Index != i || f.Path != s.Nodes[i].Path || (i > 0 && s.Nodes[i].Hash < s.Nodes[i-1].Hash) {
						t.Errorf("file %d %+v: not in hash/table order", i, f)
					}
				}
				for _, f := range files {
					af, err := a.Find(f.Path)
					if err != nil {
						t.Fatal(err)
					}
					got, err := s.Stored(af)
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got, f.Data) || af.Size != int64(len(f.Data)) || af.Yaz0 != archive.IsYaz0(f.Data) {
						t.Errorf("%s: %+v, %d bytes differ from the %d stored", f.Path, af, len(got), len(f.Data))
					}
					if !bytes.Equal(got, whole[af.Offset:af.Offset+af.Size]) {
						t.Errorf("%s: offset 0x%x does not locate the data", f.Path, af.Offset)
					}
					n := &s.Nodes[af.Index]
					if n.Hash != archive.SARCHash(f.Path, 0x65) || !n.HasName {
						t.Errorf("%s: node %+v", f.Path, n)
					}
					if n.Alignment < align && len(f.Data) > 0 {
						t.Errorf("%s: alignment %d, written with %d", f.Path, n.Alignment, align)
					}
					// Head gives the leading (decompressed) bytes.
					plain := f.Data
					if archive.IsYaz0(plain) {
						plain, _ = archive.DecompressYaz0(plain)
					}
					if h := a.Head(af, 8); !bytes.Equal(h, plain[:min(8, len(plain))]) {
						t.Errorf("%s: Head = %q, want %q", f.Path, h, plain[:min(8, len(plain))])
					}
					if rf, err := a.ReadFile(af); err != nil || !bytes.Equal(rf, plain) {
						t.Errorf("%s: ReadFile: %v", f.Path, err)
					}
				}
				if _, err := a.Find("Model/Missing.bfres"); err == nil || !strings.Contains(err.Error(), `no file "Model/Missing.bfres"`) {
					t.Errorf("missing file: %v", err)
				}
				if _, err := a.ReadFile(archive.File{Path: "forged", Index: 1}); err == nil {
					t.Error("ReadFile accepted a file from elsewhere")
				}
			})
		}
	}
	// The Yaz0 entries decompress to the original bytes.
	s, _ := archive.ReadSARC(archivetest.WriteSARC(files, true, 4))
	f, _ := s.Find("Anim/Fox_Animation.sbfres")
	d, err := s.ReadFile(f)
	if err != nil || !f.Yaz0 || !bytes.Equal(d, sarcFixture(t, "skel_anim.bfres")) {
		t.Errorf("Yaz0 entry: %v", err)
	}
}

func TestSARCHash(t *testing.T) {
	// h = h·0x65 + c: "ab" = 0x61·0x65 + 0x62.
	if got := archive.SARCHash("ab", 0x65); got != 0x61*0x65+0x62 {
		t.Errorf("hash(ab) = %#x", got)
	}
	if archive.SARCHash("", 0x65) != 0 {
		t.Error("hash of empty name is not 0")
	}
	// Bytes >= 0x80 count as signed chars.
	if got := archive.SARCHash("\xff", 0x65); got != 0xFFFFFFFF {
		t.Errorf("hash(ff) = %#x", got)
	}
}

func TestSARCWarnings(t *testing.T) {
	files := []archivetest.SARCFile{{Path: "a.bin", Data: []byte{1}}, {Path: "b.bin", Data: []byte{2}}, {Path: "c.bin", Data: []byte{3}}}
	b := archivetest.WriteSARC(files, true, 4)
	// Swap the first two nodes: out of hash order.
	n0, n1 := b[0x20:0x30], b[0x30:0x40]
	tmp := append([]byte(nil), n0...)
	copy(n0, n1)
	copy(n1, tmp)
	s, err := archive.ReadSARC(b)
	if err != nil || len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "not sorted") {
		t.Errorf("unsorted: err %v warnings %v", err, s.Warnings)
	}
	b = archivetest.WriteSARC(files, true, 4)
	binary.BigEndian.PutUint32(b[0x20:], 0x12345678) // node 0's hash
	s, err = archive.ReadSARC(b)
	if err != nil || len(s.Warnings) == 0 || !strings.Contains(s.Warnings[len(s.Warnings)-1], "does not match its name") {
		t.Errorf("bad hash: err %v warnings %v", err, s.Warnings)
	}
	// A node without a name is addressed by its hash.
	b = archivetest.WriteSARC(files, true, 4)
	binary.BigEndian.PutUint32(b[0x24:], 0)
	s, err = archive.ReadSARC(b)
	if err != nil {
		t.Fatal(err)
	}
	h := binary.BigEndian.Uint32(b[0x20:])
	if f, err := s.Find(fmt.Sprintf("0x%08x", h)); err != nil || f.Size != 1 {
		t.Errorf("unnamed node: %v", err)
	}
}

func checkSARCErr(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v, want one containing %q", err, want)
	}
	var fe *bin.FormatError
	if !errors.As(err, &fe) || strings.ContainsAny(err.Error(), "\n\r") {
		t.Errorf("error %q is not a one-line FormatError", err)
	}
}

func TestSARCHostile(t *testing.T) {
	files := []archivetest.SARCFile{{Path: "dir/a.bfres", Data: []byte("FRES....")}, {Path: "b.bin", Data: []byte{9, 9, 9}}}
	put32 := func(b []byte, off int, v uint32) { binary.BigEndian.PutUint32(b[off:], v) }
	// Node table at 0x20; node 0 and 1 are sorted by hash, so find the
	// node of "b.bin" by its hash.
	nodeOf := func(b []byte, path string) int {
		for off := 0x20; off < 0x40; off += 0x10 {
			if binary.BigEndian.Uint32(b[off:]) == archive.SARCHash(path, 0x65) {
				return off
			}
		}
		t.Fatal("node not found")
		return 0
	}
	rename := func(to string) func([]byte) []byte {
		return func(b []byte) []byte {
			fs := []archivetest.SARCFile{{Path: to, Data: []byte{1}}, {Path: "b.bin", Data: []byte{2}}}
			return archivetest.WriteSARC(fs, true, 4)
		}
	}
	for _, tc := range []struct {
		name string
		mod  func([]byte) []byte
		want string
	}{
		{"empty", func(b []byte) []byte { return nil }, "shorter than the 0x14-byte SARC header"},
		{"magic", func(b []byte) []byte { copy(b, "SARD"); return b }, "is not SARC"},
		{"BOM", func(b []byte) []byte { b[6], b[7] = 0, 0; return b }, "byte order mark 00 00"},
		{"header length", func(b []byte) []byte { b[5] = 0x10; return b }, "header length 0x10"},
		{"file size lie", func(b []byte) []byte { put32(b, 8, uint32(len(b)+1)); return b }, "larger than the data"},
		{"data offset past end", func(b []byte) []byte { put32(b, 0x0C, uint32(len(b)+4)); return b }, "past the end of the file"},
		{"data offset in tables", func(b []byte) []byte { put32(b, 0x0C, 0x20); return b }, "lies inside the tables"},
		{"SFAT magic", func(b []byte) []byte { copy(b[0x14:], "SFAX"); return b }, "is not SFAT"},
		{"node count huge", func(b []byte) []byte { b[0x1A], b[0x1B] = 0xFF, 0xFF; return b }, "65535 SFAT nodes do not fit"},
		{"SFNT magic", func(b []byte) []byte { copy(b[0x40:], "SFNX"); return b }, "is not SFNT"},
		{"name outside table", func(b []byte) []byte { put32(b, 0x24, 0x01000000|0x1000); return b }, "outside the name table"},
		{"name without NUL", func(b []byte) []byte {
			for i := 0x48; i < int(binary.BigEndian.Uint32(b[0x0C:])); i++ {
				b[i] = 'x'
			}
			return b
		}, "has no NUL"},
		{"begin after end", func(b []byte) []byte { o := nodeOf(b, "b.bin"); put32(b, o+8, 0x100); return b }, "begins at 0x100 after it ends"},
		{"end past file", func(b []byte) []byte { o := nodeOf(b, "b.bin"); put32(b, o+12, 0x7FFFFFF0); return b }, "runs past the end of the file"},
		{"traversal", rename("../evil.bin"), `has a ".." component`},
		{"inner traversal", rename("a/../../evil.bin"), `has a ".." component`},
		{"absolute", rename("/etc/evil"), "is absolute"},
		{"backslash", rename(`a\..\evil`), "backslash"},
		{"drive", rename("C:evil"), "drive letter"},
		{"empty component", rename("a//b"), "empty component"},
		{"dot", rename("./a"), `has a "." component`},
		{"duplicate", func(b []byte) []byte {
			return archivetest.WriteSARC([]archivetest.SARCFile{{Path: "x.bin", Data: []byte{1}}, {Path: "x.bin", Data: []byte{2}}}, true, 4)
		}, `"x.bin" appears twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.mod(archivetest.WriteSARC(files, true, 4))
			_, err := archive.ReadSARC(b)
			checkSARCErr(t, err, tc.want)
		})
	}
}

func TestYaz0Hostile(t *testing.T) {
	plain := bytes.Repeat([]byte("animscope "), 100)
	z := yaz0Compress(plain)
	if d, err := archive.DecompressYaz0(z); err != nil || !bytes.Equal(d, plain) {
		t.Fatalf("round trip: %v", err)
	}
	if len(z) >= len(plain)/4 {
		t.Errorf("test encoder made %d bytes of %d: back-references not exercised", len(z), len(plain))
	}
	for _, tc := range []struct {
		name string
		mod  func([]byte) []byte
		want string
	}{
		{"short header", func(b []byte) []byte { return b[:10] }, "need 16-byte header"},
		{"size > 91x input", func(b []byte) []byte { binary.BigEndian.PutUint32(b[4:], uint32(91*(len(b)-16)+1)); return b }, "impossible for"},
		{"size > 256 MiB", func(b []byte) []byte { binary.BigEndian.PutUint32(b[4:], 300<<20); return b }, "exceeds the 256 MiB limit"},
		{"ends early", func(b []byte) []byte { return b[:len(b)-3] }, "stream ends"},
		{"reference before start", func(b []byte) []byte {
			return append([]byte("Yaz0\x00\x00\x00\x10\x00\x00\x00\x00\x00\x00\x00\x00"), 0x00, 0x10, 0x05)
		}, "before the start of the output"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := archive.DecompressYaz0(tc.mod(append([]byte(nil), z...)))
			checkSARCErr(t, err, tc.want)
		})
	}
}

// Every truncation and single-byte change of a SARC either parses or fails
// with one line, never panics; what parses reads back within the file.
func TestSARCMutations(t *testing.T) {
	b := archivetest.WriteSARC(sarcSampleFiles(t)[3:], true, 4)
	b = append(b, archivetest.WriteSARC([]archivetest.SARCFile{{Path: "q.sbfres", Data: yaz0Compress([]byte("FRES"))}}, true, 4)...)
	check := func(m []byte) {
		s, err := archive.ReadSARC(m)
		if err != nil {
			var fe *bin.FormatError
			if !errors.As(err, &fe) || strings.ContainsAny(err.Error(), "\n") {
				t.Fatalf("error %q", err)
			}
			return
		}
		for _, f := range s.Files() {
			s.Head(f, 64)
			s.ReadFile(f)
		}
	}
	for n := 0; n < len(b); n++ {
		check(b[:n])
	}
	for off := 0; off < len(b); off++ {
		for _, v := range []byte{0, 0xFF, b[off] ^ 0x80, b[off] + 1} {
			m := append([]byte(nil), b...)
			m[off] = v
			check(m)
		}
	}
}

// FuzzSARC parses arbitrary bytes as a SARC (after Yaz0 when the input is
// compressed, as .szs/.pack files are) and reads every entry, decompressing
// Yaz0 entries.
func FuzzSARC(f *testing.F) {
	files := sarcSampleFiles(f)
	whole := archivetest.WriteSARC(files, true, 4)
	f.Add(whole)
	f.Add(whole[:len(whole)/2])
	f.Add(archivetest.WriteSARC(files[3:], false, 0x80))
	f.Add(yaz0Compress(archivetest.WriteSARC(files[3:], true, 4)))
	f.Add([]byte{})
	f.Add([]byte("SARC"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if archive.IsYaz0(data) {
			d, err := archive.DecompressYaz0(data)
			if err != nil {
				return
			}
			data = d
		}
		s, err := archive.ReadSARC(data)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") || !strings.HasPrefix(err.Error(), "sarc: ") {
				t.Fatalf("error %q is not one sarc-prefixed line", err)
			}
			return
		}
		for _, f := range s.Files() {
			if err := archive.SARCCheckPath(f.Path); err != nil && !strings.HasPrefix(f.Path, "0x") {
				t.Fatalf("accepted path %q: %v", f.Path, err)
			}
			if f.Offset < 0 || f.Size < 0 || f.Offset+f.Size > int64(len(data)) {
				t.Fatalf("file %q at 0x%x+%d outside the %d-byte archive", f.Path, f.Offset, f.Size, len(data))
			}
			head := s.Head(f, 16)
			d, err := s.ReadFile(f)
			if err == nil && !bytes.HasPrefix(d, head) {
				t.Fatalf("%q: Head %x is not a prefix of the contents", f.Path, head)
			}
		}
	})
}

// TestSARCBadHashOpens: a node whose stored hash does not match its name
// opens as an asset with one warning naming the file (the game's lookup
// by hash would not find it), and the file is still listed and readable
// by its name.
func TestSARCBadHashOpens(t *testing.T) {
	files := []archivetest.SARCFile{{Path: "a.bin", Data: []byte{1}}, {Path: "b.bin", Data: []byte{2}}, {Path: "c.bin", Data: []byte{3}}}
	b := archivetest.WriteSARC(files, false, 4)
	// The last node (highest hash) gets a larger wrong one: still sorted.
	last := 0x20 + 0x10*(len(files)-1)
	binary.LittleEndian.PutUint32(b[last:], 0xFFFFFFF0)
	a := &asset.Asset{Name: "bad.sarc"}
	if err := archive.SARCFormat.Open(a, b, asset.Env{}); err != nil {
		t.Fatal(err)
	}
	s := a.Raw.(*archive.SARC)
	name := s.Nodes[len(files)-1].Path
	if len(a.Warnings) != 1 || !strings.Contains(a.Warnings[0], fmt.Sprintf("%q: stored hash 0xfffffff0 does not match its name", name)) ||
		!strings.Contains(a.Warnings[0], "the games would not find it") {
		t.Fatalf("warnings %q", a.Warnings)
	}
	f, err := s.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	data, err := s.ReadFile(f)
	if err != nil || len(data) != 1 {
		t.Errorf("reading %s: %v %v", name, data, err)
	}
}
