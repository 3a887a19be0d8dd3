// The texture SRT export: a target's texture matrix (the file's own
// formula, anim.TexMatrixOf) as KHR_texture_transform's offset, rotation
// and scale, sampled so that the matrix a player builds from them stays
// within the sample bound of the game's.

package export

import (
	"fmt"
	"math"

	"github.com/qmuntal/gltf"

	"github.com/animscope/animscope/anim"
)

// texFit is the share of the sample bound 1e-4·max(1, |m|) on each
// texture matrix entry m that the keys' interpolation may use; the rest
// is left to float32 rounding of the values and key times.
const texFit = 0.5

// texSRTChannels animates the KHR_texture_transform of the base colour
// textures of materials mats (glTF indices) with target t.
//
// The refinement measures its error on the matrix entries a player
// builds, not on offset, rotation and scale one by one: an error in the
// rotation moves the entries by that much times the scale, and the bound
// is relative to each entry. A J3D rotation steps by whole s16 units
// (2^frac · 0.0055° at the file's rotation fraction) however smoothly its
// curve turns; following every step would take a key pair per step (a
// texture turning once at fraction 1 has 32768), so the keys follow the
// curve before the game truncates it, which the game's angle trails by
// less than one step.
func (b *builder) texSRTChannels(a *gltf.Animation, c Clip, t *anim.Target, label string, mats []int) {
	var tp anim.TargetPose
	worst := 0.0
	o := vecSampling{dim: 5, keys: 5, keyFrames: t.KeyFrames(nil), far: func(values, exact []float64) bool {
		return !texClose(texTRS(values), texTRS(exact))
	}}
	frames, values := sampleVec(c.Clip, o, func(f float64, out []float64) {
		anim.EvaluateTarget(t, f, &tp)
		ref, smooth := texRotRef(t, f, &tp)
		if smooth {
			tp.V[anim.RotZ] = ref * 180 / math.Pi
		}
		mtx := anim.TexMatrixOf(t, &tp)
		off, rot, scale := splitTexMatrix(mtx, ref)
		copy(out, []float64{off[0], off[1], rot, scale[0], scale[1]})
		worst = math.Max(worst, texMatrixErr(mtx, off, rot, scale))
	})
	if worst > 1e-4 {
		b.warns = append(b.warns, fmt.Sprintf("%s: texture matrix of %s has shear (non-uniform scale under rotation); KHR_texture_transform approximates it (largest entry error %.3g)", clipWhere(c), label, worst))
	}
	// The three parts share their key times, and materials animated by
	// one target share the parts.
	in := b.timeAccessor(frames, c.Clip.FPS)
	var part [3]int
	for i, r := range [][2]int{{0, 2}, {2, 3}, {3, 5}} {
		var v []float64
		for k := range frames {
			v = append(v, values[k*5+r[0]:k*5+r[1]]...)
		}
		part[i] = b.valueAccessor(v, r[1]-r[0])
	}
	for _, m := range mats {
		base := fmt.Sprintf("/materials/%d/pbrMetallicRoughness/baseColorTexture/extensions/%s/", m, extTransform)
		for i, name := range []string{"offset", "rotation", "scale"} {
			b.addPointerSampler(a, in, part[i], false, base+name)
		}
	}
}

// texTRS is the matrix KHR_texture_transform builds from offset,
// rotation and scale (v: offset x, y, rotation, scale x, y):
// T(offset)·R(rotation)·S(scale) with R = [[cos, −sin], [sin, cos]].
func texTRS(v []float64) anim.TexMatrix {
	s, c := math.Sincos(v[2])
	return anim.TexMatrix{{c * v[3], -s * v[4], v[0]}, {s * v[3], c * v[4], v[1]}}
}

// texClose reports whether every entry of g is within texFit of the
// sample bound of m's.
func texClose(g, m anim.TexMatrix) bool {
	for r := range m {
		for k := range m[r] {
			if math.Abs(g[r][k]-m[r][k]) > texFit*1e-4*math.Max(1, math.Abs(m[r][k])) {
				return false
			}
		}
	}
	return true
}

// texRotRef is the target's rotation at frame f in radians, continuous
// over the clip, and whether it is a J3D rotation's smooth curve: its
// Hermite before the game truncates it to whole steps and wraps it to 16
// bits. The wrapped angle jumps by a whole turn where the curve crosses
// ±180° (at fraction 1, every 360° of the curve); exported as it is, a
// player interpolating across the jump spins the texture a whole turn.
func texRotRef(t *anim.Target, f float64, tp *anim.TargetPose) (float64, bool) {
	if ch, ok := t.Channel(anim.RotZ); ok {
		if h, isH := ch.Curve.(*anim.Hermite); isH && h.RotationFrac >= 0 && h.RotationFrac < 32 {
			return h.EvalRaw(f) * math.Ldexp(math.Pi/32768, h.RotationFrac), true
		}
	}
	return tp.V[anim.RotZ] * math.Pi / 180, false
}

// splitTexMatrix writes a 2×3 texture matrix as KHR_texture_transform's
// T(offset)·R(rotation)·S(scale), where R = [[cos, −sin], [sin, cos]]
// (the extension's GLSL). Exact when the matrix has no shear; otherwise
// the first column is kept and the second projected. The rotation is
// unwrapped towards ref (the target's own angle, or its negation: J3D's
// Maya formula turns the other way), so interpolation never spins.
func splitTexMatrix(m anim.TexMatrix, ref float64) (off [2]float64, rot float64, scale [2]float64) {
	off = [2]float64{m[0][2], m[1][2]}
	sx := math.Hypot(m[0][0], m[1][0])
	rot = math.Atan2(m[1][0], m[0][0])
	if sx == 0 {
		rot = ref
	}
	c, s := math.Cos(rot), math.Sin(rot)
	sy := -s*m[0][1] + c*m[1][1]
	unwrap := func(r float64) float64 { return rot + 2*math.Pi*math.Round((r-rot)/(2*math.Pi)) }
	a, bb := unwrap(ref), unwrap(-ref)
	if math.Abs(bb+ref) < math.Abs(a-ref) {
		a = bb
	}
	rot = a
	return off, rot, [2]float64{sx, sy}
}

// texMatrixErr is the largest entry difference between m and the matrix
// the split parameters give.
func texMatrixErr(m anim.TexMatrix, off [2]float64, rot float64, scale [2]float64) float64 {
	g := texTRS([]float64{off[0], off[1], rot, scale[0], scale[1]})
	e := 0.0
	for r := range g {
		for k := range g[r] {
			e = math.Max(e, math.Abs(g[r][k]-m[r][k])/math.Max(1, math.Abs(m[r][k])))
		}
	}
	return e
}
