package bfres

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/formats/asset"
	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/animscope/animscope/mesh"
)

// SiblingReader reads the file called name (a base name such as
// "Npc_Gerudo_Queen.Tex2.sbfres") that lies beside the opened one, in the
// same directory or archive folder; it returns an error when there is
// none. Yaz0-compressed data is accepted.
type SiblingReader func(name string) ([]byte, error)

// DirSiblings reads siblings of the file at filePath from its directory
// (files up to 512 MiB).
func DirSiblings(filePath string) SiblingReader {
	dir := filepath.Dir(filePath)
	return func(name string) ([]byte, error) {
		if name != filepath.Base(name) {
			return nil, fmt.Errorf("%q is not a base name", name)
		}
		p := filepath.Join(dir, name)
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if st.Size() > 512<<20 {
			return nil, fmt.Errorf("%s: %d bytes is too large for a texture file", p, st.Size())
		}
		return os.ReadFile(p)
	}
}

// Textures finds the textures a model file's materials can name: the
// file's own (Wii U FTEX, Switch BNTX), then, for a file X.bfres or
// X.sbfres, those of BotW's texture files beside it — X.Tex1 (level 0)
// paired with X.Tex2 (levels 1+) on the Wii U, X.Tex on the Switch — each
// as .sbfres (Yaz0) or .bfres. Opened on a Tex1 or Tex2 file it pairs that
// file with its partner the same way. The first texture of a name wins
// (the file's own before its siblings). read may be nil (no siblings);
// problems are one line each (a sibling that does not parse, a texture
// that cannot be decoded).
func Textures(a *asset.Asset, read SiblingReader) (map[string]*mesh.Texture, []string) {
	out := map[string]*mesh.Texture{}
	var problems []string
	own, _ := a.Raw.(*File)
	if own == nil {
		return out, problems
	}
	base := path.Base(slashPath(a.Name))
	stem := textureStem(base)
	ownRole := roleWhole
	if own.Switch == nil {
		ownRole = fileRole(own.Name, base)
	}
	add := func(t *Texture, role texRole, mips *Texture) {
		if _, dup := out[t.Name]; dup || t.Name == "" {
			return
		}
		if t.Err != nil {
			problems = append(problems, fmt.Sprintf("texture %q: %v", t.Name, t.Err))
			return
		}
		out[t.Name] = t.meshTexture(role, mips)
	}
	sibling := func(kind string) *File {
		if read == nil {
			return nil
		}
		for _, ext := range []string{".sbfres", ".bfres"} {
			name := stem + kind + ext
			if name == base {
				continue
			}
			data, err := read(name)
			if err != nil {
				continue
			}
			if archive.IsYaz0(data) {
				if data, err = archive.DecompressYaz0(data); err != nil {
					problems = append(problems, fmt.Sprintf("%s: %v", name, err))
					return nil
				}
			}
			f, _, err := parseForTextures(data)
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", name, err))
				return nil
			}
			return f
		}
		return nil
	}
	if ownRole == roleWhole {
		for i := range own.Textures {
			add(&own.Textures[i], roleWhole, nil)
		}
	}
	if own.Switch != nil {
		if tex := sibling(".Tex"); tex != nil {
			for i := range tex.Textures {
				add(&tex.Textures[i], roleWhole, nil)
			}
		}
		return out, problems
	}
	tex1, tex2 := own, own
	if ownRole != roleTex1 {
		tex1 = sibling(".Tex1")
	}
	if ownRole != roleTex2 {
		tex2 = sibling(".Tex2")
	}
	if tex1 != nil {
		mips := map[string]*Texture{}
		if tex2 != nil {
			for i := range tex2.Textures {
				mips[tex2.Textures[i].Name] = &tex2.Textures[i]
			}
		}
		for i := range tex1.Textures {
			t := &tex1.Textures[i]
			add(t, roleTex1, mips[t.Name])
		}
	}
	return out, problems
}

// textureStem is a model file's name without its extension and BotW's
// texture suffix: "Npc_Gerudo_Queen" for Npc_Gerudo_Queen.bfres,
// .Tex1.sbfres or .Tex2.bfres.
func textureStem(base string) string {
	s := strings.TrimSuffix(base, path.Ext(base))
	for _, suf := range []string{".Tex1", ".Tex2", ".Tex"} {
		if strings.HasSuffix(strings.ToLower(s), strings.ToLower(suf)) {
			return s[:len(s)-len(suf)]
		}
	}
	return s
}

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
		if d.nx() {
			d.readExternalFile(f, e)
			continue
		}
		if !d.magicAt(e.DataOffset, "FTEX") {
			return nil, d.errf(e.NodeOffset+12, "index group FTEX entry %q does not point at an FTEX", e.Name)
		}
		tex, err := d.readFTEX(e.DataOffset)
		if err != nil {
			return nil, err
		}
		tex.Name = cmpOr(tex.Name, e.Name)
		f.Textures = append(f.Textures, tex)
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
		r := bin.LE(data)
		ver, _ := r.U32(0x08)
		lay, ok := switchLayout(int(ver >> 16))
		if !ok || int64(len(data)) < lay.header.size {
			return nil, fields{}, nil, nil, bin.Unsupportedf(formatName, "Switch FRES version 0x%x", ver)
		}
		d = &decoder{r: r, lay: lay}
		f.Switch = &SwitchInfo{Major: lay.major}
		f.Header.Version = ver
	case len(data) < headerSize || string(data[:4]) != "FRES":
		return nil, fields{}, nil, nil, bin.Errorf(formatName, -1, "not a FRES header")
	default:
		r := bin.BE(data)
		ver, _ := r.U32(0x04)
		bom, _ := r.U16(0x08)
		if major := ver >> 24; bom != 0xFEFF || major < 3 || major > 4 {
			return nil, fields{}, nil, nil, bin.Errorf(formatName, 4, "not a Wii U FRES header")
		}
		d = &decoder{r: r, lay: wiiuLayout(ver)}
		f.Header.Version, f.Header.VersionString, f.Header.BOM = ver, VersionString(ver), bom
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
