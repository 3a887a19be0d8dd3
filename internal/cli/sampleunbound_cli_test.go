package cli

import (
	"strings"
	"testing"
)

// TestSampleMaterialClipOnOtherModel: sample of a texture clip with a
// --model that has none of its materials says so in one line naming
// the materials (btk_basic.btk animates water and lava; biped.bmd has
// no material), and not that a joint count differs: the clip animates
// no joint.
func TestSampleMaterialClipOnOtherModel(t *testing.T) {
	code, out, errOut := runCLI("sample", "--json", "--frames", "0", "--model", "testdata/biped.bmd", "testdata/btk_basic.btk")
	if code != 0 || !strings.Contains(out, `"water"`) {
		t.Fatalf("exit %d, stderr %q; the texture clip should still sample", code, errOut)
	}
	if strings.Contains(errOut, "joints") {
		t.Errorf("a texture clip warned of joints: %q", errOut)
	}
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], "binds to nothing") || !strings.Contains(lines[0], `["water" "lava"]`) {
		t.Errorf("stderr %q, want one line saying it binds to nothing of the model, naming water and lava", errOut)
	}
}
