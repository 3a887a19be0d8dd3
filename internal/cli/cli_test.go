package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/app"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = Run(args, &o, &e, Env{})
	return code, o.String(), e.String()
}

func TestParseFrameList(t *testing.T) {
	cases := []struct {
		in   string
		want []float64
	}{
		{"0,1.5,7", []float64{0, 1.5, 7}},
		{"0:2:0.5", []float64{0, 0.5, 1, 1.5, 2}},
		{"0:1:0.1", []float64{0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1}},
		{"-1:1", []float64{-1, 0, 1}},
		{"0:3:2,10", []float64{0, 2, 10}},
		{" 4 , -2.25 ", []float64{4, -2.25}},
	}
	for _, c := range cases {
		got, err := parseFrameList(c.in)
		if err != nil {
			t.Errorf("parseFrameList(%q): %v", c.in, err)
			continue
		}
		if len(got) != len(c.want) {
			t.Errorf("parseFrameList(%q) = %v, want %v", c.in, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("parseFrameList(%q) = %v, want %v", c.in, got, c.want)
				break
			}
		}
	}
	for _, bad := range []string{"", "1,,2", "a", "NaN", "inf", "0:10:0", "0:10:-1", "5:1", "1:2:3:4", "0:1e9:0.001"} {
		if _, err := parseFrameList(bad); err == nil {
			t.Errorf("parseFrameList(%q): want an error", bad)
		}
	}
}

func TestExitCodesAndMessages(t *testing.T) {
	dir, garbage := garbageFile(t)
	cases := []struct {
		args     []string
		code     int
		errHas   string
		stdoutIn string
	}{
		{[]string{"info"}, ExitUsage, "want exactly one FILE", ""},
		{[]string{"info", "--bogus", garbage}, ExitUsage, "flag provided but not defined", ""},
		{[]string{"info", filepath.Join(dir, "missing.bck")}, ExitInput, "missing.bck: no such file or directory", ""},
		{[]string{"info", dir}, ExitInput, "is a directory", ""},
		{[]string{"info", garbage}, ExitInput, "garbage.bck: unknown file type", ""},
		{[]string{"sample", garbage, "--frames", "1"}, ExitUsage, "exactly one of --json and --csv", ""},
		{[]string{"sample", garbage, "--json", "--csv", "--frames", "1"}, ExitUsage, "exactly one of --json and --csv", ""},
		{[]string{"sample", "--json", garbage}, ExitUsage, "exactly one of --frames and --times", ""},
		{[]string{"sample", "--json", "--frames", "x", garbage}, ExitUsage, "--frames", ""},
		{[]string{"sample", "--json", "--times", "1", "--loop", "sideways", garbage}, ExitUsage, "unknown loop mode", ""},
		{[]string{"sample", garbage, "--json", "--frames", "0:2"}, ExitInput, "unknown file type", ""},
		{[]string{"info", "-h"}, ExitOK, "", "Usage: animscope info"},
		{[]string{"sample", "-h"}, ExitOK, "", "Usage: animscope sample"},
		{[]string{"help"}, ExitOK, "", "animscope info FILE"},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", c.args, code, c.code, errOut)
		}
		if c.errHas != "" {
			if !strings.Contains(errOut, c.errHas) || !strings.HasPrefix(errOut, "animscope: ") {
				t.Errorf("%v: stderr %q, want it to start with \"animscope: \" and contain %q", c.args, errOut, c.errHas)
			}
			if strings.Count(errOut, "\n") != 1 {
				t.Errorf("%v: stderr is not one line: %q", c.args, errOut)
			}
		}
		if c.stdoutIn != "" && !strings.Contains(out, c.stdoutIn) {
			t.Errorf("%v: stdout %q, want it to contain %q", c.args, out, c.stdoutIn)
		}
	}
}

func TestSplitArchivePath(t *testing.T) {
	dir := t.TempDir()
	arc := filepath.Join(dir, "a.arc")
	if err := os.WriteFile(arc, []byte("RARC"), 0o644); err != nil {
		t.Fatal(err)
	}
	colon := filepath.Join(dir, "odd:name.bck")
	if err := os.WriteFile(colon, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ arg, file, inner string }{
		{arc, arc, ""},
		{arc + ":bck/walk.bck", arc, "bck/walk.bck"},
		{arc + ":dir:with:colons", arc, "dir:with:colons"},
		{colon, colon, ""},
		{filepath.Join(dir, "none.bck"), filepath.Join(dir, "none.bck"), ""},
	}
	for _, c := range cases {
		f, in := app.SplitArchivePath(c.arg)
		if f != c.file || in != c.inner {
			t.Errorf("app.SplitArchivePath(%q) = %q, %q; want %q, %q", c.arg, f, in, c.file, c.inner)
		}
	}
}

func TestFlagsAfterFile(t *testing.T) {
	fs := NewFlagSet("t", "", &bytes.Buffer{})
	j := fs.Bool("json", false, "")
	fr := fs.String("frames", "", "")
	pos, err := ParseInterleaved(fs, []string{"f.bck", "--json", "--frames", "1,2", "g"})
	if err != nil || !*j || *fr != "1,2" || len(pos) != 2 || pos[0] != "f.bck" || pos[1] != "g" {
		t.Fatalf("parseInterleaved: pos %v json %v frames %q err %v", pos, *j, *fr, err)
	}
}

// garbageFile writes a file that is no animation into a new directory.
func garbageFile(t *testing.T) (dir, garbage string) {
	dir = t.TempDir()
	garbage = filepath.Join(dir, "garbage.bck")
	if err := os.WriteFile(garbage, []byte("this is not an animation file at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, garbage
}

// TestRenderBadInputsNeedNoGL: render checks its files before it asks
// for an OpenGL context, and a missing file, a directory or garbage is
// exit 1 with one line naming it (render used to crash on these).
func TestRenderBadInputsNeedNoGL(t *testing.T) {
	dir, garbage := garbageFile(t)
	out := filepath.Join(dir, "x.png")
	for in, want := range map[string]string{
		filepath.Join(dir, "missing.bck"): "missing.bck: no such file or directory",
		dir:                               "is a directory",
		garbage:                           "garbage.bck: unknown file type",
	} {
		code, _, errOut := runCLI("render", in, "--frame", "1", "--out", out)
		if code != ExitInput || !strings.Contains(errOut, want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("render %s: exit %d, stderr %q; want 1 and one line with %q", in, code, errOut, want)
		}
	}
}
