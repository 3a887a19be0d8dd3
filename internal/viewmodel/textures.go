package viewmodel

import "github.com/animscope/animscope/mesh"

// TextureGroup is one source of the Textures browser's textures: a model
// of the model in use, or an open file's loose textures (a BTI).
type TextureGroup struct {
	Label    string
	Textures []TextureEntry
}

// TextureEntry is one texture the browser lists.
type TextureEntry struct {
	Texture *mesh.Texture
	// Index is its index in the model's Textures (-1: a loose texture).
	Index int
	// Short is the name without the prefix every texture of the group
	// shares ("Body_Alb" of "Npc_Gerudo_Queen_Body_Alb"), for the
	// thumbnails' labels.
	Short string
	// Uses are the material slots of the group's model that sample it,
	// with their sampler state (none for a loose texture).
	Uses []TextureUse
	// SavePath is what Save PNG offers: next to the file that holds the
	// texture, named after it.
	SavePath string
}

// TextureUse is one material slot sampling a texture.
type TextureUse struct {
	Material string
	Slot     int
	Sampler  mesh.Sampler
	// UVSet is the texture-coordinate set it samples, TexMatrix the
	// material's texture-matrix slot (-1: none).
	UVSet, TexMatrix int
}

// GPUTexture is a model texture as the renderer holds it, for the
// browser's thumbnails and full-size view.
type GPUTexture struct {
	Ref TextureRef // ID 0: not on the GPU (Err says why)
	// Levels is the number of mip levels on the GPU; Compressed says the
	// blocks went up as they are (else the RGBA8 decode).
	Levels     int
	Compressed bool
	Err        error
}

// TextureLookup gives a texture's GPU copy, uploading it the first time.
// The window supplies it (the renderer knows the GL names; the app and
// the UI do not); the UI calls it only for textures it shows.
type TextureLookup func(*mesh.Texture) GPUTexture

// SaveTexture asks to write mip level 0 of Texture to Path as a PNG, as
// the GPU samples it (8-bit RGBA).
type SaveTexture struct {
	Texture *mesh.Texture
	Path    string
}

func (SaveTexture) intent() {}
