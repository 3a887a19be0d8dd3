package bfres

import (
	"slices"
)

// Adding a clip (a new dictionary entry) and laying out a Switch file
// around the new region; see edit.go.

// addWiiU writes a and a new skeletal animation index group holding the
// old entries and a, and points the header at it.
func (e *edit) addWiiU(a *SkeletalAnim, udata, udict int64) error {
	hdr, err := e.writeFSKA(a, 0, udata, udict)
	if err != nil {
		return err
	}
	var keys []string
	var data []int64
	var rootName, rootData int64
	if g := e.f.Groups[GroupSkeletalAnim]; g != nil {
		for _, en := range g.Entries {
			keys, data = append(keys, en.Name), append(data, en.DataOffset)
		}
		rootName, rootData = e.readRef(g.Root.NodeOffset, refAt(8)), e.readRef(g.Root.NodeOffset, refAt(12))
	}
	keys, data = append(keys, a.Name), append(data, hdr)
	nodes, err := buildDict(keys, false)
	if err != nil {
		return err
	}
	p := e.alloc(8+dictNodeSize*int64(len(nodes)), 4)
	e.order.PutUint32(e.bytes(p, 4), uint32(8+dictNodeSize*len(nodes)))
	e.order.PutUint32(e.bytes(p+4, 4), uint32(len(keys)))
	for i, nd := range nodes {
		q := p + 8 + dictNodeSize*int64(i)
		e.writeNode(q, nd)
		if i == 0 {
			e.ref(q+8, rootName)
			e.ref(q+12, rootData)
			continue
		}
		e.refStr(q+8, nd.key)
		if i == len(nodes)-1 { // a, the last key
			e.refNew(q+12, data[i-1])
		} else {
			e.ref(q+12, data[i-1])
		}
	}
	gl := &e.lay.header.groups[GroupSkeletalAnim]
	e.refFieldNew(0, gl.dict, p)
	e.num(0, gl.count, int64(len(keys)))
	return nil
}

// writeNode writes a dictionary node's bit index and children.
func (e *edit) writeNode(q int64, nd trieNode) {
	e.order.PutUint32(e.bytes(q, 4), nd.ref)
	e.order.PutUint16(e.bytes(q+4, 2), nd.left)
	e.order.PutUint16(e.bytes(q+6, 2), nd.right)
}

// addSwitch moves the FSKA array into the region with a after the old
// headers (their pointer fields listed again at their new places), and
// writes a _DIC over the old names and a's.
func (e *edit) addSwitch(a *SkeletalAnim, udata, udict int64) error {
	gl := &e.lay.header.groups[1]
	var dict *Dict
	for _, s := range e.f.Switch.Subfiles {
		if s.Kind == "FSKA" {
			dict = s.Dict
		}
	}
	var keys []string
	rootName := int64(0)
	if dict != nil {
		for _, en := range dict.Entries {
			keys = append(keys, en.Name)
		}
		rootName = e.readRef(dict.Root.NodeOffset, refAt(8))
	}
	n, stride := int64(len(keys)), gl.stride
	arr := e.alloc((n+1)*stride, 8)
	if n > 0 {
		old := e.readRef(0, gl.values)
		copy(e.bytes(arr, n*stride), e.file[old:old+n*stride])
		for w := int64(0); w < n*stride; w += 8 {
			if e.listed[old+w] {
				e.ref(arr+w, int64(e.order.Uint64(e.file[old+w:])))
			}
		}
		if e.lay.major < 9 {
			// The last old header's block now runs on to the new one.
			e.order.PutUint32(e.bytes(arr+(n-1)*stride+4, 4), uint32(stride))
		}
	}
	hdr := arr + n*stride
	e.block(hdr, "FSKA", 0, stride)
	if _, err := e.writeFSKA(a, hdr, udata, udict); err != nil {
		return err
	}
	keys = append(keys, a.Name)
	nodes, err := buildDict(keys, true)
	if err != nil {
		return err
	}
	rootNew := false
	if rootName == 0 {
		rootName = e.str("")
		rootNew = e.newStrs[rootName]
	}
	p := e.alloc(8+dictNodeSize*int64(len(nodes)), 8)
	copy(e.bytes(p, 4), "_DIC")
	e.order.PutUint32(e.bytes(p+4, 4), uint32(len(keys)))
	for i, nd := range nodes {
		q := p + 8 + dictNodeSize*int64(i)
		e.writeNode(q, nd)
		if i == 0 {
			e.setRef(q+8, rootName, rootNew)
		} else {
			e.refStr(q+8, nd.key)
		}
	}
	e.refFieldNew(0, gl.values, arr)
	e.refFieldNew(0, gl.dict, p)
	e.num(0, gl.count, int64(len(keys)))
	return nil
}

// finishSwitch lays out the output: the original up to the end of
// section 0, the region, the rest of the file (moved by delta, a
// multiple of the file's alignment, when the region runs past where it
// started), and the relocation table with the new pointer fields.
func (e *edit) finishSwitch() ([]byte, error) {
	sw := e.f.Switch
	rt := sw.Relocation
	rlt := int64(sw.RelocTableOffset)
	regionEnd := e.region.base + int64(len(e.region.b))
	// cut is where the data after section 0 starts.
	cut := rlt
	for _, s := range rt.Sections[1:] {
		if s.Size > 0 || s.NumEntries > 0 {
			cut = min(cut, int64(s.Offset))
		}
	}
	cut = max(cut, e.region.base)
	delta := int64(0)
	if regionEnd > cut {
		align := max(int64(e.f.Header.Alignment), 8)
		delta = (regionEnd - cut + align - 1) / align * align
	}
	move := func(v int64) int64 {
		if v >= cut {
			return v + delta
		}
		return v
	}
	// The sections after section 0 move; section 0 grows over the region.
	secs := slices.Clone(rt.Sections)
	for si, s := range rt.Sections {
		if si > 0 && int64(s.Offset) >= cut {
			secs[si].Offset = uint32(int64(s.Offset) + delta)
		}
	}
	if len(e.region.b) > 0 {
		secs[0].Size = uint32(regionEnd - int64(secs[0].Offset))
	}
	newRLT := rlt + delta
	out := make([]byte, newRLT, newRLT+0x10+0x18*int64(len(secs))+8*int64(len(rt.Entries)+len(e.newPtrs))+8)
	copy(out, e.orig.b[:cut])
	copy(out[e.region.base:], e.region.b)
	copy(out[cut+delta:], e.orig.b[cut:])
	// Every listed pointer into the moved data moves with it. The new
	// pointer fields in the region stay where the region is (its
	// offsets can coincide with moved ones'); the others are in the
	// original bytes.
	at := func(p int64, isNew bool) int64 {
		if isNew && e.region.has(p, 8) {
			return p
		}
		return move(p)
	}
	fix := func(p int64, isNew bool) {
		if e.toRegion[p] && (isNew || !e.region.has(p, 8)) {
			return
		}
		p = at(p, isNew)
		if v := int64(e.order.Uint64(out[p:])); v != 0 {
			e.order.PutUint64(out[p:], uint64(move(v)))
		}
	}
	forEachRelocated(&rt, func(p int64, _ int) { fix(p, false) })
	for _, p := range e.newPtrs {
		fix(p, true)
	}
	entries, err := e.relocEntries(out, secs, move, at)
	if err != nil {
		return nil, err
	}
	// The table.
	out = append(out, e.file[rlt:rlt+0x10]...)
	e.order.PutUint32(out[newRLT+4:], uint32(newRLT))
	first := uint32(0)
	for si := range secs {
		secs[si].FirstEntry, secs[si].NumEntries = first, uint32(len(entries[si]))
		first += secs[si].NumEntries
		var b [0x18]byte
		e.order.PutUint64(b[0:], secs[si].Pointer)
		e.order.PutUint32(b[8:], secs[si].Offset)
		e.order.PutUint32(b[0x0C:], secs[si].Size)
		e.order.PutUint32(b[0x10:], secs[si].FirstEntry)
		e.order.PutUint32(b[0x14:], secs[si].NumEntries)
		out = append(out, b[:]...)
	}
	for si := range secs {
		for _, en := range entries[si] {
			var b [8]byte
			e.order.PutUint32(b[0:], en.Offset)
			e.order.PutUint16(b[4:], en.Chunks)
			b[6], b[7] = en.Words, en.Skip
			out = append(out, b[:]...)
		}
	}
	// Whatever followed the table in the original (padding) follows it
	// again.
	oldEnd := rlt + 0x10 + 0x18*int64(len(rt.Sections)) + 8*int64(len(rt.Entries))
	if int64(sw.FileSize) > oldEnd {
		out = append(out, e.file[oldEnd:sw.FileSize]...)
	}
	e.order.PutUint32(out[0x18:], uint32(newRLT))
	e.order.PutUint32(out[0x1C:], uint32(len(out)))
	// The string block's size runs to the relocation table.
	if blk := sw.StringPoolOffset - 0x14; blk > 0 && string(out[blk:blk+4]) == "_STR" && int64(e.order.Uint32(out[blk+8:])) == rlt-blk {
		e.order.PutUint32(out[blk+8:], uint32(newRLT-blk))
	}
	return out, nil
}

// sectionOf is the section whose range holds v, or -1.
func sectionOf(secs []RelocSection, v int64) int {
	for i, s := range secs {
		if v >= int64(s.Offset) && v <= int64(s.Offset)+int64(s.Size) {
			return i
		}
	}
	return -1
}
