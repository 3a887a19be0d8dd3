package bfres

import "github.com/animscope/animscope/formats/internal/bin"

// Reading a file for its textures (a model's own, or those of the
// texture files the model's assembly finds beside it): strictly, or,
// where the rest of the file does not hold together, its texture list
// alone, entry by entry.

// parseTexturesOnly reads the header and the list that holds the
// textures — the FTEX index group (Wii U), the external files with an
// embedded BNTX (Switch) — entry by entry, without walking the
// dictionary's trie and, on the Switch, without the relocation table.
func parseTexturesOnly(data []byte) (*File, error) {
	d, hf, f, g, err := texturesHeader(data)
	if err != nil {
		return nil, err
	}
	what, nodeWhat := "index group FTEX", "index group node"
	if d.nx() {
		what, nodeWhat = "external file dictionary", "dictionary node"
	}
	// A Wii U name that does not read is left empty.
	if d.nx() {
		f.Name = hf.nameAt(d.lay.header.name)
	} else if f.Header.NameOffset = hf.refAt(d.lay.header.name); f.Header.NameOffset != 0 {
		f.Name, _ = d.cstring(f.Header.NameOffset)
	}
	values, dict := hf.refAt(g.values), hf.refAt(g.dict)
	if !d.nx() {
		f.Header.GroupOffsets[GroupTexture] = dict
	}
	if hf.err != nil {
		return nil, hf.err
	}
	if dict == 0 {
		return f, nil
	}
	h, err := d.structAt(dict, 8, what)
	if err != nil {
		return nil, err
	}
	n := h.s32(4)
	if h.err != nil || n < 0 || !bin.Fits(int64(n)+1, dictNodeSize, int64(len(data))-dict-8) || d.nx() && !d.r.In(values, g.stride*int64(n)) {
		return nil, d.errf(dict+4, "%s: entry count %d does not fit in the file", what, n)
	}
	t := &Dict{FileOffset: dict}
	for i := int64(1); i <= int64(n); i++ {
		nd, err := d.structAt(dict+8+dictNodeSize*i, dictNodeSize, nodeWhat)
		if err != nil {
			return nil, err
		}
		e := DictNode{NodeOffset: nd.base, Name: nd.name(8), DataOffset: values + g.stride*(i-1)}
		if !d.nx() {
			e.DataOffset = nd.ref(12)
		}
		if nd.err != nil {
			return nil, nd.err
		}
		t.Entries = append(t.Entries, e)
	}
	if d.nx() {
		f.Switch.Subfiles = []SwitchSubfile{{Kind: g.kind, Dict: t}}
	}
	for _, e := range t.Entries {
		if g.magic != "" && !d.magicAt(e.DataOffset, g.magic) {
			return nil, d.errf(e.NodeOffset+12, "%s entry %q does not point at an %s", what, e.Name, g.magic)
		}
	}
	if err := d.readSubfiles(f, g, t); err != nil {
		return nil, err
	}
	return f, nil
}

// texturesHeader checks just enough of a header to find its textures:
// the console's magic, version and byte order.
func texturesHeader(data []byte) (*decoder, fields, *File, *groupLayout, error) {
	var d *decoder
	f := &File{}
	switch {
	case IsSwitch(data):
		ver, lay, err := switchVersion(data)
		if err != nil {
			return nil, fields{}, nil, nil, err
		}
		d = &decoder{r: bin.LE(data), lay: lay}
		f.Switch = &SwitchInfo{Major: lay.major}
		f.Header.Version = ver
	case len(data) < headerSize || string(data[:4]) != "FRES":
		return nil, fields{}, nil, nil, bin.Errorf(formatName, -1, "not a FRES header")
	default:
		ver, err := wiiuVersion(data)
		if err != nil {
			return nil, fields{}, nil, nil, err
		}
		d = &decoder{r: bin.BE(data), lay: wiiuLayout(ver)}
		f.Header.Version, f.Header.VersionString, f.Header.BOM = ver, VersionString(ver), 0xFEFF
	}
	d.steps, d.budget = dictStepBudget, overlapFactor*int64(len(data))+overlapSlack
	hf, err := d.structAt(0, d.lay.header.size, "FRES header")
	if err != nil {
		return nil, hf, nil, nil, err
	}
	g := &d.lay.header.groups[GroupTexture]
	if d.nx() {
		g = &d.lay.header.groups[len(d.lay.header.groups)-1]
	}
	return d, hf, f, g, nil
}

// ParseTextures parses a FRES file for its textures, as parseForTextures
// does: a texture file beside a model is read this way.
func ParseTextures(data []byte) (*File, error) {
	f, _, err := parseForTextures(data)
	return f, err
}

// parseForTextures parses a FRES file for its textures: as Parse does,
// or, when the file's structure does not hold together elsewhere (a
// dictionary whose trie does not find its names, a Switch file without a
// relocation table), by reading its texture list entry by entry, as the
// runtime binds textures (by index, not by name). strictErr is Parse's
// error when the fallback was taken.
func parseForTextures(data []byte) (f *File, strictErr, err error) {
	f, strictErr = Parse(data)
	if strictErr == nil {
		return f, nil, nil
	}
	if f, err = parseTexturesOnly(data); err != nil || len(f.Textures) == 0 {
		return nil, strictErr, strictErr
	}
	return f, strictErr, nil
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
