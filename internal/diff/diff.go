// Package diff compares two animations channel by channel: both are
// evaluated at the same frames through the evaluation `animscope sample`
// uses (internal/sample.Build, so the comparison and a sample of either
// file cannot disagree), targets are matched by name or else by position,
// and each channel's largest difference, the frame where it occurs and the
// first frame beyond the tolerance are reported. `animscope diff` prints
// the result; the viewer's A/B comparison lists it.
package diff

import (
	"fmt"
	"math"
	"strconv"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/sample"
)

// Default tolerances: far below what a player can see, far above the
// float32 rounding a re-export through another tool introduces.
const (
	DefaultTolerance        = 1e-4 // units (scaled by max(1, |A|, |B|))
	DefaultDegreesTolerance = 1e-3 // degrees, for Euler rotations
)

// Side is one of the two animations compared.
type Side struct {
	Clip *anim.Clip
	// Model and Binding, when Model is set, pose a skeleton: the slots a
	// clip leaves to the skeleton take its rest values (as sample --model)
	// and each bound joint adds world.x/y/z channels.
	Model   *anim.Skeleton
	Binding *anim.Binding
}

// Options say where and how closely to compare.
type Options struct {
	// Frames are animation frames (no loop mapping, as sample --frames);
	// nil means DefaultFrames.
	Frames []float64
	// Tolerance applies to every channel but Euler rotations: values
	// differ when |A−B| > Tolerance·max(1, |A|, |B|). Degrees applies to
	// Euler rotations, compared modulo 360. Zero means the default.
	Tolerance, Degrees float64
	// Runtime is the JSystem generation whose rules apply to both.
	Runtime anim.Runtime
}

// Row is one target/channel pair (or one header field) and how far the two
// files are apart on it.
type Row struct {
	Target string // the target's name ("" where the file stores none)
	// Joint is the name of the model's joint an unnamed joint target
	// drives, when the sides pose a model ("" otherwise).
	Joint string
	// Index is the target's index in A's file (in B's for a target only B
	// has); -1 for a header field.
	Index int
	Kind  anim.TargetKind
	// TexGen tells a texture SRT target's matrices apart (-1 for other
	// kinds).
	TexGen int
	// Channel is the sample channel name ("rotation.y", "world.x"); "*"
	// for a target only one file has.
	Channel string
	// MaxDiff is the largest |A−B| over the frames (degrees for Euler
	// rotations, the smaller way round), AtFrame where it occurs first,
	// FirstFrame the first frame beyond the tolerance (NaN when none).
	MaxDiff, AtFrame, FirstFrame float64
	// OnlyIn is "a" or "b" when only that file has the channel (or the
	// whole target); the other side then contributes the value the
	// target holds without a curve (its base or rest value, or the
	// identity for a missing target).
	OnlyIn string
	// TargetA and TargetB are the target's positions in the clips'
	// Targets (-1 when that side lacks it), Slot the channel's slot
	// (world channels: -1), for plotting a row.
	TargetA, TargetB int
	Slot             int
	// Differs is set when the row is beyond the tolerance.
	Differs bool
}

// Header is a clip-level field that differs (duration, fps, loop mode).
type Header struct {
	Field string
	A, B  string
}

// Result is a comparison.
type Result struct {
	Frames []float64
	// Rows are every compared channel in A's target order (then B's
	// targets A lacks); Differences those beyond the tolerance.
	Rows    []Row
	Headers []Header
}

// Differences are the rows beyond the tolerance.
func (r *Result) Differences() []Row {
	var out []Row
	for _, row := range r.Rows {
		if row.Differs {
			out = append(out, row)
		}
	}
	return out
}

// Same reports whether the files agree within the tolerance everywhere:
// no channel and no header field differs.
func (r *Result) Same() bool {
	return len(r.Headers) == 0 && len(r.Differences()) == 0
}

// DefaultFrames are every half frame from 0 to the longer clip's duration
// (rounded up): the integer frames the games show at 30 fps, and a frame
// between each two where interpolation (tangents, step against linear)
// shows.
func DefaultFrames(a, b *anim.Clip) []float64 {
	end := math.Ceil(max(a.Duration, b.Duration))
	// Durations are checked finite and bounded by the decoders (u16 in
	// J3D); a cap keeps a hostile value from allocating without bound.
	end = min(end, maxDefaultFrames/2)
	n := int(end)*2 + 1
	out := make([]float64, n)
	for i := range out {
		out[i] = float64(i) / 2
	}
	return out
}

const maxDefaultFrames = 1 << 20

// chunk is how many frames are evaluated at a time: the sample documents
// of two chunks are all that is held, whatever the frame list's length.
const chunk = 256

// Compare evaluates both sides at the frames and compares them.
func Compare(a, b Side, opt Options) (*Result, error) {
	if a.Clip == nil || b.Clip == nil {
		return nil, fmt.Errorf("diff: two clips are needed")
	}
	if opt.Tolerance <= 0 {
		opt.Tolerance = DefaultTolerance
	}
	if opt.Degrees <= 0 {
		opt.Degrees = DefaultDegreesTolerance
	}
	frames := opt.Frames
	if frames == nil {
		frames = DefaultFrames(a.Clip, b.Clip)
	}
	res := &Result{Frames: frames, Headers: headers(a.Clip, b.Clip)}
	pairs := matchTargets(a.Clip, b.Clip)
	restA, restB := restValues(a, opt.Runtime), restValues(b, opt.Runtime)
	var cmp []*channelCmp
	first := true
	for start := 0; start < len(frames); start += chunk {
		fr := frames[start:min(start+chunk, len(frames))]
		da, err := build(a, fr, opt.Runtime)
		if err != nil {
			return nil, fmt.Errorf("A: %w", err)
		}
		db, err := build(b, fr, opt.Runtime)
		if err != nil {
			return nil, fmt.Errorf("B: %w", err)
		}
		if first {
			cmp = channelPairs(pairs, a.Clip, b.Clip, da, db, restA, restB)
			first = false
		}
		for _, c := range cmp {
			c.add(fr, da, db, opt)
		}
	}
	if first { // no frames: the channels are still listed, all equal
		cmp = channelPairs(pairs, a.Clip, b.Clip, nil, nil, restA, restB)
	}
	for _, c := range cmp {
		res.Rows = appendRow(res.Rows, c.row)
	}
	nameJoints(res.Rows, a, b)
	for i := range res.Rows {
		if r := &res.Rows[i]; r.Channel == "*" && len(frames) > 0 {
			r.Differs, r.FirstFrame = true, frames[0] // different from the start
		}
	}
	return res, nil
}

// nameJoints gives the rows of unnamed joint targets (J3D stores no joint
// names in its animations) the name of the model's joint each drives,
// when the sides pose a model: the names the viewer shows.
func nameJoints(rows []Row, a, b Side) {
	jointOf := func(s Side) map[int]string {
		if s.Model == nil || s.Binding == nil {
			return nil
		}
		m := map[int]string{}
		for j, ti := range s.Binding.Target {
			if ti >= 0 && j < len(s.Model.Joints) {
				if _, ok := m[ti]; !ok {
					m[ti] = s.Model.Joints[j].Name
				}
			}
		}
		return m
	}
	ja, jb := jointOf(a), jointOf(b)
	for i := range rows {
		r := &rows[i]
		if r.Target != "" || r.Kind != anim.JointTarget {
			continue
		}
		if n, ok := ja[r.TargetA]; ok && r.TargetA >= 0 {
			r.Joint = n
		} else if n, ok := jb[r.TargetB]; ok && r.TargetB >= 0 {
			r.Joint = n
		}
	}
}

// appendRow adds a row, folding the channels of a target only one file
// has into one row (channel "*"): the target is a difference in itself
// (Compare marks it so: the other file leaves that joint or material
// alone), and its largest departure from the default pose says how big.
func appendRow(rows []Row, r Row) []Row {
	if r.TargetA >= 0 && r.TargetB >= 0 {
		return append(rows, r)
	}
	if n := len(rows); n > 0 && rows[n-1].TargetA == r.TargetA && rows[n-1].TargetB == r.TargetB {
		if last := &rows[n-1]; r.MaxDiff > last.MaxDiff {
			last.MaxDiff, last.AtFrame = r.MaxDiff, r.AtFrame
		}
		return rows
	}
	r.Channel, r.Slot = "*", -1
	return append(rows, r)
}

// build is sample's evaluation of one side at frames.
func build(s Side, frames []float64, rt anim.Runtime) (*sample.Doc, error) {
	opt := sample.Options{Frames: frames, Runtime: rt}
	if s.Model != nil && s.Binding != nil {
		opt.Model, opt.Binding = s.Model, s.Binding
	}
	return sample.Build("", s.Clip, opt)
}

// headers lists the clip fields that differ.
func headers(a, b *anim.Clip) []Header {
	var out []Header
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	if a.Duration != b.Duration {
		out = append(out, Header{"duration", num(a.Duration), num(b.Duration)})
	}
	if a.FPS != b.FPS {
		out = append(out, Header{"fps", num(a.FPS), num(b.FPS)})
	}
	if a.Loop != b.Loop {
		out = append(out, Header{"loopMode", a.Loop.String(), b.Loop.String()})
	}
	return out
}

// restValues are, per target, the value of every slot when no curve drives
// it: the target's base, or the bound joint's rest for the slots the clip
// leaves to the skeleton (as sample --model reports them).
func restValues(s Side, rt anim.Runtime) [][anim.NumSlots]float64 {
	out := make([][anim.NumSlots]float64, len(s.Clip.Targets))
	for i := range s.Clip.Targets {
		out[i] = s.Clip.Targets[i].Base
	}
	if s.Model == nil || s.Binding == nil {
		return out
	}
	s.Clip.SetRuntime(rt)
	pose := anim.NewPose(s.Clip)
	anim.Evaluate(s.Clip, 0, pose)
	for j, ti := range s.Binding.Target {
		if ti < 0 || ti >= len(out) || s.Clip.Targets[ti].FromRest == 0 {
			continue
		}
		v, _ := s.Model.LocalSRT(j, pose, s.Binding)
		for slot := anim.Slot(0); slot < anim.NumSlots; slot++ {
			if s.Clip.Targets[ti].FromRest.Has(slot) {
				out[ti][slot] = v[slot]
			}
		}
	}
	return out
}
