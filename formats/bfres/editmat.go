package bfres

import (
	"fmt"
	"math"
	"reflect"
)

// Replacing a material animation's curves (a texture SRT FSHU or FMAA,
// or any other shader-parameter one) in a whole FRES file, as edit.go
// replaces an FSKA: the curves are written in a new region and each
// material anim's curve array reference is re-pointed at them; the rest
// of the animation stays where it is.

// TexSRTCurveUnit is CurveSpec.Unit for a texture SRT curve: degrees per
// radian for the rotation (TexSrtR), 1 for the other fields (the
// reader's display units, fshu.go).
func TexSRTCurveUnit(target uint32) float64 {
	if target == TexSrtR {
		return 180 / math.Pi
	}
	return 1
}

// ReplaceMaterialAnim returns a copy of file whose material animation
// name (Wii U: an FSHU of the index group a.Group; Switch: an FMAA, as
// File.Switch.MaterialAnims holds it) is a instead. a must keep the
// target's structure: its material anims, parameter anims, texture
// patterns, constants' targets and each material anim's curve count and
// curve targets and kinds (float or integer). What may change: every
// curve (type, keys, frames: EncodeCurve), the constants' values, the
// header's flags, frame count and baked size.
func ReplaceMaterialAnim(file []byte, name string, a *ShaderParamAnim) ([]byte, error) {
	if a == nil {
		return nil, fmt.Errorf("no material animation to write")
	}
	e, err := newEdit(file)
	if err != nil {
		return nil, err
	}
	target, err := e.materialAnim(name, a.Group)
	if err != nil {
		return nil, err
	}
	if err := sameMatStructure(target, a); err != nil {
		return nil, fmt.Errorf("replacing %s %q: %v", e.lay.fshu.magic, name, err)
	}
	l := &e.lay.fshu
	e.num(target.FileOffset, l.flags, int64(a.Flags))
	e.num(target.FileOffset, l.frameCount, int64(a.FrameCount))
	e.num(target.FileOffset, l.bakedSize, int64(a.BakedSize))
	ml, cl := &e.lay.matAnim, &e.lay.curve
	for i := range a.MaterialAnims {
		m, old := &a.MaterialAnims[i], &target.MaterialAnims[i]
		for k := range m.Curves {
			if err := checkCurve(&m.Curves[k]); err != nil {
				return nil, fmt.Errorf("%s %q material anim %q: %v", l.magic, name, m.Name, err)
			}
		}
		if consts := e.readRef(old.FileOffset, ml.constants); consts != 0 {
			for k, c := range m.Constants {
				e.order.PutUint32(e.bytes(consts+8*int64(k)+4, 4), c.Raw)
			}
		}
		if len(m.Curves) == 0 {
			continue
		}
		arr := e.alloc(int64(len(m.Curves))*cl.size, 8)
		for k := range m.Curves {
			if err := e.writeCurve(&m.Curves[k], arr+int64(k)*cl.size); err != nil {
				return nil, fmt.Errorf("%s %q material anim %q: %v", l.magic, name, m.Name, err)
			}
		}
		e.refFieldNew(old.FileOffset, ml.curves, arr)
	}
	return e.finish(name)
}

// materialAnim is the file's material animation name: on the Wii U the
// FSHU of index group group (any group when no FSHU of it has the name),
// on the Switch the FMAA.
func (e *edit) materialAnim(name string, group int) (*ShaderParamAnim, error) {
	var list []*ShaderParamAnim
	if e.lay.nx {
		for i := range e.f.Switch.MaterialAnims {
			list = append(list, &e.f.Switch.MaterialAnims[i])
		}
	} else {
		for i := range e.f.TexSRTAnims {
			list = append(list, &e.f.TexSRTAnims[i])
		}
		for i := range e.f.ShaderParamAnims {
			list = append(list, &e.f.ShaderParamAnims[i])
		}
	}
	var found *ShaderParamAnim
	var names []string
	for _, a := range list {
		names = append(names, a.Name)
		if a.Name == name && (found == nil || a.Group == group) {
			found = a
		}
	}
	if found == nil {
		if e.brokenAnim(name) {
			return nil, fmt.Errorf("%s %q cannot be read, so it cannot be replaced in place", e.lay.fshu.magic, name)
		}
		return nil, fmt.Errorf("the file has no material animation %q; it has: %v", name, names)
	}
	return found, nil
}

// sameMatStructure reports how b's structure differs from a's (nil when
// it does not): what ReplaceMaterialAnim keeps in place.
func sameMatStructure(a, b *ShaderParamAnim) error {
	if a.Name != b.Name {
		return fmt.Errorf("the new animation is named %q (renaming is not supported)", b.Name)
	}
	if len(a.MaterialAnims) != len(b.MaterialAnims) {
		return fmt.Errorf("%d material anims, the target has %d", len(b.MaterialAnims), len(a.MaterialAnims))
	}
	if b.FrameCount < 0 {
		return fmt.Errorf("negative frame count %d", b.FrameCount)
	}
	for i := range a.MaterialAnims {
		x, y := &a.MaterialAnims[i], &b.MaterialAnims[i]
		if x.Name != y.Name || len(x.Curves) != len(y.Curves) || len(x.Constants) != len(y.Constants) ||
			!sameIgnoringOffsets(x.Params, y.Params) || !sameIgnoringOffsets(x.Patterns, y.Patterns) ||
			x.PatternCurveIndex != y.PatternCurveIndex || x.VisConstantIndex != y.VisConstantIndex || x.VisCurveIndex != y.VisCurveIndex {
			return fmt.Errorf("material anim %d (%q) differs from the target's in its parameters, patterns or counts", i, y.Name)
		}
		for k := range x.Constants {
			if x.Constants[k].TargetOffset != y.Constants[k].TargetOffset {
				return fmt.Errorf("material anim %q constant %d targets 0x%x, the target's 0x%x", y.Name, k, y.Constants[k].TargetOffset, x.Constants[k].TargetOffset)
			}
		}
		for k := range x.Curves {
			cx, cy := &x.Curves[k], &y.Curves[k]
			if cx.TargetOffset != cy.TargetOffset || cx.Type.IsInt() != cy.Type.IsInt() || cx.Type.IsBool() != cy.Type.IsBool() {
				return fmt.Errorf("material anim %q curve %d (target 0x%x, %s) does not match the target's (0x%x, %s)", y.Name, k, cy.TargetOffset, cy.Type, cx.TargetOffset, cx.Type)
			}
		}
	}
	return nil
}

// sameIgnoringOffsets compares two lists of structures whose first field
// is FileOffset, that field aside.
func sameIgnoringOffsets[T ParamAnimInfo | PatternAnimInfo](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		reflect.ValueOf(&x).Elem().Field(0).SetInt(0)
		reflect.ValueOf(&y).Elem().Field(0).SetInt(0)
		if x != y {
			return false
		}
	}
	return true
}
