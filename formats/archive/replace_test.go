package archive_test

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/klauspost/compress/zstd"
)

// opened is an archive file unwrapped and parsed.
type opened struct {
	compression string // "", "yaz0", "zstd"
	header      []byte // the Yaz0 header's reserved bytes
	plain       []byte
	arc         archive.Archive
}

func open(data []byte) (*opened, error) {
	o := &opened{plain: data}
	var err error
	switch {
	case archive.IsYaz0(data):
		o.compression, o.header = "yaz0", data[8:16]
		o.plain, err = archive.DecompressYaz0(data)
	case archive.IsZstd(data):
		o.compression = "zstd"
		o.plain, err = archive.DecompressZstd(data)
	}
	if err != nil {
		return nil, err
	}
	if archive.IsRARC(o.plain) {
		o.arc, err = archive.ReadRARC(o.plain)
	} else {
		o.arc, err = archive.ReadSARC(o.plain)
	}
	return o, err
}

// checkReplaced checks out, the result of replacing path in orig with
// entry, against orig through the readers: the same compression (and Yaz0
// header bytes), the same files in the same order, every other file's
// stored and read bytes identical, the replaced one reading back as entry
// and stored compressed when it was; the tables but for offsets and sizes
// identical; every file that moved still aligned as it was; the header
// sizes matching the data.
func checkReplaced(orig, out []byte, path string, entry []byte) error {
	a, err := open(orig)
	if err != nil {
		return fmt.Errorf("original: %v", err)
	}
	b, err := open(out)
	if err != nil {
		return fmt.Errorf("result: %v", err)
	}
	if a.compression != b.compression || !bytes.Equal(a.header, b.header) {
		return fmt.Errorf("compression %q % x became %q % x", a.compression, a.header, b.compression, b.header)
	}
	fa, fb := a.arc.Files(), b.arc.Files()
	if len(fa) != len(fb) {
		return fmt.Errorf("%d files became %d", len(fa), len(fb))
	}
	target, err := a.arc.Find(path)
	if err != nil {
		return err
	}
	for i := range fa {
		x, y := fa[i], fb[i]
		if x.Path != y.Path || x.Index != y.Index || x.Yaz0 != y.Yaz0 {
			return fmt.Errorf("file %d: %+v became %+v", i, x, y)
		}
		got, err := b.arc.ReadFile(y)
		if err != nil {
			return fmt.Errorf("%s: %v", y.Path, err)
		}
		if x.Path == target.Path {
			if !bytes.Equal(got, entry) {
				return fmt.Errorf("%s: reads back %d bytes, not the %d given", y.Path, len(got), len(entry))
			}
			continue
		}
		want, _ := a.arc.ReadFile(x)
		if !bytes.Equal(got, want) || !bytes.Equal(a.plain[x.Offset:x.Offset+x.Size], b.plain[y.Offset:y.Offset+y.Size]) {
			return fmt.Errorf("%s: bytes changed", y.Path)
		}
		if y.Offset != x.Offset && y.Offset%align(x.Offset) != 0 {
			return fmt.Errorf("%s: moved from 0x%x to 0x%x, losing its 0x%x alignment", y.Path, x.Offset, y.Offset, align(x.Offset))
		}
	}
	switch ra := a.arc.(type) {
	case *archive.RARC:
		rb := b.arc.(*archive.RARC)
		if !reflect.DeepEqual(ra.Nodes, rb.Nodes) || ra.Info != rb.Info || !reflect.DeepEqual(ra.Dirs, rb.Dirs) {
			return fmt.Errorf("RARC tables changed")
		}
		for i := range ra.Entries {
			x, y := ra.Entries[i], rb.Entries[i]
			x.DataOffset, x.Size, y.DataOffset, y.Size = 0, 0, 0, 0
			if x != y {
				return fmt.Errorf("RARC entry %d: %+v became %+v", i, ra.Entries[i], rb.Entries[i])
			}
		}
		h, g := ra.Header, rb.Header
		grow := uint32(len(b.plain) - len(a.plain))
		if g.FileSize != h.FileSize+grow || g.DataSize != h.DataSize+grow || g.MRAMSize+g.ARAMSize != h.MRAMSize+h.ARAMSize+grow || g.HeaderSize != h.HeaderSize || g.DataOffset != h.DataOffset {
			return fmt.Errorf("RARC header %+v became %+v for %d more bytes", h, g, grow)
		}
	case *archive.SARC:
		sb := b.arc.(*archive.SARC)
		for i := range ra.Nodes {
			x, y := ra.Nodes[i], sb.Nodes[i]
			if x.Path != y.Path || x.Hash != y.Hash || x.Attr != y.Attr {
				return fmt.Errorf("SARC node %d: %s %08x %08x became %s %08x %08x", i, x.Path, x.Hash, x.Attr, y.Path, y.Hash, y.Attr)
			}
		}
		h, g := ra.Header, sb.Header
		g.FileSize = h.FileSize
		if h != g || int(sb.Header.FileSize)-int(ra.Header.FileSize) != len(b.plain)-len(a.plain) {
			return fmt.Errorf("SARC header %+v became %+v", ra.Header, sb.Header)
		}
		if !bytes.Equal(a.plain[:sarcTablesEnd(ra)], b.plain[:sarcTablesEnd(ra)]) && !sameButNodes(a.plain, b.plain, ra) {
			return fmt.Errorf("SARC tables changed beyond the node offsets")
		}
	}
	return nil
}

func align(off int64) int64 {
	a := int64(1)
	for a < 0x2000 && off%(2*a) == 0 {
		a *= 2
	}
	return a
}

// sarcTablesEnd is where a SARC's data starts.
func sarcTablesEnd(s *archive.SARC) int { return int(s.Header.DataOffset) }

// sameButNodes reports whether two SARCs' tables differ only in the
// header's file size and the nodes' begin and end fields.
func sameButNodes(a, b []byte, s *archive.SARC) bool {
	x := bytes.Clone(a[:s.Header.DataOffset])
	y := bytes.Clone(b[:s.Header.DataOffset])
	clear(x[8:12])
	clear(y[8:12])
	for i := range s.Nodes {
		at := 0x14 + 0x0C + 0x10*i
		clear(x[at+8 : at+16])
		clear(y[at+8 : at+16])
	}
	return bytes.Equal(x, y)
}

// TestReplaceEntryGenerated replaces files of archives written by the
// independent test writers: RARC and SARC (both byte orders), plain and
// Yaz0-wrapped, entries stored plain and Yaz0, growing past the next file,
// shrinking, and keeping the same bytes (which must give the same
// archive back).
func TestReplaceEntryGenerated(t *testing.T) {
	files := []archivetest.RARCFile{
		{Path: "bck/walk.bck", Data: bytes.Repeat([]byte("walk"), 40)},
		{Path: "bck/run.bck", Data: bytes.Repeat([]byte("run!"), 100), Yaz0: false},
		{Path: "bdl/body.bdl", Data: archivetest.Yaz0Stored(bytes.Repeat([]byte("body"), 300)), Yaz0: true},
		{Path: "btk/eyes.btk", Data: []byte("eyes")},
	}
	rarc, err := archivetest.WriteRARC("actor", files)
	if err != nil {
		t.Fatal(err)
	}
	var sfiles []archivetest.SARCFile
	for _, f := range files {
		sfiles = append(sfiles, archivetest.SARCFile{Path: f.Path, Data: f.Data})
	}
	archives := map[string][]byte{
		"rarc":      rarc,
		"rarc.yaz0": archivetest.Yaz0Stored(rarc),
		"sarc.be":   archivetest.WriteSARC(sfiles, true, 0x80),
		"sarc.le":   archivetest.WriteSARC(sfiles, false, 0x2000),
		"sarc.zstd": zstdCompress(t, archivetest.WriteSARC(sfiles, false, 0x80)),
	}
	entries := map[string][]byte{
		"grown":  bytes.Repeat([]byte("0123456789abcdef"), 700),
		"shrunk": []byte("x"),
		"empty":  {},
	}
	for an, data := range archives {
		for _, f := range files {
			for en, entry := range entries {
				out, err := archive.ReplaceEntry(data, f.Path, entry)
				if err != nil {
					t.Fatalf("%s %s %s: %v", an, f.Path, en, err)
				}
				if err := checkReplaced(data, out, f.Path, entry); err != nil {
					t.Errorf("%s %s %s: %v", an, f.Path, en, err)
				}
			}
			// The same bytes give the same archive back (but for the
			// outer Yaz0, which our encoder compresses where the test
			// writer stored literals).
			o, _ := open(data)
			same, _ := o.arc.ReadFile(mustFind(t, o.arc, f.Path))
			out, err := archive.ReplaceEntry(o.plain, f.Path, same)
			if err != nil {
				t.Fatal(err)
			}
			if f.Yaz0 {
				continue // re-compressed by our encoder
			}
			if !bytes.Equal(out, o.plain) {
				t.Errorf("%s %s: replacing with the same bytes changed the archive", an, f.Path)
			}
		}
	}
}

func zstdCompress(t *testing.T, data []byte) []byte {
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	return enc.EncodeAll(data, nil)
}

func mustFind(t *testing.T, a archive.Archive, path string) archive.File {
	f, err := a.Find(path)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestReplaceEntryErrors: a path that is not there, data that is no
// archive, a truncated one, and a Yay0 entry are errors, not panics.
func TestReplaceEntryErrors(t *testing.T) {
	rarc, err := archivetest.WriteRARC("a", []archivetest.RARCFile{{Path: "x.bck", Data: []byte("x")}})
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string][]byte{
		"missing path": rarc,
		"not archive":  []byte("J3D1bck1 not an archive"),
		"truncated":    rarc[:0x30],
		"empty":        nil,
		"bad yaz0":     []byte("Yaz0\x00\x00\x10\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"),
	}
	for name, data := range cases {
		if _, err := archive.ReplaceEntry(data, "missing.bck", []byte("y")); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	// A Yay0 entry (compressed flag without the Yaz0 one).
	yay0, err := archivetest.WriteRARC("a", []archivetest.RARCFile{{Path: "x.bck", Data: []byte("Yay0 stored data"), Yaz0: true}})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := archive.ReadRARC(yay0)
	flagsAt := 0x20 + int(r.Info.EntryOffset) + 4
	for i, e := range r.Entries {
		if e.Name == "x.bck" {
			yay0[flagsAt+i*0x14] &^= 0x80
		}
	}
	_, err = archive.ReplaceEntry(yay0, "x.bck", []byte("y"))
	var ue *bin.UnsupportedError
	if !errors.As(err, &ue) {
		t.Errorf("Yay0 entry: %v, want an UnsupportedError", err)
	}
}

// TestReplaceEntryRealFiles replaces a file in the middle of every RARC
// and SARC under ANIMSCOPE_REAL (compressed or not) with a larger one and
// with its own bytes, and every file of the decompressed archive with one
// a byte longer, and checks each result (checkReplaced).
func TestReplaceEntryRealFiles(t *testing.T) {
	root := os.Getenv("ANIMSCOPE_REAL")
	if root == "" {
		t.Skip("set ANIMSCOPE_REAL to a directory of real game files")
	}
	n, all := 0, 0
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		o, err := open(data)
		if err != nil || o.arc == nil || len(o.arc.Files()) == 0 {
			return nil
		}
		files := o.arc.Files()
		f := files[len(files)/2]
		old, err := o.arc.ReadFile(f)
		if err != nil {
			t.Errorf("%s:%s: %v", p, f.Path, err)
			return nil
		}
		for _, entry := range [][]byte{append(bytes.Clone(old), bytes.Repeat([]byte{0xA5}, 0x3000)...), old} {
			out, err := archive.ReplaceEntry(data, f.Path, entry)
			if err != nil {
				t.Errorf("%s:%s: %v", p, f.Path, err)
				continue
			}
			if err := checkReplaced(data, out, f.Path, entry); err != nil {
				t.Errorf("%s:%s: %v", p, f.Path, err)
			}
		}
		// Every file of the (decompressed) archive is replaced once.
		for _, g := range files {
			old, _ := o.arc.ReadFile(g)
			entry := append(bytes.Clone(old), 0x5A)
			out, err := archive.ReplaceEntry(o.plain, g.Path, entry)
			if err != nil {
				t.Errorf("%s:%s: %v", p, g.Path, err)
				continue
			}
			if err := checkReplaced(o.plain, out, g.Path, entry); err != nil {
				t.Errorf("%s:%s: %v", p, g.Path, err)
			}
			all++
		}
		n++
		// Its own bytes give the same archive back (decompressed: the
		// outer Yaz0 is our encoder's), unless the entry itself is stored
		// compressed.
		if !f.Yaz0 {
			out, _ := archive.ReplaceEntry(data, f.Path, old)
			if o2, err := open(out); err != nil || !bytes.Equal(o2.plain, o.plain) {
				t.Errorf("%s: replacing %s with its own bytes changed the archive (%v)", p, f.Path, err)
			}
		}
		return nil
	})
	t.Logf("%d archives: one file each replaced, larger and the same; every file of their decompressed archives once (%d)", n, all)
}

func BenchmarkReplaceEntrySZS3MB(b *testing.B) {
	var files []archivetest.SARCFile
	for i := range 24 {
		chunk := make([]byte, 128<<10)
		for j := range chunk {
			chunk[j] = byte((j * (i + 3)) >> 5)
		}
		files = append(files, archivetest.SARCFile{Path: fmt.Sprintf("f%02d.bin", i), Data: chunk})
	}
	plain := archivetest.WriteSARC(files, false, 0x2000)
	szs, err := archive.CompressYaz0(plain, [8]byte{})
	if err != nil {
		b.Fatal(err)
	}
	entry := bytes.Repeat([]byte("new clip"), 20000)
	b.ReportMetric(float64(len(plain))/(1<<20), "MiB")
	for b.Loop() {
		if _, err := archive.ReplaceEntry(szs, "f11.bin", entry); err != nil {
			b.Fatal(err)
		}
	}
}

// binaryFile is a file with an nn::util::BinaryFileHeader asking for
// 1<<shift alignment: magic, a byte order mark at 0x0C, the shift at
// 0x0E, its own size at 0x1C.
func binaryFile(shift byte, size int) []byte {
	b := make([]byte, size)
	copy(b, "FRES    ")
	b[0x0C], b[0x0D], b[0x0E] = 0xFF, 0xFE, shift
	b[0x1C], b[0x1D], b[0x1E] = byte(size), byte(size>>8), byte(size>>16)
	return b
}

// TestReplaceEntryAlignment: a new file whose header asks for more
// alignment than its place in the archive has is refused; one asking for
// no more is written.
func TestReplaceEntryAlignment(t *testing.T) {
	files := []archivetest.SARCFile{{Path: "a.bin", Data: make([]byte, 0x90)}, {Path: "b.bfres", Data: make([]byte, 0x40)}}
	data := archivetest.WriteSARC(files, false, 0x80)
	s, err := archive.ReadSARC(data)
	if err != nil {
		t.Fatal(err)
	}
	f := mustFind(t, s, "b.bfres")
	if f.Offset%0x2000 == 0 {
		t.Fatalf("test archive puts b.bfres at 0x%x, 0x2000-aligned already", f.Offset)
	}
	if _, err := archive.ReplaceEntry(data, "b.bfres", binaryFile(13, 0x100)); err == nil || !strings.Contains(err.Error(), "asks for 0x2000 alignment") {
		t.Errorf("0x2000-aligned BFRES at 0x%x: %v", f.Offset, err)
	}
	entry := binaryFile(7, 0x100)
	out, err := archive.ReplaceEntry(data, "b.bfres", entry)
	if err != nil {
		t.Fatalf("0x80-aligned BFRES at 0x%x: %v", f.Offset, err)
	}
	if err := checkReplaced(data, out, "b.bfres", entry); err != nil {
		t.Error(err)
	}
}

// FuzzReplaceEntry: whatever the archive bytes, ReplaceEntry returns an
// error or an archive the readers open, never a panic or a hang.
func FuzzReplaceEntry(f *testing.F) {
	rarc, err := archivetest.WriteRARC("r", []archivetest.RARCFile{{Path: "a.bck", Data: []byte("0123456789")}, {Path: "d/b.btk", Data: []byte("bb")}})
	if err != nil {
		f.Fatal(err)
	}
	sarc := archivetest.WriteSARC([]archivetest.SARCFile{{Path: "a.bck", Data: []byte("0123456789")}, {Path: "d/b.btk", Data: []byte("bb")}}, true, 0x20)
	f.Add(rarc, []byte("new"))
	f.Add(sarc, bytes.Repeat([]byte("x"), 300))
	f.Add(archivetest.Yaz0Stored(sarc), []byte{})
	f.Fuzz(func(t *testing.T, data, entry []byte) {
		for _, path := range []string{"a.bck", "d/b.btk", "r/a.bck"} {
			out, err := archive.ReplaceEntry(data, path, entry)
			if err != nil {
				continue
			}
			if _, err := open(out); err != nil {
				t.Fatalf("%s: result does not open: %v", path, err)
			}
		}
	})
}

// TestReplaceEntryZstdDictionary: an archive compressed against a
// Zstandard dictionary is written back against the same one.
func TestReplaceEntryZstdDictionary(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	words := []string{"FRES", "FSKA", "bone", "curve", "anim", "Root", "Spine", "Arm_L", "Arm_R", "Head", "scale", "rotate"}
	var samples [][]byte
	for range 64 {
		var b bytes.Buffer
		for range 200 {
			b.WriteString(words[rng.IntN(len(words))])
			b.WriteByte(byte(rng.IntN(4)))
		}
		samples = append(samples, b.Bytes())
	}
	dict, err := zstd.BuildDict(zstd.BuildDictOptions{ID: 0x4321, Contents: samples, History: bytes.Join(samples[:8], nil)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = archive.SetZstdDictionaries(nil) })
	if _, err := archive.SetZstdDictionaries(dict); err != nil {
		t.Fatal(err)
	}
	sarc := archivetest.WriteSARC([]archivetest.SARCFile{{Path: "a.bfres", Data: bytes.Join(samples[:20], nil)}, {Path: "b.byml", Data: samples[30]}}, false, 0x80)
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderDict(dict))
	if err != nil {
		t.Fatal(err)
	}
	data := enc.EncodeAll(sarc, nil)
	enc.Close()
	entry := bytes.Join(samples[40:50], nil)
	out, err := archive.ReplaceEntry(data, "a.bfres", entry)
	if err != nil {
		t.Fatal(err)
	}
	var h zstd.Header
	if err := h.Decode(out); err != nil || h.DictionaryID != 0x4321 {
		t.Fatalf("result frame: dictionary %#x, %v", h.DictionaryID, err)
	}
	if err := checkReplaced(data, out, "a.bfres", entry); err != nil {
		t.Error(err)
	}
}
