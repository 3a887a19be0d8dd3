package render

import (
	"fmt"
	"image"
	"regexp"
	"strconv"
	"strings"
	"unsafe"
	"weak"

	"github.com/go-gl/gl/v4.1-core/gl"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// Compressed internal formats (MESH-FACTS D.2): go-gl's core package
// leaves out the extensions' enums.
const (
	glCompressedRGBAS3TCDXT1 = 0x83F1
	glCompressedRGBAS3TCDXT3 = 0x83F2
	glCompressedRGBAS3TCDXT5 = 0x83F3
	glCompressedRedRGTC1     = 0x8DBB
	glCompressedRGRGTC2      = 0x8DBD
	glCompressedRGBABPTC     = 0x8E8C
	glCompressedRGBBPTCUF    = 0x8E8F // BC6H unsigned float
	glCompressedRGBAASTC4x4  = 0x93B0 // the 14 LDR block sizes follow in order
)

// astcBlocks are the ASTC block sizes in the order of their GL enums.
var astcBlocks = [...][2]int{{4, 4}, {5, 4}, {5, 5}, {6, 5}, {6, 6}, {8, 5}, {8, 6}, {8, 8}, {10, 5}, {10, 6}, {10, 8}, {10, 10}, {12, 10}, {12, 12}}

// texCaps are the block formats the driver samples as they are.
type texCaps struct {
	s3tc, bptc, astc bool // RGTC (BC4/BC5) is core since 3.0
}

// detectTexCaps reads the context's extension list (GL_NUM_EXTENSIONS and
// glGetStringi, as core profiles require).
func detectTexCaps() texCaps {
	var c texCaps
	var n int32
	gl.GetIntegerv(gl.NUM_EXTENSIONS, &n)
	for i := int32(0); i < n; i++ {
		p := gl.GetStringi(gl.EXTENSIONS, uint32(i))
		if p == nil {
			continue
		}
		switch gl.GoStr(p) {
		case "GL_EXT_texture_compression_s3tc":
			c.s3tc = true
		case "GL_ARB_texture_compression_bptc":
			c.bptc = true
		case "GL_KHR_texture_compression_astc_ldr":
			c.astc = true
		}
	}
	var major, minor int32
	gl.GetIntegerv(gl.MAJOR_VERSION, &major)
	gl.GetIntegerv(gl.MINOR_VERSION, &minor)
	if major > 4 || major == 4 && minor >= 2 {
		c.bptc = true // core in 4.2
	}
	return c
}

var astcSize = regexp.MustCompile(`(\d+)x(\d+)`)

// blockFormat is the GL internal format, block size and bytes per block
// of f, or ok false when the driver cannot take it (or it is signed: the
// viewer shows signed data as Decode maps it, −1..1 to 0..255).
func (c texCaps) blockFormat(f mesh.BlockFormat, name string) (ifmt uint32, bw, bh, bytes int, ok bool) {
	switch f {
	case mesh.BC1:
		return glCompressedRGBAS3TCDXT1, 4, 4, 8, c.s3tc
	case mesh.BC2:
		return glCompressedRGBAS3TCDXT3, 4, 4, 16, c.s3tc
	case mesh.BC3:
		return glCompressedRGBAS3TCDXT5, 4, 4, 16, c.s3tc
	case mesh.BC4:
		return glCompressedRedRGTC1, 4, 4, 8, true
	case mesh.BC5:
		return glCompressedRGRGTC2, 4, 4, 16, true
	case mesh.BC6H:
		return glCompressedRGBBPTCUF, 4, 4, 16, c.bptc
	case mesh.BC7:
		return glCompressedRGBABPTC, 4, 4, 16, c.bptc
	case mesh.ASTC:
		if !c.astc {
			return 0, 0, 0, 0, false
		}
		if m := astcSize.FindStringSubmatch(name); m != nil {
			w, _ := strconv.Atoi(m[1])
			h, _ := strconv.Atoi(m[2])
			for i, b := range astcBlocks {
				if b == [2]int{w, h} {
					return glCompressedRGBAASTC4x4 + uint32(i), w, h, 16, true
				}
			}
		}
	}
	return 0, 0, 0, 0, false
}

// gpuTexture is one *mesh.Texture on the GPU. id is 0 when neither its
// blocks nor its decode could be uploaded (err says why; it draws
// untextured).
type gpuTexture struct {
	key        weak.Pointer[mesh.Texture]
	id         uint32
	w, h       int
	levels     int  // mip levels on the GPU
	compressed bool // the blocks went up as they are
	err        error
	refs       int // uploaded models holding it
	lastUsed   uint64
}

// MeshTexture is a model texture as it sits on the GPU (for the Textures
// browser's thumbnails and for tests).
type MeshTexture struct {
	Ref viewmodel.TextureRef // ID 0: could not be uploaded (Err)
	// Levels is the number of mip levels on the GPU; Compressed says the
	// blocks were uploaded as they are (else the RGBA8 decode).
	Levels     int
	Compressed bool
	Err        error
}

// MeshTexture uploads t if it is not on the GPU yet and describes it. A
// texture no drawn model uses is freed after meshKeepDraws scenes without
// a call.
func (r *Renderer) MeshTexture(t *mesh.Texture) MeshTexture {
	g := r.texture(t)
	return MeshTexture{Ref: viewmodel.TextureRef{ID: uintptr(g.id), W: g.w, H: g.h}, Levels: g.levels, Compressed: g.compressed, Err: g.err}
}

// texture returns t's GL texture, uploading it the first time.
func (r *Renderer) texture(t *mesh.Texture) *gpuTexture {
	k := weak.Make(t)
	if g, ok := r.textures[k]; ok {
		g.lastUsed = r.draws
		return g
	}
	g := &gpuTexture{key: k, lastUsed: r.draws, w: t.Width, h: t.Height}
	r.textures[k] = g
	if t.Width <= 0 || t.Height <= 0 || t.Width > maxOffscreenSize || t.Height > maxOffscreenSize {
		g.err = fmt.Errorf("texture %s: size %dx%d outside 1..%d", t.Name, t.Width, t.Height, maxOffscreenSize)
		return g
	}
	var blockErr error
	if t.Blocks != nil {
		if blockErr = r.uploadBlocks(g, t); blockErr == nil {
			return g
		}
	}
	if err := r.uploadDecoded(g, t); err != nil {
		if blockErr != nil {
			err = fmt.Errorf("%v (blocks: %v)", err, blockErr)
		}
		g.err = fmt.Errorf("texture %s: %v; drawn untextured", t.Name, err)
	}
	return g
}

// newTex creates a bound 2D texture for g.
func newTex(g *gpuTexture) {
	gl.GenTextures(1, &g.id)
	gl.ActiveTexture(gl.TEXTURE0)
	gl.BindTexture(gl.TEXTURE_2D, g.id)
	gl.PixelStorei(gl.UNPACK_ALIGNMENT, 1)
	gl.PixelStorei(gl.UNPACK_ROW_LENGTH, 0)
}

func deleteTex(g *gpuTexture) {
	deleteTextures(&g.id)
	g.levels, g.compressed = 0, false
}

// uploadBlocks sends every mip's block data as it is, when the driver
// takes the format; a mip that is missing or short ends the chain there
// (level 0 missing: error, and the caller decodes instead).
func (r *Renderer) uploadBlocks(g *gpuTexture, t *mesh.Texture) error {
	f, data, err := t.Blocks(0)
	if err != nil {
		return err
	}
	ifmt, bw, bh, bsize, ok := r.caps.blockFormat(f, t.Format)
	if !ok {
		return fmt.Errorf("block format %d (%s) not taken by this driver", f, t.Format)
	}
	mips := max(t.Mips, 1)
	newTex(g)
	for level := 0; level < mips; level++ {
		if level > 0 {
			var lf mesh.BlockFormat
			if lf, data, err = t.Blocks(level); err != nil || lf != f {
				break
			}
		}
		w, h := t.MipSize(level)
		size := ((w + bw - 1) / bw) * ((h + bh - 1) / bh) * bsize
		if len(data) < size {
			if level == 0 {
				deleteTex(g)
				return fmt.Errorf("mip 0 has %d bytes of blocks, %dx%d needs %d", len(data), w, h, size)
			}
			break
		}
		gl.CompressedTexImage2D(gl.TEXTURE_2D, int32(level), ifmt, int32(w), int32(h), 0, int32(size), unsafe.Pointer(&data[0]))
		g.levels = level + 1
	}
	setLevels(g.levels)
	setSwizzle(t.Swizzle)
	if err := checkError("uploading texture " + t.Name); err != nil {
		deleteTex(g)
		return err
	}
	g.compressed = true
	return nil
}

// uploadDecoded sends the RGBA8 decode of every mip the texture has
// (glGenerateMipmap makes the rest when it has one).
func (r *Renderer) uploadDecoded(g *gpuTexture, t *mesh.Texture) error {
	if t.Decode == nil {
		return fmt.Errorf("no decoder for format %s", t.Format)
	}
	mips := max(t.Mips, 1)
	newTex(g)
	for level := 0; level < mips; level++ {
		img, err := t.Decode(level)
		w, h := t.MipSize(level)
		if err == nil && (img == nil || img.Bounds().Dx() != w || img.Bounds().Dy() != h) {
			err = fmt.Errorf("mip %d decoded to %v, want %dx%d", level, bounds(img), w, h)
		}
		if err != nil {
			if level == 0 {
				deleteTex(g)
				return err
			}
			break
		}
		pix := packed(img)
		gl.TexImage2D(gl.TEXTURE_2D, int32(level), gl.RGBA8, int32(w), int32(h), 0, gl.RGBA, gl.UNSIGNED_BYTE, unsafe.Pointer(&pix[0]))
		g.levels = level + 1
	}
	if mips == 1 && (g.w > 1 || g.h > 1) {
		gl.GenerateMipmap(gl.TEXTURE_2D)
		g.levels = 1
		for w, h := g.w, g.h; w > 1 || h > 1; w, h = max(w/2, 1), max(h/2, 1) {
			g.levels++
		}
	}
	setLevels(g.levels)
	if err := checkError("uploading texture " + t.Name); err != nil {
		deleteTex(g)
		return err
	}
	return nil
}

func bounds(img *image.RGBA) string {
	if img == nil {
		return "nothing"
	}
	return fmt.Sprintf("%dx%d", img.Bounds().Dx(), img.Bounds().Dy())
}

// packed is img's pixels with no row padding.
func packed(img *image.RGBA) []byte {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if img.Stride == 4*w {
		o := img.PixOffset(b.Min.X, b.Min.Y)
		return img.Pix[o : o+4*w*h]
	}
	out := make([]byte, 0, 4*w*h)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		o := img.PixOffset(b.Min.X, y)
		out = append(out, img.Pix[o:o+4*w]...)
	}
	return out
}

// setLevels bounds the bound texture's mip chain to what was uploaded, so
// a texture with fewer levels than a full chain is complete.
func setLevels(levels int) {
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_BASE_LEVEL, 0)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAX_LEVEL, int32(max(levels, 1)-1))
}

// setSwizzle applies the texture's channel mapping to the bound texture.
// BC4 samples as (R, 0, 0, 1), BC5 as (R, G, 0, 1), the channels the
// format lacks as the GPU returns them (MESH-CONTRACT), before the
// mapping.
func setSwizzle(s [4]mesh.Swizzle) {
	if s == [4]mesh.Swizzle{} {
		return
	}
	v := [4]int32{gl.RED, gl.GREEN, gl.BLUE, gl.ALPHA} // SwizzleSame
	for i, c := range s {
		if c != mesh.SwizzleSame && int(c) < len(swizzleSources) {
			v[i] = swizzleSources[c]
		}
	}
	gl.TexParameteriv(gl.TEXTURE_2D, gl.TEXTURE_SWIZZLE_RGBA, &v[0])
}

// swizzleSources are the GL swizzle values by mesh.Swizzle.
var swizzleSources = [...]int32{mesh.SwizzleR: gl.RED, mesh.SwizzleG: gl.GREEN, mesh.SwizzleB: gl.BLUE,
	mesh.SwizzleA: gl.ALPHA, mesh.SwizzleZero: gl.ZERO, mesh.SwizzleOne: gl.ONE}

func (r *Renderer) freeTexture(g *gpuTexture) {
	deleteTex(g)
	delete(r.textures, g.key)
}

// glWraps are the GL wrap modes by mesh.Wrap (MESH-FACTS D.3).
var glWraps = [...]int32{mesh.WrapRepeat: gl.REPEAT, mesh.WrapClamp: gl.CLAMP_TO_EDGE, mesh.WrapMirror: gl.MIRRORED_REPEAT}

func glWrap(w mesh.Wrap) int32 {
	if int(w) < len(glWraps) {
		return glWraps[w]
	}
	return gl.REPEAT
}

// sampler returns the sampler object for s (created once per distinct
// state: there are at most a few dozen).
func (r *Renderer) sampler(s mesh.Sampler) uint32 {
	if id, ok := r.samplers[s]; ok {
		return id
	}
	var id uint32
	gl.GenSamplers(1, &id)
	gl.SamplerParameteri(id, gl.TEXTURE_WRAP_S, glWrap(s.WrapS))
	gl.SamplerParameteri(id, gl.TEXTURE_WRAP_T, glWrap(s.WrapT))
	mag, min := int32(gl.LINEAR), int32(gl.LINEAR)
	if s.MagFilter == mesh.FilterNearest {
		mag = gl.NEAREST
	}
	switch {
	case s.MinFilter == mesh.FilterNearest && s.Mipmaps:
		min = gl.NEAREST_MIPMAP_LINEAR
	case s.MinFilter == mesh.FilterNearest:
		min = gl.NEAREST
	case s.Mipmaps:
		min = gl.LINEAR_MIPMAP_LINEAR
	}
	gl.SamplerParameteri(id, gl.TEXTURE_MAG_FILTER, mag)
	gl.SamplerParameteri(id, gl.TEXTURE_MIN_FILTER, min)
	r.samplers[s] = id
	return id
}

// describeCaps is the block formats the driver takes, for logs and tests.
func (c texCaps) String() string {
	f := []string{"BC4", "BC5"}
	if c.s3tc {
		f = append([]string{"BC1", "BC2", "BC3"}, f...)
	}
	if c.bptc {
		f = append(f, "BC6H", "BC7")
	}
	if c.astc {
		f = append(f, "ASTC")
	}
	return strings.Join(f, " ")
}
