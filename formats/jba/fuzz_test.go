package jba

import (
	"math"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
)

// FuzzJBA runs decode → convert → validate → evaluate (and the Biped
// skeleton and binding the viewer builds) on arbitrary bytes: errors must
// be one line, a decoded file must give a valid clip with finite poses.
func FuzzJBA(f *testing.F) {
	for _, path := range fixtures(f) {
		data := readFixture(f, path)
		if len(data) < 1<<14 { // the 367 KB benchmark file only slows mutation down
			f.Add(data)
		}
	}
	multi := readFixture(f, "testdata/multi_block.jba")
	f.Add(multi[:len(multi)/2])
	f.Add([]byte{})
	f.Add([]byte("JAWB\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Decode(data)
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "jba: ") || strings.ContainsAny(msg, "\n\r") {
				t.Fatalf("error %q is not one prefixed line", msg)
			}
			return
		}
		c := file.Clip("fuzz")
		if err := c.Validate(); err != nil {
			t.Fatalf("decoded file gives an invalid clip: %v", err)
		}
		pose := anim.NewPose(c)
		var root anim.TargetPose
		for _, fr := range []float64{-1, 0, 0.5, c.Duration / 3, c.Duration - 0.5, c.Duration, c.Duration + 1, math.NaN()} {
			anim.Evaluate(c, fr, pose)
			anim.EvaluateTarget(c.RootMotion, fr, &root)
			for i, tp := range append(pose.Targets, root) {
				for s, v := range tp.V {
					if math.IsNaN(v) || math.IsInf(v, 0) {
						t.Fatalf("frame %v target %d slot %d: %v", fr, i, s, v)
					}
				}
			}
		}
		if s, _, ok := BipedSkeleton(c, BipedOptions{}); ok {
			if err := s.Finish(); err != nil {
				t.Fatalf("inferred skeleton: %v", err)
			}
			b := Bind(c, s)
			for j, ti := range b.Target {
				if ti != j { // every bone drives its own joint
					t.Fatalf("joint %d bound to target %d", j, ti)
				}
			}
		}
	})
}
