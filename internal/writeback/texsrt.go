package writeback

import (
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/bfres"
)

// texSRTFields are the float fields of a BFRES texture SRT parameter a
// KHR_texture_transform carries, with the pose slot each drives; the
// mode field (which formula) is not in the glTF and keeps the target's.
var texSRTFields = [...]struct {
	off  uint32
	slot anim.Slot
}{
	{bfres.TexSrtSX, anim.ScaleX}, {bfres.TexSrtSY, anim.ScaleY}, {bfres.TexSrtR, anim.RotZ},
	{bfres.TexSrtTX, anim.TransX}, {bfres.TexSrtTY, anim.TransY},
}

// TexSRTNames lists the animations of a FRES file that ImportTexSRT can
// replace: those with a texture SRT parameter (Wii U texture SRT FSHU,
// Switch FMAA), in file order.
func TexSRTNames(f *bfres.File) []string {
	var names []string
	for i := range materialAnimList(f) {
		if _, clip := texSRTAnimAt(f, i); clip != nil {
			names = append(names, clip.Name)
		}
	}
	return names
}

// materialAnimList is what bfres.ReplaceMaterialAnim writes: the Wii U
// texture SRT FSHU, or every Switch FMAA.
func materialAnimList(f *bfres.File) []bfres.ShaderParamAnim {
	if f.Switch != nil {
		return f.Switch.MaterialAnims
	}
	return f.TexSRTAnims
}

// texSRTAnimAt is material animation i of materialAnimList and its clip
// as every command converts it; the clip is nil when no parameter of
// it is texture SRT.
func texSRTAnimAt(f *bfres.File, i int) (*bfres.ShaderParamAnim, *anim.Clip) {
	list := materialAnimList(f)
	a := &list[i]
	var clip *anim.Clip
	switch {
	case f.Switch == nil:
		clip = f.TexSRTClip(i)
	default:
		// An FMAA that is all texture SRT reads as the Wii U kind (in
		// TexSRTAnims, by name); any other as a material clip.
		for k := range f.TexSRTAnims {
			if f.TexSRTAnims[k].Name == a.Name {
				clip = f.TexSRTClip(k)
			}
		}
		if clip == nil {
			clip, _ = f.MaterialClip(i)
		}
	}
	for k := range clip.Targets {
		if clip.Targets[k].Kind == anim.TexSRTTarget {
			return a, clip
		}
	}
	return a, nil
}

// findTexSRT is the material animation name of f with its clip.
func findTexSRT(f *bfres.File, name string) (*bfres.ShaderParamAnim, *anim.Clip, error) {
	for i, a := range materialAnimList(f) {
		if a.Name != name {
			continue
		}
		if sa, clip := texSRTAnimAt(f, i); clip != nil {
			return sa, clip, nil
		}
		return nil, nil, fmt.Errorf("material animation %q animates no texture SRT", name)
	}
	have := TexSRTNames(f)
	if len(have) == 0 {
		return nil, nil, fmt.Errorf("no texture SRT animation %q (the file has none)", name)
	}
	return nil, nil, fmt.Errorf("no texture SRT animation %q (have %s)", name, listNames(have, 12))
}

// ImportTexSRT writes the glTF's texture-transform animation onto the
// BFRES texture SRT animation clip of file (a whole FRES, as stored
// uncompressed) and returns the whole file with that animation
// replaced. Each texture SRT parameter takes the material animscope's
// export puts it on ("MATERIAL/PARAM texgen N", or a model material of
// its name); its matrix is turned back into scale, rotation and
// translation under the formula its mode field selects at each frame
// (splitNWTexValues) and fitted as cubic curves held, with their
// quantization, to TexBound at every eighth of a frame. The mode field,
// the fields the glTF plays as the target does and every parameter the
// glTF does not change keep the target's curves and constants exactly;
// names, flags, user data, texture patterns and visibility stay. When
// nothing changes, the target's bytes are the result.
func ImportTexSRT(src *TexSource, file []byte, clip string) (*Result, error) {
	f, err := bfres.Parse(file)
	if err != nil {
		return nil, err
	}
	target, orig, err := findTexSRT(f, clip)
	if err != nil {
		return nil, err
	}
	fps := orig.FPS
	res := &Result{KeysBefore: matAnimKeys(target)}
	duration := int(target.FrameCount)
	duration, res.Notes = lengthen(src.End, fps, duration, res.Notes)
	// Every frame is solved, fitted and checked eighths at a time: a
	// glTF claiming hours would take that long (and the Wii U header
	// holds 16 bits).
	if duration > math.MaxInt16 {
		return nil, fmt.Errorf("the glTF runs %d frames, more than a texture SRT animation holds (%d)", duration, math.MaxInt16)
	}
	entries, unmatched, err := matchTexOrSay(src, orig, fmt.Sprintf("a texture SRT parameter of %q: parameters", clip))
	if err != nil {
		return nil, err
	}
	if len(unmatched) > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%d texture SRT parameters have no animated glTF material and keep the target's curves: %s", len(unmatched), listNames(unmatched, 6)))
	}
	res.TargetWorst, _ = texMeasure(entries, orig, src, fps, duration)
	var tp anim.TargetPose
	var same, unreachable []string
	changed := false
	floor := 0.0 // the worst error the formulas allow at all
	for _, e := range entries {
		if e.mat == nil {
			continue
		}
		frames := midpoints(sampleFrames(duration, e.mat.keyFrames(fps)))
		e.solve(frames, fps, &tp)
		if e.same = e.playsTarget(frames, fps, &tp); e.same {
			same = append(same, texLabel(orig, e.target))
			continue
		}
		changed = true
		e.initTol()
		e.markKeep(&tp)
		e.keepLinear(fps, &tp)
		floor = math.Max(floor, e.reach(orig, fps, &tp, &unreachable))
	}
	if len(unreachable) > 0 {
		res.Notes = append(res.Notes, unreachableNote("texture SRT parameters", unreachable))
	}
	if len(same) > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%d texture SRT parameters the glTF animates as the target does keep their curves exactly: %s", len(same), listNames(same, 6)))
	}
	b := &texSRTBuild{target: target, le: f.Switch != nil, duration: duration, fitted: map[*btkEntry]*texSRTFit{}}
	b.pre, b.post = matAnimWraps(target)
	measure := func(data []byte) (float64, []float64, error) {
		g, err := bfres.Parse(data)
		if err != nil {
			return 0, nil, fmt.Errorf("the written file does not read back: %v", err)
		}
		_, clip, err := findTexSRT(g, target.Name)
		if err != nil {
			return 0, nil, fmt.Errorf("the written file: %v", err)
		}
		if err := clip.Validate(); err != nil {
			return 0, nil, fmt.Errorf("the written file: %v", err)
		}
		worst, per := texMeasure(entries, clip, src, fps, duration)
		return worst, per, nil
	}
	if !changed && duration == int(target.FrameCount) {
		worst, per, err := measure(file)
		if err != nil {
			return nil, err
		}
		res.Data, res.Worst, res.Keys, res.Passes = file, worst, res.KeysBefore, 1
		res.WorstJoint = worstLabel(orig, entries, per, worst)
		return res, nil
	}
	// Each pass halves the tolerances of the parameters above a miss; a
	// pass that does not bring the worst down by a tenth twice running
	// is meeting the key types' precision.
	var p passes
	for pass := 1; pass <= maxPasses; pass++ {
		for _, e := range entries {
			if e.mat != nil && !e.same {
				if err := b.fit(e, fps); err != nil {
					return nil, err
				}
			}
		}
		a, err := b.assemble(entries)
		if err != nil {
			return nil, err
		}
		data, err := bfres.ReplaceMaterialAnim(file, target.Name, a)
		if err != nil {
			return nil, err
		}
		worst, per, err := measure(data)
		if err != nil {
			return nil, err
		}
		cur := *res
		cur.Data, cur.Worst, cur.Passes, cur.Keys = data, worst, pass, matAnimKeys(a)
		cur.WorstJoint = worstLabel(orig, entries, per, worst)
		if p.keep(cur) {
			break
		}
		for i, e := range per {
			if en := entries[i]; e > 1 && en.mat != nil {
				if en.same {
					// A kept parameter misses after all: fit it.
					en.same = false
					en.initTol()
				}
				// Halved tolerances: a field stays kept while the
				// target's values still meet them.
				for _, s := range texSlots {
					en.tol[s] /= 2
				}
				en.markKeep(&tp)
			}
		}
	}
	best := p.best
	if best.Worst > 1 && best.Worst > 1.1*floor {
		best.Notes = append(best.Notes, fmt.Sprintf("parameter %q stays %.2f× the bound from the glTF after %d fits (the key types' precision)", best.WorstJoint, best.Worst, best.Passes))
	}
	return best, nil
}

// worstLabel names the entry where the worst error is.
func worstLabel(c *anim.Clip, entries []*btkEntry, per []float64, worst float64) string {
	for i, e := range per {
		if e == worst && entries[i].mat != nil {
			return texLabel(c, entries[i].target)
		}
	}
	return ""
}

// matAnimKeys counts the keys of every curve (a constant is none).
func matAnimKeys(a *bfres.ShaderParamAnim) int {
	n := 0
	for i := range a.MaterialAnims {
		for k := range a.MaterialAnims[i].Curves {
			n += int(a.MaterialAnims[i].Curves[k].NumKeys)
		}
	}
	return n
}

// matAnimWraps are the wrap modes of the animation's first float curve
// (clamp without one), which new curves take so that a looping clip
// keeps looping as before past its end.
func matAnimWraps(a *bfres.ShaderParamAnim) (anim.NWWrap, anim.NWWrap) {
	for i := range a.MaterialAnims {
		for _, c := range a.MaterialAnims[i].Curves {
			if !c.Type.IsInt() {
				return c.PreWrap, c.PostWrap
			}
		}
	}
	return anim.NWClamp, anim.NWClamp
}

// bckIndex is the position of slot s among the nine a btkEntry's keep
// marks cover.
func bckIndex(s anim.Slot) int {
	for i := range 9 {
		if bckSlot(i) == s {
			return i
		}
	}
	return -1
}

// midpoints adds the frame halfway between every two: a cubic curve may
// place keys anywhere and, held only at the quarter frames, can swing
// between them where the glTF turns, which verification at every eighth
// would see. Solving a texture matrix is cheap, so the fit is held at
// the eighths too.
func midpoints(frames []float64) []float64 {
	out := make([]float64, 0, 2*len(frames))
	for i, f := range frames {
		if i > 0 {
			out = append(out, (frames[i-1]+f)/2)
		}
		out = append(out, f)
	}
	return out
}

// reachable is how close the entry's solved values come to the glTF's
// matrices (the worst, as a fraction of TexBound, and its frame): above
// 1 where the glTF asks for a matrix the formula cannot make.
func (e *btkEntry) reachable(fps float64, tp *anim.TargetPose) (worst, at float64) {
	for i, f := range e.frames {
		anim.EvaluateTarget(e.target, f, tp)
		for _, s := range texSlots {
			tp.V[s] = e.vals[s][i]
		}
		if x := texErr(asGLTF(anim.TexMatrixOf(e.target, tp)), e.mat.MatrixAt(f/fps)); x > worst {
			worst, at = x, f
		}
	}
	return worst, at
}

// reach is how close the entry's formula comes to the glTF's matrices
// (reachable's worst); above 1 it adds the entry, with the frame and how
// close, to list.
func (e *btkEntry) reach(c *anim.Clip, fps float64, tp *anim.TargetPose, list *[]string) float64 {
	x, f := e.reachable(fps, tp)
	if x > 1 {
		*list = append(*list, fmt.Sprintf("%s (frame %g: %.3g× the bound at best)", texLabel(c, e.target), f, x))
	}
	return x
}

// unreachableNote says that the listed entries (what: as the note calls
// them) are given matrices their formula cannot make: every formula but
// J3D Maya scales the rotation's rows, after rotating, where the glTF
// scales before, so unequal scales under a changed rotation ask for a
// shear the formula has not got.
func unreachableNote(what string, list []string) string {
	return fmt.Sprintf("%d %s are given matrices their formula cannot make (the game scales after rotating, the glTF before: unequal scales under a rotation the glTF changed); they follow the nearest: %s", len(list), what, listNames(list, 4))
}

// keepLinear keeps the target's scale and rotation fields where the
// glTF leaves the matrix's linear part as the target plays it (an edit
// of the offset alone), the translation solved against them: under
// unequal scales the angle a sheared matrix gives is ill-conditioned
// where its two solutions meet, so solved values may stray from the
// target's where the matrix does not.
func (e *btkEntry) keepLinear(fps float64, tp *anim.TargetPose) {
	if e.target.TexMode < anim.TexNWMaya || e.keep[bckIndex(anim.ScaleX)] && e.keep[bckIndex(anim.ScaleY)] && e.keep[bckIndex(anim.RotZ)] {
		return
	}
	for _, f := range e.frames {
		anim.EvaluateTarget(e.target, f, tp)
		g, w := asGLTF(anim.TexMatrixOf(e.target, tp)), e.mat.MatrixAt(f/fps)
		g[0][2], g[1][2] = w[0][2], w[1][2]
		if texErr(g, w) > 0.5 {
			return
		}
	}
	for i, f := range e.frames {
		anim.EvaluateTarget(e.target, f, tp)
		v := &tp.V
		e.vals[anim.TransX][i], e.vals[anim.TransY][i] = nwTranslation(e.mat.MatrixAt(f/fps), anim.TexModeOf(e.target, tp),
			v[anim.ScaleX], v[anim.ScaleY], v[anim.RotZ], e.vals[anim.TransX][i], e.vals[anim.TransY][i])
		e.vals[anim.ScaleX][i], e.vals[anim.ScaleY][i], e.vals[anim.RotZ][i] = v[anim.ScaleX], v[anim.ScaleY], v[anim.RotZ]
	}
	e.markKeep(tp)
}
