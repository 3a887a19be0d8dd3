package texture

import (
	"image"

	"github.com/animscope/animscope/mesh"
)

// Channel is where one output channel of a texture sample comes from: a
// stored channel, or a constant. Wii U FTEX component selectors (0–3 R G B
// A, 4 zero, 5 one) and Switch BNTX channel sources (0 zero, 1 one, 2–5 R
// G B A) both map onto it (GX2Channel, NXChannel).
type Channel uint8

const (
	ChanR Channel = iota
	ChanG
	ChanB
	ChanA
	ChanZero
	ChanOne
)

// Selectors are the sources of R, G, B and A.
type Selectors [4]Channel

// IdentitySelectors leave a sample as decoded.
var IdentitySelectors = Selectors{ChanR, ChanG, ChanB, ChanA}

// GX2Channel converts a Wii U component selector; ok is false past 5.
func GX2Channel(v uint8) (c Channel, ok bool) {
	if v > 5 {
		return 0, false
	}
	return Channel(v), true
}

// NXChannel converts a BNTX channel source; ok is false past 5.
func NXChannel(v uint8) (c Channel, ok bool) {
	switch {
	case v == 0:
		return ChanZero, true
	case v == 1:
		return ChanOne, true
	case v <= 5:
		return Channel(v - 2), true
	}
	return 0, false
}

// String is "RGBA", "RG01" and so on.
func (s Selectors) String() string {
	b := make([]byte, 4)
	for i, c := range s {
		b[i] = "RGBA01?"[min(int(c), 6)]
	}
	return string(b)
}

// Apply remaps img's channels in place as the GPU's sampler does: each
// output channel takes the selected decoded channel or a constant. The
// constants are values: Zero is 0, or 128 on an SNORM texture (the value
// 0 written as round((0 + 1) · 127.5)); One is 255.
func (s Selectors) Apply(img *image.RGBA, snorm bool) {
	if s == IdentitySelectors {
		return
	}
	zero := byte(0)
	if snorm {
		zero = 128
	}
	p := img.Pix
	for i := 0; i+4 <= len(p); i += 4 {
		in := [6]byte{p[i], p[i+1], p[i+2], p[i+3], zero, 255}
		p[i], p[i+1], p[i+2], p[i+3] = in[s[0]%6], in[s[1]%6], in[s[2]%6], in[s[3]%6]
	}
}

// Mesh gives the selectors as mesh.Texture.Swizzle takes them.
func (s Selectors) Mesh() (out [4]mesh.Swizzle) {
	for i, c := range s {
		switch {
		case c == Channel(i):
			out[i] = mesh.SwizzleSame
		case c <= ChanOne:
			out[i] = mesh.SwizzleR + mesh.Swizzle(c)
		}
	}
	return out
}
