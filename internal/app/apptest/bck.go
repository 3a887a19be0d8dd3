package apptest

import (
	"os"
	"testing"

	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/j3dtest"
)

// WriteBCK writes, with the test encoder, a BCK of two joints and 30
// frames in loop mode loop (the file's byte: 0 once … 4 mirrored loop):
// joint 0's translation x runs linearly from 0 to x30 at frame 30
// (Hermite keys whose tangents are the line's slope), joint 1's
// translation y is y1 throughout. Without a model the joints are drawn at
// their translations, so at frame f joint 0 stands at (x30·f/30, 0, 0)
// and joint 1 at (0, y1, 0).
func WriteBCK(t testing.TB, path string, loop uint8, x30, y1 float64) {
	t.Helper()
	b := &j3d.BCK{LoopMode: loop, Duration: 30}
	must := func(tr j3d.Track, err error) j3d.Track {
		t.Helper()
		Must(t, err)
		return tr
	}
	for j := 0; j < 2; j++ {
		var set j3d.TrackSet
		for i := range set {
			v := 0.0
			if j3d.KindOf(i) == j3d.ScaleTrack {
				v = 1
			}
			set[i] = must(j3dtest.Const(&b.Tables, j3d.KindOf(i), v))
		}
		b.Joints = append(b.Joints, set)
	}
	// Track i of a set is component i/3 (x, y, z) of quantity i%3.
	b.Joints[0][0*3+2] = must(j3dtest.Keys(&b.Tables, j3d.TranslationTrack, 0, []float64{0, 0, x30 / 30}, []float64{30, x30, x30 / 30}))
	b.Joints[1][1*3+2] = must(j3dtest.Const(&b.Tables, j3d.TranslationTrack, y1))
	data, err := j3dtest.EncodeBCK(b)
	Must(t, err)
	Must(t, os.WriteFile(path, data, 0o644))
}
