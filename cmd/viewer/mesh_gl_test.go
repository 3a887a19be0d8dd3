package main

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
	"github.com/animscope/animscope/render"
)

// The model drawing tests build their models here, draw them into an
// offscreen target and probe pixels at places projected with the scene's
// matrices in the test. ANIMSCOPE_TEST_IMAGES=DIR keeps the pictures.

var meshBG = viewmodel.Color{0.1, 0.1, 0.12, 1}

// meshView is a camera and target for the model tests.
type meshView struct {
	t          *testing.T
	r          *render.Renderer
	fb         *render.RenderTarget
	w, h       int
	view, proj mgl32.Mat4
}

func newMeshView(t *testing.T, w, h int, eye, at mgl32.Vec3) *meshView {
	t.Helper()
	r, err := render.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	fb, err := render.NewRenderTarget(w, h)
	if err != nil {
		r.Delete()
		t.Fatal(err)
	}
	return &meshView{t: t, r: r, fb: fb, w: w, h: h,
		view: mgl32.LookAtV(eye, at, mgl32.Vec3{0, 1, 0}),
		proj: mgl32.Perspective(mgl32.DegToRad(40), float32(w)/float32(h), 0.1, 100)}
}

func (v *meshView) close() {
	v.fb.Delete()
	v.r.Delete()
}

func (v *meshView) scene(mode viewmodel.MeshMode, draws ...viewmodel.MeshDraw) *viewmodel.Scene {
	return &viewmodel.Scene{Viewport: viewmodel.Viewport{W: int32(v.w), H: int32(v.h)}, Background: meshBG,
		View: v.view, Proj: v.proj, PixelScale: 1, Meshes: draws, MeshMode: mode}
}

// draw renders s and keeps the picture as name.png when asked to.
func (v *meshView) draw(name string, s *viewmodel.Scene) *image.RGBA {
	v.t.Helper()
	v.fb.Bind()
	v.r.DrawScene(s)
	img := v.fb.Read()
	if dir := os.Getenv("ANIMSCOPE_TEST_IMAGES"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err == nil {
			if f, err := os.Create(filepath.Join(dir, name+".png")); err == nil {
				png.Encode(f, img)
				f.Close()
			}
		}
	}
	return img
}

// px is the pixel (image rows top first) world point p lands on.
func (v *meshView) px(p mgl32.Vec3) (int, int) {
	c := v.proj.Mul4(v.view).Mul4x1(p.Vec4(1))
	x := (c[0]/c[3]*0.5 + 0.5) * float32(v.w)
	y := (1 - (c[1]/c[3]*0.5 + 0.5)) * float32(v.h)
	return int(x), int(y)
}

func (v *meshView) at(img *image.RGBA, p mgl32.Vec3) color.RGBA {
	x, y := v.px(p)
	return img.RGBAAt(x, y)
}

func rgb8(c viewmodel.Color) color.RGBA {
	b := func(f float32) uint8 { return uint8(math.Round(float64(f) * 255)) }
	return color.RGBA{b(c[0]), b(c[1]), b(c[2]), 255}
}

func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return d(a.R, b.R) <= tol && d(a.G, b.G) <= tol && d(a.B, b.B) <= tol
}

// quadShape is a square of side size centred at c facing +Z (CCW seen
// from +Z), its UVs running from uv0 at the top left to uv1 at the bottom
// right (t = 0 is the image's top row), rigid on palette entry 0.
func quadShape(name string, mat int, c mgl32.Vec3, size float32, uv0, uv1 mgl32.Vec2) mesh.Shape {
	h := size / 2
	s := mesh.Shape{Name: name, Material: mat,
		Positions: []mgl32.Vec3{{c[0] - h, c[1] - h, c[2]}, {c[0] + h, c[1] - h, c[2]}, {c[0] + h, c[1] + h, c[2]}, {c[0] - h, c[1] + h, c[2]}},
		UVs:       [][]mgl32.Vec2{{{uv0[0], uv1[1]}, {uv1[0], uv1[1]}, {uv1[0], uv0[1]}, {uv0[0], uv0[1]}}},
		Triangles: []uint32{0, 1, 2, 0, 2, 3},
	}
	for range s.Positions {
		s.Skin = append(s.Skin, rigid(0))
	}
	return s
}

// quadPoint is where on quadShape(…, c, size, uv0, uv1) texture
// coordinate uv lies.
func quadPoint(c mgl32.Vec3, size float32, uv0, uv1, uv mgl32.Vec2) mgl32.Vec3 {
	fx := (uv[0] - uv0[0]) / (uv1[0] - uv0[0])
	fy := (uv[1] - uv0[1]) / (uv1[1] - uv0[1])
	return mgl32.Vec3{c[0] - size/2 + fx*size, c[1] + size/2 - fy*size, c[2]}
}

func rigid(entry uint16) mesh.Influences {
	in := mesh.Influences{N: 1}
	in.Entry[0], in.Weight[0] = entry, 1
	return in
}

// rgbaTexture is a texture decoded from texels (rows top first); it has
// no blocks.
func rgbaTexture(name string, w, h int, texels []color.RGBA) *mesh.Texture {
	return &mesh.Texture{Name: name, Width: w, Height: h, Mips: 1, Format: "RGBA8",
		Decode: func(mip int) (*image.RGBA, error) {
			if mip != 0 {
				return nil, errors.New("one mip")
			}
			img := image.NewRGBA(image.Rect(0, 0, w, h))
			for i, c := range texels {
				img.SetRGBA(i%w, i/w, c)
			}
			return img, nil
		}}
}

var (
	red    = color.RGBA{230, 30, 30, 255}
	green  = color.RGBA{30, 200, 60, 255}
	blue   = color.RGBA{40, 70, 230, 255}
	yellow = color.RGBA{240, 220, 40, 255}
)

func identityPalette(n int) []mesh.PaletteEntry {
	p := make([]mesh.PaletteEntry, n)
	for i := range p {
		p[i].InvBind = mgl64.Ident4()
	}
	return p
}

func identitySkin(n int) []mgl32.Mat4 {
	s := make([]mgl32.Mat4, n)
	for i := range s {
		s[i] = mgl32.Ident4()
	}
	return s
}

func draw1(m *mesh.Model) viewmodel.MeshDraw {
	return viewmodel.MeshDraw{Model: m, Transform: mgl32.Ident4(), Skin: identitySkin(len(m.Palette)), Highlight: -1}
}

// wrapTexel is the texel of a 2×2 texture that coordinate u (or v)
// samples under w, computed by the wrap modes' definitions.
func wrapTexel(w mesh.Wrap, u float64) int {
	switch w {
	case mesh.WrapClamp:
		u = math.Min(math.Max(u, 0), 0.999)
	case mesh.WrapMirror:
		p := math.Floor(u)
		f := u - p
		if int(p)%2 != 0 {
			f = 1 - f
		}
		u = f
	default:
		u -= math.Floor(u)
	}
	return int(u * 2)
}

// TestMeshTextureWrapModes: three quads sample a 2×2 texture with
// coordinates from −1 to 2, one per wrap mode, and a fourth repeats it
// moved by a texture matrix and a fifth swaps in another texture; every
// probe shows the texel the mode's definition picks.
func TestMeshTextureWrapModes(t *testing.T) {
	withGL(t, func() {
		v := newMeshView(t, 560, 220, mgl32.Vec3{0, 0, 6}, mgl32.Vec3{})
		defer v.close()
		texels := []color.RGBA{red, green, blue, yellow}
		tex := rgbaTexture("quad4", 2, 2, texels)
		other := rgbaTexture("plain", 1, 1, []color.RGBA{{250, 250, 250, 255}})
		modes := []mesh.Wrap{mesh.WrapRepeat, mesh.WrapClamp, mesh.WrapMirror, mesh.WrapRepeat, mesh.WrapRepeat}
		m := &mesh.Model{Name: "wrap", Palette: identityPalette(1), Textures: []*mesh.Texture{tex, other}}
		uv0, uv1 := mgl32.Vec2{-1, -1}, mgl32.Vec2{2, 2}
		const size = 1.3
		centres := make([]mgl32.Vec3, len(modes))
		for i, w := range modes {
			sampler := mesh.Sampler{WrapS: w, WrapT: w, MinFilter: mesh.FilterNearest, MagFilter: mesh.FilterNearest}
			m.Materials = append(m.Materials, mesh.Material{Name: fmt.Sprint("wrap", i), Color: mgl32.Vec4{1, 1, 1, 1},
				DepthTest: true, DepthWrite: true, Cull: mesh.CullBack,
				Textures: []mesh.TextureSlot{{Texture: 0, Role: mesh.RoleAlbedo, TexMatrix: -1, Sampler: sampler}}})
			centres[i] = mgl32.Vec3{float32(i-2) * 1.6, 0, 0}
			m.Shapes = append(m.Shapes, quadShape(fmt.Sprint("q", i), i, centres[i], size, uv0, uv1))
		}
		d := draw1(m)
		d.Materials = make([]viewmodel.MaterialDraw, len(m.Materials))
		for i := range d.Materials {
			d.Materials[i] = viewmodel.MaterialDraw{Color: viewmodel.Color{1, 1, 1, 1}, Texture: []int{-1},
				TexMatrix: [][2][3]float32{{{1, 0, 0}, {0, 1, 0}}}}
		}
		d.Materials[3].TexMatrix[0] = [2][3]float32{{1, 0, 0.5}, {0, 1, 0}} // s' = s + 0.5
		d.Materials[4].Texture[0] = 1
		img := v.draw("wrap_modes", v.scene(viewmodel.MeshOnly, d))
		probes := []float64{-0.75, -0.25, 0.25, 0.75, 1.25, 1.75}
		bad := 0
		for i, w := range modes {
			for _, pu := range probes {
				for _, pv := range probes {
					p := quadPoint(centres[i], size, uv0, uv1, mgl32.Vec2{float32(pu), float32(pv)})
					su := pu
					if i == 3 {
						su += 0.5
					}
					want := texels[wrapTexel(w, pv)*2+wrapTexel(w, su)]
					if i == 4 {
						want = color.RGBA{250, 250, 250, 255}
					}
					if got := v.at(img, p); !near(got, want, 3) {
						if bad++; bad < 10 {
							t.Errorf("quad %d (wrap %d) at uv (%.2f, %.2f): %v, want %v", i, w, pu, pv, got, want)
						}
					}
				}
			}
		}
		// Outside the quads: the background.
		if got := v.at(img, mgl32.Vec3{0.8, 0, 0}); !near(got, rgb8(meshBG), 1) {
			t.Errorf("between the quads %v, want the background", got)
		}
		mt := v.r.MeshTexture(tex)
		if mt.Ref.ID == 0 || mt.Compressed || mt.Levels != 2 {
			t.Errorf("2x2 RGBA texture on the GPU: %+v, want uploaded with a generated mip (2 levels)", mt)
		}
	})
}
