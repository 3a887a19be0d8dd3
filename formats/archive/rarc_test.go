package archive_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/formats/internal/bin"
)

// listing is the *.listing.json schema of the j3dmodel fixtures.
type listing struct {
	File   string `json:"file"`
	Header struct {
		Magic           string `json:"magic"`
		FileSize        uint32 `json:"fileSize"`
		DataOffset      uint32 `json:"dataOffset"`
		DataSize        uint32 `json:"dataSize"`
		MRAMSize        uint32 `json:"mramSize"`
		ARAMSize        uint32 `json:"aramSize"`
		NodeCount       uint32 `json:"nodeCount"`
		EntryCount      uint32 `json:"entryCount"`
		StringTableSize uint32 `json:"stringTableSize"`
		NextFreeID      uint16 `json:"nextFreeId"`
		SyncIDs         uint8  `json:"syncIds"`
	} `json:"header"`
	Dirs []struct {
		Path string `json:"path"`
		Node int    `json:"node"`
		Type string `json:"type"`
	} `json:"dirs"`
	Files []struct {
		Path   string `json:"path"`
		Index  int    `json:"index"`
		ID     uint16 `json:"id"`
		Flags  uint8  `json:"flags"`
		Size   int64  `json:"size"`
		SHA256 string `json:"sha256"`
	} `json:"files"`
	Warnings []string `json:"warnings"`
	Nodes    []struct {
		Index      int    `json:"index"`
		Type       string `json:"type"`
		Name       string `json:"name"`
		Hash       uint16 `json:"hash"`
		FirstEntry uint32 `json:"firstEntry"`
		EntryCount uint16 `json:"entryCount"`
	} `json:"nodes"`
	Entries []struct {
		Index  int     `json:"index"`
		ID     uint16  `json:"id"`
		Hash   uint16  `json:"hash"`
		Flags  uint8   `json:"flags"`
		Name   string  `json:"name"`
		Size   uint32  `json:"size"`
		Node   *uint32 `json:"node"`
		Offset *uint32 `json:"offset"`
	} `json:"entries"`
}

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// openFixture opens an archive fixture as formats.Open would: a Yaz0
// stream (.szs) is decompressed first.
func openFixture(t *testing.T, name string) *archive.RARC {
	t.Helper()
	data := readTestdata(t, name)
	if archive.IsYaz0(data) {
		d, err := archive.DecompressYaz0(data)
		if err != nil {
			t.Fatal(err)
		}
		data = d
	}
	a, err := archive.ReadRARC(data)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestRARCListingGoldens(t *testing.T) {
	for _, name := range []string{"biped.arc", "biped.szs"} {
		t.Run(name, func(t *testing.T) {
			var want listing
			if err := json.Unmarshal(readTestdata(t, name+".listing.json"), &want); err != nil {
				t.Fatal(err)
			}
			a := openFixture(t, name)
			h, in, wh := a.Header, a.Info, want.Header
			// The listing's dataOffset is absolute (header size + the
			// stored offset).
			if h.Magic != wh.Magic || h.FileSize != wh.FileSize || h.HeaderSize+h.DataOffset != wh.DataOffset ||
				h.DataSize != wh.DataSize || h.MRAMSize != wh.MRAMSize || h.ARAMSize != wh.ARAMSize ||
				in.NodeCount != wh.NodeCount || in.EntryCount != wh.EntryCount || in.StringTableSize != wh.StringTableSize ||
				in.NextFreeID != wh.NextFreeID || in.SyncIDs != wh.SyncIDs {
				t.Errorf("header %+v info %+v, want %+v", h, in, wh)
			}
			if len(a.Dirs) != len(want.Dirs) {
				t.Fatalf("%d dirs, want %d", len(a.Dirs), len(want.Dirs))
			}
			for i, d := range want.Dirs {
				got := a.Dirs[i]
				if got.Path != d.Path || got.Node != d.Node || a.Nodes[got.Node].Type != d.Type {
					t.Errorf("dir %d: %+v type %q, want %+v", i, got, a.Nodes[got.Node].Type, d)
				}
			}
			files := a.Files()
			if len(files) != len(want.Files) {
				t.Fatalf("%d files, want %d", len(files), len(want.Files))
			}
			for i, wf := range want.Files {
				f := files[i]
				e := a.Entries[f.Index]
				data, err := a.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				sum := sha256.Sum256(data)
				if f.Path != wf.Path || f.Index != wf.Index || e.ID != wf.ID || e.Flags != wf.Flags || f.Size != wf.Size ||
					hex.EncodeToString(sum[:]) != wf.SHA256 {
					t.Errorf("file %d: %+v id %d flags %d sha %x, want %+v", i, f, e.ID, e.Flags, sum, wf)
				}
			}
			if len(a.Warnings) != len(want.Warnings) {
				t.Errorf("warnings %q, want %q", a.Warnings, want.Warnings)
			}
			for i, wn := range want.Nodes {
				n := a.Nodes[i]
				if wn.Index != i || n.Type != wn.Type || n.Name != wn.Name || n.Hash != wn.Hash || n.FirstEntry != wn.FirstEntry || n.EntryCount != wn.EntryCount {
					t.Errorf("node %d: %+v, want %+v", i, n, wn)
				}
			}
			if len(a.Entries) != len(want.Entries) {
				t.Fatalf("%d entries, want %d", len(a.Entries), len(want.Entries))
			}
			for i, we := range want.Entries {
				e := a.Entries[i]
				ok := we.Index == i && e.ID == we.ID && e.Hash == we.Hash && e.Flags == we.Flags && e.Name == we.Name && e.Size == we.Size
				if we.Node != nil {
					ok = ok && e.IsDir() && e.DataOffset == *we.Node
				}
				if we.Offset != nil {
					ok = ok && !e.IsDir() && e.DataOffset == *we.Offset
				}
				if !ok {
					t.Errorf("entry %d: %+v, want %+v", i, e, we)
				}
			}
		})
	}
}

func TestRARCFind(t *testing.T) {
	a := openFixture(t, "biped.szs")
	for _, p := range []string{"biped/bck/walk.bck", "bck/walk.bck", "/bck/walk.bck", "BIPED/BCK/Walk.BCK", `bck\walk.bck`} {
		f, err := a.Find(p)
		if err != nil || f.Path != "biped/bck/walk.bck" || f.Size != 1152 {
			t.Errorf("Find(%q) = %+v, %v", p, f, err)
		}
	}
	for _, p := range []string{"bck", "walk.bck", "biped/bck/../bmdl/biped.bmd", "biped/bck/walk.bck/x", ""} {
		if f, err := a.Find(p); err == nil || !strings.Contains(err.Error(), "rarc: no file") {
			t.Errorf("Find(%q) = %+v, %v; want a 'no file' error", p, f, err)
		}
	}
	f, _ := a.Find("bmdl/biped.bmd")
	if h := a.Head(f, 8); string(h) != "J3D2bmd3" {
		t.Errorf("Head = %q", h)
	}
}

// archivetest.WriteRARC lays an archive out as the fixture's generator does, so
// rebuilding biped.arc from its own files gives it back byte for byte.
func TestWriteRARCReproducesFixture(t *testing.T) {
	orig := readTestdata(t, "biped.arc")
	a := openFixture(t, "biped.arc")
	var in []archivetest.RARCFile
	for _, f := range a.Files() {
		d, _ := a.ReadFile(f)
		in = append(in, archivetest.RARCFile{Path: strings.TrimPrefix(f.Path, "biped/"), Data: d})
	}
	got, err := archivetest.WriteRARC("biped", in)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, orig) {
		for i := range min(len(got), len(orig)) {
			if got[i] != orig[i] {
				t.Fatalf("rebuilt archive differs at 0x%x (len %d vs %d)", i, len(got), len(orig))
			}
		}
		t.Fatalf("rebuilt archive is %d bytes, want %d", len(got), len(orig))
	}
}

func TestRARCYaz0Entries(t *testing.T) {
	payload := []byte("J3D1bck1 and some more bytes of a fake animation")
	// A back-reference stream: "ab" then copy 10 bytes from distance 2.
	ref := append([]byte("Yaz0\x00\x00\x00\x0c\x00\x00\x00\x00\x00\x00\x00\x00"), 0xC0, 'a', 'b', 0x80, 0x01)
	arc, err := archivetest.WriteRARC("root", []archivetest.RARCFile{
		{Path: "a/packed.bck", Data: archivetest.Yaz0Stored(payload), Yaz0: true},
		{Path: "a/ref.bin", Data: ref, Yaz0: true},
		{Path: "plain.txt", Data: []byte("hello")},
	})
	if err != nil {
		t.Fatal(err)
	}
	a, err := archive.ReadRARC(arc)
	if err != nil {
		t.Fatal(err)
	}
	f, err := a.Find("a/packed.bck")
	if err != nil || !f.Yaz0 || a.Entries[f.Index].Flags != 0x95 {
		t.Fatalf("Find: %+v %v", f, err)
	}
	if d, err := a.ReadFile(f); err != nil || !bytes.Equal(d, payload) {
		t.Errorf("ReadFile = %q, %v", d, err)
	}
	if h := a.Head(f, 8); string(h) != "J3D1bck1" {
		t.Errorf("Head = %q", h)
	}
	f, _ = a.Find("a/ref.bin")
	if d, err := a.ReadFile(f); err != nil || string(d) != "abababababab" {
		t.Errorf("ReadFile(ref) = %q, %v", d, err)
	}
	if h := a.Head(f, 5); string(h) != "ababa" {
		t.Errorf("Head(ref) = %q", h)
	}
	f, _ = a.Find("plain.txt")
	if d, _ := a.ReadFile(f); string(d) != "hello" || f.Yaz0 {
		t.Errorf("plain: %q %+v", d, f)
	}
	if got := a.Head(f, 100); string(got) != "hello" {
		t.Errorf("Head past the end = %q", got)
	}
}

// A compressed entry declaring gigabytes fails when read, with one line,
// and without allocating; listing and sniffing it stay cheap.
func TestRARCYaz0Bomb(t *testing.T) {
	bomb := []byte("Yaz0\xF0\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x10\x00")
	arc, _ := archivetest.WriteRARC("r", []archivetest.RARCFile{{Path: "bomb.bck", Data: bomb, Yaz0: true}})
	a, err := archive.ReadRARC(arc)
	if err != nil {
		t.Fatal(err)
	}
	f := a.Files()[0]
	_, err = a.ReadFile(f)
	if err == nil || !strings.Contains(err.Error(), "rarc: r/bomb.bck: yaz0: offset 0x4: declared size 4026531840 exceeds") {
		t.Errorf("ReadFile: %v", err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	a.Head(f, 16)
	a.ReadFile(f)
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("Head and ReadFile of the bomb allocated %d bytes", n)
	}
	if h := a.Head(f, 16); len(h) > 16 {
		t.Errorf("Head returned %d bytes", len(h))
	}
}

// put32 returns a copy of b with a big-endian u32 at off.
func put32(b []byte, off int, v uint32) []byte {
	b = slices.Clone(b)
	binary.BigEndian.PutUint32(b[off:], v)
	return b
}

// Hostile archives: one clear error line, no panic.
func TestHostileRARC(t *testing.T) {
	good, _ := archivetest.WriteRARC("root", []archivetest.RARCFile{{Path: "d/x.bin", Data: []byte("data")}, {Path: "y.bin", Data: []byte("more")}})
	a, err := archive.ReadRARC(good)
	if err != nil {
		t.Fatal(err)
	}
	// Layout of good: nodes at 0x40 (root, d), entries at 0x60:
	// root: d(0) y.bin(1) .(2) ..(3); d: x.bin(4) .(5) ..(6).
	entry := func(i int) int { return 0x60 + 0x14*i }
	if a.Entries[0].Name != "d" || a.Entries[4].Name != "x.bin" || a.Entries[1].Name != "y.bin" {
		t.Fatalf("unexpected layout: %+v", a.Entries)
	}
	// Give an entry a name from the string table by appending one.
	withName := func(b []byte, entryIdx int, name string) []byte {
		strOff := int(binary.BigEndian.Uint32(b[0x34:])) + 0x20
		size := int(binary.BigEndian.Uint32(b[0x30:]))
		// Overwrite the table's padding (there is room for short names).
		at := strOff + size - len(name) - 1
		b = slices.Clone(b)
		copy(b[at:], name+"\x00")
		tn := binary.BigEndian.Uint32(b[entry(entryIdx)+4:])
		binary.BigEndian.PutUint32(b[entry(entryIdx)+4:], tn&0xFF000000|uint32(at-strOff))
		return b
	}
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "rarc: offset 0x0: not a RARC archive"},
		{"short", good[:0x18], "too short for the 0x20-byte header"},
		{"info past end", put32(good, 0x08, 0xFFFFFFF0), "info block at 0xfffffff0 does not fit"},
		{"huge node count", put32(good, 0x20, 0x10000000), "268435456 nodes and 7 entries: more than the 1048576 this reader accepts"},
		{"node count past file", put32(good, 0x20, 0x1000), "4096 directory nodes at 0x40 do not fit"},
		{"no nodes", put32(good, 0x20, 0), "archive has no directory nodes"},
		{"huge entry count", put32(good, 0x28, 0xFFFFFFFF), "2 nodes and 4294967295 entries: more than"},
		{"entry count past file", put32(good, 0x28, 0x1000), "4096 entries at 0x60 do not fit"},
		{"string table past end", put32(good, 0x30, 0x7FFFFFFF), "string table at 0x"},
		{"node entries past table", put32(good, 0x48, 0x00000010), "node 0 (\"root\") lists entries 0..15 past the entry table end (7 entries)"},
		{"file outside", put32(good, entry(4)+8, 0x7FFFFFF0), "file entry 4 (\"x.bin\") at 0x"},
		{"file size lies", put32(good, entry(4)+12, 0x7FFFFFF0), "lies outside the file"},
		{"name offset past table", put32(good, entry(4)+4, 0x11FFFFFF), "entry 4 name at string table offset 0xffffff"},
		{"dotdot name", withName(good, 4, ".."), `entry 4 name ".." in root/d: path traversal`},
		{"slash name", withName(good, 4, "../e"), `entry 4 name "../e" in root/d: path traversal (name contains a path separator)`},
		{"backslash name", withName(good, 1, `a\b`), `path traversal`},
		{"empty name", withName(good, 1, ""), `empty name`},
		{"node loop", put32(good, entry(0)+8, 0), `directory entry 0 ("d") points at node 0, which is already in the tree (a node loop)`},
		{"node past table", put32(good, entry(0)+8, 9), `points at node 9 past the node table end (2 nodes)`},
	}
	for _, c := range cases {
		_, err := archive.ReadRARC(c.data)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %q, want it to contain %q (one line)", c.name, err, c.want)
		}
	}
	// A '.' entry pointing elsewhere is only a warning (the game ignores it).
	a, err = archive.ReadRARC(put32(good, entry(5)+8, 0))
	if err != nil || len(a.Warnings) != 1 || !strings.Contains(a.Warnings[0], `entry 5 ("." in root/d) points at node 0, expected 1`) {
		t.Errorf("dot elsewhere: %v %q", err, a.Warnings)
	}
}

// Names are capped at JKRArchive's 255 bytes, and their total at 8 MiB
// (65000 entries all naming one 255-byte string would be 16 MB of copies).
func TestRARCNameLimits(t *testing.T) {
	arc, _ := archivetest.WriteRARC("r", []archivetest.RARCFile{{Path: strings.Repeat("n", 256), Data: []byte("x")}})
	if _, err := archive.ReadRARC(arc); err == nil || !strings.Contains(err.Error(), "longer than 255 bytes") {
		t.Errorf("256-byte name: %v", err)
	}
	long := strings.Repeat("n", 255)
	files := []archivetest.RARCFile{{Path: long}}
	for i := 0; i < 65000; i++ {
		files = append(files, archivetest.RARCFile{Path: fmt.Sprint(i)})
	}
	arc, err := archivetest.WriteRARC("r", files)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := archive.ReadRARC(arc); err != nil {
		t.Fatalf("before patching: %v", err)
	}
	// Point every file entry at the long name.
	a, _ := archive.ReadRARC(arc)
	longOff := a.Entries[a.Files()[len(a.Files())-1].Index].NameOffset
	for i := range a.Entries {
		at := 0x20 + int(a.Info.EntryOffset) + 0x14*i
		if !a.Entries[i].IsDir() {
			binary.BigEndian.PutUint32(arc[at+4:], 0x11<<24|longOff)
		}
	}
	if _, err := archive.ReadRARC(arc); err == nil || !strings.Contains(err.Error(), "names add up to more than 8 MiB") {
		t.Errorf("name total: %v", err)
	}
}

// A chain of thousands of nested directories is refused before its paths
// eat memory.
func TestRARCDeepTree(t *testing.T) {
	const depth = 6000
	var p strings.Builder
	for i := 0; i < depth; i++ {
		fmt.Fprintf(&p, "directory_with_a_long_name_%d/", i)
	}
	p.WriteString("f")
	arc, err := archivetest.WriteRARC("r", []archivetest.RARCFile{{Path: p.String(), Data: []byte("x")}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := archive.ReadRARC(arc); err == nil || !strings.Contains(err.Error(), "paths exceed 16 MiB") {
		t.Errorf("deep tree: %v", err)
	}
	// 200 levels are fine.
	arc, _ = archivetest.WriteRARC("r", []archivetest.RARCFile{{Path: strings.Repeat("d/", 200) + "f", Data: []byte("x")}})
	a, err := archive.ReadRARC(arc)
	if err != nil || len(a.Files()) != 1 || len(a.Dirs) != 201 {
		t.Errorf("200 levels: %v", err)
	}
}

// Every truncation and single-byte corruption of the fixture loads or
// fails cleanly.
func TestRARCMutations(t *testing.T) {
	data := readTestdata(t, "biped.arc")
	for n := 0; n < len(data); n += 7 {
		if err := exercise(data[:n]); err == nil {
			t.Errorf("the first %d bytes of a %d-byte archive were accepted", n, len(data))
		} else {
			checkRARCError(t, fmt.Sprintf("truncated to %d bytes", n), err)
		}
	}
	rejected := 0
	for i := 0; i < 0x220; i++ {
		for _, v := range []byte{0x00, 0xFF, 0x80, data[i] ^ 0x01} {
			b := slices.Clone(data)
			b[i] = v
			if err := exercise(b); err != nil {
				rejected++
				checkRARCError(t, fmt.Sprintf("byte 0x%x = 0x%02x", i, v), err)
			}
		}
	}
	if rejected == 0 {
		t.Error("no mutation of the tables was rejected")
	}
}

// checkRARCError wants a malformed-file error from the RARC reader (or
// the Yaz0 decoder of an entry): a *bin.FormatError, one line, prefixed
// with its format.
func checkRARCError(t *testing.T, what string, err error) {
	t.Helper()
	var fe *bin.FormatError
	if !errors.As(err, &fe) || (fe.Format != "rarc" && fe.Format != "yaz0") {
		t.Errorf("%s: %v (%T), want a rarc or yaz0 *bin.FormatError", what, err, err)
		return
	}
	if msg := err.Error(); strings.ContainsAny(msg, "\n\r") || !strings.HasPrefix(msg, fe.Format+": ") || fe.Msg == "" {
		t.Errorf("%s: error %q is not one line naming its format and the problem", what, msg)
	}
}

// exercise reads everything an archive offers and returns the first
// error.
func exercise(data []byte) error {
	a, err := archive.ReadRARC(data)
	if err != nil {
		return err
	}
	for _, f := range a.Files() {
		a.Head(f, 16)
		if _, err := a.ReadFile(f); err != nil {
			return err
		}
		if _, err := a.Find(f.Path); err != nil {
			return err
		}
	}
	return nil
}

func FuzzRARC(f *testing.F) {
	arc := readTestdata(f, "biped.arc")
	f.Add(arc)
	f.Add(arc[:len(arc)/3])
	f.Add([]byte{})
	packed, _ := archivetest.WriteRARC("p", []archivetest.RARCFile{{Path: "a/b.bck", Data: archivetest.Yaz0Stored([]byte("J3D1bck1xxxxxxxx")), Yaz0: true}, {Path: "c", Data: nil}})
	f.Add(packed)
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := archive.ReadRARC(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		for _, fl := range a.Files() {
			if fl.Offset < 0 || fl.Offset+fl.Size > int64(len(data)) {
				t.Fatalf("file %+v outside %d bytes", fl, len(data))
			}
			for _, part := range strings.Split(fl.Path, "/") {
				if part == "" || part == "." || part == ".." {
					t.Fatalf("bad path %q", fl.Path)
				}
			}
			if h := a.Head(fl, 16); len(h) > 16 {
				t.Fatalf("Head gave %d bytes", len(h))
			}
			d, err := a.ReadFile(fl)
			if err == nil && !fl.Yaz0 && int64(len(d)) != fl.Size {
				t.Fatalf("read %d bytes of %d", len(d), fl.Size)
			}
			if g, err := a.Find(strings.ToUpper(fl.Path)); err != nil || g.Index != fl.Index && !strings.EqualFold(g.Path, fl.Path) {
				t.Fatalf("Find(%q) = %+v, %v", fl.Path, g, err)
			}
		}
	})
}

// benchArchive is a 20 MB archive of 500 files (a tenth Yaz0-compressed)
// in 25 directories.
func benchArchive(b *testing.B) []byte {
	var files []archivetest.RARCFile
	for i := 0; i < 500; i++ {
		data := make([]byte, 40_000)
		copy(data, "J3D1bck1")
		f := archivetest.RARCFile{Path: fmt.Sprintf("dir%02d/anim%03d.bck", i%25, i), Data: data}
		if i%10 == 0 {
			f.Data, f.Yaz0 = archivetest.Yaz0Stored(data), true
		}
		files = append(files, f)
	}
	arc, err := archivetest.WriteRARC("bench", files)
	if err != nil {
		b.Fatal(err)
	}
	if len(arc) < 20_000_000 {
		b.Fatalf("archive is %d bytes", len(arc))
	}
	return arc
}

// BenchmarkRARCList opens a 20 MB, 500-file archive and lists it with each
// file's sniffed magic (what `animscope info` does). Target: ≤ 50 ms.
func BenchmarkRARCList(b *testing.B) {
	arc := benchArchive(b)
	b.SetBytes(int64(len(arc)))
	b.ReportAllocs()
	for b.Loop() {
		a, err := archive.ReadRARC(arc)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for _, f := range a.Files() {
			if string(a.Head(f, 8)) == "J3D1bck1" {
				n++
			}
		}
		if n != 500 {
			b.Fatalf("sniffed %d bck files", n)
		}
	}
}
