package render

import (
	"image"

	"github.com/animscope/animscope/internal/viewmodel"
)

// Offscreen draws scene descriptions into a w×h image: the renderer, the
// checker texture the test quad samples and a render target, created
// together on the current context and freed together.
type Offscreen struct {
	r       *Renderer
	checker Texture
	fb      *RenderTarget
}

// NewOffscreen needs a current OpenGL context (Init done); checker is
// uploaded as the test quad's texture.
func NewOffscreen(w, h int, checker image.Image) (*Offscreen, error) {
	o := &Offscreen{}
	var err error
	if o.r, err = NewRenderer(); err != nil {
		return nil, err
	}
	if o.checker, err = NewTexture(checker, true, true); err != nil {
		o.r.Delete()
		return nil, err
	}
	if o.fb, err = NewRenderTarget(w, h); err != nil {
		o.checker.Delete()
		o.r.Delete()
		return nil, err
	}
	return o, nil
}

// Checker is the test quad's texture, for scenes drawn here.
func (o *Offscreen) Checker() viewmodel.TextureRef { return o.checker.Ref() }

// Draw renders s into the target and reads it back (top row first).
func (o *Offscreen) Draw(s *viewmodel.Scene) *image.RGBA {
	o.fb.Bind()
	o.r.DrawScene(s)
	return o.fb.Read()
}

// Problems are the GX programs that failed to compile since the last
// call, one line each naming the material.
func (o *Offscreen) Problems() []string { return o.r.GXProblems() }

// Close frees the GL objects.
func (o *Offscreen) Close() {
	o.fb.Delete()
	o.checker.Delete()
	o.r.Delete()
}
