package j3dtest

import (
	"fmt"
	"math"

	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/internal/chunkw"
)

// Encoders for the rest of the family (BRK, BPK, BTP, BVA), in the layout
// of the fixtures: the header, the entry tables (the first one
// 0x20-aligned), then every value, remap and name table on a 4-byte
// boundary (BVA's values on 0x20), the gaps filled with the padding text,
// the chunk rounded up to 0x20. Empty value tables get offset 0. Counts
// and offsets are computed from the slices; File (except LittleEndian and
// Reserved), Chunk, count and offset fields and the padding fields are
// ignored (padding is written as 0xFF). Track entries are written
// verbatim, even when they point outside the tables, so tests can build
// hostile files.

// colorNames name a colour's components in error messages, as the reader's
// do.
var colorNames = [4]string{"r", "g", "b", "a"}

// colorEntries writes colour entries; extra is called after each entry's
// tracks to write the rest of it.
func colorEntries(w *chunkw.Writer, entries []j3d.ColorTracks, extra func(i int)) {
	for i := range entries {
		for _, t := range entries[i] {
			w.U16(t.Count, t.Index, t.TangentMode)
		}
		if extra != nil {
			extra(i)
		}
	}
}

// s16Table writes a value table (4-aligned) and marks its offset field at;
// an empty table keeps offset 0.
func s16Table(w *chunkw.Writer, at int, v []int16) {
	if len(v) == 0 {
		return
	}
	w.Align(smallAlign)
	w.Mark(at)
	w.S16(v)
}

// remapAndNames writes a remap table (0, 1, 2, ... unless remap has one
// value per entry) and a name table, 4-aligned, marking their offset
// fields.
func remapAndNames(w *chunkw.Writer, format string, remapAt, namesAt int, remap []uint16, names []j3d.Name, n int) error {
	w.Align(smallAlign)
	w.Mark(remapAt)
	w.Remap(remap, n)
	return nameTab(w, format, namesAt, names)
}

func nameTab(w *chunkw.Writer, format string, at int, names []j3d.Name) error {
	w.Align(smallAlign)
	w.Mark(at)
	return nameTable(w, format, names)
}

func checkColorTables(format, which string, v *[4][]int16) error {
	for j := range v {
		if err := checkU16(format, fmt.Sprintf("%s%s value count", which, colorNames[j]), len(v[j])); err != nil {
			return err
		}
	}
	return nil
}

// EncodeBRK writes b as a BRK file. CNames and KNames need a name per
// entry.
func EncodeBRK(b *j3d.BRK) ([]byte, error) {
	nc, nk := len(b.CRegs), len(b.KRegs)
	if err := checkU16("brk", "C entry count", nc); err != nil {
		return nil, err
	}
	if err := checkU16("brk", "K entry count", nk); err != nil {
		return nil, err
	}
	if len(b.CNames) != nc || len(b.KNames) != nk {
		return nil, fmt.Errorf("brk: %d C and %d K entries need as many names (have %d, %d)", nc, nk, len(b.CNames), len(b.KNames))
	}
	if err := checkColorTables("brk", "C ", &b.CValues); err != nil {
		return nil, err
	}
	if err := checkColorTables("brk", "K ", &b.KValues); err != nil {
		return nil, err
	}
	w := newWriter(j3d.MagicBRK, "TRK1", &b.File)
	w.B = append(w.B, b.LoopMode, 0xFF)
	w.U16(b.Duration, uint16(nc), uint16(nk))
	for _, values := range []*[4][]int16{&b.CValues, &b.KValues} {
		for j := range 4 {
			w.U16(uint16(len(values[j])))
		}
	}
	cTable, kTable, cRemap, kRemap, cNames, kNames := w.Offset(), w.Offset(), w.Offset(), w.Offset(), w.Offset(), w.Offset()
	var cValues, kValues [4]int
	for j := range 4 {
		cValues[j] = w.Offset()
	}
	for j := range 4 {
		kValues[j] = w.Offset()
	}
	w.Align(tableAlign)
	regs := func(at int, e []j3d.RegEntry) {
		w.Align(smallAlign)
		w.Mark(at)
		tracks := make([]j3d.ColorTracks, len(e))
		for i := range e {
			tracks[i] = e[i].Tracks
		}
		colorEntries(w, tracks, func(i int) {
			w.B = append(w.B, e[i].ColorID, 0xFF, 0xFF, 0xFF)
		})
	}
	regs(cTable, b.CRegs)
	regs(kTable, b.KRegs)
	for j := range 4 {
		s16Table(w, cValues[j], b.CValues[j])
	}
	for j := range 4 {
		s16Table(w, kValues[j], b.KValues[j])
	}
	w.Align(smallAlign)
	w.Mark(cRemap)
	w.Remap(b.CRemap, nc)
	w.Align(smallAlign)
	w.Mark(kRemap)
	w.Remap(b.KRemap, nk)
	if err := nameTab(w, "brk", cNames, b.CNames); err != nil {
		return nil, err
	}
	if err := nameTab(w, "brk", kNames, b.KNames); err != nil {
		return nil, err
	}
	w.Align(tableAlign)
	return finish(w), nil
}

// EncodeBPK writes b as a BPK file. Names needs a name per entry.
func EncodeBPK(b *j3d.BPK) ([]byte, error) {
	n := len(b.Entries)
	if err := checkU16("bpk", "material count", n); err != nil {
		return nil, err
	}
	if len(b.Names) != n {
		return nil, fmt.Errorf("bpk: %d entries need as many names (have %d)", n, len(b.Names))
	}
	if err := checkColorTables("bpk", "", &b.Values); err != nil {
		return nil, err
	}
	w := newWriter(j3d.MagicBPK, "PAK1", &b.File)
	// PAK1 pads its loop mode with three bytes where the others have one.
	w.B = append(w.B, b.LoopMode, 0xFF, 0xFF, 0xFF)
	w.U16(b.Duration, uint16(n))
	for j := range 4 {
		w.U16(uint16(len(b.Values[j])))
	}
	table, remap, names := w.Offset(), w.Offset(), w.Offset()
	var values [4]int
	for j := range 4 {
		values[j] = w.Offset()
	}
	w.Align(tableAlign)
	w.Mark(table)
	colorEntries(w, b.Entries, nil)
	for j := range 4 {
		s16Table(w, values[j], b.Values[j])
	}
	if err := remapAndNames(w, "bpk", remap, names, b.Remap, b.Names, n); err != nil {
		return nil, err
	}
	w.Align(tableAlign)
	return finish(w), nil
}

// EncodeBTP writes b as a BTP file. Names needs a name per entry.
func EncodeBTP(b *j3d.BTP) ([]byte, error) {
	n := len(b.Entries)
	if err := checkU16("btp", "entry count", n); err != nil {
		return nil, err
	}
	if err := checkU16("btp", "texture number count", len(b.Values)); err != nil {
		return nil, err
	}
	if len(b.Names) != n {
		return nil, fmt.Errorf("btp: %d entries need as many names (have %d)", n, len(b.Names))
	}
	w := newWriter(j3d.MagicBTP, "TPT1", &b.File)
	w.B = append(w.B, b.LoopMode, 0xFF)
	w.U16(b.Duration, uint16(n), uint16(len(b.Values)))
	table, values, remap, names := w.Offset(), w.Offset(), w.Offset(), w.Offset()
	w.Align(tableAlign)
	w.Mark(table)
	for _, e := range b.Entries {
		w.U16(e.Count, e.Index)
		w.B = append(w.B, e.TexMap, 0xFF, 0xFF, 0xFF)
	}
	w.Align(smallAlign)
	w.Mark(values)
	w.U16(b.Values...)
	if err := remapAndNames(w, "btp", remap, names, b.Remap, b.Names, n); err != nil {
		return nil, err
	}
	w.Align(tableAlign)
	return finish(w), nil
}

// EncodeBVA writes b as a BVA file.
func EncodeBVA(b *j3d.BVA) ([]byte, error) {
	if err := checkU16("bva", "shape count", len(b.Shapes)); err != nil {
		return nil, err
	}
	if err := checkU16("bva", "visibility count", len(b.Values)); err != nil {
		return nil, err
	}
	w := newWriter(j3d.MagicBVA, "VAF1", &b.File)
	w.B = append(w.B, b.LoopMode, 0xFF)
	w.U16(b.Duration, uint16(len(b.Shapes)), uint16(len(b.Values)))
	table, values := w.Offset(), w.Offset()
	w.Align(tableAlign)
	w.Mark(table)
	for _, t := range b.Shapes {
		w.U16(t.Count, t.Index)
	}
	w.Align(tableAlign)
	w.Mark(values)
	w.B = append(w.B, b.Values...)
	w.Align(tableAlign)
	return finish(w), nil
}

// ColorConst returns a count-1 colour track holding v, appending v to
// table unless the table already holds it.
func ColorConst(table *[]int16, v int16) (j3d.Track, error) {
	idx, err := appendSeq(table, []int16{v})
	return j3d.Track{Count: 1, Index: idx}, err
}

// ColorKeys returns a keyed colour track: each key is {time, value,
// tangent} for tangent mode 0, or {time, value, in, out} for any other
// mode, all s16 integers. The values are appended to table unless an
// identical sequence is already there.
func ColorKeys(table *[]int16, mode uint16, keys ...[]float64) (j3d.Track, error) {
	tr, flat, err := flatKeys(mode, keys)
	if err != nil {
		return tr, err
	}
	seq, err := s16s("colour key", flat)
	if err != nil {
		return tr, err
	}
	tr.Index, err = appendSeq(table, seq)
	return tr, err
}

// FullSeq returns a full-frame track of the values, one per frame,
// appended to table unless the sequence is already there.
func FullSeq[T int16 | float32 | uint16 | uint8](table *[]T, values ...T) (j3d.FullTrack, error) {
	if len(values) > math.MaxUint16 {
		return j3d.FullTrack{}, fmt.Errorf("full-frame track of %d values does not fit a u16 count", len(values))
	}
	idx, err := appendSeq(table, values)
	return j3d.FullTrack{Count: uint16(len(values)), Index: idx}, err
}
