package cli

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/internal/app/apptest"
)

// glbDoc is the part of an exported GLB's JSON these tests check.
type glbDoc struct {
	Nodes []struct {
		Name   string         `json:"name"`
		Extras map[string]any `json:"extras"`
	} `json:"nodes"`
	Skins []struct {
		Joints []int `json:"joints"`
	} `json:"skins"`
	Meshes     []json.RawMessage `json:"meshes"`
	Animations []struct {
		Name string `json:"name"`
	} `json:"animations"`
	Buffers []struct {
		ByteLength int `json:"byteLength"`
	} `json:"buffers"`
}

func readDoc(t *testing.T, path string) glbDoc {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 20 || string(b[:4]) != "glTF" {
		t.Fatalf("%s is not a GLB", path)
	}
	n := binary.LittleEndian.Uint32(b[12:16])
	var d glbDoc
	if err := json.Unmarshal(b[20:20+n], &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func (d glbDoc) jointNames() []string {
	var out []string
	for _, n := range d.Nodes {
		if _, ok := n.Extras["joint"]; ok {
			out = append(out, n.Name)
		}
	}
	return out
}

func (d glbDoc) animationNames() []string {
	var out []string
	for _, a := range d.Animations {
		out = append(out, a.Name)
	}
	return out
}

// validateGLTF runs the Khronos validator (as internal/export's tests
// do) on files and fails on any error or warning. Without node or the
// validator it validates nothing, unless make test requires it.
func validateGLTF(t *testing.T, files ...string) {
	t.Helper()
	const script, module = "../../tools/gltf-validator/validate.js", "../../tools/node_modules/gltf-validator/package.json"
	node, err := exec.LookPath("node")
	if _, statErr := os.Stat(module); err != nil || statErr != nil {
		if os.Getenv("ANIMSCOPE_REQUIRE_VALIDATOR") != "" {
			t.Fatalf("the glTF validator cannot run (node: %v, module: %v)", err, statErr)
		}
		return
	}
	out, err := exec.Command(node, append([]string{script}, files...)...).Output()
	if err != nil {
		t.Fatalf("glTF validator: %v", err)
	}
	seen := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var r struct {
			File             string
			Errors, Warnings int
			Messages         []string
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		seen++
		if r.Errors+r.Warnings > 0 {
			t.Errorf("%s: %d errors, %d warnings: %q", r.File, r.Errors, r.Warnings, r.Messages)
		}
	}
	if seen != len(files) {
		t.Fatalf("validator reported %d of %d files", seen, len(files))
	}
}

// outputs lists the files under dir, relative, with slashes.
func outputs(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			r, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(r))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// TestExportSkeletonOnly: a model without animations exports its
// skeleton as a valid glTF, alone (chain3.bmd: three joints, no shapes)
// or skinned with its meshes (synth.bmd), to a file and in a batch.
func TestExportSkeletonOnly(t *testing.T) {
	var fixture struct {
		Joints []struct{ Name string } `json:"joints"`
	}
	b, err := os.ReadFile(apptest.ModelFixtures + "chain3.skeleton.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &fixture); err != nil {
		t.Fatal(err)
	}
	var chain []string
	for _, j := range fixture.Joints {
		chain = append(chain, j.Name)
	}
	dir := t.TempDir()
	one := filepath.Join(dir, "chain3.glb")
	code, _, stderr := runCLI("export", apptest.ModelFixtures+"chain3.bmd", "--out", one)
	if code != 0 || !strings.HasPrefix(stderr, "animscope: wrote "+one+" (0 animations, ") || strings.Count(stderr, "\n") != 1 {
		t.Fatalf("exit %d: %q", code, stderr)
	}
	d := readDoc(t, one)
	if !slices.Equal(d.jointNames(), chain) || len(d.Animations) != 0 || len(d.Skins) != 0 {
		t.Errorf("chain3.glb: joints %q (want %q), %d animations, %d skins", d.jointNames(), chain, len(d.Animations), len(d.Skins))
	}
	for _, buf := range d.Buffers {
		if buf.ByteLength == 0 {
			t.Errorf("chain3.glb has an empty buffer")
		}
	}

	in := filepath.Join(dir, "in")
	if err := os.MkdirAll(in, 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, "../export/testdata/synth.bmd", filepath.Join(in, "synth.bmd"))
	copyFile(t, apptest.ModelFixtures+"chain3.bmd", filepath.Join(in, "chain3.bmd"))
	out := filepath.Join(dir, "out")
	if code, _, stderr := runCLI("export", in, "--out", out); code != 0 {
		t.Fatalf("batch: exit %d: %s", code, stderr)
	}
	if got := outputs(t, out); !slices.Equal(got, []string{"chain3.glb", "synth.glb"}) {
		t.Fatalf("outputs %q", got)
	}
	s := readDoc(t, filepath.Join(out, "synth.glb"))
	if len(s.Animations) != 0 || len(s.Skins) != 1 || len(s.Meshes) != 2 || len(s.Skins[0].Joints) != len(s.jointNames()) {
		t.Errorf("synth.glb: %d animations, %d skins, %d meshes, %d joints", len(s.Animations), len(s.Skins), len(s.Meshes), len(s.jointNames()))
	}
	validateGLTF(t, one, filepath.Join(out, "chain3.glb"), filepath.Join(out, "synth.glb"))
}

// TestExportBatchDuplicates: a .bfres and its Yaz0 .sbfres in one folder
// (the same content once decompressed) are one input: one output, one
// note naming both; the same file in another folder is exported there.
func TestExportBatchDuplicates(t *testing.T) {
	raw, err := os.ReadFile(apptest.BFRESFixtures + "cubic_quant.bfres")
	if err != nil {
		t.Fatal(err)
	}
	in := t.TempDir()
	sub := filepath.Join(in, "other")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for p, data := range map[string][]byte{
		filepath.Join(in, "cubic_quant.bfres"):   raw,
		filepath.Join(in, "cubic_quant.sbfres"):  archivetest.Yaz0Stored(raw),
		filepath.Join(sub, "cubic_quant.sbfres"): archivetest.Yaz0Stored(raw),
	} {
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "out")
	code, _, stderr := runCLI("export", in, "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got := outputs(t, out); !slices.Equal(got, []string{"cubic_quant.glb", "other/cubic_quant.glb"}) {
		t.Errorf("outputs %q", got)
	}
	note := "animscope: note: " + filepath.Join(in, "cubic_quant.sbfres") + " holds the same data as " + filepath.Join(in, "cubic_quant.bfres") + " (once decompressed); exported once\n"
	if strings.Count(stderr, "holds the same data") != 1 || !strings.Contains(stderr, note) {
		t.Errorf("want the note %q once:\n%s", note, stderr)
	}
	for _, f := range []string{"cubic_quant.glb", "other/cubic_quant.glb"} {
		if got := readDoc(t, filepath.Join(out, f)).animationNames(); !slices.Equal(got, []string{"Quant", "Nod"}) {
			t.Errorf("%s: animations %q, want Quant and Nod once each", f, got)
		}
	}
}

// TestExportBatchRecursive: a folder of folders is walked to the bottom;
// each output lands in the folder its input has under the input folder;
// a log (not a terminal) has no bar, only lines; the summary counts.
func TestExportBatchRecursive(t *testing.T) {
	in := t.TempDir()
	for dir, files := range map[string][]string{
		"chars/biped": {apptest.ModelFixtures + "biped.bmd", apptest.ModelFixtures + "walk.bck"},
		"anims/deep":  {apptest.BFRESFixtures + "cubic_f32.bfres"},
		"empty/a/b":   nil,
	} {
		d := filepath.Join(in, filepath.FromSlash(dir))
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			copyFile(t, f, filepath.Join(d, filepath.Base(f)))
		}
	}
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runCLI("export", in, "--out", out)
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q: %s", code, stdout, stderr)
	}
	if got := outputs(t, out); !slices.Equal(got, []string{"anims/deep/cubic_f32.glb", "chars/biped/biped.glb"}) {
		t.Errorf("outputs %q", got)
	}
	if got := readDoc(t, filepath.Join(out, "chars/biped/biped.glb")).animationNames(); !slices.Equal(got, []string{"walk"}) {
		t.Errorf("biped.glb: animations %q", got)
	}
	if strings.ContainsAny(stderr, "\r\x1b") {
		t.Errorf("bar codes in a log: %q", stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	last := lines[len(lines)-1]
	if len(lines) != 3 || !strings.HasPrefix(last, "animscope: export: 2 files with 2 animations (") || !strings.HasSuffix(last, "; 0 warnings, 0 failed") ||
		!strings.Contains(last, " written to "+out+" in ") {
		t.Errorf("stderr:\n%s", stderr)
	}
}

// TestExportBatchNothing: a tree of empty folders, or of files that hold
// no model or animation, is an error (exit 1, one line naming the input),
// not "0 files"; nothing is created.
func TestExportBatchNothing(t *testing.T) {
	empty := t.TempDir()
	if err := os.MkdirAll(filepath.Join(empty, "a", "b", "c"), 0o755); err != nil {
		t.Fatal(err)
	}
	textOnly := t.TempDir()
	if err := os.WriteFile(filepath.Join(textOnly, "notes.txt"), []byte("not an animation"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want string }{
		{empty, "animscope: " + empty + ": nothing to export: no files in 4 folders\n"},
		{textOnly, "animscope: " + textOnly + ": nothing to export: none of its 1 file holds a model or animation animscope opens\n"},
	} {
		out := filepath.Join(t.TempDir(), "out")
		code, stdout, stderr := runCLI("export", c.in, "--out", out)
		if code != 1 || stdout != "" || stderr != c.want {
			t.Errorf("exit %d, stderr %q, want %q", code, stderr, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s created", out)
		}
	}
}

// TestExportBatchModel: a folder export with --model FILE binds the
// file's largest model (the body), with FILE:NAME the model called NAME;
// without --model, the body of the multi-model file beside the
// animations.
func TestExportBatchModel(t *testing.T) {
	in := t.TempDir()
	copyFile(t, multiModelAnim, filepath.Join(in, "multi_model_Animation.bfres"))
	body := []string{"Skl_Root", "Spine_1", "Spine_2", "Neck", "Clavicle_L", "Clavicle_R"}
	for _, c := range []struct {
		model string
		nodes []string
	}{
		{multiModel, body},
		{multiModel + ":Body", body},
		{multiModel + ":Hair", []string{"Hair_Root", "Hair_1", "Hair_2"}},
	} {
		out := filepath.Join(t.TempDir(), "out")
		if code, _, stderr := runCLI("export", in, "--model", c.model, "--out", out); code != 0 {
			t.Fatalf("--model %s: exit %d: %s", c.model, code, stderr)
		}
		d := readDoc(t, filepath.Join(out, "multi_model_Animation.glb"))
		if !slices.Equal(d.jointNames(), c.nodes) || !slices.Equal(d.animationNames(), []string{"Wave", "Spin"}) {
			t.Errorf("--model %s: joints %q, animations %q; want joints %q", c.model, d.jointNames(), d.animationNames(), c.nodes)
		}
	}

	// Without --model, beside the model file: the body takes Wave and
	// the file's skeleton copy keeps Spin (the prop's bone fits only it).
	copyFile(t, multiModel, filepath.Join(in, "multi_model.bfres"))
	out := filepath.Join(t.TempDir(), "out")
	code, _, stderr := runCLI("export", in, "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got := outputs(t, out); !slices.Equal(got, []string{"multi_model.glb", "multi_model_Animation.glb"}) {
		t.Errorf("outputs %q", got)
	}
	if d := readDoc(t, filepath.Join(out, "multi_model.glb")); !slices.Equal(d.jointNames(), body) || !slices.Equal(d.animationNames(), []string{"Wave"}) {
		t.Errorf("multi_model.glb: joints %q, animations %q", d.jointNames(), d.animationNames())
	}
	if d := readDoc(t, filepath.Join(out, "multi_model_Animation.glb")); !slices.Equal(d.jointNames(), body) || !slices.Equal(d.animationNames(), []string{"Spin"}) {
		t.Errorf("multi_model_Animation.glb: joints %q, animations %q", d.jointNames(), d.animationNames())
	}
}

// TestExportWarningsGrouped: the binding problems of several clips are
// one line per problem naming the file and the clips, not one line per
// clip without their names.
func TestExportWarningsGrouped(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.glb")
	in := apptest.BFRESFixtures + "cubic_quant.bfres"
	code, _, stderr := runCLI("export", in, "--all", "--model", apptest.ModelFixtures+"chain3.bmd", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// chain3's joints are base, mid and tip; Quant animates Hips and
	// Spine, Nod Spine (cubic_quant.desc.json).
	want := []string{
		"animscope: warning: " + in + `: animation Quant on chain3: animated bone "Hips" is not in the skeleton`,
		"animscope: warning: " + in + `: 2 animations (Quant, Nod) on chain3: animated bone "Spine" is not in the skeleton`,
		"animscope: wrote " + out + " (2 animations, ",
	}
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("stderr:\n%s", stderr)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d: %q, want %q", i, lines[i], w)
		}
	}
}

// TestPlanJobsSkeletonCopy: an animation file carrying a copy of its
// model's skeleton (BotW's X_Animation.bfres) beside the model file: its
// joint and texture clips go into the model's output, its copy is not
// written alone, and a note says where the clips are; alone, it is
// written on its own skeleton with its clips.
func TestPlanJobsSkeletonCopy(t *testing.T) {
	bones := []string{"Root", "Spine", "Head"}
	skel := func(name string) *anim.Skeleton {
		s := &anim.Skeleton{Name: name, Mode: anim.Standard}
		for i, b := range bones {
			s.Joints = append(s.Joints, anim.Joint{Name: b, Parent: i - 1, Rest: anim.DefaultBase()})
		}
		if err := s.Finish(); err != nil {
			t.Fatal(err)
		}
		return s
	}
	walk := &anim.Clip{Name: "Walk", Format: "bfres-skeletal", Duration: 10, FPS: 30}
	for i, b := range bones {
		walk.Targets = append(walk.Targets, anim.Target{Kind: anim.JointTarget, Index: i, Name: b, Base: anim.DefaultBase()})
	}
	face := &anim.Clip{Name: "Face_Blink", Format: "bfres-texsrt", Duration: 10, FPS: 30, Targets: []anim.Target{{Kind: anim.TexSRTTarget, Name: "Eye"}}}
	model := &formats.Source{Path: "d/X.bfres", Dir: "d", Asset: &formats.Asset{Format: "bfres", Skeletons: []*anim.Skeleton{skel("X")}}}
	anims := &formats.Source{Path: "d/X_Animation.bfres", Dir: "d", Asset: &formats.Asset{Format: "bfres", Skeletons: []*anim.Skeleton{skel("Skeleton")},
		Clips: []*anim.Clip{walk, face}}}
	out := t.TempDir()
	var log bytes.Buffer
	jobs := planJobs([]*formats.Source{model, anims}, exportFlags{out: out}, nil, nil, nil, newReporter(&log))
	if len(jobs) != 1 || jobs[0].out != filepath.Join(out, "X.glb") || jobs[0].scene.Skeleton != model.Asset.Skeletons[0] {
		t.Fatalf("jobs %+v", jobs)
	}
	var got []string
	for _, c := range jobs[0].scene.Clips {
		got = append(got, c.Clip.Name+"@"+c.Source)
	}
	if want := []string{"Walk@d/X_Animation.bfres", "Face_Blink@d/X_Animation.bfres"}; !slices.Equal(got, want) {
		t.Errorf("X.glb clips %q, want %q", got, want)
	}
	if want := "animscope: note: d/X_Animation.bfres: its animations are exported with their model (X.glb); the skeleton it carries is not written on its own\n"; log.String() != want {
		t.Errorf("log %q, want %q", log.String(), want)
	}

	log.Reset()
	jobs = planJobs([]*formats.Source{anims}, exportFlags{out: out}, nil, nil, nil, newReporter(&log))
	if len(jobs) != 1 || jobs[0].out != filepath.Join(out, "X_Animation.glb") || jobs[0].scene.Skeleton != anims.Asset.Skeletons[0] || len(jobs[0].scene.Clips) != 2 || log.Len() != 0 {
		t.Errorf("alone: %d jobs, log %q", len(jobs), log.String())
	}
}
