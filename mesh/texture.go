package mesh

import "image"

// Texture is one image a model's materials sample.
type Texture struct {
	Name          string
	Width, Height int
	Mips          int
	// Format names the stored format for people ("CMPR", "I8",
	// "BC1_UNORM_SRGB").
	Format string
	// Details says how the file stores the texels, for people: the GX2
	// tile mode, the Tegra block height; "" when there is nothing to say.
	Details string
	// Decode returns mip level mip as 8-bit RGBA as the GPU samples it
	// (decoded, untiled, channel selectors applied).
	Decode func(mip int) (*image.RGBA, error)
	// Blocks, when set, returns mip level mip as untiled, row-major block
	// data in a format GPUs take as it is (BC1–BC7, ASTC), so the renderer
	// can upload it without decoding where the driver supports it.
	Blocks func(mip int) (BlockFormat, []byte, error)
	// Swizzle is where R, G, B and A of a sample of the Blocks data come
	// from (BFRES component selectors, BNTX channel sources), as
	// GL_TEXTURE_SWIZZLE_* takes them; Decode has applied it already. The
	// zero value keeps every channel.
	Swizzle [4]Swizzle
}

// Swizzle is the source of one channel of a sample.
type Swizzle uint8

const (
	SwizzleSame Swizzle = iota // the channel itself
	SwizzleR
	SwizzleG
	SwizzleB
	SwizzleA
	SwizzleZero
	SwizzleOne
)

// BlockFormat is a block-compressed format a GPU can sample directly.
type BlockFormat uint8

const (
	NoBlocks BlockFormat = iota
	BC1
	BC2
	BC3
	BC4
	BC4S
	BC5
	BC5S
	BC6H
	BC6HS
	BC7
	ASTC // block size in the texture's Format
)

// MipSize is the size of mip level mip (at least 1×1).
func (t *Texture) MipSize(mip int) (w, h int) {
	w, h = t.Width>>mip, t.Height>>mip
	return max(w, 1), max(h, 1)
}
