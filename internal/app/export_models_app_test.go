package app

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/app/apptest"
)

// meshFixtures are formats/j3d's mesh fixtures (the shared synth.bmd and
// its BCK, written by an independent J3D reference).
const meshFixtures = "../../formats/j3d/testdata/j3dmesh/"

// glbJSON is the JSON chunk of a GLB.
func glbJSON(t *testing.T, path string, doc any) {
	t.Helper()
	b, err := os.ReadFile(path)
	apptest.Must(t, err)
	if len(b) < 20 || string(b[:4]) != "glTF" {
		t.Fatalf("%s is not a GLB", path)
	}
	n := binary.LittleEndian.Uint32(b[12:16])
	apptest.Must(t, json.Unmarshal(b[20:20+n], doc))
}

type meshDoc struct {
	Meshes []struct {
		Name   string         `json:"name"`
		Extras map[string]any `json:"extras"`
	} `json:"meshes"`
	Skins     []json.RawMessage `json:"skins"`
	Images    []json.RawMessage `json:"images"`
	Materials []struct {
		Name string `json:"name"`
	} `json:"materials"`
	Animations []json.RawMessage `json:"animations"`
}

// TestExportPlanWithModels: File › Export writes the model in use's
// meshes (the models its skeleton poses, as the 3D view draws them) unless
// NoMesh asks for the skeleton alone; the written glTF has one mesh per
// shape, one skin, the model's materials and its textures.
func TestExportPlanWithModels(t *testing.T) {
	a := New(nil)
	a.Open([]string{meshFixtures + "synth.bmd", meshFixtures + "synth_anim.bck"})
	model := a.ses.files[0].asset.Models
	if len(model) != 1 || a.rig.skel == nil || a.play.joint == nil {
		t.Fatalf("models %d, skeleton %v, clip %v", len(model), a.rig.skel != nil, a.play.joint != nil)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "synth.glb")
	p, err := a.Export().Plan(ExportRequest{Path: out})
	apptest.Must(t, err)
	if !slices.Equal(p.Scene.Models, model) || p.Scene.Skeleton != a.rig.skel {
		t.Fatalf("plan's models %v, want the file's %v", p.Scene.Models, model)
	}
	// The plan keeps its own slice: the next frame's list does not change it.
	a.rig.models()[0] = nil
	if p.Scene.Models[0] != model[0] {
		t.Fatal("the plan shares the rig's reused slice")
	}
	r := p.Run()
	apptest.Must(t, r.Err)
	var doc meshDoc
	glbJSON(t, out, &doc)
	var shapes []string
	for _, m := range doc.Meshes {
		shapes = append(shapes, m.Name)
	}
	want := []string{}
	for _, s := range model[0].Shapes {
		want = append(want, s.Name)
	}
	if strings.Join(shapes, ",") != strings.Join(want, ",") || len(doc.Skins) != 1 || len(doc.Animations) != 1 {
		t.Errorf("meshes %q (want %q), skins %d, animations %d", shapes, want, len(doc.Skins), len(doc.Animations))
	}

	bare, err := a.Export().Plan(ExportRequest{Path: out, NoMesh: true})
	apptest.Must(t, err)
	if bare.Scene.Models != nil {
		t.Fatalf("NoMesh: models %v", bare.Scene.Models)
	}
	apptest.Must(t, bare.Run().Err)
	doc = meshDoc{}
	glbJSON(t, out, &doc)
	if len(doc.Meshes) != 0 || len(doc.Skins) != 0 || len(doc.Animations) != 1 {
		t.Errorf("NoMesh wrote %d meshes, %d skins, %d animations", len(doc.Meshes), len(doc.Skins), len(doc.Animations))
	}
}

// TestExportPlanTexturedModel: the model's materials go in with their
// textures as images (body and eye, which its materials sample; not the
// texture no material uses), without a warning.
func TestExportPlanTexturedModel(t *testing.T) {
	dir := t.TempDir()
	a := New(nil)
	f, m := texturedFile(dir)
	a.Add([]*File{f})
	out := filepath.Join(dir, "hero.glb")
	p, err := a.Export().Plan(ExportRequest{Path: out})
	apptest.Must(t, err)
	if len(p.Scene.Models) != 1 || p.Scene.Models[0] != m {
		t.Fatalf("plan's models %v", p.Scene.Models)
	}
	r := p.Run()
	a.Export().Finished(p, r)
	apptest.Must(t, r.Err)
	var doc meshDoc
	glbJSON(t, out, &doc)
	var mats []string
	for _, mt := range doc.Materials {
		mats = append(mats, mt.Name)
	}
	if len(doc.Meshes) != 1 || len(doc.Images) != 2 || !slices.Contains(mats, "skin") {
		t.Errorf("meshes %d, images %d (want body and eye), materials %q", len(doc.Meshes), len(doc.Images), mats)
	}
	if len(r.Warnings) != 0 {
		t.Errorf("warnings %q", r.Warnings)
	}
}

// TestExportSourceNamesTheArchiveEntry: File › Export names a clip from
// an archive as the CLI does, the archive's base name and the entry
// ("track.arc:course/objects/bomb_wait.bck"), never the user's folders.
func TestExportSourceNamesTheArchiveEntry(t *testing.T) {
	arc := courseArchive(t)
	a := New(nil)
	a.Open([]string{arc})
	if a.play.joint == nil {
		t.Fatal("no joint clip playing")
	}
	out := filepath.Join(t.TempDir(), "bomb.glb")
	p, err := a.Export().Plan(ExportRequest{Path: out})
	apptest.Must(t, err)
	apptest.Must(t, p.Run().Err)
	var doc struct {
		Animations []struct {
			Extras map[string]any `json:"extras"`
		} `json:"animations"`
	}
	glbJSON(t, out, &doc)
	var sources []any
	for _, an := range doc.Animations {
		sources = append(sources, an.Extras["source"])
		if parts, ok := an.Extras["clips"].([]any); ok {
			for _, c := range parts {
				sources = append(sources, c.(map[string]any)["source"])
			}
		}
	}
	if !slices.Contains(sources, any("track.arc:course/objects/bomb_wait.bck")) {
		t.Errorf("sources %v, want track.arc:course/objects/bomb_wait.bck among them", sources)
	}
	for _, s := range sources {
		if str, _ := s.(string); strings.Contains(str, string(filepath.Separator)+"track.arc") || strings.Contains(str, "Test") {
			t.Errorf("source %q names the user's folders", str)
		}
	}
}
