// Package j3dtest writes J3D animation files (BCK, BTK, BCA, BRK, BPK, BTP,
// BVA, either byte order) from formats/j3d's spec-shaped structs, in the
// layout the exporters use. Tests build their inputs (and hostile variants)
// with it and re-encode every fixture byte for byte; assets/gen writes the
// embedded demo's BTK with it. Production code never writes J3D files.
//
// The writer lays each chunk header out field by field in file order
// rather than at the reader's named offsets, so the byte-for-byte
// round trips of the fixtures check the reader's layout against an
// independent statement of it.
package j3dtest

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/animscope/animscope/formats/j3d"
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

// EncodeBCK writes b as a BCK file. The counts, offsets and sizes are
// computed from the slices; File (except File.LittleEndian, which picks
// the byte order), Chunk and the count and offset fields of b are ignored.
// Track entries are written verbatim, even when they point outside the
// tables, so tests can build hostile files.
func EncodeBCK(b *j3d.BCK) ([]byte, error) {
	if err := checkU16("bck", "joint count", len(b.Joints)); err != nil {
		return nil, err
	}
	if err := checkCounts(&b.Tables, "bck"); err != nil {
		return nil, err
	}
	w := newWriter(j3d.MagicBCK, "ANK1", b.File.LittleEndian)
	w.b = append(w.b, b.LoopMode, b.RotationFrac)
	w.append16(b.Duration, uint16(len(b.Joints)), uint16(len(b.Scale)), uint16(len(b.Rotation)), uint16(len(b.Translation)))
	joints, scale, rot, trans := w.offset(), w.offset(), w.offset(), w.offset()
	w.align(tableAlign)
	w.mark(joints)
	w.trackSets(b.Joints)
	w.tables(&b.Tables, scale, rot, trans, 0)
	return w.finish(), nil
}

// EncodeBTK writes b as a BTK file, like EncodeBCK. Names, TexGens and
// Centers need one element per entry (Names may have more); name hashes are
// computed from the names, string offsets from the layout, and the remap
// table is b.Remap when it has one value per entry, else 0, 1, 2, ...
func EncodeBTK(b *j3d.BTK) ([]byte, error) {
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
	if err := checkCounts(&b.Tables, "btk"); err != nil {
		return nil, err
	}
	w := newWriter(j3d.MagicBTK, "TTK1", b.File.LittleEndian)
	w.b = append(w.b, b.LoopMode, b.RotationFrac)
	w.append16(b.Duration, uint16(3*n), uint16(len(b.Scale)), uint16(len(b.Rotation)), uint16(len(b.Translation)))
	entries, remap, names, texGens, centers := w.offset(), w.offset(), w.offset(), w.offset(), w.offset()
	scale, rot, trans := w.offset(), w.offset(), w.offset()
	w.b = append(w.b, b.PostMatrix[:]...)
	w.append32(b.CalcType)
	w.align(tableAlign)

	w.mark(entries)
	w.trackSets(b.Entries)

	w.align(smallAlign)
	w.mark(remap)
	w.remap(b.Remap, n)

	w.align(smallAlign)
	w.mark(names)
	if err := w.nameTable("btk", b.Names); err != nil {
		return nil, err
	}

	w.align(smallAlign)
	w.mark(texGens)
	w.b = append(w.b, b.TexGens...)

	w.align(smallAlign)
	w.mark(centers)
	for _, ctr := range b.Centers {
		for _, v := range ctr {
			w.append32(math.Float32bits(v))
		}
	}

	w.tables(&b.Tables, scale, rot, trans, ttk1Trailer)
	return w.finish(), nil
}

func checkU16(format, what string, n int) error {
	if n > math.MaxUint16 {
		return fmt.Errorf("%s: %s %d does not fit in 16 bits", format, what, n)
	}
	return nil
}

func checkCounts(t *j3d.Tables, format string) error {
	for k := j3d.ScaleTrack; k <= j3d.TranslationTrack; k++ {
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
// is set, and ends at the first field after the chunk's size.
func newWriter(magic, chunkID string, little bool) *writer {
	w := &writer{b: make([]byte, 0, 1024), order: binary.BigEndian}
	svr := "SVR1"
	if little {
		w.order = binary.LittleEndian
		magic, chunkID, svr = j3d.LittleMagic(magic), j3d.LittleMagic(chunkID), j3d.LittleMagic(svr)
	}
	w.b = append(w.b, magic...)
	w.pad(4, 0) // file size
	w.append32(1)
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

// offset appends a chunk-relative offset field, 0 until mark fills it in,
// and returns its position.
func (w *writer) offset() int {
	at := len(w.b)
	w.pad(4, 0)
	return at
}

// mark stores the current chunk-relative position in the offset field at.
func (w *writer) mark(at int) { w.order.PutUint32(w.b[at:], w.rel()) }

// align pads with the padding text up to a multiple of n (relative to the
// chunk start, which is itself 0x20-aligned).
func (w *writer) align(n int) {
	for i := 0; (len(w.b)-w.chunkStart)%n != 0; i++ {
		w.b = append(w.b, paddingText[i%len(paddingText)])
	}
}

func (w *writer) append16(vs ...uint16) {
	for _, v := range vs {
		w.b = w.order.AppendUint16(w.b, v)
	}
}

func (w *writer) append32(v uint32) { w.b = w.order.AppendUint32(w.b, v) }

// remap writes a remap table: remap when it has one value per entry, else
// 0, 1, 2, ... (the games do not read it).
func (w *writer) remap(remap []uint16, n int) {
	for i := range n {
		v := uint16(i)
		if len(remap) == n {
			v = remap[i]
		}
		w.append16(v)
	}
}

// nameTable writes a JUTNameTab: u16 count, u16 0xFFFF, {u16 hash, u16
// offset} per name, then the NUL-terminated strings. Hashes are computed
// from the names.
func (w *writer) nameTable(format string, names []j3d.Name) error {
	table := len(w.b)
	w.append16(uint16(len(names)), 0xFFFF)
	recs := len(w.b)
	w.pad(4*len(names), 0)
	for i, nm := range names {
		off := len(w.b) - table
		if off > math.MaxUint16 {
			return fmt.Errorf("%s: name %d starts 0x%x bytes into the name table, past what a u16 offset reaches", format, i, off)
		}
		w.order.PutUint16(w.b[recs+4*i:], j3d.NameHash(nm.Name))
		w.order.PutUint16(w.b[recs+4*i+2:], uint16(off))
		w.b = append(w.b, nm.Name...)
		w.b = append(w.b, 0)
	}
	return nil
}

func (w *writer) trackSets(sets []j3d.TrackSet) {
	for i := range sets {
		for _, t := range sets[i] {
			w.append16(t.Count, t.Index, t.TangentMode)
		}
	}
}

// tables writes the three value tables, each 0x20-aligned, and stores
// their chunk-relative offsets in the offset fields at the given
// positions; trailer zero bytes follow the last table.
func (w *writer) tables(t *j3d.Tables, scaleAt, rotAt, transAt, trailer int) {
	w.align(tableAlign)
	w.mark(scaleAt)
	for _, v := range t.Scale {
		w.append32(math.Float32bits(v))
	}
	w.align(tableAlign)
	w.mark(rotAt)
	for _, v := range t.Rotation {
		w.append16(uint16(v))
	}
	w.align(tableAlign)
	w.mark(transAt)
	for _, v := range t.Translation {
		w.append32(math.Float32bits(v))
	}
	w.pad(trailer, 0)
	w.align(tableAlign)
}

// finish fills in the chunk and file sizes.
func (w *writer) finish() []byte {
	w.order.PutUint32(w.b[w.chunkStart+4:], uint32(len(w.b)-w.chunkStart))
	w.order.PutUint32(w.b[0x08:], uint32(len(w.b)))
	return w.b
}

// Const returns a count-1 track holding v, appending v to the table of
// kind k in t unless the table already holds it. Rotation values are raw
// s16.
func Const(t *j3d.Tables, k j3d.TrackKind, v float64) (j3d.Track, error) {
	idx, err := add(t, k, []float64{v})
	return j3d.Track{Count: 1, Index: idx}, err
}

// Keys returns a keyed track: each key is {time, value, tangent} for
// tangent mode 0, or {time, value, in, out} for any other mode. The values
// are appended to the table of kind k in t unless an identical sequence is
// already there (as exporters deduplicate). Rotation values, times and
// tangents are raw s16 and must be integers in range.
func Keys(t *j3d.Tables, k j3d.TrackKind, mode uint16, keys ...[]float64) (j3d.Track, error) {
	tr, flat, err := flatKeys(mode, keys)
	if err != nil {
		return tr, err
	}
	tr.Index, err = add(t, k, flat)
	return tr, err
}

// flatKeys checks that there are 2..65535 keys of the size tangent mode
// asks for and returns the track (without its index) and the keys' values
// in table order.
func flatKeys(mode uint16, keys [][]float64) (j3d.Track, []float64, error) {
	tr := j3d.Track{Count: uint16(len(keys)), TangentMode: mode}
	if len(keys) < 2 || len(keys) > math.MaxUint16 {
		return tr, nil, fmt.Errorf("keyed track needs 2..65535 keys, got %d", len(keys))
	}
	per := tr.ValuesPerKey()
	flat := make([]float64, 0, per*len(keys))
	for i, key := range keys {
		if len(key) != per {
			return tr, nil, fmt.Errorf("key %d has %d values, tangent mode %d needs %d", i, len(key), mode, per)
		}
		flat = append(flat, key...)
	}
	return tr, flat, nil
}

// add appends vals to table k of t (or finds them there) and returns the
// index.
func add(t *j3d.Tables, k j3d.TrackKind, vals []float64) (uint16, error) {
	switch k {
	case j3d.RotationTrack:
		seq, err := s16s("rotation table", vals)
		if err != nil {
			return 0, err
		}
		return appendSeq(&t.Rotation, seq)
	case j3d.ScaleTrack:
		return appendSeq(&t.Scale, toF32(vals))
	default:
		return appendSeq(&t.Translation, toF32(vals))
	}
}

// s16s converts vals to s16 values, which they must be exactly.
func s16s(what string, vals []float64) ([]int16, error) {
	seq := make([]int16, len(vals))
	for i, v := range vals {
		if v != math.Trunc(v) || v < math.MinInt16 || v > math.MaxInt16 {
			return nil, fmt.Errorf("%s value %v is not an s16", what, v)
		}
		seq[i] = int16(v)
	}
	return seq, nil
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
