package bfres

import (
	"fmt"

	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/animscope/animscope/formats/texture"
)

// BNTX (MESH-FACTS C.4): the texture container a Switch FRES embeds as the
// external file "textures.bntx". Its offsets are absolute u64s from the
// BNTX's own start. Each BRTI describes one texture; its levels are
// block-linear (tile mode 0) at the absolute offsets of its mip table,
// with the block height of level 0 in the texture layout word and halved
// for smaller levels (texture.TegraMipBlockHeight).

const (
	bntxHeaderSize = 0x48
	brtiSize       = 0x90
	// bntxMaxTextures bounds the texture count before it is checked
	// against the bytes the pointer array needs.
	bntxMaxTextures = 1 << 16
)

// readExternalFile reads the textures of an embedded BNTX among the
// external files. A BNTX that does not hold together is listed as one
// broken texture; the rest of the file opens.
func (d *decoder) readExternalFile(f *File, e DictNode) {
	off, err := d.pointer(e.DataOffset, "external file")
	if err != nil {
		if e.Name == "textures.bntx" {
			f.Textures = append(f.Textures, Texture{Name: e.Name, Err: err})
		}
		return
	}
	size, err := d.r.U32(e.DataOffset + 8)
	if err != nil || !d.r.In(int64(min(off, 1<<62)), int64(size)) {
		if e.Name == "textures.bntx" {
			f.Textures = append(f.Textures, Texture{Name: e.Name, Err: fmt.Errorf("external file %q (0x%x bytes at 0x%x) lies outside the file", e.Name, size, off)})
		}
		return
	}
	data, _ := d.r.Bytes(int64(off), int64(size))
	if len(data) < 4 || string(data[:4]) != "BNTX" {
		return
	}
	texs, err := parseBNTX(data, d.r.B, int64(off))
	if err != nil {
		f.Textures = append(f.Textures, Texture{Name: e.Name, Err: err})
		return
	}
	f.Textures = append(f.Textures, texs...)
}

// parseBNTX reads the textures of the BNTX in data, which starts at base in
// file.
func parseBNTX(data, file []byte, base int64) ([]Texture, error) {
	r := bin.LE(data)
	errf := func(off int64, format string, args ...any) error {
		return bin.Errorf(formatName, base+off, "textures.bntx: "+format, args...)
	}
	if len(data) < bntxHeaderSize || string(data[:8]) != "BNTX\x00\x00\x00\x00" {
		return nil, errf(0, "not a BNTX header (0x%x bytes)", len(data))
	}
	if bom, _ := r.U16(0x0C); bom != 0xFEFF {
		return nil, errf(0x0C, "byte order mark 0x%04x: only little-endian BNTX is supported", bom)
	}
	if b, _ := r.Bytes(0x20, 4); string(b) != "NX  " {
		return nil, bin.Unsupportedf(formatName, "textures.bntx: platform %q is not NX", b)
	}
	count, _ := r.U32(0x24)
	arr, _ := r.U64(0x28)
	if count > bntxMaxTextures || !r.In(int64(min(arr, 1<<62)), 8*int64(count)) {
		return nil, errf(0x24, "%d texture pointers at 0x%x do not fit in its 0x%x bytes", count, arr, len(data))
	}
	var out []Texture
	for i := int64(0); i < int64(count); i++ {
		p, _ := r.U64(int64(arr) + 8*i)
		t, err := parseBRTI(r, int64(min(p, 1<<62)), errf)
		if err != nil {
			return nil, err
		}
		t.file = file
		for k := range t.NXMipData {
			t.NXMipData[k] += base
		}
		if t.Err == nil {
			t.Err = t.checkNX()
		}
		out = append(out, t)
	}
	return out, nil
}

func parseBRTI(r bin.Reader, off int64, errf func(int64, string, ...any) error) (Texture, error) {
	if !r.In(off, brtiSize) {
		return Texture{}, errf(off, "BRTI (0x%x bytes) runs past the end of the BNTX", brtiSize)
	}
	if b, _ := r.Bytes(off, 4); string(b) != "BRTI" {
		return Texture{}, errf(off, "texture pointer does not point at a BRTI")
	}
	u8 := func(o int64) uint8 { v, _ := r.U8(off + o); return v }
	u16 := func(o int64) uint16 { v, _ := r.U16(off + o); return v }
	u32 := func(o int64) uint32 { v, _ := r.U32(off + o); return v }
	u64 := func(o int64) uint64 { v, _ := r.U64(off + o); return v }
	t := Texture{FileOffset: off}
	t.TileMode = uint32(u16(0x12))
	t.MipCount = uint32(u16(0x16))
	t.FormatCode = u32(0x1C)
	t.Width, t.Height = u32(0x24), u32(0x28)
	t.Depth = u32(0x30) // array count
	t.layout = u32(0x34)
	t.BlockHeight = 1 << (t.layout & 7)
	t.NXImageSize = u32(0x50)
	t.Alignment = u32(0x54)
	for i := range t.Selectors {
		c, ok := texture.NXChannel(u8(0x58 + int64(i)))
		if !ok && t.Err == nil {
			t.Err = fmt.Errorf("channel source %d of channel %d is not 0..5", u8(0x58+int64(i)), i)
		}
		t.Selectors[i] = c
	}
	name := int64(min(u64(0x60), 1<<62))
	n, err := r.U16(name)
	if err != nil {
		return Texture{}, errf(off+0x60, "texture name at 0x%x is outside the BNTX", name)
	}
	s, err := r.Bytes(name+2, int64(n))
	if err != nil {
		return Texture{}, errf(off+0x60, "texture name (%d bytes at 0x%x) runs past the end of the BNTX", n, name)
	}
	t.Name = string(s)
	if t.MipCount == 0 || t.MipCount > 17 {
		t.Err = fmt.Errorf("mip count %d is outside 1..17", t.MipCount)
		return t, nil
	}
	mips := int64(min(u64(0x70), 1<<62))
	if !r.In(mips, 8*int64(t.MipCount)) {
		return Texture{}, errf(off+0x70, "mip offset table (%d entries at 0x%x) runs past the end of the BNTX", t.MipCount, mips)
	}
	t.NXMipData = make([]int64, t.MipCount)
	for k := range t.NXMipData {
		v, _ := r.U64(mips + 8*int64(k))
		if v >= uint64(r.Len()) {
			return Texture{}, errf(mips+8*int64(k), "mip %d data at 0x%x is outside the BNTX (0x%x bytes)", k, v, r.Len())
		}
		t.NXMipData[k] = int64(v)
	}
	return t, nil
}

func (t *Texture) checkNX() error {
	f, ok := texture.NXFormat(t.FormatCode)
	if !ok {
		return fmt.Errorf("nn::gfx format 0x%x is not supported", t.FormatCode)
	}
	t.Format = f
	if !texture.TegraValidBlockHeight(int(t.BlockHeight)) {
		return fmt.Errorf("block height %d GOBs (texture layout 0x%x) is not 1..32", t.BlockHeight, t.layout)
	}
	if t.TileMode != 0 {
		return fmt.Errorf("tile mode %d (pitch linear) is not supported", t.TileMode)
	}
	if t.Width == 0 || t.Height == 0 || t.Width > 16384 || t.Height > 16384 {
		return fmt.Errorf("size %dx%d is outside 1..16384", t.Width, t.Height)
	}
	_, err := t.nxLevelLayout(0)
	return err
}

// nxLevel is a Switch level's place: its data, size in elements and
// block height.
type nxLevel struct {
	data   []byte
	ew, eh int
	bh     int
}

func (t *Texture) nxLevelLayout(mip int) (nxLevel, error) {
	if mip < 0 || mip >= len(t.NXMipData) {
		return nxLevel{}, fmt.Errorf("mip %d is outside the texture's %d levels", mip, len(t.NXMipData))
	}
	w, h := max(1, int(t.Width)>>mip), max(1, int(t.Height)>>mip)
	ew, eh := t.Format.Elements(w, h)
	bh := texture.TegraMipBlockHeight(int(t.BlockHeight), eh)
	need := texture.TegraSize(ew, eh, t.Format.Bytes, bh)
	a := t.NXMipData[mip]
	if a < 0 || a > int64(len(t.file)) || int64(need) > int64(len(t.file))-a {
		return nxLevel{}, fmt.Errorf("mip %d (%dx%d, block height %d) needs 0x%x bytes at 0x%x, the file has 0x%x", mip, w, h, bh, need, a, len(t.file))
	}
	return nxLevel{data: t.file[a : a+int64(need)], ew: ew, eh: eh, bh: bh}, nil
}

// nxLevel untiles level mip (array layer 0).
func (t *Texture) nxLevel(mip int) ([]byte, error) {
	lv, err := t.nxLevelLayout(mip)
	if err != nil {
		return nil, err
	}
	return texture.TegraUntile(lv.data, lv.ew, lv.eh, t.Format.Bytes, lv.bh)
}
