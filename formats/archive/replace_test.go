package archive_test

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/formats/internal/bin"
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
// with its own bytes, and checks the result (checkReplaced).
func TestReplaceEntryRealFiles(t *testing.T) {
	root := os.Getenv("ANIMSCOPE_REAL")
	if root == "" {
		t.Skip("set ANIMSCOPE_REAL to a directory of real game files")
	}
	n := 0
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
		n++
		if strings.HasSuffix(p, ".arc") && !archive.IsYaz0(data) {
			out, _ := archive.ReplaceEntry(data, f.Path, old)
			if !f.Yaz0 && !bytes.Equal(out, data) {
				t.Errorf("%s: replacing %s with its own bytes changed the archive", p, f.Path)
			}
		}
		return nil
	})
	t.Logf("%d archives: one file each replaced, larger and the same", n)
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
