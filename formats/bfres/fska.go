package bfres

import (
	"math"

	"github.com/animscope/animscope/anim"
)

// SkeletalAnim is an FSKA subfile.
type SkeletalAnim struct {
	AnimHeader
	NumBoneAnims uint16
	NumCurves    int32 // as the header states (FRES < 3.4: see LAYOUT.md)
	BoneAnims    []BoneAnim
}

// ScaleMode is flags bits 8-9 (none, standard, maya, softimage).
func (a *SkeletalAnim) ScaleMode() uint8 { return uint8(a.Flags >> 8 & 3) }

// RotationMode is flags bits 12-14: 1 Euler XYZ, 0 quaternion.
func (a *SkeletalAnim) RotationMode() uint8 { return uint8(a.Flags >> 12 & 7) }

// Quaternion reports quaternion rotation mode.
func (a *SkeletalAnim) Quaternion() bool { return a.RotationMode() == rotationModeQuat }

// BoneAnim is one bone animation (0x18 bytes).
type BoneAnim struct {
	FileOffset         int64
	Flags              uint32
	Name               string
	BeginRotate        uint8
	BeginTranslate     uint8
	NumCurves          uint8
	BeginBaseTranslate uint8
	BeginCurve         uint8 // the 4.5 files store a u8 and 3 padding bytes
	CurveArrayOffset   int64
	BaseOffset         int64
	// Base values, present as HasScale/HasRotate/HasTranslate say (flags
	// bits 3, 4, 5). Rotate is Euler radians with w = 1, or a quaternion.
	HasScale, HasRotate, HasTranslate bool
	Scale                             [3]float32
	Rotate                            [4]float32
	Translate                         [3]float32
	Curves                            []Curve
}

const (
	boneAnimBaseScale     = 1 << 3
	boneAnimBaseRotate    = 1 << 4
	boneAnimBaseTranslate = 1 << 5
)

// Bone animation curve targets (offsets into the runtime's result).
const (
	TargetScaleX     = 0x04
	TargetScaleY     = 0x08
	TargetScaleZ     = 0x0C
	TargetTranslateX = 0x10
	TargetTranslateY = 0x14
	TargetTranslateZ = 0x18
	TargetRotateX    = 0x20
	TargetRotateY    = 0x24
	TargetRotateZ    = 0x28
	TargetRotateW    = 0x2C
)

// boneSlots are the pose slots the bone animation result fields drive
// (boneSlots[target/4]), in Euler mode and in quaternion mode. noSlot
// marks the offsets that are no field, and rotate.w in Euler mode.
var boneSlots = [0x30 / 4][2]anim.Slot{
	0:                    {noSlot, noSlot},
	TargetScaleX / 4:     {anim.ScaleX, anim.ScaleX},
	TargetScaleY / 4:     {anim.ScaleY, anim.ScaleY},
	TargetScaleZ / 4:     {anim.ScaleZ, anim.ScaleZ},
	TargetTranslateX / 4: {anim.TransX, anim.TransX},
	TargetTranslateY / 4: {anim.TransY, anim.TransY},
	TargetTranslateZ / 4: {anim.TransZ, anim.TransZ},
	0x1C / 4:             {noSlot, noSlot},
	TargetRotateX / 4:    {anim.RotX, anim.QuatX},
	TargetRotateY / 4:    {anim.RotY, anim.QuatY},
	TargetRotateZ / 4:    {anim.RotZ, anim.QuatZ},
	TargetRotateW / 4:    {noSlot, anim.QuatW},
}

const noSlot = anim.NumSlots

// boneSlot maps a bone animation curve target to the pose slot it
// drives; false for an offset that is no result field, and for rotate.w
// in Euler mode.
func boneSlot(target uint32, quat bool) (anim.Slot, bool) {
	if target%4 != 0 || target/4 >= uint32(len(boneSlots)) {
		return noSlot, false
	}
	s := boneSlots[target/4][0]
	if quat {
		s = boneSlots[target/4][1]
	}
	return s, s != noSlot
}

// isBoneTarget reports whether off is a bone animation result field.
func isBoneTarget(off uint32) bool {
	_, ok := boneSlot(off, true)
	return ok
}

// readSkeletalAnim reads an FSKA, its bone anims and their curves.
func (d *decoder) readSkeletalAnim(off int64) (SkeletalAnim, error) {
	l := &d.lay.fska
	var a SkeletalAnim
	f, err := d.readAnimHeader(off, &l.animLayout, &a.AnimHeader)
	if err != nil {
		return SkeletalAnim{}, err
	}
	a.NumBoneAnims = uint16(f.num(l.numBoneAnims))
	a.NumCurves = int32(f.num(l.numCurves))
	boneAnims := f.refAt(l.boneAnims)
	refs, err := d.animRefs(&f, &l.animLayout, &a.AnimHeader)
	if err != nil {
		return SkeletalAnim{}, err
	}
	if rm := a.RotationMode(); rm > rotationModeEulerXYZ {
		return SkeletalAnim{}, d.errf(off+l.flags.at, "FSKA %q: unknown rotation mode %d", a.Name, rm)
	}
	n, stride := int64(a.NumBoneAnims), l.boneAnimSize
	if n > 0 && boneAnims == 0 {
		return SkeletalAnim{}, d.errf(off+l.boneAnims.at, "FSKA %q has %d bone anims but no bone anim array", a.Name, n)
	}
	if !d.r.In(boneAnims, n*stride) {
		return SkeletalAnim{}, d.errf(off+l.boneAnims.at, "FSKA %q: bone anim array (%d entries at 0x%x) runs past the end of the file", a.Name, n, boneAnims)
	}
	if a.BindIndices, err = d.u16s(refs.bind, n, "FSKA bind index array"); err != nil {
		return SkeletalAnim{}, err
	}
	// Where the header's curve count holds, all curves of the animation
	// come from one allocation (the count is checked against the file
	// size first, and against the bone anims below).
	var pool *[]Curve
	if d.lay.curveCountTrusted {
		if a.NumCurves < 0 || int64(a.NumCurves) > int64(d.r.Len())/d.lay.curve.size {
			return SkeletalAnim{}, d.errf(off+l.numCurves.at, "FSKA %q: curve count %d does not fit in the file", a.Name, a.NumCurves)
		}
		p := make([]Curve, a.NumCurves)
		pool = &p
	}
	a.BoneAnims = make([]BoneAnim, n)
	total := int64(0)
	for i := range a.BoneAnims {
		ba, err := d.readBoneAnim(boneAnims+int64(i)*stride, a.Quaternion(), pool)
		if err != nil {
			return SkeletalAnim{}, err
		}
		a.BoneAnims[i] = ba
		total += int64(ba.NumCurves)
	}
	if pool != nil && total != int64(a.NumCurves) {
		return SkeletalAnim{}, d.errf(off+l.numCurves.at, "FSKA %q states %d curves, its bone anims hold %d", a.Name, a.NumCurves, total)
	}
	if refs.userDict == 0 && a.NumUserData != 0 {
		return SkeletalAnim{}, d.errf(off+l.udict.at, "FSKA %q states %d user data entries but has no user data dictionary", a.Name, a.NumUserData)
	}
	if a.UserData, err = d.readUserData(refs.userData, refs.userDict, int(a.NumUserData), "FSKA user data"); err != nil {
		return SkeletalAnim{}, err
	}
	return a, nil
}

// readBoneAnim reads a bone animation: its base values and curves. The
// curves are taken from pool when there is one.
func (d *decoder) readBoneAnim(off int64, quat bool, pool *[]Curve) (BoneAnim, error) {
	l := &d.lay.boneAnim
	f, err := d.structAt(off, d.lay.fska.boneAnimSize, "bone anim")
	if err != nil {
		return BoneAnim{}, err
	}
	b := BoneAnim{FileOffset: off}
	b.Flags = uint32(f.num(l.flags))
	b.Name = f.nameAt(l.name)
	b.BeginRotate = uint8(f.num(l.beginRotate))
	b.BeginTranslate = uint8(f.num(l.beginTranslate))
	b.NumCurves = uint8(f.num(l.numCurves))
	b.BeginBaseTranslate = uint8(f.num(l.beginBaseTranslate))
	b.BeginCurve = uint8(f.num(l.beginCurve))
	b.CurveArrayOffset = f.refAt(l.curves)
	b.BaseOffset = f.refAt(l.base)
	if f.err != nil {
		return BoneAnim{}, f.err
	}
	if err := d.readBoneBase(&b, off+l.base.at); err != nil {
		return BoneAnim{}, err
	}
	if b.NumCurves == 0 {
		return b, nil
	}
	if b.CurveArrayOffset == 0 {
		return BoneAnim{}, d.errf(off+l.curves.at, "bone anim %q has %d curves but no curve array", b.Name, b.NumCurves)
	}
	if pool == nil {
		b.Curves = make([]Curve, b.NumCurves)
	} else if len(*pool) < int(b.NumCurves) {
		return BoneAnim{}, d.errf(off+l.numCurves.at, "bone anim %q: its %d curves exceed the animation's stated curve count", b.Name, b.NumCurves)
	} else {
		b.Curves, *pool = (*pool)[:b.NumCurves:b.NumCurves], (*pool)[b.NumCurves:]
	}
	cl := &d.lay.curve
	var seen [0x30 / 4]bool
	for i := range b.Curves {
		c, err := d.readCurve(b.CurveArrayOffset + int64(i)*cl.size)
		if err != nil {
			return BoneAnim{}, err
		}
		unit, err := d.boneCurve(b.Name, &c, &seen, quat, c.FileOffset+cl.flags.at, c.FileOffset+cl.target.at)
		if err != nil {
			return BoneAnim{}, err
		}
		if err := d.decode(&c, unit); err != nil {
			return BoneAnim{}, err
		}
		b.Curves[i] = c
	}
	return b, nil
}

// baseValue is one of a bone anim's base values: scale (3 floats),
// rotate (4) or translate (3), with whether its flag announces it.
type baseValue struct {
	name string
	has  bool
	v    []float32
}

// baseValues are the bone anim's base values, in the order they are
// stored.
func (b *BoneAnim) baseValues() [3]baseValue {
	return [3]baseValue{{"scale", b.HasScale, b.Scale[:]}, {"rotate", b.HasRotate, b.Rotate[:]},
		{"translate", b.HasTranslate, b.Translate[:]}}
}

// readBoneBase reads the base values the bone anim's flags announce;
// field is the file offset of its base value reference.
func (d *decoder) readBoneBase(b *BoneAnim, field int64) error {
	b.HasScale = b.Flags&boneAnimBaseScale != 0
	b.HasRotate = b.Flags&boneAnimBaseRotate != 0
	b.HasTranslate = b.Flags&boneAnimBaseTranslate != 0
	parts := b.baseValues()
	nBase := int64(0)
	for _, p := range parts {
		if p.has {
			nBase += int64(len(p.v))
		}
	}
	if nBase == 0 {
		return nil
	}
	if b.BaseOffset == 0 {
		return d.errf(field, "bone anim %q: flags 0x%x announce base values but the offset is null", b.Name, b.Flags)
	}
	v, err := d.structAt(b.BaseOffset, 4*nBase, "bone anim base values")
	if err != nil {
		return err
	}
	o := int64(0)
	for _, p := range parts {
		if p.has {
			o = v.f32s(o, p.v)
		}
	}
	if v.err != nil {
		return v.err
	}
	if x, ok := allFinite(b.Scale[:], b.Rotate[:], b.Translate[:]); !ok {
		return d.errf(b.BaseOffset, "bone anim %q: base value %v is not finite", b.Name, x)
	}
	return nil
}

// boneCurve checks a bone animation's curve (a float curve on a bone
// channel no other curve of the bone drives; typeOff and targetOff are
// the file offsets of its type and target fields) and returns the unit
// its values are scaled by: degrees for an Euler rotation, else 1.
func (d *decoder) boneCurve(bone string, c *Curve, seen *[0x30 / 4]bool, quat bool, typeOff, targetOff int64) (float64, error) {
	if c.Type.IsInt() {
		return 0, d.errf(typeOff, "bone anim %q: %s curve on a bone channel (bone channels are float)", bone, c.Type)
	}
	if !isBoneTarget(c.TargetOffset) {
		return 0, d.errf(targetOff, "bone anim %q: curve target 0x%x is not a bone channel", bone, c.TargetOffset)
	}
	if seen[c.TargetOffset/4] {
		return 0, d.errf(targetOff, "bone anim %q: two curves drive target 0x%x", bone, c.TargetOffset)
	}
	seen[c.TargetOffset/4] = true
	if !quat && c.TargetOffset >= TargetRotateX && c.TargetOffset <= TargetRotateZ {
		return 180 / math.Pi, nil
	}
	return 1, nil
}

// curveChunk is how many curves storedCurve allocates at once.
const curveChunk = 256

// storedCurve hands out a zero curve from the current chunk.
func (d *decoder) storedCurve() *storedCurve {
	if len(d.curves) == 0 {
		d.curves = make([]storedCurve, curveChunk)
	}
	c := &d.curves[0]
	d.curves = d.curves[1:]
	return c
}
