package bfres

import "math"

// SwitchMaterialAnim is an FMAA: per-material shader-parameter (texture
// SRT among them), texture-pattern and visibility animations.
type SwitchMaterialAnim struct {
	FileOffset    int64
	Name, Path    string
	Flags         uint16
	FrameCount    int32
	BakedSize     uint32
	NumUserData   uint16
	NumMatAnims   uint16
	NumCurves     uint16
	NumParamAnims uint16 // as stated (not the sum of the per-material counts)
	NumPatAnims   uint16
	NumVisAnims   uint16
	NumTextures   uint16
	BindIndices   []uint16
	TextureNames  []string
	MaterialAnims []SwitchMaterialAnimData
	UserData      []UserData
}

// Loop reports the looping flag (bit 2).
func (a *SwitchMaterialAnim) Loop() bool { return a.Flags&fskaLoop != 0 }

// Baked reports the baked flag (bit 0).
func (a *SwitchMaterialAnim) Baked() bool { return a.Flags&fskaBaked != 0 }

// SwitchMaterialAnimData is one material's animation (0x40 bytes). Index
// fields are 0xFFFF when unused.
type SwitchMaterialAnimData struct {
	FileOffset           int64
	Name                 string
	ParamCurveIndex      uint16 // first shader-parameter curve in the FMAA
	PatternCurveIndex    uint16
	VisConstantIndex     uint16
	VisCurveIndex        uint16
	BeginVisConstant     uint16
	Params               []ParamAnimInfo
	Patterns             []PatternAnimInfo
	Curves               []Curve
	Constants            []AnimConstant
	NumParams, NumPatAns uint16
}

// PatternAnimInfo says which curve or constant animates one sampler's
// texture number (0x10 bytes: u64 name, s16 curve index, u16 begin
// constant, s8 sub-bind index).
type PatternAnimInfo struct {
	FileOffset    int64
	Name          string
	CurveIndex    int16  // -1: none
	BeginConstant uint16 // 0xFFFF: none
	SubBindIndex  int8
}

// Target offsets that are not TexSrt fields are shader-parameter floats;
// a texture pattern curve targets the texture index (offset 0).

func (d *decoder) nxReadMaterialAnim(off int64) (SwitchMaterialAnim, error) {
	size := int64(0x78)
	if d.lay.major >= 9 {
		size = 0x70
	}
	f, err := d.structAt(off, size, "FMAA header")
	if err != nil {
		return SwitchMaterialAnim{}, err
	}
	hb := d.blockFields()
	a := SwitchMaterialAnim{FileOffset: off}
	a.Name = f.name(hb)
	a.Path = f.name(hb + 8)
	bindIdx := f.ref(hb + 0x18)
	matAnims := f.ref(hb + 0x20)
	texNames := f.ref(hb + 0x30)
	udValues := f.ref(hb + 0x38)
	udDict := f.ref(hb + 0x40)
	if d.lay.major >= 9 {
		a.Flags = f.u16(4)
		a.FrameCount = f.s32(0x58)
		a.BakedSize = f.u32(0x5C)
		a.NumUserData = f.u16(0x60)
		a.NumMatAnims = f.u16(0x62)
		a.NumCurves = f.u16(0x64)
	} else {
		a.Flags = f.u16(0x60)
		a.NumUserData = f.u16(0x62)
		a.NumMatAnims = f.u16(0x64)
		a.NumCurves = f.u16(0x66)
		a.FrameCount = f.s32(0x68)
		a.BakedSize = f.u32(0x6C)
	}
	c := hb + 0x5E
	if !(d.lay.major >= 9) {
		c = 0x70
	}
	a.NumParamAnims = f.u16(c)
	a.NumPatAnims = f.u16(c + 2)
	a.NumVisAnims = f.u16(c + 4)
	a.NumTextures = f.u16(c + 6)
	if f.err != nil {
		return a, f.err
	}
	if a.FrameCount < 0 {
		return a, d.errf(off, "FMAA %q: negative frame count %d", a.Name, a.FrameCount)
	}
	n := int64(a.NumMatAnims)
	if n > 0 && matAnims == 0 {
		return a, d.errf(off+hb+0x20, "FMAA %q has %d material anims but no array", a.Name, n)
	}
	if !d.r.In(matAnims, n*0x40) {
		return a, d.errf(off+hb+0x20, "FMAA %q: material anim array (%d entries at 0x%x) runs past the end of the file", a.Name, n, matAnims)
	}
	if a.BindIndices, err = d.u16s(bindIdx, n, "FMAA bind index array"); err != nil {
		return a, err
	}
	if texNames != 0 && a.NumTextures > 0 {
		t, err := d.structAt(texNames, 8*int64(a.NumTextures), "FMAA texture names")
		if err != nil {
			return a, err
		}
		for i := int64(0); i < int64(a.NumTextures); i++ {
			a.TextureNames = append(a.TextureNames, t.name(8*i))
		}
		if t.err != nil {
			return a, t.err
		}
	}
	a.MaterialAnims = make([]SwitchMaterialAnimData, n)
	curves := 0
	for i := range a.MaterialAnims {
		m, err := d.nxReadMaterialAnimData(matAnims + int64(i)*0x40)
		if err != nil {
			return a, err
		}
		a.MaterialAnims[i] = m
		curves += len(m.Curves)
	}
	if curves != int(a.NumCurves) {
		return a, d.errf(off, "FMAA %q states %d curves, its material anims hold %d", a.Name, a.NumCurves, curves)
	}
	if a.UserData, err = d.readUserData(udValues, udDict, int(a.NumUserData), "FMAA user data"); err != nil {
		return a, err
	}
	return a, nil
}

func (d *decoder) nxReadMaterialAnimData(off int64) (SwitchMaterialAnimData, error) {
	f, err := d.structAt(off, 0x40, "FMAA material anim")
	if err != nil {
		return SwitchMaterialAnimData{}, err
	}
	m := SwitchMaterialAnimData{FileOffset: off}
	m.Name = f.name(0)
	paramOff := f.ref(8)
	patOff := f.ref(0x10)
	curveOff := f.ref(0x18)
	constOff := f.ref(0x20)
	m.ParamCurveIndex = f.u16(0x28)
	m.PatternCurveIndex = f.u16(0x2A)
	m.VisConstantIndex = f.u16(0x2C)
	m.VisCurveIndex = f.u16(0x2E)
	m.BeginVisConstant = f.u16(0x30)
	m.NumParams = f.u16(0x32)
	m.NumPatAns = f.u16(0x34)
	numConst := f.u16(0x36)
	numCurves := f.u16(0x38)
	if f.err != nil {
		return m, f.err
	}
	check := func(count, at, field, size int64, what string) error {
		if count > 0 && at == 0 {
			return d.errf(off+field, "material anim %q has %d %s but no array", m.Name, count, what)
		}
		if !d.r.In(at, count*size) {
			return d.errf(off+field, "material anim %q: %s array (%d at 0x%x) runs past the end of the file", m.Name, what, count, at)
		}
		return nil
	}
	for _, c := range []struct {
		count, at, field, size int64
		what                   string
	}{{int64(m.NumParams), paramOff, 8, 0x18, "param anims"}, {int64(m.NumPatAns), patOff, 0x10, 0x10, "texture pattern anims"},
		{int64(numCurves), curveOff, 0x18, d.lay.curve.size, "curves"}, {int64(numConst), constOff, 0x20, 8, "constants"}} {
		if err := check(c.count, c.at, c.field, c.size, c.what); err != nil {
			return m, err
		}
	}
	m.Curves = make([]Curve, numCurves)
	for i := range m.Curves {
		if m.Curves[i], err = d.readCurve(curveOff + int64(i)*d.lay.curve.size); err != nil {
			return m, err
		}
	}
	m.Constants = make([]AnimConstant, numConst)
	if numConst > 0 {
		c, err := d.structAt(constOff, 8*int64(numConst), "FMAA constants")
		if err != nil {
			return m, err
		}
		for i := range m.Constants {
			m.Constants[i] = AnimConstant{TargetOffset: c.u32(8 * int64(i)), Raw: c.u32(8*int64(i) + 4)}
		}
		if c.err != nil {
			return m, c.err
		}
	}
	m.Params = make([]ParamAnimInfo, m.NumParams)
	for i := range m.Params {
		po := paramOff + int64(i)*0x18
		p, err := d.structAt(po, 0x18, "FMAA param anim info")
		if err != nil {
			return m, err
		}
		pi := ParamAnimInfo{FileOffset: po, Name: p.name(0), BeginCurve: p.u16(8), NumFloatCurves: p.u16(0x0A), NumIntCurves: p.u16(0x0C),
			BeginConstant: p.u16(0x0E), NumConstants: p.u16(0x10), SubBindIndex: p.u16(0x12)}
		if p.err != nil {
			return m, p.err
		}
		nc := int(pi.NumFloatCurves) + int(pi.NumIntCurves)
		if nc > 0 && int(pi.BeginCurve)+nc > len(m.Curves) {
			return m, d.errf(po+8, "material anim %q param %q: curves %d..%d outside the material anim's %d curves", m.Name, pi.Name, pi.BeginCurve, int(pi.BeginCurve)+nc, len(m.Curves))
		}
		if pi.NumConstants > 0 && int(pi.BeginConstant)+int(pi.NumConstants) > len(m.Constants) {
			return m, d.errf(po+0x0E, "material anim %q param %q: constants %d..%d outside the material anim's %d constants", m.Name, pi.Name, pi.BeginConstant, int(pi.BeginConstant)+int(pi.NumConstants), len(m.Constants))
		}
		for k := 0; k < nc; k++ {
			c := &m.Curves[int(pi.BeginCurve)+k]
			if wantInt := k >= int(pi.NumFloatCurves); wantInt != c.Type.IsInt() {
				return m, d.errf(c.FileOffset+0x10, "material anim %q param %q: %s curve in the param's %s curve range", m.Name, pi.Name, c.Type, map[bool]string{true: "int", false: "float"}[wantInt])
			}
		}
		m.Params[i] = pi
	}
	m.Patterns = make([]PatternAnimInfo, m.NumPatAns)
	for i := range m.Patterns {
		po := patOff + int64(i)*0x10
		p, err := d.structAt(po, 0x10, "FMAA texture pattern anim info")
		if err != nil {
			return m, err
		}
		pi := PatternAnimInfo{FileOffset: po, Name: p.name(0), CurveIndex: p.s16(8), BeginConstant: p.u16(0x0A), SubBindIndex: int8(p.u8(0x0C))}
		if p.err != nil {
			return m, p.err
		}
		if pi.CurveIndex >= 0 && (int(pi.CurveIndex) >= len(m.Curves) || !m.Curves[pi.CurveIndex].Type.IsInt()) {
			return m, d.errf(po+8, "material anim %q texture pattern %q: curve index %d is not one of the %d curves or not an integer curve", m.Name, pi.Name, pi.CurveIndex, len(m.Curves))
		}
		if pi.BeginConstant != 0xFFFF && int(pi.BeginConstant) >= len(m.Constants) {
			return m, d.errf(po+0x0A, "material anim %q texture pattern %q: constant %d outside the %d constants", m.Name, pi.Name, pi.BeginConstant, len(m.Constants))
		}
		m.Patterns[i] = pi
	}
	if m.VisCurveIndex != 0xFFFF && int(m.VisCurveIndex) >= len(m.Curves) {
		return m, d.errf(off+0x2E, "material anim %q: visibility curve %d outside the %d curves", m.Name, m.VisCurveIndex, len(m.Curves))
	}
	// Rotation (TexSrt r, radians) is shown in degrees; everything else in
	// file units.
	for i := range m.Curves {
		c := &m.Curves[i]
		unit := 1.0
		if m.isTexSrtCurve(i) && c.TargetOffset == TexSrtR {
			unit = 180 / math.Pi
		}
		if err := d.decode(c, unit); err != nil {
			return m, err
		}
	}
	return m, nil
}

// paramOf returns the param anim owning curve i, or nil.
func (m *SwitchMaterialAnimData) paramOf(i int) *ParamAnimInfo {
	for k := range m.Params {
		p := &m.Params[k]
		if i >= int(p.BeginCurve) && i < int(p.BeginCurve)+int(p.NumFloatCurves)+int(p.NumIntCurves) {
			return p
		}
	}
	return nil
}

// isTexSrtCurve reports whether curve i belongs to a texture SRT param.
func (m *SwitchMaterialAnimData) isTexSrtCurve(i int) bool {
	p := m.paramOf(i)
	return p != nil && m.isTexSrtParam(p)
}

// isTexSrtParam: a parameter is texture SRT when its curves and constants
// only touch the TexSrt fields with the right kind (int mode at 0x00,
// floats at 0x04..0x14) and it sets the mode, as an integer constant 0..2
// or an int/bool curve.
func (m *SwitchMaterialAnimData) isTexSrtParam(p *ParamAnimInfo) bool {
	mode := false
	for k := 0; k < int(p.NumFloatCurves)+int(p.NumIntCurves); k++ {
		c := &m.Curves[int(p.BeginCurve)+k]
		if checkTexSrtTarget(c.TargetOffset, c.Type.IsInt()) != nil {
			return false
		}
		mode = mode || c.TargetOffset == TexSrtMode
	}
	for k := 0; k < int(p.NumConstants); k++ {
		c := m.Constants[int(p.BeginConstant)+k]
		if checkTexSrtTarget(c.TargetOffset, c.TargetOffset == TexSrtMode) != nil {
			return false
		}
		if c.TargetOffset == TexSrtMode {
			if c.Raw > 2 {
				return false
			}
			mode = true
		} else if !isFinite32(c.Raw) {
			return false
		}
	}
	return mode
}

// texSRT converts the FMAA to the Wii U texture SRT structure when every
// parameter of every material is texture SRT (and nothing else is
// animated), so the Wii U conversion and inspector apply unchanged.
func (a *SwitchMaterialAnim) texSRT() (ShaderParamAnim, bool) {
	out := ShaderParamAnim{FileOffset: a.FileOffset, Name: a.Name, Path: a.Path, Flags: uint32(a.Flags), FrameCount: a.FrameCount,
		NumMatAnims: a.NumMatAnims, NumUserData: a.NumUserData, BakedSize: a.BakedSize, BindIndices: a.BindIndices, UserData: a.UserData}
	params := 0
	for i := range a.MaterialAnims {
		m := &a.MaterialAnims[i]
		if len(m.Patterns) > 0 || m.VisCurveIndex != 0xFFFF || m.VisConstantIndex != 0xFFFF {
			return out, false
		}
		covered := 0
		for k := range m.Params {
			if !m.isTexSrtParam(&m.Params[k]) {
				return out, false
			}
			covered += int(m.Params[k].NumFloatCurves) + int(m.Params[k].NumIntCurves)
		}
		if covered != len(m.Curves) {
			return out, false
		}
		params += len(m.Params)
		out.NumCurves += int32(len(m.Curves))
		out.MaterialAnims = append(out.MaterialAnims, MaterialAnim{FileOffset: m.FileOffset, Name: m.Name,
			NumParamAnims: m.NumParams, NumCurves: uint16(len(m.Curves)), NumConstants: uint16(len(m.Constants)),
			BeginCurve: int32(m.ParamCurveIndex), Params: m.Params, Curves: m.Curves, Constants: m.Constants})
	}
	out.NumParamAnims = int32(params)
	return out, params > 0
}
