package writeback

import (
	"fmt"
	"slices"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/bfres"
)

// FSKATarget is a BFRES skeletal animation to replace: the whole FRES
// file as stored (uncompressed) and the clip's name in it.
type FSKATarget struct {
	File []byte
	Clip string
}

// ImportFSKA writes the glTF's animation onto target's skeletal
// animation, posed on skel (the model the clip plays on, bound by bone
// name), and returns the whole FRES file with that clip replaced. The
// clip keeps its rotation mode (Euler or quaternion), scale mode, flags,
// names, bind indices, user data and bone anim order, its frame count
// (longer when the glTF is) and, for every bone the glTF does not
// change, its curves and base values exactly. The driven bones get
// NintendoWare cubic curves (power-basis coefficients per segment)
// fitted so that the written file, decoded and posed again, puts every
// joint within the bound of the glTF at every eighth of a frame.
func ImportFSKA(src *Source, target FSKATarget, skel *anim.Skeleton) (*Result, error) {
	f, err := bfres.Parse(target.File)
	if err != nil {
		return nil, err
	}
	ci := -1
	var names []string
	for i := range f.SkeletalAnims {
		names = append(names, f.SkeletalAnims[i].Name)
		if f.SkeletalAnims[i].Name == target.Clip {
			ci = i
		}
	}
	if ci < 0 {
		return nil, fmt.Errorf("no skeletal animation %q (have %s)", target.Clip, listNames(names, 12))
	}
	fa := f.SkeletalAnims[ci]
	orig, _ := f.SkeletalClip(ci)
	bind := anim.BindByName(orig, skel)
	m, err := MatchJoints(src, skel)
	if err != nil {
		return nil, err
	}
	res := &Result{KeysBefore: fskaKeys(&fa)}
	// A clip drives the bones it has bone anims for; the runtime plays
	// the rest at their rest pose whatever the glTF does with them.
	var past []string
	for j := range m.Driven {
		if m.Driven[j] && bind.Target[j] < 0 {
			m.Driven[j] = false
			past = append(past, jointName(skel, j))
		}
	}
	res.Notes = matchNotes(m, skel)
	if len(past) > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%d bones the glTF animates have no bone anim in %q and keep their rest pose: %s", len(past), fa.Name, listNames(past, 6)))
	}
	duration := int(fa.FrameCount)
	duration, res.Notes = lengthen(src.End, orig.FPS, duration, res.Notes)
	if duration <= 0 {
		return nil, fmt.Errorf("skeletal animation %q has %d frames", fa.Name, duration)
	}
	// The target's hints that a bone's scale is one or its rotation and
	// translation zero make G3d skip those values: a driven bone is
	// solved and posed without them (its fit sets them again where they
	// hold, fskaBuild.fit). The target's own miss is measured as stored.
	solving := *orig
	solving.Targets = slices.Clone(orig.Targets)
	for j, d := range m.Driven {
		if ti := bind.Target[j]; d && ti >= 0 {
			solving.Targets[ti].Flags &^= valueHints
		}
	}
	fskaAttempt := func(fine bool) (*Result, float64, error) {
		// The frames where the glTF jumps are samples, for the fit to key
		// the jumps there (solveJumps).
		jumpAt := src.jumpTimes(orig.FPS)
		keys := src.keyFrames(orig.FPS)
		for g := range jumpAt {
			keys = append(keys, g)
		}
		if fine {
			// Every frame the check measures is a sample: between samples a
			// curve fitted through a glTF with corners can bulge past the
			// bound however tight its tolerance.
			for i := 0; i <= duration*checkSteps; i++ {
				keys = append(keys, float64(i)/checkSteps)
			}
		}
		frames := sampleFrames(duration, keys)
		id, tol := solveKept(src, skel, m, &solving, &bind, frames, 0)
		ref := newReferenceSolved(src, orig.FPS, duration, id, m)
		res.TargetWorst = ref.measure(orig, &bind, skel, m).worst
		jumps := solveJumps(src, skel, m, &solving, &bind, id, jumpAt, orig.FPS)
		id.between(m, jumps)
		// A float curve costs a key per few frames, where a second pass
		// costs a whole fit, write and check: start at half the tolerances.
		for j := range tol.rotDeg {
			tol.rotDeg[j] /= 2
			tol.trans[j] /= 2
			tol.scale[j] /= 2
		}
		res.Notes = append(res.Notes, sameNote(skel, id.same, "bones", "curves")...)
		res.Notes = append(res.Notes, ref.judgeKept(id.same)...)
		b := &fskaBuild{target: &fa, le: f.Switch != nil, bind: &bind, match: m, id: id, jumps: jumps, duration: duration,
			fitted: make([]bfres.BoneAnim, len(skel.Joints))}
		dirty := make([]bool, len(skel.Joints))
		for j := range dirty {
			dirty[j] = m.Driven[j] && !id.same[j]
		}
		if !slices.Contains(dirty, true) && duration == int(fa.FrameCount) {
			// Every bone keeps its curves: the file is the target's, byte
			// for byte (rewriting it would only move the clip).
			v, err := verifyFSKA(target.File, ci, ref, skel, m)
			if err != nil {
				return nil, 0, err
			}
			if v.worst <= 1 {
				res.Data, res.Worst, res.WorstJoint, res.Keys, res.Passes = target.File, v.worst, jointName(skel, max(v.worstJoint, 0)), res.KeysBefore, 1
				return res, v.worst, nil
			}
			// A kept bone misses after all: the loop fits the chains above
			// the misses.
			for j, e := range v.perJoint {
				for a := j; e > 1 && a >= 0; a = skel.Joints[a].Parent {
					if m.Driven[a] {
						id.same[a], dirty[a] = false, true
					}
				}
			}
		}
		var p passes
		for pass := 1; pass <= maxPasses; pass++ {
			if err := b.fit(tol, dirty); err != nil {
				return nil, 0, err
			}
			a := b.assemble()
			data, err := bfres.ReplaceSkeletalAnim(target.File, fa.Name, a)
			if err != nil {
				return nil, 0, err
			}
			v, err := verifyFSKA(data, ci, ref, skel, m)
			if err != nil {
				return nil, 0, err
			}
			if p.take(res, data, v, fskaKeys(a), pass, skel) {
				break
			}
			tighten(v, skel, m, id, tol, dirty)
		}
		return p.best, p.best.Worst, nil
	}
	// A fit held to the bound at the quarter-frame samples, and where a
	// miss between them stays, once more with every checked frame a
	// sample (twice the solving, spent only where it is needed).
	base := res.Notes
	var best *Result
	for _, fine := range []bool{false, true} {
		res.Notes = slices.Clone(base)
		r, worst, err := fskaAttempt(fine)
		if err != nil {
			return nil, err
		}
		if best == nil || worst < best.Worst {
			best = r
		}
		if worst <= 1 {
			break
		}
	}
	if res = best; res.Worst <= 1 {
		return res, nil
	}
	res.Notes = append(res.Notes, missNote(res, skel, m, ""))
	return res, nil
}

// solveKept solves the ideal values and finds the driven joints the
// glTF animates as the target does (keepSolving). step is the format's
// rotation step in degrees (0: float rotations).
func solveKept(src *Source, skel *anim.Skeleton, m *Match, orig *anim.Clip, bind *anim.Binding, frames []float64, step float64) (*ideal, *tolerances) {
	return keepSolving(solveIdeal(src, skel, m, orig, bind, frames, orig.FPS, nil), src, skel, m, orig, bind, frames, step)
}

// fskaKeys counts the keys of every curve (a base value is none).
func fskaKeys(a *bfres.SkeletalAnim) int {
	n := 0
	for i := range a.BoneAnims {
		for k := range a.BoneAnims[i].Curves {
			n += int(a.BoneAnims[i].Curves[k].NumKeys)
		}
	}
	return n
}

// verifyFSKA parses a written file with the strict reader, converts clip
// ci as every command does, binds it by name to skel and measures it.
func verifyFSKA(data []byte, ci int, ref *reference, skel *anim.Skeleton, m *Match) (verdict, error) {
	f, err := bfres.Parse(data)
	if err != nil {
		return verdict{}, err
	}
	if ci >= len(f.SkeletalAnims) {
		return verdict{}, fmt.Errorf("the written file lost skeletal animation %d", ci)
	}
	clip, _ := f.SkeletalClip(ci)
	if err := clip.Validate(); err != nil {
		return verdict{}, err
	}
	bind := anim.BindByName(clip, skel)
	return ref.measure(clip, &bind, skel, m), nil
}

// between adds to the fit's samples the midpoint of every two, valued
// halfway: the fit of a float curve may place keys anywhere, and a
// cubic held only at the solved samples can swing between them where
// the glTF turns (at a key of a frame-sampled glTF), which verification,
// at every eighth of a frame, would see. The glTF's keys are samples,
// so between two the values run smoothly and halfway is near what the
// solver would give, at none of its cost. Before a jump the halfway
// value is toward the value just before it, not across it; the jumps'
// sample indices move with the samples.
func (id *ideal) between(m *Match, jumps []jump) {
	n := len(id.frames)
	if n < 2 {
		return
	}
	// jumpAt[i] is the jump at sample i, or -1.
	var jumpAt []int
	if len(jumps) > 0 {
		jumpAt = make([]int, n)
		for i := range jumpAt {
			jumpAt[i] = -1
		}
		for x, jp := range jumps {
			jumpAt[jp.at] = x
		}
	}
	// mid is ys with the midpoints; j, k name the joint and slot whose
	// left values end a jump's interval (j < 0: none).
	mid := func(ys []float64, j, k int) []float64 {
		out := make([]float64, 0, 2*n-1)
		for i, y := range ys {
			if i > 0 {
				end := y
				if j >= 0 && jumpAt != nil && jumpAt[i] >= 0 {
					end = jumps[jumpAt[i]].left[j][k]
				}
				out = append(out, (ys[i-1]+end)/2)
			}
			out = append(out, y)
		}
		return out
	}
	id.frames = mid(id.frames, -1, 0)
	for j, d := range m.Driven {
		if d {
			for k := range jointSlots {
				id.values[j][k] = mid(id.values[j][k], j, int(k))
				if id.origVals[j][k] != nil {
					id.origVals[j][k] = mid(id.origVals[j][k], -1, 0)
				}
			}
		}
	}
	for i := range jumps {
		jumps[i].at *= 2
	}
}
