package main

import (
	"runtime"
	"strings"
	"testing"

	"github.com/animscope/animscope/cmd/viewer/internal/platform"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/render"
	"github.com/animscope/animscope/shaders"
)

// withGL runs f with a current OpenGL 4.1 core context of a hidden window
// in this test process.
func withGL(t *testing.T, f func()) {
	t.Helper()
	needDisplay(t)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := platform.Init(); err != nil {
		t.Fatal(err)
	}
	defer platform.Terminate()
	w, err := platform.NewWindow(platform.Options{Title: "animscope test", Width: 64, Height: 64, Hidden: true})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Destroy()
	if err := render.Init(); err != nil {
		t.Fatal(err)
	}
	f()
}

func TestShadersCompileAndErrorsNameTheFile(t *testing.T) {
	withGL(t, func() {
		for _, name := range []string{"flat", "thickline", "point", "texquad", "imgui"} {
			for _, st := range []struct {
				ext   string
				stage render.ShaderStage
			}{{".vert", render.VertexStage}, {".frag", render.FragmentStage}} {
				src, err := shaders.Source(name + st.ext)
				if err != nil {
					t.Fatal(err)
				}
				if err := render.CompileCheck(name+st.ext, src, st.stage); err != nil {
					t.Errorf("%s%s: %v", name, st.ext, err)
				}
			}
		}
		err := render.CompileCheck("broken.frag", "out vec4 o; void main() { o = undefined_thing; }", render.FragmentStage)
		if err == nil {
			t.Fatal("a broken shader compiled")
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "render: compiling broken.frag: ") || !strings.Contains(msg, "undefined_thing") {
			t.Errorf("error %q should name the file and carry the driver's log", msg)
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
