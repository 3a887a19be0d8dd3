package bfres

import (
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/animscope/animscope/anim"
)

// Shader-parameter and colour animations (Wii U FSHU in index groups 3
// and 4). They share the texture SRT animations' layout (fshu.go); what
// differs is the target: a curve or constant writes the 32-bit value at
// param + targetOffset (nn::g3d ShaderParamAnimObj::ApplyTo), any float
// of the parameter (a colour's r, g, b, a at 0, 4, 8, 12; a float4x4 up to
// 60), with no unit conversion. They become "bfres-shaderparam" clips: one
// shaderparam target per animated parameter, named after its material,
// with the parameter's name and a channel "offset.N" per animated float.

// shaderParams reports whether the FSHU being read is a shader-parameter
// or colour animation.
func (d *decoder) shaderParams() bool {
	return d.group == GroupShaderParamAnim || d.group == GroupColorAnim
}

// checkParamTarget checks a curve's or constant's target offset: a TexSrt
// field in texture SRT animations, a 4-byte-aligned float inside the
// parameter (at most anim.NumParamSlots of them) otherwise.
func (d *decoder) checkParamTarget(off uint32, isInt bool) error {
	if !d.shaderParams() {
		return checkTexSrtTarget(off, isInt)
	}
	if off%4 != 0 || off >= 4*anim.NumParamSlots {
		return fmt.Errorf("target 0x%x is not a float of a shader parameter (a multiple of 4 below 0x%x)", off, 4*anim.NumParamSlots)
	}
	return nil
}

// ShaderParamClip converts shader-parameter (or colour) animation i: per
// material anim and animated parameter one shaderparam target (Name the
// material, Param the parameter, Index the material anim's position), its
// channels "offset.N" in offset order, constants as constant channels,
// curves as decoded.
func (f *File) ShaderParamClip(i int) *anim.Clip {
	a := &f.ShaderParamAnims[i]
	clip := a.clip("bfres-shaderparam")
	for mi := range a.MaterialAnims {
		m := &a.MaterialAnims[mi]
		for pi := range m.Params {
			p := &m.Params[pi]
			t := anim.Target{Name: m.Name, Param: p.Name, Index: mi, Kind: anim.ShaderParamTarget, TexGen: -1, Base: anim.DefaultBase()}
			curves := map[anim.Slot]anim.Curve{}
			for k := 0; k < int(p.NumConstants); k++ {
				c := m.Constants[int(p.BeginConstant)+k]
				curves[anim.Param0+anim.Slot(c.TargetOffset/4)] = anim.Constant(float64(math.Float32frombits(c.Raw)))
			}
			for k := 0; k < int(p.NumFloatCurves)+int(p.NumIntCurves); k++ {
				c := &m.Curves[int(p.BeginCurve)+k]
				curves[anim.Param0+anim.Slot(c.TargetOffset/4)] = c.Decoded // curves override constants
			}
			for _, s := range slices.Sorted(maps.Keys(curves)) {
				t.Channels = append(t.Channels, anim.Channel{Slot: s, Curve: curves[s]})
			}
			clip.Targets = append(clip.Targets, t)
		}
	}
	return clip
}
