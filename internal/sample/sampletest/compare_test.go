package sampletest

import (
	"testing"

	"github.com/animscope/animscope/internal/sample"
)

func TestCompareTolerances(t *testing.T) {
	base := func() *sample.Doc {
		return &sample.Doc{Format: "jba", Duration: 5, FPS: 30, LoopMode: "loop", Frames: []float64{0, 1}, Targets: []sample.Target{{
			Name: "b", Kind: "joint", Channels: sample.Channels{
				{Name: "translation.x", Values: []float64{100, 1}},
				{Name: "rotation.y", Values: []float64{45, 90}},
				{Name: "rotation.qx", Values: []float64{0, 0.6}}, {Name: "rotation.qy", Values: []float64{0, 0}},
				{Name: "rotation.qz", Values: []float64{0, 0}}, {Name: "rotation.qw", Values: []float64{1, 0.8}},
			},
			World: [][3]float64{{1, 2, 3}, {1000, 0, 0}},
		}}}
	}
	want := base()
	cases := []struct {
		name   string
		mutate func(d *sample.Doc)
		ok     bool
	}{
		{"identical", func(d *sample.Doc) {}, true},
		{"relative value within 1e-4", func(d *sample.Doc) { d.Targets[0].Channels[0].Values[0] = 100.009 }, true},
		{"relative value beyond 1e-4", func(d *sample.Doc) { d.Targets[0].Channels[0].Values[0] = 100.02 }, false},
		{"degrees within 2e-3", func(d *sample.Doc) { d.Targets[0].Channels[1].Values[1] = 90.0019 }, true},
		{"degrees beyond 2e-3", func(d *sample.Doc) { d.Targets[0].Channels[1].Values[1] = 90.0021 }, false},
		{"negated quaternion", func(d *sample.Doc) {
			for c := 2; c < 6; c++ {
				d.Targets[0].Channels[c].Values[1] *= -1
			}
		}, true},
		{"half-negated quaternion", func(d *sample.Doc) { d.Targets[0].Channels[2].Values[1] *= -1 }, false},
		{"world within 1e-3 relative", func(d *sample.Doc) { d.Targets[0].World[1][0] = 1000.9 }, true},
		{"world beyond", func(d *sample.Doc) { d.Targets[0].World[1][0] = 1001.1 }, false},
		{"missing channel", func(d *sample.Doc) { d.Targets[0].Channels = d.Targets[0].Channels[1:] }, false},
		{"extra channel is fine", func(d *sample.Doc) {
			d.Targets[0].Channels = append(d.Targets[0].Channels, sample.Channel{Name: "mode", Values: []float64{0, 0}})
		}, true},
		{"loop mode", func(d *sample.Doc) { d.LoopMode = "once" }, false},
		{"target name", func(d *sample.Doc) { d.Targets[0].Name = "c" }, false},
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
