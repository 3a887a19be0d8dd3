package formats

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/sample"
	"github.com/animscope/animscope/internal/sample/sampletest"
)

// manifestCase is one MANIFEST.json line of the j3dmodel fixtures.
type manifestCase struct {
	File     string   `json:"file"`
	Expected string   `json:"expected"`
	Model    string   `json:"model"`
	Args     []string `json:"args"`
}

// TestPosedGoldens poses each BCK on its model through the Go API (Open,
// Bind, sample.Build) and compares with the fixture, world positions
// included; the same BCKs also come from the archive.
func TestPosedGoldens(t *testing.T) {
	var cases []manifestCase
	if err := json.Unmarshal(readFixture(t, modelDir+"MANIFEST.json"), &cases); err != nil {
		t.Fatal(err)
	}
	arc, err := Open("biped.szs", readFixture(t, archiveDir+"biped.szs"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		if c.Model == "" {
			continue
		}
		n++
		t.Run(c.File, func(t *testing.T) {
			var frames []float64
			for i, a := range c.Args {
				if a == "--frames" {
					for _, f := range strings.Split(c.Args[i+1], ",") {
						v, err := strconv.ParseFloat(f, 64)
						if err != nil {
							t.Fatal(err)
						}
						frames = append(frames, v)
					}
				}
			}
			want, err := sampletest.Read(readFixture(t, modelDir+c.Expected))
			if err != nil {
				t.Fatal(err)
			}
			model, err := Open(c.Model, readFixture(t, modelDir+c.Model))
			if err != nil {
				t.Fatal(err)
			}
			sources := map[string][]byte{"loose": readFixture(t, modelDir+c.File)}
			if c.Model == "biped.bmd" {
				if sources["archive"], err = arc.Archive.Read("bck/" + c.File); err != nil {
					t.Fatal(err)
				}
			}
			for from, data := range sources {
				anim, err := Open(c.File, data)
				if err != nil {
					t.Fatal(err)
				}
				clip, skel := anim.Clips[0], model.Skeletons[0]
				b := Bind(clip, skel)
				if len(b.Warnings) != 0 {
					t.Errorf("%s: binding warnings %q", from, b.Warnings)
				}
				got, err := sample.Build(c.File, clip, sample.Options{Frames: frames, Model: skel, ModelName: c.Model, Binding: &b})
				if err != nil {
					t.Fatal(err)
				}
				if got.Model != want.Model {
					t.Errorf("%s: model %q, want %q", from, got.Model, want.Model)
				}
				worlds := 0
				for _, tg := range want.Targets {
					if tg.World != nil {
						worlds++
					}
				}
				if worlds != len(skel.Joints) {
					t.Errorf("golden has %d world lists for %d joints", worlds, len(skel.Joints))
				}
				for _, e := range sampletest.Compare(got, want, 10) {
					t.Errorf("%s: %s", from, e)
				}
			}
		})
	}
	if n != 3 {
		t.Errorf("%d posed goldens in the manifest, want 3 (walk, wave, pulse)", n)
	}
}
