package anim

import "math"

// TexMatrix is a 2x3 texture matrix, rows of (m0, m1, translation).
type TexMatrix [2][3]float64

// Apply transforms texture coordinate (s, t).
func (m *TexMatrix) Apply(s, t float64) (float64, float64) {
	return m[0][0]*s + m[0][1]*t + m[0][2], m[1][0]*s + m[1][1]*t + m[1][2]
}

// TexMatrixOf computes the texture matrix of a texsrt target posed in p with
// the file's own formula: the target's TexMode for J3D; for NW targets the
// value of the mode slot (0 Maya, 1 3ds Max, 2 Softimage), which BFRES
// files may animate.
func TexMatrixOf(t *Target, p *TargetPose) TexMatrix {
	return TexMatrixWith(TexModeOf(t, p), t, p)
}

// TexModeOf is the formula TexMatrixOf uses for a target posed in p: the
// target's own for J3D; for NW targets the one the mode slot selects at
// that frame, so a viewer can say which formula is in effect.
func TexModeOf(t *Target, p *TargetPose) TexMatrixMode {
	mode := t.TexMode
	if mode >= TexNWMaya {
		switch m := p.V[TexModeSlot]; {
		case m == 1:
			mode = TexNW3dsMax
		case m == 2:
			mode = TexNWSoftimage
		default:
			mode = TexNWMaya
		}
	}
	return mode
}

// TexMatrixWith computes the texture matrix with a given formula, so a user
// can override the file's choice.
func TexMatrixWith(mode TexMatrixMode, t *Target, p *TargetPose) TexMatrix {
	v := &p.V
	sx, sy := v[ScaleX], v[ScaleY]
	tx, ty := v[TransX], v[TransY]
	s, c := math.Sincos(v[RotZ] * (math.Pi / 180)) // rotation.q
	switch mode {
	case TexJ3DMaya:
		// J3D's own Maya formula (not NintendoWare's).
		tx, ty := tx-0.5, ty-0.5
		return TexMatrix{
			{sx * c, sy * s, tx*c - s*(ty+sy) + 0.5},
			{-sx * s, sy * c, -tx*s - c*(ty+sy) + 0.5},
		}
	case TexNWMaya:
		return TexMatrix{
			{sx * c, sx * s, sx * (-0.5*c - (0.5*s - 0.5) - tx)},
			{-sy * s, sy * c, sy*(-0.5*c+(0.5*s-0.5)+ty) + 1},
		}
	case TexNW3dsMax:
		return TexMatrix{
			{sx * c, sx * s, -sx*c*(tx+0.5) + sx*s*(ty-0.5) + 0.5},
			{-sy * s, sy * c, sy*s*(tx+0.5) + sy*c*(ty-0.5) + 0.5},
		}
	case TexNWSoftimage:
		return TexMatrix{
			{sx * c, -sx * s, sx*s - sx*c*tx - sx*s*ty},
			{sy * s, sy * c, -sy*c - sy*s*tx + sy*c*ty + 1},
		}
	default: // TexJ3DBasic
		cs, ct := t.Center[0], t.Center[1]
		return TexMatrix{
			{sx * c, -sx * s, tx + cs - (sx*c*cs - sx*s*ct)},
			{sy * s, sy * c, ty + ct - (sy*s*cs + sy*c*ct)},
		}
	}
}
