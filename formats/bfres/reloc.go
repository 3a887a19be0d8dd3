package bfres

import "encoding/binary"

// RelocTable is the _RLT block.
type RelocTable struct {
	Offset   int64
	Sections []RelocSection
	Entries  []RelocEntry
}

// RelocSection is one relocation section.
type RelocSection struct {
	Pointer                uint64
	Offset, Size           uint32
	FirstEntry, NumEntries uint32
}

// RelocEntry lists Chunks runs of Words 8-byte pointers, each run followed
// by Skip words that are not pointers, from Offset (inside its section).
type RelocEntry struct {
	Offset      uint32
	Chunks      uint16
	Words, Skip uint8
}

// readRelocTable reads and checks the _RLT block: sections inside the file,
// entries inside their section, pointer runs that neither overlap nor
// leave the file, and every relocated pointer 0 or inside the file.
func (d *decoder) readRelocTable(off int64) (RelocTable, error) {
	rt := RelocTable{Offset: off}
	h, err := d.structAt(off, 0x10, "relocation table")
	if err != nil {
		return rt, err
	}
	if !d.magicAt(off, "_RLT") {
		return rt, d.errf(off, "relocation table offset does not point at an _RLT block")
	}
	self := h.u32(4)
	nsec := h.u32(8)
	if h.err != nil {
		return rt, h.err
	}
	if int64(self) != off {
		return rt, d.errf(off+4, "relocation table states its offset as 0x%x, it is at 0x%x", self, off)
	}
	avail := int64(d.r.Len()) - off - 0x10
	if int64(nsec) > avail/0x18 {
		return rt, d.errf(off+8, "relocation table: %d sections do not fit in the file", nsec)
	}
	entriesAt := off + 0x10 + 0x18*int64(nsec)
	var total int64
	for i := int64(0); i < int64(nsec); i++ {
		s, err := d.structAt(off+0x10+0x18*i, 0x18, "relocation section")
		if err != nil {
			return rt, err
		}
		sec := RelocSection{Pointer: s.u64(0), Offset: s.u32(8), Size: s.u32(0x0C), FirstEntry: s.u32(0x10), NumEntries: s.u32(0x14)}
		if s.err != nil {
			return rt, s.err
		}
		if int64(sec.Offset)+int64(sec.Size) > int64(d.r.Len()) {
			return rt, d.errf(s.base+8, "relocation section %d (0x%x + 0x%x) runs past the end of the file", i, sec.Offset, sec.Size)
		}
		if int64(sec.FirstEntry) != total {
			return rt, d.errf(s.base+0x10, "relocation section %d starts at entry %d, expected %d", i, sec.FirstEntry, total)
		}
		total += int64(sec.NumEntries)
		rt.Sections = append(rt.Sections, sec)
	}
	if !d.r.In(entriesAt, 8*total) {
		return rt, d.errf(entriesAt, "relocation table: %d entries run past the end of the file", total)
	}
	if err := d.charge(entriesAt, 8*total, "relocation entries"); err != nil {
		return rt, err
	}
	// One bit per 8-byte word marks the relocated pointers: a word marked
	// twice is listed by two entries (overlap).
	size := int64(d.r.Len())
	seen := make([]uint64, (size/8+63)/64)
	// The entries and every pointer run lie in the file (checked above
	// and per entry below): they are read from its bytes directly, as
	// files list tens of thousands of pointers.
	le, file := binary.LittleEndian, d.r.B
	entries := file[entriesAt : entriesAt+8*total]
	rt.Entries = make([]RelocEntry, 0, total)
	for si, sec := range rt.Sections {
		for k := int64(0); k < int64(sec.NumEntries); k++ {
			i := 8 * (int64(sec.FirstEntry) + k)
			eo := entriesAt + i
			e := RelocEntry{Offset: le.Uint32(entries[i:]), Chunks: le.Uint16(entries[i+4:]), Words: entries[i+6], Skip: entries[i+7]}
			start := int64(e.Offset)
			stride := (int64(e.Words) + int64(e.Skip)) * 8
			end := start + int64(e.Chunks)*stride - 8*int64(e.Skip)
			// Sections group pointers by where they point (section 1 holds
			// the pointers into the GPU buffer data, wherever they sit), so
			// an entry only has to lie in the file; its pointers must point
			// into its section.
			if e.Words == 0 || e.Chunks == 0 || end > size || start%8 != 0 {
				return rt, d.errf(eo, "relocation entry (offset 0x%x, %d×(%d+%d) words) is empty, misaligned or runs past the end of the file", e.Offset, e.Chunks, e.Words, e.Skip)
			}
			secEnd := uint64(sec.Offset) + uint64(sec.Size)
			for ch := int64(0); ch < int64(e.Chunks); ch++ {
				rs := start + ch*stride
				if err := d.charge(rs, 8*int64(e.Words), "relocated pointers"); err != nil {
					return rt, err
				}
				for p := rs; p < rs+8*int64(e.Words); p += 8 {
					w, bit := p/8/64, uint64(1)<<(p/8%64)
					if seen[w]&bit != 0 {
						return rt, d.errf(p, "relocation entries overlap at 0x%x", p)
					}
					seen[w] |= bit
					if v := le.Uint64(file[p:]); v >= uint64(size) || v != 0 && (v < uint64(sec.Offset) || v > secEnd) {
						return rt, d.errf(p, "relocated pointer 0x%x (listed by relocation entry at 0x%x) is outside the file or its section %d (0x%x..0x%x)", v, eo, si, sec.Offset, secEnd)
					}
				}
			}
			rt.Entries = append(rt.Entries, e)
		}
	}
	d.relocated, d.rlt = seen, off
	return rt, nil
}

// pointer reads the u64 pointer field at off (0 for null); a non-null
// one must be listed in the relocation table.
func (d *decoder) pointer(off int64, what string) (uint64, error) {
	v, err := d.r.U64(off)
	if err != nil {
		return 0, d.errf(off, "%s: %v", what, err)
	}
	if v == 0 {
		return 0, nil
	}
	return v, d.checkRelocated(off, what)
}

// checkRelocated fails unless the relocation table lists the pointer
// field at off: the runtime relocates only the listed fields, so any other
// non-null pointer would stay a file offset in memory.
func (d *decoder) checkRelocated(off int64, what string) error {
	if d.relocated == nil {
		return nil
	}
	if w := off / 8; off%8 != 0 || w/64 >= int64(len(d.relocated)) || d.relocated[w/64]&(1<<(w%64)) == 0 {
		return d.errf(off, "%s: pointer field at 0x%x is not listed in the relocation table (the runtime would not relocate it)", what, off)
	}
	return nil
}

// beforeRelocTable fails when a structure of a Switch file runs into (or
// starts inside) the relocation table, which ends the file: such a block
// would read the table's own words as its values.
func (d *decoder) beforeRelocTable(off, size int64, what string) error {
	if d.rlt > 0 && off+size > d.rlt {
		return d.errf(off, "%s (0x%x bytes at 0x%x) runs into the relocation table at 0x%x", what, size, off, d.rlt)
	}
	return nil
}
