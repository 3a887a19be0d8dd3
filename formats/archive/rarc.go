package archive

import (
	"fmt"
	"slices"
	"strings"

	"github.com/animscope/animscope/formats/internal/bin"
)

// RARC is a parsed JKRArchive file. The header and tables are kept as
// stored (for the inspector's raw view); Dirs and the file list are
// derived by walking the directory tree from the root node.
type RARC struct {
	Header  RARCHeader
	Info    RARCInfo
	Nodes   []RARCNode
	Entries []RARCEntry
	Dirs    []RARCDir
	// Warnings are oddities the game tolerates ('.' or '..' entries that
	// point elsewhere, directories no path reaches, duplicate paths).
	Warnings []string

	data   []byte
	files  []File
	byPath map[string]int // lower-case path -> index in files
}

// RARCHeader is the 0x20-byte file header.
type RARCHeader struct {
	Magic      string
	FileSize   uint32
	HeaderSize uint32 // where the info block starts; tables and data are relative to it
	DataOffset uint32 // of the file data, relative to HeaderSize
	DataSize   uint32
	MRAMSize   uint32
	ARAMSize   uint32
}

// RARCInfo is the info block after the header. Offsets are relative to
// Header.HeaderSize.
type RARCInfo struct {
	NodeCount         uint32
	NodeOffset        uint32
	EntryCount        uint32
	EntryOffset       uint32
	StringTableSize   uint32
	StringTableOffset uint32
	NextFreeID        uint16
	SyncIDs           uint8 // 1: file ids equal entry indices
}

// RARCNode is one directory node (0x10 bytes).
type RARCNode struct {
	Type       string // four characters: "ROOT" for the root, else the upper-cased name, space-padded
	NameOffset uint32
	Name       string
	Hash       uint16
	EntryCount uint16
	FirstEntry uint32
}

// RARCEntry is one directory entry (0x14 bytes): a file, a sub-directory,
// or the '.' and '..' links.
type RARCEntry struct {
	ID         uint16 // 0xFFFF for directories
	Hash       uint16
	Flags      uint8 // 0x01 file, 0x02 directory, 0x04 compressed, 0x10 MRAM, 0x20 ARAM, 0x80 Yaz0 (else Yay0)
	NameOffset uint32
	Name       string
	// DataOffset is, for a file, its offset from the data start; for a
	// directory, its node index (0xFFFFFFFF: the root's parent).
	DataOffset uint32
	Size       uint32
}

// RARCDir is a directory reached from the root.
type RARCDir struct {
	Path string
	Node int
}

// IsDir reports whether the entry is a directory (or '.'/'..').
func (e *RARCEntry) IsDir() bool { return e.Flags&0x02 != 0 }

// Entry flags.
const (
	rarcFlagDir        = 0x02
	rarcFlagCompressed = 0x04
	rarcFlagMRAM       = 0x10
	rarcFlagARAM       = 0x20
	rarcFlagYaz0       = 0x80
)

// Sizes of the fixed parts.
const (
	rarcHeaderSize = 0x20
	rarcInfoSize   = 0x20
	rarcNodeSize   = 0x10
	rarcEntrySize  = 0x14
)

// Limits on what a RARC may declare. JKRArchive keeps names in 256-byte
// buffers (CArcName), so longer names cannot be looked up by the game;
// file ids are 16-bit, so real archives hold at most 65535 files, and a
// million nodes or entries is far beyond any of them. The name total (65535
// names of 128 bytes) bounds what a hostile table (say, a million entries
// naming one long string) can make us copy.
const (
	maxRARCName      = 255
	maxRARCNameBytes = 8 << 20
	maxRARCEntries   = 1 << 20
)

// IsRARC reports whether data starts with the RARC magic.
func IsRARC(data []byte) bool { return len(data) >= 4 && string(data[:4]) == "RARC" }

// ReadRARC parses a RARC archive's tables. File data stays in data (which
// must not change afterwards) and is read by ReadFile.
func ReadRARC(data []byte) (*RARC, error) {
	r := bin.BE(data)
	if !IsRARC(data) {
		return nil, bin.Errorf("rarc", 0, "not a RARC archive (magic % x)", data[:min(len(data), 4)])
	}
	if err := r.Check(0, rarcHeaderSize); err != nil {
		return nil, bin.Errorf("rarc", 0, "file is %d bytes, too short for the 0x20-byte header", len(data))
	}
	a := &RARC{data: data}
	h := &a.Header
	h.Magic = "RARC"
	h.FileSize, _ = r.U32(0x04)
	h.HeaderSize, _ = r.U32(0x08)
	h.DataOffset, _ = r.U32(0x0C)
	h.DataSize, _ = r.U32(0x10)
	h.MRAMSize, _ = r.U32(0x14)
	h.ARAMSize, _ = r.U32(0x18)
	info, err := r.Sub(int64(h.HeaderSize), rarcInfoSize)
	if err != nil {
		return nil, bin.Errorf("rarc", 0x08, "info block at 0x%x does not fit in the file (%d bytes)", h.HeaderSize, len(data))
	}
	in := &a.Info
	in.NodeCount, _ = info.U32(0x00)
	in.NodeOffset, _ = info.U32(0x04)
	in.EntryCount, _ = info.U32(0x08)
	in.EntryOffset, _ = info.U32(0x0C)
	in.StringTableSize, _ = info.U32(0x10)
	in.StringTableOffset, _ = info.U32(0x14)
	in.NextFreeID, _ = info.U16(0x18)
	in.SyncIDs, _ = info.U8(0x1A)
	base := int64(h.HeaderSize)

	strOff := base + int64(in.StringTableOffset)
	strs, err := r.Sub(strOff, int64(in.StringTableSize))
	if err != nil {
		return nil, bin.Errorf("rarc", base+0x14, "string table at 0x%x (%d bytes) does not fit in the file (%d bytes)", strOff, in.StringTableSize, len(data))
	}
	nameBytes := 0
	name := func(off uint32, at int64, what string) (string, error) {
		s, err := strs.CString(int64(off), maxRARCName+1)
		if err != nil {
			return "", bin.Errorf("rarc", at, "%s name at string table offset 0x%x: past the table end (%d bytes), unterminated or longer than %d bytes", what, off, strs.Len(), maxRARCName)
		}
		if nameBytes += len(s); nameBytes > maxRARCNameBytes {
			return "", bin.Errorf("rarc", at, "names add up to more than %d MiB", maxRARCNameBytes>>20)
		}
		return s, nil
	}

	// Counts are checked against the bytes that hold their tables before
	// anything is allocated.
	nodeOff := base + int64(in.NodeOffset)
	if in.NodeCount == 0 {
		return nil, bin.Errorf("rarc", base, "archive has no directory nodes (no root)")
	}
	if in.NodeCount > maxRARCEntries || in.EntryCount > maxRARCEntries {
		return nil, bin.Errorf("rarc", base, "%d nodes and %d entries: more than the %d this reader accepts", in.NodeCount, in.EntryCount, maxRARCEntries)
	}
	if !r.In(nodeOff, 0) || !bin.Fits(int64(in.NodeCount), rarcNodeSize, int64(len(data))-nodeOff) {
		return nil, bin.Errorf("rarc", base, "%d directory nodes at 0x%x do not fit in the file (%d bytes)", in.NodeCount, nodeOff, len(data))
	}
	entOff := base + int64(in.EntryOffset)
	if !r.In(entOff, 0) || !bin.Fits(int64(in.EntryCount), rarcEntrySize, int64(len(data))-entOff) {
		return nil, bin.Errorf("rarc", base+0x08, "%d entries at 0x%x do not fit in the file (%d bytes)", in.EntryCount, entOff, len(data))
	}
	a.Nodes = make([]RARCNode, in.NodeCount)
	for i := range a.Nodes {
		at := nodeOff + int64(i)*rarcNodeSize
		n := &a.Nodes[i]
		typ, _ := r.Bytes(at, 4)
		n.Type = string(typ)
		n.NameOffset, _ = r.U32(at + 4)
		n.Hash, _ = r.U16(at + 8)
		n.EntryCount, _ = r.U16(at + 10)
		n.FirstEntry, _ = r.U32(at + 12)
		if n.Name, err = name(n.NameOffset, at+4, fmt.Sprintf("node %d", i)); err != nil {
			return nil, err
		}
		if int64(n.FirstEntry)+int64(n.EntryCount) > int64(in.EntryCount) {
			return nil, bin.Errorf("rarc", at+12, "node %d (%q) lists entries %d..%d past the entry table end (%d entries)",
				i, n.Name, n.FirstEntry, int64(n.FirstEntry)+int64(n.EntryCount)-1, in.EntryCount)
		}
	}
	dataStart := base + int64(h.DataOffset)
	a.Entries = make([]RARCEntry, in.EntryCount)
	for i := range a.Entries {
		at := entOff + int64(i)*rarcEntrySize
		e := &a.Entries[i]
		e.ID, _ = r.U16(at)
		e.Hash, _ = r.U16(at + 2)
		tn, _ := r.U32(at + 4)
		e.Flags, e.NameOffset = uint8(tn>>24), tn&0xFFFFFF
		e.DataOffset, _ = r.U32(at + 8)
		e.Size, _ = r.U32(at + 12)
		if e.Name, err = name(e.NameOffset, at+4, fmt.Sprintf("entry %d", i)); err != nil {
			return nil, err
		}
		if !e.IsDir() {
			if !r.In(dataStart+int64(e.DataOffset), int64(e.Size)) {
				return nil, bin.Errorf("rarc", at+8, "file entry %d (%q) at 0x%x+%d lies outside the file (%d bytes)",
					i, e.Name, dataStart+int64(e.DataOffset), e.Size, len(data))
			}
		}
	}
	if err := a.walk(entOff, dataStart); err != nil {
		return nil, err
	}
	return a, nil
}

// maxRARCPathBytes bounds the total length of every directory and file
// path built from the tree. Real archives' paths add up to kilobytes; a
// hostile one nesting thousands of directories would otherwise make the
// paths alone cost gigabytes (each level repeats its parent's path).
const maxRARCPathBytes = 16 << 20

// walk builds the directory tree from the root node (node 0), rejecting
// names that would escape it and directory links that would loop.
func (a *RARC) walk(entOff, dataStart int64) error {
	a.byPath = make(map[string]int)
	seen := make([]bool, len(a.Nodes))
	type dir struct {
		node, parent int
		path         string
	}
	queue := []dir{{node: 0, parent: -1, path: a.Nodes[0].Name}}
	seen[0] = true
	pathBytes := 0
	if err := checkName(a.Nodes[0].Name); err != nil {
		return bin.Errorf("rarc", -1, "root directory name %q: %v", a.Nodes[0].Name, err)
	}
	// Each node enters the queue at most once (seen), so the walk visits
	// at most NodeCount directories and EntryCount entries per directory.
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		a.Dirs = append(a.Dirs, RARCDir{Path: d.path, Node: d.node})
		n := &a.Nodes[d.node]
		for k := 0; k < int(n.EntryCount); k++ {
			ei := int(n.FirstEntry) + k
			e := &a.Entries[ei]
			at := entOff + int64(ei)*rarcEntrySize
			if e.IsDir() && (e.Name == "." || e.Name == "..") {
				want := uint32(d.node)
				if e.Name == ".." {
					want = uint32(d.parent) // -1 wraps to 0xFFFFFFFF, as stored for the root
				}
				if e.DataOffset != want {
					a.Warnings = append(a.Warnings, fmt.Sprintf("entry %d (%q in %s) points at node %d, expected %d", ei, e.Name, d.path, int32(e.DataOffset), int32(want)))
				}
				continue
			}
			if err := checkName(e.Name); err != nil {
				return bin.Errorf("rarc", at+4, "entry %d name %q in %s: %v", ei, e.Name, d.path, err)
			}
			pathBytes += len(d.path) + 1 + len(e.Name)
			if pathBytes > maxRARCPathBytes {
				return bin.Errorf("rarc", at+4, "directory tree too deep or too large: its paths exceed %d MiB", maxRARCPathBytes>>20)
			}
			p := d.path + "/" + e.Name
			if e.IsDir() {
				child := e.DataOffset
				if child >= uint32(len(a.Nodes)) {
					return bin.Errorf("rarc", at+8, "directory entry %d (%q) points at node %d past the node table end (%d nodes)", ei, e.Name, child, len(a.Nodes))
				}
				if seen[child] {
					return bin.Errorf("rarc", at+8, "directory entry %d (%q) points at node %d, which is already in the tree (a node loop)", ei, e.Name, child)
				}
				seen[child] = true
				queue = append(queue, dir{node: int(child), parent: d.node, path: p})
				continue
			}
			key := strings.ToLower(p)
			if _, dup := a.byPath[key]; dup {
				a.Warnings = append(a.Warnings, fmt.Sprintf("duplicate path %s (entry %d); the first one is used", p, ei))
				continue
			}
			off := dataStart + int64(e.DataOffset)
			f := File{Path: p, Index: ei, Offset: off, Size: int64(e.Size)}
			f.Yaz0 = IsYaz0(a.data[off : off+int64(e.Size)])
			a.byPath[key] = len(a.files)
			a.files = append(a.files, f)
		}
	}
	for i, s := range seen {
		if !s {
			a.Warnings = append(a.Warnings, fmt.Sprintf("directory node %d (%q) is not reachable from the root", i, a.Nodes[i].Name))
		}
	}
	sortFiles(a.files)
	for i, f := range a.files {
		a.byPath[strings.ToLower(f.Path)] = i
	}
	return nil
}

// sortFiles orders files by entry index (the archive's own table order).
func sortFiles(fs []File) {
	slices.SortFunc(fs, func(x, y File) int { return x.Index - y.Index })
}

// checkName rejects names that are not a single path component.
func checkName(s string) error {
	switch {
	case s == "":
		return fmt.Errorf("empty name")
	case s == "." || s == "..":
		return fmt.Errorf("path traversal ('.' and '..' are only allowed as directory links)")
	case strings.ContainsAny(s, `/\`):
		return fmt.Errorf("path traversal (name contains a path separator)")
	}
	return nil
}

// Format implements Archive.
func (a *RARC) Format() string { return "rarc" }

// Files implements Archive.
func (a *RARC) Files() []File { return a.files }

// Find implements Archive. Like JKRArchive it ignores case; the root
// directory's name may be given or left out, and a leading '/' is
// ignored ("/bck/walk.bck", "bck/walk.bck" and "biped/BCK/walk.bck" name
// the same file in an archive whose root is "biped").
func (a *RARC) Find(path string) (File, error) {
	key := strings.ToLower(strings.TrimPrefix(strings.ReplaceAll(path, `\`, "/"), "/"))
	if i, ok := a.byPath[key]; ok {
		return a.files[i], nil
	}
	if i, ok := a.byPath[strings.ToLower(a.Nodes[0].Name)+"/"+key]; ok {
		return a.files[i], nil
	}
	return File{}, fmt.Errorf("rarc: no file %q in the archive (%d files; see animscope info)", path, len(a.files))
}

// stored returns the file's stored bytes (checked at open).
func (a *RARC) stored(f File) []byte { return a.data[f.Offset : f.Offset+f.Size : f.Offset+f.Size] }

// ReadFile implements Archive.
func (a *RARC) ReadFile(f File) ([]byte, error) {
	b := a.stored(f)
	if f.Yaz0 {
		d, err := DecompressYaz0(b)
		if err != nil {
			return nil, fmt.Errorf("rarc: %s: %w", f.Path, err)
		}
		return d, nil
	}
	if e := &a.Entries[f.Index]; e.Flags&rarcFlagCompressed != 0 && e.Flags&rarcFlagYaz0 == 0 && len(b) >= 4 && string(b[:4]) == "Yay0" {
		return nil, bin.Unsupportedf("rarc", "%s: Yay0-compressed entries", f.Path)
	}
	return b, nil
}

// Head implements Archive.
func (a *RARC) Head(f File, n int) []byte {
	b := a.stored(f)
	if f.Yaz0 {
		return yaz0Prefix(b, n)
	}
	n = max(0, min(n, len(b)))
	return b[:n:n]
}
