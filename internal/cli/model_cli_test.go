package cli

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
)

// The multi-model fixtures (formats/bfres/testdata/README.md): a model
// file holding a 1-bone Prop, then the 6-bone Body, then a 3-bone Hair;
// and an animation file named after it whose Wave animates five of the
// body's bones and Spin the prop's one bone.
var (
	multiModel     = apptest.BFRESFixtures + "multi_model.bfres"
	multiModelAnim = apptest.BFRESFixtures + "multi_model_Animation.bfres"
)

// sampledWorld runs sample --json and returns the model it names and,
// per target name, its world positions (targets without one are left
// out).
func sampledWorld(t *testing.T, args ...string) (code int, model string, world map[string][][3]float64, stderr string) {
	t.Helper()
	code, stdout, stderr := runCLI(append([]string{"sample", "--json", "--frames", "0,6"}, args...)...)
	if code != 0 {
		return code, "", nil, stderr
	}
	var doc struct {
		Model   string `json:"model"`
		Targets []struct {
			Name  string       `json:"name"`
			World [][3]float64 `json:"world"`
		} `json:"targets"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	world = map[string][][3]float64{}
	for _, tg := range doc.Targets {
		if tg.World != nil {
			world[tg.Name] = tg.World
		}
	}
	return code, doc.Model, world, stderr
}

// TestSampleModelMultiModel: --model FILE poses on the file's largest
// model (the body, not the 1-bone prop before it); FILE:NAME on the model
// called NAME, inside an archive entry too (ARCHIVE:PATH:NAME); an unknown
// name is one line naming the file and listing its models.
func TestSampleModelMultiModel(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(multiModel)
	if err != nil {
		t.Fatal(err)
	}
	pack := filepath.Join(dir, "pack.sarc")
	if err := os.WriteFile(pack, archivetest.WriteSARC([]archivetest.SARCFile{{Path: "Model/multi_model.bfres", Data: data}}, true, 4), 0o644); err != nil {
		t.Fatal(err)
	}
	body := []string{"Clavicle_L", "Clavicle_R", "Skl_Root", "Spine_1", "Spine_2"}
	cases := []struct {
		model    string
		bound    []string // targets with world positions
		warnings int      // "not in the skeleton" lines
	}{
		{multiModel, body, 0},
		{multiModel + ":Body", body, 0},
		{multiModel + ":Prop", nil, 5},
		{multiModel + ":Hair", nil, 5},
		{pack + ":Model/multi_model.bfres", body, 0},
		{pack + ":Model/multi_model.bfres:Prop", nil, 5},
	}
	var bodyWorld map[string][][3]float64
	for _, c := range cases {
		code, model, world, stderr := sampledWorld(t, multiModelAnim, "--clip", "Wave", "--model", c.model)
		if code != 0 {
			t.Fatalf("--model %s: exit %d: %s", c.model, code, stderr)
		}
		var got []string
		for n, w := range world {
			if len(w) != 2 {
				t.Errorf("--model %s: %s has %d world positions for 2 frames", c.model, n, len(w))
			}
			got = append(got, n)
		}
		slices.Sort(got)
		if !slices.Equal(got, c.bound) || strings.Count(stderr, "is not in the skeleton") != c.warnings {
			t.Errorf("--model %s: world positions for %q, %d warnings; want %q, %d\n%s", c.model, got, strings.Count(stderr, "is not in the skeleton"), c.bound, c.warnings, stderr)
		}
		if model != filepath.Base(c.model) {
			t.Errorf("--model %s: model %q", c.model, model)
		}
		if len(c.bound) > 0 {
			if bodyWorld == nil {
				bodyWorld = world
			}
			for n, w := range world {
				if !slices.Equal(w, bodyWorld[n]) {
					t.Errorf("--model %s: %s at %v, the default body has it at %v", c.model, n, w, bodyWorld[n])
				}
			}
		}
	}
	// The body's values: Spine_1 sits 10 above Skl_Root, turning with the
	// clip.
	if w := bodyWorld["Spine_1"]; w[0] == w[1] {
		t.Errorf("Spine_1 does not move: %v", w)
	}

	for _, c := range []struct{ model, want string }{
		{multiModel + ":Nope", "animscope: " + multiModel + `: no model named "Nope"; it holds "Prop" (1 joint), "Body" (6 joints), "Hair" (3 joints)` + "\n"},
		{pack + ":Model/multi_model.bfres:Nope", "animscope: " + pack + `:Model/multi_model.bfres: no model named "Nope"; it holds "Prop" (1 joint), "Body" (6 joints), "Hair" (3 joints)` + "\n"},
		{apptest.BFRESFixtures + "cubic_f32.bfres", "animscope: " + apptest.BFRESFixtures + "cubic_f32.bfres: holds no skeleton (it is a bfres file)\n"},
	} {
		for _, cmd := range []string{"sample", "export"} {
			args := []string{cmd, multiModelAnim, "--model", c.model, "--frames", "0", "--json"}
			if cmd == "export" {
				args = []string{cmd, multiModelAnim, "--model", c.model, "--out", filepath.Join(dir, "x.glb")}
			}
			if code, stdout, stderr := runCLI(args...); code != 1 || stdout != "" || stderr != c.want {
				t.Errorf("%s --model %s: exit %d, stderr %q, want %q", cmd, c.model, code, stderr, c.want)
			}
		}
	}
}

// TestExportModelMultiModel: export --model FILE writes the largest
// model's skeleton (the body's six joints), FILE:NAME the named model's.
func TestExportModelMultiModel(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		model string
		nodes []string
	}{
		{multiModel, []string{"Skl_Root", "Spine_1", "Spine_2", "Neck", "Clavicle_L", "Clavicle_R"}},
		{multiModel + ":Body", []string{"Skl_Root", "Spine_1", "Spine_2", "Neck", "Clavicle_L", "Clavicle_R"}},
		{multiModel + ":Hair", []string{"Hair_Root", "Hair_1", "Hair_2"}},
		{multiModel + ":Prop", []string{"Model"}},
	} {
		out := filepath.Join(dir, "wave.glb")
		if code, _, stderr := runCLI("export", multiModelAnim, "--clip", "Wave", "--model", c.model, "--out", out); code != 0 {
			t.Fatalf("--model %s: exit %d: %s", c.model, code, stderr)
		}
		d := readGLB(t, out)
		var nodes []string
		for _, n := range d.Nodes {
			if _, ok := n.Extras["joint"]; ok {
				nodes = append(nodes, n.Name)
			}
		}
		if !slices.Equal(nodes, c.nodes) || len(d.Animations) != 1 || d.Animations[0].Name != "Wave" {
			t.Errorf("--model %s: joint nodes %q, %d animations; want %q", c.model, nodes, len(d.Animations), c.nodes)
		}
	}
}

// TestBatchAgreesWithPair: the export batch puts each clip on the model
// pairing.Pair and Pairing.Assign choose, through the same skeleton
// sample --model takes from that file (the body, the largest) and not on
// the animation file's own copy of it; a clip fitting no model (Spin,
// the prop's bone) stays with its file.
//
// The viewer's side of the same inputs (the model it picks when both
// files are opened together) is internal/app's to test against this
// formats API.
func TestBatchAgreesWithPair(t *testing.T) {
	in := t.TempDir()
	copyFile(t, multiModel, filepath.Join(in, "multi_model.bfres"))
	copyFile(t, multiModelAnim, filepath.Join(in, "multi_model_Animation.bfres"))
	rep := newReporter(os.Stderr)
	files, failed, _ := expandInputs([]string{in}, "", rep)
	var srcs []*pairing.Source
	var bad []string
	for _, l := range loadInputs(files, 2, rep) {
		srcs, bad = append(srcs, l.srcs...), append(bad, l.bad...)
	}
	if failed != 0 || len(bad) != 0 || len(srcs) != 2 {
		t.Fatalf("sources %d, bad %q", len(srcs), bad)
	}
	p := pairing.Pair(srcs)
	assigned := p.Assign()
	sk, err := loadModel(filepath.Join(in, "multi_model.bfres"))
	if err != nil {
		t.Fatal(err)
	}
	jobs := planJobs(srcs, exportFlags{out: t.TempDir()}, nil, nil, nil, rep)
	clipsOn := map[string][]string{} // skeleton name → clips
	for _, j := range jobs {
		name := "stand-in"
		if j.scene.Skeleton != nil {
			name = j.scene.Skeleton.Name
		}
		for _, c := range j.scene.Clips {
			clipsOn[name] = append(clipsOn[name], c.Clip.Name)
			if m, ok := assigned[c.Clip]; ok && p.Suggestions[m].Skeleton != j.scene.Skeleton {
				t.Errorf("%s: batch skeleton %s, Assign's %s", c.Clip.Name, name, p.Suggestions[m].Skeleton.Name)
			}
		}
	}
	if sk.Name != "Body" || !slices.Equal(clipsOn["Body"], []string{"Wave"}) || !slices.Equal(clipsOn["Skeleton"], []string{"Spin"}) {
		t.Errorf("sample --model takes %s; batch: %v", sk.Name, clipsOn)
	}

	// The command: multi_model.glb holds the body and Wave.
	out := filepath.Join(t.TempDir(), "gltf")
	if code, _, stderr := runCLI("export", in, "--out", out); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	d := readGLB(t, filepath.Join(out, "multi_model.glb"))
	if len(d.Animations) != 1 || d.Animations[0].Name != "Wave" || d.Nodes[0].Name != "Skl_Root" {
		t.Errorf("multi_model.glb: %d animations, nodes %+v", len(d.Animations), d.Nodes)
	}

	// info on an archive holding both lists the body (not the prop) as
	// the model file's model and pairs Wave with it.
	data := func(p string) []byte {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	pack := filepath.Join(in, "pack.sarc")
	if err := os.WriteFile(pack, archivetest.WriteSARC([]archivetest.SARCFile{
		{Path: "Model/multi_model.bfres", Data: data(multiModel)}, {Path: "Anim/multi_model_Animation.bfres", Data: data(multiModelAnim)},
	}, true, 4), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI("info", pack)
	if code != 0 {
		t.Fatalf("info: exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"models: 2\n  Anim/multi_model_Animation.bfres: 6 joints, g3d-maya hierarchy\n  Model/multi_model.bfres: 6 joints, g3d-maya hierarchy\n",
		"pairing for Model/multi_model.bfres:\n  Anim/multi_model_Animation.bfres [Wave] (named after the model)\n  Anim/multi_model_Animation.bfres [Spin] (named after the model); warning: animated bone \"Model\" is not in the skeleton\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("info lacks %q:\n%s", want, stdout)
		}
	}
}

// TestViewerAgreesWithBatch: the viewer (the app, as render drives it)
// opening the same two files uses the model file's body and plays Wave
// on it, the model and clip Pairing.Assign and sample --model give; its
// binding warnings for Wave are those of pairing.FitClip (none).
//
// It reads the app through its view (viewmodel.View); when the view types move,
// only the type names here change.
func TestViewerAgreesWithBatch(t *testing.T) {
	a := app.New(io.Discard)
	for _, p := range []string{multiModel, multiModelAnim} {
		fs, err := app.LoadFiles(p)
		if err != nil {
			t.Fatal(err)
		}
		a.Add(fs)
	}
	var v viewmodel.View
	a.Evaluate()
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	p := v.Pairing
	if p.Model < 0 || p.Anim < 0 {
		t.Fatalf("model %d anim %d", p.Model, p.Anim)
	}
	m, an := p.Models[p.Model], p.Anims[p.Anim]
	if m.Label != "multi_model.bfres › Body" || m.Joints != 6 {
		t.Errorf("viewer model %q (%d joints), want the model file's Body", m.Label, m.Joints)
	}
	if an.Label != "multi_model_Animation.bfres › Wave" || an.Reason != pairing.SameName || len(an.Warnings) != 0 {
		t.Errorf("viewer animation %q (%s, warnings %q), want Wave named after the model", an.Label, an.Reason, an.Warnings)
	}
}

// loadModel is the skeleton a --model argument names (what sample and
// export bind).
func loadModel(arg string) (*anim.Skeleton, error) {
	m, err := openModel(arg)
	if err != nil {
		return nil, err
	}
	sk, err := pairing.SkeletonNamed(m.asset, m.name)
	if err != nil {
		return nil, &app.InputError{File: m.where, Err: err}
	}
	return sk, nil
}
