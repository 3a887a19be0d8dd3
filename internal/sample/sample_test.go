package sample_test

import (
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
