package render_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/render"
)

// TestRenderTargetsHoldWhatWasDrawn draws two scenes into a set of render
// targets (the comparison's viewports) and reads each back: each holds
// its own picture, and resizing replaces the targets.
func TestRenderTargetsHoldWhatWasDrawn(t *testing.T) {
	withGL(t, func() {
		r, err := render.NewRenderer()
		if err != nil {
			t.Fatal(err)
		}
		defer r.Delete()
		var set render.TargetSet
		defer set.Delete()
		if err := set.Ensure(2, 40, 30); err != nil {
			t.Fatal(err)
		}
		first := set.Targets[0].Texture.ID
		// A joint marker in the middle of the first, nothing in the second.
		view := mgl32.LookAtV(mgl32.Vec3{0, 0, 5}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
		proj := mgl32.Perspective(mgl32.DegToRad(40), 40.0/30, 0.1, 100)
		scenes := []viewmodel.Scene{
			{Viewport: viewmodel.Viewport{W: 40, H: 30}, Background: viewmodel.Color{0, 0, 1, 1}, View: view, Proj: proj,
				Points: []viewmodel.Point{{P: mgl32.Vec3{}, Color: viewmodel.Color{1, 1, 0, 1}}}, PointSize: 8},
			{Viewport: viewmodel.Viewport{W: 40, H: 30}, Background: viewmodel.Color{0, 1, 0, 1}, View: view, Proj: proj},
		}
		for i, tg := range set.Targets {
			tg.Bind()
			r.DrawScene(&scenes[i])
		}
		render.BindWindow()
		a, b := set.Targets[0].Read(), set.Targets[1].Read()
		if c := a.RGBAAt(20, 15); c.R < 200 || c.G < 200 || c.B > 60 {
			t.Errorf("target 0 centre %v, want the yellow joint", c)
		}
		if c := a.RGBAAt(2, 2); c.B != 255 || c.R != 0 {
			t.Errorf("target 0 corner %v, want its blue background", c)
		}
		if c := b.RGBAAt(20, 15); c.G != 255 || c.R != 0 || c.B != 0 {
			t.Errorf("target 1 centre %v, want its green background", c)
		}
		if err := set.Ensure(2, 40, 30); err != nil || set.Targets[0].Texture.ID != first {
			t.Error("Ensure with the same size recreated the targets")
		}
		if err := set.Ensure(2, 64, 48); err != nil || set.Targets[0].W() != 64 || set.Targets[1].H() != 48 {
			t.Errorf("resize: %v, %dx%d", err, set.Targets[0].W(), set.Targets[1].H())
		}
		if _, err := render.NewRenderTarget(0, 5); err == nil {
			t.Error("a 0x5 render target was accepted")
		}
	})
}
