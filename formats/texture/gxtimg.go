package texture

import (
	"fmt"
	"image"

	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/animscope/animscope/mesh"
)

// ResTIMGSize is the size of a ResTIMG header.
const ResTIMGSize = 0x20

// ResTIMG is JSystem's texture header (MESH-FACTS A.9): the header of a
// BTI file and of each entry of a J3D model's TEX1 chunk. Every field is
// kept as stored; offsets are relative to the header.
type ResTIMG struct {
	Format         GXFormat // 0x00
	AlphaHint      uint8    // 0x01: 0 opaque, 1 alpha test, 2 translucent (a hint only)
	Width, Height  int      // 0x02, 0x04
	WrapS, WrapT   uint8    // 0x06, 0x07: 0 clamp, 1 repeat, 2 mirror
	PaletteEnabled bool     // 0x08
	PaletteFormat  GXPaletteFormat
	PaletteCount   int    // 0x0A
	PaletteOffset  uint32 // 0x0C
	MipmapEnabled  bool   // 0x10
	EdgeLOD        bool   // 0x11
	BiasClamp      bool   // 0x12
	MaxAniso       uint8  // 0x13
	// MinFilter: 0 near, 1 linear, 2 near-mip-near, 3 lin-mip-near,
	// 4 near-mip-lin, 5 lin-mip-lin; MagFilter 0 near, 1 linear.
	MinFilter, MagFilter uint8
	MinLOD, MaxLOD       int8   // 0x16, 0x17: LOD × 8
	ImageCount           uint8  // 0x18: the number of stored levels
	LODBias              int16  // 0x1A: bias × 100
	DataOffset           uint32 // 0x1C: 0 = no data (supplied at run time)
}

// ParseResTIMG reads the header at off in b. name is the error's format
// name ("bti", "TEX1 texture 3"). Only the header is read; Texture checks
// the data it points to.
func ParseResTIMG(name string, b []byte, off int64) (*ResTIMG, error) {
	r := bin.BE(b)
	hb, err := r.Bytes(off, ResTIMGSize)
	if err != nil {
		return nil, bin.Errorf(name, off, "texture header truncated: %v", err)
	}
	h := bin.BE(hb)
	u16 := func(o int64) int { v, _ := h.U16(o); return int(v) }
	u32 := func(o int64) uint32 { v, _ := h.U32(o); return v }
	lodBias, _ := h.S16(0x1A)
	return &ResTIMG{
		Format:         GXFormat(hb[0]),
		AlphaHint:      hb[1],
		Width:          u16(2),
		Height:         u16(4),
		WrapS:          hb[6],
		WrapT:          hb[7],
		PaletteEnabled: hb[8] != 0,
		PaletteFormat:  GXPaletteFormat(hb[9]),
		PaletteCount:   u16(0x0A),
		PaletteOffset:  u32(0x0C),
		MipmapEnabled:  hb[0x10] != 0,
		EdgeLOD:        hb[0x11] != 0,
		BiasClamp:      hb[0x12] != 0,
		MaxAniso:       hb[0x13],
		MinFilter:      hb[0x14],
		MagFilter:      hb[0x15],
		MinLOD:         int8(hb[0x16]),
		MaxLOD:         int8(hb[0x17]),
		ImageCount:     hb[0x18],
		LODBias:        lodBias,
		DataOffset:     u32(0x1C),
	}, nil
}

// Sampler is the header's sampler state (GXSampler).
func (t *ResTIMG) Sampler() mesh.Sampler {
	return GXSampler(uint8(t.WrapS), uint8(t.WrapT), uint8(t.MinFilter), uint8(t.MagFilter), int(t.ImageCount))
}

// GXSampler is a GX texture's sampler state from its header fields: wrap
// modes (0 clamp, 1 repeat, 2 mirror; an unknown mode repeats), filters
// (GX: 0 near, 1 linear, 2 near-mip-near, 3 lin-mip-near, 4 near-mip-lin,
// 5 lin-mip-lin: the min filter's own part), and mipmaps when the min
// filter uses them and the texture has more than one level.
func GXSampler(wrapS, wrapT, minFilter, magFilter uint8, levels int) mesh.Sampler {
	wrap := func(w uint8) mesh.Wrap {
		switch w {
		case 0:
			return mesh.WrapClamp
		case 2:
			return mesh.WrapMirror
		}
		return mesh.WrapRepeat
	}
	filter := func(f uint8) mesh.Filter {
		if f%2 == 0 && f <= 4 {
			return mesh.FilterNearest
		}
		return mesh.FilterLinear
	}
	return mesh.Sampler{
		WrapS: wrap(wrapS), WrapT: wrap(wrapT),
		MinFilter: filter(minFilter), MagFilter: filter(magFilter),
		Mipmaps: minFilter >= 2 && minFilter <= 5 && levels > 1,
	}
}

// Levels is the number of levels the header says are stored (an image
// count of 0 is read as 1), at most as many as the size allows.
func (t *ResTIMG) Levels() int {
	return min(max(int(t.ImageCount), 1), GXMaxLevels(t.Width, t.Height))
}

// Texture checks the texture whose header is at off in b against b (the
// BTI file, or the TEX1 chunk: offsets are relative to the header) and
// returns it as a mesh.Texture called name that decodes a level when
// asked. Errors name the problem and its offset in b: an unknown format,
// a size outside 1..GXMaxSize, a palette or level 0 that does not fit in
// b. Levels past the end of b are dropped (Mips counts the ones that
// fit: some encoders truncate the last level). A header without data
// (offset 0, supplied at run time) gives a texture whose Decode fails.
func (t *ResTIMG) Texture(name string, b []byte, off int64) (*mesh.Texture, error) {
	where := fmt.Sprintf("texture %q", name)
	if !t.Format.Known() {
		return nil, bin.Errorf(where, off, "unknown GX texture format %d", uint8(t.Format))
	}
	if t.Width < 1 || t.Height < 1 || t.Width > GXMaxSize || t.Height > GXMaxSize {
		return nil, bin.Errorf(where, off+2, "size %dx%d: GX textures are 1..%d texels a side", t.Width, t.Height, GXMaxSize)
	}
	r := bin.BE(b)
	var pal Palette
	if t.Format.Paletted() {
		if t.PaletteFormat > GXPaletteRGB5A3 {
			return nil, bin.Errorf(where, off+9, "unknown palette format %d", uint8(t.PaletteFormat))
		}
		if t.PaletteCount == 0 {
			return nil, bin.Errorf(where, off+0x0A, "%s texture with a palette of 0 entries", t.Format)
		}
		po := off + int64(t.PaletteOffset)
		data, err := r.Bytes(po, int64(t.PaletteCount)*2)
		if err != nil {
			return nil, bin.Errorf(where, off+0x0C, "palette of %d entries at 0x%x does not fit: %v", t.PaletteCount, po, err)
		}
		pal = Palette{Format: t.PaletteFormat, Data: data}
	}
	tex := &mesh.Texture{Name: name, Width: t.Width, Height: t.Height, Mips: t.Levels(), Format: t.Format.String()}
	if t.Format.Paletted() {
		tex.Format += "/" + t.PaletteFormat.String()
	}
	if t.DataOffset == 0 {
		tex.Decode = func(int) (*image.RGBA, error) {
			return nil, fmt.Errorf("%s: no image data (the game supplies it at run time)", where)
		}
		return tex, nil
	}
	offs := GXLevelOffsets(t.Format, t.Width, t.Height, tex.Mips)
	start := off + int64(t.DataOffset)
	if !r.In(start, int64(offs[1])) {
		return nil, bin.Errorf(where, off+0x1C, "image data at 0x%x: level 0 (%dx%d %s) needs %d bytes, data ends at 0x%x",
			start, t.Width, t.Height, t.Format, offs[1], len(b))
	}
	for tex.Mips > 1 && !r.In(start, int64(offs[tex.Mips])) {
		tex.Mips--
	}
	data := b[start : start+int64(offs[tex.Mips])]
	format, w, h := t.Format, t.Width, t.Height
	tex.Decode = func(mip int) (*image.RGBA, error) {
		if mip < 0 || mip >= len(offs)-1 || offs[mip+1] > len(data) {
			return nil, fmt.Errorf("%s: no mip level %d (%d levels)", where, mip, tex.Mips)
		}
		img, err := DecodeGX(format, data[offs[mip]:offs[mip+1]], max(1, w>>mip), max(1, h>>mip), pal)
		if err != nil {
			return nil, fmt.Errorf("%s: level %d: %w", where, mip, err)
		}
		return img, nil
	}
	return tex, nil
}
