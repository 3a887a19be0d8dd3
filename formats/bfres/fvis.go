package bfres

import (
	"fmt"

	"github.com/animscope/animscope/anim"
)

// VisibilityAnim is a Wii U FVIS subfile (0x34 bytes): bone (index group
// 7) or material (group 8) visibility. Per animated bone or material
// ("anim") there is a base bit; each curve names the anim it drives by its
// target offset and its integer value sets that bit (nn::g3d
// VisibilityAnimObj: SetBit(result, curve.targetOffset, EvalInt(frame))).
type VisibilityAnim struct {
	FileOffset  int64
	Name, Path  string
	Flags       uint16 // bit 0 baked, bit 2 loop, bit 8 material visibility
	NumUserData uint16
	FrameCount  int32
	NumAnim     uint16
	NumCurve    uint16
	BakedSize   uint32
	BindIndices []uint16
	Names       []string // per anim: the bone or material
	Curves      []Curve
	// Base is each anim's visibility before the curves apply (a bit32
	// array: bit i&31 of word i>>5).
	Base []bool
	// Group is the index group it was listed in (GroupBoneVisAnim or
	// GroupMatVisAnim).
	Group int
}

// fvisMaterial is the flag bit of material visibility animations.
const fvisMaterial = 1 << 8

// Loop reports the looping flag (bit 2).
func (a *VisibilityAnim) Loop() bool { return a.Flags&fskaLoop != 0 }

// MaterialVisibility reports whether the anims are materials (else bones).
func (a *VisibilityAnim) MaterialVisibility() bool { return a.Flags&fvisMaterial != 0 }

func (d *decoder) readVisibilityAnim(off int64) (VisibilityAnim, error) {
	f, err := d.structAt(off, 0x34, "FVIS header")
	if err != nil {
		return VisibilityAnim{}, err
	}
	a := VisibilityAnim{FileOffset: off, Name: f.name(0x04), Path: f.name(0x08), Flags: f.u16(0x0C)}
	if d.v34() {
		a.NumUserData = f.u16(0x0E)
		a.FrameCount = f.s32(0x10)
		a.NumAnim = f.u16(0x14)
		a.NumCurve = f.u16(0x16)
		a.BakedSize = f.u32(0x18)
	} else {
		a.FrameCount = int32(f.s16(0x0E))
		a.NumAnim = f.u16(0x10)
		a.NumCurve = f.u16(0x12)
		a.BakedSize = f.u32(0x14)
		a.NumUserData = f.u16(0x18)
	}
	bindIdx, names, curves, base := f.ref(0x20), f.ref(0x24), f.ref(0x28), f.ref(0x2C)
	if f.err != nil {
		return VisibilityAnim{}, f.err
	}
	if a.FrameCount < 0 {
		return VisibilityAnim{}, d.errf(off+0x10, "FVIS %q: negative frame count %d", a.Name, a.FrameCount)
	}
	n := int64(a.NumAnim)
	if n > 0 && (names == 0 || base == 0) {
		return VisibilityAnim{}, d.errf(off+0x24, "FVIS %q has %d anims but no name or base value array", a.Name, n)
	}
	if bindIdx != 0 && n > 0 {
		b, err := d.structAt(bindIdx, 2*n, "FVIS bind index array")
		if err != nil {
			return VisibilityAnim{}, err
		}
		a.BindIndices = make([]uint16, n)
		for i := range a.BindIndices {
			a.BindIndices[i] = b.u16(2 * int64(i))
		}
	}
	if n > 0 {
		nf, err := d.structAt(names, 4*n, "FVIS name array")
		if err != nil {
			return VisibilityAnim{}, err
		}
		a.Names = make([]string, n)
		for i := range a.Names {
			a.Names[i] = nf.name(4 * int64(i))
		}
		if nf.err != nil {
			return VisibilityAnim{}, nf.err
		}
		words := (n + 31) / 32
		bf, err := d.structAt(base, 4*words, "FVIS base value array")
		if err != nil {
			return VisibilityAnim{}, err
		}
		a.Base = make([]bool, n)
		for i := range a.Base {
			a.Base[i] = bf.u32(4*int64(i>>5))>>(uint(i)&31)&1 != 0
		}
	}
	if a.NumCurve > 0 && curves == 0 {
		return VisibilityAnim{}, d.errf(off+0x28, "FVIS %q has %d curves but no array", a.Name, a.NumCurve)
	}
	a.Curves = make([]Curve, a.NumCurve)
	for i := range a.Curves {
		c, err := d.readCurve(curves + int64(i)*d.lay.curve.size)
		if err != nil {
			return VisibilityAnim{}, err
		}
		if int64(c.TargetOffset) >= n {
			return VisibilityAnim{}, d.errf(c.FileOffset+4, "FVIS %q curve %d: target anim %d, the animation has %d", a.Name, i, c.TargetOffset, n)
		}
		if !c.Type.IsInt() {
			return VisibilityAnim{}, d.errf(c.FileOffset, "FVIS %q curve %d: %s curve, visibility needs an integer or bool curve", a.Name, i, c.Type)
		}
		if err := d.decode(&c, 1); err != nil {
			return VisibilityAnim{}, err
		}
		a.Curves[i] = c
	}
	return a, nil
}

// readVisGroups reads the FVIS subfiles of the bone and material
// visibility groups into f.VisibilityAnims.
func (d *decoder) readVisGroups(f *File) error {
	for _, g := range []int{GroupBoneVisAnim, GroupMatVisAnim} {
		grp := f.Groups[g]
		if grp == nil {
			continue
		}
		for _, e := range grp.Entries {
			a, err := d.readVisibilityAnim(e.DataOffset)
			if err != nil {
				return err
			}
			a.Group = g
			f.VisibilityAnims = append(f.VisibilityAnims, a)
		}
	}
	return nil
}

// nonZero is a visibility curve: 1 where the stored integer is non-zero
// (the bit SetBit stores), else 0.
type nonZero struct{ *anim.NWCurve }

func (c nonZero) Eval(f float64) float64 {
	if c.NWCurve.Eval(f) != 0 {
		return 1
	}
	return 0
}

func (c nonZero) Key(i int) anim.Key {
	k := c.NWCurve.Key(i)
	if k.Value != 0 {
		k.Value = 1
	}
	return k
}

// VisibilityClip converts visibility animation i: one target per anim
// (bone visibility: joint targets named after the bone, format
// "bfres-bonevis"; material visibility: shape targets named after the
// material, format "bfres-matvis"), each with a "visible" channel: the
// curve that targets it, else its base bit.
func (f *File) VisibilityClip(i int) *anim.Clip {
	a := &f.VisibilityAnims[i]
	clip := &anim.Clip{Name: a.Name, Format: "bfres-bonevis", Duration: float64(a.FrameCount), FPS: FPS, Loop: loopMode(a.Loop())}
	kind := anim.JointTarget
	if a.MaterialVisibility() {
		clip.Format, kind = "bfres-matvis", anim.ShapeTarget
	}
	curves := make([]anim.Curve, len(a.Names))
	for k := range a.Curves {
		curves[a.Curves[k].TargetOffset] = nonZero{a.Curves[k].Decoded}
	}
	clip.Targets = make([]anim.Target, len(a.Names))
	for j, name := range a.Names {
		cv := curves[j]
		if cv == nil {
			v := 0.0
			if a.Base[j] {
				v = 1
			}
			cv = anim.Constant(v)
		}
		clip.Targets[j] = anim.Target{Name: name, Index: j, Kind: kind, TexGen: -1, Base: anim.DefaultBase(),
			Channels: []anim.Channel{{Slot: anim.Visible, Curve: cv}}}
	}
	return clip
}

// String names the animation for messages.
func (a *VisibilityAnim) String() string {
	kind := "bone"
	if a.MaterialVisibility() {
		kind = "material"
	}
	return fmt.Sprintf("%s visibility %q", kind, a.Name)
}

// visInfo is the `info` summary of a visibility animation.
func visInfo(a *VisibilityAnim) AnimInfo {
	ai := AnimInfo{Name: a.Name, Frames: a.FrameCount, Loop: a.Loop(), Baked: a.Flags&fskaBaked != 0, CurveKinds: map[string]int{}}
	ai.countCurves(a.Curves)
	return ai
}
