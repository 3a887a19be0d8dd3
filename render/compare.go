package render

import (
	"fmt"
	"image"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// RenderTarget is a framebuffer whose colour is a texture: `animscope
// render` draws into one and reads it back, and the UI shows them as
// images (the loop-mode comparison's five small viewports).
type RenderTarget struct {
	fbo, depth uint32
	Texture    Texture
}

// NewRenderTarget creates a w×h target (RGBA8 colour texture, 24-bit depth).
func NewRenderTarget(w, h int) (*RenderTarget, error) {
	if w <= 0 || h <= 0 || w > maxOffscreenSize || h > maxOffscreenSize {
		return nil, fmt.Errorf("render: render target size %dx%d outside 1..%d", w, h, maxOffscreenSize)
	}
	t := &RenderTarget{Texture: Texture{W: w, H: h}}
	gl.GenTextures(1, &t.Texture.ID)
	gl.BindTexture(gl.TEXTURE_2D, t.Texture.ID)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE)
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, int32(w), int32(h), 0, gl.RGBA, gl.UNSIGNED_BYTE, nil)
	gl.GenFramebuffers(1, &t.fbo)
	gl.BindFramebuffer(gl.FRAMEBUFFER, t.fbo)
	gl.FramebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, t.Texture.ID, 0)
	gl.GenRenderbuffers(1, &t.depth)
	gl.BindRenderbuffer(gl.RENDERBUFFER, t.depth)
	gl.RenderbufferStorage(gl.RENDERBUFFER, gl.DEPTH_COMPONENT24, int32(w), int32(h))
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, t.depth)
	status := gl.CheckFramebufferStatus(gl.FRAMEBUFFER)
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	if status != gl.FRAMEBUFFER_COMPLETE {
		t.Delete()
		return nil, fmt.Errorf("render: render target %dx%d incomplete (status 0x%x)", w, h, status)
	}
	if err := checkError("creating a render target"); err != nil {
		t.Delete()
		return nil, err
	}
	return t, nil
}

// W and H are the target's size in pixels.
func (t *RenderTarget) W() int { return t.Texture.W }
func (t *RenderTarget) H() int { return t.Texture.H }

// Bind makes the target the draw and read framebuffer; draw with
// Viewport{0, 0, W, H}.
func (t *RenderTarget) Bind() { gl.BindFramebuffer(gl.FRAMEBUFFER, t.fbo) }

// BindWindow returns drawing to the window's framebuffer.
func BindWindow() { gl.BindFramebuffer(gl.FRAMEBUFFER, 0) }

// Read returns the target's pixels, top row first.
func (t *RenderTarget) Read() *image.RGBA {
	t.Bind()
	img := ReadPixels(0, 0, t.Texture.W, t.Texture.H)
	BindWindow()
	return img
}

// Delete frees the target.
func (t *RenderTarget) Delete() {
	if t.fbo != 0 {
		gl.DeleteFramebuffers(1, &t.fbo)
		t.fbo = 0
	}
	if t.depth != 0 {
		gl.DeleteRenderbuffers(1, &t.depth)
		t.depth = 0
	}
	t.Texture.Delete()
}

// TargetSet is a fixed number of equally sized render targets, recreated
// when the size changes.
type TargetSet struct {
	Targets []*RenderTarget
}

// Ensure makes the set n targets of w×h pixels.
func (s *TargetSet) Ensure(n, w, h int) error {
	if len(s.Targets) == n {
		same := true
		for _, t := range s.Targets {
			if t.W() != w || t.H() != h {
				same = false
			}
		}
		if same {
			return nil
		}
	}
	s.Delete()
	for i := 0; i < n; i++ {
		t, err := NewRenderTarget(w, h)
		if err != nil {
			s.Delete()
			return err
		}
		s.Targets = append(s.Targets, t)
	}
	return nil
}

// Delete frees every target.
func (s *TargetSet) Delete() {
	for _, t := range s.Targets {
		t.Delete()
	}
	s.Targets = nil
}
