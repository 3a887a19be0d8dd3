// Package chunkw lays out one-chunk J3D files: the file header, one chunk
// whose offsets are relative to its start, the tables on the boundaries
// the exporters use, and the exporters' padding text in the gaps. The
// production encoders of formats/j3d (BCK, BCA, BTK) and the test-only
// encoders of formats/j3d/j3dtest (the rest of the family) share it, so
// there is one statement of how a J3D file is put together.
package chunkw

import (
	"encoding/binary"
	"fmt"
	"math"
)

// PaddingText is what the exporters fill alignment gaps with, restarted
// at every gap (the games' files end their longest gaps, 31 bytes, with
// "alignm").
const PaddingText = "This is padding data to alignment"

// HeaderSize is the J3D file header: magic, file size, chunk count and
// the 16 reserved bytes. The chunk starts right after it.
const HeaderSize = 0x20

// Order is a byte order that can also append.
type Order interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

// Writer builds a one-chunk J3D file in memory. B is the file so far;
// callers append fields to it directly or through the helpers.
type Writer struct {
	B          []byte
	Order      Order
	chunkStart int
}

// New starts a file with the given magic and chunk id (already in their
// little-endian spelling when little is set), the 16 reserved header
// bytes, and the chunk's id and a size to be filled in by Finish. It ends
// at the chunk's first field.
func New(magic, chunkID string, reserved [16]byte, little bool, sizeHint int) *Writer {
	w := &Writer{B: make([]byte, 0, max(sizeHint, 256)), Order: binary.BigEndian}
	if little {
		w.Order = binary.LittleEndian
	}
	w.B = append(w.B, magic...)
	w.Pad(4, 0) // file size
	w.U32(1)    // chunk count
	w.B = append(w.B, reserved[:]...)
	w.chunkStart = len(w.B)
	w.B = append(w.B, chunkID...)
	w.Pad(4, 0) // chunk size
	return w
}

// Pad appends n bytes of value v.
func (w *Writer) Pad(n int, v byte) {
	for range n {
		w.B = append(w.B, v)
	}
}

// Rel is the current position relative to the chunk start.
func (w *Writer) Rel() uint32 { return uint32(len(w.B) - w.chunkStart) }

// Offset appends a chunk-relative offset field, 0 until Mark fills it in,
// and returns its position.
func (w *Writer) Offset() int {
	at := len(w.B)
	w.Pad(4, 0)
	return at
}

// Mark stores the current chunk-relative position in the offset field at.
func (w *Writer) Mark(at int) { w.Order.PutUint32(w.B[at:], w.Rel()) }

// Align pads with the padding text up to a multiple of n relative to the
// chunk start (itself 0x20-aligned in the file).
func (w *Writer) Align(n int) {
	for i := 0; (len(w.B)-w.chunkStart)%n != 0; i++ {
		w.B = append(w.B, PaddingText[i%len(PaddingText)])
	}
}

// U16 appends u16 values.
func (w *Writer) U16(vs ...uint16) {
	for _, v := range vs {
		w.B = w.Order.AppendUint16(w.B, v)
	}
}

// S16 appends s16 values.
func (w *Writer) S16(vs []int16) {
	for _, v := range vs {
		w.B = w.Order.AppendUint16(w.B, uint16(v))
	}
}

// U32 appends a u32.
func (w *Writer) U32(v uint32) { w.B = w.Order.AppendUint32(w.B, v) }

// F32 appends f32 values.
func (w *Writer) F32(vs []float32) {
	for _, v := range vs {
		w.B = w.Order.AppendUint32(w.B, math.Float32bits(v))
	}
}

// Remap appends a remap table: remap when it has one value per entry,
// else 0, 1, 2, ... (the games do not read it).
func (w *Writer) Remap(remap []uint16, n int) {
	for i := range n {
		v := uint16(i)
		if len(remap) == n {
			v = remap[i]
		}
		w.U16(v)
	}
}

// NameTable appends a JUTNameTab: u16 count, u16 0xFFFF, {u16 hash, u16
// offset} per name, then the NUL-terminated names. Hashes are computed
// from the names with hash.
func (w *Writer) NameTable(format string, names []string, hash func(string) uint16) error {
	if len(names) > math.MaxUint16 {
		return fmt.Errorf("%s: %d names do not fit the name table's u16 count", format, len(names))
	}
	table := len(w.B)
	w.U16(uint16(len(names)), 0xFFFF)
	recs := len(w.B)
	w.Pad(4*len(names), 0)
	for i, nm := range names {
		off := len(w.B) - table
		if off > math.MaxUint16 {
			return fmt.Errorf("%s: name %d starts 0x%x bytes into the name table, past what a u16 offset reaches", format, i, off)
		}
		w.Order.PutUint16(w.B[recs+4*i:], hash(nm))
		w.Order.PutUint16(w.B[recs+4*i+2:], uint16(off))
		w.B = append(w.B, nm...)
		w.B = append(w.B, 0)
	}
	return nil
}

// Finish fills in the chunk size (chunkEnd bytes after the chunk start,
// which may differ from what was written: a TTK1 chunk states its 4-byte
// trailer even where the file ends before it) and the file size (the
// bytes written), and returns the file.
func (w *Writer) Finish(chunkSize uint32) []byte {
	w.Order.PutUint32(w.B[w.chunkStart+4:], chunkSize)
	w.Order.PutUint32(w.B[0x08:], uint32(len(w.B)))
	return w.B
}

// ChunkStart is the file offset of the chunk.
func (w *Writer) ChunkStart() int { return w.chunkStart }
