package texture

import (
	"fmt"

	"github.com/arm-software/astc-encoder/astc"
)

// decodeASTC decodes 2D ASTC blocks (16 bytes each, row-major) with the
// LDR profile, or LDR sRGB for sRGB formats: the decoder keeps the
// stored sRGB values, it does not linearise them.
func decodeASTC(f ElementFormat, data []byte, w, h int, pix []byte) error {
	if f.BlockW < 4 || f.BlockW > 12 || f.BlockH < 4 || f.BlockH > 12 || f.Bytes != 16 {
		return fmt.Errorf("ASTC block %dx%d is not a 2D ASTC block size", f.BlockW, f.BlockH)
	}
	hd := astc.Header{BlockX: uint8(f.BlockW), BlockY: uint8(f.BlockH), BlockZ: 1, SizeX: uint32(w), SizeY: uint32(h), SizeZ: 1}
	profile := astc.ProfileLDR
	if f.SRGB {
		profile = astc.ProfileLDRSRGB
	}
	return astc.DecodeRGBA8VolumeFromParsedWithProfileInto(profile, hd, data, pix)
}
