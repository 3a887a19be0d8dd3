package j3d

import (
	"encoding/binary"
	"fmt"
	"math"
)

// The layout the encoder writes is the one exporters use: the J3D header
// (one chunk, SVR1 and 0xFF filler), the chunk header, then each table
// starting on a 0x20 boundary (the small BTK tables on a 4-byte boundary),
// the gaps filled with the exporters' padding text, and the chunk and file
// sizes rounded up to 0x20.
const (
	tableAlign  = 0x20
	smallAlign  = 4
	paddingText = "This is padding data to align"
	// ttk1Trailer is the 4 zero bytes exporters write after a TTK1's last
	// table (likely the origin of the chunks that state 4 bytes more than
	// the file holds when the padding is dropped).
	ttk1Trailer = 4
)

// EncodeBCK writes b as a BCK file (a supported feature: assets/gen writes
// the demo assets with it; TestEncodeRoundTrip covers it). The counts, offsets and sizes are
// computed from the slices; File (except File.LittleEndian, which picks
// the byte order), Chunk and the count and offset fields of b are ignored. Track entries are written verbatim, even when they point
// outside the tables, so tests can build hostile files.
func EncodeBCK(b *BCK) ([]byte, error) {
	if err := checkU16("bck", "joint count", len(b.Joints)); err != nil {
		return nil, err
	}
	if err := b.Tables.checkCounts("bck"); err != nil {
		return nil, err
	}
	w := newWriter(MagicBCK, "ANK1", b.File.LittleEndian)
	c := w.chunkStart
	w.pad(ank1HeaderSize-chunkHeaderSize, 0)
	w.put8(c+ank1LoopMode, b.LoopMode)
	w.put8(c+ank1RotationFrac, b.RotationFrac)
	w.put16(c+ank1Duration, b.Duration)
	w.put16(c+ank1JointCount, uint16(len(b.Joints)))
	w.put16(c+ank1ScaleCount, uint16(len(b.Scale)))
	w.put16(c+ank1RotationCount, uint16(len(b.Rotation)))
	w.put16(c+ank1TranslationCount, uint16(len(b.Translation)))
	w.align(tableAlign)
	w.put32(c+ank1JointOffset, w.rel())
	w.trackSets(b.Joints)
	w.tables(&b.Tables, c+ank1ScaleOffset, c+ank1RotationOffset, c+ank1TranslationOffset, 0)
	return w.finish(), nil
}

// EncodeBTK writes b as a BTK file, like EncodeBCK. Names, TexGens and
// Centers need one element per entry (Names may have more); name hashes are
// computed from the names, string offsets from the layout, and the remap
// table is b.Remap when it has one value per entry, else 0, 1, 2, ...
func EncodeBTK(b *BTK) ([]byte, error) {
	n := len(b.Entries)
	if err := checkU16("btk", "track count (3 × entries)", 3*n); err != nil {
		return nil, err
	}
	if err := checkU16("btk", "name count", len(b.Names)); err != nil {
		return nil, err
	}
	if len(b.Names) < n || len(b.TexGens) != n || len(b.Centers) != n {
		return nil, fmt.Errorf("btk: %d entries need as many names (have %d), texGens (%d) and centers (%d)", n, len(b.Names), len(b.TexGens), len(b.Centers))
	}
	if err := b.Tables.checkCounts("btk"); err != nil {
		return nil, err
	}
	w := newWriter(MagicBTK, "TTK1", b.File.LittleEndian)
	c := w.chunkStart
	w.pad(ttk1HeaderSize-chunkHeaderSize, 0)
	w.put8(c+ttk1LoopMode, b.LoopMode)
	w.put8(c+ttk1RotationFrac, b.RotationFrac)
	w.put16(c+ttk1Duration, b.Duration)
	w.put16(c+ttk1TrackCount, uint16(3*n))
	w.put16(c+ttk1ScaleCount, uint16(len(b.Scale)))
	w.put16(c+ttk1RotationCount, uint16(len(b.Rotation)))
	w.put16(c+ttk1TranslationCount, uint16(len(b.Translation)))
	copy(w.b[c+ttk1PostMatrix:], b.PostMatrix[:])
	w.put32(c+ttk1CalcType, b.CalcType)
	w.align(tableAlign)

	w.put32(c+ttk1EntryOffset, w.rel())
	w.trackSets(b.Entries)

	w.align(smallAlign)
	w.put32(c+ttk1RemapOffset, w.rel())
	for i := range n {
		v := uint16(i)
		if len(b.Remap) == n {
			v = b.Remap[i]
		}
		w.append16(v)
	}

	w.align(smallAlign)
	w.put32(c+ttk1NameOffset, w.rel())
	if err := w.nameTable("btk", b.Names); err != nil {
		return nil, err
	}

	w.align(smallAlign)
	w.put32(c+ttk1TexGenOffset, w.rel())
	w.b = append(w.b, b.TexGens...)

	w.align(smallAlign)
	w.put32(c+ttk1CenterOffset, w.rel())
	for _, ctr := range b.Centers {
		for _, v := range ctr {
			w.append32(math.Float32bits(v))
		}
	}

	w.tables(&b.Tables, c+ttk1ScaleOffset, c+ttk1RotationOffset, c+ttk1TranslationOffset, ttk1Trailer)
	return w.finish(), nil
}

func checkU16(format, what string, n int) error {
	if n > math.MaxUint16 {
		return fmt.Errorf("%s: %s %d does not fit in 16 bits", format, what, n)
	}
	return nil
}

func (t *Tables) checkCounts(format string) error {
	for k := ScaleTrack; k <= TranslationTrack; k++ {
		if err := checkU16(format, k.String()+" table count", t.Len(k)); err != nil {
			return err
		}
	}
	return nil
}

// writer builds a one-chunk J3D file in memory.
type writer struct {
	b          []byte
	chunkStart int
	order      byteOrderAppender
}

type byteOrderAppender interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

// newWriter starts a file with the given magic and chunk id, in their
// little-endian spelling (and with every number little-endian) when little
// is set.
func newWriter(magic, chunkID string, little bool) *writer {
	w := &writer{b: make([]byte, 0, 1024), order: binary.BigEndian}
	svr := "SVR1"
	if little {
		w.order = binary.LittleEndian
		magic, chunkID, svr = swap4(magic), swap4(chunkID), swap4(svr)
	}
	w.b = append(w.b, magic...)
	w.pad(8, 0) // file size, chunk count
	w.put32(0x0C, 1)
	w.b = append(w.b, svr...)
	w.pad(12, 0xFF)
	w.chunkStart = len(w.b)
	w.b = append(w.b, chunkID...)
	w.pad(4, 0) // chunk size
	return w
}

// pad appends n bytes of value v.
func (w *writer) pad(n int, v byte) {
	for range n {
		w.b = append(w.b, v)
	}
}

// rel is the current position relative to the chunk start.
func (w *writer) rel() uint32 { return uint32(len(w.b) - w.chunkStart) }

// align pads with the padding text up to a multiple of n (relative to the
// chunk start, which is itself 0x20-aligned).
func (w *writer) align(n int) {
	for i := 0; (len(w.b)-w.chunkStart)%n != 0; i++ {
		w.b = append(w.b, paddingText[i%len(paddingText)])
	}
}

func (w *writer) put8(at int, v uint8)   { w.b[at] = v }
func (w *writer) put16(at int, v uint16) { w.order.PutUint16(w.b[at:], v) }
func (w *writer) put32(at int, v uint32) { w.order.PutUint32(w.b[at:], v) }
func (w *writer) append16(v uint16)      { w.b = w.order.AppendUint16(w.b, v) }
func (w *writer) append32(v uint32)      { w.b = w.order.AppendUint32(w.b, v) }

// nameTable writes a JUTNameTab: u16 count, u16 0xFFFF, {u16 hash, u16
// offset} per name, then the NUL-terminated strings. Hashes are computed
// from the names.
func (w *writer) nameTable(format string, names []Name) error {
	table := len(w.b)
	w.append16(uint16(len(names)))
	w.append16(0xFFFF)
	recs := len(w.b)
	w.pad(4*len(names), 0)
	for i, nm := range names {
		off := len(w.b) - table
		if off > math.MaxUint16 {
			return fmt.Errorf("%s: name %d starts 0x%x bytes into the name table, past what a u16 offset reaches", format, i, off)
		}
		w.put16(recs+4*i, NameHash(nm.Name))
		w.put16(recs+4*i+2, uint16(off))
		w.b = append(w.b, nm.Name...)
		w.b = append(w.b, 0)
	}
	return nil
}

func (w *writer) trackSets(sets []TrackSet) {
	for i := range sets {
		for _, t := range sets[i] {
			w.append16(t.Count)
			w.append16(t.Index)
			w.append16(t.TangentMode)
		}
	}
}

// tables writes the three value tables, each 0x20-aligned, and stores
// their chunk-relative offsets at the given positions; trailer zero bytes
// follow the last table.
func (w *writer) tables(t *Tables, scaleAt, rotAt, transAt, trailer int) {
	w.align(tableAlign)
	w.put32(scaleAt, w.rel())
	for _, v := range t.Scale {
		w.append32(math.Float32bits(v))
	}
	w.align(tableAlign)
	w.put32(rotAt, w.rel())
	for _, v := range t.Rotation {
		w.append16(uint16(v))
	}
	w.align(tableAlign)
	w.put32(transAt, w.rel())
	for _, v := range t.Translation {
		w.append32(math.Float32bits(v))
	}
	w.pad(trailer, 0)
	w.align(tableAlign)
}

// finish fills in the chunk and file sizes.
func (w *writer) finish() []byte {
	w.put32(w.chunkStart+4, uint32(len(w.b)-w.chunkStart))
	w.put32(0x08, uint32(len(w.b)))
	return w.b
}

// Const returns a count-1 track holding v, appending v to the table of
// kind k unless the table already holds it. Rotation values are raw s16.
func (t *Tables) Const(k TrackKind, v float64) (Track, error) {
	idx, err := t.add(k, []float64{v})
	return Track{Count: 1, Index: idx}, err
}

// Keys returns a keyed track: each key is {time, value, tangent} for
// tangent mode 0, or {time, value, in, out} for any other mode. The values
// are appended to the table of kind k unless an identical sequence is
// already there (as exporters deduplicate). Rotation values, times and
// tangents are raw s16 and must be integers in range.
func (t *Tables) Keys(k TrackKind, mode uint16, keys ...[]float64) (Track, error) {
	tr := Track{Count: uint16(len(keys)), TangentMode: mode}
	if len(keys) < 2 || len(keys) > math.MaxUint16 {
		return tr, fmt.Errorf("keyed track needs 2..65535 keys, got %d", len(keys))
	}
	per := tr.ValuesPerKey()
	flat := make([]float64, 0, per*len(keys))
	for i, key := range keys {
		if len(key) != per {
			return tr, fmt.Errorf("key %d has %d values, tangent mode %d needs %d", i, len(key), mode, per)
		}
		flat = append(flat, key...)
	}
	var err error
	tr.Index, err = t.add(k, flat)
	return tr, err
}

// add appends vals to table k (or finds them there) and returns the index.
func (t *Tables) add(k TrackKind, vals []float64) (uint16, error) {
	switch k {
	case RotationTrack:
		seq := make([]int16, len(vals))
		for i, v := range vals {
			if v != math.Trunc(v) || v < math.MinInt16 || v > math.MaxInt16 {
				return 0, fmt.Errorf("rotation table value %v is not an s16", v)
			}
			seq[i] = int16(v)
		}
		return appendSeq(&t.Rotation, seq)
	case ScaleTrack:
		return appendSeq(&t.Scale, toF32(vals))
	default:
		return appendSeq(&t.Translation, toF32(vals))
	}
}

func toF32(v []float64) []float32 {
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(x)
	}
	return out
}

// appendSeq finds seq in *table or appends it; the index must fit in 16
// bits and the table must stay addressable by u16 counts.
func appendSeq[T int16 | float32 | uint16 | uint8](table *[]T, seq []T) (uint16, error) {
	tab := *table
search:
	for i := 0; i+len(seq) <= len(tab); i++ {
		for j, v := range seq {
			if math.Float64bits(float64(tab[i+j])) != math.Float64bits(float64(v)) {
				continue search
			}
		}
		return uint16(i), nil
	}
	if len(tab)+len(seq) > math.MaxUint16 {
		return 0, fmt.Errorf("value table would exceed %d values", math.MaxUint16)
	}
	*table = append(tab, seq...)
	return uint16(len(tab)), nil
}
