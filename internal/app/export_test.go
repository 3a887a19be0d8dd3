package app

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestExportPlan: File › Export writes the model on screen with the
// animation playing, or every animation of the open files that binds to
// the model (the others are reported as skipped); it refuses a path that
// is an open file or not a .glb/.gltf, and says what it did in Messages.
func TestExportPlan(t *testing.T) {
	a := New(nil)
	a.Open([]string{apptest.ModelFixtures + "biped.bmd", apptest.ModelFixtures + "walk.bck", apptest.ModelFixtures + "wave.bck",
		apptest.BFRESFixtures + "cubic_f32.bfres"})
	if a.rig.skel == nil || a.play.joint == nil {
		t.Fatal("nothing on screen")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "walk.glb")
	p, err := a.Export().Plan(ExportRequest{Path: out})
	if err != nil {
		t.Fatal(err)
	}
	if p.Scene.Skeleton != a.rig.skel || len(p.Scene.Clips) != 1 || p.Scene.Clips[0].Clip != a.play.joint.clip {
		t.Fatalf("current: %+v", p.Scene)
	}
	all, err := a.Export().Plan(ExportRequest{Path: out, All: true})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range all.Scene.Clips {
		names = append(names, filepath.Base(c.Source))
	}
	if strings.Join(names, ",") != "walk.bck,wave.bck" || len(all.Skipped) != 1 || !strings.Contains(all.Skipped[0], "cubic_f32.bfres › Wave: not exported: 0 of its 3 joints bind") {
		t.Errorf("all: %v, skipped %q", names, all.Skipped)
	}
	r := all.Run()
	a.Export().Finished(all, r)
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	b, err := os.ReadFile(out)
	if err != nil || string(b[:4]) != "glTF" {
		t.Fatalf("%s: %v", out, err)
	}
	var doc struct {
		Animations []struct{ Name string } `json:"animations"`
	}
	n := binary.LittleEndian.Uint32(b[12:16])
	if err := json.Unmarshal(b[20:20+n], &doc); err != nil || len(doc.Animations) != 2 {
		t.Fatalf("animations %+v %v", doc.Animations, err)
	}
	last := a.msgs.notices[len(a.msgs.notices)-1]
	if last.Severity != viewmodel.Info || last.Text != "exported 2 animation(s) to "+out {
		t.Errorf("last notice %+v", last)
	}
	// An open file named like an output (J3D is sniffed, not named).
	in := filepath.Join(dir, "again.glb")
	data, _ := os.ReadFile(apptest.ModelFixtures + "walk.bck")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	a.Open([]string{in})
	if _, err := a.Export().Plan(ExportRequest{Path: in}); err == nil || !strings.Contains(err.Error(), "is an open file; refusing to overwrite it") {
		t.Errorf("exporting over an input: %v", err)
	}
	if _, err := a.Export().Plan(ExportRequest{Path: filepath.Join(dir, "walk.fbx")}); err == nil {
		t.Error(".fbx: no error")
	}
	bad := &ExportPlan{Path: filepath.Join(out, "x.glb"), Scene: p.Scene}
	a.Export().Finished(bad, bad.Run())
	if last := a.msgs.notices[len(a.msgs.notices)-1]; last.Severity != viewmodel.Error || !strings.Contains(last.Text, "cannot write") {
		t.Errorf("unwritable: %+v", last)
	}
}
