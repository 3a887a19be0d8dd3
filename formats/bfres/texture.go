package bfres

import (
	"fmt"
	"image"
	"path"
	"strings"

	"github.com/animscope/animscope/formats/asset"
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
// does (File.TextureRole); the model's assembly pairs them.

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

// TextureRole is which levels of its textures a Wii U file holds.
type TextureRole uint8

const (
	RoleWhole TextureRole = iota // levels 0 at the image pointer, 1+ at the mip pointer
	RoleTex1                     // level 0 only
	RoleTex2                     // levels 1+ at the image pointer
)

// TextureRole is the role of f, opened from the file fileName (a base
// name): decided by its FRES name or fileName, as BfresLibrary does. A
// Switch file holds its textures whole.
func (f *File) TextureRole(fileName string) TextureRole {
	if f.Switch != nil {
		return RoleWhole
	}
	for _, n := range []string{f.Name, fileName} {
		n = strings.ToLower(n)
		switch {
		case strings.HasSuffix(n, ".tex2") || strings.Contains(n, ".tex2."):
			return RoleTex2
		case strings.HasSuffix(n, ".tex1") || strings.Contains(n, ".tex1."):
			return RoleTex1
		}
	}
	return RoleWhole
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

// Mesh gives the format-neutral texture. mips is the texture whose data
// holds levels 1+ (a BotW Tex2 file's FTEX of the same name), or nil for
// the texture's own file; role is the file's.
func (t *Texture) Mesh(role TextureRole, mips *Texture) *mesh.Texture {
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
		case mip == 0 && role == RoleTex2:
			err = fmt.Errorf("this file holds the mip levels 1+ only (level 0 is in the .Tex1 file)")
		case mip == 0 || role == RoleWhole:
			out, _, err = t.gx2Level(mip, role)
		case mips == nil && role == RoleTex1:
			err = fmt.Errorf("mip %d is in the .Tex2 file, which was not found", mip)
		case mips == nil: // a Tex2 texture's own levels
			out, _, err = t.gx2Level(mip, RoleTex2)
		default:
			if mips.Err != nil {
				return nil, fmt.Errorf("texture %q in the .Tex2 file: %w", t.Name, mips.Err)
			}
			if uint32(mip) >= mips.MipCount {
				return nil, fmt.Errorf("texture %q: the .Tex2 file holds %d levels, not %d", t.Name, mips.MipCount, mip+1)
			}
			out, _, err = mips.gx2Level(mip, RoleTex2)
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
	role := f.TextureRole(path.Base(strings.ReplaceAll(a.Name, `\`, "/")))
	if role == RoleTex2 && len(f.Textures) > 0 {
		a.Notes = append(a.Notes, fmt.Sprintf("this file holds mip levels 1+ of %d textures; their level 0 is in the .Tex1 file beside it", len(f.Textures)))
		return
	}
	for i := range f.Textures {
		t := &f.Textures[i]
		if t.Err != nil {
			a.Warnings = append(a.Warnings, fmt.Sprintf("texture %q: %v", t.Name, t.Err))
			continue
		}
		a.Textures = append(a.Textures, t.Mesh(role, nil))
	}
}
