package bfres

import (
	"fmt"
	"image"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/formats/asset"
	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/animscope/animscope/formats/texture"
	"github.com/animscope/animscope/mesh"
)

// Textures of both platforms. A Wii U file lists FTEX subfiles (index
// group 1; MESH-FACTS B.8), each a GX2 surface header with its component
// selectors and the self-relative pointers to its level 0 and mip data. A
// Switch file embeds a BNTX as the external file "textures.bntx" (bntx.go).
// Both end up as Texture, which decodes a level on demand.
//
// BotW splits a model's textures: X.Tex1.bfres holds every FTEX with its
// level 0 only, X.Tex2.bfres the same headers with the levels from 1 on,
// stored at the image pointer (its mip pointer is just image + size and
// may point past the file). Which one a file is is decided by its name
// (the FRES name or the file name: ".Tex1" / ".Tex2"), as BfresLibrary
// does; Textures pairs them.

// ftexSize is the FTEX structure's size (FRES 3.x and 4.x).
const ftexSize = 0xC0

// Texture is one texture of a BFRES file: a Wii U FTEX or a Switch BRTI.
type Texture struct {
	FileOffset int64
	Name, Path string
	Format     texture.ElementFormat
	FormatCode uint32 // GX2SurfaceFormat or nn::gfx format word
	Width      uint32
	Height     uint32
	Depth      uint32 // slices (Wii U depth, BNTX array count)
	MipCount   uint32
	TileMode   uint32
	Selectors  texture.Selectors
	// Wii U
	GX2        *texture.GX2Surface
	Use        uint32
	ImageSize  uint32
	MipSize    uint32
	Alignment  uint32
	Pitch      uint32
	MipOffsets [13]uint32
	ImageData  int64 // absolute, 0 = none
	MipData    int64 // absolute, 0 = none
	// Switch
	BlockHeight uint32  // GOBs, mip 0
	NXMipData   []int64 // absolute offsets in the file, one per level
	NXImageSize uint32
	layout      uint32 // BRTI texture layout word
	// Err is why the texture cannot be decoded (nil when it can); the
	// rest of the file opens.
	Err error

	file []byte // the whole FRES file
}

// texRole is which levels a Wii U file holds.
type texRole uint8

const (
	roleWhole texRole = iota // levels 0 at the image pointer, 1+ at the mip pointer
	roleTex1                 // level 0 only
	roleTex2                 // levels 1+ at the image pointer
)

// fileRole decides by name, as BfresLibrary does.
func fileRole(names ...string) texRole {
	for _, n := range names {
		n = strings.ToLower(n)
		switch {
		case strings.HasSuffix(n, ".tex2") || strings.Contains(n, ".tex2."):
			return roleTex2
		case strings.HasSuffix(n, ".tex1") || strings.Contains(n, ".tex1."):
			return roleTex1
		}
	}
	return roleWhole
}

// readFTEXGroup reads every FTEX of index group 1. A texture whose header
// does not hold together is kept with its Err; only an FTEX header outside
// the file stops the file.
func (d *decoder) readFTEXGroup(f *File) error {
	g := f.Groups[GroupTexture]
	if g == nil {
		return nil
	}
	for _, e := range g.Entries {
		t, err := d.readFTEX(e.DataOffset)
		if err != nil {
			return err
		}
		if t.Name == "" {
			t.Name = e.Name
		}
		f.Textures = append(f.Textures, t)
	}
	return nil
}

func (d *decoder) readFTEX(off int64) (Texture, error) {
	h, err := d.structAt(off, ftexSize, "FTEX")
	if err != nil {
		return Texture{}, err
	}
	s := &texture.GX2Surface{
		Dim: h.u32(0x04), Width: h.u32(0x08), Height: h.u32(0x0C), Depth: h.u32(0x10),
		MipCount: h.u32(0x14), Format: h.u32(0x18), AAMode: h.u32(0x1C),
		TileMode: h.u32(0x34), Swizzle: h.u32(0x38),
	}
	t := Texture{FileOffset: off, GX2: s, FormatCode: s.Format, Width: s.Width, Height: s.Height,
		Depth: s.Depth, MipCount: s.MipCount, TileMode: s.TileMode, file: d.r.B}
	t.Use = h.u32(0x20)
	t.ImageSize = h.u32(0x24)
	t.MipSize = h.u32(0x2C)
	t.Alignment = h.u32(0x3C)
	t.Pitch = h.u32(0x40)
	for i := range t.MipOffsets {
		t.MipOffsets[i] = h.u32(0x44 + 4*int64(i))
	}
	for i := range t.Selectors {
		c, ok := texture.GX2Channel(h.u8(0x88 + int64(i)))
		if !ok && t.Err == nil {
			t.Err = fmt.Errorf("component selector %d of channel %d is not 0..5", h.u8(0x88+int64(i)), i)
		}
		t.Selectors[i] = c
	}
	t.Name = h.name(0xA8)
	t.Path = h.name(0xAC)
	// The data pointers are not checked against the file here: BotW's
	// Tex2 files hold a mip pointer past their end.
	t.ImageData = relTarget(&h, 0xB0)
	t.MipData = relTarget(&h, 0xB4)
	if h.err != nil {
		return Texture{}, h.err
	}
	if t.Err == nil {
		t.Err = t.checkGX2()
	}
	return t, nil
}

// relTarget reads a self-relative offset without requiring its target to
// lie in the file (0 for null or a target before the file).
func relTarget(f *fields, o int64) int64 {
	v := int64(f.s32(o))
	if v == 0 || f.err != nil {
		return 0
	}
	return max(f.base+o+v, 0)
}

func (t *Texture) checkGX2() error {
	f, ok := texture.GX2Format(t.FormatCode)
	if !ok {
		return fmt.Errorf("GX2 format 0x%x is not supported", t.FormatCode)
	}
	t.Format = f
	if t.MipCount == 0 || t.MipCount > 14 {
		return fmt.Errorf("mip count %d is outside 1..14", t.MipCount)
	}
	if _, err := t.GX2.Level(0); err != nil {
		return err
	}
	return nil
}

// gx2LevelData returns the bytes that hold level level: level 0 at the
// image pointer; level 1 at the start of the mip data and level k ≥ 2 at
// mipOffsets[k-1] in it (MESH-FACTS B.9: never summed sizes, BotW pads
// the first 1D level).
func (t *Texture) gx2LevelData(level int, role texRole) ([]byte, error) {
	base := t.ImageData
	off := int64(0)
	if level > 0 {
		if role == roleWhole {
			base = t.MipData
		}
		if level >= 2 {
			off = int64(t.MipOffsets[level-1])
		}
	}
	if base == 0 {
		return nil, fmt.Errorf("level %d has no data pointer", level)
	}
	a := base + off
	if a < 0 || a >= int64(len(t.file)) {
		return nil, fmt.Errorf("level %d data at 0x%x is outside the file (0x%x bytes)", level, a, len(t.file))
	}
	return t.file[a:], nil
}

// gx2Level untiles level level from this texture's data.
func (t *Texture) gx2Level(level int, role texRole) ([]byte, texture.GX2Level, error) {
	lv, err := t.GX2.Level(level)
	if err != nil {
		return nil, lv, err
	}
	src, err := t.gx2LevelData(level, role)
	if err != nil {
		return nil, lv, err
	}
	out, err := t.GX2.Untile(lv, src)
	return out, lv, err
}

// gx2TileModes names the GX2 tile modes (GX2TileMode 0–16).
var gx2TileModes = [17]string{"default", "linear aligned", "1D thin1", "1D thick", "2D thin1", "2D thin2", "2D thin4", "2D thick",
	"2B thin1", "2B thin2", "2B thin4", "2B thick", "3D thin1", "3D thick", "3B thin1", "3B thick", "linear special"}

// storage says how the texels are laid out in the file: the GX2 tile mode
// and swizzle (Wii U), the block height in GOBs of block-linear level 0
// (Switch).
func (t *Texture) storage() string {
	switch {
	case t.GX2 != nil:
		name := "unknown"
		if t.GX2.TileMode < uint32(len(gx2TileModes)) {
			name = gx2TileModes[t.GX2.TileMode]
		}
		return fmt.Sprintf("tile mode %d (%s), swizzle 0x%x", t.GX2.TileMode, name, t.GX2.Swizzle)
	case t.BlockHeight != 0:
		return fmt.Sprintf("block linear, block height %d", t.BlockHeight)
	}
	return ""
}

// meshTexture gives the format-neutral texture. mips is the texture whose
// data holds levels 1+ (a BotW Tex2 file's FTEX of the same name), or nil
// for the texture's own file; role is the file's.
func (t *Texture) meshTexture(role texRole, mips *Texture) *mesh.Texture {
	mt := &mesh.Texture{Name: t.Name, Width: int(t.Width), Height: int(t.Height), Mips: int(max(t.MipCount, 1)), Format: t.Format.Name, Details: t.storage()}
	if mt.Format == "" {
		mt.Format = fmt.Sprintf("format 0x%x", t.FormatCode)
	}
	blocks := func(mip int) ([]byte, error) {
		if t.Err != nil {
			return nil, fmt.Errorf("texture %q: %w", t.Name, t.Err)
		}
		if mip < 0 || mip >= mt.Mips {
			return nil, fmt.Errorf("texture %q: mip %d is outside its %d levels", t.Name, mip, mt.Mips)
		}
		var out []byte
		var err error
		switch {
		case t.GX2 == nil:
			out, err = t.nxLevel(mip)
		case mip == 0 && role == roleTex2:
			err = fmt.Errorf("this file holds the mip levels 1+ only (level 0 is in the .Tex1 file)")
		case mip == 0 || role == roleWhole:
			out, _, err = t.gx2Level(mip, role)
		case mips == nil && role == roleTex1:
			err = fmt.Errorf("mip %d is in the .Tex2 file, which was not found", mip)
		case mips == nil: // a Tex2 texture's own levels
			out, _, err = t.gx2Level(mip, roleTex2)
		default:
			if mips.Err != nil {
				return nil, fmt.Errorf("texture %q in the .Tex2 file: %w", t.Name, mips.Err)
			}
			if uint32(mip) >= mips.MipCount {
				return nil, fmt.Errorf("texture %q: the .Tex2 file holds %d levels, not %d", t.Name, mips.MipCount, mip+1)
			}
			out, _, err = mips.gx2Level(mip, roleTex2)
		}
		if err != nil {
			return nil, fmt.Errorf("texture %q mip %d: %w", t.Name, mip, err)
		}
		return out, nil
	}
	mt.Decode = func(mip int) (*image.RGBA, error) {
		data, err := blocks(mip)
		if err != nil {
			return nil, err
		}
		w, h := mt.MipSize(mip)
		img, err := t.Format.Decode(data, w, h)
		if err != nil {
			return nil, fmt.Errorf("texture %q mip %d: %w", t.Name, mip, err)
		}
		t.Selectors.Apply(img, t.Format.SNorm)
		return img, nil
	}
	if bf := t.Format.BlockFormat(); bf != mesh.NoBlocks {
		mt.Swizzle = t.Selectors.Mesh()
		mt.Blocks = func(mip int) (mesh.BlockFormat, []byte, error) {
			data, err := blocks(mip)
			if err != nil {
				return mesh.NoBlocks, nil, err
			}
			w, h := mt.MipSize(mip)
			return bf, data[:t.Format.LinearSize(w, h)], nil
		}
	}
	return mt
}

// addTextures lists the file's decodable textures in a.Textures and the
// others among its warnings. A Tex2 file alone has no level 0 to show: it
// lists none and says where they are.
func addTextures(a *asset.Asset, f *File) {
	role := roleWhole
	if f.Switch == nil {
		role = fileRole(f.Name, path.Base(slashPath(a.Name)))
	}
	if role == roleTex2 && len(f.Textures) > 0 {
		a.Warnings = append(a.Warnings, fmt.Sprintf("this file holds mip levels 1+ of %d textures; their level 0 is in the .Tex1 file beside it", len(f.Textures)))
		return
	}
	for i := range f.Textures {
		t := &f.Textures[i]
		if t.Err != nil {
			a.Warnings = append(a.Warnings, fmt.Sprintf("texture %q: %v", t.Name, t.Err))
			continue
		}
		a.Textures = append(a.Textures, t.meshTexture(role, nil))
	}
}

func slashPath(p string) string { return strings.ReplaceAll(p, `\`, "/") }

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
	if IsSwitch(data) {
		f, err = parseSwitchTexturesOnly(data)
	} else {
		f, err = parseWiiUTexturesOnly(data)
	}
	if err != nil || len(f.Textures) == 0 {
		return nil, strictErr, strictErr
	}
	return f, strictErr, nil
}

// parseWiiUTexturesOnly reads the header and the FTEX index group's
// entries in order, without walking the dictionary's trie.
func parseWiiUTexturesOnly(data []byte) (*File, error) {
	if len(data) < headerSize || string(data[:4]) != "FRES" {
		return nil, bin.Errorf(formatName, -1, "not a FRES header")
	}
	d := &decoder{r: bin.BE(data), steps: dictStepBudget, budget: overlapFactor*int64(len(data)) + overlapSlack}
	hf, err := d.structAt(0, headerSize, "FRES header")
	if err != nil {
		return nil, err
	}
	f := &File{}
	f.Header.Version = hf.u32(0x04)
	f.Header.VersionString = VersionString(f.Header.Version)
	f.Header.BOM = hf.u16(0x08)
	if major := f.Header.Version >> 24; f.Header.BOM != 0xFEFF || major < 3 || major > 4 {
		return nil, bin.Errorf(formatName, 4, "not a Wii U FRES header")
	}
	if f.Header.NameOffset = hf.rel(0x14); f.Header.NameOffset != 0 {
		f.Name, _ = d.cstring(f.Header.NameOffset)
	}
	g := hf.rel(0x24)
	f.Header.GroupOffsets[GroupTexture] = g
	if hf.err != nil {
		return nil, hf.err
	}
	if g == 0 {
		return f, nil
	}
	h, err := d.structAt(g, 8, "index group FTEX")
	if err != nil {
		return nil, err
	}
	n := h.s32(4)
	if h.err != nil || n < 0 || !bin.Fits(int64(n)+1, dictNodeSize, int64(len(data))-g-8) {
		return nil, d.errf(g+4, "index group FTEX: entry count %d does not fit in the file", n)
	}
	for i := int64(1); i <= int64(n); i++ {
		nd, err := d.structAt(g+8+dictNodeSize*i, dictNodeSize, "index group node")
		if err != nil {
			return nil, err
		}
		name, at := nd.name(8), nd.rel(12)
		if nd.err != nil {
			return nil, nd.err
		}
		if !d.magicAt(at, "FTEX") {
			return nil, d.errf(nd.base+12, "index group FTEX entry %q does not point at an FTEX", name)
		}
		t, err := d.readFTEX(at)
		if err != nil {
			return nil, err
		}
		t.Name = cmpOr(t.Name, name)
		f.Textures = append(f.Textures, t)
	}
	return f, nil
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
