package ui

import (
	"testing"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// filesView lists three open files: two BCKs and a BFRES with two clips.
func filesView() *viewmodel.View {
	v := testView(testClip(anim.Loop), 0, false)
	clip := func(name string) *anim.Clip { c := testClip(anim.Loop); c.Name = name; return c }
	v.Files = []viewmodel.FileView{
		{Name: "walk.bck", Path: "/x/walk.bck", Kind: "J3D BCK", Clips: []*anim.Clip{clip("")}},
		{Name: "Animal_Bass.bfres", Path: "/x/Animal_Bass.bfres", Kind: "BFRES", Clips: []*anim.Clip{clip("Swim"), clip("Wait")}},
		{Name: "arrowshoot.bck", Path: "/x/arrowshoot.bck", Kind: "J3D BCK", Clips: []*anim.Clip{clip("")}},
	}
	return v
}

// typeFilter clicks the Files filter box and types text.
func typeFilter(h *harness, text string) {
	h.click(center(h.rect("files:filter")))
	imgui.CurrentIO().AddInputCharacters(text)
	h.frame()
	h.frame()
}

// shownRows reports which file and clip rows the last frame laid out.
func shownRows(h *harness, ids ...string) map[string]bool {
	out := map[string]bool{}
	for _, id := range ids {
		_, out[id] = h.u.ItemRect(id)
	}
	return out
}

// TestFilesFilter: the filter box keeps the files whose name holds the
// text (any case) with all they hold, and of the others those with a
// matching clip, showing only those clips.
func TestFilesFilter(t *testing.T) {
	ids := []string{"file:0", "file:1", "file:2", "clip:1:0", "clip:1:1"}
	// One ImGui context at a time: each case in a subtest of its own.
	t.Run("none", func(t *testing.T) {
		h := newHarness(t, filesView())
		for id, ok := range shownRows(h, ids...) {
			if !ok {
				t.Errorf("without a filter %s is not listed", id)
			}
		}
	})
	for _, c := range []struct {
		filter string
		want   map[string]bool
	}{
		// A clip of the BFRES, in another case: that clip alone.
		{"SWI", map[string]bool{"file:0": false, "file:1": true, "file:2": false, "clip:1:0": true, "clip:1:1": false}},
		// The BFRES by its name: with both clips.
		{"bass", map[string]bool{"file:0": false, "file:1": true, "file:2": false, "clip:1:0": true, "clip:1:1": true}},
		{".bck", map[string]bool{"file:0": true, "file:1": false, "file:2": true, "clip:1:0": false, "clip:1:1": false}},
	} {
		t.Run(c.filter, func(t *testing.T) {
			h := newHarness(t, filesView())
			typeFilter(h, c.filter)
			if got := shownRows(h, ids...); !equalRows(got, c.want) {
				t.Errorf("filter %q shows %v, want %v", c.filter, got, c.want)
			}
		})
	}
}

func equalRows(a, b map[string]bool) bool {
	for k, v := range b {
		if a[k] != v {
			return false
		}
	}
	return true
}

// TestConfirmDialog: the app's question is a modal box whose buttons
// answer it; Escape answers no.
func TestConfirmDialog(t *testing.T) {
	v := filesView()
	v.Confirm = &viewmodel.Confirm{Text: "dump holds 4000 files. Open them all?", Yes: "Open all 4000", No: "Cancel"}
	h := newHarness(t, v)
	in := h.click(center(h.rect("confirm:yes")))
	if a, ok := find[viewmodel.Answer](in); !ok || !a.Yes {
		t.Fatalf("clicking yes sent %v", in)
	}
	h.frame()
	in = h.click(center(h.rect("confirm:no")))
	if a, ok := find[viewmodel.Answer](in); !ok || a.Yes {
		t.Fatalf("clicking cancel sent %v", in)
	}
	h.frame()
	const escKey = 256
	imgui.CurrentIO().KeyMap(imgui.KeyEscape, escKey)
	in = h.key(escKey)
	if a, ok := find[viewmodel.Answer](in); !ok || a.Yes {
		t.Fatalf("Escape sent %v, want a no", in)
	}
	v.Confirm = nil
	h.frame()
	if _, ok := h.u.ItemRect("confirm:yes"); ok {
		t.Error("the question stays after it was answered")
	}
}

// TestPlottedChannelsSurviveAReload: the channels plotted from a clip stay
// when the clip is read again from its file (a new clip with the same
// Key), and go when another clip plays.
func TestPlottedChannelsSurviveAReload(t *testing.T) {
	v := testView(testClip(anim.Loop), 3, false)
	v.Joint.Key = "/x/walk.bck\x00#0"
	h := newHarness(t, v)
	h.u.ShowTab(TabCurves)
	ref := viewmodel.ChannelRef{Slot: viewmodel.JointSlot, Target: 0, Chan: anim.TransX}
	h.u.PlotChannels([]viewmodel.ChannelRef{ref})
	h.frame()
	h.u.togglePlotted(viewmodel.ChannelRef{Slot: viewmodel.JointSlot, Target: 0, Chan: anim.TransY})
	h.frame()
	reloaded := *v.Joint
	reloaded.Clip = testClip(anim.Loop)
	v.Joint = &reloaded
	h.frame()
	if !h.u.isPlotted(ref) || len(h.u.curves.refs) != 2 {
		t.Fatalf("after a reload the plotted channels are %v, want the two chosen before", h.u.curves.refs)
	}
	other := reloaded
	other.Clip, other.Key = testClip(anim.Loop), "/x/run.bck\x00#0"
	v.Joint = &other
	h.frame()
	if len(h.u.curves.refs) != 0 {
		t.Errorf("another clip kept the channels %v", h.u.curves.refs)
	}
}

// TestOpenDialogOpensTheFolder: Open this folder opens the directory
// listed, and closes the dialog.
func TestOpenDialogOpensTheFolder(t *testing.T) {
	v := testView(testClip(anim.Loop), 3, true)
	v.Browser = viewmodel.Browser{Dir: "/data/game", Entries: []viewmodel.DirEntry{{Name: "walk.bck", Size: 1152, Known: true}}}
	h := newHarness(t, v)
	h.u.OpenDialog()
	h.frame()
	h.frame()
	got := h.click(center(h.rect("open:folder")))
	if o, ok := find[viewmodel.OpenFiles](got); !ok || len(o.Paths) != 1 || o.Paths[0] != "/data/game" {
		t.Fatalf("Open this folder gave %#v, want the folder /data/game", got)
	}
	if h.u.openDialog {
		t.Error("the dialog stayed open")
	}
}
