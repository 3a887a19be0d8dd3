package cli

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/sample/sampletest"
)

// TestJBASampleCLI runs every JBA golden through `animscope sample --json`
// (what ../shared/tools/check-fixtures does, without needing ../shared).
func TestJBASampleCLI(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(apptest.JBATestdata, "*.jba"))
	if len(files) == 0 {
		t.Fatal("no JBA fixtures")
	}
	for _, path := range files {
		wantData, err := os.ReadFile(strings.TrimSuffix(path, ".jba") + ".expected.json")
		if err != nil {
			t.Fatal(err)
		}
		want, err := sampletest.Read(wantData)
		if err != nil {
			t.Fatal(err)
		}
		var frames []string
		for _, f := range want.Frames {
			frames = append(frames, strconv.FormatFloat(f, 'g', -1, 64))
		}
		code, out, errOut := runCLI("sample", "--json", "--frames", strings.Join(frames, ","), path)
		if code != ExitOK {
			t.Fatalf("%s: exit %d: %s", path, code, errOut)
		}
		got, err := sampletest.Read([]byte(out))
		if err != nil {
			t.Fatal(err)
		}
		for _, msg := range sampletest.Compare(got, want, 5) {
			t.Errorf("%s: %s", filepath.Base(path), msg)
		}
	}
}

// TestJBAUnsupportedAndHostile: 64-bit-client files and broken files exit
// 1 with one line from info and sample.
func TestJBAUnsupportedAndHostile(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	multi, err := os.ReadFile(filepath.Join(apptest.JBATestdata, "multi_block.jba"))
	if err != nil {
		t.Fatal(err)
	}
	patch := func(off int, v uint32) []byte {
		d := append([]byte(nil), multi...)
		binary.LittleEndian.PutUint32(d[off:], v)
		return d
	}
	cases := []struct {
		file, want string
	}{
		{write("new.jba", append([]byte("JAWB"), make([]byte, 60)...)), "jba: unsupported: JBA layout of game update 7.2.1+ (magic JAWB) is not supported yet"},
		{write("size.jba", patch(0x2C, 0xFFFFFF80)), "block 0: 4294967168 bytes from 0x180 run past the end of the file"},
		{write("bones.jba", patch(0x18, 0x80000000)), "bone data for 2147483648 bones"},
		{write("name.jba", patch(0xc64+0x24+8, 0x7FFFFFFF)), "bone 2 name at 0x80000c97: starts outside the file"},
		{write("cut.jba", multi[:1000]), "block 1: 640 bytes from 0x380 run past the end of the file (1000 bytes)"},
	}
	for _, c := range cases {
		for _, args := range [][]string{{"info", c.file}, {"info", "--json", c.file}, {"sample", "--json", "--frames", "0,1.5", c.file}} {
			code, out, errOut := runCLI(args...)
			if code != ExitInput || out != "" {
				t.Errorf("%v: exit %d, stdout %q", args, code, out)
			}
			if !strings.HasPrefix(errOut, "animscope: "+c.file+": ") || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("%v: stderr %q, want one line containing %q", args, errOut, c.want)
			}
		}
	}
}

// TestJBAModelSidecar: --model with a skeleton sidecar adds world
// positions; info lists the inferred Biped skeleton.
func TestJBAModelSidecar(t *testing.T) {
	walk := filepath.Join(apptest.JBATestdata, "walk_30fps.jba")
	code, out, errOut := runCLI("sample", "--json", "--frames", "0,10.5", "--model", filepath.Join(apptest.JBATestdata, "walk.skeleton.json"), walk)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	doc, err := sampletest.Read([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if doc.Model != "walk.skeleton.json" || len(doc.Targets) != 5 {
		t.Fatalf("model %q, %d targets", doc.Model, len(doc.Targets))
	}
	for _, tg := range doc.Targets {
		if len(tg.World) != 2 {
			t.Errorf("%s: %d world positions, want 2", tg.Name, len(tg.World))
		}
	}
	code, out, _ = runCLI("info", walk)
	if code != ExitOK || !strings.Contains(out, "skeleton walk_30fps: 5 joints, standard hierarchy") ||
		!strings.Contains(out, `hierarchy: "inferred from 3ds Max Biped bone names"`) {
		t.Errorf("info: exit %d\n%s", code, out)
	}
}
