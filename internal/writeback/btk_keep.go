package writeback

import (
	"math"

	"github.com/animscope/animscope/anim"
)

// The tracks of an entry the glTF changed that keep the target's keys,
// and how a written entry is measured against the glTF.
//
// The export follows each track only as closely as the matrix bound
// needs (half of it on each matrix entry, shared by offset, rotation and
// scale), so the values solved back from the glTF differ from the
// target's by more than any per-value tolerance the fit uses, though the
// target plays the glTF. Whether a track is unchanged is therefore asked
// of the matrix: the target's values on the kept tracks, the solved ones
// on the rest, and the translations solved again given those, must put
// the matrix within the bound of the glTF's at every sample.

// markKeep marks the tracks whose target keys still play the glTF
// together (see above), and leaves in vals the translations that go with
// them: of the sets of tracks that do, within the bound (or within the
// solved values' own miss, where the formula cannot make the glTF's
// matrix at all), one of the largest, missing least. Every set is tried
// (32): a sheared matrix's scales and angle play it only together, the
// solved ones taking another of its solutions.
func (e *btkEntry) markKeep(tp *anim.TargetPose) {
	want := make([]anim.TexMatrix, len(e.frames))
	for i, f := range e.frames {
		want[i] = e.mat.MatrixAt(f / e.fps)
	}
	const sets = 1 << len(texSlots)
	var none [len(texSlots)]bool
	limit := math.Max(1, e.keepErr(none, want, tp, math.Inf(1)))
	best, bestN, bestErr := none, 0, math.Inf(1)
	for set := 1; set < sets; set++ {
		var kept [len(texSlots)]bool
		n := 0
		for k := range kept {
			kept[k] = set&(1<<k) != 0
			if kept[k] {
				n++
			}
		}
		if n < bestN {
			continue
		}
		if x := e.keepErr(kept, want, tp, limit); x <= limit && (n > bestN || x < bestErr) {
			best, bestN, bestErr = kept, n, x
		}
	}
	e.setKeep(best, tp)
}

// setKeep marks the kept tracks (by texSlots position) and solves the
// free translations again given the values the rest will play.
func (e *btkEntry) setKeep(kept [len(texSlots)]bool, tp *anim.TargetPose) {
	e.keep = [9]bool{}
	for i := range 9 {
		for k, s := range texSlots {
			if bckSlot(i) == s {
				e.keep[i] = kept[k]
			}
		}
	}
	for i, f := range e.frames {
		e.poseKept(kept, i, tp)
		e.solveTrans(tp, e.mat.MatrixAt(f/e.fps), kept[3], kept[4])
		e.vals[anim.TransX][i], e.vals[anim.TransY][i] = tp.V[anim.TransX], tp.V[anim.TransY]
	}
}

// fitAll drops every kept track: the entry is fitted whole from the
// values solved from the glTF.
func (e *btkEntry) fitAll(tp *anim.TargetPose) {
	e.setKeep([len(texSlots)]bool{}, tp)
}

// poseKept poses the entry at sample i: the target's values on the kept
// tracks (and every slot outside the matrix), the solved ones elsewhere.
func (e *btkEntry) poseKept(kept [len(texSlots)]bool, i int, tp *anim.TargetPose) {
	anim.EvaluateTarget(e.target, e.frames[i], tp)
	for k, s := range texSlots {
		if !kept[k] {
			tp.V[s] = e.vals[s][i]
		}
	}
}

// keepErr is the worst matrix error, as a fraction of TexBound, of the
// entry with the kept tracks' target values and the rest solved (the
// free translations solved again given the others), stopping early past
// stop.
func (e *btkEntry) keepErr(kept [len(texSlots)]bool, want []anim.TexMatrix, tp *anim.TargetPose, stop float64) float64 {
	worst := 0.0
	for i := range e.frames {
		e.poseKept(kept, i, tp)
		e.solveTrans(tp, want[i], kept[3], kept[4])
		x := texErr(asGLTF(anim.TexMatrixOf(e.target, tp)), want[i])
		if x > worst || math.IsNaN(x) {
			worst = x
		}
		if worst > stop || math.IsNaN(worst) {
			break
		}
	}
	return worst
}

// solveTrans sets the translations of tp that are not kept so that the
// matrix's translation column is want's (least squares for one). Every
// formula's translation column is affine in the translations and its
// other columns do not depend on them, so three matrices give the map
// whatever the formula; a singular one (a zero scale) leaves them.
func (e *btkEntry) solveTrans(tp *anim.TargetPose, want anim.TexMatrix, keepX, keepY bool) {
	if keepX && keepY {
		return
	}
	x0, y0 := tp.V[anim.TransX], tp.V[anim.TransY]
	col := func(x, y float64) [2]float64 {
		tp.V[anim.TransX], tp.V[anim.TransY] = x, y
		m := anim.TexMatrixOf(e.target, tp)
		return [2]float64{m[0][2], m[1][2]}
	}
	base := col(x0, y0)
	ax, ay := col(x0+1, y0), col(x0, y0+1)
	ax = [2]float64{ax[0] - base[0], ax[1] - base[1]}
	ay = [2]float64{ay[0] - base[0], ay[1] - base[1]}
	r := [2]float64{want[0][2] - base[0], want[1][2] - base[1]}
	tp.V[anim.TransX], tp.V[anim.TransY] = x0, y0
	switch {
	case !keepX && !keepY:
		det := ax[0]*ay[1] - ay[0]*ax[1]
		if det == 0 || math.IsNaN(det) {
			return
		}
		tp.V[anim.TransX] = x0 + (r[0]*ay[1]-ay[0]*r[1])/det
		tp.V[anim.TransY] = y0 + (ax[0]*r[1]-r[0]*ax[1])/det
	case !keepX:
		if n := ax[0]*ax[0] + ax[1]*ax[1]; n > 0 {
			tp.V[anim.TransX] = x0 + (ax[0]*r[0]+ax[1]*r[1])/n
		}
	default:
		if n := ay[0]*ay[0] + ay[1]*ay[1]; n > 0 {
			tp.V[anim.TransY] = y0 + (ay[0]*r[0]+ay[1]*r[1])/n
		}
	}
}

// texGameErr is the error of target t posed in tp (as the game plays
// it) against the glTF's matrix want, as a fraction of TexBound, with a
// J3D rotation allowed within one s16 step of the angle that fits the
// glTF best: the export's stated exception, since the game truncates its
// angle to whole steps and the export follows the curve before that (a
// fitted track is stored in whole steps too). Over a step each entry
// moves almost linearly with the angle, so the error has one minimum
// there, which a golden-section search finds; a sheared Basic matrix has
// no angle of its own to aim at.
func texGameErr(t *anim.Target, tp *anim.TargetPose, want anim.TexMatrix) float64 {
	e := texErr(asGLTF(anim.TexMatrixOf(t, tp)), want)
	step := rotationStep(t)
	if step == 0 || e == 0 {
		return e
	}
	p := *tp
	at := func(d float64) float64 {
		p.V[anim.RotZ] = tp.V[anim.RotZ] + d
		return texErr(asGLTF(anim.TexMatrixOf(t, &p)), want)
	}
	const g = 0.6180339887498949 // (√5 − 1)/2
	a, b := -step, step
	c, d := b-g*(b-a), a+g*(b-a)
	fc, fd := at(c), at(d)
	for range 40 {
		if fc <= fd {
			b, d, fd = d, c, fc
			c = b - g*(b-a)
			fc = at(c)
		} else {
			a, c, fc = c, d, fd
			d = a + g*(b-a)
			fd = at(d)
		}
	}
	return math.Min(e, math.Min(fc, fd))
}

// rotationStep is the game's rotation step of t in degrees (2^frac ·
// 180/32768), or 0 when its rotation is not a J3D rotation curve.
func rotationStep(t *anim.Target) float64 {
	if ch, ok := t.Channel(anim.RotZ); ok {
		if h, isH := ch.Curve.(*anim.Hermite); isH && h.RotationFrac >= 0 && h.RotationFrac < 32 {
			return math.Ldexp(180.0/32768, h.RotationFrac)
		}
	}
	return 0
}

// tighten answers a verification miss of the entry. One kept whole is
// fitted after all. Otherwise the fitted tracks' tolerances halve; at
// the second miss the kept tracks are fitted too (they play the glTF at
// the samples they were judged at, not between them).
func (e *btkEntry) tighten(tp *anim.TargetPose) {
	if e.same {
		e.same = false
		e.initTol()
		e.fitAll(tp)
		return
	}
	if e.tol[anim.RotZ] < texParamTol*180/math.Pi && e.keepsAny() {
		e.fitAll(tp)
	}
	for _, s := range texSlots {
		e.tol[s] /= 2
	}
}

// keepsAny reports whether a matrix track keeps the target's keys.
func (e *btkEntry) keepsAny() bool {
	for i, k := range e.keep {
		if k && isTexSlot(bckSlot(i)) {
			return true
		}
	}
	return false
}

// steppedConstants returns c (a decoded BTK's clip, rotation fraction
// frac) with each J3D texture rotation held constant as a one-key J3D
// rotation curve of the same angle, so that texGameErr knows its step: a
// constant angle the glTF sets is stored as whole steps too.
func steppedConstants(c *anim.Clip, frac int) *anim.Clip {
	unit := math.Ldexp(180.0/32768, frac)
	var out *anim.Clip
	for i := range c.Targets {
		t := &c.Targets[i]
		if t.Kind != anim.TexSRTTarget || t.TexMode > anim.TexJ3DMaya {
			continue
		}
		for ci, ch := range t.Channels {
			k, ok := ch.Curve.(anim.Constant)
			if ch.Slot != anim.RotZ || !ok {
				continue
			}
			if out == nil {
				cp := *c
				cp.Targets = append([]anim.Target(nil), c.Targets...)
				out = &cp
			}
			o := &out.Targets[i]
			o.Channels = append([]anim.Channel(nil), o.Channels...)
			o.Channels[ci].Curve = &anim.Hermite{RotationFrac: frac, Keys: []anim.HermiteKey{{Value: math.Round(float64(k) / unit)}}}
		}
	}
	if out == nil {
		return c
	}
	return out
}

// basicJump is the frame where the entry's solved values jump, if they
// do: a J3D Basic matrix with unequal scales has two solutions (angles θ
// and 90°−θ, the scales swapped between them), and a glTF texture
// turning past a quarter turn leaves the one it followed (its scale
// growing without bound) for the other between two samples. A rotation
// track moving more than 45° between neighbouring samples, a fraction
// of a frame apart, is that; no Hermite key follows it within the frame.
func (e *btkEntry) basicJump() (float64, bool) {
	if e.target.TexMode != anim.TexJ3DBasic || e.keep[bckIndex(anim.RotZ)] {
		return 0, false
	}
	rot := e.vals[anim.RotZ]
	for i := 1; i < len(rot); i++ {
		if math.Abs(rot[i]-rot[i-1]) > 45 && e.frames[i]-e.frames[i-1] < 1 {
			return e.frames[i], true
		}
	}
	return 0, false
}
