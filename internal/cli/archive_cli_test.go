package cli

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/internal/app/apptest"
)

func TestInfoArchivePairing(t *testing.T) {
	code, out, errOut := runCLI("info", "--json", apptest.ArchiveFixtures+"biped.szs")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc struct {
		Format  string
		Yaz0    bool
		Entries []struct{ Path, Kind string }
		Pairing infoPairing
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Format != "rarc" || !doc.Yaz0 || len(doc.Entries) != 4 || doc.Entries[2].Kind != "bmd" {
		t.Errorf("doc %+v", doc)
	}
	p := doc.Pairing
	if len(p.Models) != 1 || p.Models[0].Path != "biped/bmdl/biped.bmd" || p.Models[0].Joints != 12 {
		t.Errorf("models %+v", p.Models)
	}
	// Every animation is listed, the BTK too (it plays beside the model).
	if len(p.Animations) != 3 || len(p.Suggestions) != 1 || len(p.Suggestions[0].Animations) != 2 {
		t.Fatalf("pairing %+v", p)
	}
	if a := p.Animations[2]; a.Path != "biped/btk/btk_basic.btk" || a.Kind != "texture SRT" || a.Joints != 0 || a.Targets != 2 {
		t.Errorf("third animation %+v, want the texture SRT btk_basic.btk", a)
	}
	// btk_basic is named after neither walk nor wave: the game would
	// not start it with either, so nothing plays beside the model.
	if s := p.Suggestions[0].Side; len(s) != 0 {
		t.Errorf("beside the model: %+v, want nothing", s)
	}
	for i, want := range []string{"biped/bck/walk.bck", "biped/bck/wave.bck"} {
		c := p.Suggestions[0].Animations[i]
		if c.Path != want || c.Reason != "same archive" || len(c.Warnings) != 0 {
			t.Errorf("candidate %d: %+v", i, c)
		}
	}
	code, out, _ = runCLI("info", apptest.ArchiveFixtures+"biped.arc")
	if code != ExitOK || !strings.Contains(out, "pairing for biped/bmdl/biped.bmd:\n  biped/bck/walk.bck (same archive)\n  biped/bck/wave.bck (same archive)\n") {
		t.Errorf("text info:\n%s", out)
	}
}

// FILE:path and --model FILE:path address archive entries; a model with
// another joint count still samples, with a warning on stderr.
func TestSampleFromArchive(t *testing.T) {
	arc := apptest.ArchiveFixtures + "biped.szs"
	code, out, errOut := runCLI("sample", "--json", "--frames", "0,15", "--model", arc+":bmdl/biped.bmd", arc+":biped/bck/walk.bck")
	if code != ExitOK || errOut != "" {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc struct {
		Model   string
		Targets []struct{ World [][3]float64 }
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	// hips (joint 1) at frame 15 in walk.bck.expected.json.
	if doc.Model != "biped.bmd" || len(doc.Targets) != 12 || len(doc.Targets[1].World) != 2 {
		t.Fatalf("doc %+v", doc)
	}
	if w := doc.Targets[1].World; w[0] != [3]float64{0, 92, 0} || w[1][2] < 29.99 || w[1][2] > 30.01 || w[1][1] < 91.9 || w[1][1] > 92.1 {
		t.Errorf("hips world %v, want (0, 92, 0) then (0, 92, 30)", w)
	}
	code, _, errOut = runCLI("sample", "--json", "--frames", "0", "--model", apptest.ModelFixtures+"maya_ssc.bmd", arc+":bck/walk.bck")
	if code != ExitOK || !strings.Contains(errOut, "animation has 12 joints, skeleton has 7") {
		t.Errorf("mismatch: exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runCLI("sample", "--json", "--frames", "0", arc+":bck/nothing.bck")
	if code != ExitInput || !strings.Contains(errOut, `rarc: no file "bck/nothing.bck"`) || strings.Count(errOut, "\n") != 1 {
		t.Errorf("missing entry: exit %d, stderr %q", code, errOut)
	}
}

// Hostile archives and models on the CLI: exit 1, one line.
func TestHostileArchiveCLI(t *testing.T) {
	dir := t.TempDir()
	arc, err := os.ReadFile(apptest.ArchiveFixtures + "biped.arc")
	if err != nil {
		t.Fatal(err)
	}
	loop := append([]byte(nil), arc...)
	// Entry 0 ("bck", a directory) pointing back at the root node.
	copy(loop[0x80+8:], []byte{0, 0, 0, 0})
	outside := append([]byte(nil), arc...)
	copy(outside[0xE4+8:], []byte{0x7F, 0, 0, 0}) // entry 5 (walk.bck) data offset
	bmd, err := os.ReadFile(apptest.ModelFixtures + "chain3.bmd")
	if err != nil {
		t.Fatal(err)
	}
	cyclic := append([]byte(nil), bmd...)
	copy(cyclic[0x48:], []byte{0, 0x10, 0, 0}) // the third joint node names joint 0 again
	files := map[string][]byte{
		"loop.arc":    loop,
		"outside.arc": outside,
		"bomb.szs":    []byte("Yaz0\x7f\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"),
		"cyclic.bmd":  cyclic,
	}
	want := map[string]string{
		"loop.arc":    "a node loop",
		"outside.arc": `file entry 5 ("walk.bck") at 0x7f000220+1152 lies outside the file`,
		"bomb.szs":    "declared size 2130706432 exceeds the 256 MiB limit",
		"cyclic.bmd":  "INF1 names joint 0 twice",
	}
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errOut := runCLI("info", p)
		if code != ExitInput || !strings.Contains(errOut, want[name]) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q; want exit 1 and %q", name, code, errOut, want[name])
		}
	}
}

// TestTexturesArchiveEntry: textures FILE:PATH writes the texture of a BTI
// inside a RARC, named after the entry.
func TestTexturesArchiveEntry(t *testing.T) {
	bti, err := os.ReadFile(gxTextureFixtures + "c4_rgb565_16x8.bti")
	apptest.Must(t, err)
	arc, err := archivetest.WriteRARC("tex", []archivetest.RARCFile{{Path: "timg/a.bti", Data: bti}, {Path: "timg/b.bti", Data: bti}})
	apptest.Must(t, err)
	path := filepath.Join(t.TempDir(), "tex.arc")
	apptest.Must(t, os.WriteFile(path, arc, 0o644))
	dir := t.TempDir()
	code, out, errOut := runCLI("textures", "--out", dir, path+":timg/b.bti")
	if code != 0 || !strings.HasPrefix(out, "b: C4/RGB565 16x8, 1 mip level -> ") {
		t.Fatalf("archive entry: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "b.png")); err != nil {
		t.Error(err)
	}
}

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
			with := ""
			if c.WithPath != "" {
				with = " with " + c.WithPath
			}
			side[s.Model] = append(side[s.Model], c.Path+" ("+c.Reason+with+")")
		}
	}
	if got := strings.Join(side["course/objects/arrow.bmd"], ", "); got != "course/objects/arrow.btk (named after the model)" {
		t.Errorf("beside arrow.bmd: %s", got)
	}
	if got := strings.Join(side["course/objects/bomb.bmd"], ", "); got != "course/objects/bomb_1p.brk (named after the model), course/objects/bomb_2p.brk (named after the model), course/objects/bomb_wait.btk (named after the model with course/objects/bomb_wait.bck)" {
		t.Errorf("beside bomb.bmd: %s", got)
	}

	code, out, _ = runCLI("info", p)
	if code != ExitOK || !strings.Contains(out, "animations: 5\n") ||
		!strings.Contains(out, "  course/objects/bomb_1p.brk: brk TEV colours, ") ||
		!strings.Contains(out, "pairing for course/objects/arrow.bmd:\n") || !strings.Contains(out, "  beside it: course/objects/arrow.btk (named after the model)\n") ||
		!strings.Contains(out, "  beside it: course/objects/bomb_2p.brk (named after the model, player 2 of one choice)\n") ||
		!strings.Contains(out, "  beside it: course/objects/bomb_wait.btk (named after the model, with course/objects/bomb_wait.bck)\n") {
		t.Errorf("text info:\n%s", out)
	}
}

// TestSampleTimesUnderG3d: a BFRES clip's playback times map through
// G3d's frame control (the 24-frame Trot: once holds frame 24 itself,
// loop shows frame 24 at time 24 and 6 at 30), a BCK's through
// J3DFrameCtrl's (the 30-frame walk once parks 0.001 before its end),
// whatever --runtime says.
func TestSampleTimesUnderG3d(t *testing.T) {
	for _, c := range []struct {
		file, loop string
		want       []float64
	}{
		{"../../formats/bfres/testdata/skel_anim.bfres", "once", []float64{10, 24, 24}},
		{"../../formats/bfres/testdata/skel_anim.bfres", "loop", []float64{10, 24, 6}},
		{apptest.ModelFixtures + "walk.bck", "once", []float64{10, 24, 29.999}},
	} {
		for _, rt := range []string{"late", "early"} {
			code, out, errOut := runCLI("sample", "--json", c.file, "--times", "10,24,30", "--loop", c.loop, "--runtime", rt)
			if code != ExitOK {
				t.Fatalf("%s: exit %d: %s", c.file, code, errOut)
			}
			var doc struct{ Frames []float64 }
			apptest.Must(t, json.Unmarshal([]byte(out), &doc))
			if len(doc.Frames) != 3 || doc.Frames[0] != c.want[0] || doc.Frames[1] != c.want[1] || math.Abs(doc.Frames[2]-c.want[2]) > 1e-9 {
				t.Errorf("%s --loop %s --runtime %s: frames %v, want %v", c.file, c.loop, rt, doc.Frames, c.want)
			}
		}
	}
}
