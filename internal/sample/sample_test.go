package sample_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/sample"
	"github.com/animscope/animscope/internal/sample/sampletest"
)

func testClip() *anim.Clip {
	lin := &anim.Hermite{Keys: []anim.HermiteKey{{Time: 0, Value: 0, In: 1, Out: 1}, {Time: 10, Value: 10, In: 1, Out: 1}}, RotationFrac: anim.NotRotation}
	return &anim.Clip{Format: "bck", Duration: 10, FPS: 30, Loop: anim.MirroredLoop, Targets: []anim.Target{
		{Kind: anim.JointTarget, Base: anim.DefaultBase(), Channels: []anim.Channel{{Slot: anim.TransX, Curve: lin}, {Slot: anim.ScaleY, Curve: anim.Constant(2)}}},
		{Kind: anim.TexSRTTarget, Index: 1, Name: "mat", TexGen: 3, Base: anim.DefaultBase(), Center: [3]float64{0.5, 0.5, 0.5},
			Channels: []anim.Channel{{Slot: anim.TransX, Curve: anim.Constant(0.25)}}},
	}}
}

func TestBuildValuesAndTimes(t *testing.T) {
	c := testClip()
	d, err := sample.Build("t.bck", c, sample.Options{Times: []float64{0, 4.5, 12, 19.5}})
	if err != nil {
		t.Fatal(err)
	}
	// mirrored-loop over 10 frames bounces at 9: times 12 -> 6, 19.5 -> 1.5.
	want := []float64{0, 4.5, 6, 1.5}
	for i, f := range want {
		if d.Frames[i] != f {
			t.Fatalf("frames %v, want %v", d.Frames, want)
		}
		if v, _ := d.Targets[0].Channels.Get("translation.x"); v[i] != f {
			t.Fatalf("translation.x %v, want %v", v, want)
		}
	}
	if d.LoopMode != "mirrored-loop" || d.Targets[1].TexGen == nil || *d.Targets[1].TexGen != 3 {
		t.Fatalf("header/texGen wrong: %+v", d)
	}
	if m := d.Targets[1].Matrix[0]; m[0][2] != 0.25 || m[0][0] != 1 {
		t.Fatalf("texture matrix %v, want translation 0.25", m)
	}
	out, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"channels":{"translation.x":[0,4.5,6,1.5],"scale.y":[2,2,2,2]}`) {
		t.Fatalf("channels not in file order: %s", out)
	}
	pretty, err := sample.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(pretty), `"translation.x": [0, 4.5, 6, 1.5]`) || !strings.Contains(string(pretty), `[1, 0, 0.25]`) {
		t.Fatalf("Marshal does not keep number arrays on one line:\n%s", pretty)
	}
	if again, err := sampletest.Read(pretty); err != nil || len(sampletest.Compare(again, d, 0)) != 0 {
		t.Fatalf("Marshal output does not read back: %v", err)
	}
	back, err := sampletest.Read(out)
	if err != nil {
		t.Fatal(err)
	}
	if errs := sampletest.Compare(back, d, 0); len(errs) != 0 {
		t.Fatalf("round trip differs: %v", errs)
	}
}

// TestMarshalKeepsStrings: Marshal lays number arrays on one line without
// touching the text of strings, whose names come from files and may look
// like number arrays. The standard library's decoder and compactor are the
// independent route: the output must decode to the names as given, and
// compacted it must be exactly what the encoder writes, so the layout pass
// changes whitespace between tokens and nothing else.
func TestMarshalKeepsStrings(t *testing.T) {
	c := testClip()
	c.Name = "[1,   2]"
	c.Targets[1].Name = "mat \"[3,\n 4]\" \\[5 ,6]"
	d, err := sample.Build("[0, 1].bck", c, sample.Options{Frames: []float64{0, 5}})
	if err != nil {
		t.Fatal(err)
	}
	pretty, err := sample.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		File    string
		Clip    string
		Targets []struct{ Name string }
	}
	if err := json.Unmarshal(pretty, &back); err != nil {
		t.Fatalf("Marshal output is not JSON: %v\n%s", err, pretty)
	}
	if back.File != "[0, 1].bck" || back.Clip != "[1,   2]" || len(back.Targets) != 2 || back.Targets[1].Name != c.Targets[1].Name {
		t.Fatalf("strings changed: file %q, clip %q, targets %+v\n%s", back.File, back.Clip, back.Targets, pretty)
	}
	compact, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if err := json.Compact(&got, pretty); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), compact) {
		t.Fatalf("Marshal changed more than whitespace:\ncompacted %s\nencoder   %s", got.Bytes(), compact)
	}
	for _, want := range []string{`"frames": [0, 5]`, `"translation.x": [0, 5]`, `"clip": "[1,   2]"`, "\n  {\n   \"name\": \"\",\n"} {
		if !strings.Contains(string(pretty), want) {
			t.Errorf("Marshal output lacks %q:\n%s", want, pretty)
		}
	}
}
