package app_test

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/cli"
	"github.com/animscope/animscope/internal/viewmodel"
)

// importApp copies the biped and its walk into a temporary folder (Save
// as is refused their paths; a broken refusal must not write the
// fixtures), opens them with the command line's importer, and exports
// the playing walk to walk.glb as File › Export does.
func importApp(t *testing.T) (a *app.App, dir, glb string) {
	t.Helper()
	dir = t.TempDir()
	for _, name := range []string{"biped.bmd", "walk.bck"} {
		data, err := os.ReadFile(apptest.ModelFixtures + name)
		apptest.Must(t, err)
		apptest.Must(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	a = app.New(nil)
	a.Configure(app.Settings{Import: cli.ImportBytes})
	a.Open([]string{filepath.Join(dir, "biped.bmd"), filepath.Join(dir, "walk.bck")})
	glb = filepath.Join(dir, "walk.glb")
	plan, err := a.Export().Plan(app.ExportRequest{Path: glb, NoMesh: true})
	apptest.Must(t, err)
	apptest.Must(t, plan.Run().Err)
	return a, dir, glb
}

func view(a *app.App) *viewmodel.View {
	var v viewmodel.View
	a.Evaluate()
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	return &v
}

// openFixture decodes a fixture on its own (not through the viewer).
func openFixture(t *testing.T, name string) *formats.Asset {
	t.Helper()
	data, err := os.ReadFile(apptest.ModelFixtures + name)
	apptest.Must(t, err)
	as, err := formats.Open(name, data)
	apptest.Must(t, err)
	return as
}

// worlds poses clip on skel at frame f.
func worlds(skel *anim.Skeleton, clip *anim.Clip, f float64) []mgl64.Mat4 {
	b := formats.Bind(clip, skel)
	p := anim.NewPose(clip)
	anim.Evaluate(clip, f, p)
	w := make([]mgl64.Mat4, len(skel.Joints))
	skel.World(p, &b, w)
	return w
}

func lastNotice(v *viewmodel.View) viewmodel.Notice {
	if len(v.Notices) == 0 {
		return viewmodel.Notice{}
	}
	return v.Notices[len(v.Notices)-1]
}

// Importing the viewer's own export of the walk onto the walk loads B
// with joints where the walk puts them, within the export's bound
// 1e-3·max(1,|w|), at fractional frames; one message says what was
// imported (the command's summary line), and nothing differs.
func TestImportUneditedRoundTrip(t *testing.T) {
	a, _, glb := importApp(t)
	a.Apply(viewmodel.ImportAnimation{Path: glb})
	v := view(a)
	ab := v.AB
	if ab == nil || ab.Error != "" || ab.ClipB == nil || ab.Import == nil {
		t.Fatalf("no comparison after the import: %+v (last message %+v)", ab, lastNotice(v))
	}
	said := 0
	for _, n := range v.Notices {
		if strings.Contains(n.Text, "walk.bck: BCK from "+glb) {
			said++
			if n.Severity != viewmodel.Info || !strings.HasPrefix(n.Text, "imported walk.glb onto ") || !strings.Contains(n.Text, "worst joint") || strings.Contains(n.Text, "\n") {
				t.Errorf("message %+v, want one line: the import's summary", n)
			}
		}
	}
	if said != 1 {
		t.Errorf("%d messages give the summary, want 1: %+v", said, v.Notices)
	}
	if !strings.HasPrefix(ab.Import.Summary, "walk.bck: BCK from") {
		t.Errorf("summary %q", ab.Import.Summary)
	}
	skel := openFixture(t, "biped.bmd").Skeletons[0]
	walk := openFixture(t, "walk.bck").Clips[0]
	worst := 0.0
	for i := 0; float64(i) <= walk.Duration*8; i++ {
		f := float64(i)/8 + 0.03 // off the export's samples too
		wa, wb := worlds(skel, walk, f), worlds(skel, ab.ClipB, f)
		for j := range wa {
			pa := mgl64.Vec3{wa[j][12], wa[j][13], wa[j][14]}
			pb := mgl64.Vec3{wb[j][12], wb[j][13], wb[j][14]}
			worst = math.Max(worst, pb.Sub(pa).Len()/(1e-3*math.Max(1, pa.Len())))
		}
	}
	if worst > 1 {
		t.Errorf("B's joints are %.3g of the bound from the walk's", worst)
	}
	if len(ab.Rows) != 0 {
		t.Errorf("an unedited round trip differs: %+v", ab.Rows)
	}
}

// An edited glTF (one joint's rotation turned 20°) imported onto the
// walk differs from it in exactly that joint's chain: the joint's own
// rotation channels and the world positions of its descendants. Save as
// writes bytes that decode to B's clip and refuses the input paths.
func TestImportEditNamesTheChainAndSaves(t *testing.T) {
	a, dir, glb := importApp(t)
	apptest.RotateGLTFNode(t, glb, "arm_L", 20)
	a.Apply(viewmodel.ImportAnimation{Path: glb})
	v := view(a)
	ab := v.AB
	if ab == nil || ab.Error != "" || ab.ClipB == nil || ab.Import == nil {
		t.Fatalf("no comparison after the import: %+v (last message %+v)", ab, lastNotice(v))
	}
	skel := openFixture(t, "biped.bmd").Skeletons[0]
	edited := -1
	for j, jt := range skel.Joints {
		if jt.Name == "arm_L" {
			edited = j
		}
	}
	under := func(j int) bool {
		for p := skel.Joints[j].Parent; p >= 0; p = skel.Joints[p].Parent {
			if p == edited {
				return true
			}
		}
		return false
	}
	world, channels := map[int]bool{}, map[int]bool{}
	for _, r := range ab.Rows {
		if strings.HasPrefix(r.Channel, "world.") {
			world[r.Ref.Target] = true
		} else {
			channels[r.Ref.Target] = true
		}
	}
	if len(channels) != 1 || !channels[edited] {
		t.Errorf("channel rows name joints %v, want only %d (arm_L)", channels, edited)
	}
	// The edited chain: every joint under arm_L moves; arm_L itself may
	// (its refit keys differ from the target's within the bound); no
	// other joint does.
	for j := range skel.Joints {
		if world[j] && !under(j) && j != edited || !world[j] && under(j) {
			t.Errorf("joint %d (%s): world row %v, want %v (under arm_L: %v)", j, skel.Joints[j].Name, world[j], under(j), under(j))
		}
	}

	// Save as refuses the inputs: the glTF, the target, the model.
	for _, in := range []string{glb, filepath.Join(dir, "walk.bck"), filepath.Join(dir, "biped.bmd")} {
		before, err := os.ReadFile(in)
		apptest.Must(t, err)
		a.Apply(viewmodel.SaveImported{Path: in})
		v = view(a)
		if after, _ := os.ReadFile(in); !bytes.Equal(before, after) {
			t.Fatalf("Save as wrote the input %s", in)
		}
		if last := v.AB.Import.LastSave; !last.Failed || !strings.Contains(last.Text, "input") {
			t.Errorf("Save as %s: %+v, want refused", in, last)
		}
	}
	out := filepath.Join(dir, "out", "walk-edited.bck")
	apptest.Must(t, os.MkdirAll(filepath.Dir(out), 0o755))
	a.Apply(viewmodel.SaveImported{Path: out})
	v = view(a)
	data, err := os.ReadFile(out)
	apptest.Must(t, err)
	if last := v.AB.Import.LastSave; last.Failed || !strings.Contains(last.Text, out) {
		t.Errorf("Save as %s: %+v", out, last)
	}
	as, err := formats.Open(out, data)
	apptest.Must(t, err)
	saved := as.Clips[0]
	pb, ps := anim.NewPose(ab.ClipB), anim.NewPose(saved)
	for i := 0; float64(i) <= saved.Duration*4; i++ {
		f := float64(i) / 4
		anim.Evaluate(ab.ClipB, f, pb)
		anim.Evaluate(saved, f, ps)
		for ti := range pb.Targets {
			if pb.Targets[ti].V != ps.Targets[ti].V {
				t.Fatalf("frame %v target %d: saved %v, B %v", f, ti, ps.Targets[ti].V, pb.Targets[ti].V)
			}
		}
	}
	if saved.Duration != ab.ClipB.Duration || len(saved.Targets) != len(ab.ClipB.Targets) {
		t.Errorf("saved clip %v frames %d targets, B %v %d", saved.Duration, len(saved.Targets), ab.ClipB.Duration, len(ab.ClipB.Targets))
	}
}

// What cannot be imported says why in one message and leaves things as
// they were: a glTF that is not one, and an import with no importer.
func TestImportTrouble(t *testing.T) {
	a, dir, _ := importApp(t)
	bad := filepath.Join(dir, "bad.glb")
	apptest.Must(t, os.WriteFile(bad, []byte("not a glTF"), 0o644))
	a.Apply(viewmodel.ImportAnimation{Path: bad})
	v := view(a)
	if v.AB != nil {
		t.Errorf("a failed import started a comparison: %+v", v.AB)
	}
	if n := lastNotice(v); n.Severity != viewmodel.Error || !strings.Contains(n.Text, "bad.glb") || strings.Contains(n.Text, "\n") {
		t.Errorf("message %+v, want one error line naming bad.glb", n)
	}
	// The walk without its model: a BCK's tracks are by joint index.
	c := app.New(nil)
	c.Configure(app.Settings{Import: cli.ImportBytes})
	c.Open([]string{filepath.Join(dir, "walk.bck")})
	c.Apply(viewmodel.ImportAnimation{Path: filepath.Join(dir, "walk.glb")})
	if v := view(c); v.AB != nil || lastNotice(v).Severity != viewmodel.Error || !strings.Contains(lastNotice(v).Text, "open the model") {
		t.Errorf("without a model: %+v, %+v; want an error asking for the model", v.AB, lastNotice(v))
	}
	b := app.New(nil)
	b.Open([]string{filepath.Join(dir, "biped.bmd"), filepath.Join(dir, "walk.bck")})
	b.Apply(viewmodel.ImportAnimation{Path: bad})
	if n := lastNotice(view(b)); n.Severity != viewmodel.Error || !strings.Contains(n.Text, "cannot import") {
		t.Errorf("without an importer: %+v", n)
	}
}

// A clip played from an archive imports onto its entry: B is the whole
// archive with the entry replaced, named after the archive, and it is
// the same as A.
func TestImportOntoArchiveEntry(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("../../formats/archive/testdata/biped.szs")
	apptest.Must(t, err)
	szs := filepath.Join(dir, "biped.szs")
	apptest.Must(t, os.WriteFile(szs, data, 0o644))
	a := app.New(nil)
	a.Configure(app.Settings{Import: cli.ImportBytes})
	a.Open([]string{szs})
	v := view(a)
	if v.Joint == nil || v.Skeleton == nil {
		t.Fatal("the archive plays no joint animation on a model")
	}
	glb := filepath.Join(dir, "a.glb")
	plan, err := a.Export().Plan(app.ExportRequest{Path: glb, NoMesh: true})
	apptest.Must(t, err)
	apptest.Must(t, plan.Run().Err)
	a.Apply(viewmodel.ImportAnimation{Path: glb})
	v = view(a)
	if v.AB == nil || v.AB.Import == nil || v.AB.ClipB == nil {
		t.Fatalf("no imported B: %+v (last message %+v)", v.AB, lastNotice(v))
	}
	if !strings.HasPrefix(v.AB.Import.Summary, "biped.szs: BCK from "+glb) || len(v.AB.Rows) != 0 {
		t.Errorf("summary %q, rows %+v; want the archive, the same as A", v.AB.Import.Summary, v.AB.Rows)
	}
	if v.AB.ClipB.Name != v.Joint.Clip.Name {
		t.Errorf("B's clip %q, A's %q", v.AB.ClipB.Name, v.Joint.Clip.Name)
	}
}

// Importing onto an archive's second animation compares A with that
// entry of the new archive, not with the archive's first animation
// (J3D clips have no names to match them by).
func TestImportOntoSecondArchiveEntry(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("../../formats/archive/testdata/biped.szs")
	apptest.Must(t, err)
	szs := filepath.Join(dir, "biped.szs")
	apptest.Must(t, os.WriteFile(szs, data, 0o644))
	a := app.New(nil)
	a.Configure(app.Settings{Import: cli.ImportBytes})
	a.Open([]string{szs + ":biped/bmdl/biped.bmd", szs + ":biped/bck/wave.bck"})
	v := view(a)
	if v.Joint == nil || v.Skeleton == nil {
		t.Fatal("the wave plays on no model")
	}
	glb := filepath.Join(dir, "wave.glb")
	plan, err := a.Export().Plan(app.ExportRequest{Path: glb, NoMesh: true})
	apptest.Must(t, err)
	apptest.Must(t, plan.Run().Err)
	a.Apply(viewmodel.ImportAnimation{Path: glb})
	v = view(a)
	if v.AB == nil || v.AB.ClipB == nil {
		t.Fatalf("no imported B: %+v (last message %+v)", v.AB, lastNotice(v))
	}
	// The wave is 40 frames, the walk 30 (the archive's listing).
	if v.AB.ClipB.Duration != v.Joint.Clip.Duration || v.AB.ClipB.Duration != 40 || len(v.AB.Rows) != 0 || len(v.AB.Headers) != 0 {
		t.Errorf("B is %v frames with %d rows %q, want the imported wave (40 frames), the same as A", v.AB.ClipB.Duration, len(v.AB.Rows), v.AB.Headers)
	}
	if !strings.HasSuffix(v.AB.ClipsB[v.AB.ClipBIndex], "wave.bck") {
		t.Errorf("B's clip %q, want the wave entry", v.AB.ClipsB[v.AB.ClipBIndex])
	}
}
