package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestBindingWarningsAreOneLine: a binding with 94 missing bones is one
// line under the Animation picker (the joint list stays right below it),
// and a file's 23 load warnings one line in the Files tree.
func TestBindingWarningsAreOneLine(t *testing.T) {
	v := archiveView()
	var ws []string
	for i := 0; i < 94; i++ {
		ws = append(ws, fmt.Sprintf("bone \"Bone_%02d\" is not in skeleton \"biped\"", i))
	}
	v.Pairing.Anims[0].Warnings = ws
	v.Skeleton = &viewmodel.SkeletonView{Skeleton: v.Files[3].Skels[0], Label: "biped.bmd", Binding: &anim.Binding{Warnings: ws},
		Summary: "94 animated bones are not in the skeleton: Bone_00, Bone_01, Bone_02, Bone_03, Bone_04, …", Detail: strings.Join(ws, "\n")}
	v.Files[1].Warnings = ws[:23]
	h := newHarness(t, v)
	imgui.CurrentIO().SetDisplaySize(imgui.Vec2{X: 1400, Y: 1600})
	h.frame()
	h.frame()
	line := imgui.TextLineHeightWithSpacing()
	pick, filter := h.rect("pair:anim"), h.rect("targets:filter")
	// The picker row, "paired: …", one warning line, then the section
	// root-motion box and the section header above the joint filter: a
	// handful of lines, not 94.
	if gap := filter.Y - (pick.Y + pick.H); gap > 7*line {
		t.Errorf("the joint filter is %v below the Animation picker (%.1f lines); want the warnings in one line", gap, gap/line)
	}
	// The archive entry with 23 warnings: its clip row and the next file
	// stay close together.
	if gap := h.rect("file:2").Y - h.rect("clip:1:0").Y; gap > 3*line {
		t.Errorf("23 file warnings take %.1f lines in the Files tree, want one", gap/line)
	}
}

// TestMessagesAndToastsFit: at 1400×860 with the clip rows of four clips
// the Messages tab shows at least five messages; at 640×480 two long
// error toasts stay inside the 3D view, Dismiss included.
func TestMessagesAndToastsFit(t *testing.T) {
	v := testView(testClip(anim.Loop), 3, false)
	tex := testClip(anim.Loop)
	v.Tex = &viewmodel.Playback{Clip: tex, Label: "Npc_Gerudo_Queen_Animation.bfres › Face_Common_Sleep_Getup_St", Clock: anim.NewClock(anim.Loop, 30, 1), Pose: anim.NewPose(tex)}
	v.Materials = &viewmodel.MaterialView{}
	for i := 0; i < 2; i++ {
		c := testClip(anim.Loop)
		v.Materials.Clips = append(v.Materials.Clips, &viewmodel.Playback{Clip: c, Label: fmt.Sprintf("Npc_Gerudo_Queen_Animation.bfres › Common_Sleep_%d", i),
			Clock: anim.NewClock(anim.Loop, 30, 1), Pose: anim.NewPose(c)})
	}
	now := time.Now()
	for i := 0; i < 12; i++ {
		v.Notices = append(v.Notices, viewmodel.Notice{Severity: viewmodel.Warning, Text: fmt.Sprintf("message %d", i), Time: now.Add(-time.Hour)})
	}
	h := newHarness(t, v)
	for i := 0; i < 12; i++ {
		h.frame()
	}
	list := h.rect("messages:list")
	if lines := list.H / imgui.TextLineHeightWithSpacing(); lines < 5 {
		t.Errorf("the message list is %.1f lines tall at 1400×860, want at least 5", lines)
	}
	// Two long errors at 640×480.
	long := "/home/modder/games/botw/content/Model/Npc_Gerudo_Queen_Animation.bfres: bfres: offset 0x1c40: skeletal animation \"Common_Detect\" curve 12: key frame 4.5 after the end frame 30 (the file is damaged or not a Wii U BFRES)"
	h.v.Notices = []viewmodel.Notice{{Severity: viewmodel.Error, Text: long, Time: now}, {Severity: viewmodel.Error, Text: long + " again", Time: now}}
	imgui.CurrentIO().SetDisplaySize(imgui.Vec2{X: 640, Y: 480})
	for i := 0; i < 6; i++ {
		h.frame()
	}
	scene, toast, dismiss := h.u.Scene(), h.rect("toast"), h.rect("toast:dismiss")
	if toast.Y+toast.H > scene.Y+scene.H+1 || toast.X < scene.X-1 || dismiss.Y+dismiss.H > toast.Y+toast.H {
		t.Errorf("at 640×480 the toast %+v (Dismiss %+v) does not fit the 3D view %+v", toast, dismiss, scene)
	}
}
