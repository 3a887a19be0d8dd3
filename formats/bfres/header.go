package bfres

import (
	"fmt"

	"github.com/animscope/animscope/formats/internal/bin"
)

// The FRES header of both consoles: what identifies the file and its
// version (wiiuHeader, switchHeader), then one walk over the subfile
// lists the version's layout names (walk).

// SwitchMagic is the 8-byte signature of a Switch FRES file.
const SwitchMagic = "FRES    "

// IsSwitch reports whether data starts with the Switch FRES magic.
func IsSwitch(data []byte) bool { return len(data) >= 8 && string(data[:8]) == SwitchMagic }

// Parse decodes a FRES file of either console.
func Parse(data []byte) (*File, error) {
	if len(data) < headerSize {
		return nil, bin.Errorf(formatName, -1, "file is %d bytes, shorter than the 0x%x-byte FRES header", len(data), headerSize)
	}
	if string(data[:4]) != "FRES" {
		return nil, bin.Errorf(formatName, 0, "magic %q is not FRES", data[:4])
	}
	// Check the byte order mark before reading anything else big-endian:
	// Switch files (little-endian, 8-byte magic "FRES    ") land here too.
	if IsSwitch(data) {
		return ParseSwitch(data)
	}
	d, hf, f, err := wiiuHeader(data)
	if err != nil {
		return nil, err
	}
	return d.walk(hf, f)
}

// ParseSwitch decodes a Switch FRES file (versions 5, 8, 9 and 10).
func ParseSwitch(data []byte) (*File, error) {
	d, hf, f, err := switchHeader(data)
	if err != nil {
		return nil, err
	}
	return d.walk(hf, f)
}

// wiiuVersion checks what identifies a Wii U header (data holds the
// whole header), its byte order and a version this reader knows, and
// returns the version.
func wiiuVersion(data []byte) (uint32, error) {
	r := bin.BE(data)
	ver, _ := r.U32(0x04)
	if bom, _ := r.U16(0x08); bom != 0xFEFF {
		return 0, bin.Errorf(formatName, 0x08, "byte order mark 0x%04x is not 0xFEFF (Wii U files are big-endian)", bom)
	}
	if major := ver >> 24; major < 3 || major > 4 {
		return 0, bin.Unsupportedf(formatName, "FRES version %s: only Wii U versions 3.x and 4.x are supported", VersionString(ver))
	}
	return ver, nil
}

// switchVersion checks what identifies a Switch header, its signature
// and a version this reader knows, and returns the version and its
// layout.
func switchVersion(data []byte) (uint32, *layout, error) {
	if len(data) < 0x20 || !IsSwitch(data) {
		return 0, nil, bin.Errorf(formatName, -1, "file is %d bytes, not a Switch FRES header", len(data))
	}
	ver, _ := bin.LE(data).U32(0x08)
	lay, ok := switchLayout(int(ver >> 16))
	if !ok {
		return 0, nil, bin.Unsupportedf(formatName, "Switch FRES version %d.%d.%d: only versions 5, 8, 9 and 10 are supported",
			ver>>16, ver>>8&0xff, ver&0xff)
	}
	if size := lay.header.size; int64(len(data)) < size {
		return 0, nil, bin.Errorf(formatName, -1, "file is %d bytes, shorter than the 0x%x-byte Switch FRES %d header", len(data), size, lay.major)
	}
	return ver, lay, nil
}

// wiiuHeader checks a Wii U header (byte order, version, file size) and
// reads what only it has.
func wiiuHeader(data []byte) (*decoder, fields, *File, error) {
	ver, err := wiiuVersion(data)
	if err != nil {
		return nil, fields{}, nil, err
	}
	d := &decoder{r: bin.BE(data), lay: wiiuLayout(ver), steps: dictStepBudget, budget: headerSize}
	hf, err := d.structAt(0, headerSize, "FRES header")
	if err != nil {
		return nil, hf, nil, err
	}
	f := &File{}
	h := &f.Header
	h.Version = hf.u32(0x04)
	h.BOM = hf.u16(0x08)
	h.HeaderLen = hf.u16(0x0A)
	h.FileSize = hf.u32(0x0C)
	h.Alignment = hf.u32(0x10)
	h.StringTableSize = hf.u32(0x18)
	h.UserPointer = hf.u32(0x68)
	h.VersionString = VersionString(h.Version)
	if err := d.fileSize(&hf, data, 0x0C); err != nil {
		return nil, hf, nil, err
	}
	h.Pre34Layout = h.Version < 0x03040000
	h.StringTableOff = hf.ref(0x1C)
	return d, hf, f, nil
}

// switchHeader checks a Switch header (version, byte order, file size),
// reads what only it has and the relocation table.
func switchHeader(data []byte) (*decoder, fields, *File, error) {
	ver, lay, err := switchVersion(data)
	if err != nil {
		return nil, fields{}, nil, err
	}
	major, minor, micro := lay.major, int(ver>>8&0xff), int(ver&0xff)
	d := &decoder{r: bin.LE(data), lay: lay, steps: dictStepBudget, budget: lay.header.size}
	hf, err := d.structAt(0, lay.header.size, "FRES header")
	if err != nil {
		return nil, hf, nil, err
	}
	sw := &SwitchInfo{Major: major, Minor: minor, Micro: micro}
	f := &File{Switch: sw}
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
		return nil, hf, nil, hf.err
	}
	if sw.BOM != 0xFEFF {
		return nil, hf, nil, d.errf(0x0C, "byte order mark 0x%04x: big-endian Switch files are not supported (expected FF FE)", sw.BOM)
	}
	if err := d.fileSize(&hf, data, 0x1C); err != nil {
		return nil, hf, nil, err
	}
	if sw.Relocation, err = d.readRelocTable(int64(sw.RelocTableOffset)); err != nil {
		return nil, hf, nil, err
	}
	return d, hf, f, nil
}

// fileSize checks the header's file size (the u32 at field at) and
// limits reading to the bytes it states.
func (d *decoder) fileSize(hf *fields, data []byte, at int64) error {
	size := int64(hf.u32(at))
	if size > int64(len(data)) {
		return d.errf(at, "header file size 0x%x is larger than the data (0x%x bytes)", size, len(data))
	}
	if hsize := d.lay.header.size; size < hsize {
		return d.errf(at, "header file size 0x%x is smaller than the header", size)
	}
	// Everything the file refers to lies within its stated size.
	d.r.B = data[:size]
	d.budget = overlapFactor*size + overlapSlack - d.lay.header.size
	return nil
}

// walk reads the file's name and subfile lists and every subfile it
// decodes.
func (d *decoder) walk(hf fields, f *File) (*File, error) {
	l := &d.lay.header
	f.Name = hf.nameAt(l.name)
	groups := make([]groupRef, len(l.groups))
	for i, g := range l.groups {
		groups[i] = groupRef{values: hf.refAt(g.values), dict: hf.refAt(g.dict), count: uint16(hf.num(g.count))}
	}
	if sw, nl := f.Switch, &d.lay.nxHeader; sw != nil {
		sw.StringPoolOffset = hf.refAt(nl.stringPool)
		sw.StringPoolSize = uint32(hf.num(nl.stringPoolSize))
		sw.ExternalFlags = uint8(hf.num(nl.externalFlags))
	}
	if hf.err != nil {
		return nil, hf.err
	}
	if f.Switch != nil {
		if ext := f.Switch.ExternalFlags; ext&(1<<1|1<<2) != 0 {
			return nil, bin.Unsupportedf(formatName, "Switch FRES %s: names live in an external string file (external flags 0x%02x)", f.Header.VersionString, ext)
		}
		d.readGPUBlob(d.lay.nxHeader.bufferInfo, f.Switch.ExternalFlags)
	} else {
		f.Header.NameOffset = hf.refAt(l.name)
		for g := range f.Header.GroupOffsets {
			f.Header.GroupOffsets[g], f.Header.GroupCounts[g] = groups[g].dict, groups[g].count
		}
	}
	for i := range l.groups {
		if err := d.readGroupDict(f, &l.groups[i], &groups[i]); err != nil {
			return nil, err
		}
	}
	for _, i := range l.readOrder {
		if groups[i].d == nil {
			continue
		}
		if err := d.readSubfiles(f, &l.groups[i], groups[i].d); err != nil {
			return nil, err
		}
	}
	// A file whose every animation is broken and that holds nothing else
	// is a bad file, not a half-working one.
	if len(f.Broken) > 0 && f.decoded() == 0 {
		return nil, f.Broken[0].Err
	}
	return f, nil
}

// decoded counts the models and animations that opened.
func (f *File) decoded() int {
	n := len(f.Models) + len(f.SkeletalAnims) + len(f.TexSRTAnims) + len(f.ShaderParamAnims) + len(f.VisibilityAnims) + len(f.TexPatternAnims)
	if f.Switch != nil {
		n += len(f.Switch.MaterialAnims) + len(f.Switch.BoneVisAnims)
	}
	return n
}

// groupRef is what the header states of one subfile list.
type groupRef struct {
	values, dict int64
	count        uint16
	d            *Dict
}

// readGroupDict reads one subfile list's dictionary, checks it against
// the header's count and that its entries point at the kind's signature.
func (d *decoder) readGroupDict(f *File, g *groupLayout, r *groupRef) error {
	noun := d.lay.header.groupDoc
	what := noun + " " + g.kind
	if d.nx() {
		what = g.kind + " " + noun
	}
	if r.dict == 0 {
		if r.count != 0 {
			return d.errf(g.count.at, "header counts %d %s subfiles but has no %s for them", r.count, g.kind, noun)
		}
		return nil
	}
	dict, err := d.readDict(r.dict, r.values, g.stride, what)
	if err != nil {
		return err
	}
	if len(dict.Entries) != int(r.count) {
		return d.errf(r.dict+4, "%s has %d entries, header says %d", what, len(dict.Entries), r.count)
	}
	if g.magic != "" {
		for _, e := range dict.Entries {
			if !d.magicAt(e.DataOffset, g.magic) {
				return d.errf(e.NodeOffset, "%s entry %q points at 0x%x, which is not a %s", what, e.Name, e.DataOffset, g.magic)
			}
		}
	}
	r.d = dict
	if d.nx() {
		f.Switch.Subfiles = append(f.Switch.Subfiles, SwitchSubfile{Kind: g.kind, Dict: dict})
	} else {
		f.Groups[g.index] = dict
	}
	return nil
}

// readSubfiles reads the subfiles of one list. A broken skeletal, texture
// SRT or Switch material or bone visibility animation is listed in
// File.Broken and the rest of the file opens; any other subfile that
// cannot be read fails the file.
func (d *decoder) readSubfiles(f *File, g *groupLayout, dict *Dict) error {
	d.group = g.index
	for _, e := range dict.Entries {
		var err error
		switch g.kind {
		case "FMDL":
			err = keep(f, e, &f.Models, false, d.readModel)
		case "FSKA":
			err = keep(f, e, &f.SkeletalAnims, true, d.readSkeletalAnim)
		case GroupNames[GroupTexSRTAnim]:
			err = keep(f, e, &f.TexSRTAnims, true, d.readShaderParamAnim)
		case GroupNames[GroupShaderParamAnim], GroupNames[GroupColorAnim]:
			err = keep(f, e, &f.ShaderParamAnims, false, d.readShaderParamAnim)
		case GroupNames[GroupBoneVisAnim], GroupNames[GroupMatVisAnim]:
			err = keep(f, e, &f.VisibilityAnims, false, d.readVisibilityAnim)
		case "FTXP":
			err = keep(f, e, &f.TexPatternAnims, false, d.readTexPatternAnim)
		case "FTEX":
			if err = keep(f, e, &f.Textures, false, d.readFTEX); err == nil {
				t := &f.Textures[len(f.Textures)-1]
				t.Name = cmpOr(t.Name, e.Name)
			}
		case "FMAA":
			n := len(f.Switch.MaterialAnims)
			err = keep(f, e, &f.Switch.MaterialAnims, true, d.readShaderParamAnim)
			// An FMAA that is all texture SRT plays as a Wii U one.
			if len(f.Switch.MaterialAnims) > n {
				if spa, ok := f.Switch.MaterialAnims[n].texSRT(); ok {
					f.TexSRTAnims = append(f.TexSRTAnims, spa)
				}
			}
		case "FBVS":
			err = keep(f, e, &f.Switch.BoneVisAnims, true, d.readVisibilityAnim)
		case "external file":
			d.readExternalFile(f, e)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// keep appends what read gives for entry e to list. A subfile that
// cannot be read fails the file, unless the file opens without it
// (tolerant): then it is listed in File.Broken.
func keep[T any](f *File, e DictNode, list *[]T, tolerant bool, read func(off int64) (T, error)) error {
	x, err := read(e.DataOffset)
	switch {
	case err == nil:
		*list = append(*list, x)
	case tolerant:
		f.Broken = append(f.Broken, BrokenAnim{Name: e.Name, Err: err})
	default:
		return err
	}
	return nil
}

// nxExternalGPU is the v10 external-flags bit of files whose GPU data
// lives in another file (Tears of the Kingdom).
const nxExternalGPU = 1 << 3

// readGPUBlob finds the GPU data the buffer info (header field at
// bufferInfo) points at: u32, u32 size, u64 offset. A file without one
// has no geometry; a bad one leaves d.gpuErr for the models to report.
func (d *decoder) readGPUBlob(bufferInfo int64, external uint8) {
	if d.lay.major >= 10 && external&nxExternalGPU != 0 {
		d.gpuErr = bin.Unsupportedf(formatName, "the GPU data of this FRES %d file is in an external file (not supported yet)", d.lay.major)
		return
	}
	v, err := d.pointer(bufferInfo, "buffer info")
	if err != nil {
		d.gpuErr = err
		return
	}
	if v == 0 {
		d.gpuErr = fmt.Errorf("the file has no GPU buffer info")
		return
	}
	if v+16 > uint64(d.r.Len()) {
		d.gpuErr = d.errf(bufferInfo, "buffer info at 0x%x is outside the file", v)
		return
	}
	size, _ := d.r.U32(int64(v) + 4)
	off, err := d.pointer(int64(v)+8, "buffer info")
	if err != nil {
		d.gpuErr = err
		return
	}
	if err := d.beforeRelocTable(int64(off), int64(size), "GPU data"); err != nil {
		d.gpuErr = err
		return
	}
	b, err := d.r.Bytes(int64(off), int64(size))
	if err != nil || off == 0 {
		d.gpuErr = d.errf(int64(v), "GPU data (%d bytes at 0x%x) runs past the end of the file (0x%x)", size, off, d.r.Len())
		return
	}
	d.gpu = b
}
