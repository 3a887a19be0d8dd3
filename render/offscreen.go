package render

import (
	"image"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// maxOffscreenSize bounds a render target (and so `render --size`): a
// larger request is a typo, and drivers commonly cap textures at 16384.
const maxOffscreenSize = 16384

// ReadPixels reads a w×h rectangle at (x, y) (bottom-left origin) of the
// current read framebuffer and returns it top row first, alpha forced
// opaque (a screenshot of what is shown, not of the blend alpha).
func ReadPixels(x, y, w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if w <= 0 || h <= 0 {
		return img
	}
	gl.Finish()
	gl.PixelStorei(gl.PACK_ALIGNMENT, 1)
	gl.PixelStorei(gl.PACK_ROW_LENGTH, 0)
	gl.ReadPixels(int32(x), int32(y), int32(w), int32(h), gl.RGBA, gl.UNSIGNED_BYTE, unsafe.Pointer(&img.Pix[0]))
	// GL rows run bottom-up; flip in place.
	row := make([]byte, img.Stride)
	for top, bottom := 0, h-1; top < bottom; top, bottom = top+1, bottom-1 {
		a := img.Pix[top*img.Stride : (top+1)*img.Stride]
		b := img.Pix[bottom*img.Stride : (bottom+1)*img.Stride]
		copy(row, a)
		copy(a, b)
		copy(b, row)
	}
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 255
	}
	return img
}

// ReadBackBuffer reads the window's back buffer (call before swapping):
// the whole window as drawn this frame, ImGui included.
func ReadBackBuffer(w, h int) *image.RGBA {
	gl.BindFramebuffer(gl.READ_FRAMEBUFFER, 0)
	gl.ReadBuffer(gl.BACK)
	return ReadPixels(0, 0, w, h)
}
