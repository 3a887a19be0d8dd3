package bfres

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
)

// Replacing or adding a skeletal animation in a whole FRES file. The
// file is not re-laid out: every byte of it stays where it is, so every
// other subfile reads exactly as before, and the new FSKA (with any name
// the string table lacks) is written in a new region:
//
//   - Wii U: the region is appended to the file; the index group entry
//     (or, when adding, a new index group) is re-pointed at it and the
//     header's file size grows. References are self-relative, so nothing
//     else moves.
//   - Switch: the region is placed at the end of relocation section 0
//     (after the string pool), where the runtime relocates the file's
//     own structures. When it does not fit in the padding before the
//     next section (the GPU buffers and embedded files), everything from
//     that section on moves by a multiple of the file's alignment, every
//     pointer into it is moved by the same amount (the relocation table
//     lists them all), and the sections' offsets follow. The replaced
//     clip's header stays in the FSKA array and is rewritten in place;
//     adding a clip moves the array (one header more) into the region.
//     The relocation table gains entries for the new pointer fields and
//     the header's table offset, file size and the string block's size
//     follow.
//
// The old FSKA data stays in the file, unreferenced. The result is read
// back with the strict reader before it is returned.

// ReplaceSkeletalAnim returns a copy of file (a Wii U or Switch FRES)
// whose skeletal animation name is a instead. a.Name must be name. The
// caller passes the fields it keeps from the decoded target (names, flags,
// bind indices, user data, each bone anim's flags and begin indices);
// counts, the curve index of each bone anim and the bone anim flag bits
// of its base values and curve targets are written from the data. User
// data equal to a clip's of the file is shared with it, other user data
// written anew (on the Switch without UTF-16 strings, which the reader
// lists by name only).
func ReplaceSkeletalAnim(file []byte, name string, a *SkeletalAnim) ([]byte, error) {
	if a == nil {
		return nil, fmt.Errorf("no skeletal animation to write")
	}
	if a.Name != name {
		return nil, fmt.Errorf("replacing FSKA %q: the new animation is named %q (renaming is not supported)", name, a.Name)
	}
	e, err := newEdit(file)
	if err != nil {
		return nil, err
	}
	target := e.skeletalAnim(name)
	if target == nil {
		return nil, e.missing(name)
	}
	udata, udict, err := e.userDataRefs(a)
	if err != nil {
		return nil, err
	}
	if e.lay.nx {
		_, err = e.writeFSKA(a, target.FileOffset, udata, udict)
	} else {
		var hdr int64
		if hdr, err = e.writeFSKA(a, 0, udata, udict); err == nil {
			g := e.f.Groups[GroupSkeletalAnim]
			i, _ := g.Lookup(name)
			e.refNew(g.Entries[i].NodeOffset+12, hdr)
		}
	}
	if err != nil {
		return nil, err
	}
	return e.finish(name)
}

// AddSkeletalAnim returns a copy of file with a added as a new skeletal
// animation, after the others (the file may have none yet). Its name
// must not be taken; user data as for ReplaceSkeletalAnim.
func AddSkeletalAnim(file []byte, a *SkeletalAnim) ([]byte, error) {
	if a == nil {
		return nil, fmt.Errorf("no skeletal animation to write")
	}
	e, err := newEdit(file)
	if err != nil {
		return nil, err
	}
	if e.skeletalAnim(a.Name) != nil || e.brokenAnim(a.Name) {
		return nil, fmt.Errorf("adding FSKA %q: the file already has a skeletal animation of that name", a.Name)
	}
	udata, udict, err := e.userDataRefs(a)
	if err != nil {
		return nil, err
	}
	if e.lay.nx {
		err = e.addSwitch(a, udata, udict)
	} else {
		err = e.addWiiU(a, udata, udict)
	}
	if err != nil {
		return nil, err
	}
	return e.finish(a.Name)
}

// newEdit reads file and sets up the output: a copy of the file (up to
// the relocation table on the Switch) and an empty region after it.
func newEdit(file []byte) (*edit, error) {
	f, err := Parse(file)
	if err != nil {
		return nil, err
	}
	e := &edit{file: file, f: f, strs: map[string]int64{}, newStrs: map[int64]bool{}}
	if f.Switch == nil {
		e.lay, e.order = wiiuLayout(f.Header.Version), binary.BigEndian
		size := int64(f.Header.FileSize)
		e.orig = span{b: slices.Clone(file[:size])}
		e.region = span{base: (size + 7) &^ 7}
		return e, nil
	}
	sw := f.Switch
	e.lay, _ = switchLayout(sw.Major)
	e.order = binary.LittleEndian
	secs := sw.Relocation.Sections
	if len(secs) == 0 || secs[0].Offset != 0 {
		return nil, fmt.Errorf("bfres: relocation section 0 does not start the file; cannot place new data")
	}
	for _, s := range secs[1:] {
		if s.Offset < secs[0].Offset+secs[0].Size && s.Size > 0 {
			return nil, fmt.Errorf("bfres: relocation section at 0x%x lies inside section 0; cannot place new data", s.Offset)
		}
	}
	rlt := int64(sw.RelocTableOffset)
	e.orig = span{b: slices.Clone(file[:rlt])}
	e.region = span{base: (int64(secs[0].Size) + 7) &^ 7}
	e.listed, e.toRegion, e.newSet, e.rewritten = map[int64]bool{}, map[int64]bool{}, map[int64]bool{}, map[int64]bool{}
	forEachRelocated(&sw.Relocation, func(p int64, _ int) { e.listed[p] = true })
	return e, nil
}

// forEachRelocated calls fn with every pointer field the table lists and
// its section.
func forEachRelocated(rt *RelocTable, fn func(p int64, section int)) {
	for si, s := range rt.Sections {
		for _, en := range rt.Entries[s.FirstEntry : s.FirstEntry+s.NumEntries] {
			stride := (int64(en.Words) + int64(en.Skip)) * 8
			for ch := int64(0); ch < int64(en.Chunks); ch++ {
				for w := int64(0); w < int64(en.Words); w++ {
					fn(int64(en.Offset)+ch*stride+8*w, si)
				}
			}
		}
	}
}

// skeletalAnim is the file's skeletal animation named name, or nil.
func (e *edit) skeletalAnim(name string) *SkeletalAnim {
	for i := range e.f.SkeletalAnims {
		if e.f.SkeletalAnims[i].Name == name {
			return &e.f.SkeletalAnims[i]
		}
	}
	return nil
}

func (e *edit) brokenAnim(name string) bool {
	for _, b := range e.f.Broken {
		if b.Name == name {
			return true
		}
	}
	return false
}

// missing is the error for a clip the file does not have: it lists the
// clips it has.
func (e *edit) missing(name string) error {
	if e.brokenAnim(name) {
		return fmt.Errorf("FSKA %q cannot be read, so it cannot be replaced in place", name)
	}
	var names []string
	for _, a := range e.f.SkeletalAnims {
		names = append(names, a.Name)
	}
	if len(names) == 0 {
		return fmt.Errorf("the file has no skeletal animation %q (it has none)", name)
	}
	return fmt.Errorf("the file has no skeletal animation %q; it has: %s", name, strings.Join(names, ", "))
}

// userDataRefs are the user data references to store for a: none, those
// of a clip of the file whose user data equals a's (shared), or new ones
// (writeUserData).
func (e *edit) userDataRefs(a *SkeletalAnim) (data, dict int64, err error) {
	if len(a.UserData) == 0 {
		return 0, 0, nil
	}
	l := &e.lay.fska
	for i := range e.f.SkeletalAnims {
		o := &e.f.SkeletalAnims[i]
		if sameUserData(o.UserData, a.UserData) {
			return e.readRef(o.FileOffset, l.userData), e.readRef(o.FileOffset, l.udict), nil
		}
	}
	e.newUserData = true
	return e.writeUserData(a.UserData)
}

// readRef resolves reference field fl of the original structure at st.
func (e *edit) readRef(st int64, fl field) int64 {
	if fl.kind == absent {
		return 0
	}
	at := st + fl.at
	if e.lay.nx {
		return int64(e.order.Uint64(e.file[at:]))
	}
	v := int64(int32(e.order.Uint32(e.file[at:])))
	if v == 0 {
		return 0
	}
	return at + v
}

// refStr makes the name field at at point at s.
func (e *edit) refStr(at int64, s string) {
	off := e.str(s)
	e.setRef(at, off, e.newStrs[off])
}

// str is the offset a name field stores for s: the string table's copy
// where it has one, else a new one in the region (Wii U: u32 length, the
// bytes, NUL, referred to at the bytes; Switch: u16 length, the bytes,
// NUL, referred to at the length).
func (e *edit) str(s string) int64 {
	if at, ok := e.strs[s]; ok {
		return at
	}
	var at int64
	if e.lay.nx {
		sw := e.f.Switch
		pool := sw.StringPoolOffset
		if at = e.findString(s, pool, pool+int64(sw.StringPoolSize), 2, 0); at == 0 {
			at = e.alloc(int64(2+len(s)+1), 2)
			e.order.PutUint16(e.bytes(at, 2), uint16(len(s)))
			copy(e.bytes(at+2, int64(len(s))), s)
			e.newStrs[at] = true
		}
	} else {
		h := &e.f.Header
		if at = e.findString(s, h.StringTableOff-8, h.StringTableOff+int64(h.StringTableSize)+8, 4, 4); at == 0 {
			p := e.alloc(int64(4+len(s)+1), 4)
			e.order.PutUint32(e.bytes(p, 4), uint32(len(s)))
			copy(e.bytes(p+4, int64(len(s))), s)
			at = p + 4
			e.newStrs[at] = true
		}
	}
	e.strs[s] = at
	return at
}

// findString finds s in the file's string table between lo and hi,
// stored as its length (a u16 or u32 as align says, at an aligned
// offset), the bytes and a NUL; it returns the offset a name field holds
// (the length's plus skip), or 0.
func (e *edit) findString(s string, lo, hi, align, skip int64) int64 {
	lo, hi = max(lo, 0), min(hi, int64(len(e.file)))
	if lo >= hi {
		return 0
	}
	pat := make([]byte, align, int(align)+len(s)+1)
	if align == 2 {
		e.order.PutUint16(pat, uint16(len(s)))
	} else {
		e.order.PutUint32(pat, uint32(len(s)))
	}
	pat = append(append(pat, s...), 0)
	win := e.file[lo:hi]
	for from := 0; ; {
		i := bytes.Index(win[from:], pat)
		if i < 0 {
			return 0
		}
		if at := lo + int64(from+i); at%align == 0 {
			return at + skip
		}
		from += i + 1
	}
}

// finish assembles the output, checks that the strict reader opens it
// and that the clip name decodes, and returns it.
func (e *edit) finish(name string) ([]byte, error) {
	var out []byte
	if e.lay.nx {
		var err error
		if out, err = e.finishSwitch(); err != nil {
			return nil, err
		}
	} else {
		out = make([]byte, e.region.base+int64(len(e.region.b)))
		copy(out, e.orig.b)
		copy(out[e.region.base:], e.region.b)
		binary.BigEndian.PutUint32(out[0x0C:], uint32(len(out)))
	}
	f, err := Parse(out)
	if err != nil {
		return nil, fmt.Errorf("bfres writer: the written file does not read back: %v", err)
	}
	for _, b := range f.Broken {
		if b.Name == name {
			return nil, fmt.Errorf("bfres writer: the written FSKA %q does not read back: %v", name, b.Err)
		}
	}
	return out, nil
}
