package bfres

import (
	"fmt"
	"sort"
)

// relocEntries are the relocation table's entries for the edited Switch
// file out (secs: its sections; move and at map original offsets and
// pointer fields to the output's): each old entry moved, except that an
// entry holding a pointer field the edit rewrote is split into runs by
// the section each field now points into; the new pointer fields in runs
// of adjacent words, each in the section of its target. Each section's
// entries are sorted by offset.
func (e *edit) relocEntries(out []byte, secs []RelocSection, move func(int64) int64, at func(int64, bool) int64) ([][]RelocEntry, error) {
	rt := &e.f.Switch.Relocation
	entries := make([][]RelocEntry, len(secs))
	type loose struct {
		p   int64
		sec int
	}
	var singles []loose
	sectionAt := func(p int64, prefer int) (int, error) {
		v := int64(e.order.Uint64(out[p:]))
		if s := secs[prefer]; v == 0 || v >= int64(s.Offset) && v <= int64(s.Offset)+int64(s.Size) {
			return prefer, nil
		}
		if si := sectionOf(secs, v); si >= 0 {
			return si, nil
		}
		return 0, fmt.Errorf("bfres writer: pointer at 0x%x to 0x%x lies in no relocation section", p, v)
	}
	for si, s := range rt.Sections {
		for _, en := range rt.Entries[s.FirstEntry : s.FirstEntry+s.NumEntries] {
			stride := (int64(en.Words) + int64(en.Skip)) * 8
			touched := false
			for ch := int64(0); ch < int64(en.Chunks) && !touched; ch++ {
				for w := int64(0); w < int64(en.Words); w++ {
					touched = touched || e.rewritten[int64(en.Offset)+ch*stride+8*w]
				}
			}
			if !touched {
				en.Offset = uint32(move(int64(en.Offset)))
				entries[si] = append(entries[si], en)
				continue
			}
			for ch := int64(0); ch < int64(en.Chunks); ch++ {
				for w := int64(0); w < int64(en.Words); w++ {
					p := move(int64(en.Offset) + ch*stride + 8*w)
					sec, err := sectionAt(p, si)
					if err != nil {
						return nil, err
					}
					singles = append(singles, loose{p, sec})
				}
			}
		}
	}
	for _, q := range e.newPtrs {
		p := at(q, true)
		sec, err := sectionAt(p, 0)
		if err != nil {
			return nil, err
		}
		singles = append(singles, loose{p, sec})
	}
	sort.Slice(singles, func(i, j int) bool { return singles[i].p < singles[j].p })
	for i := 0; i < len(singles); {
		j := i + 1
		for j < len(singles) && j-i < 255 && singles[j].p == singles[j-1].p+8 && singles[j].sec == singles[i].sec {
			j++
		}
		entries[singles[i].sec] = append(entries[singles[i].sec], RelocEntry{Offset: uint32(singles[i].p), Chunks: 1, Words: uint8(j - i)})
		i = j
	}
	for si := range entries {
		sort.Slice(entries[si], func(i, j int) bool { return entries[si][i].Offset < entries[si][j].Offset })
	}
	return entries, nil
}
