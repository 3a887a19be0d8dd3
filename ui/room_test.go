package ui

import (
	"testing"
	"unicode/utf8"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestClipNamesUseTheirRoom: a clip name is elided only when the room it
// has is gone: in the Files tree the details shorten first; in the
// transport a clip row's name takes the row's width, not a fixed 150.
func TestClipNamesUseTheirRoom(t *testing.T) {
	chars := func(s string) float32 { return float32(utf8.RuneCountInString(s)) }
	full, short := "  ·  skeletal, 10 f, once", "  ·  10 f"
	// 16 + 25 characters do not fit 34: the details shorten, the name stays.
	if shown, suffix := clipItemLabel("Common_Detect_St", full, short, 34, 4, chars); shown != "Common_Detect_St" || suffix != short {
		t.Errorf("room 34: %q + %q, want the whole name and the short details", shown, suffix)
	}
	if shown, suffix := clipItemLabel("Common_Detect_St", full, short, 60, 4, chars); shown != "Common_Detect_St" || suffix != full {
		t.Errorf("room 60: %q + %q, want everything", shown, suffix)
	}
	if shown, _ := clipItemLabel("Common_Sleep_Getup_Wait_Long", full, short, 20, 4, chars); chars(shown) > 20-chars(short) || shown == "Common_Sleep_Getup_Wait_Long" {
		t.Errorf("room 20: name %q, want it elided to the room the short details leave", shown)
	}

	// Transport: a texture clip row with a 26-character name.
	v := testView(testClip(anim.Loop), 3, false)
	tex := testClip(anim.Loop)
	v.Tex = &viewmodel.Playback{Clip: tex, Label: "Npc_Gerudo_Queen_Animation.bfres › Face_Common_Sleep_Getup_St", Clock: anim.NewClock(anim.Loop, 30, 1), Pose: anim.NewPose(tex)}
	h := newHarness(t, v)
	need := imgui.CalcTextSize("Face_Common_Sleep_Getup_St", false, 0).X
	if r := h.rect("focus:tex"); r.W < need {
		t.Errorf("the texture clip's row is %v wide, less than its name (%v): elided with room to spare", r.W, need)
	}
}
