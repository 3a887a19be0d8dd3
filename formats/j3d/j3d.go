package j3d

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
)

// File magics.
const (
	MagicBCK = "J3D1bck1"
	MagicBTK = "J3D1btk1"
)

// headerSize is the J3D file header: magic, file size, chunk count and the
// 16-byte SVR1 block. The first chunk starts right after it.
const headerSize = 0x20

// chunkHeaderSize is a chunk's id and size.
const chunkHeaderSize = 8

// ttk1SizeSlack is how far past the declared file size a TTK1 chunk may
// claim to reach: some exporters state the chunk 4 bytes too large
// (noclip.website works around the same quirk), and the games never read
// those 4 bytes, so the chunk is clamped to the file instead of rejected.
const ttk1SizeSlack = 4

// Track is one entry of a joint/entry table as stored: how many keys the
// track has, where its data starts in the value table (an element index;
// exporters share identical sequences, so tracks may overlap), and the
// tangent mode (0: 3 values per key with one tangent, anything else: 4
// values per key with separate in and out tangents).
type Track struct {
	Count       uint16
	Index       uint16
	TangentMode uint16
}

// TrackSize is the size of a Track in the file.
const TrackSize = 6

// TrackSet is the nine tracks of one joint or texture entry in file order:
// scale, rotation and translation of X (S), then Y (T), then Z (Q). Index
// i has component i/3 and quantity TrackKind(i%3).
type TrackSet [9]Track

// TrackSetSize is the size of a TrackSet in the file.
const TrackSetSize = 9 * TrackSize

// TrackKind says which value table a track reads.
type TrackKind uint8

const (
	ScaleTrack TrackKind = iota
	RotationTrack
	TranslationTrack
)

var trackKindNames = [...]string{"scale", "rotation", "translation"}

func (k TrackKind) String() string {
	if int(k) < len(trackKindNames) {
		return trackKindNames[k]
	}
	return fmt.Sprintf("trackkind(%d)", uint8(k))
}

// KindOf is the table read by track i of a TrackSet.
func KindOf(i int) TrackKind { return TrackKind(i % 3) }

// ValuesPerKey is how many table values one key of a track takes.
func (t Track) ValuesPerKey() int {
	if t.TangentMode == 0 {
		return 3
	}
	return 4
}

// slotOf maps track i of a TrackSet to the anim slot it drives.
func slotOf(i int) anim.Slot {
	axis := anim.Slot(i / 3)
	switch KindOf(i) {
	case ScaleTrack:
		return anim.ScaleX + axis
	case RotationTrack:
		return anim.RotX + axis
	}
	return anim.TransX + axis
}

// trackName names track i for messages, "rotation.y" for joints and
// "rotation.t" for texture entries.
func trackName(i int, k anim.TargetKind) string { return slotOf(i).Name(k) }

// Tables are the three value tables shared by all tracks. Rotation values
// (and the key times and tangents stored with them) are raw s16.
type Tables struct {
	Scale       []float32
	Rotation    []int16
	Translation []float32
}

// Len is the number of values in the table that kind reads.
func (t *Tables) Len(k TrackKind) int {
	switch k {
	case ScaleTrack:
		return len(t.Scale)
	case RotationTrack:
		return len(t.Rotation)
	}
	return len(t.Translation)
}

// Value returns element i of the table that kind reads, as float64.
func (t *Tables) Value(k TrackKind, i int) float64 {
	switch k {
	case ScaleTrack:
		return float64(t.Scale[i])
	case RotationTrack:
		return float64(t.Rotation[i])
	}
	return float64(t.Translation[i])
}

// FileHeader is the J3D file header and the chunks found walking it.
type FileHeader struct {
	// Magic is the magic as stored ("1D3J1kcb" in a little-endian file).
	Magic string
	// LittleEndian is set for the little-endian form of the file (see
	// LittleMagic); chunk ids are then reported in their big-endian
	// spelling.
	LittleEndian bool
	// Trimmed is how many bytes of the declared size the data lacks: an
	// archive entry whose final alignment padding was cut (real Mario Kart:
	// Double Dash BCA files are). Tolerated up to trimSlack bytes for the
	// family types; every table is still checked against the data.
	Trimmed    int
	FileSize   uint32 // as declared at 0x08
	ChunkCount uint32 // as declared at 0x0C
	// Reserved is the 16 bytes at 0x10 as stored: all 0xFF in the games'
	// files, "SVR1" and 0xFF in some tools' (nothing reads them). The
	// encoders write them back; all zero (a header built by hand) writes
	// the games' 0xFF.
	Reserved [16]byte
	Chunks   []Chunk
}

// Chunk is one chunk as walked from the file header.
type Chunk struct {
	ID     string
	Offset int64  // file offset of the chunk header
	Size   uint32 // as stated, including the 8-byte header
}

// readHeader checks rules R1–R3 and returns the header and the first chunk
// with the given id, as a reader over its bytes (clamped to the declared
// file size for the TTK1 size quirk; clamped reports that).
func readHeader(format, magic, chunkID string, data []byte) (h FileHeader, c Chunk, chunk bin.Reader, clamped bool, err error) {
	return readHeaderSlack(format, magic, chunkID, data, 0)
}

// trimSlack is how many bytes of final padding (the chunks are 0x20
// aligned) the family decoders let an archive entry lack.
const trimSlack = 0x1F

// readHeaderSlack is readHeader letting the data end up to slack bytes
// before the declared file size (FileHeader.Trimmed); the last chunk is
// then clamped to the data.
func readHeaderSlack(format, magic, chunkID string, data []byte, slack int64) (h FileHeader, c Chunk, chunk bin.Reader, clamped bool, err error) {
	if len(data) < headerSize {
		return h, c, chunk, false, bin.Errorf(format, -1, "file is %d bytes, shorter than the %d-byte J3D header", len(data), headerSize)
	}
	h.Magic = string(data[:8])
	order := byteOrder(data, magic)
	if order == nil {
		return h, c, chunk, false, bin.Errorf(format, 0, "magic %q, want %q (or little-endian %q)", printable(h.Magic), magic, LittleMagic(magic))
	}
	h.LittleEndian = order == binary.LittleEndian
	r := bin.Reader{B: data, Order: order}
	h.FileSize, _ = r.U32(0x08)
	h.ChunkCount, _ = r.U32(0x0C)
	copy(h.Reserved[:], data[0x10:0x20])
	if h.FileSize < headerSize {
		return h, c, chunk, false, bin.Errorf(format, 0x08, "declared file size %d is smaller than the %d-byte header", h.FileSize, headerSize)
	}
	end := int64(h.FileSize)
	if over := int64(h.FileSize) - int64(len(data)); over > 0 {
		if over > slack {
			return h, c, chunk, false, bin.Errorf(format, 0x08, "declared file size %d is larger than the data (%d bytes): file truncated?", h.FileSize, len(data))
		}
		h.Trimmed = int(over)
		end = int64(len(data))
	}
	if h.ChunkCount == 0 {
		return h, c, chunk, false, bin.Errorf(format, 0x0C, "chunk count is 0")
	}
	found := -1
	off := int64(headerSize)
	// The loop is bounded by the declared size: every chunk takes at least
	// 8 bytes of it, so a huge chunk count fails on the first chunk that
	// does not fit instead of spinning.
	for i := uint32(0); i < h.ChunkCount; i++ {
		if off+chunkHeaderSize > end {
			return h, c, chunk, false, bin.Errorf(format, off, "chunk %d of %d: header past the declared file end (0x%x)", i, h.ChunkCount, end)
		}
		id := string(data[off : off+4])
		if h.LittleEndian {
			id = swap4(id)
		}
		size, _ := r.U32(off + 4)
		if size < chunkHeaderSize {
			return h, c, chunk, false, bin.Errorf(format, off+4, "chunk %d (%q): size %d is smaller than its 8-byte header", i, printable(id), size)
		}
		if off+int64(size) > end {
			quirk := id == "TTK1" && chunkID == "TTK1" && found < 0 && off+int64(size) <= end+ttk1SizeSlack
			trimmed := h.Trimmed > 0 && i+1 == h.ChunkCount && off+int64(size) <= int64(h.FileSize)
			if !quirk && !trimmed {
				return h, c, chunk, false, bin.Errorf(format, off+4, "chunk %d (%q): size %d runs past the declared file end (0x%x)", i, printable(id), size, end)
			}
		}
		if len(h.Chunks) < maxChunks {
			h.Chunks = append(h.Chunks, Chunk{ID: id, Offset: off, Size: size})
		}
		if id == chunkID && found < 0 {
			found = int(i)
			c = Chunk{ID: id, Offset: off, Size: size}
		}
		off += int64(size)
		if off > end {
			// Only the clamped TTK1 or a trimmed last chunk gets here;
			// nothing can follow it.
			if i+1 < h.ChunkCount {
				return h, c, chunk, false, bin.Errorf(format, off, "chunk %d of %d: header past the declared file end (0x%x)", i+1, h.ChunkCount, end)
			}
			break
		}
	}
	if found < 0 {
		return h, c, chunk, false, bin.Errorf(format, headerSize, "no %s chunk among %d chunks", chunkID, h.ChunkCount)
	}
	n := int64(c.Size)
	if c.Offset+n > end {
		n = end - c.Offset
		clamped = true
	}
	chunk, err = r.Sub(c.Offset, n)
	return h, c, chunk, clamped, err
}

// maxChunks bounds how many chunk headers are kept for the inspector; J3D
// animation files have one chunk, and the walk itself checks all of them.
const maxChunks = 64

func printable(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c < 0x20 || c > 0x7e {
			b[i] = '?'
		}
	}
	return string(b)
}

// section is a region read from a chunk, for bounds messages.
type section struct {
	order  binary.ByteOrder
	format string
	base   int64 // file offset of the chunk
	chunk  bin.Reader
}

// need checks that count items of size bytes at chunk offset off lie in
// the chunk (rule R6) and returns them. Offsets and lengths are computed in
// 64 bits, so a u32 offset near 4 GiB cannot wrap.
func (s *section) need(what string, fieldOff int64, off uint32, count, size int64) ([]byte, error) {
	n := count * size
	if !bin.Fits(count, size, int64(s.chunk.Len())) || !s.chunk.In(int64(off), n) {
		return nil, bin.Errorf(s.format, s.base+fieldOff, "%s (%d × %d bytes at chunk offset 0x%x) runs past the chunk end (0x%x)", what, count, size, off, s.chunk.Len())
	}
	return s.chunk.Bytes(int64(off), n)
}

func (s *section) u8(off int64) uint8   { v, _ := s.chunk.U8(off); return v }
func (s *section) u16(off int64) uint16 { v, _ := s.chunk.U16(off); return v }
func (s *section) u32(off int64) uint32 { v, _ := s.chunk.U32(off); return v }

// readTrackSets reads count TrackSets at chunk offset off.
func (s *section) readTrackSets(what string, fieldOff int64, off uint32, count int) ([]TrackSet, error) {
	if count == 0 {
		return nil, nil
	}
	b, err := s.need(what, fieldOff, off, int64(count), TrackSetSize)
	if err != nil {
		return nil, err
	}
	sets := make([]TrackSet, count)
	for i := range sets {
		for j := range sets[i] {
			p := b[i*TrackSetSize+j*TrackSize:]
			sets[i][j] = Track{
				Count:       s.order.Uint16(p),
				Index:       s.order.Uint16(p[2:]),
				TangentMode: s.order.Uint16(p[4:]),
			}
		}
	}
	return sets, nil
}

// readTables reads the three value tables. Field offsets are those of the
// u32 offsets in the chunk header, for messages.
func (s *section) readTables(counts [3]uint16, offs [3]uint32, fieldOffs [3]int64) (Tables, error) {
	var t Tables
	if counts[0] > 0 {
		b, err := s.need("scale table", fieldOffs[0], offs[0], int64(counts[0]), 4)
		if err != nil {
			return t, err
		}
		t.Scale = readF32s(b, s.order)
	}
	if counts[1] > 0 {
		b, err := s.need("rotation table", fieldOffs[1], offs[1], int64(counts[1]), 2)
		if err != nil {
			return t, err
		}
		t.Rotation = make([]int16, counts[1])
		for i := range t.Rotation {
			t.Rotation[i] = int16(s.order.Uint16(b[2*i:]))
		}
	}
	if counts[2] > 0 {
		b, err := s.need("translation table", fieldOffs[2], offs[2], int64(counts[2]), 4)
		if err != nil {
			return t, err
		}
		t.Translation = readF32s(b, s.order)
	}
	return t, nil
}

func readF32s(b []byte, order binary.ByteOrder) []float32 {
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(order.Uint32(b[4*i:]))
	}
	return v
}

// checkTrack applies rule R7 to one track: it must stay inside its
// table's declared count. It returns "" when the track is fine.
func checkTrack(t Track, tableLen int, kind TrackKind) string {
	switch {
	case t.Count == 0:
		return "" // default value; the index is never read
	case t.Count == 1:
		if int(t.Index) >= tableLen {
			return fmt.Sprintf("%s index %d past table end (%d)", kind, t.Index, tableLen)
		}
	default:
		need := int(t.Index) + int(t.Count)*t.ValuesPerKey()
		if need > tableLen {
			return fmt.Sprintf("%s index %d + %d keys × %d values = %d past table end (%d)", kind, t.Index, t.Count, t.ValuesPerKey(), need, tableLen)
		}
	}
	return ""
}

// checkTrackSets applies R7 to every track; trackBase is the chunk offset
// of the first TrackSet, so the error points at the offending entry.
func (s *section) checkTrackSets(sets []TrackSet, trackBase uint32, tables *Tables, what string, k anim.TargetKind) error {
	for i := range sets {
		for j, t := range sets[i] {
			if msg := checkTrack(t, tables.Len(KindOf(j)), KindOf(j)); msg != "" {
				off := s.base + int64(trackBase) + int64(i)*TrackSetSize + int64(j)*TrackSize
				return bin.Errorf(s.format, off, "%s %d %s: %s", what, i, trackName(j, k), msg)
			}
		}
	}
	return nil
}
