package sample

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
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
	d, err := Build("t.bck", c, Options{Times: []float64{0, 4.5, 12, 19.5}})
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
	pretty, err := Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(pretty), `"translation.x": [0, 4.5, 6, 1.5]`) || !strings.Contains(string(pretty), `[1, 0, 0.25]`) {
		t.Fatalf("Marshal does not keep number arrays on one line:\n%s", pretty)
	}
	if again, err := Read(pretty); err != nil || len(Compare(again, d, 0)) != 0 {
		t.Fatalf("Marshal output does not read back: %v", err)
	}
	back, err := Read(out)
	if err != nil {
		t.Fatal(err)
	}
	if errs := Compare(back, d, 0); len(errs) != 0 {
		t.Fatalf("round trip differs: %v", errs)
	}
}

func TestCompareTolerances(t *testing.T) {
	base := func() *Doc {
		return &Doc{Format: "jba", Duration: 5, FPS: 30, LoopMode: "loop", Frames: []float64{0, 1}, Targets: []Target{{
			Name: "b", Kind: "joint", Channels: Channels{
				{"translation.x", []float64{100, 1}},
				{"rotation.y", []float64{45, 90}},
				{"rotation.qx", []float64{0, 0.6}}, {"rotation.qy", []float64{0, 0}},
				{"rotation.qz", []float64{0, 0}}, {"rotation.qw", []float64{1, 0.8}},
			},
			World: [][3]float64{{1, 2, 3}, {1000, 0, 0}},
		}}}
	}
	want := base()
	cases := []struct {
		name   string
		mutate func(d *Doc)
		ok     bool
	}{
		{"identical", func(d *Doc) {}, true},
		{"relative value within 1e-4", func(d *Doc) { d.Targets[0].Channels[0].Values[0] = 100.009 }, true},
		{"relative value beyond 1e-4", func(d *Doc) { d.Targets[0].Channels[0].Values[0] = 100.02 }, false},
		{"degrees within 2e-3", func(d *Doc) { d.Targets[0].Channels[1].Values[1] = 90.0019 }, true},
		{"degrees beyond 2e-3", func(d *Doc) { d.Targets[0].Channels[1].Values[1] = 90.0021 }, false},
		{"negated quaternion", func(d *Doc) {
			for c := 2; c < 6; c++ {
				d.Targets[0].Channels[c].Values[1] *= -1
			}
		}, true},
		{"half-negated quaternion", func(d *Doc) { d.Targets[0].Channels[2].Values[1] *= -1 }, false},
		{"world within 1e-3 relative", func(d *Doc) { d.Targets[0].World[1][0] = 1000.9 }, true},
		{"world beyond", func(d *Doc) { d.Targets[0].World[1][0] = 1001.1 }, false},
		{"missing channel", func(d *Doc) { d.Targets[0].Channels = d.Targets[0].Channels[1:] }, false},
		{"extra channel is fine", func(d *Doc) {
			d.Targets[0].Channels = append(d.Targets[0].Channels, Channel{"mode", []float64{0, 0}})
		}, true},
		{"loop mode", func(d *Doc) { d.LoopMode = "once" }, false},
		{"target name", func(d *Doc) { d.Targets[0].Name = "c" }, false},
	}
	for _, c := range cases {
		got := base()
		c.mutate(got)
		errs := Compare(got, want, 0)
		if (len(errs) == 0) != c.ok {
			t.Errorf("%s: ok=%v, errors %v", c.name, len(errs) == 0, errs)
		}
	}
}
