package bfres

import (
	"fmt"

	"github.com/animscope/animscope/formats/texture"
)

// FTEX: a Wii U texture subfile (index group 1), a GX2 surface header
// with its component selectors and the self-relative pointers to its
// level 0 and mip data.

// ftexSize is the FTEX structure's size (FRES 3.x and 4.x).
const ftexSize = 0xC0

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
func (t *Texture) gx2LevelData(level int, role TextureRole) ([]byte, error) {
	base := t.ImageData
	off := int64(0)
	if level > 0 {
		if role == RoleWhole {
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
func (t *Texture) gx2Level(level int, role TextureRole) ([]byte, texture.GX2Level, error) {
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
