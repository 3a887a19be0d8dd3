package jba

import "math"

// Rotation decodes a packed quaternion: x, y, z from the codes, w from the
// unit length (0 when x²+y²+z² > 1) with the stored sign, then normalized.
// Computed in float64 from the float32 base and stride, so finite inputs
// always give a finite unit quaternion.
func (q *Quant) Rotation(p PackedRotation) [4]float64 {
	x := float64(q.RotationBase[0]) + float64(p[0]&0x7FFF)*float64(q.RotationStride[0])
	y := float64(q.RotationBase[1]) + float64(p[1])*float64(q.RotationStride[1])
	z := float64(q.RotationBase[2]) + float64(p[2])*float64(q.RotationStride[2])
	d := x*x + y*y + z*z
	w := 0.0
	if d <= 1 {
		w = math.Sqrt(1 - d)
	}
	if p[0]&0x8000 != 0 {
		w = -w
	}
	l := math.Sqrt(d + w*w)
	return [4]float64{x / l, y / l, z / l, w / l}
}

// Translation decodes a packed translation: x = bits 31..21, y = 20..10,
// z = 9..0.
func (q *Quant) Translation(v uint32) [3]float64 {
	return q.translation(v>>21, (v>>10)&0x7FF, v&0x3FF)
}

// ConstantTranslation is a bone's translation in a block without
// translation keys: base + (2047, 2047, 1023)·stride, the rule of the
// SWTOR-Slicers importer (a C# reader uses the base alone; the two agree
// whenever the stride is 0, and no real file settles it).
func (q *Quant) ConstantTranslation() [3]float64 {
	return q.translation(0x7FF, 0x7FF, 0x3FF)
}

func (q *Quant) translation(cx, cy, cz uint32) [3]float64 {
	return [3]float64{
		float64(q.TranslationBase[0]) + float64(cx)*float64(q.TranslationStride[0]),
		float64(q.TranslationBase[1]) + float64(cy)*float64(q.TranslationStride[1]),
		float64(q.TranslationBase[2]) + float64(cz)*float64(q.TranslationStride[2]),
	}
}

func (q *Quant) finite() bool {
	for _, a := range [...]*[3]float32{&q.TranslationStride, &q.TranslationBase, &q.RotationStride, &q.RotationBase} {
		for _, v := range a {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return false
			}
		}
	}
	return true
}
