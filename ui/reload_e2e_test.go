package ui_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestReloadFixedClearsTheToast: a version of an open file that fails to
// load raises a red toast; once the file is fixed and reloads, the toast
// goes (Messages keeps the error, with the reload after it).
func TestReloadFixedClearsTheToast(t *testing.T) {
	p := filepath.Join(t.TempDir(), "walk.bck")
	apptest.WriteBCK(t, p, 2, 60, 5)
	good, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	a := openApp(t, p)
	u, done := uiContext(t, 1400, 860)
	defer done()
	var v viewmodel.View
	frame := func() { uiFrame(a, u, &v, -1, -1, false) }
	toast := func() bool { _, ok := u.ItemRect("toast:dismiss"); return ok }
	frame()
	frame()
	if toast() {
		t.Fatalf("a toast before anything failed: %+v", v.Notices)
	}
	if err := os.WriteFile(p, good[:0x30], 0o644); err != nil {
		t.Fatal(err)
	}
	a.Apply(viewmodel.ReloadFiles{Paths: []string{p}})
	frame()
	if !toast() {
		t.Fatal("a failed reload raised no toast: the test cannot tell")
	}
	if err := os.WriteFile(p, good, 0o644); err != nil {
		t.Fatal(err)
	}
	a.Apply(viewmodel.ReloadFiles{Paths: []string{p}})
	frame()
	if toast() {
		t.Errorf("the failed reload's toast stays after the file reloaded: %+v", v.Notices)
	}
	errors := 0
	for _, n := range v.Notices {
		if n.Severity == viewmodel.Error {
			errors++
		}
	}
	if errors != 1 {
		t.Errorf("Messages holds %d errors, want the failed reload's one kept: %+v", errors, v.Notices)
	}
}
