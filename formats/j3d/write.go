package j3d

import (
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d/internal/chunkw"
)

// The encoders write the layout of the games' own files (checked byte for
// byte against The Wind Waker's Link.arc, the Super Mario Galaxy archives
// and Mario Kart: Double Dash's course archive):
//
//   - the file header with the stored reserved block (FileHeader.Reserved;
//     0xFF when zero) and one chunk;
//   - ANK1 and ANF1: the track table at 0x40, then the scale, rotation and
//     translation tables, each on a 0x20 boundary; the chunk and the file
//     end on a 0x20 boundary;
//   - TTK1: the entry table at 0x60, then the remap, name, texGen, center,
//     scale, rotation and translation tables, each on a 4-byte boundary;
//     the chunk states 4 bytes more than the tables (00 00 FF FF), and the
//     file ends on the first 0x20 boundary after the tables, so where the
//     tables end on one the chunk states 4 bytes the file does not hold
//     (the quirk DecodeBTK tolerates);
//   - gaps filled with the exporters' padding text.
//
// Counts, offsets and sizes are computed from the slices; the stored
// count, offset and size fields, File (but Reserved, LittleEndian, which
// picks the byte order, and Trimmed) and Chunk are ignored. Tracks are
// checked against the tables as the decoders check them, so what the
// encoders write, the decoders read back.

// Table alignments of the layout above.
const (
	tableAlign = 0x20
	smallAlign = 4
)

// ttk1Trailer is what the games' TTK1 chunks hold after their last table
// and count in their size.
var ttk1Trailer = [4]byte{0x00, 0x00, 0xFF, 0xFF}

// EncodeBCK writes b as a BCK file. File.Trimmed bytes of final padding
// are left off, as an archive entry that lacked them did.
func EncodeBCK(b *BCK) ([]byte, error) {
	const format = "bck"
	if b == nil {
		return nil, fmt.Errorf("%s: nothing to encode (nil)", format)
	}
	if err := checkHeader(format, b.LoopMode, len(b.Joints), "joint count", &b.Tables); err != nil {
		return nil, err
	}
	if err := checkSets(format, b.Joints, &b.Tables, "joint", anim.JointTarget); err != nil {
		return nil, err
	}
	w := newFile(MagicBCK, "ANK1", &b.File, ank1HeaderSize+len(b.Joints)*TrackSetSize+tablesSize(&b.Tables))
	w.B = append(w.B, b.LoopMode, b.RotationFrac)
	w.U16(b.Duration, uint16(len(b.Joints)), uint16(len(b.Scale)), uint16(len(b.Rotation)), uint16(len(b.Translation)))
	joints, scale, rot, trans := w.Offset(), w.Offset(), w.Offset(), w.Offset()
	w.Align(tableAlign)
	w.Mark(joints)
	writeSets(w, b.Joints)
	writeTables(w, &b.Tables, [3]int{scale, rot, trans}, tableAlign)
	return finishAligned(w, b.File.Trimmed), nil
}

// EncodeBCA writes b as a BCA file, in BCK's layout (the byte after the
// loop mode is 0xFF: ANF1 has no rotation fraction).
func EncodeBCA(b *BCA) ([]byte, error) {
	const format = "bca"
	if b == nil {
		return nil, fmt.Errorf("%s: nothing to encode (nil)", format)
	}
	if err := checkHeader(format, b.LoopMode, len(b.Joints), "joint count", &b.Tables); err != nil {
		return nil, err
	}
	for i := range b.Joints {
		for j, t := range b.Joints[i] {
			if msg := checkFull(t, b.Tables.Len(KindOf(j)), false); msg != "" {
				return nil, fmt.Errorf("%s: joint %d %s: %s %s", format, i, trackName(j, anim.JointTarget), KindOf(j), msg)
			}
		}
	}
	w := newFile(MagicBCA, "ANF1", &b.File, anf1HeaderSize+len(b.Joints)*FullSetSize+tablesSize(&b.Tables))
	w.B = append(w.B, b.LoopMode, 0xFF)
	w.U16(b.Duration, uint16(len(b.Joints)), uint16(len(b.Scale)), uint16(len(b.Rotation)), uint16(len(b.Translation)))
	joints, scale, rot, trans := w.Offset(), w.Offset(), w.Offset(), w.Offset()
	w.Align(tableAlign)
	w.Mark(joints)
	for i := range b.Joints {
		for _, t := range b.Joints[i] {
			w.U16(t.Count, t.Index)
		}
	}
	writeTables(w, &b.Tables, [3]int{scale, rot, trans}, tableAlign)
	return finishAligned(w, b.File.Trimmed), nil
}

// EncodeBTK writes b as a BTK file. Names, TexGens and Centers need one
// element per entry (Names may have more: all are written); name hashes
// are computed from the names; the remap table is b.Remap when it has one
// value per entry, else 0, 1, 2, ...
func EncodeBTK(b *BTK) ([]byte, error) {
	const format = "btk"
	if b == nil {
		return nil, fmt.Errorf("%s: nothing to encode (nil)", format)
	}
	n := len(b.Entries)
	if err := checkHeader(format, b.LoopMode, 3*n, "track count (3 × entries)", &b.Tables); err != nil {
		return nil, err
	}
	if len(b.Names) < n || len(b.TexGens) != n || len(b.Centers) != n {
		return nil, fmt.Errorf("%s: %d entries need as many names (have %d), texGens (%d) and centers (%d)", format, n, len(b.Names), len(b.TexGens), len(b.Centers))
	}
	if err := checkSets(format, b.Entries, &b.Tables, "entry", anim.TexSRTTarget); err != nil {
		return nil, err
	}
	w := newFile(MagicBTK, "TTK1", &b.File, ttk1HeaderSize+n*(TrackSetSize+2+1+12)+tablesSize(&b.Tables)+16*len(b.Names))
	w.B = append(w.B, b.LoopMode, b.RotationFrac)
	w.U16(b.Duration, uint16(3*n), uint16(len(b.Scale)), uint16(len(b.Rotation)), uint16(len(b.Translation)))
	entries, remap, names, texGens, centers := w.Offset(), w.Offset(), w.Offset(), w.Offset(), w.Offset()
	scale, rot, trans := w.Offset(), w.Offset(), w.Offset()
	w.B = append(w.B, b.PostMatrix[:]...)
	w.U32(b.CalcType)
	w.Align(tableAlign)
	w.Mark(entries)
	writeSets(w, b.Entries)

	w.Align(smallAlign)
	w.Mark(remap)
	w.Remap(b.Remap, n)

	w.Align(smallAlign)
	w.Mark(names)
	strs := make([]string, len(b.Names))
	for i, nm := range b.Names {
		strs[i] = nm.Name
	}
	if err := w.NameTable(format, strs, NameHash); err != nil {
		return nil, err
	}

	w.Align(smallAlign)
	w.Mark(texGens)
	w.B = append(w.B, b.TexGens...)

	w.Align(smallAlign)
	w.Mark(centers)
	for _, c := range b.Centers {
		w.F32(c[:])
	}
	writeTables(w, &b.Tables, [3]int{scale, rot, trans}, smallAlign)

	// The chunk counts the trailer; the file ends on the next 0x20
	// boundary after the tables, even when that cuts the trailer off.
	chunkSize := w.Rel() + uint32(len(ttk1Trailer))
	end := alignUp(len(w.B), tableAlign)
	w.B = append(w.B, ttk1Trailer[:min(len(ttk1Trailer), end-len(w.B))]...)
	padText(w, end)
	return w.Finish(chunkSize), nil
}

// newFile starts a one-chunk file in the byte order and with the reserved
// block of h.
func newFile(magic, chunkID string, h *FileHeader, sizeHint int) *chunkw.Writer {
	reserved := h.Reserved
	if reserved == ([16]byte{}) {
		for i := range reserved {
			reserved[i] = 0xFF
		}
	}
	if h.LittleEndian {
		magic, chunkID = LittleMagic(magic), LittleMagic(chunkID)
	}
	return chunkw.New(magic, chunkID, reserved, h.LittleEndian, chunkw.HeaderSize+sizeHint+0x80)
}

// finishAligned ends an ANK1/ANF1 chunk (and the file) on a 0x20
// boundary and leaves off the last trim bytes when they are all padding.
func finishAligned(w *chunkw.Writer, trim int) []byte {
	tablesEnd := len(w.B)
	w.Align(tableAlign)
	out := w.Finish(w.Rel())
	if trim > 0 && trim <= len(out)-tablesEnd {
		out = out[:len(out)-trim]
	}
	return out
}

// padText pads with the padding text up to file offset end.
func padText(w *chunkw.Writer, end int) {
	for i := 0; len(w.B) < end; i++ {
		w.B = append(w.B, chunkw.PaddingText[i%len(chunkw.PaddingText)])
	}
}

func alignUp(n, a int) int { return (n + a - 1) / a * a }

// tablesSize is the bytes the three value tables take.
func tablesSize(t *Tables) int { return 4*len(t.Scale) + 2*len(t.Rotation) + 4*len(t.Translation) }

// checkHeader checks what every encoder needs: a loop mode the decoders
// accept and counts that fit their u16 fields.
func checkHeader(format string, loop uint8, n int, what string, t *Tables) error {
	if loop >= anim.NumLoopModes {
		return fmt.Errorf("%s: loop mode %d is not 0..4", format, loop)
	}
	if n > math.MaxUint16 {
		return fmt.Errorf("%s: %s %d does not fit in 16 bits", format, what, n)
	}
	for k := ScaleTrack; k <= TranslationTrack; k++ {
		if l := t.Len(k); l > math.MaxUint16 {
			return fmt.Errorf("%s: %s table has %d values, more than a u16 count holds", format, k, l)
		}
	}
	return nil
}

// checkSets applies the decoders' track rule to every track.
func checkSets(format string, sets []TrackSet, t *Tables, what string, k anim.TargetKind) error {
	for i := range sets {
		for j, tr := range sets[i] {
			if msg := checkTrack(tr, t.Len(KindOf(j)), KindOf(j)); msg != "" {
				return fmt.Errorf("%s: %s %d %s: %s", format, what, i, trackName(j, k), msg)
			}
		}
	}
	return nil
}

func writeSets(w *chunkw.Writer, sets []TrackSet) {
	for i := range sets {
		for _, t := range sets[i] {
			w.U16(t.Count, t.Index, t.TangentMode)
		}
	}
}

// writeTables writes the three value tables, each aligned to align, and
// stores their chunk-relative offsets in the offset fields at.
func writeTables(w *chunkw.Writer, t *Tables, at [3]int, align int) {
	w.Align(align)
	w.Mark(at[0])
	w.F32(t.Scale)
	w.Align(align)
	w.Mark(at[1])
	w.S16(t.Rotation)
	w.Align(align)
	w.Mark(at[2])
	w.F32(t.Translation)
}
