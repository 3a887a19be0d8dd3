package ui

import (
	"testing"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
)

// TestDialogsKeepKeysAndClicks: while the Export or the Open dialog is up
// the keys are its own (G and L do not toggle the grid and the labels
// behind it) and a click outside it reaches nothing behind (not a clip of
// the Files tree, not the 3D view); Escape closes it, and the shortcuts
// work again.
func TestDialogsKeepKeysAndClicks(t *testing.T) {
	h := newHarness(t, manyClipsView())
	escape := func() {
		h.tap(imgui.KeyEscape)
		h.frame()
	}
	row := h.rect("clip:0:3")
	scene := h.u.Scene()
	for _, d := range []struct {
		name   string
		open   func()
		window string
	}{
		{"Export", func() { h.u.openExport(h.v) }, "export:window"},
		{"Open", h.u.OpenDialog, "open:window"},
	} {
		d.open()
		h.frame()
		h.frame()
		win := h.rect(d.window)
		grid, labels := h.u.Options.Grid, h.u.Options.Labels
		h.key('G')
		h.key('L')
		if h.u.Options.Grid != grid || h.u.Options.Labels != labels {
			t.Errorf("%s dialog up: G/L toggled grid %v→%v, labels %v→%v", d.name, grid, h.u.Options.Grid, labels, h.u.Options.Labels)
		}
		// A click on a clip of the Files tree and one in the 3D view,
		// both outside the dialog.
		var got []viewmodel.Intent
		for _, p := range [][2]float32{{row.X + 10, row.Y + row.H/2}, {scene.X + 5, scene.Y + scene.H - 5}} {
			if p[0] >= win.X && p[0] <= win.X+win.W && p[1] >= win.Y && p[1] <= win.Y+win.H {
				t.Fatalf("%s dialog %+v covers the test click at %v", d.name, win, p)
			}
			got = append(got, h.click(p[0], p[1])...)
		}
		for _, in := range got {
			switch in.(type) {
			case viewmodel.SelectClip, viewmodel.SelectJoint, viewmodel.CameraOrbit:
				t.Errorf("%s dialog up: a click behind it gave %#v", d.name, in)
			}
		}
		if _, ok := h.u.ItemRect(d.window); !ok {
			t.Fatalf("%s dialog closed by a click outside it", d.name)
		}
		escape()
		if _, ok := h.u.ItemRect(d.window); ok || h.u.dialogUp() {
			t.Errorf("Escape did not close the %s dialog", d.name)
		}
	}
	grid := h.u.Options.Grid
	h.key('G')
	if h.u.Options.Grid == grid {
		t.Error("with the dialogs closed G does not toggle the grid")
	}
	// The app's question (Please confirm) keeps the keys too.
	h.v.Confirm = &viewmodel.Confirm{Text: "Open 2000 files?"}
	h.frame()
	grid = h.u.Options.Grid
	h.key('G')
	if h.u.Options.Grid != grid {
		t.Error("G toggled the grid behind the confirm question")
	}
	h.v.Confirm = nil
	h.frame()
	// File › Export comes before Quit.
	h.click(center(h.rect("menu:file")))
	h.frame()
	if ex, q := h.rect("menu:export"), h.rect("menu:quit"); ex.Y >= q.Y {
		t.Errorf("File menu: Export at y %v, Quit at y %v; want Export first", ex.Y, q.Y)
	}
}
