package bfres

import (
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
)

// MaterialClipFormat is the clip format of Switch material animations
// (FMAA) that are not pure texture SRT: shader parameters, texture
// patterns and material visibility, as anim material targets.
const MaterialClipFormat = "bfres-material"

// materialClipAnims are the indices of the FMAA converted by MaterialClip
// (those that are not pure texture SRT), in file order.
func (f *File) materialClipAnims() []int {
	if f.Switch == nil {
		return nil
	}
	var out []int
	for i := range f.Switch.MaterialAnims {
		if _, texSRT := f.Switch.MaterialAnims[i].texSRT(); !texSRT {
			out = append(out, i)
		}
	}
	return out
}

// MaterialClip converts FMAA i into material targets, per material in file
// order: texture SRT parameters as texsrt targets (texSRTTarget), other
// shader parameters as shaderparam targets with one offset.N channel per
// animated float (N = byte offset in the parameter, up to 60; integer
// curves give their integer value; constants their float32 value), each
// texture pattern as a texpattern target (channel texIndex, TexMap = its
// position, Param = its sampler name), and material visibility as a shape
// target named after the material (channel visible). Warnings name
// what could not be shown.
func (f *File) MaterialClip(i int) (*anim.Clip, []string) {
	a := &f.Switch.MaterialAnims[i]
	clip := a.clip(MaterialClipFormat)
	if len(a.TextureNames) > 0 {
		clip.TextureNames = a.TextureNames
	}
	var warnings []string
	for mi := range a.MaterialAnims {
		m := &a.MaterialAnims[mi]
		for pi := range m.Params {
			p := &m.Params[pi]
			if m.isTexSrtParam(p) {
				clip.Targets = append(clip.Targets, texSRTTarget(m, mi, pi))
				continue
			}
			t, w := shaderParamTarget(a.Name, m, mi, p)
			clip.Targets = append(clip.Targets, t)
			warnings = append(warnings, w...)
		}
		for pi, p := range m.Patterns {
			t := anim.Target{Name: m.Name, Index: mi, Kind: anim.TexPatternTarget, TexGen: -1, TexMap: pi, Param: p.Name, Base: anim.DefaultBase()}
			var cv anim.Curve = anim.Constant(0)
			if p.BeginConstant != 0xFFFF {
				t.Base[anim.TexIndex] = float64(int32(m.Constants[p.BeginConstant].Raw))
				cv = anim.Constant(t.Base[anim.TexIndex])
			}
			if p.CurveIndex >= 0 {
				cv = m.Curves[p.CurveIndex].Decoded
			}
			t.Channels = []anim.Channel{{Slot: anim.TexIndex, Curve: cv}}
			clip.Targets = append(clip.Targets, t)
		}
		if m.VisCurveIndex != 0xFFFF || m.VisConstantIndex != 0xFFFF {
			t := anim.Target{Name: m.Name, Index: mi, Kind: anim.ShapeTarget, TexGen: -1, Base: anim.DefaultBase()}
			var cv anim.Curve = anim.Constant(1)
			if k := int(m.VisConstantIndex); k != 0xFFFF && k < len(m.Constants) {
				if m.Constants[k].Raw == 0 {
					cv, t.Base[anim.Visible] = anim.Constant(0), 0
				}
			}
			if m.VisCurveIndex != 0xFFFF {
				cv = visibility(&m.Curves[m.VisCurveIndex])
			}
			t.Channels = []anim.Channel{{Slot: anim.Visible, Curve: cv}}
			clip.Targets = append(clip.Targets, t)
		}
	}
	clip.Format = materialFormatOf(clip)
	return clip, warnings
}

// materialFormatOf names a Switch FMAA clip as the Wii U subfile with the
// same content is named when all its targets are of one kind (FSHU shader
// parameters, FTXP texture patterns, FVIS material visibility); a mixed
// FMAA stays MaterialClipFormat.
func materialFormatOf(c *anim.Clip) string {
	names := map[anim.TargetKind]string{anim.ShaderParamTarget: "bfres-shaderparam", anim.TexPatternTarget: "bfres-texpattern", anim.ShapeTarget: "bfres-matvis"}
	if len(c.Targets) == 0 {
		return MaterialClipFormat
	}
	k := c.Targets[0].Kind
	for i := range c.Targets {
		if c.Targets[i].Kind != k {
			return MaterialClipFormat
		}
	}
	if n, ok := names[k]; ok {
		return n
	}
	return MaterialClipFormat
}

// shaderParamTarget converts one non-texture-SRT shader parameter.
func shaderParamTarget(animName string, m *MaterialAnim, mi int, p *ParamAnimInfo) (anim.Target, []string) {
	t := anim.Target{Name: m.Name, Index: mi, Kind: anim.ShaderParamTarget, TexGen: -1, Param: p.Name, Base: anim.DefaultBase()}
	var warnings []string
	slotOf := func(off uint32) (anim.Slot, bool) {
		if off%4 != 0 || off/4 >= anim.NumParamSlots {
			warnings = append(warnings, fmt.Sprintf("material animation %q material %q param %q: offset 0x%x is not shown (only offsets 0..60)", animName, m.Name, p.Name, off))
			return 0, false
		}
		return anim.Param0 + anim.Slot(off/4), true
	}
	set := map[anim.Slot]anim.Curve{}
	var order []anim.Slot
	add := func(s anim.Slot, c anim.Curve) {
		if _, ok := set[s]; !ok {
			order = append(order, s)
		}
		set[s] = c
	}
	for k := 0; k < int(p.NumConstants); k++ {
		c := m.Constants[int(p.BeginConstant)+k]
		if s, ok := slotOf(c.TargetOffset); ok {
			v := float64(math.Float32frombits(c.Raw))
			if !isFinite32(c.Raw) {
				v = 0
			}
			t.Base[s] = v
			add(s, anim.Constant(v))
		}
	}
	for k := 0; k < int(p.NumFloatCurves)+int(p.NumIntCurves); k++ {
		c := &m.Curves[int(p.BeginCurve)+k]
		if s, ok := slotOf(c.TargetOffset); ok {
			add(s, c.Decoded)
		}
	}
	for _, s := range order {
		t.Channels = append(t.Channels, anim.Channel{Slot: s, Curve: set[s]})
	}
	return t, warnings
}
