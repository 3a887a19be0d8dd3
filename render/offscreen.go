package render

import (
	"fmt"
	"image"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// maxOffscreenSize bounds --size: a larger request is a typo, and drivers
// commonly cap textures at 16384 anyway.
const maxOffscreenSize = 16384

// Offscreen is a framebuffer object with an RGBA8 colour and a depth
// attachment, for `animscope render` (no visible window) and thumbnails.
type Offscreen struct {
	fbo, color, depth uint32
	W, H              int
}

// NewOffscreen creates a w×h framebuffer.
func NewOffscreen(w, h int) (*Offscreen, error) {
	if w <= 0 || h <= 0 || w > maxOffscreenSize || h > maxOffscreenSize {
		return nil, fmt.Errorf("render: offscreen size %dx%d outside 1..%d", w, h, maxOffscreenSize)
	}
	o := &Offscreen{W: w, H: h}
	gl.GenFramebuffers(1, &o.fbo)
	gl.BindFramebuffer(gl.FRAMEBUFFER, o.fbo)
	gl.GenRenderbuffers(1, &o.color)
	gl.BindRenderbuffer(gl.RENDERBUFFER, o.color)
	gl.RenderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, int32(w), int32(h))
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, o.color)
	gl.GenRenderbuffers(1, &o.depth)
	gl.BindRenderbuffer(gl.RENDERBUFFER, o.depth)
	gl.RenderbufferStorage(gl.RENDERBUFFER, gl.DEPTH_COMPONENT24, int32(w), int32(h))
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, o.depth)
	status := gl.CheckFramebufferStatus(gl.FRAMEBUFFER)
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	if status != gl.FRAMEBUFFER_COMPLETE {
		o.Delete()
		return nil, fmt.Errorf("render: offscreen framebuffer %dx%d incomplete (status 0x%x)", w, h, status)
	}
	if err := checkError("creating the offscreen framebuffer"); err != nil {
		o.Delete()
		return nil, err
	}
	return o, nil
}

// Bind makes the framebuffer the draw and read target.
func (o *Offscreen) Bind() { gl.BindFramebuffer(gl.FRAMEBUFFER, o.fbo) }

// Unbind returns to the window's framebuffer.
func (o *Offscreen) Unbind() { gl.BindFramebuffer(gl.FRAMEBUFFER, 0) }

// Read returns the framebuffer's pixels, top row first.
func (o *Offscreen) Read() *image.RGBA {
	o.Bind()
	img := ReadPixels(0, 0, o.W, o.H)
	o.Unbind()
	return img
}

// Delete frees the framebuffer.
func (o *Offscreen) Delete() {
	if o.fbo != 0 {
		gl.DeleteFramebuffers(1, &o.fbo)
		o.fbo = 0
	}
	for _, rb := range []*uint32{&o.color, &o.depth} {
		if *rb != 0 {
			gl.DeleteRenderbuffers(1, rb)
			*rb = 0
		}
	}
}

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
