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
