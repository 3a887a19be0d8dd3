package bfres

import "math"

// SkeletalAnim is an FSKA subfile.
type SkeletalAnim struct {
	FileOffset   int64
	Name, Path   string
	Flags        uint32
	FrameCount   int32
	NumBoneAnims uint16
	NumUserData  uint16
	NumCurves    int32 // as the header states (FRES < 3.4: see LAYOUT.md)
	BakedSize    uint32
	BindIndices  []uint16
	BoneAnims    []BoneAnim
	UserData     []UserData
}

// FSKA flag fields.
const (
	fskaBaked = 1 << 0
	fskaLoop  = 1 << 2
)

// Baked reports the baked flag (bit 0).
func (a *SkeletalAnim) Baked() bool { return a.Flags&fskaBaked != 0 }

// Loop reports the looping flag (bit 2).
func (a *SkeletalAnim) Loop() bool { return a.Flags&fskaLoop != 0 }

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

// isBoneTarget reports whether off is a bone animation result field.
func isBoneTarget(off uint32) bool {
	switch off {
	case TargetScaleX, TargetScaleY, TargetScaleZ, TargetTranslateX, TargetTranslateY, TargetTranslateZ,
		TargetRotateX, TargetRotateY, TargetRotateZ, TargetRotateW:
		return true
	}
	return false
}

func (d *decoder) readSkeletalAnim(off int64) (SkeletalAnim, error) {
	f, err := d.structAt(off, 0x30, "FSKA header")
	if err != nil {
		return SkeletalAnim{}, err
	}
	a := SkeletalAnim{FileOffset: off}
	a.Name = f.name(0x04)
	a.Path = f.name(0x08)
	a.Flags = f.u32(0x0C)
	if d.v34 {
		a.FrameCount = f.s32(0x10)
		a.NumBoneAnims = f.u16(0x14)
		a.NumUserData = f.u16(0x16)
		a.NumCurves = f.s32(0x18)
		a.BakedSize = f.u32(0x1C)
	} else {
		a.FrameCount = int32(f.s16(0x10))
		a.NumBoneAnims = f.u16(0x12)
		a.NumCurves = f.s32(0x14)
		a.BakedSize = f.u32(0x18)
		a.NumUserData = f.u16(0x1C)
	}
	boneAnims := f.rel(0x20)
	bindIdx := f.rel(0x28)
	userData := f.rel(0x2C)
	if f.err != nil {
		return SkeletalAnim{}, f.err
	}
	if a.FrameCount < 0 {
		return SkeletalAnim{}, d.errf(off+0x10, "FSKA %q: negative frame count %d", a.Name, a.FrameCount)
	}
	if rm := a.RotationMode(); rm > rotationModeEulerXYZ {
		return SkeletalAnim{}, d.errf(off+0x0C, "FSKA %q: unknown rotation mode %d", a.Name, rm)
	}
	n := int64(a.NumBoneAnims)
	if n > 0 && boneAnims == 0 {
		return SkeletalAnim{}, d.errf(off+0x20, "FSKA %q has %d bone anims but no bone anim array", a.Name, n)
	}
	if !d.r.In(boneAnims, n*0x18) {
		return SkeletalAnim{}, d.errf(off+0x20, "FSKA %q: bone anim array (%d entries at 0x%x) runs past the end of the file", a.Name, n, boneAnims)
	}
	if bindIdx != 0 && n > 0 {
		b, err := d.structAt(bindIdx, 2*n, "FSKA bind index array")
		if err != nil {
			return SkeletalAnim{}, err
		}
		a.BindIndices = make([]uint16, n)
		for i := range a.BindIndices {
			a.BindIndices[i] = b.u16(2 * int64(i))
		}
		if b.err != nil {
			return SkeletalAnim{}, b.err
		}
	}
	a.BoneAnims = make([]BoneAnim, n)
	total := int64(0)
	for i := range a.BoneAnims {
		ba, err := d.readBoneAnim(boneAnims+int64(i)*0x18, a.Quaternion())
		if err != nil {
			return SkeletalAnim{}, err
		}
		a.BoneAnims[i] = ba
		total += int64(ba.NumCurves)
	}
	// FRES < 3.4 headers disagree between sources (LAYOUT.md): take the
	// curve counts from the bone anims there.
	if d.v34 && total != int64(a.NumCurves) {
		return SkeletalAnim{}, d.errf(off+0x18, "FSKA %q states %d curves, its bone anims hold %d", a.Name, a.NumCurves, total)
	}
	if userData != 0 {
		if a.UserData, err = d.readUserDataDict(userData, int(a.NumUserData), "FSKA user data"); err != nil {
			return SkeletalAnim{}, err
		}
	} else if a.NumUserData != 0 {
		return SkeletalAnim{}, d.errf(off+0x2C, "FSKA %q states %d user data entries but has no user data dictionary", a.Name, a.NumUserData)
	}
	return a, nil
}

func (d *decoder) readBoneAnim(off int64, quat bool) (BoneAnim, error) {
	f, err := d.structAt(off, 0x18, "bone anim")
	if err != nil {
		return BoneAnim{}, err
	}
	b := BoneAnim{FileOffset: off}
	b.Flags = f.u32(0)
	b.Name = f.name(4)
	b.BeginRotate = f.u8(8)
	b.BeginTranslate = f.u8(9)
	b.NumCurves = f.u8(0x0A)
	b.BeginBaseTranslate = f.u8(0x0B)
	b.BeginCurve = f.u8(0x0C)
	b.CurveArrayOffset = f.rel(0x10)
	b.BaseOffset = f.rel(0x14)
	if f.err != nil {
		return BoneAnim{}, f.err
	}
	b.HasScale = b.Flags&boneAnimBaseScale != 0
	b.HasRotate = b.Flags&boneAnimBaseRotate != 0
	b.HasTranslate = b.Flags&boneAnimBaseTranslate != 0
	nBase := int64(0)
	if b.HasScale {
		nBase += 3
	}
	if b.HasRotate {
		nBase += 4
	}
	if b.HasTranslate {
		nBase += 3
	}
	if nBase > 0 {
		if b.BaseOffset == 0 {
			return BoneAnim{}, d.errf(off+0x14, "bone anim %q: flags 0x%x announce base values but the offset is null", b.Name, b.Flags)
		}
		v, err := d.structAt(b.BaseOffset, 4*nBase, "bone anim base values")
		if err != nil {
			return BoneAnim{}, err
		}
		o := int64(0)
		next := func() float32 { x := v.f32(o); o += 4; return x }
		b.fillBase(next)
		if v.err != nil {
			return BoneAnim{}, v.err
		}
		if x, ok := allFinite(b.Scale[:], b.Rotate[:], b.Translate[:]); !ok {
			return BoneAnim{}, d.errf(b.BaseOffset, "bone anim %q: base value %v is not finite", b.Name, x)
		}
	}
	if b.NumCurves > 0 {
		if b.CurveArrayOffset == 0 {
			return BoneAnim{}, d.errf(off+0x10, "bone anim %q has %d curves but no curve array", b.Name, b.NumCurves)
		}
		b.Curves = make([]Curve, b.NumCurves)
		var seen [0x30 / 4]bool
		for i := range b.Curves {
			c, err := d.readCurve(b.CurveArrayOffset + int64(i)*d.curveSize())
			if err != nil {
				return BoneAnim{}, err
			}
			unit, err := d.boneCurve(b.Name, &c, &seen, quat, c.FileOffset, c.FileOffset+4)
			if err != nil {
				return BoneAnim{}, err
			}
			if err := d.decode(&c, unit); err != nil {
				return BoneAnim{}, err
			}
			b.Curves[i] = c
		}
	}
	return b, nil
}

// boneCurve checks a bone animation's curve (a float curve on a bone
// channel no other curve of the bone drives; typeOff and targetOff are
// the file offsets of its type and target fields, which differ by
// platform) and returns the unit its values are scaled by: degrees for an
// Euler rotation, else 1.
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

// fillBase sets the base values the flags announce, in file order (scale
// 3, rotate 4, translate 3 floats), from next.
func (b *BoneAnim) fillBase(next func() float32) {
	if b.HasScale {
		for k := range b.Scale {
			b.Scale[k] = next()
		}
	}
	if b.HasRotate {
		for k := range b.Rotate {
			b.Rotate[k] = next()
		}
	}
	if b.HasTranslate {
		for k := range b.Translate {
			b.Translate[k] = next()
		}
	}
}
