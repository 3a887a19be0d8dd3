package gxshader

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/mesh/gx"
)

// The texture matrices are checked on points whose (s, t, q) is worked
// out by hand: the SRT as a 2×3 over (u, v, 1); an environment map takes
// the normal n to s = nx/2 + 1/2, t = −ny/2 + 1/2 (GX's t runs down); a
// projection takes a point to s = x/2 + w/2, t = −y/2 + w/2, q = w.

func near(a, b mgl32.Vec4) bool {
	for i := 0; i < 3; i++ {
		if math.Abs(float64(a[i]-b[i])) > 1e-5 {
			return false
		}
	}
	return true
}

// check compares (s, t, q) of m·src with want (q in want[2]).
func check(t *testing.T, what string, m mgl32.Mat4, src mgl32.Vec4, want [3]float32) {
	t.Helper()
	r := m.Mul4x1(src)
	got := mgl32.Vec4{r[0], r[1], r[2], 0}
	if !near(got, mgl32.Vec4{want[0], want[1], want[2], 0}) {
		t.Errorf("%s: (s, t, q) = (%.4f, %.4f, %.4f), want %v", what, r[0], r[1], r[2], want)
	}
}

var identitySRT = [2][3]float32{{1, 0, 0}, {0, 1, 0}}

func TestTexMatrixSRT(t *testing.T) {
	srt := [2][3]float32{{2, 0, 0.25}, {0, 3, -0.5}}
	id := mgl32.Ident4()
	uv := mgl32.Vec4{0.5, 0.25, 1, 1} // a UV set's (u, v, 1, 1)
	check(t, "no texture matrix", TexMatrix(nil, srt, id, id, id), uv, [3]float32{2*0.5 + 0.25, 3*0.25 - 0.5, 1})
	check(t, "map mode 0", TexMatrix(&gx.TexMtx{Mode: 0}, srt, id, id, id), uv, [3]float32{1.25, 0.25, 1})
	rot := [2][3]float32{{0, -1, 0}, {1, 0, 0}} // s = −v, t = u
	check(t, "rotation", TexMatrix(nil, rot, id, id, id), uv, [3]float32{-0.25, 0.5, 1})
}

func TestTexMatrixEnvironment(t *testing.T) {
	id := mgl32.Ident4()
	turn := mgl32.HomogRotate3DY(math.Pi / 2) // (0, 0, 1) → (1, 0, 0)
	front := mgl32.Vec4{0, 0, 1, 1}           // a normal as the vertex program feeds it: (n, 1)
	up := mgl32.Vec4{0, 1, 0, 1}
	for _, mode := range []uint8{1, 6, 7} {
		m := &gx.TexMtx{Mode: mode}
		// The view-space normal: the camera's turn counts, and so does
		// the model's.
		check(t, "env, normal facing the viewer", TexMatrix(m, identitySRT, id, id, id), front, [3]float32{0.5, 0.5, 1})
		check(t, "env, view turned", TexMatrix(m, identitySRT, id, turn, id), front, [3]float32{1, 0.5, 1})
		check(t, "env, model turned", TexMatrix(m, identitySRT, turn, id, id), front, [3]float32{1, 0.5, 1})
		check(t, "env, normal up", TexMatrix(m, identitySRT, id, turn, id), up, [3]float32{0.5, 0, 1})
		// The SRT applies after the remap.
		srt := [2][3]float32{{0.5, 0, 0.1}, {0, 0.5, 0}}
		check(t, "env with SRT", TexMatrix(m, srt, id, turn, id), front, [3]float32{0.5*1 + 0.1, 0.5 * 0.5, 1})
	}
	// Effect-matrix environment maps take the world normal: the view
	// does not turn it.
	for _, mode := range []uint8{10, 11} {
		m := &gx.TexMtx{Mode: mode}
		check(t, "world env, view turned", TexMatrix(m, identitySRT, id, turn, id), front, [3]float32{0.5, 0.5, 1})
		check(t, "world env, model turned", TexMatrix(m, identitySRT, turn, id, id), front, [3]float32{1, 0.5, 1})
	}
	// The normal goes through the inverse transpose of the model's 3×3
	// and is not renormalised: on a model scaled by 2 it is halved.
	scaled := mgl32.Scale3D(2, 2, 2)
	check(t, "env, model scaled by 2", TexMatrix(&gx.TexMtx{Mode: 1}, identitySRT, scaled, id, id), mgl32.Vec4{1, 0, 0, 1}, [3]float32{0.5*0.5 + 0.5, 0.5, 1})
}

func TestTexMatrixProjection(t *testing.T) {
	id := mgl32.Ident4()
	p := mgl32.Vec4{0.5, 0.2, 0, 1}
	// Through the effect matrix, stored row by row: x' = 2x + 1 (read
	// column by column, the 1 would go to w instead).
	var e gx.TexMtx
	e.Mode = 2
	e.Effect = [4][4]float32{{2, 0, 0, 1}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}
	model := mgl32.Translate3D(1, 0, 0) // world (1.5, 0.2, 0)
	for _, mode := range []uint8{2, 8} {
		e.Mode = mode
		check(t, "effect projection", TexMatrix(&e, identitySRT, model, id, id), p, [3]float32{0.5*(2*1.5+1) + 0.5, -0.5*0.2 + 0.5, 1})
	}
	// Through the camera: w = 2 shows in q.
	proj := mgl32.Diag4(mgl32.Vec4{1, 1, 1, 2})
	view := mgl32.Translate3D(0.1, 0, 0)
	for _, mode := range []uint8{3, 9} {
		c := &gx.TexMtx{Mode: mode}
		q := float32(2)
		check(t, "camera projection", TexMatrix(c, identitySRT, id, view, proj), mgl32.Vec4{0.4, -0.6, 0, 1},
			[3]float32{0.5*0.5 + 0.5*q, -0.5*-0.6 + 0.5*q, q})
	}
}
