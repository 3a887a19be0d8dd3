package bfres

import (
	"fmt"

	"github.com/animscope/animscope/anim"
)

// VisibilityAnim is a bone (Wii U FVIS in index group 7, Switch FBVS) or
// material (FVIS in group 8) visibility animation. Per animated bone or
// material ("anim") there is a base bit; each curve names the anim it
// drives by its target offset and its integer value sets that bit
// (nn::g3d VisibilityAnimObj: SetBit(result, curve.targetOffset,
// EvalInt(frame))).
type VisibilityAnim struct {
	AnimHeader // flags bit 8: material visibility (FVIS)
	NumAnim    uint16
	NumCurve   uint16
	Names      []string // per anim: the bone or material
	Curves     []Curve
	// Base is each anim's visibility before the curves apply (a bit32
	// array: bit i&31 of word i>>5).
	Base []bool
	// Group is the index group a Wii U FVIS was listed in
	// (GroupBoneVisAnim or GroupMatVisAnim); -1 for a Switch FBVS.
	Group int
}

// fvisMaterial is the flag bit of material visibility animations.
const fvisMaterial = 1 << 8

// MaterialVisibility reports whether the anims of a Wii U FVIS are
// materials (else bones).
func (a *VisibilityAnim) MaterialVisibility() bool { return a.Flags&fvisMaterial != 0 }

// readVisibilityAnim reads an FVIS or FBVS: names, base bits and one
// integer or bool curve per animated bone or material at most.
func (d *decoder) readVisibilityAnim(off int64) (VisibilityAnim, error) {
	l := &d.lay.vis
	a := VisibilityAnim{Group: d.group}
	f, err := d.readAnimHeader(off, &l.animLayout, &a.AnimHeader)
	if err != nil {
		return VisibilityAnim{}, err
	}
	a.NumAnim = uint16(f.num(l.numAnims))
	a.NumCurve = uint16(f.num(l.numCurves))
	names, curves, base := f.refAt(l.names), f.refAt(l.curves), f.refAt(l.base)
	refs, err := d.animRefs(&f, &l.animLayout, &a.AnimHeader)
	if err != nil {
		return VisibilityAnim{}, err
	}
	n := int64(a.NumAnim)
	if n > 0 && (names == 0 || base == 0) {
		return VisibilityAnim{}, d.errf(off+l.names.at, "%s %q has %d anims but no name or base value array", l.magic, a.Name, n)
	}
	if a.NumCurve > 0 && curves == 0 {
		return VisibilityAnim{}, d.errf(off+l.curves.at, "%s %q has %d curves but no array", l.magic, a.Name, a.NumCurve)
	}
	cl := &d.lay.curve
	if !d.r.In(names, d.lay.refSize*n) || !d.r.In(curves, int64(a.NumCurve)*cl.size) {
		return VisibilityAnim{}, d.errf(off, "%s %q: name or curve array runs past the end of the file", l.magic, a.Name)
	}
	if a.BindIndices, err = d.u16s(refs.bind, n, l.magic+" bind index array"); err != nil {
		return VisibilityAnim{}, err
	}
	if n > 0 {
		if a.Names, err = d.names(names, n, l.magic+" name array"); err != nil {
			return VisibilityAnim{}, err
		}
		a.Base = make([]bool, n)
		if err := d.forEach(base, (n+31)/32, 4, l.magic+" base value array", func(f *fields, o int64) {
			w := f.u32(o)
			for i := 8 * o; i < min(8*o+32, n); i++ {
				a.Base[i] = w>>(uint(i)&31)&1 != 0
			}
		}); err != nil {
			return VisibilityAnim{}, err
		}
	}
	a.Curves = make([]Curve, a.NumCurve)
	seen := make([]bool, n)
	for i := range a.Curves {
		c, err := d.readCurve(curves + int64(i)*cl.size)
		if err != nil {
			return VisibilityAnim{}, err
		}
		// An FBVS animates each of its bones once; of FVIS curves on one
		// anim the last sets its bit.
		switch t := int64(c.TargetOffset); {
		case d.nx() && (t >= n || seen[t]):
			return VisibilityAnim{}, d.errf(c.FileOffset+cl.target.at, "%s %q: curve target %d is not a bone of the animation (%d bones) or is animated twice", l.magic, a.Name, t, n)
		case t >= n:
			return VisibilityAnim{}, d.errf(c.FileOffset+cl.target.at, "%s %q curve %d: target anim %d, the animation has %d", l.magic, a.Name, i, t, n)
		default:
			seen[t] = true
		}
		if !c.Type.IsInt() {
			return VisibilityAnim{}, d.errf(c.FileOffset+cl.flags.at, "%s %q curve %d: %s curve, visibility needs an integer or bool curve", l.magic, a.Name, i, c.Type)
		}
		if err := d.decode(&c, 1); err != nil {
			return VisibilityAnim{}, err
		}
		a.Curves[i] = c
	}
	if a.UserData, err = d.readUserData(refs.userData, refs.userDict, int(a.NumUserData), l.magic+" user data"); err != nil {
		return VisibilityAnim{}, err
	}
	return a, nil
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

// visibility is the curve a visibility channel plays: bool curves with
// offset 0 already give 0 or 1 and are used as they are, any other is
// clamped to what the runtime applies (nonZero).
func visibility(c *Curve) anim.Curve {
	if c.Type.IsBool() && c.Offset == 0 {
		return c.Decoded
	}
	return nonZero{c.Decoded}
}

// VisibilityClip converts Wii U visibility animation i (visibilityClip).
func (f *File) VisibilityClip(i int) *anim.Clip {
	a := &f.VisibilityAnims[i]
	return visibilityClip(a, a.MaterialVisibility())
}

// BoneVisClip converts Switch FBVS i (visibilityClip).
func (f *File) BoneVisClip(i int) *anim.Clip {
	return visibilityClip(&f.Switch.BoneVisAnims[i], false)
}

// visibilityClip converts a visibility animation: one target per anim
// (bone visibility: joint targets named after the bone, format
// "bfres-bonevis"; material visibility: shape targets named after the
// material, format "bfres-matvis"), each with a "visible" channel: the
// curve that targets it, else its base bit, which is also the target's
// base value.
func visibilityClip(a *VisibilityAnim, material bool) *anim.Clip {
	clip := a.clip("bfres-bonevis")
	kind := anim.JointTarget
	if material {
		clip.Format, kind = "bfres-matvis", anim.ShapeTarget
	}
	curves := make([]anim.Curve, len(a.Names))
	for k := range a.Curves {
		curves[a.Curves[k].TargetOffset] = visibility(&a.Curves[k])
	}
	clip.Targets = make([]anim.Target, len(a.Names))
	for j, name := range a.Names {
		t := anim.Target{Name: name, Index: j, Kind: kind, TexGen: -1, Base: anim.DefaultBase()}
		t.Base[anim.Visible] = 0
		if a.Base[j] {
			t.Base[anim.Visible] = 1
		}
		cv := curves[j]
		if cv == nil {
			cv = anim.Constant(t.Base[anim.Visible])
		}
		t.Channels = []anim.Channel{{Slot: anim.Visible, Curve: cv}}
		clip.Targets[j] = t
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
	ai := a.info()
	ai.countCurves(a.Curves)
	return ai
}
