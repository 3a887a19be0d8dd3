package cli

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

func fakeEnv(fake *fakeOffscreen) Env {
	return Env{NewOffscreen: func(w, h int) (Offscreen, error) { fake.w, fake.h = w, h; return fake, nil }}
}

// TestRenderClipByFileName: a J3D clip has no name of its own; --clip
// takes its file's name with or without the extension, as the viewer
// does, and an unknown name lists the real ones.
func TestRenderClipByFileName(t *testing.T) {
	arc := "../../formats/archive/testdata/biped.szs"
	for _, name := range []string{"wave", "wave.bck"} {
		var o, e bytes.Buffer
		out := filepath.Join(t.TempDir(), "x.png")
		if code := Run([]string{"render", arc, "--clip", name, "--frame", "3", "--out", out, "--size", "32x24"}, &o, &e, fakeEnv(&fakeOffscreen{})); code != 0 {
			t.Errorf("--clip %s: exit %d, stderr %q", name, code, e.String())
		}
	}
	var o, e bytes.Buffer
	code := Run([]string{"render", arc, "--clip", "Swim", "--frame", "3", "--out", filepath.Join(t.TempDir(), "x.png")}, &o, &e, fakeEnv(&fakeOffscreen{}))
	if code != 1 || !strings.Contains(e.String(), `no animation named "Swim" (have ["walk" "wave" "btk_basic"])`) {
		t.Errorf("--clip Swim: exit %d, stderr %q; want the real names listed", code, e.String())
	}
}

// TestRenderSaysWhenAGivenClipBindsNothing: a texture clip given with a
// model it has no material of plays, and one stderr line says why
// nothing moves.
func TestRenderSaysWhenAGivenClipBindsNothing(t *testing.T) {
	var o, e bytes.Buffer
	out := filepath.Join(t.TempDir(), "x.png")
	code := Run([]string{"render", "testdata/btk_basic.btk", "--model", "../../formats/j3d/testdata/j3dmesh/synth.bmd", "--frame", "3", "--out", out, "--size", "32x24"}, &o, &e, fakeEnv(&fakeOffscreen{}))
	if code != 0 || !strings.Contains(e.String(), "btk_basic.btk: binds to nothing of model") || strings.Count(e.String(), "\n") != 1 {
		t.Errorf("exit %d, stderr %q; want one line saying the BTK binds to nothing", code, e.String())
	}
}

// TestSampleClipByFileName: sample's --clip takes a J3D file's name too.
func TestSampleClipByFileName(t *testing.T) {
	for _, name := range []string{"walk", "walk.bck"} {
		code, out, errOut := runCLI("sample", "testdata/walk.bck", "--clip", name, "--frames", "0", "--json")
		if code != ExitOK || !strings.Contains(out, `"frames"`) {
			t.Errorf("--clip %s: exit %d, stderr %q", name, code, errOut)
		}
	}
	if code, _, errOut := runCLI("sample", "testdata/walk.bck", "--clip", "run", "--frames", "0", "--json"); code != ExitInput || !strings.Contains(errOut, `(have ["walk"])`) {
		t.Errorf("--clip run: exit %d, stderr %q; want the file's name listed", code, errOut)
	}
}
