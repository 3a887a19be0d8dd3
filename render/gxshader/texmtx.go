package gxshader

import (
	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/mesh/gx"
)

// envRemap takes a direction or a projected position (x, y, ·, w) to
// texture space: s = x/2 + w/2, t = −y/2 + w/2, q = w (J3D's EnvMtx:
// GX's t runs down).
var envRemap = mgl32.Mat4{
	0.5, 0, 0, 0, // column 0
	0, -0.5, 0, 0,
	0, 0, 0, 0,
	0.5, 0.5, 1, 1,
}

// TexMatrix finishes texture matrix t for one draw, as J3D's
// J3DTexMtx::calc does: srt (the material's, or an animation's) applied
// after what the map mode feeds it: nothing (mode 0), the view-space
// normal (environment maps 1, 6, 7), the world normal (effect-matrix
// environment maps 10, 11), the world position through the effect
// matrix (projections 2, 8) or the camera's projection (3, 9: the
// stored effect matrix is a GameCube projection; the viewer's camera
// takes its place). The result takes the texgen's source (model space
// for POS and NRM, (u, v, 1, 1) for a UV set) to (s, t, q).
func TexMatrix(t *gx.TexMtx, srt [2][3]float32, model, view, proj mgl32.Mat4) mgl32.Mat4 {
	// The SRT over (s, t, ·, q): translation in the q column (J3D's
	// "old" layout; the new one holds it in the third, which a (u, v, 1,
	// 1) or remapped input reads the same).
	m := mgl32.Mat4{
		srt[0][0], srt[1][0], 0, 0,
		srt[0][1], srt[1][1], 0, 0,
		0, 0, 1, 0,
		srt[0][2], srt[1][2], 0, 1,
	}
	if t == nil {
		return m
	}
	switch t.Mode {
	case 1, 6, 7:
		return m.Mul4(envRemap).Mul4(normalMatrix(view.Mul4(model)))
	case 10, 11:
		return m.Mul4(envRemap).Mul4(normalMatrix(model))
	case 2, 8:
		var e mgl32.Mat4
		for r := 0; r < 4; r++ {
			for c := 0; c < 4; c++ {
				e.Set(r, c, t.Effect[r][c])
			}
		}
		return m.Mul4(envRemap).Mul4(e).Mul4(model)
	case 3, 9:
		return m.Mul4(envRemap).Mul4(proj).Mul4(view).Mul4(model)
	}
	return m
}

// normalMatrix is the inverse transpose of a's 3×3 part in a 4×4 with no
// translation.
func normalMatrix(a mgl32.Mat4) mgl32.Mat4 {
	n := a.Mat3().Inv().Transpose()
	return n.Mat4()
}
