package writeback

import (
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/bfres"
)

// fskaChannel is one bone curve target and the pose slot it drives.
type fskaChannel struct {
	target uint32
	slot   anim.Slot
}

// Bone curves in the order the files store them (by target offset):
// scale, translation, rotation (x, y, z, and w for quaternions).
var (
	fskaEuler = []fskaChannel{
		{bfres.TargetScaleX, anim.ScaleX}, {bfres.TargetScaleY, anim.ScaleY}, {bfres.TargetScaleZ, anim.ScaleZ},
		{bfres.TargetTranslateX, anim.TransX}, {bfres.TargetTranslateY, anim.TransY}, {bfres.TargetTranslateZ, anim.TransZ},
		{bfres.TargetRotateX, anim.RotX}, {bfres.TargetRotateY, anim.RotY}, {bfres.TargetRotateZ, anim.RotZ},
	}
	fskaQuat = []fskaChannel{
		{bfres.TargetScaleX, anim.ScaleX}, {bfres.TargetScaleY, anim.ScaleY}, {bfres.TargetScaleZ, anim.ScaleZ},
		{bfres.TargetTranslateX, anim.TransX}, {bfres.TargetTranslateY, anim.TransY}, {bfres.TargetTranslateZ, anim.TransZ},
		{bfres.TargetRotateX, anim.QuatX}, {bfres.TargetRotateY, anim.QuatY}, {bfres.TargetRotateZ, anim.QuatZ}, {bfres.TargetRotateW, anim.QuatW},
	}
)

// fskaBuild holds the fitted bone anims of the driven joints.
type fskaBuild struct {
	target   *bfres.SkeletalAnim
	le       bool // Switch: little-endian curve arrays
	bind     *anim.Binding
	match    *Match
	id       *ideal
	jumps    []jump // where the glTF jumps (solveJumps, after between)
	duration int
	fitted   []bfres.BoneAnim // per joint, for the dirty ones fitted so far
}

// share is the part of a channel's tolerance the cubic fit takes; the
// rest is left to EncodeCurve's quantization of the coefficients.
const share = 0.5

// fit refits the bone anims of the joints marked dirty.
func (b *fskaBuild) fit(tol *tolerances, dirty []bool) error {
	quat := b.target.Quaternion()
	chans := fskaEuler
	if quat {
		chans = fskaQuat
	}
	wrapPre, wrapPost := b.wraps()
	for j, d := range dirty {
		if !d {
			continue
		}
		bi := b.bind.Target[j]
		ba := b.target.BoneAnims[bi]
		orig := ba.Curves
		ba.Curves = nil
		var base [anim.NumSlots]float64
		for _, ch := range chans {
			ys := b.id.values[j][ch.slot]
			t := tol.trans[j]
			switch {
			case ch.slot <= anim.ScaleZ:
				t = tol.scale[j]
			case ch.target >= bfres.TargetRotateX && quat:
				// A quaternion component off by e turns the bone by
				// up to about 2e radians; half of that again for the
				// components erring together.
				t = tol.rotDeg[j] * math.Pi / 180 / 4
			case ch.target >= bfres.TargetRotateX:
				t = tol.rotDeg[j]
			}
			if c, ok := b.kept(orig, j, ch, t); ok {
				// A scale or translation the glTF plays as the target
				// does keeps the target's curve or value.
				base[ch.slot] = b.id.origVals[j][ch.slot][0]
				if c != nil {
					ba.Curves = append(ba.Curves, *c)
				}
				continue
			}
			keys := fitPieces(b.id.frames, ys, b.jumps, j, ch.slot, t, share*t, quantizer{})
			base[ch.slot] = keys[0].v
			if len(keys) == 1 {
				continue
			}
			c, err := b.encode(ch.target, keys, (1-share)*t, quat, wrapPre, wrapPost)
			if err != nil {
				return fmt.Errorf("bone %q: %v", ba.Name, err)
			}
			ba.Curves = append(ba.Curves, c)
		}
		setBase(&ba, &base, quat)
		ba.Flags = ba.Flags&^(uint32(valueHints)<<23) | uint32(hintsOf(&ba, quat))<<23
		b.fitted[j] = ba
	}
	return nil
}

// kept reports whether joint j's channel ch (a scale or translation
// component) keeps the target's: the glTF plays it within tol of the
// target throughout a clip of the target's length (ideal.keepsSlot). c is
// then the target's curve of it among orig, nil where a base value
// holds it.
func (b *fskaBuild) kept(orig []bfres.Curve, j int, ch fskaChannel, tol float64) (c *bfres.Curve, ok bool) {
	if ch.slot > anim.TransZ || b.duration != int(b.target.FrameCount) || !b.id.keepsSlot(j, ch.slot, tol) {
		return nil, false
	}
	for i := range orig {
		if orig[i].TargetOffset == ch.target {
			return &orig[i], true
		}
	}
	return nil, true
}

// wraps are the target's curves' pre- and post-wrap modes (the first
// curve's; clamp without curves), which the new curves take so that a
// looping clip keeps looping as before past its end.
func (b *fskaBuild) wraps() (anim.NWWrap, anim.NWWrap) {
	for i := range b.target.BoneAnims {
		if cs := b.target.BoneAnims[i].Curves; len(cs) > 0 {
			return cs[0].PreWrap, cs[0].PostWrap
		}
	}
	return anim.NWClamp, anim.NWClamp
}

// encode stores fitted Hermite keys as a cubic curve: per segment the
// power-basis coefficients of the same polynomial over t normalized to
// the segment, the last key holding its value. Of two keys at one frame
// (a jump, fitPieces) the first only ends the segment before: the curve
// holds the second.
func (b *fskaBuild) encode(target uint32, keys []hkey, tol float64, quat bool, pre, post anim.NWWrap) (bfres.Curve, error) {
	frames := make([]float64, 0, len(keys))
	values := make([][]float64, 0, len(keys))
	for i, k := range keys {
		if i == len(keys)-1 {
			frames, values = append(frames, k.t), append(values, []float64{k.v, 0, 0, 0})
			continue
		}
		n := keys[i+1]
		l := n.t - k.t
		if l == 0 {
			continue
		}
		s0, s1 := k.out*l, n.in*l
		frames = append(frames, k.t)
		values = append(values, []float64{k.v, s0, -3*k.v + 3*n.v - 2*s0 - s1, 2*k.v - 2*n.v + s0 + s1})
	}
	return bfres.EncodeCurve(bfres.CurveSpec{
		Type: anim.NWCubic, Target: target, Start: 0, End: float64(b.duration),
		PreWrap: pre, PostWrap: post, Frames: frames, Values: values,
		Unit: bfres.BoneCurveUnit(target, quat), Tolerance: tol, LittleEndian: b.le,
	})
}

// setBase gives a fitted bone anim every base value (the constant of a
// channel without a curve, the first value of one with), where the
// target's may have taken some from the bone's rest; the begin indices
// of the base array follow (rotation after scale, translation after
// rotation, in floats).
func setBase(ba *bfres.BoneAnim, v *[anim.NumSlots]float64, quat bool) {
	ba.HasScale, ba.HasRotate, ba.HasTranslate = true, true, true
	ba.Scale = [3]float32{float32(v[anim.ScaleX]), float32(v[anim.ScaleY]), float32(v[anim.ScaleZ])}
	ba.Translate = [3]float32{float32(v[anim.TransX]), float32(v[anim.TransY]), float32(v[anim.TransZ])}
	if quat {
		ba.Rotate = [4]float32{float32(v[anim.QuatX]), float32(v[anim.QuatY]), float32(v[anim.QuatZ]), float32(v[anim.QuatW])}
	} else {
		const rad = math.Pi / 180
		ba.Rotate = [4]float32{float32(v[anim.RotX] * rad), float32(v[anim.RotY] * rad), float32(v[anim.RotZ] * rad), 1}
	}
	ba.BeginRotate, ba.BeginBaseTranslate = 3, 7
}

// assemble is the target clip with the fitted bone anims in place of
// those of the joints fitted and not kept, and the frame count.
func (b *fskaBuild) assemble() *bfres.SkeletalAnim {
	a := *b.target
	a.FrameCount = int32(b.duration)
	a.BoneAnims = append([]bfres.BoneAnim(nil), b.target.BoneAnims...)
	for j, d := range b.match.Driven {
		if d && !b.id.same[j] && b.bind.Target[j] >= 0 {
			a.BoneAnims[b.bind.Target[j]] = b.fitted[j]
		}
	}
	return &a
}

// valueHints are the G3d transform flags that say a bone's scale is one
// or its rotation and translation zero, which the runtime takes on trust.
const valueHints = anim.FlagScaleOne | anim.FlagRotTransZero

// hintsOf are the value hints that hold for a fitted bone anim: both
// scale bits where its scale is one throughout, both rotation and
// translation bits where those are zero throughout (as the target's
// converter sets them; the runtime then skips the values).
func hintsOf(ba *bfres.BoneAnim, quat bool) anim.TransformFlags {
	var scaled, moved bool
	for _, c := range ba.Curves {
		if c.TargetOffset < bfres.TargetTranslateX {
			scaled = true
		} else {
			moved = true
		}
	}
	var h anim.TransformFlags
	if !scaled && ba.Scale == [3]float32{1, 1, 1} {
		h |= anim.FlagScaleOne
	}
	rot := ba.Rotate == [4]float32{0, 0, 0, 1}
	if !quat {
		rot = ba.Rotate[0] == 0 && ba.Rotate[1] == 0 && ba.Rotate[2] == 0
	}
	if !moved && rot && ba.Translate == [3]float32{} {
		h |= anim.FlagRotTransZero
	}
	return h
}
