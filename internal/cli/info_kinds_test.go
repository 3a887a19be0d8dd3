package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/internal/app/apptest"
)

// TestInfoArchiveCountsEveryKind: an archive laid out like a Mario Kart
// course lists every animation it holds — the skeletal one and its BTK
// and BRK files too — in the text and the JSON, and each model's pairing
// names the texture and colour clips that play beside it (those named
// after another model stay with that one).
func TestInfoArchiveCountsEveryKind(t *testing.T) {
	read := func(p string) []byte {
		b, err := os.ReadFile(p)
		apptest.Must(t, err)
		return b
	}
	fam := "../../formats/j3d/testdata/family/"
	btk, brk := read("../../formats/j3d/testdata/btk_basic.btk"), read(fam+"brk_tan0.brk")
	arc, err := archivetest.WriteRARC("course", []archivetest.RARCFile{
		{Path: "objects/arrow.bmd", Data: read(apptest.ModelFixtures + "chain3.bmd")},
		{Path: "objects/arrow.btk", Data: btk},
		{Path: "objects/bomb.bmd", Data: read(apptest.ModelFixtures + "biped.bmd")},
		{Path: "objects/bomb_1p.brk", Data: brk},
		{Path: "objects/bomb_2p.brk", Data: brk},
		{Path: "objects/bomb_wait.bck", Data: read(apptest.ModelFixtures + "walk.bck")},
		{Path: "objects/bomb_wait.btk", Data: btk},
	})
	apptest.Must(t, err)
	p := filepath.Join(t.TempDir(), "track.arc")
	apptest.Must(t, os.WriteFile(p, arc, 0o644))

	code, out, errOut := runCLI("info", "--json", p)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc struct{ Pairing infoPairing }
	apptest.Must(t, json.Unmarshal([]byte(out), &doc))
	kinds := map[string]string{}
	for _, a := range doc.Pairing.Animations {
		kinds[a.Path] = a.Format + " " + a.Kind
	}
	want := map[string]string{
		"course/objects/arrow.btk": "btk texture SRT", "course/objects/bomb_1p.brk": "brk TEV colours", "course/objects/bomb_2p.brk": "brk TEV colours",
		"course/objects/bomb_wait.bck": "bck skeletal", "course/objects/bomb_wait.btk": "btk texture SRT",
	}
	if len(kinds) != len(want) {
		t.Errorf("animations %v, want the %d of every kind", kinds, len(want))
	}
	for k, v := range want {
		if kinds[k] != v {
			t.Errorf("%s: %q, want %q", k, kinds[k], v)
		}
	}
	side := map[string][]string{}
	for _, s := range doc.Pairing.Suggestions {
		for _, c := range s.Side {
			side[s.Model] = append(side[s.Model], c.Path+" ("+c.Reason+")")
		}
	}
	if got := strings.Join(side["course/objects/arrow.bmd"], ", "); got != "course/objects/arrow.btk (named after the model)" {
		t.Errorf("beside arrow.bmd: %s", got)
	}
	if got := strings.Join(side["course/objects/bomb.bmd"], ", "); got != "course/objects/bomb_1p.brk (named after the model), course/objects/bomb_2p.brk (named after the model), course/objects/bomb_wait.btk (named after the model)" {
		t.Errorf("beside bomb.bmd: %s", got)
	}

	code, out, _ = runCLI("info", p)
	if code != ExitOK || !strings.Contains(out, "animations: 5\n") ||
		!strings.Contains(out, "  course/objects/bomb_1p.brk: brk TEV colours, ") ||
		!strings.Contains(out, "pairing for course/objects/arrow.bmd:\n") || !strings.Contains(out, "  beside it: course/objects/arrow.btk (named after the model)\n") {
		t.Errorf("text info:\n%s", out)
	}
}
