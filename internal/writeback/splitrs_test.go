package writeback

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestSplitRSZeroScaleX: a node scaled to zero along x keeps the turn its
// other two axes carry. The matrix is built here as R·S from three axis
// rotations (R = Rz·Ry·Rx) and the scale (0, sy, sz); splitRS must give
// back R and the two scales.
func TestSplitRSZeroScaleX(t *testing.T) {
	for _, c := range []struct{ rx, ry, rz, sy, sz float64 }{
		{-0.02, -2.07, 0, 1, 1},    // Mario's PartsControl
		{10, 35, -70, 1.3, 0.4},    // any turn, unequal scales
		{0, 0, 0, 2, 2},            // no turn
		{-170, 89, 120, 0.01, 5e3}, // steep and lopsided
	} {
		d := math.Pi / 180
		r := mgl64.Rotate3DZ(c.rz * d).Mul3(mgl64.Rotate3DY(c.ry * d)).Mul3(mgl64.Rotate3DX(c.rx * d))
		m := r.Mul3(mgl64.Diag3(mgl64.Vec3{0, c.sy, c.sz})).Mat4()
		s, got := splitRS(&m)
		if s[0] != 0 || math.Abs(s[1]-c.sy) > 1e-12*c.sy || math.Abs(s[2]-c.sz) > 1e-12*c.sz {
			t.Errorf("%+v: scales %v, want [0 %g %g]", c, s, c.sy, c.sz)
		}
		for i := range 9 {
			if math.Abs(got[i]-r[i]) > 1e-9 {
				t.Errorf("%+v: rotation %v, want %v", c, got, r)
				break
			}
		}
	}
}
