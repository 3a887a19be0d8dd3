package archive

import (
	"fmt"
	"strings"

	"github.com/animscope/animscope/formats/internal/bin"
)

// SARC archives (Wii U and Switch): a 0x14-byte header, the SFAT file
// allocation table (nodes sorted by name hash), the SFNT name table, then
// the file data. Wii U files are big-endian, Switch files little-endian;
// the byte order mark says which.

const (
	sarcHeaderSize  = 0x14
	sfatHeaderSize  = 0x0C
	sfatNodeSize    = 0x10
	sfntHeaderSize  = 0x08
	sarcDefaultKey  = 0x65
	sarcMaxPathLen  = 1024 // real archive paths are well under 256 bytes
	sarcMaxAlignCap = 1 << 13
)

// SARCHeader is the archive header and the table headers.
type SARCHeader struct {
	BigEndian  bool
	HeaderLen  uint16
	FileSize   uint32
	DataOffset uint32
	Version    uint16
	NodeCount  uint16
	HashKey    uint32
}

// SARCNode is one SFAT node with its name and data.
type SARCNode struct {
	// Path is the stored name; a node without a name is addressed as "0x"
	// and its hash in 8 hex digits (a stored name spelling the same is a
	// duplicate path, which ReadSARC rejects).
	Path    string
	Hash    uint32
	Attr    uint32 // high byte: name present / collision index; low 24 bits: name offset / 4
	HasName bool
	// Begin and End are relative to the header's data offset.
	Begin, End uint32
	// Alignment is the largest power of two (up to 8 KiB) dividing the
	// data's absolute offset: what the writer aligned the file to.
	Alignment int
	data      []byte
}

// Size is the stored size of the file.
func (f *SARCNode) Size() int64 { return int64(f.End) - int64(f.Begin) }

// SARC is a parsed archive. It implements Archive.
type SARC struct {
	Header SARCHeader
	// Nodes are the SFAT nodes in table order (sorted by hash).
	Nodes []SARCNode
	// Warnings are inconsistencies the games would trip over but that do
	// not stop reading (a name that does not match its hash, nodes out of
	// hash order).
	Warnings []string
	byPath   map[string]int
}

// SARCHash is the name hash of the SFAT table: h = h·key + c over the
// name's bytes (as signed chars, as Nintendo's tools do).
func SARCHash(name string, key uint32) uint32 {
	var h uint32
	for i := 0; i < len(name); i++ {
		h = h*key + uint32(int32(int8(name[i])))
	}
	return h
}

// sarcHashUnsigned is the variant some community tools write for names
// with bytes >= 0x80; both are accepted.
func sarcHashUnsigned(name string, key uint32) uint32 {
	var h uint32
	for i := 0; i < len(name); i++ {
		h = h*key + uint32(name[i])
	}
	return h
}

func sarcErr(off int64, format string, args ...any) error {
	return bin.Errorf("sarc", off, format, args...)
}

// IsSARC reports whether data starts with the SARC magic.
func IsSARC(data []byte) bool { return len(data) >= 4 && string(data[:4]) == "SARC" }

// ReadSARC parses an archive. It checks the header, that every name lies
// in the name table, that every file lies inside the data, and that paths
// are relative and do not climb out of the archive ("..", absolute paths,
// backslashes, empty components) or repeat.
func ReadSARC(data []byte) (*SARC, error) {
	if len(data) < sarcHeaderSize {
		return nil, sarcErr(-1, "file is %d bytes, shorter than the 0x14-byte SARC header", len(data))
	}
	if !IsSARC(data) {
		return nil, sarcErr(0, "magic %q is not SARC", data[:4])
	}
	s := &SARC{}
	h := &s.Header
	var r bin.Reader
	switch {
	case data[6] == 0xFE && data[7] == 0xFF:
		r, h.BigEndian = bin.BE(data), true
	case data[6] == 0xFF && data[7] == 0xFE:
		r = bin.LE(data)
	default:
		return nil, sarcErr(6, "byte order mark %02x %02x is neither FE FF nor FF FE", data[6], data[7])
	}
	h.HeaderLen, _ = r.U16(4)
	h.FileSize, _ = r.U32(8)
	h.DataOffset, _ = r.U32(0x0C)
	h.Version, _ = r.U16(0x10)
	if h.HeaderLen != sarcHeaderSize {
		return nil, sarcErr(4, "header length 0x%x is not 0x14", h.HeaderLen)
	}
	if int64(h.FileSize) > int64(len(data)) {
		return nil, sarcErr(8, "header file size 0x%x is larger than the data (0x%x bytes)", h.FileSize, len(data))
	}
	r.B = data[:h.FileSize]
	if h.DataOffset > h.FileSize {
		return nil, sarcErr(0x0C, "data offset 0x%x is past the end of the file (0x%x)", h.DataOffset, h.FileSize)
	}
	// SFAT.
	const sfat = sarcHeaderSize
	if err := r.Check(sfat, sfatHeaderSize); err != nil {
		return nil, sarcErr(sfat, "SFAT header runs past the end of the file")
	}
	if string(r.B[sfat:sfat+4]) != "SFAT" {
		return nil, sarcErr(sfat, "magic %q is not SFAT", r.B[sfat:sfat+4])
	}
	if hl, _ := r.U16(sfat + 4); hl != sfatHeaderSize {
		return nil, sarcErr(sfat+4, "SFAT header length 0x%x is not 0xc", hl)
	}
	h.NodeCount, _ = r.U16(sfat + 6)
	h.HashKey, _ = r.U32(sfat + 8)
	nodes := int64(sfat + sfatHeaderSize)
	n := int64(h.NodeCount)
	if !bin.Fits(n, sfatNodeSize, int64(len(r.B))-nodes) {
		return nil, sarcErr(sfat+6, "%d SFAT nodes do not fit in the file", n)
	}
	// SFNT follows the node table; names live between its header and the
	// data.
	sfnt := nodes + n*sfatNodeSize
	if err := r.Check(sfnt, sfntHeaderSize); err != nil {
		return nil, sarcErr(sfnt, "SFNT header runs past the end of the file")
	}
	if string(r.B[sfnt:sfnt+4]) != "SFNT" {
		return nil, sarcErr(sfnt, "magic %q is not SFNT", r.B[sfnt:sfnt+4])
	}
	if hl, _ := r.U16(sfnt + 4); hl != sfntHeaderSize {
		return nil, sarcErr(sfnt+4, "SFNT header length 0x%x is not 0x8", hl)
	}
	names := sfnt + sfntHeaderSize
	if int64(h.DataOffset) < names {
		return nil, sarcErr(0x0C, "data offset 0x%x lies inside the tables (they end at 0x%x)", h.DataOffset, names)
	}
	nameTab := r.B[names:h.DataOffset]
	s.Nodes = make([]SARCNode, n)
	s.byPath = make(map[string]int, n)
	unsorted := false
	for i := range s.Nodes {
		off := nodes + int64(i)*sfatNodeSize
		f := &s.Nodes[i]
		f.Hash, _ = r.U32(off)
		f.Attr, _ = r.U32(off + 4)
		f.Begin, _ = r.U32(off + 8)
		f.End, _ = r.U32(off + 12)
		if i > 0 && f.Hash < s.Nodes[i-1].Hash {
			unsorted = true
		}
		f.HasName = f.Attr>>24 != 0
		if f.HasName {
			no := int64(f.Attr&0xFFFFFF) * 4
			name, err := sarcName(nameTab, no)
			if err != nil {
				return nil, sarcErr(off+4, "file %d: %v", i, err)
			}
			if err := sarcCheckPath(name); err != nil {
				return nil, sarcErr(names+no, "file %d: path %q %v", i, name, err)
			}
			f.Path = name
			if SARCHash(name, h.HashKey) != f.Hash && sarcHashUnsigned(name, h.HashKey) != f.Hash {
				s.Warnings = append(s.Warnings, fmt.Sprintf("sarc: %q: stored hash 0x%08x does not match its name (0x%08x); the games would not find it",
					name, f.Hash, SARCHash(name, h.HashKey)))
			}
		} else {
			f.Path = fmt.Sprintf("0x%08x", f.Hash)
		}
		if _, dup := s.byPath[f.Path]; dup {
			return nil, sarcErr(off, "file %d: path %q appears twice", i, f.Path)
		}
		s.byPath[f.Path] = i
		if f.Begin > f.End {
			return nil, sarcErr(off+8, "file %q: data begins at 0x%x after it ends (0x%x)", f.Path, f.Begin, f.End)
		}
		start, end := int64(h.DataOffset)+int64(f.Begin), int64(h.DataOffset)+int64(f.End)
		if end > int64(h.FileSize) {
			return nil, sarcErr(off+12, "file %q: data 0x%x..0x%x runs past the end of the file (0x%x)", f.Path, start, end, h.FileSize)
		}
		f.data = r.B[start:end:end]
		f.Alignment = sarcAlignment(start)
	}
	if unsorted {
		s.Warnings = append(s.Warnings, "sarc: SFAT nodes are not sorted by name hash; the games' binary search would miss files")
	}
	return s, nil
}

// sarcName reads the NUL-terminated name at off in the name table.
func sarcName(tab []byte, off int64) (string, error) {
	if off >= int64(len(tab)) {
		return "", fmt.Errorf("name offset 0x%x is outside the name table (0x%x bytes)", off, len(tab))
	}
	end := min(int64(len(tab)), off+sarcMaxPathLen+1)
	for i := off; i < end; i++ {
		if tab[i] == 0 {
			return string(tab[off:i]), nil
		}
	}
	return "", fmt.Errorf("name at 0x%x has no NUL within the name table or %d bytes", off, sarcMaxPathLen)
}

// sarcCheckPath rejects paths that would escape or confuse a destination
// directory if a user extracted the archive, and names that cannot be
// addressed as FILE:PATH.
func sarcCheckPath(p string) error {
	switch {
	case p == "":
		return fmt.Errorf("is empty")
	case strings.HasPrefix(p, "/"):
		return fmt.Errorf("is absolute")
	case strings.ContainsAny(p, "\\\x00"):
		return fmt.Errorf("contains a backslash or NUL")
	case len(p) >= 2 && p[1] == ':':
		return fmt.Errorf("starts with a drive letter")
	}
	for _, c := range strings.Split(p, "/") {
		switch c {
		case "":
			return fmt.Errorf("has an empty component")
		case ".", "..":
			return fmt.Errorf("has a %q component", c)
		}
	}
	return nil
}

func sarcAlignment(off int64) int {
	a := 1
	for a < sarcMaxAlignCap && off%(int64(a)*2) == 0 {
		a *= 2
	}
	return a
}

// Format implements Archive.
func (s *SARC) Format() string { return "sarc" }

// Files implements Archive: every node in table order.
func (s *SARC) Files() []File {
	out := make([]File, len(s.Nodes))
	for i := range s.Nodes {
		n := &s.Nodes[i]
		out[i] = File{Path: n.Path, Index: i, Offset: int64(s.Header.DataOffset) + int64(n.Begin), Size: n.Size(), Yaz0: IsYaz0(n.data)}
	}
	return out
}

// Find implements Archive. SARC lookups are by exact name (the games hash
// it), so the match is case-sensitive.
func (s *SARC) Find(path string) (File, error) {
	i, ok := s.byPath[path]
	if !ok {
		return File{}, fmt.Errorf("sarc: no file %q in the archive (%d files)", path, len(s.Nodes))
	}
	n := &s.Nodes[i]
	return File{Path: n.Path, Index: i, Offset: int64(s.Header.DataOffset) + int64(n.Begin), Size: n.Size(), Yaz0: IsYaz0(n.data)}, nil
}

// node returns the node f describes, checking that f came from s.
func (s *SARC) node(f File) (*SARCNode, error) {
	if f.Index < 0 || f.Index >= len(s.Nodes) || s.Nodes[f.Index].Path != f.Path {
		return nil, fmt.Errorf("sarc: file %q is not in this archive", f.Path)
	}
	return &s.Nodes[f.Index], nil
}

// Stored returns the file's bytes as stored (a view into the archive,
// still Yaz0-compressed if it was stored so).
func (s *SARC) Stored(f File) ([]byte, error) {
	n, err := s.node(f)
	if err != nil {
		return nil, err
	}
	return n.data, nil
}

// ReadFile implements Archive: the file's bytes, Yaz0-decompressed when
// stored so (.sbfres and friends). Uncompressed files are returned as a
// view into the archive.
func (s *SARC) ReadFile(f File) ([]byte, error) {
	b, err := s.Stored(f)
	if err != nil {
		return nil, err
	}
	if IsYaz0(b) {
		d, err := DecompressYaz0(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Path, err)
		}
		return d, nil
	}
	return b, nil
}

// Head implements Archive: up to n leading bytes of the (decompressed)
// contents, decoding only as much of a Yaz0 stream as that takes.
func (s *SARC) Head(f File, n int) []byte {
	b, err := s.Stored(f)
	if err != nil || n <= 0 {
		return nil
	}
	if IsYaz0(b) {
		return yaz0Prefix(b, n)
	}
	return b[:min(n, len(b)):min(n, len(b))]
}

// yaz0Prefix decodes at most n leading bytes of a Yaz0 stream, stopping
// quietly where the stream is short or broken (a sniff, not a check).
func yaz0Prefix(data []byte, n int) []byte {
	size, err := Yaz0Size(data)
	if err != nil {
		return nil
	}
	n = min(n, size)
	out := make([]byte, 0, n)
	src := data[16:]
	for s := 0; len(out) < n && s < len(src); {
		flags := src[s]
		s++
		for bit := 0; bit < 8 && len(out) < n; bit, flags = bit+1, flags<<1 {
			if flags&0x80 != 0 {
				if s >= len(src) {
					return out
				}
				out = append(out, src[s])
				s++
				continue
			}
			if s+2 > len(src) {
				return out
			}
			b0, b1 := int(src[s]), int(src[s+1])
			s += 2
			dist, length := (b0&0x0f)<<8|b1+1, b0>>4+2
			if b0>>4 == 0 {
				if s >= len(src) {
					return out
				}
				length = int(src[s]) + 0x12
				s++
			}
			if dist > len(out) {
				return out
			}
			for k := 0; k < length && len(out) < n; k++ {
				out = append(out, out[len(out)-dist])
			}
		}
	}
	return out
}
