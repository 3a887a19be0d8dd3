package anim

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// TransformFlags are the transform hints of a NintendoWare G3d bone or
// bone animation: bits 23-27 of the ResBone / ResBoneAnim flags, shifted
// down by 23 (G3dTransformFlags). Only the G3d hierarchy modes read them.
type TransformFlags uint8

const (
	// FlagSegmentScaleCompensate: in G3dMaya the joint does not inherit
	// its parent's scale (Maya segment scale compensation).
	FlagSegmentScaleCompensate TransformFlags = 1 << iota
	FlagScaleUniform
	FlagScaleVolumeOne
	FlagRotateZero
	FlagTranslateZero

	// FlagScaleOne (both scale bits) makes G3d treat the scale as 1
	// whatever the values say; FlagRotTransZero (both bits) makes it skip
	// the rotation and translation. Either bit alone changes nothing.
	FlagScaleOne     = FlagScaleUniform | FlagScaleVolumeOne
	FlagRotTransZero = FlagRotateZero | FlagTranslateZero
)

// G3dTransformFlags extracts the transform flags from a raw ResBone or
// ResBoneAnim flag word.
func G3dTransformFlags(raw uint32) TransformFlags { return TransformFlags(raw >> 23 & 0x1f) }

// SlotMask is a set of slots (bit s for Slot s).
type SlotMask uint64

// Has reports whether s is in the set.
func (m SlotMask) Has(s Slot) bool { return s < 64 && m&(1<<s) != 0 }

// With returns the set with s added.
func (m SlotMask) With(s Slot) SlotMask { return m | 1<<s }

// local is joint j's local transform as the posing uses it: the bound
// target's pose with the slots the clip leaves to the skeleton filled
// from the joint's rest (Target.FromRest), or the rest pose; flags are
// the target's when it has its own (Target.HasFlags), else the joint's.
// It points into the pose or the joint, or, when slots are filled, at
// scratch (so that posing neither allocates nor copies every joint).
func (s *Skeleton) local(j int, pose *Pose, b *Binding, scratch *[NumSlots]float64) (v *[NumSlots]float64, quat bool, flags TransformFlags) {
	if pose != nil && b != nil && j < len(b.Target) {
		if ti := b.Target[j]; ti >= 0 && ti < len(pose.Targets) {
			return s.JointLocal(j, &pose.Targets[ti], scratch)
		}
	}
	return s.JointLocal(j, nil, scratch)
}

// restInto copies the joint's rest value of every slot in mask into v. A
// rotation slot of the other rotation kind takes the raw stored number,
// as G3d copies a bone's four rotation floats whatever its mode: Euler
// radians become quaternion x, y, z (w = the rest's QuatW, 1 for Euler
// joints as in the files) and quaternion x, y, z become Euler radians.
func (jt *Joint) restInto(v *[NumSlots]float64, mask SlotMask, quat bool) {
	for s := Slot(0); s < NumSlots; s++ {
		if !mask.Has(s) {
			continue
		}
		switch {
		case quat && !jt.Quaternion && s >= QuatX && s <= QuatZ:
			v[s] = degToRad(jt.Rest[RotX+(s-QuatX)])
		case !quat && jt.Quaternion && s.IsRotation():
			v[s] = jt.Rest[QuatX+(s-RotX)] * (180 / math.Pi)
		default:
			v[s] = jt.Rest[s]
		}
	}
}

// worldG3d is NintendoWare G3d's SkeletonObj::CalcWorld (and nn::g3d's
// CalculateWorld*) for the four FSKL scale modes, in float64. Every joint
// first gets an unscaled chain matrix P, which its children extend; its
// world matrix is P with the basis scaled afterwards:
//   - G3dNoScale: P[i] = P[p]·T·R, no scale anywhere (the root's too);
//     W = P.
//   - G3dStandard: P[i] = P[p]·S(s_p)·T·R, W[i] = P[i]·S(s_i); the
//     compensate flag is ignored (so W[i] = W[p]·T·R·S).
//   - G3dMaya: as Standard, except that a joint with
//     FlagSegmentScaleCompensate has P[i] = P[p]·T(s_p ∘ t)·R: the
//     parent's scale moves its translation only.
//   - G3dSoftimage: accumulated scale A[i] = A[p] ∘ s_i (A of a root = its
//     scale); P[i] = P[p]·T(A[p] ∘ t)·R; W[i] = P[i]·S(A[i]).
//
// FlagScaleOne makes a joint's scale 1 and FlagRotTransZero its T·R the
// identity, as the runtime's shortcuts do whatever the values say (files
// set them only where the values agree).
func (s *Skeleton) worldG3d(pose *Pose, b *Binding, out []mgl64.Mat4) {
	var scratch [NumSlots]float64
	for _, j := range s.order {
		v, quat, fl := s.local(j, pose, b, &scratch)
		sc := [3]float64{v[ScaleX], v[ScaleY], v[ScaleZ]}
		if fl&FlagScaleOne == FlagScaleOne {
			sc = [3]float64{1, 1, 1}
		}
		p := s.Joints[j].Parent
		ps := [3]float64{1, 1, 1} // the parent's scale (Softimage: accumulated)
		if p >= 0 {
			ps = stashed64(&out[p])
		}
		comp := s.Mode == G3dMaya && fl&FlagSegmentScaleCompensate != 0
		tx := [3]float64{1, 1, 1}
		if comp || s.Mode == G3dSoftimage {
			tx = ps
		}
		rt := mgl64.Ident4()
		if fl&FlagRotTransZero != FlagRotTransZero {
			rt = translateRotate(v, quat, tx[0], tx[1], tx[2])
		}
		if p >= 0 {
			parent := out[p]
			if s.Mode == G3dStandard || s.Mode == G3dMaya && !comp {
				scaleColumns(&parent, ps[0], ps[1], ps[2])
			}
			out[j] = mulAffine(&parent, &rt)
		} else {
			out[j] = rt
		}
		if s.Mode == G3dSoftimage {
			sc = [3]float64{ps[0] * sc[0], ps[1] * sc[1], ps[2] * sc[2]}
		}
		stash64(&out[j], sc)
	}
	for j := range s.Joints {
		if s.Mode != G3dNoScale {
			sc := stashed64(&out[j])
			scaleColumns(&out[j], sc[0], sc[1], sc[2])
		}
	}
	s.clearStash(out)
}

// stash64 and stashed64 keep a joint's (accumulated) scale in the bottom
// row of its matrix for its children, like stashScale but without J3D's
// float32 rounding: the G3d modes compute in float64 throughout.
func stash64(m *mgl64.Mat4, sc [3]float64) { m[3], m[7], m[11] = sc[0], sc[1], sc[2] }

func stashed64(m *mgl64.Mat4) [3]float64 { return [3]float64{m[3], m[7], m[11]} }
