package j3d

import (
	"fmt"
	"math"
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

// EncodeBCA writes b as a BCA file.
func EncodeBCA(b *BCA) ([]byte, error) {
	if err := checkU16("bca", "joint count", len(b.Joints)); err != nil {
		return nil, err
	}
	if err := b.Tables.checkCounts("bca"); err != nil {
		return nil, err
	}
	w := newWriter(MagicBCA, "ANF1", b.File.LittleEndian)
	c := w.chunkStart
	w.pad(anf1HeaderSize-chunkHeaderSize, 0)
	w.put8(c+anf1LoopMode, b.LoopMode)
	w.put8(c+anf1LoopMode+1, 0xFF)
	w.put16(c+anf1Duration, b.Duration)
	w.put16(c+anf1JointCount, uint16(len(b.Joints)))
	w.put16(c+anf1ScaleCount, uint16(len(b.Scale)))
	w.put16(c+anf1RotationCount, uint16(len(b.Rotation)))
	w.put16(c+anf1TranslationCount, uint16(len(b.Translation)))
	w.align(tableAlign)
	w.put32(c+anf1JointOffset, w.rel())
	for i := range b.Joints {
		for _, t := range b.Joints[i] {
			w.append16(t.Count)
			w.append16(t.Index)
		}
	}
	w.tables(&b.Tables, c+anf1ScaleOffset, c+anf1RotationOffset, c+anf1TranslationOffset, 0)
	return w.finish(), nil
}

// colorEntries writes colour entries; extra is called after each entry's
// tracks to write the rest of it.
func (w *writer) colorEntries(entries []ColorTracks, extra func(i int)) {
	for i := range entries {
		for _, t := range entries[i] {
			w.append16(t.Count)
			w.append16(t.Index)
			w.append16(t.TangentMode)
		}
		if extra != nil {
			extra(i)
		}
	}
}

// s16Table writes a value table (4-aligned) and its offset at at; an empty
// table gets offset 0.
func (w *writer) s16Table(at int, v []int16) {
	if len(v) == 0 {
		return
	}
	w.align(smallAlign)
	w.put32(at, w.rel())
	for _, x := range v {
		w.append16(uint16(x))
	}
}

// remapAndNames writes a remap table (0, 1, 2, ... unless remap has one
// value per entry) and a name table, 4-aligned, with their offsets.
func (w *writer) remapAndNames(format string, remapAt, namesAt int, remap []uint16, names []Name, n int) error {
	w.align(smallAlign)
	w.put32(remapAt, w.rel())
	for i := range n {
		v := uint16(i)
		if len(remap) == n {
			v = remap[i]
		}
		w.append16(v)
	}
	return w.names(format, namesAt, names)
}

func (w *writer) names(format string, at int, names []Name) error {
	w.align(smallAlign)
	w.put32(at, w.rel())
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
func EncodeBRK(b *BRK) ([]byte, error) {
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
	w := newWriter(MagicBRK, "TRK1", b.File.LittleEndian)
	c := w.chunkStart
	w.pad(trk1HeaderSize-chunkHeaderSize, 0)
	w.put8(c+trk1LoopMode, b.LoopMode)
	w.put8(c+trk1LoopMode+1, 0xFF)
	w.put16(c+trk1Duration, b.Duration)
	w.put16(c+trk1CCount, uint16(nc))
	w.put16(c+trk1KCount, uint16(nk))
	for j := range 4 {
		w.put16(c+trk1CValueCounts+2*j, uint16(len(b.CValues[j])))
		w.put16(c+trk1KValueCounts+2*j, uint16(len(b.KValues[j])))
	}
	w.align(tableAlign)
	regs := func(at int, e []RegEntry) {
		w.align(smallAlign)
		w.put32(at, w.rel())
		tracks := make([]ColorTracks, len(e))
		for i := range e {
			tracks[i] = e[i].Tracks
		}
		w.colorEntries(tracks, func(i int) {
			w.b = append(w.b, e[i].ColorID, 0xFF, 0xFF, 0xFF)
		})
	}
	regs(c+trk1CTableOffset, b.CRegs)
	regs(c+trk1KTableOffset, b.KRegs)
	for j := range 4 {
		w.s16Table(c+trk1CValueOffsets+4*j, b.CValues[j])
	}
	for j := range 4 {
		w.s16Table(c+trk1KValueOffsets+4*j, b.KValues[j])
	}
	for _, r := range []struct {
		at    int
		remap []uint16
		n     int
	}{{c + trk1CRemapOffset, b.CRemap, nc}, {c + trk1KRemapOffset, b.KRemap, nk}} {
		w.align(smallAlign)
		w.put32(r.at, w.rel())
		for i := range r.n {
			v := uint16(i)
			if len(r.remap) == r.n {
				v = r.remap[i]
			}
			w.append16(v)
		}
	}
	if err := w.names("brk", c+trk1CNameOffset, b.CNames); err != nil {
		return nil, err
	}
	if err := w.names("brk", c+trk1KNameOffset, b.KNames); err != nil {
		return nil, err
	}
	w.align(tableAlign)
	return w.finish(), nil
}

// EncodeBPK writes b as a BPK file. Names needs a name per entry.
func EncodeBPK(b *BPK) ([]byte, error) {
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
	w := newWriter(MagicBPK, "PAK1", b.File.LittleEndian)
	c := w.chunkStart
	w.pad(pak1HeaderSize-chunkHeaderSize, 0)
	w.put8(c+pak1LoopMode, b.LoopMode)
	for j := range pak1PaddingLength {
		w.put8(c+pak1LoopMode+1+j, 0xFF)
	}
	w.put16(c+pak1Duration, b.Duration)
	w.put16(c+pak1EntryCount, uint16(n))
	for j := range 4 {
		w.put16(c+pak1ValueCounts+2*j, uint16(len(b.Values[j])))
	}
	w.align(tableAlign)
	w.put32(c+pak1TableOffset, w.rel())
	w.colorEntries(b.Entries, nil)
	for j := range 4 {
		w.s16Table(c+pak1ValueOffsets+4*j, b.Values[j])
	}
	if err := w.remapAndNames("bpk", c+pak1RemapOffset, c+pak1NameOffset, b.Remap, b.Names, n); err != nil {
		return nil, err
	}
	w.align(tableAlign)
	return w.finish(), nil
}

// EncodeBTP writes b as a BTP file. Names needs a name per entry.
func EncodeBTP(b *BTP) ([]byte, error) {
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
	w := newWriter(MagicBTP, "TPT1", b.File.LittleEndian)
	c := w.chunkStart
	w.pad(tpt1HeaderSize-chunkHeaderSize, 0)
	w.put8(c+tpt1LoopMode, b.LoopMode)
	w.put8(c+tpt1LoopMode+1, 0xFF)
	w.put16(c+tpt1Duration, b.Duration)
	w.put16(c+tpt1EntryCount, uint16(n))
	w.put16(c+tpt1ValueCount, uint16(len(b.Values)))
	w.align(tableAlign)
	w.put32(c+tpt1TableOffset, w.rel())
	for _, e := range b.Entries {
		w.append16(e.Count)
		w.append16(e.Index)
		w.b = append(w.b, e.TexMap, 0xFF, 0xFF, 0xFF)
	}
	w.align(smallAlign)
	w.put32(c+tpt1ValueOffset, w.rel())
	for _, v := range b.Values {
		w.append16(v)
	}
	if err := w.remapAndNames("btp", c+tpt1RemapOffset, c+tpt1NameOffset, b.Remap, b.Names, n); err != nil {
		return nil, err
	}
	w.align(tableAlign)
	return w.finish(), nil
}

// EncodeBVA writes b as a BVA file.
func EncodeBVA(b *BVA) ([]byte, error) {
	if err := checkU16("bva", "shape count", len(b.Shapes)); err != nil {
		return nil, err
	}
	if err := checkU16("bva", "visibility count", len(b.Values)); err != nil {
		return nil, err
	}
	w := newWriter(MagicBVA, "VAF1", b.File.LittleEndian)
	c := w.chunkStart
	w.pad(vaf1HeaderSize-chunkHeaderSize, 0)
	w.put8(c+vaf1LoopMode, b.LoopMode)
	w.put8(c+vaf1LoopMode+1, 0xFF)
	w.put16(c+vaf1Duration, b.Duration)
	w.put16(c+vaf1ShapeCount, uint16(len(b.Shapes)))
	w.put16(c+vaf1ValueCount, uint16(len(b.Values)))
	w.align(tableAlign)
	w.put32(c+vaf1TableOffset, w.rel())
	for _, t := range b.Shapes {
		w.append16(t.Count)
		w.append16(t.Index)
	}
	w.align(tableAlign)
	w.put32(c+vaf1ValueOffset, w.rel())
	w.b = append(w.b, b.Values...)
	w.align(tableAlign)
	return w.finish(), nil
}

// ColorConst returns a count-1 colour track holding v, appending v to
// table unless the table already holds it.
func ColorConst(table *[]int16, v int16) (Track, error) {
	idx, err := appendSeq(table, []int16{v})
	return Track{Count: 1, Index: idx}, err
}

// ColorKeys returns a keyed colour track: each key is {time, value,
// tangent} for tangent mode 0, or {time, value, in, out} for any other
// mode, all s16 integers. The values are appended to table unless an
// identical sequence is already there.
func ColorKeys(table *[]int16, mode uint16, keys ...[]float64) (Track, error) {
	tr := Track{Count: uint16(len(keys)), TangentMode: mode}
	if len(keys) < 2 || len(keys) > math.MaxUint16 {
		return tr, fmt.Errorf("keyed track needs 2..65535 keys, got %d", len(keys))
	}
	per := tr.ValuesPerKey()
	seq := make([]int16, 0, per*len(keys))
	for i, key := range keys {
		if len(key) != per {
			return tr, fmt.Errorf("key %d has %d values, tangent mode %d needs %d", i, len(key), mode, per)
		}
		for _, v := range key {
			if v != math.Trunc(v) || v < math.MinInt16 || v > math.MaxInt16 {
				return tr, fmt.Errorf("key %d value %v is not an s16", i, v)
			}
			seq = append(seq, int16(v))
		}
	}
	var err error
	tr.Index, err = appendSeq(table, seq)
	return tr, err
}

// FullSeq returns a full-frame track of the values, one per frame,
// appended to table unless the sequence is already there.
func FullSeq[T int16 | float32 | uint16 | uint8](table *[]T, values ...T) (FullTrack, error) {
	if len(values) > math.MaxUint16 {
		return FullTrack{}, fmt.Errorf("full-frame track of %d values does not fit a u16 count", len(values))
	}
	idx, err := appendSeq(table, values)
	return FullTrack{Count: uint16(len(values)), Index: idx}, err
}
