package j3dtest

import (
	"fmt"
	"math"

	"github.com/animscope/animscope/formats/j3d"
)

// Encoders for the rest of the family, in the layout of the exporters (and
// of the fixtures): the header, the entry tables (the first one
// 0x20-aligned), then every value, remap and name table on a 4-byte
// boundary (BCA's value tables and BVA's on 0x20, as BCK's), the gaps
// filled with the padding text, the chunk rounded up to 0x20. Empty value
// tables get offset 0. Counts and offsets are computed from the slices;
// File (except File.LittleEndian), Chunk, count and offset fields and the
// padding fields are ignored (padding is written as 0xFF). Track entries
// are written verbatim, even when they point outside the tables, so tests
// can build hostile files.

// colorNames name a colour's components in error messages, as the reader's
// do.
var colorNames = [4]string{"r", "g", "b", "a"}

// EncodeBCA writes b as a BCA file.
func EncodeBCA(b *j3d.BCA) ([]byte, error) {
	if err := checkU16("bca", "joint count", len(b.Joints)); err != nil {
		return nil, err
	}
	if err := checkCounts(&b.Tables, "bca"); err != nil {
		return nil, err
	}
	w := newWriter(j3d.MagicBCA, "ANF1", b.File.LittleEndian)
	w.b = append(w.b, b.LoopMode, 0xFF)
	w.append16(b.Duration, uint16(len(b.Joints)), uint16(len(b.Scale)), uint16(len(b.Rotation)), uint16(len(b.Translation)))
	joints, scale, rot, trans := w.offset(), w.offset(), w.offset(), w.offset()
	w.align(tableAlign)
	w.mark(joints)
	for i := range b.Joints {
		for _, t := range b.Joints[i] {
			w.append16(t.Count, t.Index)
		}
	}
	w.tables(&b.Tables, scale, rot, trans, 0)
	return w.finish(), nil
}

// colorEntries writes colour entries; extra is called after each entry's
// tracks to write the rest of it.
func (w *writer) colorEntries(entries []j3d.ColorTracks, extra func(i int)) {
	for i := range entries {
		for _, t := range entries[i] {
			w.append16(t.Count, t.Index, t.TangentMode)
		}
		if extra != nil {
			extra(i)
		}
	}
}

// s16Table writes a value table (4-aligned) and marks its offset field at;
// an empty table keeps offset 0.
func (w *writer) s16Table(at int, v []int16) {
	if len(v) == 0 {
		return
	}
	w.align(smallAlign)
	w.mark(at)
	for _, x := range v {
		w.append16(uint16(x))
	}
}

// remapAndNames writes a remap table (0, 1, 2, ... unless remap has one
// value per entry) and a name table, 4-aligned, marking their offset
// fields.
func (w *writer) remapAndNames(format string, remapAt, namesAt int, remap []uint16, names []j3d.Name, n int) error {
	w.align(smallAlign)
	w.mark(remapAt)
	w.remap(remap, n)
	return w.names(format, namesAt, names)
}

func (w *writer) names(format string, at int, names []j3d.Name) error {
	w.align(smallAlign)
	w.mark(at)
	return w.nameTable(format, names)
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
	w := newWriter(j3d.MagicBRK, "TRK1", b.File.LittleEndian)
	w.b = append(w.b, b.LoopMode, 0xFF)
	w.append16(b.Duration, uint16(nc), uint16(nk))
	for _, values := range []*[4][]int16{&b.CValues, &b.KValues} {
		for j := range 4 {
			w.append16(uint16(len(values[j])))
		}
	}
	cTable, kTable, cRemap, kRemap, cNames, kNames := w.offset(), w.offset(), w.offset(), w.offset(), w.offset(), w.offset()
	var cValues, kValues [4]int
	for j := range 4 {
		cValues[j] = w.offset()
	}
	for j := range 4 {
		kValues[j] = w.offset()
	}
	w.align(tableAlign)
	regs := func(at int, e []j3d.RegEntry) {
		w.align(smallAlign)
		w.mark(at)
		tracks := make([]j3d.ColorTracks, len(e))
		for i := range e {
			tracks[i] = e[i].Tracks
		}
		w.colorEntries(tracks, func(i int) {
			w.b = append(w.b, e[i].ColorID, 0xFF, 0xFF, 0xFF)
		})
	}
	regs(cTable, b.CRegs)
	regs(kTable, b.KRegs)
	for j := range 4 {
		w.s16Table(cValues[j], b.CValues[j])
	}
	for j := range 4 {
		w.s16Table(kValues[j], b.KValues[j])
	}
	w.align(smallAlign)
	w.mark(cRemap)
	w.remap(b.CRemap, nc)
	w.align(smallAlign)
	w.mark(kRemap)
	w.remap(b.KRemap, nk)
	if err := w.names("brk", cNames, b.CNames); err != nil {
		return nil, err
	}
	if err := w.names("brk", kNames, b.KNames); err != nil {
		return nil, err
	}
	w.align(tableAlign)
	return w.finish(), nil
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
	w := newWriter(j3d.MagicBPK, "PAK1", b.File.LittleEndian)
	// PAK1 pads its loop mode with three bytes where the others have one.
	w.b = append(w.b, b.LoopMode, 0xFF, 0xFF, 0xFF)
	w.append16(b.Duration, uint16(n))
	for j := range 4 {
		w.append16(uint16(len(b.Values[j])))
	}
	table, remap, names := w.offset(), w.offset(), w.offset()
	var values [4]int
	for j := range 4 {
		values[j] = w.offset()
	}
	w.align(tableAlign)
	w.mark(table)
	w.colorEntries(b.Entries, nil)
	for j := range 4 {
		w.s16Table(values[j], b.Values[j])
	}
	if err := w.remapAndNames("bpk", remap, names, b.Remap, b.Names, n); err != nil {
		return nil, err
	}
	w.align(tableAlign)
	return w.finish(), nil
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
	w := newWriter(j3d.MagicBTP, "TPT1", b.File.LittleEndian)
	w.b = append(w.b, b.LoopMode, 0xFF)
	w.append16(b.Duration, uint16(n), uint16(len(b.Values)))
	table, values, remap, names := w.offset(), w.offset(), w.offset(), w.offset()
	w.align(tableAlign)
	w.mark(table)
	for _, e := range b.Entries {
		w.append16(e.Count, e.Index)
		w.b = append(w.b, e.TexMap, 0xFF, 0xFF, 0xFF)
	}
	w.align(smallAlign)
	w.mark(values)
	w.append16(b.Values...)
	if err := w.remapAndNames("btp", remap, names, b.Remap, b.Names, n); err != nil {
		return nil, err
	}
	w.align(tableAlign)
	return w.finish(), nil
}

// EncodeBVA writes b as a BVA file.
func EncodeBVA(b *j3d.BVA) ([]byte, error) {
	if err := checkU16("bva", "shape count", len(b.Shapes)); err != nil {
		return nil, err
	}
	if err := checkU16("bva", "visibility count", len(b.Values)); err != nil {
		return nil, err
	}
	w := newWriter(j3d.MagicBVA, "VAF1", b.File.LittleEndian)
	w.b = append(w.b, b.LoopMode, 0xFF)
	w.append16(b.Duration, uint16(len(b.Shapes)), uint16(len(b.Values)))
	table, values := w.offset(), w.offset()
	w.align(tableAlign)
	w.mark(table)
	for _, t := range b.Shapes {
		w.append16(t.Count, t.Index)
	}
	w.align(tableAlign)
	w.mark(values)
	w.b = append(w.b, b.Values...)
	w.align(tableAlign)
	return w.finish(), nil
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
