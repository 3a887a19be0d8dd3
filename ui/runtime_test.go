package ui

import (
	"fmt"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// g3dView is a BFRES-like file on screen: a skeletal clip playing under
// G3d's frame control (loop or once) and a material clip beside it, the
// file listing 20 skeletal, 3 bone visibility and 2 material visibility
// clips.
func g3dView() *viewmodel.View {
	c := testClip(anim.Loop)
	c.Format = "bfres-skeletal"
	v := testView(c, 3, false)
	v.Joint.Clock.Runtime = anim.G3dRuntime
	f := viewmodel.FileView{Name: "Npc_Gerudo_Queen_Animation.bfres", Path: "/g/Npc_Gerudo_Queen_Animation.bfres", Kind: "BFRES"}
	add := func(n int, kind string) {
		for i := 0; i < n; i++ {
			clip := testClip(anim.Loop)
			clip.Name = fmt.Sprintf("%s_%d", kind, i)
			f.Clips = append(f.Clips, clip)
			f.ClipKinds = append(f.ClipKinds, kind)
		}
	}
	add(20, "skeletal")
	add(3, "bone visibility")
	add(2, "material visibility")
	v.Joint.Clip = f.Clips[0]
	v.Files = []viewmodel.FileView{f}
	mc := testClip(anim.Once)
	clk := anim.NewClock(anim.Once, 30, 1)
	clk.Runtime = anim.G3dRuntime
	v.Materials = &viewmodel.MaterialView{Clips: []*viewmodel.Playback{{Clip: mc, Label: "x.bfres › mat", Clock: clk, Pose: anim.NewPose(mc)}}}
	return v
}

// TestG3dClipsSpeakBFRES: a BFRES clip offers the loop modes G3d has
// (once, loop) and no JSystem switch; the Files tree groups its file's
// clips by kind; the comparison shows the two modes.
func TestG3dClipsSpeakBFRES(t *testing.T) {
	h := newHarness(t, g3dView())
	for kind, n := range map[string]int{"skeletal": 20, "bone visibility": 3, "material visibility": 2} {
		if _, ok := h.u.ItemRect("clips:0:" + kind); !ok {
			t.Errorf("no %q group (%d clips) in the Files tree", kind, n)
		}
	}
	if _, ok := h.u.ItemRect("clips:0:texture SRT"); ok {
		t.Error("a texture SRT group with no such clip")
	}
	if _, ok := h.u.ItemRect("runtime"); ok {
		t.Error(`"Early JSystem rules" shown with only BFRES clips playing`)
	}
	h.click(center(h.rect("loop")))
	h.frame()
	for _, m := range []string{"once", "loop"} {
		if _, ok := h.u.ItemRect("loop:" + m); !ok {
			t.Errorf("loop mode %s not offered for a BFRES clip", m)
		}
	}
	for _, m := range []string{"once-reset", "mirrored-once", "mirrored-loop"} {
		if _, ok := h.u.ItemRect("loop:" + m); ok {
			t.Errorf("J3D loop mode %s offered for a BFRES clip", m)
		}
	}
	got := h.click(center(h.rect("loop:once")))
	if in, ok := find[viewmodel.SetLoop](got); !ok || in.Mode != anim.Once || !in.Override {
		t.Errorf("picking once: %#v", got)
	}

	// The comparison lays out the modes it is given, as wide as the
	// window allows.
	h.v.Compare = &viewmodel.CompareView{Clip: h.v.Joint.Clip, Label: "Npc › Wait", FileLoop: anim.Loop,
		Modes: anim.G3dRuntime.LoopModes(), Runtime: anim.G3dRuntime}
	h.u.SetCompareOpen(true)
	for i := 0; i < 4; i++ {
		h.frame()
	}
	once, loop := h.rect("compare:0"), h.rect("compare:2")
	if loop.X <= once.X || once.W != loop.W {
		t.Errorf("once %+v, loop %+v: want two equal viewports side by side", once, loop)
	}
	for _, m := range []int{1, 3, 4} {
		if _, ok := h.u.ItemRect(fmt.Sprintf("compare:%d", m)); ok {
			t.Errorf("the comparison shows %v, which G3d does not have", anim.LoopMode(m))
		}
	}

	// A J3D clip (a JSystem clock) has all five and the switch.
	j := newHarness(t, testView(testClip(anim.Loop), 3, false))
	j.v.Materials = &viewmodel.MaterialView{Clips: []*viewmodel.Playback{{Clip: testClip(anim.Loop), Label: "a.brk", Clock: anim.NewClock(anim.Loop, 30, 1)}}}
	j.frame()
	j.frame()
	if _, ok := j.u.ItemRect("runtime"); !ok {
		t.Error(`"Early JSystem rules" missing with J3D clips playing`)
	}
	j.click(center(j.rect("loop")))
	j.frame()
	for m := anim.LoopMode(0); m < anim.NumLoopModes; m++ {
		if _, ok := j.u.ItemRect("loop:" + m.String()); !ok {
			t.Errorf("J3D clip: loop mode %v not offered", m)
		}
	}
}
