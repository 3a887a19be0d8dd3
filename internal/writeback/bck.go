package writeback

import (
	"fmt"
	"math"
	"slices"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
)

// Encoders are the writers the pipeline hands its decoded structs to.
type Encoders struct {
	BCK func(*j3d.BCK) ([]byte, error)
}

// DefaultEncoders are the formats' own writers.
var DefaultEncoders = Encoders{BCK: j3d.EncodeBCK}

// Result is a written animation and what the import did.
type Result struct {
	Data []byte
	// Notes are one line each: joints keeping the target's tracks, nodes
	// ignored, a duration made longer.
	Notes []string
	// Worst is the largest joint position error of the written file,
	// decoded and posed again, against the glTF, as a fraction of the
	// bound, over every matched joint at every eighth of a frame.
	Worst float64
	// WorstJoint names where Worst is.
	WorstJoint string
	// TargetWorst is Worst of the target file itself: how far the
	// glTF is from what the target plays (the edit, or, for a glTF
	// exported and imported unedited, the export's own error).
	TargetWorst float64
	// Keys counts the keyed values of the written and the target file
	// (one per key of every track).
	Keys, KeysBefore int
	// Passes is how many fits verification asked for.
	Passes int
}

// maxPasses bounds the fit-verify loop.
const maxPasses = 12

// channel slots of a J3D track set, in file order (scale, rotation,
// translation of x, then y, then z).
func bckSlot(i int) anim.Slot {
	axis := anim.Slot(i / 3)
	switch j3d.KindOf(i) {
	case j3d.ScaleTrack:
		return anim.ScaleX + axis
	case j3d.RotationTrack:
		return anim.RotX + axis
	}
	return anim.TransX + axis
}

// ImportBCK writes the glTF's animation onto target, a decoded BCK
// animating skel (bound by joint index), keeping the target's loop mode,
// byte order, duration (longer when the glTF is) and the tracks of every
// joint the glTF does not drive.
func ImportBCK(src *Source, target *j3d.BCK, skel *anim.Skeleton, enc Encoders) (*Result, error) {
	orig, err := target.Clip()
	if err != nil {
		return nil, err
	}
	// The export follows J3D rotations before the game truncates them to
	// whole units (its one stated exception); the import measures and
	// solves in the same terms, or the target would already miss the
	// glTF it was exported to by up to a unit per channel.
	orig = orig.UnroundedRotations()
	bind := anim.BindByIndex(orig, skel)
	m, notes, duration, err := matchJ3D(src, skel, len(target.Joints), int(target.Duration), orig.FPS)
	if err != nil {
		return nil, err
	}
	res := &Result{KeysBefore: bckKeys(target), Notes: notes}
	if duration > math.MaxInt16 {
		return nil, fmt.Errorf("%d frames is more than a BCK holds (%d)", duration, math.MaxInt16)
	}
	frames := sampleFrames(duration, src.keyFrames(orig.FPS))
	id := solveIdeal(src, skel, m, orig, &bind, frames, orig.FPS, nil)
	ref := newReferenceSolved(src, orig.FPS, duration, id, m)
	res.TargetWorst = ref.measure(orig, &bind, skel, m).worst
	// The fit at the target's rotation fraction (or a coarser one the
	// values need) keeps its kept tracks byte for byte; where that still
	// misses and a finer fraction holds every value, once more at that
	// one: keys placed in finer steps (a walk written onto a clip stored
	// in eighths of a degree).
	base := res.Notes
	id0 := id
	attempt := func(fine bool) (*Result, bool, error) {
		res.Notes = slices.Clone(base)
		id := id0
		if fine {
			id = solveIdeal(src, skel, m, orig, &bind, frames, orig.FPS, nil)
		}
		step := math.Ldexp(180.0/32768, int(target.RotationFrac))
		id, tol := keepSolving(id, src, skel, m, orig, &bind, frames, step)
		res.Notes = append(res.Notes, sameNote(skel, id.same, "joints", "tracks")...)
		res.Notes = append(res.Notes, ref.judgeKept(id.same)...)
		frac, least := chooseFrac(id, m, target)
		if fine {
			frac = least
		}
		b := &bckBuild{target: target, skel: skel, match: m, id: id, frac: frac, fitted: make([][9][]hkey, len(skel.Joints)), mode0: make([][9]bool, len(skel.Joints)), keep: make([][9]bool, len(skel.Joints))}
		dirty := make([]bool, len(skel.Joints))
		for j := range dirty {
			dirty[j] = m.Driven[j] && !id.same[j]
		}
		// Each pass halves the tolerances above a miss (passes).
		var p passes
		for pass := 1; pass <= maxPasses; pass++ {
			b.fit(tol, dirty)
			for b.overflow {
				b.frac++
				b.overflow = false
				b.fit(tol, m.Driven)
			}
			bck, err := b.assemble(duration)
			if err != nil {
				return nil, false, err
			}
			data, err := enc.BCK(bck)
			if err != nil {
				return nil, false, err
			}
			v, err := verifyBCK(data, ref, skel, m)
			if err != nil {
				return nil, false, err
			}
			if p.take(res, data, v, bckKeys(bck), pass, skel) {
				break
			}
			tighten(v, skel, m, id, tol, dirty)
		}
		return p.best, frac > least, nil
	}
	best, finer, err := attempt(false)
	if err != nil {
		return nil, err
	}
	if best.Worst > 1 && finer {
		r, _, err := attempt(true)
		if err != nil {
			return nil, err
		}
		if r.Worst < best.Worst {
			best = r
		}
	}
	res = best
	if res.Worst > 1 {
		res.Notes = append(res.Notes, missNote(res, skel, m, " (the format's precision)"))
	}
	return res, nil
}

// matchJ3D matches the glTF's nodes to skel's joints for a J3D target of
// tracks track sets and duration frames at fps. A J3D file drives the
// joints its track sets reach; the rest play their rest pose whatever the
// glTF does with them (a note says which). A glTF longer than the target
// makes the animation longer (a note says so). It returns the match, the
// notes and the frames to write.
func matchJ3D(src *Source, skel *anim.Skeleton, tracks, duration int, fps float64) (*Match, []string, int, error) {
	m, err := MatchJoints(src, skel)
	if err != nil {
		return nil, nil, 0, err
	}
	var past []string
	for j := tracks; j < len(m.Driven); j++ {
		if m.Driven[j] {
			m.Driven[j] = false
			past = append(past, jointName(skel, j))
		}
	}
	notes := matchNotes(m, skel)
	if len(past) > 0 {
		notes = append(notes, fmt.Sprintf("%d joints the glTF animates are past the target's %d track sets and keep their rest pose: %s", len(past), tracks, listNames(past, 6)))
	}
	duration, notes = lengthen(src.End, fps, duration, notes)
	return m, notes, duration, nil
}

func matchNotes(m *Match, skel *anim.Skeleton) []string {
	var notes []string
	if len(m.Kept) > 0 {
		notes = append(notes, fmt.Sprintf("%d joints the glTF does not animate keep the target's tracks: %s", len(m.Kept), listNames(m.Kept, 6)))
	}
	missing := []string{}
	for j, ni := range m.Node {
		if ni < 0 {
			missing = append(missing, jointName(skel, j))
		}
	}
	if len(missing) > 0 {
		notes = append(notes, fmt.Sprintf("%d joints have no glTF node and keep the target's tracks: %s", len(missing), listNames(missing, 6)))
	}
	if len(m.Ignored) > 0 {
		notes = append(notes, fmt.Sprintf("%d glTF nodes match no joint and are ignored: %s", len(m.Ignored), listNames(m.Ignored, 6)))
	}
	return notes
}

// bckKeys counts keys over every track (a constant is one).
func bckKeys(b *j3d.BCK) int {
	n := 0
	for _, set := range b.Joints {
		for _, tr := range set {
			n += int(tr.Count)
		}
	}
	return n
}

// chooseFrac is the target's rotation fraction, or a larger one when a
// new rotation value, or a kept track's value or tangent, would not fit
// an s16 under it (a continuous angle going past ±180°). Not a smaller
// one: the game plays the target's rotations in steps of its fraction,
// and a glTF exported from it carries those steps, which only the same
// fraction reproduces. (A fitted tangent that does not fit raises the
// fraction later: bckBuild.fit.) least is the smallest fraction every
// value fits, which ImportBCK falls back to when the target's fraction
// is too coarse for the new values (its keys step 2^frac units).
func chooseFrac(id *ideal, m *Match, target *j3d.BCK) (frac, least int) {
	need := 0.0 // largest magnitude in raw16 units
	const raw16 = 32768.0 / 180
	for j, vals := range id.values {
		if !m.Driven[j] || id.same[j] {
			continue
		}
		for s := anim.RotX; s <= anim.RotZ; s++ {
			for _, y := range vals[s] {
				need = math.Max(need, math.Abs(y)*raw16)
			}
		}
	}
	for j, set := range target.Joints {
		if j < len(m.Driven) && m.Driven[j] && !id.same[j] {
			continue
		}
		for i, tr := range set {
			if j3d.KindOf(i) != j3d.RotationTrack || tr.Count == 0 {
				continue
			}
			per := 1
			if tr.Count > 1 {
				per = tr.ValuesPerKey()
			}
			for k := 0; k < int(tr.Count)*per; k++ {
				if tr.Count > 1 && k%per == 0 {
					continue // a key time, which the fraction does not scale
				}
				// -32768 fits its s16 as well as 32767 does.
				v := min(math.Abs(float64(target.Rotation[int(tr.Index)+k])), math.MaxInt16)
				need = math.Max(need, math.Ldexp(v, int(target.RotationFrac)))
			}
		}
	}
	f, err := j3d.RotationFracFor(need / raw16)
	if err != nil {
		return j3d.MaxRotationFrac, j3d.MaxRotationFrac // the key values will say what does not fit
	}
	return max(int(f), int(target.RotationFrac)), int(f)
}

// bckBuild holds the fitted keys of each driven joint's nine tracks.
type bckBuild struct {
	target *j3d.BCK
	skel   *anim.Skeleton
	match  *Match
	id     *ideal
	frac   int
	fitted [][9][]hkey
	mode0  [][9]bool
	// keep is per refitted joint and track whether the track keeps the
	// target's keys: a scale or translation component the glTF plays as
	// the target does (an edit that turns a bone leaves its offset
	// alone; keepsSlot).
	keep [][9]bool
	// overflow is set when a fitted rotation tangent met the s16 limit:
	// the fraction goes up and every track is fitted again.
	overflow bool
}

// overflows reports whether a rotation track's key values met the s16
// limit (the quantizer clamps there). Tangents are not asked: a clamped
// tangent is only a fit that misses and gets more keys, while a larger
// fraction would coarsen every rotation of the file.
func overflows(keys []hkey) bool {
	for _, k := range keys {
		if math.Abs(k.v) >= math.MaxInt16 {
			return true
		}
	}
	return false
}

// fit refits the tracks of the joints marked dirty.
func (b *bckBuild) fit(tol *tolerances, dirty []bool) {
	const raw16 = 32768.0 / 180
	ys := make([]float64, len(b.id.frames))
	for j := range dirty {
		if !dirty[j] || j >= len(b.target.Joints) {
			continue
		}
		for i := range 9 {
			s := bckSlot(i)
			q := quantizer{}
			t := tol.trans[j]
			switch j3d.KindOf(i) {
			case j3d.RotationTrack:
				q = quantizer{rotation: true, frac: b.frac}
				scale := raw16 / math.Ldexp(1, b.frac)
				// diff measures from the values that play the
				// rounded ideal (half a step off at most): the rest of
				// the tolerance, each step missed costing one more.
				// Below a fifth of a step a tighter fit buys nothing.
				t = math.Max(tol.rotDeg[j]*scale-1.5, 0.2)
				for k, y := range b.id.values[j][s] {
					ys[k] = y * scale
				}
			case j3d.ScaleTrack:
				t = tol.scale[j]
				copy(ys, b.id.values[j][s])
			default:
				copy(ys, b.id.values[j][s])
			}
			if b.keep[j][i] = !q.rotation && b.id.keepsSlot(j, s, t); b.keep[j][i] {
				continue
			}
			keys := fitHermite(b.id.frames, ys, t, q)
			if q.rotation && b.frac < j3d.MaxRotationFrac && overflows(keys) {
				b.overflow = true
			}
			b.mode0[j][i] = sharedTangents(b.id.frames, ys, keys, t, q)
			b.fitted[j][i] = keys
		}
	}
}

// assemble lays the tracks out as a BCK: the target's header fields,
// fitted tracks for driven joints, the target's for the rest, in value
// tables that store a sequence once (j3d.TableBuilder).
func (b *bckBuild) assemble(duration int) (*j3d.BCK, error) {
	t := b.target
	out := &j3d.BCK{File: t.File, Chunk: t.Chunk, LoopMode: t.LoopMode, RotationFrac: uint8(b.frac), Duration: uint16(duration)}
	out.Joints = make([]j3d.TrackSet, len(t.Joints))
	tb := j3d.NewTableBuilder(nil)
	for j := range t.Joints {
		for i := range 9 {
			k := j3d.KindOf(i)
			var keys []j3d.Key
			var mode uint16
			if j < len(b.match.Driven) && b.match.Driven[j] && !b.id.same[j] && !b.keep[j][i] {
				if !b.mode0[j][i] {
					mode = 1
				}
				for _, key := range b.fitted[j][i] {
					keys = append(keys, j3d.Key{Time: key.t, Value: key.v, In: key.in, Out: key.out})
				}
			} else {
				keys, mode = b.kept(t.Joints[j][i], k)
			}
			tr, err := tb.Keys(k, mode, keys)
			if err != nil {
				return nil, fmt.Errorf("joint %d: %v", j, err)
			}
			out.Joints[j][i] = tr
		}
	}
	out.Tables = tb.Tables()
	out.JointCount = uint16(len(out.Joints))
	out.ScaleCount, out.RotationCount, out.TranslationCount = uint16(len(out.Scale)), uint16(len(out.Rotation)), uint16(len(out.Translation))
	return out, nil
}

// kept is a target track's keys, rotations moved to the new fraction
// (exact when the new one is smaller or equal; rounded otherwise).
func (b *bckBuild) kept(tr j3d.Track, k j3d.TrackKind) ([]j3d.Key, uint16) {
	if tr.Count == 0 {
		return nil, 0
	}
	shift := int(b.target.RotationFrac) - b.frac
	val := func(i int) float64 {
		v := b.target.Tables.Value(k, int(tr.Index)+i)
		if k == j3d.RotationTrack {
			v = math.Round(math.Ldexp(v, shift))
		}
		return v
	}
	if tr.Count == 1 {
		return []j3d.Key{{Value: val(0)}}, 0
	}
	per := tr.ValuesPerKey()
	keys := make([]j3d.Key, tr.Count)
	for i := range keys {
		at := i * per
		keys[i] = j3d.Key{Time: b.target.Tables.Value(k, int(tr.Index)+at), Value: val(at + 1), In: val(at + 2)}
		keys[i].Out = keys[i].In
		if per == 4 {
			keys[i].Out = val(at + 3)
		}
	}
	return keys, tr.TangentMode
}
