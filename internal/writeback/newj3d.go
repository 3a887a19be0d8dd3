package writeback

import (
	"fmt"
	"math"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
)

// restTarget is what a new J3D file starts from: every joint of skel
// holding its rest values as constants, the loop mode the glTF's extras
// state (loop when they do not) and the glTF's length in frames at fps.
// Importing onto it writes the glTF's joints and keeps the rest ones.
type restTarget struct {
	sets     [][9]float64 // per joint, the nine values in file order
	loop     uint8
	duration int
	notes    []string
}

func newRestTarget(src *Source, skel *anim.Skeleton, fps float64) (*restTarget, error) {
	if skel.Mode > anim.J3DMaya || len(skel.Joints) == 0 {
		return nil, fmt.Errorf("skeleton %q is not a J3D model's", skel.Name)
	}
	r := &restTarget{loop: uint8(anim.Loop)}
	if src.LoopMode != "" {
		m, err := anim.ParseLoopMode(src.LoopMode)
		if err != nil {
			r.notes = append(r.notes, fmt.Sprintf("the glTF's loop mode %q is not a J3D one: the file loops", src.LoopMode))
		} else {
			r.loop = uint8(m)
		}
	}
	r.duration = int(math.Ceil(src.End*fps - 1e-6))
	if r.duration < 1 {
		r.duration = 1
	}
	for _, j := range skel.Joints {
		var v [9]float64
		for i := range 9 {
			v[i] = j.Rest[bckSlot(i)]
		}
		r.sets = append(r.sets, v)
	}
	return r, nil
}

// NewBCK writes the glTF's animation as a new BCK animating skel: a
// track set per joint, the glTF's joints fitted as ImportBCK fits them,
// the others at their rest values; big-endian, as the games store them.
func NewBCK(src *Source, skel *anim.Skeleton, enc Encoders) (*Result, error) {
	r, err := newRestTarget(src, skel, j3d.FPS)
	if err != nil {
		return nil, err
	}
	if r.duration > math.MaxInt16 {
		return nil, fmt.Errorf("%d frames is more than a BCK holds (%d)", r.duration, math.MaxInt16)
	}
	b := &j3d.BCK{LoopMode: r.loop, Duration: uint16(r.duration)}
	tb := j3d.NewTableBuilder(nil)
	b.Joints = make([]j3d.TrackSet, len(r.sets))
	for j, v := range r.sets {
		for i := range 9 {
			x := v[i]
			if j3d.KindOf(i) == j3d.RotationTrack {
				x = bcaRaw(x) // fraction 0: the raw s16 of the angle
			}
			if b.Joints[j][i], err = tb.Const(j3d.KindOf(i), x); err != nil {
				return nil, err
			}
		}
	}
	b.Tables = tb.Tables()
	b.JointCount = uint16(len(b.Joints))
	res, err := ImportBCK(src, b, skel, enc)
	if err != nil {
		return nil, err
	}
	res.KeysBefore = 0
	res.Notes = append(r.notes, restNotes(res.Notes)...)
	return res, nil
}

// NewBCA writes the glTF's animation as a new BCA animating skel, one
// value per frame under rt's index rule as ImportBCA chooses them, the
// joints the glTF does not drive at their rest values.
func NewBCA(src *Source, skel *anim.Skeleton, rt anim.Runtime) (*Result, error) {
	r, err := newRestTarget(src, skel, j3d.FPS)
	if err != nil {
		return nil, err
	}
	if r.duration+1 > math.MaxUint16 {
		return nil, fmt.Errorf("%d frames is more than a BCA holds (%d)", r.duration, math.MaxUint16-1)
	}
	b := &j3d.BCA{LoopMode: r.loop, Duration: uint16(r.duration)}
	tb := newFullTables()
	b.Joints = make([]j3d.FullSet, len(r.sets))
	for j, v := range r.sets {
		for i := range 9 {
			x := v[i]
			if j3d.KindOf(i) == j3d.RotationTrack {
				x = bcaRaw(x)
			}
			idx, err := tb.add(j3d.KindOf(i), []float64{x})
			if err != nil {
				return nil, err
			}
			b.Joints[j][i] = j3d.FullTrack{Count: 1, Index: idx}
		}
	}
	b.Tables = tb.t
	b.JointCount = uint16(len(b.Joints))
	res, err := ImportBCA(src, b, skel, rt)
	if err != nil {
		return nil, err
	}
	res.KeysBefore = 0
	res.Notes = append(r.notes, restNotes(res.Notes)...)
	return res, nil
}

// restNotes words the import's notes for a new file, whose "target" is
// the rest pose.
func restNotes(notes []string) []string {
	out := make([]string, len(notes))
	for i, n := range notes {
		out[i] = strings.ReplaceAll(n, "keep the target's tracks", "hold their rest values")
	}
	return out
}
