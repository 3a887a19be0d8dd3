package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/app/apptest"
)

// TestExportBindingWarningNamesJ3DClip: a J3D file's one clip has no name
// of its own; the export's binding warning names the file and the model
// ("walk.bck on chain3: …"), never an empty animation name
// ("animation  on chain3").
func TestExportBindingWarningNamesJ3DClip(t *testing.T) {
	walk := apptest.ModelFixtures + "walk.bck"
	out := filepath.Join(t.TempDir(), "chain.glb")
	code, _, stderr := runCLI("export", walk, "--model", apptest.ModelFixtures+"chain3.bmd", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %q", code, stderr)
	}
	var line string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.Contains(l, "binding the first 3 by index") {
			line = l
		}
	}
	if want := "animscope: warning: " + walk + " on chain3: animation has 12 joints"; !strings.HasPrefix(line, want) {
		t.Errorf("warning %q, want it to start %q", line, want)
	}
}
