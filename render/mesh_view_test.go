package render_test

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/render"
)

// meshView is a camera and target for the model tests.
type meshView struct {
	t          testing.TB
	r          *render.Renderer
	fb         *render.RenderTarget
	w, h       int
	view, proj mgl32.Mat4
}

func newMeshView(t testing.TB, w, h int, eye, at mgl32.Vec3) *meshView {
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
