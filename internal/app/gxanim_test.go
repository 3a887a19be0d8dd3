package app

import (
	"math"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestGXRegistersFollowTheAnimations: for the GX pipeline the BRK's
// register C1 of "lamp" is set whole and signed past 255 (blue 300 stays
// 300/255, the hardware's 11-bit register), only that register of only
// that material; the BTK's texture matrix 1 of "body" arrives by its
// number with the matrix anim.TexMatrixOf gives.
func TestGXRegistersFollowTheAnimations(t *testing.T) {
	a, _, _ := openAnimated(t)
	btk, _, _, _ := materialClips()
	var s viewmodel.Scene
	for _, f := range []float64{0, 12, 29.5} {
		d := drawAt(t, a, &s, f)
		u := f / 30
		r := 255 * u * u * (3 - 2*u)
		g := d.Materials[2].GX
		if g.TevColorSet != 1<<1 || g.KonstSet != 0 || g.MatColorSet != 0 {
			t.Fatalf("frame %v: lamp's GX masks %b %b %b, want register 1 only", f, g.TevColorSet, g.KonstSet, g.MatColorSet)
		}
		want := [4]float64{math.Trunc(r) / 255, 51.0 / 255, 300.0 / 255, 1}
		for k := range want {
			if math.Abs(float64(g.TevColor[1][k])-want[k]) > 1.0/255 {
				t.Errorf("frame %v: lamp C1 %v, want %v", f, g.TevColor[1], want)
				break
			}
		}
		if d.Materials[0].GX.TevColorSet != 0 || d.Materials[1].GX.TevColorSet != 0 {
			t.Errorf("frame %v: the BRK reached other materials", f)
		}
		body := d.Materials[0].GX
		if body.TexMtxSet != 1<<1 {
			t.Fatalf("frame %v: body's texture matrices set %b, want matrix 1", f, body.TexMtxSet)
		}
		var pose anim.Pose
		anim.Evaluate(btk, f, &pose)
		m := anim.TexMatrixOf(&btk.Targets[0], &pose.Targets[0])
		for row := range m {
			for col := range m[row] {
				if math.Abs(float64(body.TexMtx[1][row][col])-m[row][col]) > 1e-5 {
					t.Fatalf("frame %v: body TEXMTX1 %v, want %v", f, body.TexMtx[1], m)
				}
			}
		}
	}
}
