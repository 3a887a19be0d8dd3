package writeback

import (
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
)

// bcaRotStep is a BCA rotation's step in degrees: the s16 table holds
// angles with 0x8000 = 180° and no fraction.
const bcaRotStep = 180.0 / 32768

// ImportBCA writes the glTF's animation onto target, a decoded BCA
// animating skel (bound by joint index). A BCA holds one value per frame
// and the game reads value (int)(f+0.5) at frame f under the later
// runtime, (int)f under the earlier one (rt): each value is the glTF's at
// the middle of the frames that read it, so the game's pose is nearest
// the glTF over the whole of its interval (exact for a glTF that steps
// where the game does, as animscope's export of a BCA does). Loop mode,
// byte order and duration (longer when the glTF is) are the target's,
// and every joint the glTF does not drive, or drives as the target does,
// keeps the target's values exactly.
func ImportBCA(src *Source, target *j3d.BCA, skel *anim.Skeleton, rt anim.Runtime) (*Result, error) {
	orig, err := target.Clip()
	if err != nil {
		return nil, err
	}
	orig.SetRuntime(rt)
	bind := anim.BindByIndex(orig, skel)
	m, notes, duration, err := matchJ3D(src, skel, len(target.Joints), int(target.Duration), orig.FPS)
	if err != nil {
		return nil, err
	}
	res := &Result{KeysBefore: bcaKeys(target), Notes: notes}
	// Values 0..duration: the last is what both runtimes read at the end.
	if duration+1 > math.MaxUint16 {
		return nil, fmt.Errorf("%d frames is more than a BCA holds (%d)", duration, math.MaxUint16-1)
	}
	ref := newReference(src, orig.FPS, duration)
	res.TargetWorst = ref.measure(orig, &bind, skel, m).worst
	frames := readFrames(duration, rt)
	id, tol := solveKeeping(src, skel, m, orig, &bind, frames)
	res.Notes = append(res.Notes, sameNote(skel, id.same, "joints", "tracks")...)
	// One value per frame is all a BCA has: the only second pass is
	// for a joint kept from the target whose subtree misses, which is
	// written from the glTF after all.
	var best *Result
	for pass := 1; pass <= 2; pass++ {
		out, err := assembleBCA(target, id, tol, m, duration)
		if err != nil {
			return nil, err
		}
		data, err := j3d.EncodeBCA(out)
		if err != nil {
			return nil, err
		}
		v, err := verifyBCA(data, rt, ref, skel, m)
		if err != nil {
			return nil, err
		}
		cur := *res
		cur.Data, cur.Worst, cur.Passes, cur.Keys = data, v.worst, pass, bcaKeys(out)
		cur.WorstJoint = jointName(skel, max(v.worstJoint, 0))
		if best == nil || cur.Worst < best.Worst {
			best = &cur
		}
		if cur.Worst <= 1 {
			break
		}
		more := false
		for j, e := range v.perJoint {
			if e <= 1 {
				continue
			}
			for a := j; a >= 0; a = skel.Joints[a].Parent {
				if m.Driven[a] && id.same[a] {
					id.same[a], more = false, true
				}
			}
		}
		if !more {
			break
		}
	}
	res = best
	if res.Worst > 1 {
		res.Notes = append(res.Notes, fmt.Sprintf("joint %q stays %.2f× the bound from the glTF between frames (a BCA holds one value per frame)", res.WorstJoint, res.Worst))
	}
	return res, nil
}

// readFrames is, for each value index 0..duration, the middle of the
// frames at which rt's lookup reads it: from i-0.5 to i+0.5 under the
// later runtime's rounding (so whole frame i, which the game plays at
// normal speed, is exact), from i to i+1 under the earlier one's
// truncation; kept within [0, duration], where the first and the last
// value are read for half a frame less.
func readFrames(duration int, rt anim.Runtime) []float64 {
	mid := 0.5
	if rt != anim.EarlyRuntime {
		mid = 0
	}
	f := make([]float64, duration+1)
	for i := range f {
		f[i] = math.Min(float64(i)+mid, float64(duration))
	}
	return f
}

// solveKeeping is solveKept at a BCA's rotation step.
func solveKeeping(src *Source, skel *anim.Skeleton, m *Match, orig *anim.Clip, bind *anim.Binding, frames []float64) (*ideal, *tolerances) {
	return solveKept(src, skel, m, orig, bind, frames, bcaRotStep)
}

// bcaKeys counts the stored values over every track.
func bcaKeys(b *j3d.BCA) int {
	n := 0
	for _, set := range b.Joints {
		for _, tr := range set {
			n += int(tr.Count)
		}
	}
	return n
}

// bcaRaw is deg as a BCA rotation: the table's raw s16 at fraction 0,
// of the angle wrapped to ±180° as the game wraps angles (a continuous
// angle past ±180° is the same turn). Only +180° itself is past the s16
// range, and is -180°.
func bcaRaw(deg float64) float64 {
	r, err := j3d.RotationRaw(math.Remainder(deg, 360), 0)
	if err != nil {
		return math.MinInt16
	}
	return float64(r)
}

// assembleBCA lays out the BCA: the target's header fields, the target's
// tracks for every joint kept, one value per frame (a constant where
// every frame is the same) for the rest. When every joint is kept the
// target's tables are kept as they are, so an unedited round trip gives
// the target's bytes back. A written joint's scale or translation
// component that the glTF plays as the target does (within tol) keeps the
// target's values too.
func assembleBCA(t *j3d.BCA, id *ideal, tol *tolerances, m *Match, duration int) (*j3d.BCA, error) {
	out := &j3d.BCA{File: t.File, Chunk: t.Chunk, LoopMode: t.LoopMode, Duration: uint16(duration)}
	out.Joints = make([]j3d.FullSet, len(t.Joints))
	changed := func(j int) bool { return j < len(m.Driven) && m.Driven[j] && !id.same[j] }
	anyChanged := false
	for j := range t.Joints {
		anyChanged = anyChanged || changed(j)
	}
	if !anyChanged {
		copy(out.Joints, t.Joints)
		out.Tables = t.Tables
	} else {
		tb := newFullTables()
		vals := make([]float64, len(id.frames))
		for j := range t.Joints {
			for i := range 9 {
				k := j3d.KindOf(i)
				var seq []float64
				s := bckSlot(i)
				if changed(j) && !(duration == int(t.Duration) && keepsBCASlot(id, tol, j, s, k)) {
					for f, y := range id.values[j][s] {
						if k == j3d.RotationTrack {
							y = bcaRaw(y)
						} else {
							y = float64(float32(y))
						}
						vals[f] = y
					}
					seq = vals
					if allEqual(seq) {
						seq = seq[:1]
					}
				} else {
					tr := t.Joints[j][i]
					seq = make([]float64, tr.Count)
					for n := range seq {
						seq[n] = t.Tables.Value(k, int(tr.Index)+n)
					}
				}
				idx, err := tb.add(k, seq)
				if err != nil {
					return nil, fmt.Errorf("joint %d: %v", j, err)
				}
				out.Joints[j][i] = j3d.FullTrack{Count: uint16(len(seq)), Index: idx}
			}
		}
		out.Tables = tb.t
	}
	out.JointCount = uint16(len(out.Joints))
	out.ScaleCount, out.RotationCount, out.TranslationCount = uint16(len(out.Scale)), uint16(len(out.Rotation)), uint16(len(out.Translation))
	return out, nil
}

// keepsBCASlot: joint j's slot s, a scale or translation component, plays
// within its tolerance of the target's (ideal.keepsSlot).
func keepsBCASlot(id *ideal, tol *tolerances, j int, s anim.Slot, k j3d.TrackKind) bool {
	switch k {
	case j3d.ScaleTrack:
		return id.keepsSlot(j, s, tol.scale[j])
	case j3d.TranslationTrack:
		return id.keepsSlot(j, s, tol.trans[j])
	}
	return false
}

func allEqual(v []float64) bool {
	for _, x := range v {
		if math.Float64bits(x) != math.Float64bits(v[0]) {
			return false
		}
	}
	return true
}

// fullTables builds a full-frame file's value tables, storing a sequence
// once: where the table already holds it, it is referenced.
type fullTables struct {
	t j3d.Tables
	// at[k] lists, per first value's bits, where it occurs in table k.
	at [3]map[uint64][]int
}

func newFullTables() *fullTables {
	b := &fullTables{}
	for k := range b.at {
		b.at[k] = map[uint64][]int{}
	}
	return b
}

func (b *fullTables) get(k j3d.TrackKind, i int) uint64 {
	switch k {
	case j3d.ScaleTrack:
		return uint64(math.Float32bits(b.t.Scale[i]))
	case j3d.RotationTrack:
		return uint64(uint16(b.t.Rotation[i]))
	}
	return uint64(math.Float32bits(b.t.Translation[i]))
}

func bitsOf(k j3d.TrackKind, v float64) uint64 {
	if k == j3d.RotationTrack {
		return uint64(uint16(int16(v)))
	}
	return uint64(math.Float32bits(float32(v)))
}

// add returns the index of seq in table k, appending it when no run of
// the table equals it bit for bit.
func (b *fullTables) add(k j3d.TrackKind, seq []float64) (uint16, error) {
	n := b.t.Len(k)
search:
	for _, p := range b.at[k][bitsOf(k, seq[0])] {
		if p+len(seq) > n {
			continue
		}
		for i, v := range seq {
			if b.get(k, p+i) != bitsOf(k, v) {
				continue search
			}
		}
		return uint16(p), nil
	}
	if n > math.MaxUint16 || n+len(seq) > math.MaxUint16+1 {
		return 0, fmt.Errorf("the %s table would hold %d values, more than a u16 index reaches", k, n+len(seq))
	}
	for i, v := range seq {
		switch k {
		case j3d.ScaleTrack:
			b.t.Scale = append(b.t.Scale, float32(v))
		case j3d.RotationTrack:
			b.t.Rotation = append(b.t.Rotation, int16(v))
		default:
			b.t.Translation = append(b.t.Translation, float32(v))
		}
		bits := bitsOf(k, v)
		b.at[k][bits] = append(b.at[k][bits], n+i)
	}
	return uint16(n), nil
}

// verifyBCA decodes a written BCA, plays it under rt and measures it
// against the glTF as verifyBCK does.
func verifyBCA(data []byte, rt anim.Runtime, ref *reference, skel *anim.Skeleton, m *Match) (verdict, error) {
	dec, err := j3d.DecodeBCA(data)
	if err != nil {
		return verdict{}, err
	}
	clip, err := dec.Clip()
	if err != nil {
		return verdict{}, err
	}
	clip.SetRuntime(rt)
	if err := clip.Validate(); err != nil {
		return verdict{}, err
	}
	bind := anim.BindByIndex(clip, skel)
	return ref.measure(clip, &bind, skel, m), nil
}
