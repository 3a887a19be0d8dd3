package render

import "github.com/animscope/animscope/mesh/gx"

// GXCache lets the black-box tests (package render_test) compile GX
// programs through the renderer's own cache, without a model to draw.
type GXCache = gxCache

// NewGXCache returns an empty GX program cache.
func NewGXCache() *GXCache { return newGXCache() }

// Get compiles s's program unless the cache has it; fresh says it did.
func (c *gxCache) Get(s *gx.Shader, name string) (fresh bool, err error) {
	_, fresh, err = c.get(s, name)
	return fresh, err
}

// Delete frees every program of the cache.
func (c *gxCache) Delete() { c.delete() }
