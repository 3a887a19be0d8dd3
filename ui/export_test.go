package ui

import (
	"testing"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestExportDialog: Ctrl+E opens File › Export glTF on the path the view
// suggests and Export asks for what the dialog shows; while an export is
// written the dialog waits; a failed one leaves it open to fix the path,
// a written one closes it, and either outcome shows over the 3D view.
func TestExportDialog(t *testing.T) {
	v := testView(testClip(anim.Loop), 3, false)
	v.Export.DefaultPath = "/data/walk.glb"
	h := newHarness(t, v)
	io := imgui.CurrentIO()
	io.KeyPress(1) // any key index serves as the Ctrl key
	io.KeyCtrl(1, 1)
	io.KeyPress('E')
	h.frame()
	io.KeyRelease('E')
	io.KeyRelease(1)
	io.KeyCtrl(1, 1)
	h.frame()
	h.frame()
	if _, ok := h.u.ItemRect("export:path"); !ok || h.u.export.path != "/data/walk.glb" {
		t.Fatalf("Ctrl+E: dialog shown %v, path %q; want it open on the view's suggestion", ok, h.u.export.path)
	}
	h.click(center(h.rect("export:all")))
	got := h.click(center(h.rect("export:ok")))
	if e, ok := find[viewmodel.Export](got); !ok || e != (viewmodel.Export{Path: "/data/walk.glb", All: true}) {
		t.Fatalf("Export gave %#v, want Export{/data/walk.glb, All}", got)
	}

	h.v.Export.Running = true
	h.frame()
	if _, ok := h.u.ItemRect("export:ok"); ok {
		t.Error("the Export button is offered while an export is being written")
	}
	h.v.Export.Running = false
	h.v.Export.Last = viewmodel.ExportOutcome{Text: "Export failed: disk full", Failed: true, Time: time.Now()}
	h.frame()
	if _, ok := h.u.ItemRect("export:ok"); !ok {
		t.Error("a failed export closed the dialog")
	}
	if _, ok := h.u.ItemRect("export:toast"); !ok {
		t.Error("a failed export shows no outcome")
	}
	h.v.Export.Last = viewmodel.ExportOutcome{Text: "Exported 1 animation(s) to /data/walk.glb", Time: time.Now().Add(time.Millisecond)}
	h.frame()
	h.frame()
	if _, ok := h.u.ItemRect("export:path"); ok {
		t.Error("the dialog is still open after the file was written")
	}
	if _, ok := h.u.ItemRect("export:toast"); !ok {
		t.Error("a written export shows no outcome")
	}

	// Reopened, it offers the suggestion again; Cancel closes it.
	h.v.Export.DefaultPath = "/data/other.glb"
	h.u.openExport(h.v)
	h.frame()
	h.frame()
	if h.u.export.path != "/data/other.glb" {
		t.Errorf("reopened on %q, want the new suggestion", h.u.export.path)
	}
	if got := h.click(center(h.rect("export:cancel"))); len(got) != 0 {
		t.Errorf("Cancel asked for %#v", got)
	}
	h.frame()
	if _, ok := h.u.ItemRect("export:path"); ok {
		t.Error("Cancel left the dialog open")
	}
}
