package ui

import (
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/viewmodel"
)

// TestCompareWithDialog: the Open dialog opened by File › Compare with…
// sends CompareWith for the file picked, not OpenFiles; once it closes,
// the Open dialog opens files again.
func TestCompareWithDialog(t *testing.T) {
	v := &viewmodel.View{Browser: viewmodel.Browser{Dir: "/data/game", Entries: []viewmodel.DirEntry{
		{Name: "walk.bck", Size: 1152, Known: true}, {Name: "walk_new.bck", Size: 1152, Known: true},
	}}}
	h := newHarness(t, v)
	h.u.CompareWithDialog()
	h.frame()
	h.frame()
	if !strings.HasPrefix(h.u.openTitle(), "Compare with: pick B") {
		t.Errorf("the dialog picking B is titled %q", h.u.openTitle())
	}
	h.click(center(h.rect("open:walk_new.bck")))
	h.frame()
	got := h.click(center(h.rect("open:ok")))
	if c, ok := find[viewmodel.CompareWith](got); !ok || c.Path != "/data/game/walk_new.bck" {
		t.Fatalf("Compare with… gave %#v, want CompareWith the picked file", got)
	}
	if _, ok := find[viewmodel.OpenFiles](got); ok {
		t.Fatalf("Compare with… also opened the file: %#v", got)
	}
	h.frame()
	if h.u.openTitle() != "Open files" {
		t.Errorf("after Compare with…, the Open dialog is titled %q", h.u.openTitle())
	}
	h.u.OpenDialog()
	h.frame()
	h.frame()
	h.click(center(h.rect("open:walk.bck")))
	h.frame()
	got = h.click(center(h.rect("open:ok")))
	if o, ok := find[viewmodel.OpenFiles](got); !ok || len(o.Paths) != 1 || o.Paths[0] != "/data/game/walk.bck" {
		t.Fatalf("File › Open after Compare with… gave %#v, want OpenFiles", got)
	}
}

// TestImportAnimationDialog: File › Import animation… opens the Open
// dialog listing glTF files as the ones to pick (the game files dimmed)
// and sends ImportAnimation for the picked file, not OpenFiles.
func TestImportAnimationDialog(t *testing.T) {
	v := &viewmodel.View{Browser: viewmodel.Browser{Dir: "/data/game", Entries: []viewmodel.DirEntry{
		{Name: "walk.bck", Size: 1152, Known: true}, {Name: "walk.glb", Size: 9000},
	}}}
	h := newHarness(t, v)
	h.u.ImportAnimationDialog()
	h.frame()
	h.frame()
	if !strings.HasPrefix(h.u.openTitle(), "Import animation: pick a glTF") {
		t.Errorf("the dialog picking the glTF is titled %q", h.u.openTitle())
	}
	listed := h.u.listedEntries(v.Browser.Entries)
	if listed[0].Known || !listed[1].Known {
		t.Errorf("listed while importing: %+v, want the .glb known and the .bck not", listed)
	}
	h.click(center(h.rect("open:walk.glb")))
	h.frame()
	got := h.click(center(h.rect("open:ok")))
	if c, ok := find[viewmodel.ImportAnimation](got); !ok || c.Path != "/data/game/walk.glb" {
		t.Fatalf("Import animation… gave %#v, want ImportAnimation the picked file", got)
	}
	if _, ok := find[viewmodel.OpenFiles](got); ok {
		t.Fatalf("Import animation… also opened the file: %#v", got)
	}
	h.frame()
	if h.u.openTitle() != "Open files" || h.u.listedEntries(v.Browser.Entries)[1].Known {
		t.Errorf("after Import animation…, the Open dialog is titled %q and lists the glTF as known", h.u.openTitle())
	}
}
