package bfres

import (
	"encoding/binary"
	"fmt"

	"github.com/animscope/animscope/formats/internal/bin"
)

// Switch FRES (little-endian, 8-byte magic "FRES    ", 64-bit absolute
// offsets listed in the _RLT relocation table). Layout facts per version:
// testdata/switch/README.md. The decoder fills the same structs the Wii U
// reader produces (Model, Skeleton, Bone, SkeletalAnim, BoneAnim, Curve,
// ShaderParamAnim) so that conversion and the inspector are shared.

// SwitchMagic is the 8-byte signature of a Switch FRES file.
const SwitchMagic = "FRES    "

// Switch header sizes: v5 and v8 use 0xD0 bytes, v9 and v10 add 32
// reserved bytes after the model dictionary (0xF0).
const (
	nxHeaderSizeV5 = 0xD0
	nxHeaderSizeV9 = 0xF0
	// nxMaxCount bounds any count before it is checked against the bytes
	// that remain: dictionaries and arrays in real files hold hundreds of
	// entries at most.
	nxMaxCount = 1 << 20
)

// SwitchInfo holds what only a Switch file has: the binary file header,
// the relocation table and the subfile dictionaries (FMAA, FBVS, shape
// and scene animations, external files are listed even when not decoded).
type SwitchInfo struct {
	Major, Minor, Micro int
	BOM                 uint16
	AlignmentShift      uint8
	AddressSize         uint8
	FileNameOffset      uint32
	Flag                uint16
	FirstBlockOffset    uint16
	RelocTableOffset    uint32
	FileSize            uint32
	StringPoolOffset    int64
	StringPoolSize      uint32
	ExternalFlags       uint8
	Relocation          RelocTable
	// Subfiles are the header's dictionaries in file order: FMDL, FSKA,
	// FMAA, FBVS, FSHA, FSCN, external files.
	Subfiles []SwitchSubfile
	// MaterialAnims are every FMAA (the texture SRT ones are also in
	// File.TexSRTAnims, converted there).
	MaterialAnims []SwitchMaterialAnim
	// BoneVisAnims are the FBVS bone visibility animations.
	BoneVisAnims []BoneVisAnim
}

// SwitchSubfile is one header dictionary.
type SwitchSubfile struct {
	Kind string
	Dict *Dict
}

// nxLayout is what differs between the Switch versions we read.
type nxLayout struct {
	major      int
	headerSize int64
	v9         bool  // v9+: 8-byte block headers (magic, flags), 32 reserved header bytes
	boneFields int64 // where a bone's index field starts (0x18 v5, 0x28 v8/v9, 0x20 v10)
	fsklSize   int64
}

func nxLayoutFor(major int) (nxLayout, bool) {
	switch major {
	case 5:
		return nxLayout{major: 5, headerSize: nxHeaderSizeV5, boneFields: 0x18, fsklSize: 0x48}, true
	case 8:
		return nxLayout{major: 8, headerSize: nxHeaderSizeV5, boneFields: 0x28, fsklSize: 0x58}, true
	case 9:
		return nxLayout{major: 9, headerSize: nxHeaderSizeV9, v9: true, boneFields: 0x28, fsklSize: 0x40}, true
	case 10:
		return nxLayout{major: 10, headerSize: nxHeaderSizeV9, v9: true, boneFields: 0x20, fsklSize: 0x40}, true
	}
	return nxLayout{}, false
}

// blockFields is the offset of the first field after a subfile's block
// header: 0x10 (magic, u32 next, u64 size) before v9, 8 (magic, u32
// flags) from v9.
func (l nxLayout) blockFields() int64 {
	if l.v9 {
		return 8
	}
	return 0x10
}

// IsSwitch reports whether data starts with the Switch FRES magic.
func IsSwitch(data []byte) bool { return len(data) >= 8 && string(data[:8]) == SwitchMagic }

// off64 reads the u64 absolute offset at field o (0 for null). A target
// outside the file is an error.
func (f *fields) off64(o int64) int64 {
	v, err := f.r.U64(o)
	f.set(err)
	if v == 0 || f.err != nil {
		return 0
	}
	if err := f.d.checkRelocated(f.base+o, f.what); err != nil {
		f.err = err
		return 0
	}
	if v >= uint64(f.d.r.Len()) {
		f.err = f.d.errf(f.base+o, "%s: offset field points to 0x%x, outside the file (0x%x bytes)", f.what, v, f.d.r.Len())
		return 0
	}
	return int64(v)
}

// nxName reads the Switch string whose offset is at field o: the offset
// points at a u16 length, the bytes and a NUL follow ("" when null).
func (f *fields) nxName(o int64) string {
	t := f.off64(o)
	if t == 0 || f.err != nil {
		return ""
	}
	s, err := f.d.nxString(t)
	if err != nil && f.err == nil {
		f.err = f.d.errf(f.base+o, "%s: name: %v", f.what, err)
	}
	return s
}

// nxString reads a _STR entry at off: u16 length, bytes, NUL.
func (d *decoder) nxString(off int64) (string, error) {
	n, err := d.r.U16(off)
	if err != nil {
		return "", fmt.Errorf("string offset 0x%x is outside the file", off)
	}
	s, err := d.cstring(off + 2)
	if err != nil {
		return "", err
	}
	if len(s) != int(n) {
		return "", fmt.Errorf("string at 0x%x states length %d but its NUL is after %d bytes", off, n, len(s))
	}
	return s, nil
}

// ParseSwitch decodes a Switch FRES file (versions 5, 8, 9 and 10).
func ParseSwitch(data []byte) (*File, error) {
	if len(data) < 0x20 || !IsSwitch(data) {
		return nil, bin.Errorf(formatName, -1, "file is %d bytes, not a Switch FRES header", len(data))
	}
	r := bin.LE(data)
	ver, _ := r.U32(0x08)
	major, minor, micro := int(ver>>16), int(ver>>8&0xff), int(ver&0xff)
	lay, ok := nxLayoutFor(major)
	if !ok {
		return nil, bin.Unsupportedf(formatName, "Switch FRES version %d.%d.%d: only versions 5, 8, 9 and 10 are supported", major, minor, micro)
	}
	if int64(len(data)) < lay.headerSize {
		return nil, bin.Errorf(formatName, -1, "file is %d bytes, shorter than the 0x%x-byte Switch FRES %d header", len(data), lay.headerSize, major)
	}
	d := &decoder{r: r, steps: dictStepBudget, budget: lay.headerSize, le: true, nx: lay}
	hf, err := d.structAt(0, lay.headerSize, "FRES header")
	if err != nil {
		return nil, err
	}
	f := &File{}
	sw := &SwitchInfo{Major: major, Minor: minor, Micro: micro}
	f.Switch = sw
	h := &f.Header
	h.Version = ver
	h.VersionString = fmt.Sprintf("%d.%d.%d", major, minor, micro)
	sw.BOM = hf.u16(0x0C)
	sw.AlignmentShift = hf.u8(0x0E)
	sw.AddressSize = hf.u8(0x0F)
	sw.FileNameOffset = hf.u32(0x10)
	sw.Flag = hf.u16(0x14)
	sw.FirstBlockOffset = hf.u16(0x16)
	sw.RelocTableOffset = hf.u32(0x18)
	sw.FileSize = hf.u32(0x1C)
	h.BOM = sw.BOM
	h.FileSize = sw.FileSize
	if sw.AlignmentShift < 32 {
		h.Alignment = 1 << sw.AlignmentShift
	}
	if hf.err != nil {
		return nil, hf.err
	}
	if sw.BOM != 0xFEFF {
		return nil, d.errf(0x0C, "byte order mark 0x%04x: big-endian Switch files are not supported (expected FF FE)", sw.BOM)
	}
	if int64(sw.FileSize) > int64(len(data)) {
		return nil, d.errf(0x1C, "header file size 0x%x is larger than the data (0x%x bytes)", sw.FileSize, len(data))
	}
	if int64(sw.FileSize) < lay.headerSize {
		return nil, d.errf(0x1C, "header file size 0x%x is smaller than the header", sw.FileSize)
	}
	d.r = bin.LE(data[:sw.FileSize])
	hf.r, _ = d.r.Sub(0, lay.headerSize)
	d.budget = overlapFactor*int64(sw.FileSize) + overlapSlack - lay.headerSize
	if sw.Relocation, err = d.nxRelocTable(int64(sw.RelocTableOffset)); err != nil {
		return nil, err
	}
	f.Name = hf.nxName(0x20)
	modelArr, modelDict := hf.off64(0x28), hf.off64(0x30)
	base := int64(0x38)
	if lay.v9 {
		base = 0x58
	}
	type group struct {
		kind        string
		arr, dict   int64
		count       uint16
		countOffset int64
	}
	cnt := base + 0x86 // first count after the model count
	if lay.v9 {
		cnt = base + 0x8A // v9 adds two reserved u16 counts
	}
	groups := []group{{kind: "FMDL", arr: modelArr, dict: modelDict, count: hf.u16(base + 0x84), countOffset: base + 0x84}}
	for i, kind := range []string{"FSKA", "FMAA", "FBVS", "FSHA", "FSCN"} {
		o := base + 0x10*int64(i)
		groups = append(groups, group{kind: kind, arr: hf.off64(o), dict: hf.off64(o + 8), count: hf.u16(cnt + 2*int64(i)), countOffset: cnt + 2*int64(i)})
	}
	groups = append(groups, group{kind: "external file", arr: hf.off64(base + 0x60), dict: hf.off64(base + 0x68), count: hf.u16(cnt + 10), countOffset: cnt + 10})
	sw.StringPoolOffset = hf.off64(base + 0x78)
	sw.StringPoolSize = hf.u32(base + 0x80)
	sw.ExternalFlags = hf.u8(cnt + 12)
	if hf.err != nil {
		return nil, hf.err
	}
	if sw.ExternalFlags&(1<<1|1<<2) != 0 {
		return nil, bin.Unsupportedf(formatName, "Switch FRES %s: names live in an external string file (external flags 0x%02x)", h.VersionString, sw.ExternalFlags)
	}
	d.nxReadGPUBlob(base+0x58, sw.ExternalFlags)
	for _, g := range groups {
		if g.dict == 0 {
			if g.count != 0 {
				return nil, d.errf(g.countOffset, "header counts %d %s subfiles but has no dictionary for them", g.count, g.kind)
			}
			continue
		}
		stride := d.nxSubfileSize(g.kind)
		dict, err := d.nxDict(g.dict, g.arr, stride, g.kind+" dictionary")
		if err != nil {
			return nil, err
		}
		if len(dict.Entries) != int(g.count) {
			return nil, d.errf(g.dict+4, "%s dictionary has %d entries, header says %d", g.kind, len(dict.Entries), g.count)
		}
		if g.kind != "external file" && g.kind != "FSHA" && g.kind != "FSCN" {
			for _, e := range dict.Entries {
				if !d.magicAt(e.DataOffset, g.kind) {
					return nil, d.errf(e.NodeOffset, "%s dictionary entry %q points at 0x%x, which is not a %s", g.kind, e.Name, e.DataOffset, g.kind)
				}
			}
		}
		sw.Subfiles = append(sw.Subfiles, SwitchSubfile{Kind: g.kind, Dict: dict})
		if err := d.nxReadGroup(f, g.kind, dict); err != nil {
			return nil, err
		}
	}
	d.nxReadTextures(f)
	// As for Wii U files: a broken animation is listed and the rest
	// opens, but a file whose every animation is broken and that holds
	// nothing else is a bad file.
	if len(f.Broken) > 0 && len(f.Models)+len(f.SkeletalAnims)+len(sw.MaterialAnims)+len(sw.BoneVisAnims) == 0 {
		return nil, f.Broken[0].Err
	}
	return f, nil
}

// nxSubfileSize is the array stride of a header dictionary's values.
func (d *decoder) nxSubfileSize(kind string) int64 {
	v9 := d.nx.v9
	switch kind {
	case "FMDL":
		return 0x78
	case "FSKA":
		if v9 {
			return 0x50
		}
		return 0x60
	case "FMAA":
		if v9 {
			return 0x70
		}
		return 0x78
	case "FBVS":
		if v9 {
			return 0x60
		}
		return 0x68
	case "external file":
		return 0x10
	}
	// Shape and scene animations are listed, not decoded; their stride
	// only places the dictionary's values, which nothing reads.
	return 0
}

func (d *decoder) nxReadGroup(f *File, kind string, dict *Dict) error {
	sw := f.Switch
	for _, e := range dict.Entries {
		switch kind {
		case "FMDL":
			m, err := d.nxReadModel(e.DataOffset)
			if err != nil {
				return err
			}
			f.Models = append(f.Models, m)
		case "FSKA":
			a, err := d.nxReadSkeletalAnim(e.DataOffset)
			if err != nil {
				f.Broken = append(f.Broken, BrokenAnim{Name: e.Name, Err: err})
				continue
			}
			f.SkeletalAnims = append(f.SkeletalAnims, a)
		case "FMAA":
			a, err := d.nxReadMaterialAnim(e.DataOffset)
			if err != nil {
				f.Broken = append(f.Broken, BrokenAnim{Name: e.Name, Err: err})
				continue
			}
			sw.MaterialAnims = append(sw.MaterialAnims, a)
			if spa, ok := a.texSRT(); ok {
				f.TexSRTAnims = append(f.TexSRTAnims, spa)
			}
		case "FBVS":
			a, err := d.nxReadBoneVisAnim(e.DataOffset)
			if err != nil {
				f.Broken = append(f.Broken, BrokenAnim{Name: e.Name, Err: err})
				continue
			}
			sw.BoneVisAnims = append(sw.BoneVisAnims, a)
		}
	}
	return nil
}

// nxDict reads and validates a _DIC dictionary whose values are an array
// of stride-byte structures at values: signature 0 or "_DIC", a plausible
// count, root reference 0xFFFFFFFF, child indices within the node array,
// named entries, and every key reachable by the Patricia lookup within
// n+1 steps (so a looping trie is rejected).
func (d *decoder) nxDict(off, values, stride int64, what string) (*Dict, error) {
	h, err := d.structAt(off, 8, what)
	if err != nil {
		return nil, err
	}
	sig := h.u32(0)
	count := h.s32(4)
	if h.err != nil {
		return nil, h.err
	}
	if sig != 0 && sig != 0x4349445F { // "_DIC"
		return nil, d.errf(off, "%s: signature 0x%08x is neither 0 nor _DIC", what, sig)
	}
	avail := int64(d.r.Len()) - off - 8
	if count < 0 || count > nxMaxCount || int64(count)+1 > avail/dictNodeSize {
		return nil, d.errf(off+4, "%s: entry count %d does not fit in the file", what, count)
	}
	n := int(count)
	if n > 0 && values == 0 {
		return nil, d.errf(off, "%s: %d entries but no value array", what, n)
	}
	if stride > 0 && !d.r.In(values, int64(n)*stride) {
		return nil, d.errf(off, "%s: value array (%d entries of 0x%x bytes at 0x%x) runs past the end of the file", what, n, stride, values)
	}
	t := &Dict{FileOffset: off, Entries: make([]DictNode, n)}
	for i := 0; i <= n; i++ {
		no := off + 8 + dictNodeSize*int64(i)
		f, err := d.structAt(no, dictNodeSize, "dictionary node")
		if err != nil {
			return nil, err
		}
		nd := DictNode{NodeOffset: no, Ref: f.u32(0), Left: f.u16(4), Right: f.u16(6)}
		nd.KeyOffset = f.off64(8)
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
		if nd.KeyOffset == 0 {
			return nil, d.errf(no+8, "%s: entry %d has no name", what, i-1)
		}
		if nd.Name, err = d.nxString(nd.KeyOffset); err != nil {
			return nil, d.errf(no+8, "%s: entry %d name: %v", what, i-1, err)
		}
		nd.DataOffset = values + int64(i-1)*stride
		t.Entries[i-1] = nd
	}
	if err := d.checkReachable(t, t.nxLookup, off, what); err != nil {
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

func le16(b []byte) uint16 { return binary.LittleEndian.Uint16(b) }

func le32(b []byte) uint32 { return binary.LittleEndian.Uint32(b) }

func le64(b []byte) uint64 { return binary.LittleEndian.Uint64(b) }
