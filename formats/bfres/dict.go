package bfres

// Dict is an index group: a Patricia trie over names whose nodes double as
// the entry list. Node i+1 is entry i; node 0 is the root.
type Dict struct {
	FileOffset int64
	Size       uint32
	Root       DictNode
	Entries    []DictNode
}

// DictNode is one 16-byte node.
type DictNode struct {
	NodeOffset  int64  // absolute offset of the node
	Ref         uint32 // bit index tested here (root: 0xFFFFFFFF)
	Left, Right uint16 // node indices
	Name        string
	KeyOffset   int64 // absolute, 0 for the root
	DataOffset  int64 // absolute, 0 for the root
}

const dictNodeSize = 16

// dictBit is the direction bit for reference ref: bit ref&7 (LSB = 0) of
// byte ref>>3 of the key, counted from the start; 0 past the end.
func dictBit(key string, ref uint32) int {
	i := ref >> 3
	if uint64(i) >= uint64(len(key)) {
		return 0
	}
	return int(key[i]>>(ref&7)) & 1
}

// Lookup finds the entry named name, as the runtime does: walk down while
// the bit index decreases, then compare the key. It gives up after
// len(Entries)+1 steps, so a malformed trie cannot loop.
func (t *Dict) Lookup(name string) (int, bool) {
	i, _ := t.lookup(name)
	return i, i >= 0
}

// lookup returns the entry index (-1 when not found) and the steps taken.
func (t *Dict) lookup(name string) (int, int) {
	return t.walk(name, func(parent, child uint32) bool { return parent > child }, dictBit)
}

// walk is the Patricia-trie search both platforms use: from the root's
// left child, go down while down(parent ref, child ref) holds, turning
// right where bit(name, ref) is 1, then compare the key. It gives up
// after len(Entries)+1 steps. It returns the entry index (-1 when not
// found) and the steps taken.
func (t *Dict) walk(name string, down func(parent, child uint32) bool, bit func(string, uint32) int) (int, int) {
	n := len(t.Entries)
	node := func(i uint16) *DictNode {
		if i == 0 {
			return &t.Root
		}
		return &t.Entries[i-1]
	}
	parent := &t.Root
	ci := t.Root.Left
	if int(ci) > n {
		return -1, 0
	}
	child := node(ci)
	steps := 0
	for down(parent.Ref, child.Ref) {
		steps++
		if steps > n+1 {
			return -1, steps
		}
		parent = child
		if bit(name, child.Ref) == 1 {
			ci = child.Right
		} else {
			ci = child.Left
		}
		if int(ci) > n {
			return -1, steps
		}
		child = node(ci)
	}
	if ci == 0 || child.Name != name {
		return -1, steps
	}
	return int(ci) - 1, steps
}

// readDict reads and validates a dictionary: on the Wii U an index group
// (size 8 + 16(n+1), nodes holding their entry's data offset), on the
// Switch a _DIC (signature 0 or "_DIC") whose entries are the values
// array of stride-byte structures at values. Both: a plausible count,
// root reference 0xFFFFFFFF, child indices within the node array, named
// entries with data, and every key found by the console's Patricia lookup
// from the root within n+1 steps (so a looping trie is rejected).
func (d *decoder) readDict(off, values, stride int64, what string) (*Dict, error) {
	h, err := d.structAt(off, 8, what)
	if err != nil {
		return nil, err
	}
	head := h.u32(0)
	count := h.s32(4)
	if h.err != nil {
		return nil, h.err
	}
	if d.nx() && head != 0 && head != 0x4349445F { // "_DIC"
		return nil, d.errf(off, "%s: signature 0x%08x is neither 0 nor _DIC", what, head)
	}
	avail := int64(d.r.Len()) - off - 8
	if count < 0 || d.nx() && count > nxMaxCount || int64(count)+1 > avail/dictNodeSize {
		return nil, d.errf(off+4, "%s: entry count %d does not fit in the file", what, count)
	}
	n := int(count)
	t := &Dict{FileOffset: off, Entries: make([]DictNode, n)}
	lookup := t.lookup
	nodeWhat := "index group node"
	if d.nx() {
		if n > 0 && values == 0 {
			return nil, d.errf(off, "%s: %d entries but no value array", what, n)
		}
		if stride > 0 && !d.r.In(values, int64(n)*stride) {
			return nil, d.errf(off, "%s: value array (%d entries of 0x%x bytes at 0x%x) runs past the end of the file", what, n, stride, values)
		}
		lookup, nodeWhat = t.nxLookup, "dictionary node"
	} else {
		if int64(head) != 8+dictNodeSize*int64(n+1) {
			return nil, d.errf(off, "%s: size field 0x%x is not 8 + 16×(%d+1)", what, head, n)
		}
		t.Size = head
	}
	for i := 0; i <= n; i++ {
		no := off + 8 + dictNodeSize*int64(i)
		f, err := d.structAt(no, dictNodeSize, nodeWhat)
		if err != nil {
			return nil, err
		}
		nd := DictNode{NodeOffset: no, Ref: f.u32(0), Left: f.u16(4), Right: f.u16(6)}
		if f.err != nil {
			return nil, f.err
		}
		if err := d.checkNode(&nd, i, n, no, what); err != nil {
			return nil, err
		}
		if i == 0 {
			t.Root = nd
			continue
		}
		// The Switch key offset points at a _STR entry; the Wii U node
		// also holds its entry's data offset.
		nd.KeyOffset = f.ref(8)
		if d.nx() {
			nd.DataOffset = values + int64(i-1)*stride
		} else {
			nd.DataOffset = f.ref(12)
		}
		if f.err != nil {
			return nil, f.err
		}
		if nd.KeyOffset == 0 {
			return nil, d.errf(no+8, "%s: entry %d has no name", what, i-1)
		}
		if nd.DataOffset == 0 {
			return nil, d.errf(no+12, "%s: entry %d has no data", what, i-1)
		}
		if nd.Name, err = d.str(nd.KeyOffset); err != nil {
			return nil, d.errf(no+8, "%s: entry %d name: %v", what, i-1, err)
		}
		t.Entries[i-1] = nd
	}
	if err := d.checkReachable(t, lookup, off, what); err != nil {
		return nil, err
	}
	return t, nil
}

// nxBit is the direction bit of a Switch dictionary (nn::util ResDic):
// the key read as a big-endian integer, bit ref (byte len-1-ref>>3, bit
// ref&7); 0 past the key's start.
func nxBit(key string, ref uint32) int {
	i := uint64(ref >> 3)
	if i >= uint64(len(key)) {
		return 0
	}
	return int(key[uint64(len(key))-1-i]>>(ref&7)) & 1
}

// nxLookup finds an entry as nn::util ResDic does: the root's reference
// is -1 and the walk goes on while the (signed) reference increases. It
// gives up after len(Entries)+1 steps, so a malformed trie cannot loop.
func (t *Dict) nxLookup(name string) (int, int) {
	return t.walk(name, func(parent, child uint32) bool { return int32(parent) < int32(child) }, nxBit)
}

// checkNode checks dictionary node i of n entries at file offset no: its
// children are nodes, and the root (i = 0) has reference 0xFFFFFFFF.
func (d *decoder) checkNode(nd *DictNode, i, n int, no int64, what string) error {
	if int(nd.Left) > n || int(nd.Right) > n {
		return d.errf(no+4, "%s: node %d has child index %d/%d past the %d entries", what, i, nd.Left, nd.Right, n)
	}
	if i == 0 && nd.Ref != 0xFFFFFFFF {
		return d.errf(no, "%s: root reference 0x%x is not 0xFFFFFFFF", what, nd.Ref)
	}
	return nil
}

// checkReachable checks that lookup finds every entry of t at its own
// index (a broken or cyclic trie or a duplicate name does not), charging
// the steps to the decoder's budget; off and what name t in messages.
func (d *decoder) checkReachable(t *Dict, lookup func(string) (int, int), off int64, what string) error {
	for i := range t.Entries {
		got, steps := lookup(t.Entries[i].Name)
		d.steps -= int64(steps)
		if d.steps < 0 {
			return d.errf(off, "%s: dictionaries too deep to validate", what)
		}
		if got != i {
			return d.errf(t.Entries[i].NodeOffset, "%s: entry %d (%q) is not reachable by the dictionary lookup (broken or cyclic trie, or duplicate name)", what, i, t.Entries[i].Name)
		}
	}
	return nil
}
