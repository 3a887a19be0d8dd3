package render_test

import (
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/render"
	"github.com/animscope/animscope/render/rendertest"
	"github.com/animscope/animscope/shaders"
)

// withGL runs f with a current OpenGL 4.1 core context of a hidden window
// in this test process, its entry points loaded by render.Init
// (benchmarks too: f runs on the calling goroutine, locked to the
// context's thread).
func withGL(t testing.TB, f func()) {
	t.Helper()
	rendertest.Run(t, func() {
		if err := render.Init(); err != nil {
			t.Fatal(err)
		}
		f()
	})
}

func TestShadersCompileAndErrorsNameTheFile(t *testing.T) {
	withGL(t, func() {
		// Every scene shader compiles and links from its embedded source
		// (the ImGui pair below); a broken one in its place fails with
		// the file's name and the driver's log.
		for _, file := range []string{"flat.vert", "flat.frag", "thickline.vert", "thickline.frag", "point.vert", "point.frag", "texquad.vert", "texquad.frag", "mesh.vert", "mesh.frag"} {
			broken := func(f string) (string, error) {
				if f == file {
					return "out vec4 o; void main() { o = undefined_thing; }", nil
				}
				return shaders.Source(f)
			}
			r, err := render.NewRendererFrom(broken)
			if err == nil {
				r.Delete()
				t.Fatalf("%s: a broken shader compiled", file)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "render: compiling "+file+": ") || !strings.Contains(msg, "undefined_thing") {
				t.Errorf("error %q should name %s and carry the driver's log", msg, file)
			}
		}
		// The whole pipeline links and draws into an offscreen target.
		r, err := render.NewRenderer()
		if err != nil {
			t.Fatal(err)
		}
		defer r.Delete()
		im, err := render.NewImGuiRenderer()
		if err != nil {
			t.Fatal(err)
		}
		defer im.Delete()
		fb, err := render.NewRenderTarget(32, 32)
		if err != nil {
			t.Fatal(err)
		}
		defer fb.Delete()
		fb.Bind()
		r.DrawScene(&viewmodel.Scene{Viewport: viewmodel.Viewport{W: 32, H: 32}, Background: viewmodel.Color{1, 0, 0, 1}})
		img := fb.Read()
		if c := img.RGBAAt(16, 16); c.R != 255 || c.G != 0 || c.B != 0 {
			t.Errorf("cleared offscreen pixel %v, want red", c)
		}
		if _, err := render.NewRenderTarget(0, 10); err == nil {
			t.Error("a 0x10 offscreen target was accepted")
		}
	})
}
