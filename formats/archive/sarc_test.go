package archive

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

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

func sarcSampleFiles(t testing.TB) []SARCFile {
	anim := sarcFixture(t, "skel_anim.bfres")
	return []SARCFile{
		{"Model/Fox.bfres", sarcFixture(t, "skel_model.bfres")},
		{"Anim/Fox_Animation.sbfres", yaz0Compress(anim)},
		{"Anim/Quant.sbfres", sarcFixture(t, "cubic_quant.sbfres")},
		{"Actor/Fox.txt", []byte("hello")},
		{"empty.bin", nil},
	}
}

func TestSARCRoundTrip(t *testing.T) {
	files := sarcSampleFiles(t)
	for _, bigEndian := range []bool{true, false} {
		for _, align := range []int{4, 0x80, 0x2000} {
			t.Run(fmt.Sprintf("be=%v align=%#x", bigEndian, align), func(t *testing.T) {
				whole := WriteSARC(files, bigEndian, align)
				s, err := ReadSARC(whole)
				if err != nil {
					t.Fatal(err)
				}
				if s.Header.BigEndian != bigEndian || s.Header.HashKey != sarcDefaultKey || len(s.Nodes) != len(files) || len(s.Warnings) != 0 {
					t.Fatalf("header %+v, %d files, warnings %v", s.Header, len(s.Nodes), s.Warnings)
				}
				var a Archive = s
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
					if !bytes.Equal(got, f.Data) || af.Size != int64(len(f.Data)) || af.Yaz0 != IsYaz0(f.Data) {
						t.Errorf("%s: %+v, %d bytes differ from the %d stored", f.Path, af, len(got), len(f.Data))
					}
					if !bytes.Equal(got, whole[af.Offset:af.Offset+af.Size]) {
						t.Errorf("%s: offset 0x%x does not locate the data", f.Path, af.Offset)
					}
					n := &s.Nodes[af.Index]
					if n.Hash != SARCHash(f.Path, 0x65) || !n.HasName {
						t.Errorf("%s: node %+v", f.Path, n)
					}
					if n.Alignment < align && len(f.Data) > 0 {
						t.Errorf("%s: alignment %d, written with %d", f.Path, n.Alignment, align)
					}
					// Head gives the leading (decompressed) bytes.
					plain := f.Data
					if IsYaz0(plain) {
						plain, _ = DecompressYaz0(plain)
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
				if _, err := a.ReadFile(File{Path: "forged", Index: 1}); err == nil {
					t.Error("ReadFile accepted a file from elsewhere")
				}
			})
		}
	}
	// The Yaz0 entries decompress to the original bytes.
	s, _ := ReadSARC(WriteSARC(files, true, 4))
	f, _ := s.Find("Anim/Fox_Animation.sbfres")
	d, err := s.ReadFile(f)
	if err != nil || !f.Yaz0 || !bytes.Equal(d, sarcFixture(t, "skel_anim.bfres")) {
		t.Errorf("Yaz0 entry: %v", err)
	}
}

func TestSARCHash(t *testing.T) {
	// h = h·0x65 + c: "ab" = 0x61·0x65 + 0x62.
	if got := SARCHash("ab", 0x65); got != 0x61*0x65+0x62 {
		t.Errorf("hash(ab) = %#x", got)
	}
	if SARCHash("", 0x65) != 0 {
		t.Error("hash of empty name is not 0")
	}
	// Bytes >= 0x80 count as signed chars.
	if got := SARCHash("\xff", 0x65); got != 0xFFFFFFFF {
		t.Errorf("hash(ff) = %#x", got)
	}
}

func TestSARCWarnings(t *testing.T) {
	files := []SARCFile{{"a.bin", []byte{1}}, {"b.bin", []byte{2}}, {"c.bin", []byte{3}}}
	b := WriteSARC(files, true, 4)
	// Swap the first two nodes: out of hash order.
	n0, n1 := b[0x20:0x30], b[0x30:0x40]
	tmp := append([]byte(nil), n0...)
	copy(n0, n1)
	copy(n1, tmp)
	s, err := ReadSARC(b)
	if err != nil || len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "not sorted") {
		t.Errorf("unsorted: err %v warnings %v", err, s.Warnings)
	}
	b = WriteSARC(files, true, 4)
	binary.BigEndian.PutUint32(b[0x20:], 0x12345678) // node 0's hash
	s, err = ReadSARC(b)
	if err != nil || len(s.Warnings) == 0 || !strings.Contains(s.Warnings[len(s.Warnings)-1], "does not match its name") {
		t.Errorf("bad hash: err %v warnings %v", err, s.Warnings)
	}
	// A node without a name is addressed by its hash.
	b = WriteSARC(files, true, 4)
	binary.BigEndian.PutUint32(b[0x24:], 0)
	s, err = ReadSARC(b)
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
	files := []SARCFile{{"dir/a.bfres", []byte("FRES....")}, {"b.bin", []byte{9, 9, 9}}}
	put32 := func(b []byte, off int, v uint32) { binary.BigEndian.PutUint32(b[off:], v) }
	// Node table at 0x20; node 0 and 1 are sorted by hash, so find the
	// node of "b.bin" by its hash.
	nodeOf := func(b []byte, path string) int {
		for off := 0x20; off < 0x40; off += 0x10 {
			if binary.BigEndian.Uint32(b[off:]) == SARCHash(path, 0x65) {
				return off
			}
		}
		t.Fatal("node not found")
		return 0
	}
	rename := func(to string) func([]byte) []byte {
		return func(b []byte) []byte {
			fs := []SARCFile{{to, []byte{1}}, {"b.bin", []byte{2}}}
			return WriteSARC(fs, true, 4)
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
			return WriteSARC([]SARCFile{{"x.bin", []byte{1}}, {"x.bin", []byte{2}}}, true, 4)
		}, `"x.bin" appears twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.mod(WriteSARC(files, true, 4))
			_, err := ReadSARC(b)
			checkSARCErr(t, err, tc.want)
		})
	}
}

func TestYaz0Hostile(t *testing.T) {
	plain := bytes.Repeat([]byte("animscope "), 100)
	z := yaz0Compress(plain)
	if d, err := DecompressYaz0(z); err != nil || !bytes.Equal(d, plain) {
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
			_, err := DecompressYaz0(tc.mod(append([]byte(nil), z...)))
			checkSARCErr(t, err, tc.want)
		})
	}
}

// Every truncation and single-byte change of a SARC either parses or fails
// with one line, never panics; what parses reads back within the file.
func TestSARCMutations(t *testing.T) {
	b := WriteSARC(sarcSampleFiles(t)[3:], true, 4)
	b = append(b, WriteSARC([]SARCFile{{"q.sbfres", yaz0Compress([]byte("FRES"))}}, true, 4)...)
	check := func(m []byte) {
		s, err := ReadSARC(m)
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
	whole := WriteSARC(files, true, 4)
	f.Add(whole)
	f.Add(whole[:len(whole)/2])
	f.Add(WriteSARC(files[3:], false, 0x80))
	f.Add(yaz0Compress(WriteSARC(files[3:], true, 4)))
	f.Add([]byte{})
	f.Add([]byte("SARC"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if IsYaz0(data) {
			d, err := DecompressYaz0(data)
			if err != nil {
				return
			}
			data = d
		}
		s, err := ReadSARC(data)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") || !strings.HasPrefix(err.Error(), "sarc: ") {
				t.Fatalf("error %q is not one sarc-prefixed line", err)
			}
			return
		}
		for _, f := range s.Files() {
			if err := sarcCheckPath(f.Path); err != nil && !strings.HasPrefix(f.Path, "0x") {
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
