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
	if len(v.Models) > 0 && section("Shapes") {
		u.shapesSection(v)
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
	u.record("targets:filter")
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
