package render

import (
	"fmt"
	"image"
	"image/draw"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"

	"github.com/animscope/animscope/internal/viewmodel"
)

// Texture is a 2D RGBA texture.
type Texture struct {
	ID   uint32
	W, H int
}

// NewTexture uploads img (top row first, so texture coordinate t = 0 is the
// image's top, as GX addresses textures). repeat selects GL_REPEAT wrapping
// (the BTK checker: animated matrices scroll far outside 0..1); otherwise
// edges clamp. mipmaps keep a minified checker from shimmering.
func NewTexture(img image.Image, repeat, mipmaps bool) (Texture, error) {
	b := img.Bounds()
	rgba, ok := img.(*image.RGBA)
	if !ok || rgba.Stride != 4*b.Dx() || b.Min != (image.Point{}) {
		rgba = image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(rgba, rgba.Bounds(), img, b.Min, draw.Src)
	}
	if b.Dx() == 0 || b.Dy() == 0 {
		return Texture{}, fmt.Errorf("render: empty %dx%d texture", b.Dx(), b.Dy())
	}
	t := Texture{W: b.Dx(), H: b.Dy()}
	gl.GenTextures(1, &t.ID)
	gl.BindTexture(gl.TEXTURE_2D, t.ID)
	wrap := int32(gl.CLAMP_TO_EDGE)
	if repeat {
		wrap = gl.REPEAT
	}
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, wrap)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, wrap)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR)
	if mipmaps {
		gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR_MIPMAP_LINEAR)
	} else {
		gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR)
	}
	gl.PixelStorei(gl.UNPACK_ALIGNMENT, 4)
	gl.PixelStorei(gl.UNPACK_ROW_LENGTH, 0)
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, int32(t.W), int32(t.H), 0, gl.RGBA, gl.UNSIGNED_BYTE, unsafe.Pointer(&rgba.Pix[0]))
	if mipmaps {
		gl.GenerateMipmap(gl.TEXTURE_2D)
	}
	if err := checkError("uploading a texture"); err != nil {
		gl.DeleteTextures(1, &t.ID)
		return Texture{}, err
	}
	return t, nil
}

// Delete frees the texture.
func (t *Texture) Delete() {
	if t.ID != 0 {
		gl.DeleteTextures(1, &t.ID)
		t.ID = 0
	}
}

// Ref is the texture as scene descriptions and the UI name it.
func (t Texture) Ref() viewmodel.TextureRef {
	return viewmodel.TextureRef{ID: uintptr(t.ID), W: t.W, H: t.H}
}
