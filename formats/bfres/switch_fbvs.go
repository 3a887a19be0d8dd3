package bfres

import (
	"github.com/animscope/animscope/anim"
)

// BoneVisAnim is an FBVS bone visibility animation: per bone a base bit
// and optionally one integer/bool curve whose target is the bone's index
// in the animation's name list.
type BoneVisAnim struct {
	FileOffset  int64
	Name, Path  string
	Flags       uint16
	FrameCount  int32
	NumUserData uint16
	NumAnims    uint16
	NumCurves   uint16
	BakedSize   uint32
	BindIndices []uint16
	Names       []string
	Base        []bool
	Curves      []Curve
	UserData    []UserData
}

// Loop reports the looping flag (bit 2).
func (a *BoneVisAnim) Loop() bool { return a.Flags&fskaLoop != 0 }

// Baked reports the baked flag (bit 0).
func (a *BoneVisAnim) Baked() bool { return a.Flags&fskaBaked != 0 }

// nxReadBoneVisAnim reads an FBVS (v5/v8 0x68 bytes, v9+ 0x60).
func (d *decoder) nxReadBoneVisAnim(off int64) (BoneVisAnim, error) {
	size := int64(0x68)
	if d.lay.major >= 9 {
		size = 0x60
	}
	f, err := d.structAt(off, size, "FBVS header")
	if err != nil {
		return BoneVisAnim{}, err
	}
	hb := d.blockFields()
	a := BoneVisAnim{FileOffset: off}
	a.Name = f.name(hb)
	a.Path = f.name(hb + 8)
	bindIdx := f.ref(hb + 0x18)
	curveOff := f.ref(hb + 0x20)
	baseOff := f.ref(hb + 0x28)
	namesOff := f.ref(hb + 0x30)
	udValues := f.ref(hb + 0x38)
	udDict := f.ref(hb + 0x40)
	if d.lay.major >= 9 {
		a.Flags = f.u16(4)
	} else {
		a.Flags = f.u16(hb + 0x48)
	}
	a.NumUserData = f.u16(hb + 0x4A)
	a.FrameCount = f.s32(hb + 0x4C)
	a.NumAnims = f.u16(hb + 0x50)
	a.NumCurves = f.u16(hb + 0x52)
	a.BakedSize = f.u32(hb + 0x54)
	if f.err != nil {
		return a, f.err
	}
	if a.FrameCount < 0 {
		return a, d.errf(off+hb+0x4C, "FBVS %q: negative frame count %d", a.Name, a.FrameCount)
	}
	n := int64(a.NumAnims)
	if n > 0 && namesOff == 0 {
		return a, d.errf(off+hb+0x30, "FBVS %q has %d bones but no name array", a.Name, n)
	}
	if n > 0 && baseOff == 0 {
		return a, d.errf(off+hb+0x28, "FBVS %q has %d bones but no base value array", a.Name, n)
	}
	if a.NumCurves > 0 && curveOff == 0 {
		return a, d.errf(off+hb+0x20, "FBVS %q has %d curves but no curve array", a.Name, a.NumCurves)
	}
	if !d.r.In(namesOff, 8*n) || !d.r.In(curveOff, int64(a.NumCurves)*d.lay.curve.size) {
		return a, d.errf(off, "FBVS %q: name or curve array runs past the end of the file", a.Name)
	}
	if a.BindIndices, err = d.u16s(bindIdx, n, "FBVS bind index array"); err != nil {
		return a, err
	}
	nf, err := d.structAt(namesOff, 8*n, "FBVS name array")
	if err != nil {
		return a, err
	}
	a.Names = make([]string, n)
	for i := range a.Names {
		a.Names[i] = nf.name(8 * int64(i))
	}
	if nf.err != nil {
		return a, nf.err
	}
	if n > 0 {
		words := (n + 31) / 32
		bf, err := d.structAt(baseOff, 4*words, "FBVS base value bits")
		if err != nil {
			return a, err
		}
		a.Base = make([]bool, n)
		for i := range a.Base {
			a.Base[i] = bf.u32(4*(int64(i)>>5))>>(i&31)&1 != 0
		}
		if bf.err != nil {
			return a, bf.err
		}
	}
	a.Curves = make([]Curve, a.NumCurves)
	seen := make([]bool, n)
	for i := range a.Curves {
		c, err := d.readCurve(curveOff + int64(i)*d.lay.curve.size)
		if err != nil {
			return a, err
		}
		if !c.Type.IsInt() {
			return a, d.errf(c.FileOffset+0x10, "FBVS %q: %s curve (bone visibility curves are bool or int)", a.Name, c.Type)
		}
		if int64(c.TargetOffset) >= n || seen[c.TargetOffset] {
			return a, d.errf(c.FileOffset+0x14, "FBVS %q: curve target %d is not a bone of the animation (%d bones) or is animated twice", a.Name, c.TargetOffset, n)
		}
		seen[c.TargetOffset] = true
		if err := d.decode(&c, 1); err != nil {
			return a, err
		}
		a.Curves[i] = c
	}
	if a.UserData, err = d.readUserData(udValues, udDict, int(a.NumUserData), "FBVS user data"); err != nil {
		return a, err
	}
	return a, nil
}

// visibleCurve clamps an integer/bool curve to the visibility the runtime
// applies: any non-zero value shows the bone.
// Curves that already give 0 or 1 (bool curves with offset 0) are used
// directly.
type visibleCurve struct{ *anim.NWCurve }

func (v visibleCurve) Eval(f float64) float64 {
	if v.NWCurve.Eval(f) != 0 {
		return 1
	}
	return 0
}

func visibility(c *Curve) anim.Curve {
	if c.Type.IsBool() && c.Offset == 0 {
		return c.Decoded
	}
	return visibleCurve{c.Decoded}
}

// switchCurveFor finds the stored curve behind a bone visibility channel
// (see CurveFor).
func (f *File) switchCurveFor(c anim.Curve) *Curve {
	if f.Switch == nil {
		return nil
	}
	nw, ok := c.(*anim.NWCurve)
	if v, isVis := c.(visibleCurve); isVis {
		nw, ok = v.NWCurve, true
	}
	if !ok || nw == nil {
		return nil
	}
	for i := range f.Switch.BoneVisAnims {
		cs := f.Switch.BoneVisAnims[i].Curves
		for k := range cs {
			if cs[k].Decoded == nw {
				return &cs[k]
			}
		}
	}
	for i := range f.Switch.MaterialAnims {
		for j := range f.Switch.MaterialAnims[i].MaterialAnims {
			cs := f.Switch.MaterialAnims[i].MaterialAnims[j].Curves
			for k := range cs {
				if cs[k].Decoded == nw {
					return &cs[k]
				}
			}
		}
	}
	return nil
}

// BoneVisClip converts FBVS i: one joint target per bone of the animation,
// with the single channel visible (0/1).
func (f *File) BoneVisClip(i int) *anim.Clip {
	a := &f.Switch.BoneVisAnims[i]
	clip := &anim.Clip{Name: a.Name, Format: "bfres-bonevis", Duration: float64(a.FrameCount), FPS: FPS, Loop: loopMode(a.Loop()),
		Targets: make([]anim.Target, len(a.Names))}
	curves := make([]anim.Curve, len(a.Names))
	for k := range a.Curves {
		curves[a.Curves[k].TargetOffset] = visibility(&a.Curves[k])
	}
	for bi, name := range a.Names {
		t := &clip.Targets[bi]
		t.Name, t.Index, t.Kind, t.TexGen = name, bi, anim.JointTarget, -1
		t.Base = anim.DefaultBase()
		t.Base[anim.Visible] = 0
		if a.Base[bi] {
			t.Base[anim.Visible] = 1
		}
		cv := curves[bi]
		if cv == nil {
			cv = anim.Constant(t.Base[anim.Visible])
		}
		t.Channels = []anim.Channel{{Slot: anim.Visible, Curve: cv}}
	}
	return clip
}

// switchClips converts the Switch-only animations: bone visibility, then
// the material animations that are not pure texture SRT (MaterialClip).
func (f *File) switchClips() []*anim.Clip {
	if f.Switch == nil {
		return nil
	}
	var out []*anim.Clip
	for i := range f.Switch.BoneVisAnims {
		out = append(out, f.BoneVisClip(i))
	}
	for _, i := range f.materialClipAnims() {
		c, _ := f.MaterialClip(i)
		out = append(out, c)
	}
	return out
}
