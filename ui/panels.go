package ui

import (
	"fmt"
	"strings"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// rightPanel shows the selection, the texture matrix and the clip facts.
func (u *UI) rightPanel(v *viewmodel.View) {
	if (v.Joint != nil || v.Skeleton != nil) && section("Selection") {
		u.selectionSection(v)
	}
	if v.Tex != nil && section("Texture matrix") {
		u.texSection(v)
	}
	if v.Materials != nil && section("Materials") {
		u.materialSection(v)
	}
	if section("Clip") {
		u.clipSection(v)
	}
}

// selectedValues returns the values shown for the selected joint: the
// values its joint is posed with (the target's pose, with the slots the
// clip leaves to the model taken from its rest, as Skeleton.World does),
// or the skeleton's rest values.
func selectedValues(v *viewmodel.View) (vals [anim.NumSlots]float64, t *anim.Target, quat, ok bool) {
	sel := v.Selection
	if v.Joint != nil && sel.Target >= 0 && sel.Target < len(v.Joint.Clip.Targets) && v.Joint.Pose != nil && sel.Target < len(v.Joint.Pose.Targets) {
		tp := &v.Joint.Pose.Targets[sel.Target]
		t = &v.Joint.Clip.Targets[sel.Target]
		if sk := v.Skeleton; sk != nil && sk.Binding != nil && sel.Joint >= 0 && sel.Joint < len(sk.Binding.Target) && sel.Joint < len(sk.Skeleton.Joints) && sk.Binding.Target[sel.Joint] == sel.Target {
			vals, quat = sk.Skeleton.LocalSRT(sel.Joint, v.Joint.Pose, sk.Binding)
			return vals, t, quat, true
		}
		return tp.V, t, tp.Quaternion, true
	}
	if v.Skeleton != nil && sel.Joint >= 0 && sel.Joint < len(v.Skeleton.Skeleton.Joints) {
		j := &v.Skeleton.Skeleton.Joints[sel.Joint]
		return j.Rest, nil, j.Quaternion, true
	}
	return vals, nil, false, false
}

func (u *UI) selectionSection(v *viewmodel.View) {
	sel := v.Selection
	if sel.Joint < 0 && sel.Target < 0 {
		textDim("Click a joint in the view or the list.")
		return
	}
	name := ""
	var world *viewmodel.Marker
	for i := range v.Markers {
		if v.Markers[i].Joint == sel.Joint {
			world = &v.Markers[i]
			name = world.Name
		}
	}
	if name == "" {
		name = fmt.Sprintf("#%d", sel.Joint)
	}
	textColored(colSelected, name)
	imgui.SameLine()
	switch {
	case v.Skeleton != nil && sel.Target >= 0:
		textDim(fmt.Sprintf("joint %d, animated by entry %d", sel.Joint, sel.Target))
	case v.Skeleton != nil:
		textDim(fmt.Sprintf("joint %d, rest pose (not animated)", sel.Joint))
	default:
		textDim(fmt.Sprintf("entry %d (no skeleton)", sel.Target))
	}
	vals, t, quat, ok := selectedValues(v)
	if !ok {
		return
	}
	animated := func(s anim.Slot) bool {
		if t == nil {
			return false
		}
		ch, ok := t.Channel(s)
		return ok && ch.Curve.Kind() != anim.KindConstant
	}
	flags := imgui.TableFlagsRowBg | imgui.TableFlagsBordersInnerV | imgui.TableFlagsSizingStretchSame
	textDim("local, at the playhead")
	imgui.PushFont(u.fonts.Mono)
	if imgui.BeginTableV("##srt", 4, flags, imgui.Vec2{}, 0) {
		imgui.TableSetupColumnV("", imgui.TableColumnFlagsWidthFixed, 0, 0)
		imgui.TableSetupColumn("x")
		imgui.TableSetupColumn("y")
		imgui.TableSetupColumn("z")
		imgui.TableHeadersRow()
		rows := []struct {
			label string
			base  anim.Slot
		}{{"scale", anim.ScaleX}, {"rot °", anim.RotX}, {"trans", anim.TransX}}
		for _, r := range rows {
			if quat && r.base == anim.RotX {
				continue
			}
			imgui.TableNextRow()
			imgui.TableNextColumn()
			textDim(r.label)
			for k := anim.Slot(0); k < 3; k++ {
				imgui.TableNextColumn()
				s := r.base + k
				c := colText
				if animated(s) {
					c = colAccent
				}
				textColored(c, fmtNum(vals[s]))
			}
		}
		imgui.EndTable()
	}
	if quat {
		textDim(fmt.Sprintf("quat %s %s %s %s", fmtNum(vals[anim.QuatX]), fmtNum(vals[anim.QuatY]), fmtNum(vals[anim.QuatZ]), fmtNum(vals[anim.QuatW])))
	}
	imgui.PopFont()
	if v.HasSelectedWorld {
		// World transform at the playhead, split into S, R (Rz·Ry·Rx
		// degrees, as joints store it) and T; a sheared matrix (Maya
		// scale compensation) has no exact split.
		ws, wr, wt := anim.DecomposeSRT(v.SelectedWorld)
		textDim("world (data axes)")
		imgui.PushFont(u.fonts.Mono)
		if imgui.BeginTableV("##worldsrt", 4, flags, imgui.Vec2{}, 0) {
			imgui.TableSetupColumnV("", imgui.TableColumnFlagsWidthFixed, 0, 0)
			imgui.TableSetupColumn("x")
			imgui.TableSetupColumn("y")
			imgui.TableSetupColumn("z")
			for _, r := range []struct {
				label string
				v     [3]float64
			}{{"scale", ws}, {"rot °", wr}, {"trans", wt}} {
				imgui.TableNextRow()
				imgui.TableNextColumn()
				textDim(r.label)
				for k := 0; k < 3; k++ {
					imgui.TableNextColumn()
					imgui.Text(fmtNum(r.v[k]))
				}
			}
			imgui.EndTable()
		}
		imgui.PopFont()
	} else if world != nil {
		textDim("world")
		imgui.SameLine()
		imgui.Text(fmt.Sprintf("%s %s %s", fmtNum(float64(world.Pos[0])), fmtNum(float64(world.Pos[1])), fmtNum(float64(world.Pos[2]))))
	}
	if t != nil {
		textDim("orange: animated at this frame")
		for _, ch := range t.Channels {
			k := ch.Curve.Kind()
			if k == anim.KindConstant {
				continue
			}
			bulletText(fmt.Sprintf("%s  %s, %d keys", ch.Slot.Name(t.Kind), k, ch.Curve.NumKeys()))
		}
	}
}

// fmtNum shows a value with enough digits to compare with the sample
// output, without trailing noise.
func fmtNum(x float64) string {
	s := fmt.Sprintf("%.4f", x)
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

func texModeLabel(m, file anim.TexMatrixMode) string {
	names := map[anim.TexMatrixMode]string{
		anim.TexJ3DBasic: "Basic", anim.TexJ3DMaya: "Maya", anim.TexNWMaya: "NW Maya",
		anim.TexNW3dsMax: "NW 3ds Max", anim.TexNWSoftimage: "NW Softimage",
	}
	n := names[m]
	if n == "" {
		n = m.String()
	}
	if m == file {
		n += "  (file)"
	}
	return n
}

func (u *UI) texSection(v *viewmodel.View) {
	clip := v.Tex.Clip
	s := u.scale
	i := v.TexEntry
	if i < 0 || i >= len(clip.Targets) {
		textDim("No entry selected.")
		return
	}
	t := &clip.Targets[i]
	label := func(k int) string {
		tt := &clip.Targets[k]
		return fmt.Sprintf("%s · texGen %d", tt.Name, tt.TexGen)
	}
	imgui.AlignTextToFramePadding()
	textDim("Entry  ")
	imgui.SameLine()
	imgui.SetNextItemWidth(-1)
	if imgui.BeginComboV("##texentry", label(i), imgui.ComboFlagsHeightLarge) {
		u.dismissIfAsked()
		for k := range clip.Targets {
			if imgui.SelectableV(fmt.Sprintf("%s###te%d", label(k), k), k == i, 0, imgui.Vec2{}) {
				u.emit(viewmodel.SelectTexTarget{Target: k})
			}
		}
		imgui.EndCombo()
	}
	imgui.AlignTextToFramePadding()
	textDim("Formula")
	imgui.SameLine()
	imgui.SetNextItemWidth(-1)
	u.texModeCombo(v)
	if v.TexModeOverride {
		textColored(colWarn, "overridden: the file says "+texModeLabel(v.FileTexMode, anim.TexMatrixMode(255)))
	}

	var vals *[anim.NumSlots]float64
	if v.Tex.Pose != nil && i < len(v.Tex.Pose.Targets) {
		vals = &v.Tex.Pose.Targets[i].V
	}
	imgui.PushFont(u.fonts.Mono)
	if vals != nil && imgui.BeginTableV("##texsrt", 3, imgui.TableFlagsRowBg|imgui.TableFlagsBordersInnerV, imgui.Vec2{}, 0) {
		imgui.TableSetupColumnV("", imgui.TableColumnFlagsWidthFixed, 0, 0)
		imgui.TableSetupColumn("s")
		imgui.TableSetupColumn("t")
		imgui.TableHeadersRow()
		row := func(name string, a, b float64, animA, animB bool) {
			imgui.TableNextRow()
			imgui.TableNextColumn()
			textDim(name)
			imgui.TableNextColumn()
			textColored(pick(animA, colAccent, colText), fmtNum(a))
			imgui.TableNextColumn()
			textColored(pick(animB, colAccent, colText), fmtNum(b))
		}
		an := func(s anim.Slot) bool { ch, ok := t.Channel(s); return ok && ch.Curve.Kind() != anim.KindConstant }
		row("scale", vals[anim.ScaleX], vals[anim.ScaleY], an(anim.ScaleX), an(anim.ScaleY))
		row("trans", vals[anim.TransX], vals[anim.TransY], an(anim.TransX), an(anim.TransY))
		row("center", t.Center[0], t.Center[1], false, false)
		imgui.EndTable()
		ch, ok := t.Channel(anim.RotZ)
		textDim("rotation q")
		imgui.SameLine()
		textColored(pick(ok && ch.Curve.Kind() != anim.KindConstant, colAccent, colText), fmtNum(vals[anim.RotZ])+"°")
	}
	imgui.Spacing()
	textDim("matrix (s' t') = M · (s t 1)")
	m := v.TexMatrix
	if imgui.BeginTableV("##texmtx", 3, imgui.TableFlagsBordersOuter|imgui.TableFlagsBordersInnerV, imgui.Vec2{}, 0) {
		for r := 0; r < 2; r++ {
			imgui.TableNextRow()
			for c := 0; c < 3; c++ {
				imgui.TableNextColumn()
				x := m[r][c]
				if x == 0 {
					x = 0 // no "-0.00000"
				}
				imgui.Text(fmt.Sprintf("%9.5f", x))
			}
		}
		imgui.EndTable()
	}
	imgui.PopFont()

	// Preview: the checker through the matrix, as the quad in the view
	// shows it.
	if v.Checker.ID != 0 {
		imgui.Spacing()
		side := min(imgui.ContentRegionAvail().X, 220*s)
		p0 := imgui.CursorScreenPos()
		imgui.Dummy(imgui.Vec2{X: side, Y: side})
		uv := func(s, t float64) imgui.Vec2 {
			x, y := m.Apply(s, t)
			return imgui.Vec2{X: float32(x), Y: float32(y)}
		}
		dl := imgui.WindowDrawList()
		dl.AddImageQuadV(imgui.TextureID(v.Checker.ID),
			p0, imgui.Vec2{X: p0.X + side, Y: p0.Y}, imgui.Vec2{X: p0.X + side, Y: p0.Y + side}, imgui.Vec2{X: p0.X, Y: p0.Y + side},
			uv(0, 0), uv(1, 0), uv(1, 1), uv(0, 1), packed(imgui.Vec4{X: 1, Y: 1, Z: 1, W: 1}))
		dl.AddRect(p0, imgui.Vec2{X: p0.X + side, Y: p0.Y + side}, packed(imgui.Vec4{X: 0.4, Y: 0.4, Z: 0.45, W: 1}))
		textDim("UV checker through the matrix")
	}
}

func pick(cond bool, a, b imgui.Vec4) imgui.Vec4 {
	if cond {
		return a
	}
	return b
}

func (u *UI) clipSection(v *viewmodel.View) {
	p := v.Focused()
	if p == nil {
		textDim("No animation.")
		return
	}
	c := p.Clip
	kv := func(k, val string) {
		textDim(k)
		imgui.SameLine()
		setCursorX(95 * u.scale)
		imgui.Text(val)
	}
	name := c.Name
	if name == "" {
		name = p.Label
	}
	kv("name", name)
	kv("format", p.FormatLabel)
	kv("length", fmt.Sprintf("%g frames, %.3f s at %g fps", c.Duration, c.Duration/c.FPS, c.FPS))
	kv("loop", c.Loop.String()+" (file)")
	if p.Clock.Mode != p.FileLoop {
		kv("playing", p.Clock.Mode.String()+" (override)")
	}
	keyed, total := 0, 0
	for i := range c.Targets {
		for _, ch := range c.Targets[i].Channels {
			total++
			if ch.Curve.Kind() != anim.KindConstant {
				keyed++
			}
		}
	}
	kv("targets", fmt.Sprintf("%d", len(c.Targets)))
	kv("channels", fmt.Sprintf("%d, %d keyed", total, keyed))
	if v.Skeleton != nil {
		kv("model", v.Skeleton.Label)
		if b := v.Skeleton.Binding; b != nil {
			warningLine(v.Skeleton.Summary, v.Skeleton.Detail, b.Warnings)
		}
	}
}
