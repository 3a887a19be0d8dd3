package app_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/cli"
	"github.com/animscope/animscope/internal/viewmodel"
)

// File › Import animation… onto a playing texture SRT clip (a BTK, a
// BFRES texture SRT animation), with no model open: the viewer's own
// export of the clip converts back onto it (the glTF's material
// channels need no joints), B is loaded, and nothing differs.
func TestImportOntoTextureClip(t *testing.T) {
	for _, c := range []struct{ src, name, clip, summary string }{
		{"../../formats/j3d/testdata/btk_maya.btk", "btk_maya.btk", "", "btk_maya.btk: BTK from "},
		{apptest.BFRESFixtures + "texsrt.bfres", "texsrt.bfres", "ScrollWater", "texsrt.bfres: texture SRT from "},
		{apptest.BFRESFixtures + "switch/nx04_v10_texsrt.bfres", "nx04.bfres", "Ripple_fts", "nx04.bfres: texture SRT from "},
	} {
		dir := t.TempDir()
		data, err := os.ReadFile(c.src)
		apptest.Must(t, err)
		target := filepath.Join(dir, c.name)
		apptest.Must(t, os.WriteFile(target, data, 0o644))
		a := app.New(nil)
		a.Configure(app.Settings{Import: cli.ImportBytes})
		a.Open([]string{target})
		glb := filepath.Join(dir, "tex.glb")
		plan, err := a.Export().Plan(app.ExportRequest{Path: glb, NoMesh: true})
		apptest.Must(t, err)
		apptest.Must(t, plan.Run().Err)
		a.Apply(viewmodel.ImportAnimation{Path: glb})
		v := view(a)
		ab := v.AB
		if ab == nil || ab.Error != "" || ab.ClipB == nil || ab.Import == nil {
			t.Fatalf("%s: no comparison after the import: %+v (last message %+v)", c.name, ab, lastNotice(v))
		}
		if !strings.HasPrefix(ab.Import.Summary, c.summary) || !strings.Contains(ab.Import.Summary, "texture matrix entry") {
			t.Errorf("%s: summary %q, want %q… and the texture matrix bound", c.name, ab.Import.Summary, c.summary)
		}
		if c.clip != "" && ab.ClipB.Name != c.clip {
			t.Errorf("%s: B is clip %q, want %q", c.name, ab.ClipB.Name, c.clip)
		}
		if len(ab.Rows) != 0 || ab.Compared == 0 {
			t.Errorf("%s: an unedited round trip differs or compares nothing: %d channels, rows %+v", c.name, ab.Compared, ab.Rows)
		}
	}
}
