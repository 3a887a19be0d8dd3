package ui

import (
	"fmt"
	"testing"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestToastDismissOnlyClosesTheToast: dismissing a notification must not
// lose what it said: Dismiss closes the toast and clears nothing (no
// DismissNotices), the log keeps every message.
func TestToastDismissOnlyClosesTheToast(t *testing.T) {
	v := testView(testClip(anim.Loop), 3, false)
	now := time.Now()
	v.Notices = []viewmodel.Notice{{Severity: viewmodel.Error, Text: "x.bck: load error", Time: now}, {Severity: viewmodel.Warning, Text: "w1", Time: now},
		{Severity: viewmodel.Warning, Text: "w2", Time: now}}
	h := newHarness(t, v)
	got := h.click(center(h.rect("toast:dismiss")))
	if _, ok := find[viewmodel.DismissNotices](got); ok {
		t.Fatal("Dismiss on the toast cleared the Messages log")
	}
	h.frame()
	if _, ok := h.u.ItemRect("toast:dismiss"); ok {
		t.Error("the toast is still shown after Dismiss")
	}
	// A new message shows a toast again.
	h.v.Notices = append(h.v.Notices, viewmodel.Notice{Severity: viewmodel.Warning, Text: "new", Time: time.Now().Add(time.Millisecond)})
	h.frame()
	if _, ok := h.u.ItemRect("toast:dismiss"); !ok {
		t.Error("a message after Dismiss shows no toast")
	}
}

// TestPlayButtonShowsTheScene: the button controls the scene, so it shows
// the scene's state: it follows the scene's play state, not the focused
// clip's clock (a once texture that ended while the walk plays).
func TestPlayButtonShowsTheScene(t *testing.T) {
	v := testView(testClip(anim.Once), 30, false)
	v.Joint.Clock.Rate = 0 // this clip has come to rest
	v.Playing = true       // another clip still plays
	h := newHarness(t, v)
	if _, ok := h.u.ItemRect("pause"); !ok {
		t.Fatal("the scene plays: want the Pause button")
	}
	if _, ok := find[viewmodel.Pause](h.click(center(h.rect("pause")))); !ok {
		t.Error("clicking it did not pause the scene")
	}
}

// TestClipRowsMuteAndOffset: clips that play together need to be told
// apart: with two clips, each has a row choosing the timeline's frames,
// mute and offset.
func TestClipRowsMuteAndOffset(t *testing.T) {
	v := testView(testClip(anim.Loop), 3, false)
	tex := testClip(anim.Loop)
	v.Tex = &viewmodel.Playback{Clip: tex, Label: "scroll.btk", Clock: anim.NewClock(anim.Loop, 30, 1), FileLoop: anim.Loop, Pose: anim.NewPose(tex)}
	h := newHarness(t, v)
	got := h.click(center(h.rect("mute:tex")))
	if m, ok := find[viewmodel.MuteClip](got); !ok || m.Slot != viewmodel.TexSlot || !m.Mute {
		t.Errorf("mute on the texture row: %#v", got)
	}
	got = h.click(center(h.rect("focus:tex")))
	if f, ok := find[viewmodel.FocusSlot](got); !ok || f.Slot != viewmodel.TexSlot {
		t.Errorf("the texture's radio: %#v", got)
	}
	if _, ok := h.u.ItemRect("offset:joint"); !ok {
		t.Error("no offset control for the walk")
	}
}

func TestElide(t *testing.T) {
	chars := func(s string) float32 { return float32(len([]rune(s))) }
	for _, c := range []struct {
		in   string
		w    float32
		want string
	}{
		{"short", 10, "short"},
		{"Face_Common_Sleep_Getup_St", 12, "Face_C…up_St"},
		{"abcdef", 4, "ab…f"},
		{"abcdef", 1, "…"},
	} {
		if got := elideWith(c.in, c.w, chars); got != c.want {
			t.Errorf("elide(%q, %v) = %q, want %q", c.in, c.w, got, c.want)
		}
	}
}

// layoutAt runs the UI at w×h with the Curves tab for a few frames and
// returns the 3D view and the plot.
func layoutAt(t *testing.T, h *harness, w, ht float32) (scene, plot Rect) {
	t.Helper()
	imgui.CurrentIO().SetDisplaySize(imgui.Vec2{X: w, Y: ht})
	h.u.ShowTab(TabCurves)
	for i := 0; i < 12; i++ {
		h.frame()
	}
	return h.u.Scene(), h.rect("curves")
}

// TestLayoutMinimumSizes: small windows and a layout reset must leave the
// view and the plot usable: at 900×600, at 640×480 and after a layout
// reset the 3D view and the curve plot keep usable sizes.
func TestLayoutMinimumSizes(t *testing.T) {
	h := newHarness(t, testView(testClip(anim.Loop), 3, false))
	for _, c := range []struct {
		w, h          float32
		sceneW, plotH float32
	}{{900, 600, 400, 120}, {640, 480, 240, 50}, {1400, 860, 700, 150}} {
		scene, plot := layoutAt(t, h, c.w, c.h)
		if scene.W < c.sceneW || scene.H < 140 || plot.H < c.plotH {
			t.Errorf("%v×%v: 3D view %v×%v, plot %v tall; want at least %v×140 and %v", c.w, c.h, scene.W, scene.H, plot.H, c.sceneW, c.plotH)
		}
		// The panels and the view fill the width.
		if scene.X+scene.W > c.w+1 {
			t.Errorf("%v×%v: 3D view %+v runs past the window", c.w, c.h, scene)
		}
	}
	h.u.ResetLayout()
	scene, plot := layoutAt(t, h, 900, 600)
	if scene.W < 400 || plot.H < 120 {
		t.Errorf("after a layout reset at 900×600: 3D view %v wide, plot %v tall", scene.W, plot.H)
	}
}

// manyClipsView is one file with 30 skeletal and 4 texture clips, all
// offered in the Animation picker.
func manyClipsView() *viewmodel.View {
	v := testView(testClip(anim.Loop), 3, false)
	f := viewmodel.FileView{Name: "Npc_Animation.bfres", Path: "/g/Npc_Animation.bfres", Kind: "BFRES"}
	for i := 0; i < 34; i++ {
		c := testClip(anim.Loop)
		c.Name = fmt.Sprintf("Common_Move_%02d_Long_Clip_Name_For_Eliding", i)
		if i >= 30 {
			c.Name = fmt.Sprintf("Face_%d", i)
			c.Targets[0].Kind = anim.TexSRTTarget
		}
		f.Clips = append(f.Clips, c)
		if i < 30 {
			v.Pairing.Anims = append(v.Pairing.Anims, viewmodel.AnimChoice{File: 0, Clip: i, Label: "Npc_Animation.bfres › " + c.Name, Joints: 1, Frames: 30})
		}
	}
	v.Joint.Clip = f.Clips[3]
	v.Files = []viewmodel.FileView{f}
	v.Pairing.Model, v.Pairing.Anim, v.Pairing.TexAnim = -1, 3, -1
	return v
}

// tall makes the window tall enough that the Scene panel shows the
// pickers below a long Files tree.
func tall(h *harness) {
	imgui.CurrentIO().SetDisplaySize(imgui.Vec2{X: 1400, Y: 1800})
	h.frame()
	h.frame()
}

// TestManyClips: a file with hundreds of animations stays navigable: the
// Files tree folds a long clip list into groups (the one playing open),
// and the Animation picker has a filter.
func TestManyClips(t *testing.T) {
	h := newHarness(t, manyClipsView())
	h.rect("clips:0:skeletal")
	h.rect("clips:0:texture SRT")
	if _, ok := h.u.ItemRect("clip:0:3"); !ok {
		t.Error("the group holding the playing clip is not open")
	}
	if _, ok := h.u.ItemRect("clip:0:31"); ok {
		t.Error("the texture group should start folded")
	}
	tall(h)
	h.click(center(h.rect("pair:anim")))
	h.frame()
	h.rect("pair:filter:anim")
	shown := func() int {
		n := 0
		for i := 0; i < 30; i++ {
			if _, ok := h.u.ItemRect(fmt.Sprintf("pair:anim:%d", i)); ok {
				n++
			}
		}
		return n
	}
	h.frame()
	if n := shown(); n == 0 {
		t.Fatal("the open picker lists nothing")
	}
	// The filter box has the keyboard when the list opens: type.
	imgui.CurrentIO().AddInputCharacters("move_1")
	h.frame()
	h.frame()
	if n := shown(); n != 10 {
		t.Errorf("filter move_1: %d items listed, want 10 (Common_Move_10..19)", n)
	}
	if !matchesFilter("Npc › Common_Move_12", "MOVE 12") || matchesFilter("Npc › Common_Move_12", "wait") {
		t.Error("matchesFilter: words, any case")
	}
}

// TestEscapeAndDropClosePopups: a popup left open would swallow the next
// input: Escape closes an open combo list; so does a file drop.
func TestEscapeAndDropClosePopups(t *testing.T) {
	h := newHarness(t, manyClipsView())
	io := imgui.CurrentIO()
	const escKey = 256
	io.KeyMap(imgui.KeyEscape, escKey)
	tall(h)
	open := func() bool { _, ok := h.u.ItemRect("pair:filter:anim"); return ok }
	h.click(center(h.rect("pair:anim")))
	h.frame()
	if !open() {
		t.Fatal("the picker did not open")
	}
	io.KeyPress(escKey)
	h.frame()
	io.KeyRelease(escKey)
	h.frame()
	if open() {
		t.Error("Escape did not close the picker")
	}
	h.click(center(h.rect("pair:anim")))
	h.frame()
	if !open() {
		t.Fatal("the picker did not open again")
	}
	h.u.DismissPopups()
	h.frame()
	h.frame()
	if open() {
		t.Error("a drop did not close the picker")
	}
}

// TestLegendUsesJointNames: the legend names what the user sees in the 3D
// view: an unnamed BCK entry bound to joint arm_L plots as "arm_L/…", not
// "#0/…".
func TestLegendUsesJointNames(t *testing.T) {
	c := testClip(anim.Loop)
	c.Targets[0].Name = ""
	v := testView(c, 3, false)
	v.Markers = []viewmodel.Marker{{Name: "hips", Joint: 0, Target: -1}, {Name: "arm_L", Joint: 4, Target: 0}}
	h := newHarness(t, v)
	h.u.ShowTab(TabCurves)
	h.frame()
	h.frame()
	if len(h.u.curves.shown) == 0 {
		t.Fatal("no curve shown for the selected target")
	}
	if l := h.u.curves.shown[0].label; l != "arm_L/translation.x" {
		t.Errorf("legend label %q, want arm_L/translation.x", l)
	}
}

// TestOpenDialogSupportedFirst: the files animscope can open come first,
// so they need no searching: folders, then files animscope reads, then
// (with All files) the rest; Recent shows the folder.
func TestOpenDialogSupportedFirst(t *testing.T) {
	es := []viewmodel.DirEntry{{Name: "notes.txt"}, {Name: "walk.bck", Known: true}, {Name: "sub", Dir: true}, {Name: "x.szs", Archive: true}, {Name: "a.png"}}
	names := func(idx []int) (out []string) {
		for _, i := range idx {
			out = append(out, es[i].Name)
		}
		return out
	}
	if got := fmt.Sprint(names(listingOrder(es, false))); got != "[sub walk.bck x.szs]" {
		t.Errorf("supported only: %s", got)
	}
	if got := fmt.Sprint(names(listingOrder(es, true))); got != "[sub walk.bck x.szs notes.txt a.png]" {
		t.Errorf("all files: %s", got)
	}
	if f := recentFolder("/games/ww/Object/Link.arc"); f != "/games/ww/Object" {
		t.Errorf("recent folder %q", f)
	}
}

// TestMaterialClipRows: material clips run on their own clocks, so each
// has its own row (focus, mute, offset) beside the joint and texture
// rows; a lone material clip has none (nothing to tell apart).
func TestMaterialClipRows(t *testing.T) {
	v := testView(testClip(anim.Loop), 3, false)
	mat := func(label string) *viewmodel.Playback {
		c := testClip(anim.Loop)
		return &viewmodel.Playback{Clip: c, Label: label, Clock: anim.NewClock(anim.Loop, 30, 1), FileLoop: anim.Loop, Pose: anim.NewPose(c)}
	}
	v.Materials = &viewmodel.MaterialView{Clips: []*viewmodel.Playback{mat("track.arc › bomb_1p.brk"), mat("track.arc › shared.bpk")}}
	h := newHarness(t, v)
	got := h.click(center(h.rect("mute:mat1")))
	if m, ok := find[viewmodel.MuteClip](got); !ok || m.Slot != viewmodel.MatSlot0+1 || !m.Mute {
		t.Errorf("mute on the second material row: %#v", got)
	}
	got = h.click(center(h.rect("focus:mat0")))
	if f, ok := find[viewmodel.FocusSlot](got); !ok || f.Slot != viewmodel.MatSlot0 {
		t.Errorf("the first material row's radio: %#v", got)
	}
	for _, id := range []string{"offset:mat0", "offset:mat1", "focus:joint"} {
		if _, ok := h.u.ItemRect(id); !ok {
			t.Errorf("no %s control", id)
		}
	}

	lone := &viewmodel.View{Materials: &viewmodel.MaterialView{Clips: []*viewmodel.Playback{mat("a.brk")}}, Focus: viewmodel.MatSlot0, Selection: viewmodel.Selection{Joint: -1, Target: -1}, Camera: viewmodel.DefaultCamera()}
	h = newHarness(t, lone)
	if _, ok := h.u.ItemRect("mute:mat0"); ok {
		t.Error("a lone material clip has a clip row")
	}
}

// TestClipRowsLeaveTheTabs: at 900×600 a model playing six clips wraps
// its rows into four lines; the bottom panel grows so the tabs and a line
// of the Messages tab still show.
func TestClipRowsLeaveTheTabs(t *testing.T) {
	v := testView(testClip(anim.Loop), 3, false)
	v.Materials = &viewmodel.MaterialView{}
	for i := 0; i < 5; i++ {
		c := testClip(anim.Loop)
		v.Materials.Clips = append(v.Materials.Clips, &viewmodel.Playback{Clip: c, Label: fmt.Sprintf("track.arc › minigamebombhei_battle_%dp.brk", i),
			Clock: anim.NewClock(anim.Loop, 30, 1), FileLoop: anim.Loop, Pose: anim.NewPose(c)})
	}
	h := newHarness(t, v)
	imgui.CurrentIO().SetDisplaySize(imgui.Vec2{X: 900, Y: 600})
	for i := 0; i < 12; i++ {
		h.frame()
	}
	tab := h.rect("tab:messages")
	if bottom := tab.Y + tab.H; bottom+imgui.TextLineHeight() > 600 {
		t.Errorf("the Messages tab ends at y %v: no room for a line below it in a 600 high window", bottom)
	}
	if scene := h.u.Scene(); scene.H < 150 {
		t.Errorf("3D view %v high, want at least 150", scene.H)
	}
}
