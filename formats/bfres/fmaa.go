package bfres

// readPatterns reads an FMAA material anim's n texture pattern anims
// at off and checks them and its visibility curve against its curves and
// constants.
func (d *decoder) readPatterns(m *MaterialAnim, off, n int64) error {
	m.Patterns = make([]PatternAnimInfo, n)
	for i := range m.Patterns {
		po := off + int64(i)*0x10
		p, err := d.structAt(po, 0x10, "FMAA texture pattern anim info")
		if err != nil {
			return err
		}
		pi := PatternAnimInfo{FileOffset: po, Name: p.name(0), CurveIndex: p.s16(8), BeginConstant: p.u16(0x0A), SubBindIndex: int8(p.u8(0x0C))}
		if p.err != nil {
			return p.err
		}
		if pi.CurveIndex >= 0 && (int(pi.CurveIndex) >= len(m.Curves) || !m.Curves[pi.CurveIndex].Type.IsInt()) {
			return d.errf(po+8, "material anim %q texture pattern %q: curve index %d is not one of the %d curves or not an integer curve", m.Name, pi.Name, pi.CurveIndex, len(m.Curves))
		}
		if pi.BeginConstant != 0xFFFF && int(pi.BeginConstant) >= len(m.Constants) {
			return d.errf(po+0x0A, "material anim %q texture pattern %q: constant %d outside the %d constants", m.Name, pi.Name, pi.BeginConstant, len(m.Constants))
		}
		m.Patterns[i] = pi
	}
	if m.VisCurveIndex != 0xFFFF && int(m.VisCurveIndex) >= len(m.Curves) {
		return d.errf(m.FileOffset+d.lay.matAnim.visCurve.at, "material anim %q: visibility curve %d outside the %d curves", m.Name, m.VisCurveIndex, len(m.Curves))
	}
	return nil
}

// paramOf returns the param anim owning curve i, or nil.
func (m *MaterialAnim) paramOf(i int) *ParamAnimInfo {
	for k := range m.Params {
		p := &m.Params[k]
		if i >= int(p.BeginCurve) && i < int(p.BeginCurve)+int(p.NumFloatCurves)+int(p.NumIntCurves) {
			return p
		}
	}
	return nil
}

// isTexSrtCurve reports whether curve i belongs to a texture SRT param.
func (m *MaterialAnim) isTexSrtCurve(i int) bool {
	p := m.paramOf(i)
	return p != nil && m.isTexSrtParam(p)
}

// isTexSrtParam: a parameter is texture SRT when its curves and constants
// only touch the TexSrt fields with the right kind (int mode at 0x00,
// floats at 0x04..0x14) and it sets the mode, as an integer constant 0..2
// or an int/bool curve.
func (m *MaterialAnim) isTexSrtParam(p *ParamAnimInfo) bool {
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
func (a *ShaderParamAnim) texSRT() (ShaderParamAnim, bool) {
	out := ShaderParamAnim{AnimHeader: a.AnimHeader, NumMatAnims: a.NumMatAnims, Group: a.Group}
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
			NumParamAnims: m.NumParamAnims, NumCurves: m.NumCurves, NumConstants: m.NumConstants,
			BeginCurve: m.BeginCurve, Params: m.Params, Curves: m.Curves, Constants: m.Constants})
	}
	out.NumParamAnims = int32(params)
	return out, params > 0
}
