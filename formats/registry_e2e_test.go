package formats_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/asset"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/cli"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/ui"
)

// wobble is a throwaway format that exists only in this file: "WOBL", a
// count byte, then one little-endian float32 per frame, the X translation
// of a single joint. Registering it is all it takes for the whole program
// to read it (docs/adding-a-format.md).
var wobble = &asset.Format{
	Name:        "wobble",
	DisplayName: "Wobble Test",
	Extensions:  []string{".wob"},
	Sniff:       func(b []byte) bool { return asset.HasPrefix(b, "WOBL") },
	Open: func(a *asset.Asset, data []byte, _ asset.Env) error {
		if len(data) < 5 || len(data) != 5+4*int(data[4]) || data[4] < 2 {
			return &formats.FormatError{Format: "wobble", Off: 4, Msg: "count byte does not match the file size"}
		}
		vals := make([]float64, data[4])
		for i := range vals {
			vals[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(data[5+4*i:])))
		}
		a.Clips = []*anim.Clip{{
			Name: asset.Stem(a.Name), Format: "wobble-joint", Duration: float64(len(vals) - 1), FPS: 30, Loop: anim.Loop,
			Targets: []anim.Target{{Name: "Root", Kind: anim.JointTarget, TexGen: -1, Base: anim.DefaultBase(),
				Channels: []anim.Channel{{Slot: anim.TransX, Curve: &anim.Sampled{Values: vals}}}}},
		}}
		a.Details = []asset.Detail{{Name: "samples", Value: len(vals)}}
		return nil
	},
	Yields: asset.Clips,
	ClipFormats: []*asset.ClipFormat{{Name: "wobble-joint", Fallback: anim.Standard,
		ModelHint: "Wobble files carry no model."}},
}

func wobbleFile(vals ...float32) []byte {
	b := append([]byte("WOBL"), byte(len(vals)))
	for _, v := range vals {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
	}
	return b
}

// TestThrowawayFormatEndToEnd registers a format from a test file and
// uses it as a user would: info, sample --json, and the viewer's file list
// (the app's view drawn by the real ui package, without a window).
func TestThrowawayFormatEndToEnd(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hop.wob")
	if err := os.WriteFile(path, wobbleFile(0, 4, 10), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := run("info", path)
	if code != cli.ExitInput || !strings.Contains(stderr, "unknown file type") {
		t.Fatalf("before registering: exit %d, %q", code, stderr)
	}
	t.Cleanup(formats.Register(wobble))

	code, out, stderr := run("info", path, "--json")
	var info struct {
		Format  string         `json:"format"`
		Details map[string]int `json:"details"`
		Clips   []struct {
			Format   string  `json:"format"`
			Duration float64 `json:"duration"`
		} `json:"clips"`
	}
	if err := json.Unmarshal([]byte(out), &info); code != 0 || err != nil {
		t.Fatalf("info: exit %d %v %s\n%s", code, err, stderr, out)
	}
	if info.Format != "wobble" || info.Details["samples"] != 3 || len(info.Clips) != 1 ||
		info.Clips[0].Format != "wobble-joint" || info.Clips[0].Duration != 2 {
		t.Errorf("info: %+v", info)
	}

	code, out, stderr = run("sample", path, "--frames", "0,0.5,1.25,2", "--json")
	var doc struct {
		Format  string `json:"format"`
		Targets []struct {
			Name     string               `json:"name"`
			Channels map[string][]float64 `json:"channels"`
		} `json:"targets"`
	}
	if err := json.Unmarshal([]byte(out), &doc); code != 0 || err != nil {
		t.Fatalf("sample: exit %d %v %s\n%s", code, err, stderr, out)
	}
	want := []float64{0, 2, 5.5, 10} // linear between the stored frames
	if doc.Format != "wobble-joint" || len(doc.Targets) != 1 || doc.Targets[0].Name != "Root" {
		t.Fatalf("sample: %+v", doc)
	}
	if got := doc.Targets[0].Channels["translation.x"]; len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] {
		t.Errorf("translation.x = %v, want %v", got, want)
	}

	bad := filepath.Join(t.TempDir(), "bad.wob")
	if err := os.WriteFile(bad, []byte("WOBL\x09"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr = run("info", bad); code != cli.ExitInput || stderr != "animscope: "+bad+": wobble: offset 0x4: count byte does not match the file size\n" {
		t.Errorf("bad file: exit %d %q", code, stderr)
	}

	a := app.New(nil)
	a.Open([]string{path})
	var v viewmodel.View
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	if len(v.Files) != 1 || v.Files[0].Kind != "Wobble Test" || v.Joint == nil ||
		v.Joint.FormatLabel != "Wobble Test" || v.Joint.ModelHint != "Wobble files carry no model." {
		t.Fatalf("view: files %+v joint %+v", v.Files, v.Joint)
	}
	if !listedInFilesPanel(&v) {
		t.Error("the files panel did not list hop.wob")
	}
}

// listedInFilesPanel lays out the real interface over v (two frames,
// without a window) and reports whether the files panel drew file 0.
func listedInFilesPanel(v *viewmodel.View) bool {
	ctx := imgui.CreateContext(nil)
	defer ctx.Destroy()
	io := imgui.CurrentIO()
	io.SetIniFilename("")
	io.SetDisplaySize(imgui.Vec2{X: 1600, Y: 1000})
	u := ui.New()
	u.SetupFonts(1, 1)
	io.Fonts().TextureDataRGBA32()
	for range 2 {
		io.SetDeltaTime(1.0 / 60)
		imgui.NewFrame()
		u.Frame(v)
		imgui.Render()
	}
	r, ok := u.ItemRect("file:0")
	return ok && r.W > 0 && r.H > 0
}

func run(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = cli.Run(args, &o, &e, cli.Env{})
	return code, o.String(), e.String()
}

// TestUsageListsEveryFormat: "animscope help" names every registered
// format, one registered after start-up included, so adding a format
// cannot leave the usage behind.
func TestUsageListsEveryFormat(t *testing.T) {
	extra := &asset.Format{
		Name: "usage-test", DisplayName: "Usage Test Format", Yields: asset.Clips,
		Sniff: func([]byte) bool { return false },
		Open:  func(*asset.Asset, []byte, asset.Env) error { return nil },
	}
	defer formats.Register(extra)()
	code, out, _ := run("help")
	if code != cli.ExitOK {
		t.Fatalf("help: exit %d", code)
	}
	head, _, ok := strings.Cut(out, "\nUsage:")
	if !ok {
		t.Fatalf("help prints no Usage section:\n%s", out)
	}
	var listed []string
	for _, line := range strings.Split(head, "\n")[1:] {
		_, list, _ := strings.Cut(line, ": ")
		listed = append(listed, strings.Split(list, ", ")...)
	}
	for _, f := range formats.Formats() {
		if !slices.Contains(listed, f.DisplayName) {
			t.Errorf("help does not list %s (%q):\n%s", f.Name, f.DisplayName, head)
		}
	}
}
