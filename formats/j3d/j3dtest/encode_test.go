package j3dtest

import (
	"testing"

	"github.com/animscope/animscope/formats/j3d"
)

func TestTablesBuilderDedupes(t *testing.T) {
	var tb j3d.Tables
	a, err := Keys(&tb, j3d.RotationTrack, 0, []float64{0, 0, 0}, []float64{20, 1000, 25}, []float64{40, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Keys(&tb, j3d.RotationTrack, 0, []float64{0, 0, 0}, []float64{20, 1000, 25}, []float64{40, 0, 0})
	k, _ := Const(&tb, j3d.RotationTrack, 1000)
	if a != b || a.Index != 0 || k.Index != 4 || len(tb.Rotation) != 9 {
		t.Errorf("tracks %+v %+v %+v, table %v", a, b, k, tb.Rotation)
	}
	if _, err := Const(&tb, j3d.RotationTrack, 0.5); err == nil {
		t.Error("non-integer rotation: no error")
	}
	if _, err := Keys(&tb, j3d.ScaleTrack, 1, []float64{0, 1, 0}, []float64{1, 2, 0}); err == nil {
		t.Error("3-value keys in mode 1: no error")
	}
}
