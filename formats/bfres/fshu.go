package bfres

import (
	"fmt"
	"math"
)

// ShaderParamAnim is an FSHU subfile (0x34 bytes). Only texture SRT
// animations (index group 5) are decoded.
type ShaderParamAnim struct {
	FileOffset    int64
	Name, Path    string
	Flags         uint32
	FrameCount    int32
	NumMatAnims   uint16
	NumUserData   uint16
	NumParamAnims int32
	NumCurves     int32
	BakedSize     uint32
	BindIndices   []uint16
	MaterialAnims []MaterialAnim
	UserData      []UserData
	// Group is the index group the FSHU was listed in (GroupTexSRTAnim,
	// GroupShaderParamAnim or GroupColorAnim).
	Group int
}

// Loop reports the looping flag (bit 2).
func (a *ShaderParamAnim) Loop() bool { return a.Flags&fskaLoop != 0 }

// Baked reports the baked flag (bit 0).
func (a *ShaderParamAnim) Baked() bool { return a.Flags&fskaBaked != 0 }

// MaterialAnim is one material's shader parameter animation (0x20 bytes).
type MaterialAnim struct {
	FileOffset     int64
	NumParamAnims  uint16
	NumCurves      uint16
	NumConstants   uint16
	BeginCurve     int32
	BeginParamAnim int32
	Name           string
	Params         []ParamAnimInfo
	Curves         []Curve
	Constants      []AnimConstant
}

// ParamAnimInfo says which of the material anim's curves and constants
// animate one shader parameter (0x10 bytes).
type ParamAnimInfo struct {
	FileOffset     int64
	BeginCurve     uint16
	NumFloatCurves uint16
	NumIntCurves   uint16
	BeginConstant  uint16
	NumConstants   uint16
	SubBindIndex   uint16
	Name           string
}

// AnimConstant is a constant written at param + TargetOffset.
type AnimConstant struct {
	TargetOffset uint32
	Raw          uint32 // float bits, or an integer for the mode field
}

// TexSrt parameter fields (offsets inside the parameter).
const (
	TexSrtMode = 0x00
	TexSrtSX   = 0x04
	TexSrtSY   = 0x08
	TexSrtR    = 0x0C // radians
	TexSrtTX   = 0x10
	TexSrtTY   = 0x14
)

func (d *decoder) readShaderParamAnim(off int64) (ShaderParamAnim, error) {
	f, err := d.structAt(off, 0x34, "FSHU header")
	if err != nil {
		return ShaderParamAnim{}, err
	}
	a := ShaderParamAnim{FileOffset: off}
	a.Name = f.name(0x04)
	a.Path = f.name(0x08)
	a.Flags = f.u32(0x0C)
	if d.v34() {
		a.FrameCount = f.s32(0x10)
		a.NumMatAnims = f.u16(0x14)
		a.NumUserData = f.u16(0x16)
		a.NumParamAnims = f.s32(0x18)
		a.NumCurves = f.s32(0x1C)
		a.BakedSize = f.u32(0x20)
	} else {
		a.FrameCount = int32(f.s16(0x10))
		a.NumMatAnims = f.u16(0x12)
		a.NumParamAnims = f.s32(0x14)
		a.NumCurves = f.s32(0x18)
		a.BakedSize = f.u32(0x1C)
		a.NumUserData = f.u16(0x20)
	}
	bindIdx := f.ref(0x28)
	matAnims := f.ref(0x2C)
	userData := f.ref(0x30)
	if f.err != nil {
		return ShaderParamAnim{}, f.err
	}
	if a.FrameCount < 0 {
		return ShaderParamAnim{}, d.errf(off+0x10, "FSHU %q: negative frame count %d", a.Name, a.FrameCount)
	}
	n := int64(a.NumMatAnims)
	if n > 0 && matAnims == 0 {
		return ShaderParamAnim{}, d.errf(off+0x2C, "FSHU %q has %d material anims but no array", a.Name, n)
	}
	if !d.r.In(matAnims, n*0x20) {
		return ShaderParamAnim{}, d.errf(off+0x2C, "FSHU %q: material anim array (%d entries at 0x%x) runs past the end of the file", a.Name, n, matAnims)
	}
	if bindIdx != 0 && n > 0 {
		b, err := d.structAt(bindIdx, 2*n, "FSHU bind index array")
		if err != nil {
			return ShaderParamAnim{}, err
		}
		a.BindIndices = make([]uint16, n)
		for i := range a.BindIndices {
			a.BindIndices[i] = b.u16(2 * int64(i))
		}
		if b.err != nil {
			return ShaderParamAnim{}, b.err
		}
	}
	a.MaterialAnims = make([]MaterialAnim, n)
	var params, curves int64
	for i := range a.MaterialAnims {
		m, err := d.readMaterialAnim(matAnims + int64(i)*0x20)
		if err != nil {
			return ShaderParamAnim{}, err
		}
		a.MaterialAnims[i] = m
		params += int64(m.NumParamAnims)
		curves += int64(m.NumCurves)
	}
	// The header's counts size the runtime's tables: NW G3d's
	// ShaderParamAnimObj allocates its result buffer and frame caches
	// for the header's curve count and its sub-bind table for the
	// header's param-anim count, and each material anim writes its own
	// range, beginCurve + its curves and beginParamAnim + its param anims
	// (g3d_ShaderParamAnimObj.cpp: Sizer::Calc, SubBind, Calc, ApplyTo).
	// So a header count larger than the material anims' sum is fine (a
	// real BotW file states 10 param anims for 2); a range past it is not.
	for i := range a.MaterialAnims {
		m := &a.MaterialAnims[i]
		mo := m.FileOffset
		if m.BeginParamAnim < 0 || int64(m.BeginParamAnim)+int64(m.NumParamAnims) > int64(a.NumParamAnims) {
			return ShaderParamAnim{}, d.errf(mo+0x0C, "FSHU %q material anim %q: param anims %d..%d outside the header's %d",
				a.Name, m.Name, m.BeginParamAnim, int64(m.BeginParamAnim)+int64(m.NumParamAnims), a.NumParamAnims)
		}
		if m.BeginCurve < 0 || int64(m.BeginCurve)+int64(m.NumCurves) > int64(a.NumCurves) {
			return ShaderParamAnim{}, d.errf(mo+0x08, "FSHU %q material anim %q: curves %d..%d outside the header's %d",
				a.Name, m.Name, m.BeginCurve, int64(m.BeginCurve)+int64(m.NumCurves), a.NumCurves)
		}
	}
	_, _ = params, curves
	if userData != 0 {
		if a.UserData, err = d.readUserData(0, userData, int(a.NumUserData), "FSHU user data"); err != nil {
			return ShaderParamAnim{}, err
		}
	}
	return a, nil
}

func (d *decoder) readMaterialAnim(off int64) (MaterialAnim, error) {
	f, err := d.structAt(off, 0x20, "FSHU material anim")
	if err != nil {
		return MaterialAnim{}, err
	}
	m := MaterialAnim{FileOffset: off}
	m.NumParamAnims = f.u16(0)
	m.NumCurves = f.u16(2)
	m.NumConstants = f.u16(4)
	m.BeginCurve = f.s32(8)
	m.BeginParamAnim = f.s32(0x0C)
	m.Name = f.name(0x10)
	paramOff := f.ref(0x14)
	curveOff := f.ref(0x18)
	constOff := f.ref(0x1C)
	if f.err != nil {
		return MaterialAnim{}, f.err
	}
	check := func(count int64, at int64, fieldOff int64, size int64, what string) error {
		if count > 0 && at == 0 {
			return d.errf(off+fieldOff, "material anim %q has %d %s but no array", m.Name, count, what)
		}
		if !d.r.In(at, count*size) {
			return d.errf(off+fieldOff, "material anim %q: %s array (%d at 0x%x) runs past the end of the file", m.Name, what, count, at)
		}
		return nil
	}
	if err := check(int64(m.NumParamAnims), paramOff, 0x14, 0x10, "param anims"); err != nil {
		return MaterialAnim{}, err
	}
	if err := check(int64(m.NumCurves), curveOff, 0x18, d.lay.curve.size, "curves"); err != nil {
		return MaterialAnim{}, err
	}
	if err := check(int64(m.NumConstants), constOff, 0x1C, 8, "constants"); err != nil {
		return MaterialAnim{}, err
	}
	m.Params = make([]ParamAnimInfo, m.NumParamAnims)
	for i := range m.Params {
		po := paramOff + int64(i)*0x10
		p, err := d.structAt(po, 0x10, "FSHU param anim info")
		if err != nil {
			return MaterialAnim{}, err
		}
		pi := ParamAnimInfo{FileOffset: po, BeginCurve: p.u16(0), NumFloatCurves: p.u16(2), NumIntCurves: p.u16(4),
			BeginConstant: p.u16(6), NumConstants: p.u16(8), SubBindIndex: p.u16(0x0A), Name: p.name(0x0C)}
		if p.err != nil {
			return MaterialAnim{}, p.err
		}
		if int(pi.BeginCurve)+int(pi.NumFloatCurves)+int(pi.NumIntCurves) > int(m.NumCurves) {
			return MaterialAnim{}, d.errf(po, "material anim %q param %q: curves %d..%d outside the material anim's %d curves",
				m.Name, pi.Name, pi.BeginCurve, int(pi.BeginCurve)+int(pi.NumFloatCurves)+int(pi.NumIntCurves), m.NumCurves)
		}
		if int(pi.BeginConstant)+int(pi.NumConstants) > int(m.NumConstants) {
			return MaterialAnim{}, d.errf(po+6, "material anim %q param %q: constants %d..%d outside the material anim's %d constants",
				m.Name, pi.Name, pi.BeginConstant, int(pi.BeginConstant)+int(pi.NumConstants), m.NumConstants)
		}
		m.Params[i] = pi
	}
	m.Constants = make([]AnimConstant, m.NumConstants)
	if m.NumConstants > 0 {
		c, err := d.structAt(constOff, 8*int64(m.NumConstants), "FSHU constants")
		if err != nil {
			return MaterialAnim{}, err
		}
		for i := range m.Constants {
			m.Constants[i] = AnimConstant{TargetOffset: c.u32(8 * int64(i)), Raw: c.u32(8*int64(i) + 4)}
		}
		if c.err != nil {
			return MaterialAnim{}, c.err
		}
	}
	m.Curves = make([]Curve, m.NumCurves)
	for i := range m.Curves {
		c, err := d.readCurve(curveOff + int64(i)*d.lay.curve.size)
		if err != nil {
			return MaterialAnim{}, err
		}
		m.Curves[i] = c
	}
	// Curves and constants must target TexSrt fields; int curves and
	// constants only the mode, float ones only the scale/rotate/translate
	// fields. The owning param's int-curve range must hold the int curves.
	for _, p := range m.Params {
		for k := 0; k < int(p.NumFloatCurves)+int(p.NumIntCurves); k++ {
			c := &m.Curves[int(p.BeginCurve)+k]
			wantInt := k >= int(p.NumFloatCurves)
			if err := d.checkParamTarget(c.TargetOffset, c.Type.IsInt()); err != nil {
				return MaterialAnim{}, d.errf(c.FileOffset+4, "material anim %q param %q: %v", m.Name, p.Name, err)
			}
			if wantInt != c.Type.IsInt() {
				return MaterialAnim{}, d.errf(c.FileOffset, "material anim %q param %q: %s curve in the param's %s curve range", m.Name, p.Name, c.Type, map[bool]string{true: "int", false: "float"}[wantInt])
			}
		}
		for k := 0; k < int(p.NumConstants); k++ {
			c := m.Constants[int(p.BeginConstant)+k]
			if err := d.checkParamTarget(c.TargetOffset, !d.shaderParams && c.TargetOffset == TexSrtMode); err != nil {
				return MaterialAnim{}, d.errf(constOff+8*int64(int(p.BeginConstant)+k), "material anim %q param %q constant: %v", m.Name, p.Name, err)
			}
			if (d.shaderParams || c.TargetOffset != TexSrtMode) && !isFinite32(c.Raw) {
				return MaterialAnim{}, d.errf(constOff+8*int64(int(p.BeginConstant)+k)+4, "material anim %q param %q: constant for 0x%x is not a finite float", m.Name, p.Name, c.TargetOffset)
			}
		}
	}
	for i := range m.Curves {
		c := &m.Curves[i]
		unit := 1.0
		if c.TargetOffset == TexSrtR && !d.shaderParams {
			unit = 180 / math.Pi
		}
		if err := d.decode(c, unit); err != nil {
			return MaterialAnim{}, err
		}
	}
	return m, nil
}

// checkTexSrtTarget checks a TexSrt field offset against the value kind.
func checkTexSrtTarget(off uint32, isInt bool) error {
	switch off {
	case TexSrtMode:
		if !isInt {
			return fmt.Errorf("float value for the TexSrt mode field")
		}
	case TexSrtSX, TexSrtSY, TexSrtR, TexSrtTX, TexSrtTY:
		if isInt {
			return fmt.Errorf("integer value for TexSrt field 0x%x", off)
		}
	default:
		return fmt.Errorf("target 0x%x is not a TexSrt field", off)
	}
	return nil
}

func isFinite32(bits uint32) bool {
	f := float64(math.Float32frombits(bits))
	return !math.IsNaN(f) && !math.IsInf(f, 0)
}
