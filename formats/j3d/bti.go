package j3d

import (
	"fmt"

	"github.com/animscope/animscope/formats/asset"
	"github.com/animscope/animscope/formats/texture"
	"github.com/animscope/animscope/mesh"
)

// btiSniffBytes is the longest prefix of a file the registry may hand
// Sniff (an archive entry's first 4 KiB): a prefix that long may end
// before the image data.
const btiSniffBytes = 4096

// sniffBTI accepts a header every field of which is in range: a known
// format, a size of 1..1024 a side, wrap modes and filters the hardware
// has, a palette format of 0..2 and flags of 0 or 1, 1 to as many levels
// as the size allows, palette and image data after the header, and the
// image data starting inside the file (unless b may be a prefix of it).
// A file whose data is cut short is still a BTI: Open says what is
// missing.
func sniffBTI(b []byte) bool {
	if len(b) < texture.ResTIMGSize {
		return false
	}
	h, err := texture.ParseResTIMG("bti", b, 0)
	if err != nil || !h.Format.Known() || h.Width < 1 || h.Height < 1 || h.Width > texture.GXMaxSize || h.Height > texture.GXMaxSize ||
		h.WrapS > 2 || h.WrapT > 2 || b[8] > 1 || h.PaletteFormat > texture.GXPaletteRGB5A3 ||
		b[0x10] > 1 || b[0x11] > 1 || b[0x12] > 1 || h.MinFilter > 5 || h.MagFilter > 1 ||
		h.ImageCount < 1 || int(h.ImageCount) > texture.GXMaxLevels(h.Width, h.Height) || h.DataOffset < texture.ResTIMGSize {
		return false
	}
	if h.Format.Paletted() && (h.PaletteCount == 0 || h.PaletteOffset < texture.ResTIMGSize) {
		return false
	}
	return int64(h.DataOffset) < int64(len(b)) || len(b) >= btiSniffBytes
}

func openBTI(a *asset.Asset, data []byte, _ asset.Env) error {
	h, err := texture.ParseResTIMG("bti", data, 0)
	if err != nil {
		return err
	}
	tex, err := h.Texture(asset.Stem(a.Name), data, 0)
	if err != nil {
		return fmt.Errorf("bti: %w", err)
	}
	a.Textures = []*mesh.Texture{tex}
	a.Raw = h
	a.Details = btiDetails(h, tex)
	if tex.Mips < h.Levels() {
		a.Warnings = append(a.Warnings, fmt.Sprintf("bti: the header says %d levels; the file holds %d", h.Levels(), tex.Mips))
	}
	return nil
}

// btiDetails are the header's fields for `animscope info`.
func btiDetails(h *texture.ResTIMG, tex *mesh.Texture) []asset.Detail {
	wrap := func(w uint8) string {
		if int(w) < 3 {
			return [...]string{"clamp", "repeat", "mirror"}[w]
		}
		return fmt.Sprintf("unknown (%d)", w)
	}
	filter := func(f uint8) string {
		if int(f) < 6 {
			return [...]string{"near", "linear", "near-mip-near", "linear-mip-near", "near-mip-linear", "linear-mip-linear"}[f]
		}
		return fmt.Sprintf("unknown (%d)", f)
	}
	d := []asset.Detail{
		{Name: "texture format", Value: h.Format.String()},
		{Name: "size", Value: fmt.Sprintf("%dx%d", h.Width, h.Height)},
		{Name: "mip levels", Value: tex.Mips},
		{Name: "alpha hint", Value: h.AlphaHint},
		{Name: "wrap", Value: wrap(h.WrapS) + " / " + wrap(h.WrapT)},
		{Name: "filter", Value: filter(h.MinFilter) + " / " + filter(h.MagFilter)},
		{Name: "LOD", Value: fmt.Sprintf("min %g, max %g, bias %g", float64(h.MinLOD)/8, float64(h.MaxLOD)/8, float64(h.LODBias)/100)},
	}
	if h.Format.Paletted() {
		d = append(d, asset.Detail{Name: "palette", Value: fmt.Sprintf("%d %s entries", h.PaletteCount, h.PaletteFormat)})
	}
	return d
}
