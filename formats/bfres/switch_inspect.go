package bfres

import (
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/inspect"
)

// switchHeader is the inspector's header view of a Switch file: the binary
// file header, the relocation table, the dictionaries and the animations.
func (x *bfresInspector) switchHeader() []inspect.Section {
	f, sw := x.f, x.f.Switch
	sec := inspect.Section{Title: "FRES header (Switch)", Fields: []inspect.Field{
		inspect.F("version", fmt.Sprintf("%s (0x%08x)", f.Header.VersionString, f.Header.Version)),
		inspect.F("byte order mark", inspect.Hex(sw.BOM)+" (little-endian)"),
		inspect.F("alignment", fmt.Sprintf("2^%d = %d", sw.AlignmentShift, f.Header.Alignment)),
		inspect.F("address size", sw.AddressSize),
		inspect.F("file name offset", inspect.Hex(sw.FileNameOffset)),
		inspect.F("flag", inspect.Hex(sw.Flag)),
		inspect.F("first block", inspect.Hex(sw.FirstBlockOffset)),
		inspect.F("relocation table", inspect.Hex(sw.RelocTableOffset)),
		inspect.F("file size", sw.FileSize),
		inspect.F("name", f.Name),
		inspect.F("string pool", fmt.Sprintf("%d bytes at %s", sw.StringPoolSize, inspect.Hex(sw.StringPoolOffset))),
		inspect.F("external flags", inspect.Hex(sw.ExternalFlags)),
	}}
	dicts := inspect.Table{Title: "dictionaries", Columns: []string{"kind", "count", "dictionary offset", "names"}}
	for _, g := range sw.Subfiles {
		names := ""
		for i, e := range g.Dict.Entries {
			if i > 0 {
				names += ", "
			}
			names += e.Name
		}
		dicts.Rows = append(dicts.Rows, []string{g.Kind, inspect.Int(len(g.Dict.Entries)), inspect.Hex(g.Dict.FileOffset), names})
	}
	rel := inspect.Table{Title: "relocation sections", Columns: []string{"section", "offset", "size", "first entry", "entries"}}
	for i, s := range sw.Relocation.Sections {
		rel.Rows = append(rel.Rows, []string{inspect.Int(i), inspect.Hex(s.Offset), inspect.Int(s.Size), inspect.Int(s.FirstEntry), inspect.Int(s.NumEntries)})
	}
	anims := inspect.Table{Title: "animations", Columns: []string{"subfile", "name", "offset", "flags", "frames", "loop", "baked", "targets", "curves", "baked size"}}
	for i := range f.SkeletalAnims {
		a := &f.SkeletalAnims[i]
		anims.Rows = append(anims.Rows, []string{"FSKA", a.Name, inspect.Hex(a.FileOffset), inspect.Hex(a.Flags), inspect.Int(a.FrameCount),
			fmt.Sprint(a.Loop()), fmt.Sprint(a.Baked()), inspect.Int(len(a.BoneAnims)), inspect.Int(a.NumCurves), inspect.Int(a.BakedSize)})
	}
	for i := range sw.MaterialAnims {
		a := &sw.MaterialAnims[i]
		anims.Rows = append(anims.Rows, []string{"FMAA", a.Name, inspect.Hex(a.FileOffset), inspect.Hex(a.Flags), inspect.Int(a.FrameCount),
			fmt.Sprint(a.Loop()), fmt.Sprint(a.Baked()), inspect.Int(len(a.MaterialAnims)), inspect.Int(a.NumCurves), inspect.Int(a.BakedSize)})
	}
	for i := range sw.BoneVisAnims {
		a := &sw.BoneVisAnims[i]
		anims.Rows = append(anims.Rows, []string{"FBVS", a.Name, inspect.Hex(a.FileOffset), inspect.Hex(a.Flags), inspect.Int(a.FrameCount),
			fmt.Sprint(a.Loop()), fmt.Sprint(a.Baked()), inspect.Int(len(a.Names)), inspect.Int(len(a.Curves)), inspect.Int(a.BakedSize)})
	}
	sec.Tables = append(sec.Tables, dicts, rel, anims)
	return []inspect.Section{sec}
}

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
	head := inspect.Section{Title: "bone visibility animation " + a.Name, Fields: []inspect.Field{
		inspect.F("offset", inspect.Hex(a.FileOffset)),
		inspect.F("flags", fmt.Sprintf("0x%x (loop %v, baked %v)", a.Flags, a.Loop(), a.Baked())),
		inspect.F("frame count", a.FrameCount),
		inspect.F("bones", a.NumAnim),
		inspect.F("curves", a.NumCurve),
		inspect.F("baked size", a.BakedSize),
	}}
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
func (x *bfresInspector) materialTarget(a *SwitchMaterialAnim, t *anim.Target) []inspect.Section {
	head := inspect.Section{Title: "material animation " + a.Name, Fields: []inspect.Field{
		inspect.F("offset", inspect.Hex(a.FileOffset)),
		inspect.F("flags", fmt.Sprintf("0x%x (loop %v, baked %v)", a.Flags, a.Loop(), a.Baked())),
		inspect.F("frame count", a.FrameCount),
		inspect.F("materials", a.NumMatAnims),
		inspect.F("curves", a.NumCurves),
		inspect.F("baked size", a.BakedSize),
		inspect.F("textures", fmt.Sprint(a.TextureNames)),
	}}
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
