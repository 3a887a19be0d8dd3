package bfres

import (
	"fmt"
	"math"
)

// ShaderParamAnim is a material animation subfile: a Wii U FSHU (shader
// parameters, colours or texture SRT, by its index group) or a Switch
// FMAA (shader parameters, texture SRT among them, texture patterns and
// material visibility per material).
type ShaderParamAnim struct {
	AnimHeader
	NumMatAnims   uint16
	NumParamAnims int32 // as stated (not the sum of the per-material counts)
	NumCurves     int32
	MaterialAnims []MaterialAnim
	// Group is the index group an FSHU was listed in (GroupTexSRTAnim,
	// GroupShaderParamAnim or GroupColorAnim); -1 for a Switch FMAA.
	Group int
	// FMAA only.
	NumPatAnims, NumVisAnims, NumTextures uint16
	TextureNames                          []string
}

// MaterialAnim is one material's animation: 0x20 bytes in an FSHU
// (shader parameters), 0x40 in a Switch FMAA, which adds texture patterns
// and visibility. Index fields are 0xFFFF when unused.
type MaterialAnim struct {
	FileOffset     int64
	NumParamAnims  uint16
	NumCurves      uint16
	NumConstants   uint16
	BeginCurve     int32 // FMAA: the first shader-parameter curve in the FMAA
	BeginParamAnim int32
	Name           string
	Params         []ParamAnimInfo
	Curves         []Curve
	Constants      []AnimConstant
	// FMAA only.
	PatternCurveIndex uint16
	VisConstantIndex  uint16
	VisCurveIndex     uint16
	BeginVisConstant  uint16
	Patterns          []PatternAnimInfo
}

// ParamAnimInfo says which of the material anim's curves and constants
// animate one shader parameter (0x10 bytes, FMAA 0x18).
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

// PatternAnimInfo says which curve or constant animates one sampler's
// texture number in an FMAA (0x10 bytes: u64 name, s16 curve index, u16
// begin constant, s8 sub-bind index).
type PatternAnimInfo struct {
	FileOffset    int64
	Name          string
	CurveIndex    int16  // -1: none
	BeginConstant uint16 // 0xFFFF: none
	SubBindIndex  int8
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

// readShaderParamAnim reads an FSHU or FMAA and its material anims. An
// FSHU's header counts size the runtime's tables (every material anim's
// ranges must lie in them); an FMAA's curve count is its material anims'.
func (d *decoder) readShaderParamAnim(off int64) (ShaderParamAnim, error) {
	l := &d.lay.fshu
	a := ShaderParamAnim{Group: d.group}
	f, err := d.readAnimHeader(off, &l.animLayout, &a.AnimHeader)
	if err != nil {
		return ShaderParamAnim{}, err
	}
	a.NumMatAnims = uint16(f.num(l.numMatAnims))
	a.NumParamAnims = int32(f.num(l.numParamAnims))
	a.NumCurves = int32(f.num(l.numCurves))
	a.NumPatAnims, a.NumVisAnims = uint16(f.num(l.numPatAnims)), uint16(f.num(l.numVisAnims))
	a.NumTextures = uint16(f.num(l.numTextures))
	matAnims, texNames := f.refAt(l.matAnims), f.refAt(l.texNames)
	refs, err := d.animRefs(&f, &l.animLayout, &a.AnimHeader)
	if err != nil {
		return ShaderParamAnim{}, err
	}
	if a.BindIndices, a.MaterialAnims, err = d.readMatAnims(off+l.matAnims.at, l.magic, a.Name, refs.bind, matAnims, int64(a.NumMatAnims)); err != nil {
		return ShaderParamAnim{}, err
	}
	if texNames != 0 && a.NumTextures > 0 {
		if a.TextureNames, err = d.names(texNames, int64(a.NumTextures), l.magic+" texture names"); err != nil {
			return ShaderParamAnim{}, err
		}
	}
	if d.nx() {
		curves := 0
		for i := range a.MaterialAnims {
			curves += len(a.MaterialAnims[i].Curves)
		}
		if curves != int(a.NumCurves) {
			return ShaderParamAnim{}, d.errf(off+l.numCurves.at, "%s %q states %d curves, its material anims hold %d", l.magic, a.Name, a.NumCurves, curves)
		}
	} else if err := d.checkHeaderRanges(&a); err != nil {
		return ShaderParamAnim{}, err
	}
	if a.UserData, err = d.readUserData(refs.userData, refs.userDict, int(a.NumUserData), l.magic+" user data"); err != nil {
		return ShaderParamAnim{}, err
	}
	return a, nil
}

// checkHeaderRanges checks an FSHU's material anims against its header.
// The header's counts size the runtime's tables: NW G3d's
// ShaderParamAnimObj allocates its result buffer and frame caches for the
// header's curve count and its sub-bind table for the header's
// param-anim count, and each material anim writes its own range,
// beginCurve + its curves and beginParamAnim + its param anims
// (g3d_ShaderParamAnimObj.cpp: Sizer::Calc, SubBind, Calc, ApplyTo). So a
// header count larger than the material anims' sum is fine (a real BotW
// file states 10 param anims for 2); a range past it is not.
func (d *decoder) checkHeaderRanges(a *ShaderParamAnim) error {
	ml := &d.lay.matAnim
	for i := range a.MaterialAnims {
		m := &a.MaterialAnims[i]
		mo := m.FileOffset
		if m.BeginParamAnim < 0 || int64(m.BeginParamAnim)+int64(m.NumParamAnims) > int64(a.NumParamAnims) {
			return d.errf(mo+ml.beginParamAnim.at, "FSHU %q material anim %q: param anims %d..%d outside the header's %d",
				a.Name, m.Name, m.BeginParamAnim, int64(m.BeginParamAnim)+int64(m.NumParamAnims), a.NumParamAnims)
		}
		if m.BeginCurve < 0 || int64(m.BeginCurve)+int64(m.NumCurves) > int64(a.NumCurves) {
			return d.errf(mo+ml.beginCurve.at, "FSHU %q material anim %q: curves %d..%d outside the header's %d",
				a.Name, m.Name, m.BeginCurve, int64(m.BeginCurve)+int64(m.NumCurves), a.NumCurves)
		}
	}
	return nil
}

// readMatAnims reads the bind indices and the n material anims of an
// FSHU or FMAA (kind) named name; field is the file offset of the
// material anim array's reference.
func (d *decoder) readMatAnims(field int64, kind, name string, bindIdx, matAnims, n int64) ([]uint16, []MaterialAnim, error) {
	size := d.lay.matAnim.size
	if n > 0 && matAnims == 0 {
		return nil, nil, d.errf(field, "%s %q has %d material anims but no array", kind, name, n)
	}
	if !d.r.In(matAnims, n*size) {
		return nil, nil, d.errf(field, "%s %q: material anim array (%d entries at 0x%x) runs past the end of the file", kind, name, n, matAnims)
	}
	bind, err := d.u16s(bindIdx, n, kind+" bind index array")
	if err != nil {
		return nil, nil, err
	}
	out := make([]MaterialAnim, n)
	for i := range out {
		if out[i], err = d.readMaterialAnim(matAnims+int64(i)*size, kind); err != nil {
			return nil, nil, err
		}
	}
	return bind, out, nil
}

// readMaterialAnim reads one material's animation of an FSHU or FMAA
// (kind): its parameter anims, curves, constants and, in an FMAA, texture
// patterns and visibility. Every parameter's curves must be float then
// int as its counts say; an FSHU's curves and constants must also target
// what its group animates (checkParamTarget).
func (d *decoder) readMaterialAnim(off int64, kind string) (MaterialAnim, error) {
	l := &d.lay.matAnim
	f, err := d.structAt(off, l.size, kind+" material anim")
	if err != nil {
		return MaterialAnim{}, err
	}
	m := MaterialAnim{FileOffset: off}
	m.Name = f.nameAt(l.name)
	paramOff, patOff := f.refAt(l.params), f.refAt(l.patterns)
	curveOff, constOff := f.refAt(l.curves), f.refAt(l.constants)
	m.NumParamAnims = uint16(f.num(l.numParams))
	numPatterns := f.num(l.numPatterns)
	m.NumCurves = uint16(f.num(l.numCurves))
	m.NumConstants = uint16(f.num(l.numConsts))
	m.BeginCurve = int32(f.num(l.beginCurve))
	m.BeginParamAnim = int32(f.num(l.beginParamAnim))
	if d.nx() {
		m.BeginCurve = int32(f.num(l.paramCurve))
		m.PatternCurveIndex = uint16(f.num(l.patternCurve))
		m.VisConstantIndex = uint16(f.num(l.visConstant))
		m.VisCurveIndex = uint16(f.num(l.visCurve))
		m.BeginVisConstant = uint16(f.num(l.beginVisConstant))
	}
	if f.err != nil {
		return m, f.err
	}
	for _, c := range []struct {
		count int64
		at    int64
		field field
		size  int64
		what  string
	}{{int64(m.NumParamAnims), paramOff, l.params, d.lay.param.size, "param anims"}, {numPatterns, patOff, l.patterns, 0x10, "texture pattern anims"},
		{int64(m.NumCurves), curveOff, l.curves, d.lay.curve.size, "curves"}, {int64(m.NumConstants), constOff, l.constants, 8, "constants"}} {
		if c.count > 0 && c.at == 0 {
			return m, d.errf(off+c.field.at, "material anim %q has %d %s but no array", m.Name, c.count, c.what)
		}
		if !d.r.In(c.at, c.count*c.size) {
			return m, d.errf(off+c.field.at, "material anim %q: %s array (%d at 0x%x) runs past the end of the file", m.Name, c.what, c.count, c.at)
		}
	}
	m.Curves = make([]Curve, m.NumCurves)
	for i := range m.Curves {
		if m.Curves[i], err = d.readCurve(curveOff + int64(i)*d.lay.curve.size); err != nil {
			return m, err
		}
	}
	m.Constants = make([]AnimConstant, m.NumConstants)
	if err := d.forEach(constOff, int64(m.NumConstants), 8, kind+" constants", func(c *fields, o int64) {
		m.Constants[o/8] = AnimConstant{TargetOffset: c.u32(o), Raw: c.u32(o + 4)}
	}); err != nil {
		return m, err
	}
	if m.Params, err = d.readParams(&m, paramOff, kind); err != nil {
		return m, err
	}
	if kind == "FSHU" {
		if err := d.checkFSHUTargets(&m, constOff); err != nil {
			return m, err
		}
	} else if err := d.readPatterns(&m, patOff, numPatterns); err != nil {
		return m, err
	}
	// Rotation (TexSrt r, radians) is shown in degrees; everything else
	// in file units.
	for i := range m.Curves {
		c := &m.Curves[i]
		unit := 1.0
		if c.TargetOffset == TexSrtR && (kind == "FSHU" && !d.shaderParams() || kind == "FMAA" && m.isTexSrtCurve(i)) {
			unit = 180 / math.Pi
		}
		if err := d.decode(c, unit); err != nil {
			return m, err
		}
	}
	return m, nil
}

// readParams reads m's parameter anims: each one's curve and constant
// ranges must lie in m's, its curves float then int as it counts them.
func (d *decoder) readParams(m *MaterialAnim, off int64, kind string) ([]ParamAnimInfo, error) {
	l := &d.lay.param
	out := make([]ParamAnimInfo, m.NumParamAnims)
	for i := range out {
		po := off + int64(i)*l.size
		p, err := d.structAt(po, l.size, kind+" param anim info")
		if err != nil {
			return nil, err
		}
		pi := ParamAnimInfo{FileOffset: po, Name: p.nameAt(l.name), BeginCurve: uint16(p.num(l.beginCurve)),
			NumFloatCurves: uint16(p.num(l.numFloatCurves)), NumIntCurves: uint16(p.num(l.numIntCurves)),
			BeginConstant: uint16(p.num(l.beginConstant)), NumConstants: uint16(p.num(l.numConstants)), SubBindIndex: uint16(p.num(l.subBindIndex))}
		if p.err != nil {
			return nil, p.err
		}
		// An empty range's begin index indexes nothing; Switch files
		// leave it unchecked.
		nc := int(pi.NumFloatCurves) + int(pi.NumIntCurves)
		if (nc > 0 || !d.nx()) && int(pi.BeginCurve)+nc > len(m.Curves) {
			return nil, d.errf(po+l.beginCurve.at, "material anim %q param %q: curves %d..%d outside the material anim's %d curves",
				m.Name, pi.Name, pi.BeginCurve, int(pi.BeginCurve)+nc, len(m.Curves))
		}
		if (pi.NumConstants > 0 || !d.nx()) && int(pi.BeginConstant)+int(pi.NumConstants) > len(m.Constants) {
			return nil, d.errf(po+l.beginConstant.at, "material anim %q param %q: constants %d..%d outside the material anim's %d constants",
				m.Name, pi.Name, pi.BeginConstant, int(pi.BeginConstant)+int(pi.NumConstants), len(m.Constants))
		}
		for k := 0; k < nc; k++ {
			c := &m.Curves[int(pi.BeginCurve)+k]
			if kind == "FSHU" {
				if err := d.checkParamTarget(c.TargetOffset, c.Type.IsInt()); err != nil {
					return nil, d.errf(c.FileOffset+d.lay.curve.target.at, "material anim %q param %q: %v", m.Name, pi.Name, err)
				}
			}
			if wantInt := k >= int(pi.NumFloatCurves); wantInt != c.Type.IsInt() {
				return nil, d.errf(c.FileOffset+d.lay.curve.flags.at, "material anim %q param %q: %s curve in the param's %s curve range", m.Name, pi.Name, c.Type, map[bool]string{true: "int", false: "float"}[wantInt])
			}
		}
		out[i] = pi
	}
	return out, nil
}

// checkFSHUTargets checks an FSHU material anim's constants: each must
// target what the group animates (an integer mode or float TexSrt field,
// or a float of a shader parameter), floats finite.
func (d *decoder) checkFSHUTargets(m *MaterialAnim, constOff int64) error {
	for _, p := range m.Params {
		for k := 0; k < int(p.NumConstants); k++ {
			c := m.Constants[int(p.BeginConstant)+k]
			at := constOff + 8*int64(int(p.BeginConstant)+k)
			if err := d.checkParamTarget(c.TargetOffset, !d.shaderParams() && c.TargetOffset == TexSrtMode); err != nil {
				return d.errf(at, "material anim %q param %q constant: %v", m.Name, p.Name, err)
			}
			if (d.shaderParams() || c.TargetOffset != TexSrtMode) && !isFinite32(c.Raw) {
				return d.errf(at+4, "material anim %q param %q: constant for 0x%x is not a finite float", m.Name, p.Name, c.TargetOffset)
			}
		}
	}
	return nil
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
