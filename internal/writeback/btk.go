package writeback

import (
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
)

// TexBound is the error allowed on a texture matrix entry m:
// 1e-4·max(1,|m|), the export's own bound on the matrices it splits into
// KHR_texture_transform.
func TexBound(m float64) float64 { return 1e-4 * math.Max(1, math.Abs(m)) }

// texSlots are the values of a BTK entry a KHR_texture_transform
// carries (scale S and T, rotation about Q, translation S and T); the
// entry's other tracks (scale Q, rotation S and T, translation Q) play
// no part in the matrix and keep the target's.
var texSlots = [...]anim.Slot{anim.ScaleX, anim.ScaleY, anim.RotZ, anim.TransX, anim.TransY}

// texParamTol is the first fit's tolerance on scale and translation, and
// in radians on the rotation: half the matrix bound, the share the
// export's keys take. A glTF the export wrote ripples by that much about
// the game's curves between its keys; a tighter fit of an edited track
// follows the ripple with a key every few frames (a constant offset
// moved by a fixed amount took hundreds). Verification halves it where
// the written file misses.
const texParamTol = 5e-5

// btkEntry is one entry's import state.
type btkEntry struct {
	target *anim.Target
	pos    int          // the target's position in its clip
	mat    *TexMaterial // nil: the glTF does not animate it
	same   bool         // the target's tracks already play the glTF
	frames []float64    // the sample frames of vals
	fps    float64      // the glTF's frames per second at those frames
	vals   [anim.NumSlots][]float64
	tol    [anim.NumSlots]float64
	fitted [9][]hkey
	mode0  [9]bool
	// keep marks, in an entry the glTF changed, the tracks whose values
	// the glTF still plays (an offset edit leaves the rotation alone):
	// those keep the target's keys.
	keep [9]bool
}

// ImportBTK writes the glTF's texture-transform animation onto target, a
// decoded BTK: each entry takes the material animscope's export puts it
// on (its label "MATERIAL texgen N", or a model material of its name),
// whose offset, rotation and scale are turned back into the entry's
// scale, rotation and translation under the file's matrix formula (J3D
// Basic about the entry's centre, or J3D Maya) and fitted as Hermite keys
// held to TexBound at every eighth of a frame. Entries the glTF does not
// animate, or animates as the target does, keep their tracks exactly; when
// that is every entry the target's own bytes are the result. data is the
// target file.
func ImportBTK(src *TexSource, data []byte) (*Result, error) {
	target, err := j3d.DecodeBTK(data)
	if err != nil {
		return nil, err
	}
	orig, err := target.Clip()
	if err != nil {
		return nil, err
	}
	// The export follows J3D rotations before the game truncates them to
	// whole steps (its stated exception): the import solves and compares
	// in the same terms (orig), and measures the game's matrices (game)
	// as the export is measured, the rotation within one step.
	game := steppedConstants(orig, int(target.RotationFrac))
	orig = orig.UnroundedRotations()
	fps := orig.FPS
	res := &Result{KeysBefore: btkKeys(target.Entries)}
	duration := int(target.Duration)
	duration, res.Notes = lengthen(src.End, fps, duration, res.Notes)
	if duration > math.MaxInt16 {
		return nil, fmt.Errorf("%d frames is more than a BTK holds (%d)", duration, math.MaxInt16)
	}
	entries, unmatched, err := matchTexOrSay(src, orig, "an entry of the target: entries")
	if err != nil {
		return nil, err
	}
	if len(unmatched) > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%d entries have no animated glTF material and keep the target's tracks: %s", len(unmatched), listNames(unmatched, 6)))
	}
	var tp anim.TargetPose
	res.TargetWorst, _ = texMeasure(entries, game, src, fps, duration)
	var same, unreachable, jumps []string
	jumped := map[string]bool{}
	floor := 0.0 // the worst error the formula allows at all
	maxRot := 0.0
	for _, e := range entries {
		if e.mat == nil {
			continue
		}
		frames := sampleFrames(duration, e.mat.keyFrames(fps))
		e.solve(frames, fps, &tp)
		e.same = e.playsTarget(frames, fps, &tp)
		if e.same {
			same = append(same, texLabel(orig, e.target))
			continue
		}
		for _, y := range e.vals[anim.RotZ] {
			maxRot = math.Max(maxRot, math.Abs(y))
		}
		e.initTol()
		e.markKeep(&tp)
		floor = math.Max(floor, e.reach(orig, fps, &tp, &unreachable))
		if f, ok := e.basicJump(); ok {
			jumps = append(jumps, fmt.Sprintf("%s (frame %g)", texLabel(orig, e.target), f))
			jumped[texLabel(orig, e.target)] = true
		}
	}
	if len(unreachable) > 0 {
		res.Notes = append(res.Notes, unreachableNote("entries", unreachable))
	}
	if len(jumps) > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%d entries turn past a quarter turn under J3D Basic with unequal scales, where the formula's values for the glTF's matrices jump (its two solutions swap the scales); keys cannot follow the jump within its frame, which misses: %s", len(jumps), listNames(jumps, 4)))
	}
	if len(same) > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%d entries the glTF animates as the target does keep their tracks exactly: %s", len(same), listNames(same, 6)))
	}
	frac := int(target.RotationFrac)
	if f, err := j3d.RotationFracFor(maxRot); err == nil {
		frac = max(frac, int(f))
	} else {
		return nil, fmt.Errorf("a rotation of %.0f° does not fit a BTK's table at any fraction", maxRot)
	}
	// Each pass halves the tolerances of the entries above a miss; a
	// pass that does not bring the worst down by a tenth twice running
	// is meeting the format's precision (rotation steps), and tables
	// that would outgrow their u16 indices end the search with the best
	// file so far.
	var p passes
	for pass := 1; pass <= maxPasses; pass++ {
		for _, e := range entries {
			if e.mat != nil && !e.same {
				e.fit(frac)
			}
		}
		out, err := assembleBTK(target, entries, frac, duration)
		if err != nil {
			if p.best != nil {
				break
			}
			return nil, err
		}
		written := append([]byte(nil), data...)
		if out != target {
			if written, err = j3d.EncodeBTK(out); err != nil {
				return nil, err
			}
		}
		dec, err := j3d.DecodeBTK(written)
		if err != nil {
			return nil, err
		}
		clip, err := dec.Clip()
		if err != nil {
			return nil, err
		}
		worst, per := texMeasure(entries, steppedConstants(clip, frac), src, fps, duration)
		cur := *res
		cur.Data, cur.Worst, cur.Passes, cur.Keys = written, worst, pass, btkKeys(out.Entries)
		for i, e := range per {
			if e == worst {
				cur.WorstJoint = texLabel(orig, entries[i].target)
			}
		}
		if p.keep(cur) {
			break
		}
		for i, e := range per {
			if e > 1 {
				entries[i].tighten(&tp)
			}
		}
	}
	res = p.best
	if res.Worst > 1 && res.Worst > 1.1*floor && !jumped[res.WorstJoint] {
		res.Notes = append(res.Notes, fmt.Sprintf("entry %q stays %.2f× the bound from the glTF after %d fits (the format's precision)", res.WorstJoint, res.Worst, res.Passes))
	}
	return res, nil
}

// texLabel is the name animscope's export gives an entry's material:
// "MATERIAL texgen N", with "entry I" when another entry shares both.
func texLabel(c *anim.Clip, t *anim.Target) string {
	name := t.Name
	if t.Param != "" {
		name += "/" + t.Param
	}
	for i := range c.Targets {
		o := &c.Targets[i]
		if o != t && o.Kind == t.Kind && o.Name == t.Name && o.Param == t.Param && o.TexGen == t.TexGen {
			return fmt.Sprintf("%s texgen %d entry %d", name, t.TexGen, t.Index)
		}
	}
	return fmt.Sprintf("%s texgen %d", name, t.TexGen)
}

// matchTexOrSay is matchTexEntries, or an error when no entry of the
// target (what: which ones, as the error names them) finds a material.
func matchTexOrSay(src *TexSource, c *anim.Clip, what string) ([]*btkEntry, []string, error) {
	entries, unmatched := matchTexEntries(src, c)
	if len(unmatched) < len(entries) {
		return entries, unmatched, nil
	}
	var mats []string
	for _, m := range src.Materials {
		if m.Animated() {
			mats = append(mats, m.Name)
		}
	}
	return nil, nil, fmt.Errorf("no animated glTF material matches %s %s; animated materials %s", what, listNames(unmatched, 4), listNames(mats, 4))
}

// matchTexEntries pairs each entry of the target clip with the animated
// glTF material of its export label, else the first of its material
// name (an export with the model), and lists the entries left alone.
func matchTexEntries(src *TexSource, c *anim.Clip) (entries []*btkEntry, unmatched []string) {
	byName := map[string]*TexMaterial{}
	for i := range src.Materials {
		m := &src.Materials[i]
		if _, dup := byName[m.Name]; m.Animated() && !dup {
			byName[m.Name] = m
		}
	}
	for i := range c.Targets {
		t := &c.Targets[i]
		if t.Kind != anim.TexSRTTarget {
			continue
		}
		e := &btkEntry{target: t, pos: i}
		label := texLabel(c, t)
		if m, ok := byName[label]; ok {
			e.mat = m
		} else if m, ok := byName[t.Name]; ok {
			e.mat = m
		} else {
			unmatched = append(unmatched, label)
		}
		entries = append(entries, e)
	}
	return entries, unmatched
}

// keyFrames are the material's key times in frames.
func (m *TexMaterial) keyFrames(fps float64) []float64 {
	var out []float64
	for _, tr := range []*track{m.off, m.rot, m.scale} {
		if tr != nil {
			for _, t := range tr.times {
				out = append(out, t*fps)
			}
		}
	}
	return out
}

// solve turns the glTF's matrix at each frame into the entry's values
// under its formula (splitTexValues; a BFRES target's, splitNWTexValues,
// is the one its mode field selects at that frame), the rotation
// continuous from the target's own angle at the first frame.
func (e *btkEntry) solve(frames []float64, fps float64, tp *anim.TargetPose) {
	e.frames, e.fps = frames, fps
	for _, s := range texSlots {
		e.vals[s] = make([]float64, len(frames))
	}
	anim.EvaluateTarget(e.target, 0, tp)
	var prev [5]float64
	for k, s := range texSlots {
		prev[k] = tp.V[s]
	}
	for i, f := range frames {
		m := e.mat.MatrixAt(f / fps)
		var v [5]float64
		if e.target.TexMode >= anim.TexNWMaya {
			anim.EvaluateTarget(e.target, f, tp)
			v = splitNWTexValues(m, anim.TexModeOf(e.target, tp), &prev)
		} else {
			v = splitTexValues(m, e.target.TexMode, e.target.Center, &prev)
		}
		for k, s := range texSlots {
			e.vals[s][i] = v[k]
		}
		prev = v
	}
}

// playsTarget reports whether the target's own tracks put the entry's
// matrix within the bound of the glTF's at every sample.
func (e *btkEntry) playsTarget(frames []float64, fps float64, tp *anim.TargetPose) bool {
	for _, f := range frames {
		anim.EvaluateTarget(e.target, f, tp)
		if texErr(asGLTF(anim.TexMatrixOf(e.target, tp)), e.mat.MatrixAt(f/fps)) > 1 {
			return false
		}
	}
	return true
}

// texErr is the largest entry difference of got from want as a fraction
// of TexBound.
func texErr(got, want anim.TexMatrix) float64 {
	e := 0.0
	for r := range want {
		for k := range want[r] {
			d := math.Abs(got[r][k]-want[r][k]) / TexBound(want[r][k])
			if d > e || math.IsNaN(d) {
				e = d
			}
		}
	}
	return e
}

// texMeasure poses every matched entry of clip at every 1/checkSteps
// frame against the glTF: the worst error as a fraction of TexBound, and
// per entry. The game's matrix is taken as the glTF can hold it
// (asGLTF): a Basic entry's shear is not in the glTF to compare with;
// its rotation may be a step off (texGameErr).
func texMeasure(entries []*btkEntry, clip *anim.Clip, src *TexSource, fps float64, duration int) (float64, []float64) {
	per := make([]float64, len(entries))
	worst := 0.0
	var tp anim.TargetPose
	for i, e := range entries {
		if e.mat == nil {
			continue
		}
		t := &clip.Targets[e.pos]
		for s := 0; s <= duration*checkSteps; s++ {
			f := float64(s) / checkSteps
			anim.EvaluateTarget(t, f, &tp)
			per[i] = math.Max(per[i], texGameErr(t, &tp, e.mat.MatrixAt(f/fps)))
		}
		worst = math.Max(worst, per[i])
	}
	return worst, per
}

// initTol sets the first fit's tolerances: texParamTol relative to the
// track's largest magnitude (the bound is relative to the matrix entry,
// and a float32 glTF holds a large offset only that closely), the
// rotation's in degrees.
func (e *btkEntry) initTol() {
	for _, s := range texSlots {
		big := 1.0
		for _, y := range e.vals[s] {
			big = math.Max(big, math.Abs(y))
		}
		e.tol[s] = texParamTol * big
	}
	e.tol[anim.RotZ] = texParamTol * 180 / math.Pi
}

// fit fits the entry's five matrix tracks as Hermite keys.
func (e *btkEntry) fit(frac int) {
	const raw16 = 32768.0 / 180
	for i := range 9 {
		s := bckSlot(i)
		if !isTexSlot(s) || e.keep[i] {
			continue
		}
		ys := e.vals[s]
		q := quantizer{}
		tol := e.tol[s]
		if s == anim.RotZ {
			q = quantizer{rotation: true, frac: frac, band: true}
			scale := raw16 / math.Ldexp(1, frac)
			ys = make([]float64, len(e.vals[s]))
			for k, y := range e.vals[s] {
				ys[k] = y * scale
			}
			// diff measures beyond the one step the game may be off
			// (the band about the curve before its truncation): the
			// tolerance is all the rest.
			tol *= scale
		}
		e.fitted[i] = fitHermite(e.frames, ys, tol, q)
		e.mode0[i] = sharedTangents(e.frames, ys, e.fitted[i], tol, q)
	}
}

func isTexSlot(s anim.Slot) bool {
	for _, t := range texSlots {
		if s == t {
			return true
		}
	}
	return false
}
