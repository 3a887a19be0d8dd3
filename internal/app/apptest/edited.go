package apptest

import (
	"math"
	"os"
	"testing"

	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/j3dtest"
)

// Edit is a BCK with one rotation key moved, as a re-export that changed
// one value would be: joint Joint's rotation track Axis (0 x, 1 y, 2 z),
// key 1 (at frame KeyFrame) moved by Degrees.
type Edit struct {
	Path              string
	Joint, Axis       int
	KeyFrame, Degrees float64
}

// EditedBCK writes src with the first keyed rotation track (of at least
// two keys) of a joint from minJoint on moved at its second key by raw
// s16 units, into dir. The track's values are copied to the end of the
// rotation table first, so no other track that shares them changes.
// Degrees are computed from the raw change as the J3D runtimes scale it
// (raw << rotation frac, 180/32768 degrees a unit); the test must keep
// the moved value inside the s16 range, where that scaling is linear.
func EditedBCK(t testing.TB, src, dir string, minJoint int, raw int16) Edit {
	t.Helper()
	b := ReadBCK(t, src)
	for j := minJoint; j < len(b.Joints); j++ {
		for axis := range 3 {
			k := axis*3 + 1 // rotation tracks are 1, 4 and 7 of a TrackSet
			tr := b.Joints[j][k]
			if tr.Count < 2 {
				continue
			}
			per := tr.ValuesPerKey()
			vals := append([]int16(nil), b.Rotation[tr.Index:int(tr.Index)+int(tr.Count)*per]...)
			if v := int(vals[per+1]) + int(raw); v > math.MaxInt16 || v < math.MinInt16 {
				t.Fatalf("%s: joint %d key 1 value %d + %d leaves the s16 range", src, j, vals[per+1], raw)
			}
			vals[per+1] += raw
			b.Joints[j][k].Index = uint16(len(b.Rotation))
			b.Rotation = append(b.Rotation, vals...)
			out, err := j3dtest.EncodeBCK(b)
			if err != nil {
				t.Fatal(err)
			}
			e := Edit{Path: dir + "/edited.bck", Joint: j, Axis: axis, KeyFrame: float64(vals[per]),
				Degrees: float64(raw) * math.Exp2(float64(b.RotationFrac)) * 180 / 32768}
			if err := os.WriteFile(e.Path, out, 0o644); err != nil {
				t.Fatal(err)
			}
			return e
		}
	}
	t.Fatalf("%s: no keyed rotation track from joint %d on", src, minJoint)
	return Edit{}
}

// ReadBCK decodes a BCK file into the structs j3dtest writes.
func ReadBCK(t testing.TB, path string) *j3d.BCK {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := j3d.DecodeBCK(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return b
}
