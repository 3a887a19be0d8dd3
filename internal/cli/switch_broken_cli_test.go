package cli

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/bfres"
	"github.com/animscope/animscope/internal/app/apptest"
)

// TestSwitchBrokenAnimationListed: a Switch file with one broken FSKA
// (curve type 3 in its first curve) lists it with its error and opens
// the other; sample --clip on it fails with that error on one line.
func TestSwitchBrokenAnimationListed(t *testing.T) {
	data, err := os.ReadFile(switchFixtures + "nx02_v8_quat.bfres")
	apptest.Must(t, err)
	f, err := bfres.Parse(data)
	apptest.Must(t, err)
	if len(f.SkeletalAnims) != 2 {
		t.Fatalf("%d animations in the fixture, want 2", len(f.SkeletalAnims))
	}
	broken, ok := f.SkeletalAnims[0].Name, f.SkeletalAnims[1].Name
	p := data[f.SkeletalAnims[0].BoneAnims[0].Curves[0].FileOffset+0x10:]
	binary.LittleEndian.PutUint16(p, binary.LittleEndian.Uint16(p)&^0x70|0x30)
	path := filepath.Join(t.TempDir(), "half_switch.bfres")
	apptest.Must(t, os.WriteFile(path, data, 0o644))

	code, out, errOut := runCLI("info", path)
	if code != 0 || !strings.Contains(out, "broken animation "+broken+": ") || !strings.Contains(out, "curve type 3") ||
		!strings.Contains(out, "animation "+ok+":") {
		t.Fatalf("info: exit %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
	code, _, errOut = runCLI("sample", path, "--clip", broken, "--frames", "0", "--json")
	if code != 1 || !strings.Contains(errOut, "could not be read") || !strings.Contains(errOut, "curve type 3") || strings.Count(errOut, "\n") != 1 {
		t.Fatalf("sample --clip %s: exit %d, stderr %q; want 1 and the animation's error on one line", broken, code, errOut)
	}
	t.Logf("sample --clip %s: %s", broken, strings.TrimSpace(errOut))
	if code, _, errOut = runCLI("sample", path, "--clip", ok, "--frames", "0", "--json"); code != 0 {
		t.Fatalf("sample --clip %s: exit %d, %s", ok, code, errOut)
	}
}
