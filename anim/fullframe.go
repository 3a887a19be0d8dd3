package anim

import (
	"fmt"
	"math"
)

// FullFrame is a track stored as one value per frame and looked up as
// Nintendo's JSystem runtime does (J3DAnmTransformFull, J3DAnmTexPattern,
// J3DAnmVisibilityFull): frames before 0 (and NaN) read the first value;
// otherwise the frame, as an f32, picks value i = (int)(frame + 0.5) when
// Round is set and the runtime is the later one (Early unset), else
// i = (int)frame; i at or past the end reads the last value. Values hold
// between frames: there is no interpolation. The track's length need not
// be the clip's duration + 1.
//
// Values are float32, as the games store them (f32 scale and translation,
// s16 angles converted to degrees, u16 texture numbers and 0/1 visibility
// are all exact in float32), so a decoder can hand out sub-slices of its
// tables without copying. Evaluate handles FullFrame curves in its plan
// without interface calls.
type FullFrame struct {
	Values []float32
	// Round selects the later runtime's round-half-up index (J3D BCA and
	// BVA); J3D BTP truncates in every runtime.
	Round bool
	// Early selects the earlier runtime's truncating index (SetRuntime).
	Early bool
}

// fullIndex is the value index for frame x of a track of n values.
func fullIndex(x float32, n int, round bool) int {
	if !(x >= 0) {
		return 0
	}
	if round {
		x += 0.5
	}
	if x >= float32(n) {
		return n - 1
	}
	return int(x)
}

// Index is the value index the game reads at frame f.
func (c *FullFrame) Index(f float64) int {
	return fullIndex(float32(f), len(c.Values), c.Round && !c.Early)
}

// Eval implements Curve.
func (c *FullFrame) Eval(f float64) float64 {
	if len(c.Values) == 0 {
		return 0
	}
	return float64(c.Values[c.Index(f)])
}

// SetRuntime implements RuntimeCurve.
func (c *FullFrame) SetRuntime(r Runtime) { c.Early = r == EarlyRuntime }

// Kind implements Curve.
func (*FullFrame) Kind() CurveKind { return KindFullFrame }

// NumKeys implements Curve: every stored frame is a key.
func (c *FullFrame) NumKeys() int { return len(c.Values) }

// Key implements Curve.
func (c *FullFrame) Key(i int) Key { return Key{Frame: float64(i), Value: float64(c.Values[i])} }

// Validate implements Curve.
func (c *FullFrame) Validate() error {
	if len(c.Values) == 0 {
		return fmt.Errorf("full-frame track without values")
	}
	for i, v := range c.Values {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return fmt.Errorf("value %d (%v) is not finite", i, v)
		}
	}
	return nil
}

// fullChannel is a FullFrame curve in an evaluation plan, with its index
// rule resolved (Clip.SetRuntime rebuilds the plan).
type fullChannel struct {
	values []float32
	target int32
	slot   Slot
	round  bool
}

func newFullChannel(c *FullFrame, target int, slot Slot) fullChannel {
	return fullChannel{values: c.Values, target: int32(target), slot: slot, round: c.Round && !c.Early}
}

// evaluateFull is the plan's loop over full-frame channels: the f32 frame
// is computed once, each channel costs an index and a load.
func evaluateFull(full []fullChannel, f float64, targets []TargetPose) {
	x := float32(f)
	for i := range full {
		fc := &full[i]
		targets[fc.target].V[fc.slot] = float64(fc.values[fullIndex(x, len(fc.values), fc.round)])
	}
}
