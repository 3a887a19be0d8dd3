package bfres

import (
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/inspect"
)

// bfresInspector shows a FRES file as stored: the header, the animation
// subfiles, and for each target its bone or material animation with every
// curve's header fields and its stored frame and key arrays next to the
// decoded values.
type bfresInspector struct {
	f     *File
	clips map[*anim.Clip]int // clip -> index in Clips order (skeletal, then texture SRT)
}

func newBFRESInspector(f *File, clips []*anim.Clip) *bfresInspector {
	m := make(map[*anim.Clip]int, len(clips))
	for i, c := range clips {
		m[c] = i
	}
	return &bfresInspector{f: f, clips: m}
}

func (x *bfresInspector) Target(clip *anim.Clip, index int) []inspect.Section {
	ci, ok := x.clips[clip]
	if !ok || index < 0 || index >= len(clip.Targets) {
		return nil
	}
	t := &clip.Targets[index]
	if ci < len(x.f.SkeletalAnims) {
		a := &x.f.SkeletalAnims[ci]
		if index >= len(a.BoneAnims) {
			return nil
		}
		return x.boneAnim(a, index, t)
	}
	ti := ci - len(x.f.SkeletalAnims)
	if ti >= len(x.f.TexSRTAnims) {
		return x.switchTarget(ti-len(x.f.TexSRTAnims), t) // inspect_material.go
	}
	return x.texSRT(&x.f.TexSRTAnims[ti], t)
}

func (x *bfresInspector) boneAnim(a *SkeletalAnim, bi int, t *anim.Target) []inspect.Section {
	rot := "euler XYZ (stored radians, shown in degrees)"
	if a.Quaternion() {
		rot = "quaternion"
	}
	head := animSection("skeletal animation "+a.Name, &a.AnimHeader,
		fmt.Sprintf(", scale mode %d, rotation mode %d: %s", a.ScaleMode(), a.RotationMode(), rot),
		inspect.F("bone anims", a.NumBoneAnims), inspect.F("curves", a.NumCurves))
	if bi < len(a.BindIndices) {
		head.Fields = append(head.Fields, inspect.F("bind index of this bone", a.BindIndices[bi]))
	}
	b := &a.BoneAnims[bi]
	bone := inspect.Section{Title: fmt.Sprintf("bone anim %d: %s", bi, b.Name), Fields: []inspect.Field{
		inspect.F("offset", inspect.Hex(b.FileOffset)),
		inspect.F("flags", fmt.Sprintf("0x%x (base scale %v, rotate %v, translate %v)", b.Flags, b.HasScale, b.HasRotate, b.HasTranslate)),
		inspect.F("begin rotate", b.BeginRotate),
		inspect.F("begin translate", b.BeginTranslate),
		inspect.F("curves", b.NumCurves),
		inspect.F("begin base translate", b.BeginBaseTranslate),
		inspect.F("begin curve", b.BeginCurve),
		inspect.F("curve array offset", inspect.Hex(b.CurveArrayOffset)),
		inspect.F("base offset", inspect.Hex(b.BaseOffset)),
	}}
	for _, p := range b.baseValues() {
		if p.has {
			bone.Fields = append(bone.Fields, inspect.F("base "+p.name, inspect.Vec32(p.v)))
		}
	}
	out := []inspect.Section{head, bone}
	for ci := range b.Curves {
		out = append(out, curveSection(&b.Curves[ci], t))
	}
	return out
}

func (x *bfresInspector) texSRT(a *ShaderParamAnim, t *anim.Target) []inspect.Section {
	head := animSection("texture SRT animation "+a.Name, &a.AnimHeader, "",
		inspect.F("material anims", a.NumMatAnims), inspect.F("param anims", a.NumParamAnims), inspect.F("curves", a.NumCurves))
	mi, pi := t.Index, t.TexGen
	if mi < 0 || mi >= len(a.MaterialAnims) || pi < 0 || pi >= len(a.MaterialAnims[mi].Params) {
		return []inspect.Section{head}
	}
	m := &a.MaterialAnims[mi]
	p := &m.Params[pi]
	mat := inspect.Section{Title: fmt.Sprintf("material anim %d: %s, param %d: %s", mi, m.Name, pi, p.Name), Fields: []inspect.Field{
		inspect.F("material anim offset", inspect.Hex(m.FileOffset)),
		inspect.F("material: param anims, curves, constants", fmt.Sprintf("%d, %d, %d", m.NumParamAnims, m.NumCurves, m.NumConstants)),
		inspect.F("material: begin curve, begin param anim", fmt.Sprintf("%d, %d", m.BeginCurve, m.BeginParamAnim)),
		inspect.F("param anim offset", inspect.Hex(p.FileOffset)),
		inspect.F("param: begin curve", p.BeginCurve),
		inspect.F("param: float curves, int curves", fmt.Sprintf("%d, %d", p.NumFloatCurves, p.NumIntCurves)),
		inspect.F("param: begin constant, constants", fmt.Sprintf("%d, %d", p.BeginConstant, p.NumConstants)),
		inspect.F("param: sub bind index", p.SubBindIndex),
	}}
	if p.NumConstants > 0 {
		consts := inspect.Table{Title: "constants", Columns: []string{"target offset", "field", "stored", "value"}}
		for k := 0; k < int(p.NumConstants); k++ {
			i := int(p.BeginConstant) + k
			if i >= len(m.Constants) {
				break
			}
			c := m.Constants[i]
			field, value := texSRTField(c.TargetOffset), float64(math.Float32frombits(c.Raw))
			if c.TargetOffset == TexSrtMode {
				value = float64(int32(c.Raw))
			}
			consts.Rows = append(consts.Rows, []string{inspect.Hex(c.TargetOffset), field, inspect.Hex(c.Raw), inspect.Num(value)})
		}
		mat.Tables = append(mat.Tables, consts)
	}
	out := []inspect.Section{head, mat}
	for k := 0; k < int(p.NumFloatCurves)+int(p.NumIntCurves); k++ {
		i := int(p.BeginCurve) + k
		if i >= 0 && i < len(m.Curves) {
			out = append(out, curveSection(&m.Curves[i], t))
		}
	}
	return out
}

// animSection is the section of an animation's header: its offset,
// flags (note adds what the kind's own flag bits say), frame count, the
// kind's counts and its baked size.
func animSection(title string, h *AnimHeader, note string, counts ...inspect.Field) inspect.Section {
	fields := []inspect.Field{
		inspect.F("offset", inspect.Hex(h.FileOffset)),
		inspect.F("flags", fmt.Sprintf("0x%x (loop %v, baked %v%s)", h.Flags, h.Loop(), h.Baked(), note)),
		inspect.F("frame count", h.FrameCount),
	}
	fields = append(fields, counts...)
	return inspect.Section{Title: title, Fields: append(fields, inspect.F("baked size", h.BakedSize))}
}

// texSRTFields name the TexSrt fields, texSRTFields[offset/4].
var texSRTFields = [...]string{"mode", "scale.x", "scale.y", "rotation (radians)", "translation.x", "translation.y"}

// texSRTField names a TexSrt field by its offset.
func texSRTField(off uint32) string {
	if off%4 != 0 || off/4 >= uint32(len(texSRTFields)) {
		return "?"
	}
	return texSRTFields[off/4]
}

// curveSection is one curve: its header fields, then one row per key with
// the stored frame and key elements and the decoded frame, value and
// slopes (display units: degrees for rotations).
func curveSection(c *Curve, t *anim.Target) inspect.Section {
	channel := fmt.Sprintf("target 0x%x", c.TargetOffset)
	for _, ch := range t.Channels {
		if nw, ok := ch.Curve.(*anim.NWCurve); ok && nw == c.Decoded {
			channel = ch.Slot.Name(t.Kind)
		}
	}
	bits := func(v float64, b uint32) string { return fmt.Sprintf("%s (0x%08x)", inspect.Num(v), b) }
	sec := inspect.Section{Title: fmt.Sprintf("%s: %s curve at %s", channel, c.Type, inspect.Hex(c.FileOffset)), Fields: []inspect.Field{
		inspect.F("flags", fmt.Sprintf("0x%04x (frames %s, keys %s, %s, pre-wrap %s, post-wrap %s)", c.Flags, c.FrameType, c.KeyType.Name(c.Type), c.Type, c.PreWrap, c.PostWrap)),
		inspect.F("keys", c.NumKeys),
		inspect.F("target offset", inspect.Hex(c.TargetOffset)),
		inspect.F("start, end frame", fmt.Sprintf("%s, %s", inspect.Num32(c.StartFrame), inspect.Num32(c.EndFrame))),
		inspect.F("scale", bits(c.Scale, c.ScaleBits)),
		inspect.F("offset", bits(c.Offset, c.OffsetBits)),
	}}
	if c.HasDelta {
		sec.Fields = append(sec.Fields, inspect.F("delta", bits(c.Delta, c.DeltaBits)))
	} else {
		sec.Fields = append(sec.Fields, inspect.F("delta", "none (before FRES 3.4)"))
	}
	sec.Fields = append(sec.Fields,
		inspect.F("frame array", fmt.Sprintf("%s, %d values", inspect.Hex(c.FrameArrayOffset), c.NumFrameValues())),
		inspect.F("key array", fmt.Sprintf("%s, %d values", inspect.Hex(c.KeyArrayOffset), c.NumKeyValues())))
	nw := c.Decoded
	if nw == nil {
		return sec
	}
	elems := c.Type.KeyElems()
	tb := inspect.Table{Title: channel + ": keys as stored and decoded", Channel: channel, Columns: []string{"key", "frame (stored)", "frame"}}
	switch {
	case c.Type.IsBool():
		tb.Columns = append(tb.Columns, "bit (stored)")
	case elems == 1:
		tb.Columns = append(tb.Columns, "value (stored)")
	default:
		for e := 0; e < elems; e++ {
			tb.Columns = append(tb.Columns, fmt.Sprintf("c%d (stored)", e))
		}
	}
	tb.Columns = append(tb.Columns, "value")
	slopes := c.Type == anim.NWCubic || c.Type == anim.NWLinear
	if slopes {
		tb.Columns = append(tb.Columns, "in slope (/frame)", "out slope (/frame)")
	}
	for i := 0; i < nw.NumKeys(); i++ {
		k := nw.Key(i)
		stored := ""
		if i < c.NumFrameValues() {
			stored = inspect.Num(c.RawFrame(i))
		}
		row := []string{inspect.Int(i), stored, inspect.Num(k.Frame)}
		switch {
		case c.Type.IsBool():
			bit := ""
			if w := i / 32; w < c.NumKeyValues() {
				bit = inspect.Int(uint32(c.RawKey(w)) >> (i % 32) & 1)
			}
			row = append(row, bit)
		default:
			for e := 0; e < elems; e++ {
				v := ""
				if j := i*elems + e; j < c.NumKeyValues() {
					v = inspect.Num(c.RawKey(j))
				}
				row = append(row, v)
			}
		}
		row = append(row, inspect.Num(k.Value))
		if slopes {
			row = append(row, inspect.Num(k.InSlope), inspect.Num(k.OutSlope))
		}
		tb.Rows = append(tb.Rows, row)
	}
	sec.Tables = []inspect.Table{tb}
	return sec
}
