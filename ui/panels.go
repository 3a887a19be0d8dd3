package ui

import (
	"fmt"
	"strings"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// leftPanel lists the open files (their clips and models) and the targets.
func (u *UI) leftPanel(v *viewmodel.View) {
	if section("Files") {
		u.filesSection(v)
	}
	if section("Model and animation") {
		u.pairingSection(v)
	}
	if section("Joints and materials") {
		u.targetsSection(v)
	}
}

func isTexClip(c *anim.Clip) bool {
	return len(c.Targets) > 0 && c.Targets[0].Kind == anim.TexSRTTarget
}

// targetsSection lists what can be selected: the skeleton's joints as a
// tree (or the clip's targets when there is no skeleton) and the texture
// clip's entries grouped by material.
func (u *UI) targetsSection(v *viewmodel.View) {
	imgui.SetNextItemWidth(-1)
	imgui.InputTextWithHintV("##filter", "filter: name, #index, name/channel", &u.filter, 0, nil)
	if v.Selection != u.lastSelection {
		u.lastSelection = v.Selection
		u.scrollToSel = true
	}
	h := imgui.ContentRegionAvail().Y
	imgui.BeginChildV("##targets", imgui.Vec2{X: 0, Y: max(h, 60*u.scale)}, false, 0)
	filter := u.splitFilter(strings.ToLower(strings.TrimSpace(u.filter)))
	switch {
	case v.Skeleton != nil:
		u.jointTree(v, filter)
	case v.Joint != nil:
		u.targetList(v, filter)
	}
	if v.Tex != nil {
		u.texEntries(v, filter)
	}
	if v.Skeleton == nil && v.Joint == nil && v.Tex == nil {
		textDim("Nothing to select.")
	}
	u.scrollToSel = false
	imgui.EndChild()
}

func matches(filter, name string, index int) bool {
	if filter == "" {
		return true
	}
	if strings.HasPrefix(filter, "#") {
		return fmt.Sprintf("#%d", index) == filter
	}
	return strings.Contains(strings.ToLower(name), filter)
}

// jointTree shows the skeleton hierarchy; with a filter, a flat list of
// the matching joints.
func (u *UI) jointTree(v *viewmodel.View, filter string) {
	sk := v.Skeleton.Skeleton
	b := v.Skeleton.Binding
	bound := func(j int) bool {
		return b != nil && j < len(b.Target) && b.Target[j] >= 0
	}
	row := func(j int, flags imgui.TreeNodeFlags) bool {
		name := sk.Joints[j].Name
		if name == "" {
			name = fmt.Sprintf("joint %d", j)
		}
		if v.Selection.Joint == j {
			flags |= imgui.TreeNodeFlagsSelected
		}
		if !bound(j) {
			imgui.PushStyleColor(imgui.StyleColorText, colTextDim)
		}
		open := imgui.TreeNodeV(fmt.Sprintf("%s###j%d", name, j), flags|imgui.TreeNodeFlagsSpanAvailWidth|imgui.TreeNodeFlagsOpenOnArrow)
		if !bound(j) {
			imgui.PopStyleColor()
		}
		if imgui.IsItemClicked() && !imgui.IsItemToggledOpen() {
			u.emit(viewmodel.SelectJoint{Joint: j})
		}
		if v.Selection.Joint == j && u.scrollToSel {
			imgui.SetScrollHereY(0.5)
		}
		if open && b != nil && j < len(b.Target) {
			u.targetChannels(v, viewmodel.JointSlot, b.Target[j], flags&imgui.TreeNodeFlagsNoTreePushOnOpen != 0)
		}
		return open
	}
	if filter != "" {
		for j, jt := range sk.Joints {
			if matches(filter, jt.Name, j) {
				row(j, imgui.TreeNodeFlagsLeaf|imgui.TreeNodeFlagsNoTreePushOnOpen)
			}
		}
		return
	}
	children := u.childLists(sk)
	var walk func(j int)
	walk = func(j int) {
		kids := children[j]
		flags := imgui.TreeNodeFlagsDefaultOpen
		if len(kids) == 0 {
			flags |= imgui.TreeNodeFlagsLeaf | imgui.TreeNodeFlagsNoTreePushOnOpen
		}
		open := row(j, flags)
		if open && len(kids) > 0 {
			for _, k := range kids {
				walk(k)
			}
			imgui.TreePop()
		}
	}
	for j, jt := range sk.Joints {
		if jt.Parent < 0 {
			walk(j)
		}
	}
}

// childLists caches the children of every joint for the tree.
func (u *UI) childLists(sk *anim.Skeleton) [][]int {
	if u.childSkel == sk {
		return u.children
	}
	u.childSkel = sk
	u.children = make([][]int, len(sk.Joints))
	for j, jt := range sk.Joints {
		if jt.Parent >= 0 && jt.Parent < len(sk.Joints) {
			u.children[jt.Parent] = append(u.children[jt.Parent], j)
		}
	}
	return u.children
}

// texEntries lists the texture clip's entries under their materials.
func (u *UI) texEntries(v *viewmodel.View, filter string) {
	clip := v.Tex.Clip
	imgui.Spacing()
	textDim("Texture matrices · " + v.Tex.Label)
	prev := "\x00"
	open := false
	for i := range clip.Targets {
		t := &clip.Targets[i]
		if !matches(filter, t.Name, i) {
			continue
		}
		if t.Name != prev {
			if open {
				imgui.TreePop()
			}
			prev = t.Name
			name := t.Name
			if name == "" {
				name = "(unnamed material)"
			}
			open = imgui.TreeNodeV(fmt.Sprintf("%s###mat%d", name, i), imgui.TreeNodeFlagsDefaultOpen|imgui.TreeNodeFlagsSpanAvailWidth)
		}
		if !open {
			continue
		}
		l := fmt.Sprintf("texGen %d  ·  entry %d###tex%d", t.TexGen, i, i)
		if imgui.SelectableV(l, v.Selection.TexTarget == i, 0, imgui.Vec2{}) {
			u.emit(viewmodel.SelectTexTarget{Target: i})
		}
		u.targetChannels(v, viewmodel.TexSlot, i, true)
	}
	if open {
		imgui.TreePop()
	}
}

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
			for _, w := range b.Warnings {
				textWrapped(colWarn, w)
			}
		}
	}
}
