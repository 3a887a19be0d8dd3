package texture

import (
	"fmt"
	"image"

	"github.com/animscope/animscope/mesh"
	"github.com/woozymasta/bcn"
)

// Encoding is how the elements of a Wii U or Switch texture store their
// texels: one uncompressed pixel layout or one block codec.
type Encoding uint8

const (
	EncNone  Encoding = iota
	EncR8             // one byte: R
	EncRG8            // two bytes: R, G
	EncRGBA8          // four bytes: R, G, B, A
	EncBGRA8          // four bytes: B, G, R, A
	EncBC1            // 4×4 blocks of 8 bytes
	EncBC2            // 4×4 blocks of 16 bytes
	EncBC3            // 4×4 blocks of 16 bytes
	EncBC4            // 4×4 blocks of 8 bytes, one channel
	EncBC5            // 4×4 blocks of 16 bytes, two channels
	EncBC6H           // 4×4 blocks of 16 bytes, half floats
	EncBC7            // 4×4 blocks of 16 bytes
	EncASTC           // BlockW×BlockH blocks of 16 bytes
)

// ElementFormat describes the stored elements of one Wii U (GX2) or
// Switch (nn::gfx) texture format: pixels, or compressed blocks of
// BlockW×BlockH texels, each Bytes long.
type ElementFormat struct {
	Name           string // for people: "BC1_UNORM_SRGB", "ASTC_8x8_SRGB"
	Enc            Encoding
	BlockW, BlockH int // texels per element (1×1 for pixels)
	Bytes          int // bytes per element
	SNorm          bool
	SRGB           bool
	Float          bool // BC6H: half floats (unsigned unless SNorm)
}

// Compressed reports whether elements are blocks of several texels.
func (f ElementFormat) Compressed() bool { return f.BlockW > 1 || f.BlockH > 1 }

// Elements is the size in elements of a w×h texel image.
func (f ElementFormat) Elements(w, h int) (ew, eh int) {
	return (w + f.BlockW - 1) / f.BlockW, (h + f.BlockH - 1) / f.BlockH
}

// LinearSize is the byte size of a w×h image stored row-major, untiled.
func (f ElementFormat) LinearSize(w, h int) int {
	ew, eh := f.Elements(w, h)
	return ew * eh * f.Bytes
}

// BlockFormat is the format a GPU samples the untiled elements in without
// decoding (mesh.NoBlocks for uncompressed formats).
func (f ElementFormat) BlockFormat() mesh.BlockFormat {
	switch f.Enc {
	case EncBC1:
		return mesh.BC1
	case EncBC2:
		return mesh.BC2
	case EncBC3:
		return mesh.BC3
	case EncBC4:
		if f.SNorm {
			return mesh.BC4S
		}
		return mesh.BC4
	case EncBC5:
		if f.SNorm {
			return mesh.BC5S
		}
		return mesh.BC5
	case EncBC6H:
		if f.SNorm {
			return mesh.BC6HS
		}
		return mesh.BC6H
	case EncBC7:
		return mesh.BC7
	case EncASTC:
		return mesh.ASTC
	}
	return mesh.NoBlocks
}

// maxTexels bounds the texels of one decoded level: 16384² is the largest
// texture either GPU samples.
const maxTexels = 16384 * 16384

// Decode decodes one level of w×h texels, stored untiled and row-major in
// data (at least LinearSize(w, h) bytes), into 8-bit RGBA as the GPU
// returns it before any channel selectors: channels the format lacks read
// as 0 (R, G, B) and 1 (A), and SNORM values v in [-1, 1] are written as
// round((v + 1) · 127.5) (so a missing channel of an SNORM format is 128).
// sRGB formats keep their stored bytes.
func (f ElementFormat) Decode(data []byte, w, h int) (*image.RGBA, error) {
	if w <= 0 || h <= 0 || w > 16384 || h > 16384 {
		return nil, fmt.Errorf("%s: size %dx%d is outside 1..16384", f.Name, w, h)
	}
	if f.Bytes <= 0 || f.BlockW <= 0 || f.BlockH <= 0 {
		return nil, fmt.Errorf("%s: not a decodable format", f.Name)
	}
	need := f.LinearSize(w, h)
	if len(data) < need {
		return nil, fmt.Errorf("%s: %dx%d needs %d bytes, have %d", f.Name, w, h, need, len(data))
	}
	data = data[:need]
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	pix := img.Pix
	var err error
	switch f.Enc {
	case EncRGBA8:
		copy(pix, data)
		if f.SNorm {
			snormBytes(pix)
		}
	case EncBGRA8:
		for i := 0; i < len(pix); i += 4 {
			pix[i], pix[i+1], pix[i+2], pix[i+3] = data[i+2], data[i+1], data[i], data[i+3]
		}
		if f.SNorm {
			snormBytes(pix)
		}
	case EncR8, EncRG8:
		n := f.Bytes
		zero := byte(0)
		if f.SNorm {
			zero = 128
		}
		for i, j := 0, 0; i < len(pix); i, j = i+4, j+n {
			r, g := data[j], zero
			if n == 2 {
				g = data[j+1]
				if f.SNorm {
					g = snormByte(g)
				}
			}
			if f.SNorm {
				r = snormByte(r)
			}
			pix[i], pix[i+1], pix[i+2], pix[i+3] = r, g, zero, 255
		}
	case EncBC1, EncBC2, EncBC3, EncBC7:
		var out []byte
		switch f.Enc {
		case EncBC1:
			out, err = bcn.DecodeBC1WithOptions(data, w, h, oneWorker)
		case EncBC2:
			out, err = bcn.DecodeBC2WithOptions(data, w, h, oneWorker)
		case EncBC3:
			out, err = bcn.DecodeBC3WithOptions(data, w, h, oneWorker)
		default:
			out, err = bcn.DecodeBC7WithOptions(data, w, h, oneWorker)
		}
		if err == nil {
			copy(pix, out)
		}
	case EncBC4, EncBC5:
		err = decodeRGTC(f, data, w, h, pix)
	case EncBC6H:
		err = decodeBC6H(f, data, w, h, pix)
	case EncASTC:
		err = decodeASTC(f, data, w, h, pix)
	default:
		return nil, fmt.Errorf("%s: no decoder", f.Name)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", f.Name, err)
	}
	return img, nil
}

// oneWorker keeps bcn on the calling goroutine: callers decode several
// textures in parallel themselves, and small levels lose to the fan-out.
var oneWorker = &bcn.DecodeOptions{Workers: 1}

// snormFromBCN maps bcn's signed output (v + 127 for v in -127..127, 255
// for 127) to the contract's round((v/127 + 1) · 127.5).
var snormFromBCN = func() (t [256]byte) {
	for b := range 256 {
		v := b - 127
		if b == 255 {
			v = 127
		}
		t[b] = snormValue(v)
	}
	return t
}()

// snormValue writes the SNORM8 value v (-128 reads as -127) as
// round((v/127 + 1) · 127.5).
func snormValue(v int) byte {
	v = max(v, -127)
	// (v/127 + 1) · 127.5 = (v + 127) · 255 / 254, rounded half up.
	return byte(((v+127)*255*2 + 254) / (2 * 254))
}

// snormByte reads a stored SNORM8 byte.
func snormByte(b byte) byte { return snormValue(int(int8(b))) }

func snormBytes(p []byte) {
	for i, b := range p {
		p[i] = snormByte(b)
	}
}

// decodeRGTC decodes BC4 (R, 0, 0, 1) and BC5 (R, G, 0, 1), signed or not.
func decodeRGTC(f ElementFormat, data []byte, w, h int, pix []byte) error {
	var out []byte
	var err error
	switch {
	case f.Enc == EncBC4 && f.SNorm:
		out, err = bcn.DecodeBC4SWithOptions(data, w, h, oneWorker)
	case f.Enc == EncBC4:
		out, err = bcn.DecodeBC4WithOptions(data, w, h, oneWorker)
	case f.SNorm:
		out, err = bcn.DecodeBC5SWithOptions(data, w, h, oneWorker)
	default:
		out, err = bcn.DecodeBC5WithOptions(data, w, h, oneWorker)
	}
	if err != nil {
		return err
	}
	zero := byte(0)
	if f.SNorm {
		zero = 128
	}
	two := f.Enc == EncBC5
	for i := 0; i < len(pix); i += 4 {
		r, g := out[i], zero
		if two {
			g = out[i+1]
		}
		if f.SNorm {
			r = snormFromBCN[r]
			if two {
				g = snormFromBCN[g]
			}
		}
		pix[i], pix[i+1], pix[i+2], pix[i+3] = r, g, zero, 255
	}
	return nil
}

// decodeBC6H decodes the half floats and clamps them to [0, 1] (an 8-bit
// preview of HDR data; the GPU path samples the blocks themselves).
func decodeBC6H(f ElementFormat, data []byte, w, h int, pix []byte) error {
	out, err := bcn.DecodeBC6HFloat32WithOptions(data, w, h, f.SNorm, oneWorker)
	if err != nil {
		return err
	}
	for i, j := 0, 0; i < len(pix); i, j = i+4, j+3 {
		for c := range 3 {
			v := min(max(out[j+c], 0), 1)
			pix[i+c] = byte(v*255 + 0.5)
		}
		pix[i+3] = 255
	}
	return nil
}
