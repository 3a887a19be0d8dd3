package ui_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/cli"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/ui"
)

// TestImportSaveAs: an imported B brings the Differences tab forward with
// the import's summary and Save as…, whose path field offers a file
// beside the glTF; a click on Save as… writes B's bytes there.
func TestImportSaveAs(t *testing.T) {
	const fixtures = "../formats/j3d/testdata/j3dmodel/"
	dir := t.TempDir()
	for _, name := range []string{"biped.bmd", "walk.bck"} {
		data, err := os.ReadFile(fixtures + name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a := app.New(nil)
	a.Configure(app.Settings{Import: cli.ImportBytes})
	a.Apply(viewmodel.OpenFiles{Paths: []string{filepath.Join(dir, "biped.bmd"), filepath.Join(dir, "walk.bck")}})
	glb := filepath.Join(dir, "edit", "walk.glb")
	if err := os.MkdirAll(filepath.Dir(glb), 0o755); err != nil {
		t.Fatal(err)
	}
	plan, err := a.Export().Plan(app.ExportRequest{Path: glb, NoMesh: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.Run().Err; err != nil {
		t.Fatal(err)
	}
	u, done := uiContext(t, 1400, 860)
	defer done()
	var v viewmodel.View
	frame := func(x, y float32, down bool) { uiFrame(a, u, &v, x, y, down) }
	frame(0, 0, false)
	a.Apply(viewmodel.ImportAnimation{Path: glb})
	for range 3 {
		frame(0, 0, false)
	}
	if u.ActiveTab() != ui.TabDifferences {
		t.Fatalf("active tab %q after the import, want the Differences tab", u.ActiveTab())
	}
	imp := now(a).AB.Import
	want := filepath.Join(dir, "edit", "walk-imported.bck")
	if imp == nil || imp.SavePath != want {
		t.Fatalf("import %+v, want Save as offering %s", imp, want)
	}
	r, ok := u.ItemRect("ab:save")
	if !ok {
		t.Fatal("the Differences tab shows no Save as… button")
	}
	x, y := r.X+r.W/2, r.Y+r.H/2
	frame(x, y, false)
	frame(x, y, true)
	frame(x, y, false)
	data, err := os.ReadFile(want)
	if err != nil {
		t.Fatalf("Save as… wrote nothing: %v (last save %+v)", err, now(a).AB.Import.LastSave)
	}
	as, err := formats.Open(want, data)
	if err != nil || len(as.Clips) != 1 || as.Clips[0].Duration != now(a).AB.ClipB.Duration {
		t.Errorf("the saved file: %v, %+v", err, as)
	}
	if last := now(a).AB.Import.LastSave; last.Failed || last.Text == "" {
		t.Errorf("last save %+v", last)
	}
}
