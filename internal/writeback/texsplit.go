package writeback

import (
	"math"

	"github.com/animscope/animscope/anim"
)

// splitTexValues inverts anim.TexMatrixWith for the J3D formulas: the
// scale S, scale T, rotation (degrees, the turn nearest near), and
// translation S, T whose matrix, as KHR_texture_transform expresses it
// (asGLTF), is m. J3D Maya scales the columns, about (0.5, 0.5) with T's
// scale in its translation, and is never sheared. Basic scales the rows,
// about the centre: unequal scales under a rotation shear the matrix,
// which the glTF holds as its first column and the second's part
// across it, so the values are those that keep both: sx·cos = m00,
// sy·sin = m10 and sx·sy = det m (the part across keeps the
// determinant), of the angles that solve sin 2θ = 2·m00·m10/det the one
// whose scales and angle are nearest prev's (two solutions meet where
// |sin 2θ| = 1, and only the scales tell them apart). prev holds the
// values of the sample before, as this returns them.
func splitTexValues(m anim.TexMatrix, mode anim.TexMatrixMode, center [3]float64, prev *[5]float64) [5]float64 {
	near := prev[2]
	if mode == anim.TexJ3DMaya {
		th := math.Atan2(m[0][1]-m[1][0], m[0][0]+m[1][1]) * 180 / math.Pi
		deg := th + 360*math.Round((near-th)/360)
		s, c := math.Sincos(deg * math.Pi / 180)
		sx := m[0][0]*c - m[1][0]*s
		sy := m[0][1]*s + m[1][1]*c
		a, b := m[0][2]-0.5, m[1][2]-0.5
		u, v := c*a-s*b, -s*a-c*b
		return [5]float64{sx, sy, deg, u + 0.5, v - sy + 0.5}
	}
	cs, ct := center[0], center[1]
	basic := func(deg, sx, sy float64) [5]float64 {
		s, c := math.Sincos(deg * math.Pi / 180)
		tx := m[0][2] - cs + (sx*c*cs - sx*s*ct)
		ty := m[1][2] - ct + (sy*s*cs + sy*c*ct)
		return [5]float64{sx, sy, deg, tx, ty}
	}
	// Without shear the rotation's symmetric parts give the angle,
	// well conditioned at any angle; the shear's equations are used only
	// where it does not reproduce m.
	{
		th := math.Atan2(m[1][0]-m[0][1], m[0][0]+m[1][1]) * 180 / math.Pi
		deg := th + 360*math.Round((near-th)/360)
		s, c := math.Sincos(deg * math.Pi / 180)
		sx, sy := m[0][0]*c-m[0][1]*s, m[1][0]*s+m[1][1]*c
		back := asGLTF(anim.TexMatrix{{sx * c, -sx * s, m[0][2]}, {sy * s, sy * c, m[1][2]}})
		if texErr(back, m) < 1e-3 {
			return basic(deg, sx, sy)
		}
	}
	det := m[0][0]*m[1][1] - m[0][1]*m[1][0]
	var cands []float64
	if det != 0 {
		x := math.Max(-1, math.Min(1, 2*m[0][0]*m[1][0]/det))
		a := math.Asin(x) / 2 * 180 / math.Pi
		cands = []float64{a, 90 - a, a + 180, 270 - a}
	} else {
		cands = []float64{math.Atan2(m[1][0], m[0][0]) * 180 / math.Pi}
	}
	var best [3]float64
	bestD := math.Inf(1)
	for _, d := range cands {
		d += 360 * math.Round((near-d)/360)
		s, c := math.Sincos(d * math.Pi / 180)
		var sx, sy float64
		if math.Abs(c) >= math.Abs(s) {
			sx, sy = m[0][0]/c, m[1][1]/c
			if sx != 0 {
				sy = det / sx
			}
		} else {
			sx, sy = -m[0][1]/s, m[1][0]/s
			if sy != 0 {
				sx = det / sy
			}
		}
		dist := math.Abs(d-near)/90 + math.Abs(sx-prev[0]) + math.Abs(sy-prev[1])
		if dist < bestD || math.IsNaN(bestD) {
			best, bestD = [3]float64{d, sx, sy}, dist
		}
	}
	deg, sx, sy := best[0], best[1], best[2]
	return basic(deg, sx, sy)
}

// asGLTF is the texture matrix m as KHR_texture_transform's
// offset·rotation·scale holds it (animscope export's split): the first
// column and the translation as they are, the second column's part
// across the first (a shear's part along it is lost). A matrix without
// shear is itself.
func asGLTF(m anim.TexMatrix) anim.TexMatrix {
	sx := math.Hypot(m[0][0], m[1][0])
	if sx == 0 {
		return m
	}
	c, s := m[0][0]/sx, m[1][0]/sx
	sy := -s*m[0][1] + c*m[1][1]
	return anim.TexMatrix{{m[0][0], -s * sy, m[0][2]}, {m[1][0], c * sy, m[1][2]}}
}

// splitNWTexValues inverts anim.TexMatrixWith for NintendoWare's three
// formulas (the BFRES texture SRT modes): the scale S, scale T, rotation
// (degrees, the turn nearest prev's) and translation S, T whose matrix,
// as KHR_texture_transform expresses it, is m. Each formula scales the
// rows of a rotation as J3D Basic does, Maya and 3ds Max turning the
// other way (their angle is Basic's negated), so the scales and angle
// are Basic's (splitTexValues); the translation then follows from the
// formula's translation column, which is linear in it (nwTranslation).
func splitNWTexValues(m anim.TexMatrix, mode anim.TexMatrixMode, prev *[5]float64) [5]float64 {
	sign := -1.0
	if mode == anim.TexNWSoftimage {
		sign = 1
	}
	p := *prev
	p[2] *= sign
	v := splitTexValues(m, anim.TexJ3DBasic, [3]float64{}, &p)
	sx, sy, deg := v[0], v[1], sign*v[2]
	tx, ty := nwTranslation(m, mode, sx, sy, deg, prev[3], prev[4])
	return [5]float64{sx, sy, deg, tx, ty}
}

// nwTranslation is the translation S, T whose matrix under NintendoWare
// formula mode, with scales sx, sy and rotation deg, has m's translation
// column: each formula's is linear in it. A zero scale leaves its
// translation undetermined: tx, ty (the sample before's) are kept.
func nwTranslation(m anim.TexMatrix, mode anim.TexMatrixMode, sx, sy, deg, tx, ty float64) (float64, float64) {
	s, c := math.Sincos(deg * math.Pi / 180)
	if sx == 0 || sy == 0 {
		return tx, ty
	}
	switch mode {
	case anim.TexNW3dsMax:
		a, b := (m[0][2]-0.5)/sx, (m[1][2]-0.5)/sy
		return -c*a + s*b - 0.5, s*a + c*b + 0.5
	case anim.TexNWSoftimage:
		a, b := m[0][2]/sx-s, (m[1][2]-1)/sy+c
		return -c*a - s*b, -s*a + c*b
	}
	// NW Maya
	return -0.5*c - 0.5*s + 0.5 - m[0][2]/sx, (m[1][2]-1)/sy + 0.5*c - 0.5*s + 0.5
}
