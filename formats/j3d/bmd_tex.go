package j3d

import (
	"fmt"

	"github.com/animscope/animscope/formats/texture"
	"github.com/animscope/animscope/mesh"
)

// TextureHeader is one TEX1 entry: a 0x20-byte BTI header (ResTIMG)
// whose palette and image offsets are relative to the header itself, so
// several entries can share one image.
type TextureHeader struct {
	Name           string
	Format         uint8
	Width, Height  uint16
	WrapS, WrapT   uint8 // 0 clamp, 1 repeat, 2 mirror
	PaletteFormat  uint8
	PaletteCount   uint16
	MinFilter      uint8
	MagFilter      uint8
	MinLOD, MaxLOD int8
	Mips           uint8
	LODBias        int16
	// Offset is the header's offset in TEX1; Raw the bytes from the
	// header to the chunk end (what a GX texture decoder takes).
	Offset int64
	Raw    []byte
}

// gxFormatNames are the GX texture formats' names.
var gxFormatNames = map[uint8]string{0: "I4", 1: "I8", 2: "IA4", 3: "IA8", 4: "RGB565", 5: "RGB5A3", 6: "RGBA8",
	8: "C4", 9: "C8", 10: "C14X2", 14: "CMPR"}

// FormatName names the texture's GX format.
func (t *TextureHeader) FormatName() string {
	if n, ok := gxFormatNames[t.Format]; ok {
		return n
	}
	return fmt.Sprintf("format %d", t.Format)
}

// Sampler is how the material samples the texture.
func (t *TextureHeader) Sampler() mesh.Sampler {
	return texture.GXSampler(t.WrapS, t.WrapT, t.MinFilter, t.MagFilter, int(t.Mips))
}

const timgSize = 0x20

// readTEX1 reads the texture headers and names; image data is left for
// the GX texture decoder.
func readTEX1(s mchunk) ([]TextureHeader, error) {
	c := s.r
	if err := c.Check(0, 0x14); err != nil {
		return nil, fmt.Errorf("TEX1 chunk is %d bytes, too short for its 0x14-byte header", c.Len())
	}
	n, _ := c.U16(0x08)
	hdr, _ := c.U32(0x0C)
	nameOff, _ := c.U32(0x10)
	if n == 0 {
		return nil, nil
	}
	if !c.In(int64(hdr), timgSize*int64(n)) {
		return nil, fmt.Errorf("TEX1 headers of %d textures at 0x%x run past the chunk end", n, hdr)
	}
	var names []string
	if nameOff != 0 {
		var err error
		names, _, err = readNameTable(c, int64(nameOff), int(n))
		if err != nil {
			return nil, fmt.Errorf("TEX1 name table: %v", err)
		}
	}
	texs := make([]TextureHeader, n)
	for i := range texs {
		t := &texs[i]
		at := int64(hdr) + timgSize*int64(i)
		t.Offset = at
		t.Raw = c.B[at:]
		if i < len(names) {
			t.Name = names[i]
		} else {
			t.Name = fmt.Sprintf("texture%d", i)
		}
		t.Format, _ = c.U8(at)
		t.Width, _ = c.U16(at + 2)
		t.Height, _ = c.U16(at + 4)
		t.WrapS, _ = c.U8(at + 6)
		t.WrapT, _ = c.U8(at + 7)
		t.PaletteFormat, _ = c.U8(at + 9)
		t.PaletteCount, _ = c.U16(at + 0x0A)
		t.MinFilter, _ = c.U8(at + 0x14)
		t.MagFilter, _ = c.U8(at + 0x15)
		lo, _ := c.U8(at + 0x16)
		hi, _ := c.U8(at + 0x17)
		t.MinLOD, t.MaxLOD = int8(lo), int8(hi)
		t.Mips, _ = c.U8(at + 0x18)
		t.LODBias, _ = c.S16(at + 0x1A)
	}
	return texs, nil
}
