package bfres

import (
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/inspect"
)

// switchTarget is the raw view of a target of a Switch-only clip (bone
// visibility clips follow the texture SRT clips in Clips order).
func (x *bfresInspector) switchTarget(vi int, t *anim.Target) []inspect.Section {
	sw := x.f.Switch
	if sw == nil || vi < 0 {
		return nil
	}
	if vi >= len(sw.BoneVisAnims) {
		mats := x.f.materialClipAnims()
		if mi := vi - len(sw.BoneVisAnims); mi < len(mats) {
			return x.materialTarget(&sw.MaterialAnims[mats[mi]], t)
		}
		return nil
	}
	a := &sw.BoneVisAnims[vi]
	bi := t.Index
	if bi < 0 || bi >= len(a.Names) {
		return nil
	}
	head := animSection("bone visibility animation "+a.Name, &a.AnimHeader, "",
		inspect.F("bones", a.NumAnim), inspect.F("curves", a.NumCurve))
	bone := inspect.Section{Title: fmt.Sprintf("bone %d: %s", bi, a.Names[bi]), Fields: []inspect.Field{
		inspect.F("base visibility bit", a.Base[bi]),
	}}
	if bi < len(a.BindIndices) {
		bone.Fields = append(bone.Fields, inspect.F("bind index", a.BindIndices[bi]))
	}
	out := []inspect.Section{head, bone}
	for k := range a.Curves {
		if int(a.Curves[k].TargetOffset) == bi {
			out = append(out, curveSection(&a.Curves[k], t))
		}
	}
	return out
}

// materialTarget is the raw view of a material clip target: the FMAA
// header, the target's material animation and the curves it uses.
func (x *bfresInspector) materialTarget(a *ShaderParamAnim, t *anim.Target) []inspect.Section {
	head := animSection("material animation "+a.Name, &a.AnimHeader, "",
		inspect.F("materials", a.NumMatAnims), inspect.F("curves", a.NumCurves))
	head.Fields = append(head.Fields, inspect.F("textures", fmt.Sprint(a.TextureNames)))
	if t.Index < 0 || t.Index >= len(a.MaterialAnims) {
		return []inspect.Section{head}
	}
	m := &a.MaterialAnims[t.Index]
	mat := inspect.Section{Title: fmt.Sprintf("material anim %d: %s", t.Index, m.Name), Fields: []inspect.Field{
		inspect.F("offset", inspect.Hex(m.FileOffset)),
		inspect.F("param / pattern / constant / curve counts", fmt.Sprintf("%d, %d, %d, %d", len(m.Params), len(m.Patterns), len(m.Constants), len(m.Curves))),
		inspect.F("first param / pattern curve", fmt.Sprintf("%d, %d", m.BeginCurve, m.PatternCurveIndex)),
		inspect.F("visibility curve / constant / begin constant", fmt.Sprintf("%d, %d, %d", int16(m.VisCurveIndex), int16(m.VisConstantIndex), int16(m.BeginVisConstant))),
	}}
	if len(m.Constants) > 0 {
		consts := inspect.Table{Title: "constants", Columns: []string{"index", "target offset", "stored", "as float", "as int"}}
		for i, c := range m.Constants {
			consts.Rows = append(consts.Rows, []string{inspect.Int(i), inspect.Hex(c.TargetOffset), inspect.Hex(c.Raw),
				inspect.Num(float64(math.Float32frombits(c.Raw))), inspect.Int(int32(c.Raw))})
		}
		mat.Tables = append(mat.Tables, consts)
	}
	out := []inspect.Section{head, mat}
	for i := range m.Curves {
		c := &m.Curves[i]
		for _, ch := range t.Channels {
			if x.f.CurveFor(ch.Curve) == c {
				out = append(out, curveSection(c, t))
				break
			}
		}
	}
	return out
}
