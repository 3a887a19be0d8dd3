package cli

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/bfres"
	"github.com/animscope/animscope/internal/app/apptest"
)

// brokenTexSRT writes texsrt.bfres with its first texture SRT animation
// broken (its header states fewer curves than its material anims use)
// and returns the path and the two animation names.
func brokenTexSRT(t *testing.T) (path, broken, ok string) {
	t.Helper()
	data, err := os.ReadFile(apptest.BFRESFixtures + "texsrt.bfres")
	apptest.Must(t, err)
	f, err := bfres.Parse(data)
	apptest.Must(t, err)
	binary.BigEndian.PutUint32(data[f.TexSRTAnims[0].FileOffset+0x1C:], 1)
	path = filepath.Join(t.TempDir(), "half.bfres")
	apptest.Must(t, os.WriteFile(path, data, 0o644))
	return path, f.TexSRTAnims[0].Name, f.TexSRTAnims[1].Name
}

// TestBrokenAnimationListed: one unreadable animation does not make the
// file unreadable. info lists the broken animation with its error and the
// other opens; sample --clip on it fails with that error (exit 1, one
// line), on the other succeeds.
func TestBrokenAnimationListed(t *testing.T) {
	path, broken, ok := brokenTexSRT(t)
	code, out, errOut := runCLI("info", path)
	if code != 0 || !strings.Contains(out, "broken animation "+broken+": ") || !strings.Contains(out, "outside the header's 1") ||
		!strings.Contains(out, "animation "+ok+":") {
		t.Fatalf("info: exit %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
	code, out, _ = runCLI("info", "--json", path)
	var doc struct {
		Clips  []struct{ Name string }
		Broken []struct{ Name, Error string }
	}
	if err := json.Unmarshal([]byte(out), &doc); code != 0 || err != nil || len(doc.Clips) != 1 || len(doc.Broken) != 1 || doc.Broken[0].Name != broken {
		t.Fatalf("info --json: exit %d, %v, %+v", code, err, doc)
	}
	code, _, errOut = runCLI("sample", path, "--clip", broken, "--frames", "0", "--json")
	if code != 1 || !strings.Contains(errOut, "could not be read") || !strings.Contains(errOut, "outside the header's 1") || strings.Count(errOut, "\n") != 1 {
		t.Fatalf("sample --clip %s: exit %d, stderr %q; want 1 and the animation's error on one line", broken, code, errOut)
	}
	if code, _, errOut = runCLI("sample", path, "--clip", ok, "--frames", "0", "--json"); code != 0 {
		t.Fatalf("sample --clip %s: exit %d, %s", ok, code, errOut)
	}
}

// TestInfoDetailsAsTables: info's text output is for people, so a BFRES's
// details print as lines and tables, never a JSON blob (that is what
// --json is for).
func TestInfoDetailsAsTables(t *testing.T) {
	code, out, _ := runCLI("info", apptest.BFRESFixtures+"texsrt.bfres")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, `[{"`) || strings.Contains(line, `{"`) {
			t.Errorf("JSON blob in the human info: %q", line)
		}
		if len([]rune(line)) > 240 {
			t.Errorf("line of %d characters: %.80q…", len([]rune(line)), line)
		}
	}
	if !strings.Contains(out, "  texSrtAnims: 2\n    name ") {
		t.Errorf("no texture SRT animation table:\n%s", out)
	}
}

func TestPlural(t *testing.T) {
	if plural(1, "joint", "joints") != "1 joint" || plural(3, "joint", "joints") != "3 joints" || plural(0, "joint", "joints") != "0 joints" {
		t.Error("plural")
	}
}
