package cli

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/viewmodel"
)

// fakeOffscreen draws nothing and reports one drawing problem, as the GL
// offscreen reports a GX program that failed to compile.
type fakeOffscreen struct {
	w, h     int
	problems []string
	drawn    int
}

func (f *fakeOffscreen) Checker() viewmodel.TextureRef { return viewmodel.TextureRef{} }
func (f *fakeOffscreen) Draw(*viewmodel.Scene) *image.RGBA {
	f.drawn++
	return image.NewRGBA(image.Rect(0, 0, f.w, f.h))
}
func (f *fakeOffscreen) Problems() []string {
	p := f.problems
	f.problems = nil
	return p
}
func (f *fakeOffscreen) Close() {}

// TestRenderReportsDrawingProblems: what drawing met (here a material
// whose program did not compile) is one warning line each on stderr; the
// picture is still written.
func TestRenderReportsDrawingProblems(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.png")
	fake := &fakeOffscreen{problems: []string{"render: material eyeL: compiling the GX fragment shader: 0:12: syntax error"}}
	var o, e bytes.Buffer
	code := Run([]string{"render", "testdata/walk.bck", "--model", "testdata/biped.bmd", "--frame", "3", "--out", out, "--size", "32x24"}, &o, &e,
		Env{NewOffscreen: func(w, h int) (Offscreen, error) { fake.w, fake.h = w, h; return fake, nil }})
	if code != 0 || fake.drawn != 1 {
		t.Fatalf("exit %d, %d draws; stderr %q", code, fake.drawn, e.String())
	}
	want := "animscope: warning: render: material eyeL: compiling the GX fragment shader: 0:12: syntax error\n"
	if e.String() != want {
		t.Errorf("stderr %q, want %q", e.String(), want)
	}
	if st, err := os.Stat(out); err != nil || st.Size() == 0 || !strings.Contains(o.String(), "wrote "+out) {
		t.Errorf("the PNG: %v, %v; stdout %q", st, err, o.String())
	}
}
