package render_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"runtime"
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

// cylinder is a tube along +Y from y = 0 to 2 bent at y = 1: the lower
// rings rigid on palette entry 0 (joint 0, stored in bind space), the
// ring at y = 1 weighted half and half between entry 0 and entry 1
// (joint 1 with its inverse bind matrix, bind space), the upper rings
// stored in joint 1's space (as J3D stores rigid vertices) and spread
// over six entries 2…7 of joint 1 with weights 1/6 each, so influences 5
// to 8 matter. normals gives it normals (lit) or none (unlit: the
// texture's colour exactly).
func cylinder(normals bool) *mesh.Model {
	const rings, segs = 13, 16
	const radius = 0.22
	pal := identityPalette(8)
	pal[1].Joint = 1
	pal[1].InvBind = mgl64.Translate3D(0, -1, 0)
	for e := 2; e < 8; e++ {
		pal[e].Joint = 1
	}
	s := mesh.Shape{Name: "tube", Material: 0}
	for r := 0; r < rings; r++ {
		y := 2 * float32(r) / (rings - 1)
		for k := 0; k < segs; k++ {
			a := 2 * math.Pi * float64(k) / segs
			x, z := float32(math.Cos(a))*radius, float32(math.Sin(a))*radius
			in := mesh.Influences{}
			p := mgl32.Vec3{x, y, z}
			switch {
			case y < 0.99:
				in = rigid(0)
			case y < 1.01:
				in.N = 2
				in.Entry[0], in.Weight[0] = 0, 0.5
				in.Entry[1], in.Weight[1] = 1, 0.5
			default:
				p[1] -= 1 // joint 1's space
				in.N = 6
				for i := 0; i < 6; i++ {
					in.Entry[i], in.Weight[i] = uint16(2+i), 1.0/6
				}
			}
			s.Positions = append(s.Positions, p)
			if normals {
				s.Normals = append(s.Normals, mgl32.Vec3{x / radius, 0, z / radius})
			}
			s.Skin = append(s.Skin, in)
			s.UVs = append(s.UVs, nil)
		}
	}
	uv := make([]mgl32.Vec2, len(s.Positions))
	for i := range uv {
		uv[i] = mgl32.Vec2{float32(i%segs) / segs, float32(i/segs) / rings}
	}
	s.UVs = [][]mgl32.Vec2{uv}
	for r := 0; r+1 < rings; r++ {
		for k := 0; k < segs; k++ {
			a, b := uint32(r*segs+k), uint32(r*segs+(k+1)%segs)
			c, d := a+segs, b+segs
			// Outward faces counter-clockwise.
			s.Triangles = append(s.Triangles, a, c, b, b, c, d)
		}
	}
	tex := rgbaTexture("skin", 2, 2, []color.RGBA{{200, 120, 60, 255}, {200, 120, 60, 255}, {200, 120, 60, 255}, {200, 120, 60, 255}})
	return &mesh.Model{Name: "cylinder", Palette: pal, Shapes: []mesh.Shape{s}, Textures: []*mesh.Texture{tex},
		Materials: []mesh.Material{{Name: "skin", Color: mgl32.Vec4{1, 1, 1, 1}, DepthTest: true, DepthWrite: true,
			Textures: []mesh.TextureSlot{{Texture: 0, Role: mesh.RoleAlbedo, TexMatrix: -1, Sampler: mesh.Sampler{Mipmaps: true}}}}}}
}

// bentSkin is the palette's matrices with joint 1 (at y = 1) turned 90°
// about Z, computed here joint by joint: entry e gets its joint's world
// matrix times the entry's inverse bind matrix.
func bentSkin(m *mesh.Model) []mgl32.Mat4 {
	world := []mgl32.Mat4{mgl32.Ident4(), mgl32.Translate3D(0, 1, 0).Mul4(mgl32.HomogRotate3DZ(math.Pi / 2))}
	skin := make([]mgl32.Mat4, len(m.Palette))
	for e, p := range m.Palette {
		var inv mgl32.Mat4
		for i := range inv {
			inv[i] = float32(p.InvBind[i])
		}
		skin[e] = world[p.Joint].Mul4(inv)
	}
	return skin
}

// TestMeshSkinnedCylinderFollowsTheBentJoint: the tube's upper half,
// turned with joint 1, lies along −X from (0, 1, 0): texture-coloured
// pixels where it must be, background where the unbent tube would be.
func TestMeshSkinnedCylinderFollowsTheBentJoint(t *testing.T) {
	withGL(t, func() {
		v := newMeshView(t, 320, 320, mgl32.Vec3{0, 1, 5}, mgl32.Vec3{-0.3, 1, 0})
		defer v.close()
		texColor := color.RGBA{200, 120, 60, 255}
		for _, lit := range []bool{false, true} {
			m := cylinder(lit)
			d := draw1(m)
			d.Skin = bentSkin(m)
			img := v.draw(fmt.Sprintf("skinned_cylinder_lit_%v", lit), v.scene(viewmodel.MeshOnly, d))
			// The centre line of each half; +Z is the camera side, so
			// probe on the tube's surface facing it.
			must := []mgl32.Vec3{{0, 0.3, 0.2}, {0, 0.7, 0.2}, {-0.4, 1, 0.2}, {-0.8, 1, 0.2}}
			for _, p := range must {
				got := v.at(img, p)
				if !lit && !near(got, texColor, 2) {
					t.Errorf("unlit tube at %v: %v, want the texture's %v", p, got, texColor)
				}
				if lit && !scaledColor(got, texColor, 0.06) {
					t.Errorf("lit tube at %v: %v, want the texture's %v scaled by the light", p, got, texColor)
				}
			}
			for _, p := range []mgl32.Vec3{{0, 1.5, 0}, {0, 1.9, 0}, {0.5, 1, 0}} {
				if got := v.at(img, p); !near(got, rgb8(meshBG), 1) {
					t.Errorf("at %v (the unbent tube, or the other side): %v, want the background", p, got)
				}
			}
			if lit {
				// The skeleton inside the tube: hidden by the shaded mesh
				// only where MeshAndBones would not draw it on top; seen
				// through the X-ray mesh; under the wireframe overlay.
				bones := []viewmodel.Line{{A: mgl32.Vec3{0, 0, 0}, B: mgl32.Vec3{0, 1, 0}, Color: viewmodel.Color{1, 1, 0, 1}},
					{A: mgl32.Vec3{0, 1, 0}, B: mgl32.Vec3{-1, 1, 0}, Color: viewmodel.Color{1, 1, 0, 1}}}
				for _, mode := range []viewmodel.MeshMode{viewmodel.MeshAndBones, viewmodel.Wireframe, viewmodel.XRay} {
					s := v.scene(mode, d)
					s.Bones, s.BoneWidth = bones, 3
					img := v.draw(fmt.Sprintf("skinned_cylinder_mode%d", mode), s)
					if got := v.at(img, mgl32.Vec3{-0.6, 1, 0}); got.R < 200 || got.G < 200 || got.B > 80 {
						t.Errorf("mode %d: bone inside the tube %v, want it drawn over", mode, got)
					}
				}
			}
			v.r.Forget(m)
		}
		// Unposed (identity skin): the upper half stands straight up,
		// stored in joint space: entries 2…7 with identity would put it
		// at y 0…1 over the lower half, so give the rest pose instead.
		m := cylinder(false)
		d := draw1(m)
		rest := make([]mgl32.Mat4, len(m.Palette))
		for e, p := range m.Palette {
			rest[e] = mgl32.Ident4()
			if p.Joint == 1 && e >= 2 {
				rest[e] = mgl32.Translate3D(0, 1, 0)
			}
		}
		d.Skin = rest
		img := v.draw("skinned_cylinder_rest", v.scene(viewmodel.MeshOnly, d))
		if got := v.at(img, mgl32.Vec3{0, 1.6, 0.2}); !near(got, texColor, 2) {
			t.Errorf("rest pose at (0, 1.6): %v, want the tube", got)
		}
		if got := v.at(img, mgl32.Vec3{-0.6, 1, 0}); !near(got, rgb8(meshBG), 1) {
			t.Errorf("rest pose at (-0.6, 1): %v, want the background", got)
		}
	})
}

// scaledColor reports whether got is want times one factor (the light)
// per channel, within tol of the brightest channel's ratio.
func scaledColor(got, want color.RGBA, tol float64) bool {
	k := float64(got.R) / float64(want.R)
	if k < 0.25 {
		return false
	}
	return math.Abs(float64(got.G)/float64(want.G)-k) <= tol*2 && math.Abs(float64(got.B)/float64(want.B)-k) <= tol*3
}

// colourModel is untextured quads without normals (drawn in their
// material colour exactly), one material per quad.
func colourModel(name string, centres []mgl32.Vec3, size float32, colours []mgl32.Vec4) *mesh.Model {
	m := &mesh.Model{Name: name, Palette: identityPalette(1)}
	for i, c := range centres {
		m.Materials = append(m.Materials, mesh.Material{Name: fmt.Sprint("m", i), Color: colours[i], DepthTest: true, DepthWrite: true})
		m.Shapes = append(m.Shapes, quadShape(fmt.Sprint("s", i), i, c, size, mgl32.Vec2{0, 0}, mgl32.Vec2{1, 1}))
	}
	return m
}

func vcolor(c mgl32.Vec4) color.RGBA {
	return rgb8(viewmodel.Color{c[0], c[1], c[2], c[3]})
}

// TestMeshHiddenShapes: a shape hidden by MeshDraw.Hidden and one whose
// material MaterialDraw.Hidden hides leave the background; the third
// draws; the material colour override multiplies, or replaces the
// material colour with ReplaceColor.
func TestMeshHiddenShapes(t *testing.T) {
	withGL(t, func() {
		v := newMeshView(t, 360, 160, mgl32.Vec3{0, 0, 6}, mgl32.Vec3{})
		defer v.close()
		centres := []mgl32.Vec3{{-1.6, 0, 0}, {0, 0, 0}, {1.6, 0, 0}}
		cols := []mgl32.Vec4{{0.9, 0.2, 0.2, 1}, {0.2, 0.9, 0.2, 1}, {0.2, 0.3, 0.9, 1}}
		m := colourModel("hide", centres, 1.2, cols)
		d := draw1(m)
		all := v.draw("hidden_none", v.scene(viewmodel.MeshOnly, d))
		for i, c := range centres {
			if got := v.at(all, c); !near(got, vcolor(cols[i]), 2) {
				t.Errorf("nothing hidden: shape %d %v, want %v", i, got, vcolor(cols[i]))
			}
		}
		d.Hidden = []bool{false, true}
		d.Materials = []viewmodel.MaterialDraw{{Color: viewmodel.Color{0.5, 1, 1, 1}}, {Color: viewmodel.Color{1, 1, 1, 1}}, {Hidden: true}}
		img := v.draw("hidden_two", v.scene(viewmodel.MeshOnly, d))
		want := vcolor(mgl32.Vec4{0.45, 0.2, 0.2, 1})
		if got := v.at(img, centres[0]); !near(got, want, 2) {
			t.Errorf("shape 0 with its colour halved in red: %v, want %v", got, want)
		}
		for _, i := range []int{1, 2} {
			if got := v.at(img, centres[i]); !near(got, rgb8(meshBG), 1) {
				t.Errorf("hidden shape %d: %v, want the background", i, got)
			}
		}
		// ReplaceColor: the override is the material colour (a BRK/BPK
		// colour as the game sets it), not a factor on it.
		d.Hidden = nil
		d.Materials = []viewmodel.MaterialDraw{{Color: viewmodel.Color{1, 1, 1, 1}}, {Color: viewmodel.Color{0.6, 0.4, 0.1, 1}, ReplaceColor: true}, {Color: viewmodel.Color{1, 1, 1, 1}}}
		img = v.draw("replace_colour", v.scene(viewmodel.MeshOnly, d))
		if got, want := v.at(img, centres[1]), vcolor(mgl32.Vec4{0.6, 0.4, 0.1, 1}); !near(got, want, 2) {
			t.Errorf("shape 1 with its colour replaced: %v, want %v", got, want)
		}
	})
}

// TestMeshViewModes: one quad with a bone across it in each mode.
func TestMeshViewModes(t *testing.T) {
	withGL(t, func() {
		v := newMeshView(t, 240, 240, mgl32.Vec3{0, 0, 5}, mgl32.Vec3{})
		defer v.close()
		col := mgl32.Vec4{0.2, 0.4, 0.9, 1}
		m := colourModel("modes", []mgl32.Vec3{{0, 0, 0}}, 2, []mgl32.Vec4{col})
		boneCol := viewmodel.Color{1, 1, 0, 1}
		inside := mgl32.Vec3{-0.5, 0.5, 0} // on the mesh, off the bone and the diagonal
		onBone := mgl32.Vec3{0.3, -0.5, 0} // on the bone
		onEdge := mgl32.Vec3{0.4, 0.4, 0}  // on the diagonal edge of the two triangles
		bg, mc, bc := rgb8(meshBG), vcolor(col), rgb8(boneCol)
		mix := func(a, b color.RGBA, f float64) color.RGBA {
			l := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-f) + float64(y)*f)) }
			return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
		}
		for _, c := range []struct {
			name                      string
			mode                      viewmodel.MeshMode
			highlight                 int
			inside, bone              color.RGBA
			edgeDiffers, edgeWireTint bool
		}{
			{"mesh_and_bones", viewmodel.MeshAndBones, -1, mc, bc, false, false},
			{"mesh_only", viewmodel.MeshOnly, -1, mc, mc, false, false},
			{"bones_only", viewmodel.BonesOnly, -1, bg, bc, false, false},
			{"wireframe", viewmodel.Wireframe, -1, mc, bc, true, true},
			{"xray", viewmodel.XRay, -1, mix(bg, mc, 0.35), bc, false, false},
			{"highlight", viewmodel.MeshAndBones, 0, mix(mc, color.RGBA{255, 184, 51, 255}, 0.4), bc, false, false},
		} {
			d := draw1(m)
			d.Highlight = c.highlight
			s := v.scene(c.mode, d)
			s.Bones = []viewmodel.Line{{A: mgl32.Vec3{-1, -0.5, 0}, B: mgl32.Vec3{1, -0.5, 0}, Color: boneCol}}
			s.BoneWidth = 6
			img := v.draw("mode_"+c.name, s)
			if got := v.at(img, inside); !near(got, c.inside, 3) {
				t.Errorf("%s: mesh pixel %v, want %v", c.name, got, c.inside)
			}
			if got := v.at(img, onBone); !near(got, c.bone, 3) {
				t.Errorf("%s: bone pixel %v, want %v", c.name, got, c.bone)
			}
			// The diagonal: in wireframe some pixel near it is tinted by
			// the wire colour; otherwise all are the mesh colour.
			x, y := v.px(onEdge)
			wired := false
			for dx := -2; dx <= 2; dx++ {
				if got := img.RGBAAt(x+dx, y); !near(got, c.inside, 3) {
					wired = true
				}
			}
			if wired != c.edgeWireTint {
				t.Errorf("%s: pixels on the triangles' shared edge differ from the mesh: %v, want %v", c.name, wired, c.edgeWireTint)
			}
		}
	})
}

// TestMeshAlphaBlendCull: an alpha-tested quad whose texture's left half
// is transparent shows the background there; a translucent quad listed
// before the opaque one behind it still blends over it (translucent
// shapes draw after opaque ones, even when they write depth); a quad
// facing away is culled with back-face culling and drawn without.
func TestMeshAlphaBlendCull(t *testing.T) {
	withGL(t, func() {
		v := newMeshView(t, 400, 160, mgl32.Vec3{0, 0, 6}, mgl32.Vec3{})
		defer v.close()
		clear, solid := color.RGBA{255, 255, 255, 0}, color.RGBA{250, 250, 250, 255}
		tex := rgbaTexture("cutout", 2, 1, []color.RGBA{clear, solid})
		m := &mesh.Model{Name: "abc", Palette: identityPalette(1), Textures: []*mesh.Texture{tex}}
		nearest := mesh.Sampler{WrapS: mesh.WrapClamp, WrapT: mesh.WrapClamp, MinFilter: mesh.FilterNearest, MagFilter: mesh.FilterNearest}
		m.Materials = []mesh.Material{
			{Name: "cutout", Color: mgl32.Vec4{1, 1, 1, 1}, DepthTest: true, DepthWrite: true,
				AlphaTest: mesh.AlphaTest{Enabled: true, Func: mesh.CompareGEqual, Ref: 0.5},
				Blend:     mesh.Blend{Mode: mesh.Mask},
				Textures:  []mesh.TextureSlot{{Texture: 0, TexMatrix: -1, Sampler: nearest}}},
			{Name: "glass", Color: mgl32.Vec4{1, 0, 0, 0.5}, DepthTest: true, DepthWrite: true,
				Blend: mesh.Blend{Mode: mesh.Translucent, Src: mesh.FactorSrcAlpha, Dst: mesh.FactorOneMinusSrcAlpha}},
			{Name: "wall", Color: mgl32.Vec4{0, 0, 1, 1}, DepthTest: true, DepthWrite: true},
			{Name: "backface", Color: mgl32.Vec4{0, 1, 0, 1}, DepthTest: true, DepthWrite: true, Cull: mesh.CullBack},
			{Name: "twosided", Color: mgl32.Vec4{0, 1, 0, 1}, DepthTest: true, DepthWrite: true, Cull: mesh.CullNone},
		}
		uv0, uv1 := mgl32.Vec2{0, 0}, mgl32.Vec2{1, 1}
		flip := func(s mesh.Shape) mesh.Shape {
			for i := 0; i < len(s.Triangles); i += 3 {
				s.Triangles[i+1], s.Triangles[i+2] = s.Triangles[i+2], s.Triangles[i+1]
			}
			return s
		}
		m.Shapes = []mesh.Shape{
			quadShape("cutout", 0, mgl32.Vec3{-2, 0, 0}, 1.2, uv0, uv1),
			quadShape("glass", 1, mgl32.Vec3{-0.3, 0, 0.5}, 1.0, uv0, uv1),
			quadShape("wall", 2, mgl32.Vec3{0, 0, 0}, 1.2, uv0, uv1),
			flip(quadShape("away", 3, mgl32.Vec3{1.5, 0.4, 0}, 0.6, uv0, uv1)),
			flip(quadShape("away2", 4, mgl32.Vec3{1.5, -0.4, 0}, 0.6, uv0, uv1)),
		}
		img := v.draw("alpha_blend_cull", v.scene(viewmodel.MeshOnly, draw1(m)))
		bg := rgb8(meshBG)
		check := func(what string, p mgl32.Vec3, want color.RGBA) {
			t.Helper()
			if got := v.at(img, p); !near(got, want, 3) {
				t.Errorf("%s: %v, want %v", what, got, want)
			}
		}
		check("cut-out half", mgl32.Vec3{-2.3, 0, 0}, bg)
		check("solid half", mgl32.Vec3{-1.7, 0, 0}, solid)
		check("glass over the wall", mgl32.Vec3{-0.1, 0, 0.5}, color.RGBA{128, 0, 128, 255})
		check("wall alone", mgl32.Vec3{0.45, 0, 0}, color.RGBA{0, 0, 255, 255})
		check("culled back face", mgl32.Vec3{1.5, 0.4, 0}, bg)
		check("two-sided back face", mgl32.Vec3{1.5, -0.4, 0}, color.RGBA{0, 255, 0, 255})
	})
}

// TestMeshBillboard: billboards are authored facing +Z in their own
// space; their joint may turn them any way. A square whose joint lays it
// flat (90° about X) is edge-on from the front; as a billboard the
// rotation is dropped and it faces the camera. A square turned 90° about
// Y is edge-on too; as a Y billboard it turns about its Y axis to face
// the camera.
func TestMeshBillboard(t *testing.T) {
	withGL(t, func() {
		v := newMeshView(t, 200, 200, mgl32.Vec3{0, 0, 5}, mgl32.Vec3{})
		defer v.close()
		square := quadShape("square", 0, mgl32.Vec3{}, 1.2, mgl32.Vec2{0, 0}, mgl32.Vec2{1, 1})
		col := mgl32.Vec4{0.9, 0.6, 0.1, 1}
		layFlat := mgl32.HomogRotate3DX(math.Pi / 2)
		turn := mgl32.HomogRotate3DY(math.Pi / 2)
		for _, c := range []struct {
			name  string
			joint mgl32.Mat4
			bb    mesh.Billboard
			shows bool
		}{
			{"flat", layFlat, mesh.NoBillboard, false},
			{"flat_billboard", layFlat, mesh.BillboardXYZ, true},
			{"turned", turn, mesh.NoBillboard, false},
			{"turned_ybillboard", turn, mesh.BillboardY, true},
			{"flat_ybillboard", layFlat, mesh.BillboardY, false}, // its Y axis points at the camera: stays edge-on
		} {
			s := square
			s.Billboard = c.bb
			m := &mesh.Model{Name: c.name, Palette: identityPalette(1), Shapes: []mesh.Shape{s},
				Materials: []mesh.Material{{Color: col, Cull: mesh.CullNone, DepthTest: true, DepthWrite: true}}}
			d := draw1(m)
			d.Skin = []mgl32.Mat4{c.joint}
			img := v.draw("billboard_"+c.name, v.scene(viewmodel.MeshOnly, d))
			got := v.at(img, mgl32.Vec3{0.4, 0.4, 0})
			if c.shows != near(got, vcolor(col), 3) {
				t.Errorf("%s: pixel off the centre %v; want the square shown: %v", c.name, got, c.shows)
			}
			v.r.Forget(m)
		}
	})
}

// bc1Solid is w×h texels of BC1 blocks that all decode to the RGB565
// colour c (colour 0 = c, colour 1 = black, every index 0).
func bc1Solid(w, h int, c uint16) []byte {
	n := ((w + 3) / 4) * ((h + 3) / 4)
	out := make([]byte, 0, 8*n)
	for i := 0; i < n; i++ {
		out = binary.LittleEndian.AppendUint16(out, c)
		out = append(out, 0, 0, 0, 0, 0, 0)
	}
	return out
}

// bc7Solid is one BC7 mode 6 block whose endpoints are both the 7-bit
// colour c with p-bits 1: every texel (c<<1 | 1).
func bc7Solid(c [4]uint8) []byte {
	var bits [128]bool
	pos := 0
	put := func(v uint, n int) {
		for i := 0; i < n; i++ {
			bits[pos] = v>>i&1 == 1
			pos++
		}
	}
	put(1<<6, 7) // mode 6
	for ch := 0; ch < 4; ch++ {
		put(uint(c[ch]), 7)
		put(uint(c[ch]), 7)
	}
	put(1, 1)
	put(1, 1)
	out := make([]byte, 16)
	for i, b := range bits {
		if b {
			out[i/8] |= 1 << (i % 8)
		}
	}
	return out
}

// TestMeshCompressedTextures: BC1 blocks built here go to the GPU as they
// are (the texture's decode gives yellow, so a yellow pixel would mean the
// decode was used), with both their mip levels (a 64×64 texture, mip 0
// red, mip 1 green: a quad near shows red, one far away green); a swizzle turns the red to blue; blocks
// shorter than the size say fall back to the decode; a texture whose
// blocks and decode both fail draws untextured with a problem naming it.
// BC7 (mode 6 constant blocks) where the driver has BPTC.
func TestMeshCompressedTextures(t *testing.T) {
	withGL(t, func() {
		v := newMeshView(t, 400, 160, mgl32.Vec3{0, 0, 6}, mgl32.Vec3{})
		defer v.close()
		formats := v.r.BlockFormats()
		t.Logf("driver block formats: %s", formats)
		yellowDecode := func(w, h int) func(int) (*image.RGBA, error) {
			return func(mip int) (*image.RGBA, error) {
				img := image.NewRGBA(image.Rect(0, 0, max(w>>mip, 1), max(h>>mip, 1)))
				for i := 0; i < len(img.Pix); i += 4 {
					copy(img.Pix[i:], []byte{255, 255, 0, 255})
				}
				return img, nil
			}
		}
		bc1 := func(name string, size int, mip0, mip1 uint16, short bool) *mesh.Texture {
			return &mesh.Texture{Name: name, Width: size, Height: size, Mips: 2, Format: "BC1_UNORM", Decode: yellowDecode(size, size),
				Blocks: func(mip int) (mesh.BlockFormat, []byte, error) {
					c := mip0
					if mip == 1 {
						c = mip1
					}
					b := bc1Solid(max(size>>mip, 1), max(size>>mip, 1), c)
					if short {
						b = b[:len(b)-3]
					}
					return mesh.BC1, b, nil
				}}
		}
		redGreen := bc1("redgreen", 64, 0xF800, 0x07E0, false)
		swz := bc1("swizzled", 8, 0xF800, 0xF800, false)
		swz.Swizzle = [4]mesh.Swizzle{mesh.SwizzleB, mesh.SwizzleG, mesh.SwizzleR, mesh.SwizzleOne}
		short := bc1("short", 8, 0xF800, 0xF800, true)
		broken := bc1("broken", 8, 0xF800, 0xF800, true)
		broken.Decode = func(int) (*image.RGBA, error) { return nil, errors.New("data ends early") }
		bc7 := &mesh.Texture{Name: "bc7", Width: 4, Height: 4, Mips: 1, Format: "BC7_UNORM", Decode: yellowDecode(4, 4),
			Blocks: func(int) (mesh.BlockFormat, []byte, error) {
				return mesh.BC7, bc7Solid([4]uint8{0x7F, 0x20, 0x10, 0x7F}), nil
			}}
		texs := []*mesh.Texture{redGreen, redGreen, swz, short, broken, bc7}
		m := &mesh.Model{Name: "blocks", Palette: identityPalette(1), Textures: texs}
		centres := []mgl32.Vec3{{-2.6, 0, 0}, {0, 8, -30}, {-0.8, 0, 0}, {0.4, 0, 0}, {1.6, 0, 0}, {2.8, 0, 0}}
		for i := range texs {
			m.Materials = append(m.Materials, mesh.Material{Name: texs[i].Name, Color: mgl32.Vec4{1, 1, 1, 1}, DepthTest: true, DepthWrite: true,
				Textures: []mesh.TextureSlot{{Texture: i, Role: mesh.RoleAlbedo, TexMatrix: -1, Sampler: mesh.Sampler{Mipmaps: true}}}})
			size := float32(1)
			if i == 0 {
				size = 1.8 // 64 texels over some 80 pixels: mip 0
			}
			if i == 1 {
				size = 1.5 // far away: 64 texels over some 10 pixels, mip 1
			}
			m.Shapes = append(m.Shapes, quadShape(texs[i].Name, i, centres[i], size, mgl32.Vec2{0, 0}, mgl32.Vec2{1, 1}))
		}
		img := v.draw("compressed", v.scene(viewmodel.MeshOnly, draw1(m)))
		want := []color.RGBA{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 0, 255}, {255, 255, 255, 255}, {255, 65, 33, 255}}
		hasBC7 := false
		for i, c := range centres {
			if i == 5 && !containsWord(formats, "BC7") {
				continue
			}
			hasBC7 = hasBC7 || i == 5
			if got := v.at(img, c); !near(got, want[i], 4) {
				t.Errorf("%s: %v, want %v", m.Shapes[i].Name, got, want[i])
			}
		}
		for _, c := range []struct {
			tex        *mesh.Texture
			compressed bool
			levels     int
		}{{redGreen, true, 2}, {swz, true, 2}, {short, false, 2}, {bc7, hasBC7, 1}} {
			if got := v.r.MeshTexture(c.tex); got.Compressed != c.compressed || got.Levels != c.levels || got.Err != nil {
				t.Errorf("%s on the GPU: %+v, want compressed %v with %d levels", c.tex.Name, got, c.compressed, c.levels)
			}
		}
		probs := v.r.Problems(m)
		if len(probs) != 1 || !containsWord(probs[0], "broken:") || !containsWord(probs[0], "untextured") {
			t.Errorf("problems %q, want one naming texture broken", probs)
		}
	})
}

func containsWord(s, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		if s[i:i+len(w)] == w {
			return true
		}
	}
	return false
}

// TestMeshGLObjectsAreFreed: a model's vertex arrays, buffers and
// textures go when Forget is called, when it has not been drawn for a
// while (the cache's sweep), when the garbage collector takes it, and with
// ReleaseMeshes; a texture two models
// share stays until the second goes.
func TestMeshGLObjectsAreFreed(t *testing.T) {
	withGL(t, func() {
		v := newMeshView(t, 64, 64, mgl32.Vec3{0, 1, 5}, mgl32.Vec3{0, 1, 0})
		defer v.close()
		base := render.LiveObjects()
		a, b := cylinder(true), cylinder(false)
		b.Textures = a.Textures // shared
		v.draw("free_a", v.scene(viewmodel.MeshAndBones, draw1(a), draw1(b)))
		with := render.LiveObjects()
		if with.VertexArrays != base.VertexArrays+2 || with.Buffers != base.Buffers+4 || with.Textures != base.Textures+1 {
			t.Errorf("two one-shape models sharing a texture: %+v → %+v, want 2 VAOs, 4 buffers, 1 texture more", base, with)
		}
		v.r.Forget(a)
		if got := render.LiveObjects(); got.VertexArrays != base.VertexArrays+1 || got.Textures != base.Textures+1 {
			t.Errorf("after Forget(a): %+v, want b's VAO and the shared texture left", got)
		}
		v.r.Forget(b)
		if got := render.LiveObjects(); got != base {
			t.Errorf("after Forget(b): %+v, want %+v", got, base)
		}
		// Not drawn any more: swept after a while.
		v.draw("free_b", v.scene(viewmodel.MeshAndBones, draw1(a)))
		v.r.MeshTexture(rgbaTexture("loose", 4, 4, make([]color.RGBA, 16)))
		if got := render.LiveObjects(); got == base {
			t.Fatal("drawing a model created nothing")
		}
		empty := v.scene(viewmodel.MeshAndBones)
		for i := 0; i < 300; i++ {
			v.fb.Bind()
			v.r.DrawScene(empty)
		}
		if got := render.LiveObjects(); got != base {
			t.Errorf("300 scenes without the model: %+v, want %+v", got, base)
		}
		// A model nobody holds any more (a closed file the app did not
		// Forget): the cache does not keep it alive, and once collected its
		// GL objects go at the next scene.
		func() {
			c := cylinder(true)
			v.draw("free_gc", v.scene(viewmodel.MeshAndBones, draw1(c)))
		}()
		if got := render.LiveObjects(); got == base {
			t.Fatal("drawing a model created nothing")
		}
		runtime.GC()
		v.fb.Bind()
		v.r.DrawScene(empty)
		if got := render.LiveObjects(); got != base {
			t.Errorf("a collected model: %+v, want %+v", got, base)
		}
		v.draw("free_c", v.scene(viewmodel.MeshAndBones, draw1(a), draw1(b)))
		v.r.ReleaseMeshes()
		if got := render.LiveObjects(); got != base {
			t.Errorf("after ReleaseMeshes: %+v, want %+v", got, base)
		}
	})
}
