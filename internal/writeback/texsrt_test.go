package writeback

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/animscope/animscope/anim"
)

// TestSplitNWTexValues builds matrices with anim's NintendoWare formulas
// from known values and checks that the split gives values whose matrix,
// as the glTF holds it, is the same, and without shear the values
// themselves.
func TestSplitNWTexValues(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, mode := range []anim.TexMatrixMode{anim.TexNWMaya, anim.TexNW3dsMax, anim.TexNWSoftimage} {
		for i := range 200 {
			var tp anim.TargetPose
			sx := 0.2 + 2*r.Float64()
			sy := sx
			if i%2 == 1 {
				sy = 0.2 + 2*r.Float64()
			}
			deg := 720*r.Float64() - 360
			if i%3 == 0 {
				deg = 0
			}
			tp.V[anim.ScaleX], tp.V[anim.ScaleY], tp.V[anim.RotZ] = sx, sy, deg
			tp.V[anim.TransX], tp.V[anim.TransY] = 4*r.Float64()-2, 4*r.Float64()-2
			tgt := &anim.Target{Kind: anim.TexSRTTarget, TexMode: mode}
			m := asGLTF(anim.TexMatrixWith(mode, tgt, &tp))
			prev := [5]float64{1, 1, deg + 10, 0, 0}
			v := splitNWTexValues(m, mode, &prev)
			var got anim.TargetPose
			got.V[anim.ScaleX], got.V[anim.ScaleY], got.V[anim.RotZ], got.V[anim.TransX], got.V[anim.TransY] = v[0], v[1], v[2], v[3], v[4]
			if e := texErr(asGLTF(anim.TexMatrixWith(mode, tgt, &got)), m); e > 1e-3 {
				t.Fatalf("%v %d: values %v give a matrix %.3g of the bound from the one of %v", mode, i, v, e, tp.V[:6])
			}
			if sx == sy || deg == 0 {
				want := [5]float64{sx, sy, deg, tp.V[anim.TransX], tp.V[anim.TransY]}
				for k := range want {
					if math.Abs(v[k]-want[k]) > 1e-9*math.Max(1, math.Abs(want[k])) {
						t.Fatalf("%v %d: split %v, want %v", mode, i, v, want)
					}
				}
			}
		}
	}
}
