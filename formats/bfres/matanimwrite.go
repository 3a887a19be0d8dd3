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
// File.Switch.MaterialAnims holds it) is a instead. a keeps the target's
// material anims and, in each, its parameter anims (names, order,
// sub-bind indices) and texture patterns. What may change: every curve
// (type, keys, frames: EncodeCurve), the constants' values, the header's
// flags, frame count and baked size, and where a material anim has no
// texture pattern or visibility animation, which of its parameters'
// fields are curves and which constants (each ParamAnimInfo's ranges
// over MaterialAnim.Curves and Constants, float curves before integer
// ones). The material anims' first-curve indices and the header's curve
// count are written from the curves.
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
	// The material anims' first-curve indices run on from one to the
	// next where the target's do; elsewhere they stay, and so must the
	// curve counts.
	cumulative, sum := true, 0
	for i := range target.MaterialAnims {
		cumulative = cumulative && int(target.MaterialAnims[i].BeginCurve) == sum
		sum += len(target.MaterialAnims[i].Curves)
	}
	total := 0
	for i := range a.MaterialAnims {
		if !cumulative && len(a.MaterialAnims[i].Curves) != len(target.MaterialAnims[i].Curves) {
			return nil, fmt.Errorf("replacing %s %q: material anim %q: the target's first-curve indices do not follow its curve counts, so the counts must stay", l.magic, name, a.MaterialAnims[i].Name)
		}
		begin := -1
		if cumulative {
			begin = total
		}
		if err := e.writeMatAnim(&a.MaterialAnims[i], &target.MaterialAnims[i], begin); err != nil {
			return nil, fmt.Errorf("%s %q material anim %q: %v", l.magic, name, a.MaterialAnims[i].Name, err)
		}
		total += len(a.MaterialAnims[i].Curves)
	}
	// The header's curve count sizes the runtime's tables: an FMAA's is
	// its material anims' sum; an FSHU may state more.
	if stated := int(target.NumCurves); e.lay.nx || total > stated {
		e.num(target.FileOffset, l.numCurves, int64(total))
	}
	return e.finish(name)
}

// writeMatAnim writes material anim m over old (the target's, in place):
// its curves, and its parameter anims and constants anew where their
// layout changed, else the constants in place. begin is the index of its
// first curve in the animation to store (-1: keep the target's).
func (e *edit) writeMatAnim(m, old *MaterialAnim, begin int) error {
	ml, cl := &e.lay.matAnim, &e.lay.curve
	for k := range m.Curves {
		if err := checkCurve(&m.Curves[k]); err != nil {
			return err
		}
	}
	if err := checkParamRanges(m); err != nil {
		return err
	}
	at := old.FileOffset
	if sameIgnoringOffsets(old.Params, m.Params) && len(old.Constants) == len(m.Constants) {
		if consts := e.readRef(at, ml.constants); consts != 0 {
			for k, c := range m.Constants {
				e.order.PutUint32(e.bytes(consts+8*int64(k), 4), c.TargetOffset)
				e.order.PutUint32(e.bytes(consts+8*int64(k)+4, 4), c.Raw)
			}
		}
	} else {
		e.writeParams(m, old)
	}
	e.num(at, ml.numCurves, int64(len(m.Curves)))
	if begin >= 0 {
		e.num(at, ml.beginCurve, int64(begin))
		e.num(at, ml.paramCurve, int64(begin))
	}
	if len(m.Curves) == 0 {
		e.refField(at, ml.curves, 0)
		return nil
	}
	arr := e.alloc(int64(len(m.Curves))*cl.size, 8)
	for k := range m.Curves {
		if err := e.writeCurve(&m.Curves[k], arr+int64(k)*cl.size); err != nil {
			return err
		}
	}
	e.refFieldNew(at, ml.curves, arr)
	return nil
}

// writeParams writes m's parameter anims (each a copy of the target's
// with its ranges replaced) and constants anew and points the material
// anim at them.
func (e *edit) writeParams(m, old *MaterialAnim) {
	ml, pl := &e.lay.matAnim, &e.lay.param
	at := old.FileOffset
	params := e.alloc(int64(len(m.Params))*pl.size, e.dataAlign())
	for k := range m.Params {
		p, q := &m.Params[k], params+int64(k)*pl.size
		copy(e.bytes(q, pl.size), e.file[old.Params[k].FileOffset:old.Params[k].FileOffset+pl.size])
		e.name(q, pl.name, p.Name)
		e.num(q, pl.beginCurve, int64(p.BeginCurve))
		e.num(q, pl.numFloatCurves, int64(p.NumFloatCurves))
		e.num(q, pl.numIntCurves, int64(p.NumIntCurves))
		e.num(q, pl.beginConstant, int64(p.BeginConstant))
		e.num(q, pl.numConstants, int64(p.NumConstants))
		e.num(q, pl.subBindIndex, int64(p.SubBindIndex))
	}
	if len(m.Params) > 0 {
		e.refFieldNew(at, ml.params, params)
	}
	e.num(at, ml.numConsts, int64(len(m.Constants)))
	if len(m.Constants) == 0 {
		e.refField(at, ml.constants, 0)
		return
	}
	consts := e.alloc(8*int64(len(m.Constants)), e.dataAlign())
	for k, c := range m.Constants {
		e.order.PutUint32(e.bytes(consts+8*int64(k), 4), c.TargetOffset)
		e.order.PutUint32(e.bytes(consts+8*int64(k)+4, 4), c.Raw)
	}
	e.refFieldNew(at, ml.constants, consts)
}

// checkParamRanges checks that m's parameter anims cover its curves and
// constants in ranges that lie in them, float curves before integer ones.
func checkParamRanges(m *MaterialAnim) error {
	if len(m.Curves) > 0xFFFF || len(m.Constants) > 0xFFFF {
		return fmt.Errorf("%d curves and %d constants (at most 65535 each)", len(m.Curves), len(m.Constants))
	}
	for _, p := range m.Params {
		nc := int(p.NumFloatCurves) + int(p.NumIntCurves)
		if nc > 0 && int(p.BeginCurve)+nc > len(m.Curves) || p.NumConstants > 0 && int(p.BeginConstant)+int(p.NumConstants) > len(m.Constants) {
			return fmt.Errorf("param %q: its curves or constants lie outside the material anim's %d curves and %d constants", p.Name, len(m.Curves), len(m.Constants))
		}
		seen := map[uint32]bool{}
		for k := 0; k < nc; k++ {
			c := &m.Curves[int(p.BeginCurve)+k]
			if c.Type.IsInt() != (k >= int(p.NumFloatCurves)) {
				return fmt.Errorf("param %q: %s curve %d in its %s curve range", p.Name, c.Type, k, map[bool]string{true: "integer", false: "float"}[k >= int(p.NumFloatCurves)])
			}
			if seen[c.TargetOffset] {
				return fmt.Errorf("param %q: two curves drive its field 0x%x", p.Name, c.TargetOffset)
			}
			seen[c.TargetOffset] = true
		}
		for k := 0; k < int(p.NumConstants); k++ {
			c := m.Constants[int(p.BeginConstant)+k]
			if seen[c.TargetOffset] {
				return fmt.Errorf("param %q: its field 0x%x has both a curve and a constant (or two constants)", p.Name, c.TargetOffset)
			}
			seen[c.TargetOffset] = true
		}
	}
	return nil
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
		if x.Name != y.Name || len(x.Params) != len(y.Params) || !sameIgnoringOffsets(x.Patterns, y.Patterns) ||
			x.PatternCurveIndex != y.PatternCurveIndex || x.VisConstantIndex != y.VisConstantIndex || x.VisCurveIndex != y.VisCurveIndex {
			return fmt.Errorf("material anim %d (%q) differs from the target's in its name, parameters or texture patterns", i, y.Name)
		}
		for k := range x.Params {
			if p, q := x.Params[k], y.Params[k]; p.Name != q.Name || p.SubBindIndex != q.SubBindIndex {
				return fmt.Errorf("material anim %q parameter %d is %q, the target's %q", y.Name, k, q.Name, p.Name)
			}
		}
		// Texture patterns and visibility index the curves and
		// constants: where there are any, the layout stays.
		if len(x.Patterns) == 0 && (a.Group >= 0 || x.VisConstantIndex == 0xFFFF && x.VisCurveIndex == 0xFFFF) {
			continue // an FSHU (Group >= 0) has neither
		}
		if len(x.Curves) != len(y.Curves) || len(x.Constants) != len(y.Constants) || !sameIgnoringOffsets(x.Params, y.Params) {
			return fmt.Errorf("material anim %q has texture pattern or visibility animations: its curves and constants must keep their layout", y.Name)
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

// refField writes a reference where a material anim's field is present.
func (e *edit) refField(st int64, fl field, target int64) {
	if fl.kind != absent {
		e.ref(st+fl.at, target)
	}
}
