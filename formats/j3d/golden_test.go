package j3d_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/internal/sample"
	"github.com/animscope/animscope/internal/sample/sampletest"
)

type manifestEntry struct {
	File        string   `json:"file"`
	Expected    string   `json:"expected"`
	Description string   `json:"description"`
	Args        []string `json:"args"`
}

func readManifest(t testing.TB) []manifestEntry {
	t.Helper()
	data, err := os.ReadFile("testdata/MANIFEST.json")
	if err != nil {
		t.Fatal(err)
	}
	var m []manifestEntry
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if len(m) == 0 {
		t.Fatal("empty manifest")
	}
	return m
}

// sampleOptions turns the manifest's CLI arguments (--frames LIST,
// --times LIST, --loop MODE) into sample options.
func sampleOptions(t *testing.T, args []string) sample.Options {
	t.Helper()
	var opt sample.Options
	for i := 0; i < len(args); i += 2 {
		if i+1 >= len(args) {
			t.Fatalf("flag %s without value", args[i])
		}
		v := args[i+1]
		switch args[i] {
		case "--frames":
			opt.Frames = floatList(t, v)
		case "--times":
			opt.Times = floatList(t, v)
		case "--loop":
			m, err := anim.ParseLoopMode(v)
			if err != nil {
				t.Fatal(err)
			}
			opt.Loop = &m
		default:
			t.Fatalf("unknown manifest flag %s", args[i])
		}
	}
	return opt
}

func floatList(t *testing.T, s string) []float64 {
	t.Helper()
	var out []float64
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

// decodeClip decodes a BCK or BTK (by magic) and converts and validates it.
func decodeClip(data []byte) (*anim.Clip, error) {
	var clip *anim.Clip
	var err error
	if bytes.HasPrefix(data, []byte(j3d.MagicBTK)) {
		var b *j3d.BTK
		if b, err = j3d.DecodeBTK(data); err == nil {
			clip, err = b.Clip()
		}
	} else {
		var b *j3d.BCK
		if b, err = j3d.DecodeBCK(data); err == nil {
			clip, err = b.Clip()
		}
	}
	if err != nil {
		return nil, err
	}
	return clip, clip.Validate()
}

func TestGolden(t *testing.T) {
	for _, m := range readManifest(t) {
		t.Run(m.File, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", m.File))
			if err != nil {
				t.Fatal(err)
			}
			clip, err := decodeClip(data)
			if err != nil {
				t.Fatal(err)
			}
			got, err := sample.Build(m.File, clip, sampleOptions(t, m.Args))
			if err != nil {
				t.Fatal(err)
			}
			wantData, err := os.ReadFile(filepath.Join("testdata", m.Expected))
			if err != nil {
				t.Fatal(err)
			}
			want, err := sampletest.Read(wantData)
			if err != nil {
				t.Fatal(err)
			}
			for _, msg := range sampletest.Compare(got, want, 20) {
				t.Error(msg)
			}
			// Every channel the golden lists must be present and no more:
			// J3D targets always carry all nine tracks.
			for i := range want.Targets {
				if g, w := len(got.Targets[i].Channels), len(want.Targets[i].Channels); g != w {
					t.Errorf("target %d: %d channels, golden has %d", i, g, w)
				}
				for c := range want.Targets[i].Channels {
					if g, w := got.Targets[i].Channels[c].Name, want.Targets[i].Channels[c].Name; g != w {
						t.Errorf("target %d channel %d: %s, golden order has %s", i, c, g, w)
					}
				}
			}
		})
	}
}

// TestGoldenManifestComplete makes sure no fixture is skipped: every binary
// in testdata has a manifest line.
func TestGoldenManifestComplete(t *testing.T) {
	listed := map[string]bool{}
	for _, m := range readManifest(t) {
		listed[m.File] = true
	}
	files, _ := filepath.Glob("testdata/*.b[ct]k")
	if len(files) != len(listed) {
		t.Errorf("%d fixture binaries, %d in the manifest", len(files), len(listed))
	}
	for _, f := range files {
		if !listed[filepath.Base(f)] {
			t.Errorf("%s has no manifest line", f)
		}
	}
}

// TestEncodeRoundTrip re-encodes every decoded fixture with the production
// encoder: the decoding of the result equals the fixture's but for the
// layout, its samples are byte-identical, and a BCK comes back byte for
// byte (its layout is the games'; the fixtures' padding text aside, see
// oldPadding). The BTK fixtures were laid out with 0x20-aligned tables,
// not the games' 4-byte ones, so only their decoding is compared.
func TestEncodeRoundTrip(t *testing.T) {
	for _, m := range readManifest(t) {
		t.Run(m.File, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", m.File))
			if err != nil {
				t.Fatal(err)
			}
			out, _, err := reencodeCheck(data)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasSuffix(m.File, ".bck") && !bytes.Equal(out, oldPadding(data)) {
				t.Fatalf("re-encoded file differs at 0x%x (lengths %d, %d)", firstDiff(out, oldPadding(data)), len(out), len(data))
			}
		})
	}
}

// firstDiff is the first offset at which a and b differ.
func firstDiff(a, b []byte) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}
