package writeback

import (
	"fmt"
	"math"

	"github.com/animscope/animscope/formats/j3d"
)

// btkKeys counts keys over every track (a constant is one).
func btkKeys(sets []j3d.TrackSet) int {
	n := 0
	for _, set := range sets {
		for _, tr := range set {
			n += int(tr.Count)
		}
	}
	return n
}

// assembleBTK lays the entries out as a BTK: the target's header, names,
// texGens, centres and formula; fitted tracks for the entries the glTF
// changed, the target's for the rest, in value tables that store a
// sequence once. When nothing changed it is t itself: the caller keeps
// the target's bytes.
func assembleBTK(t *j3d.BTK, entries []*btkEntry, frac, duration int) (*j3d.BTK, error) {
	changed := map[int]*btkEntry{}
	for _, e := range entries {
		if e.mat != nil && !e.same {
			changed[e.target.Index] = e
		}
	}
	if len(changed) == 0 && frac == int(t.RotationFrac) && duration == int(t.Duration) {
		return t, nil
	}
	out := *t
	out.RotationFrac, out.Duration = uint8(frac), uint16(duration)
	out.Entries = make([]j3d.TrackSet, len(t.Entries))
	tb := j3d.NewTableBuilder(nil)
	for i := range t.Entries {
		e := changed[i]
		for k := range 9 {
			kind := j3d.KindOf(k)
			var keys []j3d.Key
			var mode uint16
			if e != nil && isTexSlot(bckSlot(k)) && !e.keep[k] {
				if !e.mode0[k] {
					mode = 1
				}
				for _, key := range e.fitted[k] {
					keys = append(keys, j3d.Key{Time: key.t, Value: key.v, In: key.in, Out: key.out})
				}
			} else {
				keys, mode = keptKeys(&t.Tables, t.Entries[i][k], kind, int(t.RotationFrac)-frac)
			}
			tr, err := tb.Keys(kind, mode, keys)
			if err != nil {
				return nil, fmt.Errorf("entry %d: %v", i, err)
			}
			out.Entries[i][k] = tr
		}
	}
	out.Tables = tb.Tables()
	out.ScaleCount, out.RotationCount, out.TranslationCount = uint16(len(out.Scale)), uint16(len(out.Rotation)), uint16(len(out.Translation))
	return &out, nil
}

// keptKeys is a stored track's keys, rotations moved by shift bits of
// fraction (exact when shift ≥ 0).
func keptKeys(tab *j3d.Tables, tr j3d.Track, k j3d.TrackKind, shift int) ([]j3d.Key, uint16) {
	if tr.Count == 0 {
		return nil, 0
	}
	val := func(i int) float64 {
		v := tab.Value(k, int(tr.Index)+i)
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
		keys[i] = j3d.Key{Time: tab.Value(k, int(tr.Index)+at), Value: val(at + 1), In: val(at + 2)}
		keys[i].Out = keys[i].In
		if per == 4 {
			keys[i].Out = val(at + 3)
		}
	}
	return keys, tr.TangentMode
}
