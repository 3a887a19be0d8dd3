package bfres

import (
	"github.com/animscope/animscope/anim"
)

// TexPatternAnim is a Wii U FTXP subfile (index group 6, 0x38 bytes from
// version 3.4, the pre-3.4 header packs its counts differently). Each
// material anim holds pattern anims (one per sampler it animates), each
// with a base texture number and optionally a curve whose integer value
// replaces it (nn::g3d ResTexPatternMatAnim::Eval: result = (u16)
// curve.EvalInt(frame); Init: result = base value). The numbers index the
// FTXP's texture references.
type TexPatternAnim struct {
	AnimHeader
	NumTextureRef uint16
	NumMatAnim    uint16
	NumPatAnim    int32
	NumCurve      int32
	MaterialAnims []TexPatternMatAnim
	// TextureNames are the texture references' names (from the dictionary
	// of version 3.4 files; nil for older files).
	TextureNames []string
}

// TexPatternMatAnim is one material's pattern anims (0x1C bytes).
type TexPatternMatAnim struct {
	FileOffset   int64
	NumPatAnim   uint16
	NumCurve     uint16
	BeginCurve   int32
	BeginPatAnim int32
	Name         string
	Patterns     []PatAnimInfo
	Curves       []Curve
	Base         []uint16 // per pattern anim
}

// PatAnimInfo is one pattern anim (8 bytes): the curve driving it (-1:
// none, the base value holds) and the sampler it animates.
type PatAnimInfo struct {
	CurveIndex   int8
	SubBindIndex int8
	Sampler      string
}

// readTexPatternAnim reads a Wii U FTXP, its texture reference names and
// material anims.
func (d *decoder) readTexPatternAnim(off int64) (TexPatternAnim, error) {
	l := &d.lay.ftxp
	var a TexPatternAnim
	f, err := d.readAnimHeader(off, &l.animLayout, &a.AnimHeader)
	if err != nil {
		return TexPatternAnim{}, err
	}
	a.NumTextureRef = uint16(f.num(l.numTextureRefs))
	a.NumMatAnim = uint16(f.num(l.numMatAnim))
	a.NumPatAnim = int32(f.num(l.numPatAnims))
	a.NumCurve = int32(f.num(l.numCurves))
	matAnims, texRefs := f.refAt(l.matAnims), f.refAt(l.textureRefs)
	refs, err := d.animRefs(&f, &l.animLayout, &a.AnimHeader)
	if err != nil {
		return TexPatternAnim{}, err
	}
	n := int64(a.NumMatAnim)
	if n > 0 && matAnims == 0 {
		return TexPatternAnim{}, d.errf(off+l.matAnims.at, "FTXP %q has %d material anims but no array", a.Name, n)
	}
	if a.BindIndices, err = d.u16s(refs.bind, n, "FTXP bind index array"); err != nil {
		return TexPatternAnim{}, err
	}
	if texRefs != 0 {
		dict, err := d.readDict(texRefs, 0, 0, "FTXP texture reference dictionary")
		if err != nil {
			return TexPatternAnim{}, err
		}
		for _, e := range dict.Entries {
			a.TextureNames = append(a.TextureNames, e.Name)
		}
	}
	a.MaterialAnims = make([]TexPatternMatAnim, n)
	for i := range a.MaterialAnims {
		if a.MaterialAnims[i], err = d.readTexPatternMatAnim(matAnims+int64(i)*0x1C, a.Name); err != nil {
			return TexPatternAnim{}, err
		}
	}
	return a, nil
}

func (d *decoder) readTexPatternMatAnim(off int64, anim string) (TexPatternMatAnim, error) {
	f, err := d.structAt(off, 0x1C, "FTXP material anim")
	if err != nil {
		return TexPatternMatAnim{}, err
	}
	m := TexPatternMatAnim{FileOffset: off, NumPatAnim: f.u16(0), NumCurve: f.u16(2), BeginCurve: f.s32(4), BeginPatAnim: f.s32(8), Name: f.name(0x0C)}
	infos, curves, base := f.ref(0x10), f.ref(0x14), f.ref(0x18)
	if f.err != nil {
		return TexPatternMatAnim{}, f.err
	}
	np := int64(m.NumPatAnim)
	if np > 0 && (infos == 0 || base == 0) {
		return TexPatternMatAnim{}, d.errf(off+0x10, "FTXP %q material %q has %d pattern anims but no info or base value array", anim, m.Name, np)
	}
	if np > 0 {
		pf, err := d.structAt(infos, 8*np, "FTXP pattern anim infos")
		if err != nil {
			return TexPatternMatAnim{}, err
		}
		bf, err := d.structAt(base, 2*np, "FTXP base values")
		if err != nil {
			return TexPatternMatAnim{}, err
		}
		m.Patterns = make([]PatAnimInfo, np)
		m.Base = make([]uint16, np)
		for i := range m.Patterns {
			p := &m.Patterns[i]
			p.CurveIndex, p.SubBindIndex, p.Sampler = int8(pf.u8(8*int64(i))), int8(pf.u8(8*int64(i)+1)), pf.name(8*int64(i)+4)
			m.Base[i] = bf.u16(2 * int64(i))
			if int(p.CurveIndex) >= int(m.NumCurve) {
				return TexPatternMatAnim{}, d.errf(infos+8*int64(i), "FTXP %q material %q pattern %d: curve %d, the material anim has %d", anim, m.Name, i, p.CurveIndex, m.NumCurve)
			}
		}
		if pf.err != nil || bf.err != nil {
			return TexPatternMatAnim{}, d.errf(off, "FTXP %q material %q: unreadable pattern anims", anim, m.Name)
		}
	}
	if m.NumCurve > 0 && curves == 0 {
		return TexPatternMatAnim{}, d.errf(off+0x14, "FTXP %q material %q has %d curves but no array", anim, m.Name, m.NumCurve)
	}
	m.Curves = make([]Curve, m.NumCurve)
	for i := range m.Curves {
		c, err := d.readCurve(curves + int64(i)*d.lay.curve.size)
		if err != nil {
			return TexPatternMatAnim{}, err
		}
		if !c.Type.IsInt() {
			return TexPatternMatAnim{}, d.errf(c.FileOffset, "FTXP %q material %q curve %d: %s curve, a texture pattern needs an integer curve", anim, m.Name, i, c.Type)
		}
		if err := d.decode(&c, 1); err != nil {
			return TexPatternMatAnim{}, err
		}
		m.Curves[i] = c
	}
	return m, nil
}

// u16Curve is a texture-pattern curve: the integer the curve gives, kept
// to 16 bits as the runtime stores it ((u16)EvalInt).
type u16Curve struct{ *anim.NWCurve }

func (c u16Curve) Eval(f float64) float64 { return float64(uint16(int64(c.NWCurve.Eval(f)))) }

// TexPatternClip converts texture pattern animation i: one texpattern
// target per pattern anim (Name the material, Param the sampler, TexMap
// the pattern anim's position in its material, Index the material anim's
// position) with a texIndex channel: its curve, else its base value.
func (f *File) TexPatternClip(i int) *anim.Clip {
	a := &f.TexPatternAnims[i]
	clip := a.clip("bfres-texpattern")
	clip.TextureNames = a.TextureNames
	for mi := range a.MaterialAnims {
		m := &a.MaterialAnims[mi]
		for pi, p := range m.Patterns {
			var cv anim.Curve = anim.Constant(float64(m.Base[pi]))
			if p.CurveIndex >= 0 {
				cv = u16Curve{m.Curves[p.CurveIndex].Decoded}
			}
			clip.Targets = append(clip.Targets, anim.Target{Name: m.Name, Param: p.Sampler, Index: mi, TexMap: pi, TexGen: -1,
				Kind: anim.TexPatternTarget, Base: anim.DefaultBase(), Channels: []anim.Channel{{Slot: anim.TexIndex, Curve: cv}}})
		}
	}
	return clip
}

// patternInfo is the `info` summary of a texture pattern animation.
func patternInfo(a *TexPatternAnim) AnimInfo {
	ai := a.info()
	ai.MatAnims = len(a.MaterialAnims)
	for _, m := range a.MaterialAnims {
		ai.ParamAnims += len(m.Patterns)
		ai.countCurves(m.Curves)
	}
	return ai
}
