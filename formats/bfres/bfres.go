// Package bfres reads NintendoWare FRES (BFRES) files of the Wii U and the
// Switch: models (FMDL: skeleton, vertex buffers, shapes at LOD 0 and
// materials, as mesh.Model through File.Meshes; fmdl_*.go and
// switch_model.go) and every animation kind the viewer plays.
//
// Wii U files (FRES versions 3.x and 4.x, big-endian) hold skeletal
// animations (FSKA), shader-parameter, colour and texture SRT animations
// (FSHU, index groups 3, 4 and 5), texture pattern animations (FTXP) and
// bone and material visibility animations (FVIS). Switch files
// (little-endian FRES versions 5, 8, 9 and 10; ParseSwitch, switch*.go)
// hold skeletal animations (FSKA), material animations (FMAA: texture SRT,
// shader parameters, texture patterns, material visibility) and bone
// visibility animations (FBVS); they are read into the same structs, so
// conversion and the inspector serve both platforms. Parse takes either.
// Textures, shape and scene animations and external files are counted and
// named but not decoded.
//
// Parse returns spec-shaped structs (kept for the inspector's raw view);
// Clips and Skeletons convert them to the format-neutral anim model.
// Layout facts and evaluation rules: testdata/LAYOUT.md,
// testdata/FIXTURES.md (copies of the shared fixture notes) and, for the
// Switch, testdata/switch/README.md.
package bfres

import (
	"bytes"
	"fmt"

	"github.com/animscope/animscope/formats/internal/bin"
)

const formatName = "bfres"

// Limits. Names in real files are short identifiers; a 4 KiB cap bounds
// the scan for a NUL when a hostile offset points into binary data.
const (
	maxNameLen = 4096
	headerSize = 0x6C
	// dictStepBudget caps the total number of Patricia lookup steps spent
	// validating all dictionaries of one file. Real dictionaries are a few
	// levels deep; a hostile degenerate trie with tens of thousands of
	// entries would otherwise cost billions of steps.
	dictStepBudget = 1 << 24
	// overlapFactor bounds how much structure and array data we decode in
	// total, as a multiple of the file size. Nintendo's writer never
	// shares curve or bone data between owners, so real files use each
	// byte once; a hostile file pointing thousands of bone anims at the
	// same curve array would otherwise make us decode it thousands of
	// times.
	overlapFactor = 2
	overlapSlack  = 1 << 16
)

// Group indices of the FRES header's twelve index groups.
const (
	GroupModel = iota
	GroupTexture
	GroupSkeletalAnim
	GroupShaderParamAnim
	GroupColorAnim
	GroupTexSRTAnim
	GroupTexPatternAnim
	GroupBoneVisAnim
	GroupMatVisAnim
	GroupShapeAnim
	GroupSceneAnim
	GroupExternalFile
	NumGroups
)

// GroupNames are the subfile kinds of the twelve groups, as `info` shows
// them.
var GroupNames = [NumGroups]string{"FMDL", "FTEX", "FSKA", "FSHU shader param", "FSHU color", "FSHU texture SRT", "FTXP", "FVIS bone", "FVIS material", "FSHA", "FSCN", "external file"}

// groupMagic is the signature each group's entries must point at; ""
// means no signature (external files).
var groupMagic = [NumGroups]string{"FMDL", "FTEX", "FSKA", "FSHU", "FSHU", "FSHU", "FTXP", "FVIS", "FVIS", "FSHA", "FSCN", ""}

// File is a parsed FRES file.
type File struct {
	Header Header
	Name   string
	// Groups are the twelve index groups (nil where the file has none).
	Groups        [NumGroups]*Dict
	Models        []Model
	SkeletalAnims []SkeletalAnim
	// TexSRTAnims are the FSHU texture SRT animations of group 5 (Switch:
	// the FMAA whose parameters are all texture SRT).
	TexSRTAnims []ShaderParamAnim
	// ShaderParamAnims are the FSHU shader-parameter (group 3) and colour
	// (group 4) animations (fshu_param.go).
	ShaderParamAnims []ShaderParamAnim
	// VisibilityAnims are the FVIS bone (group 7) and material (group 8)
	// visibility animations (fvis.go).
	VisibilityAnims []VisibilityAnim
	// TexPatternAnims are the FTXP texture pattern animations of group 6
	// (ftxp.go).
	TexPatternAnims []TexPatternAnim
	// Textures are the Wii U FTEX subfiles or the textures of a Switch
	// file's embedded BNTX (ftex.go, bntx.go).
	Textures []Texture
	// Switch is set for Switch files (ParseSwitch): their header, relocation
	// table, dictionaries, FMAA and FBVS animations.
	Switch *SwitchInfo
	// Broken are the animations that could not be read, by index-group
	// name; the rest of the file is read.
	Broken []BrokenAnim
}

// BrokenAnim is an animation subfile that failed to decode.
type BrokenAnim struct {
	Name string
	Err  error
}

// Header is the 0x6C-byte FRES header.
type Header struct {
	Version         uint32 // 0x04050003 = 4.5.0.3
	BOM             uint16
	HeaderLen       uint16
	FileSize        uint32
	Alignment       uint32
	NameOffset      int64 // absolute, 0 = none
	StringTableSize uint32
	StringTableOff  int64 // absolute
	GroupOffsets    [NumGroups]int64
	GroupCounts     [NumGroups]uint16
	UserPointer     uint32
	VersionString   string // "4.5.0.3"
	// Pre34Layout is set for versions before 3.4, whose FSKA, FSHU, FSKL,
	// bone and curve layouts differ (curves have no delta field).
	Pre34Layout bool
}

// VersionString formats a FRES version word.
func VersionString(v uint32) string {
	return fmt.Sprintf("%d.%d.%d.%d", v>>24, v>>16&0xff, v>>8&0xff, v&0xff)
}

// decoder carries the reader and the state shared by every part.
type decoder struct {
	r       bin.Reader
	version uint32
	v34     bool  // version >= 3.4
	budget  int64 // bytes of structures and arrays still allowed
	steps   int64 // dictionary lookup steps still allowed
	// Switch files (switch.go): little-endian, with the version's layout.
	le     bool
	nx     nxLayout
	arena  []float64     // float64 storage handed out to decoded curves (floats)
	curves []storedCurve // zero curves handed out to float curves (storedCurve)
	// shaderParams is set while reading the shader-parameter and colour
	// FSHUs (groups 3, 4): their targets are any float of the parameter,
	// not TexSrt fields (fshu_param.go).
	shaderParams bool
	// gpu is a Switch file's GPU data (vertex and index buffers), or
	// gpuErr why it could not be found (switch_model.go).
	gpu    []byte
	gpuErr error
	// relocated marks, one bit per 8-byte word, the pointer fields a
	// Switch file's relocation table lists, and rlt is where that table
	// starts (0 until it is read): a pointer field it does not list, or a
	// structure that runs into it, is malformed (switch_reloc.go).
	relocated []uint64
	rlt       int64
}

func (d *decoder) errf(off int64, format string, args ...any) error {
	return bin.Errorf(formatName, off, format, args...)
}

// charge accounts for n bytes of file data about to be decoded.
func (d *decoder) charge(off, n int64, what string) error {
	if n < 0 || n > d.budget {
		return d.errf(off, "%s: structures overlap too much (more than %dx the file size decoded)", what, overlapFactor)
	}
	d.budget -= n
	return nil
}

// fields reads a fixed-size structure through a bounds-checked view with a
// sticky error, so that a parser reads its fields in sequence and checks
// once. All offsets are relative to the structure's start.
type fields struct {
	d    *decoder
	r    bin.Reader
	base int64
	what string
	err  error
}

// structAt checks that size bytes at off lie in the file and returns a
// field reader over them.
func (d *decoder) structAt(off, size int64, what string) (fields, error) {
	r, err := d.r.Sub(off, size)
	if err != nil {
		return fields{}, d.errf(off, "%s (0x%x bytes) runs past the end of the file (0x%x)", what, size, d.r.Len())
	}
	if err := d.beforeRelocTable(off, size, what); err != nil {
		return fields{}, err
	}
	if err := d.charge(off, size, what); err != nil {
		return fields{}, err
	}
	return fields{d: d, r: r, base: off, what: what}, nil
}

func (f *fields) set(err error) {
	if f.err == nil && err != nil {
		f.err = f.d.errf(f.base, "%s: %v", f.what, err)
	}
}

func (f *fields) u8(o int64) uint8   { v, err := f.r.U8(o); f.set(err); return v }
func (f *fields) u16(o int64) uint16 { v, err := f.r.U16(o); f.set(err); return v }
func (f *fields) s16(o int64) int16  { v, err := f.r.S16(o); f.set(err); return v }
func (f *fields) u32(o int64) uint32 { v, err := f.r.U32(o); f.set(err); return v }
func (f *fields) s32(o int64) int32  { v, err := f.r.S32(o); f.set(err); return v }
func (f *fields) f32(o int64) float32 {
	v, err := f.r.F32(o)
	f.set(err)
	return v
}

// rel reads the self-relative offset at field o and returns the absolute
// target (0 for a null offset). A target outside the file is an error.
func (f *fields) rel(o int64) int64 {
	v := int64(f.s32(o))
	if v == 0 || f.err != nil {
		return 0
	}
	t := f.base + o + v
	if t < 0 || t >= int64(f.d.r.Len()) {
		if f.err == nil {
			f.err = f.d.errf(f.base+o, "%s: offset field points to 0x%x, outside the file (0x%x bytes)", f.what, t, f.d.r.Len())
		}
		return 0
	}
	return t
}

// name reads the name at the self-relative offset in field o ("" when
// null).
func (f *fields) name(o int64) string {
	t := f.rel(o)
	if t == 0 || f.err != nil {
		return ""
	}
	s, err := f.d.cstring(t)
	if err != nil && f.err == nil {
		f.err = f.d.errf(f.base+o, "%s: name: %v", f.what, err)
	}
	return s
}

// cstring reads a NUL-terminated string of at most maxNameLen bytes at off.
func (d *decoder) cstring(off int64) (string, error) {
	n := min(int64(d.r.Len())-off, maxNameLen+1)
	b, err := d.r.Bytes(off, n)
	if err != nil || n <= 0 {
		return "", fmt.Errorf("string offset 0x%x is outside the file", off)
	}
	i := bytes.IndexByte(b, 0)
	if i < 0 {
		return "", fmt.Errorf("string at 0x%x has no NUL within %d bytes", off, maxNameLen)
	}
	return string(b[:i]), nil
}

// magicAt reports whether the 4 bytes at off spell magic.
func (d *decoder) magicAt(off int64, magic string) bool {
	b, err := d.r.Bytes(off, 4)
	return err == nil && string(b) == magic
}

// Parse decodes a FRES file.
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
	d := &decoder{r: bin.BE(data), steps: dictStepBudget, budget: headerSize}
	hf, err := d.structAt(0, headerSize, "FRES header")
	if err != nil {
		return nil, err
	}
	var f File
	h := &f.Header
	h.Version = hf.u32(0x04)
	h.BOM = hf.u16(0x08)
	h.HeaderLen = hf.u16(0x0A)
	h.FileSize = hf.u32(0x0C)
	h.Alignment = hf.u32(0x10)
	h.StringTableSize = hf.u32(0x18)
	h.UserPointer = hf.u32(0x68)
	h.VersionString = VersionString(h.Version)
	if h.BOM != 0xFEFF {
		return nil, d.errf(0x08, "byte order mark 0x%04x is not 0xFEFF (Wii U files are big-endian)", h.BOM)
	}
	if major := h.Version >> 24; major < 3 || major > 4 {
		return nil, bin.Unsupportedf(formatName, "FRES version %s: only Wii U versions 3.x and 4.x are supported", h.VersionString)
	}
	if int64(h.FileSize) > int64(len(data)) {
		return nil, d.errf(0x0C, "header file size 0x%x is larger than the data (0x%x bytes)", h.FileSize, len(data))
	}
	if h.FileSize < headerSize {
		return nil, d.errf(0x0C, "header file size 0x%x is smaller than the header", h.FileSize)
	}
	// Everything the file refers to lies within its stated size.
	d.r = bin.BE(data[:h.FileSize])
	d.budget = overlapFactor*int64(h.FileSize) + overlapSlack - headerSize
	d.version = h.Version
	d.v34 = h.Version >= 0x03040000
	h.Pre34Layout = !d.v34
	h.NameOffset = hf.rel(0x14)
	h.StringTableOff = hf.rel(0x1C)
	for g := 0; g < NumGroups; g++ {
		h.GroupOffsets[g] = hf.rel(0x20 + 4*int64(g))
		h.GroupCounts[g] = hf.u16(0x50 + 2*int64(g))
	}
	if hf.err != nil {
		return nil, hf.err
	}
	if h.NameOffset != 0 {
		if f.Name, err = d.cstring(h.NameOffset); err != nil {
			return nil, d.errf(0x14, "file name: %v", err)
		}
	}
	for g := 0; g < NumGroups; g++ {
		off := h.GroupOffsets[g]
		if off == 0 {
			if h.GroupCounts[g] != 0 {
				return nil, d.errf(0x50+2*int64(g), "header counts %d %s subfiles but has no index group for them", h.GroupCounts[g], GroupNames[g])
			}
			continue
		}
		dict, err := d.readDict(off, "index group "+GroupNames[g])
		if err != nil {
			return nil, err
		}
		if len(dict.Entries) != int(h.GroupCounts[g]) {
			return nil, d.errf(off+4, "index group %s has %d entries, header says %d", GroupNames[g], len(dict.Entries), h.GroupCounts[g])
		}
		if m := groupMagic[g]; m != "" {
			for _, e := range dict.Entries {
				if !d.magicAt(e.DataOffset, m) {
					return nil, d.errf(e.NodeOffset, "index group %s entry %q points at 0x%x, which is not a %s", GroupNames[g], e.Name, e.DataOffset, m)
				}
			}
		}
		f.Groups[g] = dict
	}
	if g := f.Groups[GroupModel]; g != nil {
		for _, e := range g.Entries {
			m, err := d.readModel(e.DataOffset)
			if err != nil {
				return nil, err
			}
			f.Models = append(f.Models, m)
		}
	}
	if g := f.Groups[GroupSkeletalAnim]; g != nil {
		for _, e := range g.Entries {
			a, err := d.readSkeletalAnim(e.DataOffset)
			if err != nil {
				f.Broken = append(f.Broken, BrokenAnim{Name: e.Name, Err: err})
				continue
			}
			f.SkeletalAnims = append(f.SkeletalAnims, a)
		}
	}
	if g := f.Groups[GroupTexSRTAnim]; g != nil {
		for _, e := range g.Entries {
			a, err := d.readShaderParamAnim(e.DataOffset)
			if err != nil {
				f.Broken = append(f.Broken, BrokenAnim{Name: e.Name, Err: err})
				continue
			}
			f.TexSRTAnims = append(f.TexSRTAnims, a)
		}
	}
	if err := d.readParamGroups(&f); err != nil {
		return nil, err
	}
	if err := d.readVisGroups(&f); err != nil {
		return nil, err
	}
	if err := d.readPatternGroup(&f); err != nil {
		return nil, err
	}
	if err := d.readFTEXGroup(&f); err != nil {
		return nil, err
	}
	// A file whose every animation is broken and that holds nothing else
	// is a bad file, not a half-working one.
	if len(f.Broken) > 0 && len(f.SkeletalAnims)+len(f.TexSRTAnims)+len(f.ShaderParamAnims)+len(f.VisibilityAnims)+len(f.TexPatternAnims)+len(f.Models) == 0 {
		return nil, f.Broken[0].Err
	}
	return &f, nil
}
