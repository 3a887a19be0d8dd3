package cli

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/mesh"
)

// glbJSON is the JSON chunk of a GLB written by the export command.
type glbJSON struct {
	Nodes []struct {
		Name   string         `json:"name"`
		Extras map[string]any `json:"extras"`
	} `json:"nodes"`
	Animations []struct {
		Name   string         `json:"name"`
		Extras map[string]any `json:"extras"`
	} `json:"animations"`
	ExtensionsUsed []string `json:"extensionsUsed"`
	Skins          []struct {
		Joints []int `json:"joints"`
	} `json:"skins"`
	Meshes  []json.RawMessage `json:"meshes"`
	Buffers []struct {
		ByteLength int `json:"byteLength"`
	} `json:"buffers"`
}

func readGLB(t *testing.T, path string) glbJSON {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 20 || string(b[:4]) != "glTF" || int(binary.LittleEndian.Uint32(b[8:12])) != len(b) {
		t.Fatalf("%s is not a complete GLB", path)
	}
	n := binary.LittleEndian.Uint32(b[12:16])
	var d glbJSON
	if err := json.Unmarshal(b[20:20+n], &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// noTemps checks that no temporary file was left in dir.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// TestExportOne: one BCK on its model to a .glb, flags after the file:
// joint nodes named after the joints with their index, the animation
// named after the file with its fps, frames, loop mode and source.
func TestExportOne(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "walk.glb")
	walk := apptest.ModelFixtures + "walk.bck"
	code, stdout, stderr := runCLI("export", walk, "--model", apptest.ModelFixtures+"biped.bmd", "--out", out)
	st, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	// One line: the output, its animations and its size.
	if want := fmt.Sprintf("animscope: wrote %s (1 animation, %s)\n", out, humanSize(st.Size())); code != 0 || stdout != "" || stderr != want {
		t.Fatalf("exit %d, stdout %q, stderr %q, want %q", code, stdout, stderr, want)
	}
	if got := humanSize(st.Size()); !strings.HasSuffix(got, " kB") || st.Size() < 1000 || st.Size() >= 1e6 {
		t.Errorf("%d bytes shown as %q", st.Size(), got)
	}
	d := readGLB(t, out)
	if len(d.Nodes) != 12 || d.Nodes[0].Name != "center" || d.Nodes[3].Name != "head" || d.Nodes[3].Extras["joint"] != 3.0 {
		t.Errorf("nodes: %+v", d.Nodes)
	}
	if len(d.Animations) != 1 {
		t.Fatalf("%d animations", len(d.Animations))
	}
	a := d.Animations[0]
	if a.Name != "walk" || a.Extras["fps"] != 30.0 || a.Extras["frames"] != 30.0 || a.Extras["loopMode"] != "loop" || a.Extras["source"] != "walk.bck" {
		t.Errorf("animation %q extras %v", a.Name, a.Extras)
	}
	noTemps(t, dir)
}

// TestExportGLTFAndClips: --all on a BFRES to .gltf + .bin, and --clip.
func TestExportGLTFAndClips(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "trot.gltf")
	code, _, stderr := runCLI("export", "--all", "--out", out, apptest.BFRESFixtures+"cubic_quant.bfres")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	j, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var d glbJSON
	if err := json.Unmarshal(j, &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Animations) != 2 || d.Animations[0].Name != "Quant" || d.Animations[1].Name != "Nod" {
		t.Errorf("animations %+v", d.Animations)
	}
	if st, err := os.Stat(filepath.Join(dir, "trot.bin")); err != nil || st.Size() == 0 {
		t.Errorf("trot.bin: %v", err)
	}
	code, _, stderr = runCLI("export", apptest.BFRESFixtures+"cubic_quant.bfres", "--clip", "Nod", "--out", filepath.Join(dir, "nod.glb"))
	if d := readGLB(t, filepath.Join(dir, "nod.glb")); code != 0 || len(d.Animations) != 1 || d.Animations[0].Name != "Nod" {
		t.Errorf("--clip Nod: exit %d %s, %+v", code, stderr, d.Animations)
	}
	code, _, stderr = runCLI("export", apptest.BFRESFixtures+"cubic_quant.bfres", "--clip", "Nope", "--out", filepath.Join(dir, "x.glb"))
	if code != 1 || !strings.Contains(stderr, `no animation named "Nope"`) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("--clip Nope: exit %d, %q", code, stderr)
	}
}

// TestExportHostile: the odd inputs of the export command give one-line
// errors and overwrite nothing.
func TestExportHostile(t *testing.T) {
	dir := t.TempDir()
	walk := apptest.ModelFixtures + "walk.bck"
	// A BCK with 12 joints on a 3-joint model: exported, with the
	// viewer's binding warning.
	out := filepath.Join(dir, "chain.glb")
	code, _, stderr := runCLI("export", walk, "--model", apptest.ModelFixtures+"chain3.bmd", "--out", out)
	if code != 0 || !strings.Contains(stderr, "animscope: warning: ") || !strings.Contains(stderr, "animation has 12 joints, skeleton has 3; binding the first 3 by index") {
		t.Errorf("joint count mismatch: exit %d, %q", code, stderr)
	}
	if d := readGLB(t, out); len(d.Nodes) != 3 || len(d.Animations) != 1 {
		t.Errorf("chain3 export: %d nodes, %d animations", len(d.Nodes), len(d.Animations))
	}

	// OUT equal to an input (a BCK named .glb): refused, untouched.
	in := filepath.Join(dir, "walk.glb")
	copyFile(t, walk, in)
	before, _ := os.ReadFile(in)
	code, _, stderr = runCLI("export", in, "--out", in)
	after, _ := os.ReadFile(in)
	if code != 2 || !strings.Contains(stderr, "refusing to overwrite an input") || !bytes.Equal(before, after) {
		t.Errorf("OUT = input: exit %d, %q, changed %v", code, stderr, !bytes.Equal(before, after))
	}

	// An unwritable OUT (its directory is a file): one line, exit 1.
	code, _, stderr = runCLI("export", walk, "--out", filepath.Join(in, "x.glb"))
	if code != 1 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "cannot write") {
		t.Errorf("unwritable OUT: exit %d, %q", code, stderr)
	}

	// An archive holding two animations and no model: one file cannot
	// hold it (which animation, on what?); a directory takes both, on
	// stand-in skeletons, with a warning.
	wave, _ := os.ReadFile(apptest.ModelFixtures + "wave.bck")
	walkData, _ := os.ReadFile(walk)
	arc, err := archivetest.WriteRARC("anims", []archivetest.RARCFile{{Path: "walk.bck", Data: walkData}, {Path: "wave.bck", Data: wave}})
	if err != nil {
		t.Fatal(err)
	}
	arcPath := filepath.Join(dir, "anims.arc")
	if err := os.WriteFile(arcPath, arc, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runCLI("export", arcPath, "--out", filepath.Join(dir, "anims.glb"))
	if code != 1 || !strings.Contains(stderr, "archive holds no model and 2 animation files") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("archive without model to one file: exit %d, %q", code, stderr)
	}
	outDir := filepath.Join(dir, "out")
	code, _, stderr = runCLI("export", arcPath, "--out", outDir)
	if code != 0 || !strings.Contains(stderr, "the archive holds no model") {
		t.Errorf("archive without model to a directory: exit %d, %q", code, stderr)
	}
	for _, n := range []string{"walk.glb", "wave.glb"} {
		if d := readGLB(t, filepath.Join(outDir, n)); len(d.Animations) != 1 || len(d.Nodes) != 12 {
			t.Errorf("%s: %d animations, %d nodes", n, len(d.Animations), len(d.Nodes))
		}
	}
	noTemps(t, dir)
	noTemps(t, outDir)
}

// TestExportBatch: a directory of inputs (an archive with its model, a
// JBA, a BFRES animation no model fits, a corrupt file) to a directory:
// the archive's model gets its two joint animations and the texture
// animation beside them in the archive (the viewer's pairing), the JBA
// and the BFRES their own files, the bad file one line; exit 1 after the
// summary; an output that would overwrite an input is refused.
func TestExportBatch(t *testing.T) {
	in := t.TempDir()
	copyFile(t, apptest.ArchiveFixtures+"biped.arc", filepath.Join(in, "biped.arc"))
	copyFile(t, apptest.JBATestdata+"/walk_30fps.jba", filepath.Join(in, "walk_30fps.jba"))
	// Binds to no model here: exported on its own stand-in skeleton.
	copyFile(t, apptest.BFRESFixtures+"cubic_f32.bfres", filepath.Join(in, "cubic_f32.bfres"))
	bad, _ := os.ReadFile(apptest.ModelFixtures + "walk.bck")
	if err := os.WriteFile(filepath.Join(in, "broken.bck"), bad[:100], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(in, "notes.txt"), []byte("not an animation"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "gltf")
	code, stdout, stderr := runCLI("export", in, "--out", out)
	if code != 1 || stdout != "" {
		t.Fatalf("exit %d, stdout %q", code, stdout)
	}
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if !strings.Contains(stderr, "broken.bck: bck: ") || !strings.HasPrefix(lines[len(lines)-1], "animscope: export: 3 files with 5 animations (") ||
		!strings.Contains(lines[len(lines)-1], "), 2 warnings, 1 failed: written to "+out+" in ") || strings.Contains(stderr, "notes.txt") {
		t.Errorf("stderr:\n%s", stderr)
	}
	want := map[string][]string{"biped.glb": {"walk", "wave", "btk_basic"}, "walk_30fps.glb": {"walk_30fps"}, "cubic_f32.glb": {"Wave"}}
	for name, anims := range want {
		d := readGLB(t, filepath.Join(out, name))
		var got []string
		for _, a := range d.Animations {
			got = append(got, a.Name)
		}
		if strings.Join(got, ",") != strings.Join(anims, ",") {
			t.Errorf("%s: animations %v, want %v", name, got, anims)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "btk_basic.glb")); err == nil {
		t.Errorf("btk_basic.glb written; its animation belongs in biped.glb")
	}
	if !strings.Contains(stderr, "wrote "+filepath.Join(out, "biped.glb")+" (3 animations, ") {
		t.Errorf("no line for biped.glb:\n%s", stderr)
	}
	noTemps(t, out)

	// Exporting into the input directory: an input named like an output
	// (a BCK called biped.glb beside biped.arc) is never overwritten.
	copyFile(t, apptest.ModelFixtures+"walk.bck", filepath.Join(in, "biped.glb"))
	before, _ := os.ReadFile(filepath.Join(in, "biped.glb"))
	code, _, stderr = runCLI("export", filepath.Join(in, "biped.arc"), filepath.Join(in, "biped.glb"), "--out", in)
	after, _ := os.ReadFile(filepath.Join(in, "biped.glb"))
	if code != 1 || !strings.Contains(stderr, "is an input; refusing to overwrite it") || !bytes.Equal(before, after) {
		t.Errorf("output = input in a batch: exit %d, %q", code, stderr)
	}
}

func TestExportUsage(t *testing.T) {
	for _, args := range [][]string{
		{"export", apptest.ModelFixtures + "walk.bck"},
		{"export", "--out", "x.glb"},
		{"export", "a.bck", "--clip", "x", "--all", "--out", "d"},
		{"export", "--bogus", "a.bck", "--out", "d"},
	} {
		if code, _, stderr := runCLI(args...); code != 2 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, %q", args, code, stderr)
		}
	}
	if code, stdout, _ := runCLI("export", "-h"); code != 0 || !strings.Contains(stdout, "Usage: animscope export") {
		t.Errorf("-h: exit %d", code)
	}
}

// TestExportJobsCarryMeshes: a model file's export job carries the
// models its skeleton poses (a model posed by the file's other skeleton
// is left out with a warning); --no-mesh carries none.
func TestExportJobsCarryMeshes(t *testing.T) {
	skel := func(name string) *anim.Skeleton {
		s := &anim.Skeleton{Name: name, Mode: anim.Standard, Joints: []anim.Joint{{Name: name + "_root", Parent: -1, Rest: anim.DefaultBase()},
			{Name: name + "_a", Parent: 0, Rest: anim.DefaultBase()}, {Name: name + "_b", Parent: 1, Rest: anim.DefaultBase()}}}
		if err := s.Finish(); err != nil {
			t.Fatal(err)
		}
		return s
	}
	a := &formats.Asset{Format: "bfres", Skeletons: []*anim.Skeleton{skel("Body"), skel("Far")},
		Models: []*mesh.Model{{Name: "Body", Skeleton: 0}, {Name: "Far", Skeleton: 1}}}
	srcs := []*pairing.Source{{Path: "npc.bfres", Dir: ".", Asset: a}}
	for _, noMesh := range []bool{false, true} {
		var stderr bytes.Buffer
		jobs := planJobs(srcs, exportFlags{out: t.TempDir(), noMesh: noMesh}, nil, nil, nil, newReporter(&stderr))
		if len(jobs) != 1 {
			t.Fatalf("%d jobs", len(jobs))
		}
		sc := jobs[0].scene
		want := a.Models[0]
		if sc.Skeleton == a.Skeletons[1] {
			want = a.Models[1]
		}
		switch {
		case noMesh && len(sc.Models) != 0:
			t.Errorf("--no-mesh: %d models exported", len(sc.Models))
		case !noMesh && (len(sc.Models) != 1 || sc.Models[0] != want):
			t.Errorf("models %v on skeleton %s", sc.Models, sc.Skeleton.Name)
		case !noMesh && !strings.Contains(stderr.String(), "has a skeleton of its own"):
			t.Errorf("no warning for the other model: %q", stderr.String())
		}
	}
}

// TestExportMeshCLI: exporting a J3D model with shapes writes one glTF
// mesh per shape with the contract's extras; --no-mesh writes none.
func TestExportMeshCLI(t *testing.T) {
	model := "../export/testdata/synth.bmd"
	for _, noMesh := range []bool{false, true} {
		out := filepath.Join(t.TempDir(), "synth.glb")
		args := []string{"export", model, "--out", out}
		if noMesh {
			args = append(args, "--no-mesh")
		}
		code, _, stderr := runCLI(args...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		var d struct {
			Meshes []struct {
				Extras map[string]any `json:"extras"`
			} `json:"meshes"`
			Skins []any `json:"skins"`
		}
		n := binary.LittleEndian.Uint32(b[12:16])
		if err := json.Unmarshal(b[20:20+n], &d); err != nil {
			t.Fatal(err)
		}
		switch {
		case noMesh && (len(d.Meshes) != 0 || len(d.Skins) != 0):
			t.Errorf("--no-mesh: %d meshes, %d skins", len(d.Meshes), len(d.Skins))
		case !noMesh && (len(d.Meshes) != 2 || len(d.Skins) != 1):
			t.Errorf("%d meshes, %d skins, want 2 and 1", len(d.Meshes), len(d.Skins))
		case !noMesh:
			for i, m := range d.Meshes {
				if m.Extras["model"] != "synth.bmd" || m.Extras["shape"] != float64(i) || m.Extras["name"] != fmt.Sprintf("shape%d", i) {
					t.Errorf("mesh %d extras %v", i, m.Extras)
				}
			}
		}
	}
}

func (d glbJSON) jointNames() []string {
	var out []string
	for _, n := range d.Nodes {
		if _, ok := n.Extras["joint"]; ok {
			out = append(out, n.Name)
		}
	}
	return out
}

func (d glbJSON) animationNames() []string {
	var out []string
	for _, a := range d.Animations {
		out = append(out, a.Name)
	}
	return out
}

// exportTree exports in (and args) to a new directory and returns it,
// the files written there (relative, with slashes) and stderr; the
// command must succeed and print nothing on stdout.
func exportTree(t *testing.T, in string, args ...string) (out string, files []string, stderr string) {
	t.Helper()
	out = filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runCLI(append([]string{"export", in, "--out", out}, args...)...)
	if code != 0 || stdout != "" {
		t.Fatalf("export %s %q: exit %d, stdout %q: %s", in, args, code, stdout, stderr)
	}
	return out, outputs(t, out), stderr
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
// skeleton, alone (chain3.bmd: three joints, no shapes, no empty buffer)
// or skinned with its meshes (synth.bmd), to a file and in a batch.
// (internal/export's tests run the Khronos validator on both kinds.)
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
	d := readGLB(t, one)
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
	out, got, _ := exportTree(t, in)
	if !slices.Equal(got, []string{"chain3.glb", "synth.glb"}) {
		t.Fatalf("outputs %q", got)
	}
	s := readGLB(t, filepath.Join(out, "synth.glb"))
	if len(s.Animations) != 0 || len(s.Skins) != 1 || len(s.Meshes) != 2 || len(s.Skins[0].Joints) != len(s.jointNames()) {
		t.Errorf("synth.glb: %d animations, %d skins, %d meshes, %d joints", len(s.Animations), len(s.Skins), len(s.Meshes), len(s.jointNames()))
	}
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
	out, got, stderr := exportTree(t, in)
	if !slices.Equal(got, []string{"cubic_quant.glb", "other/cubic_quant.glb"}) {
		t.Errorf("outputs %q", got)
	}
	note := "animscope: note: " + filepath.Join(in, "cubic_quant.sbfres") + " holds the same data as " + filepath.Join(in, "cubic_quant.bfres") + " (once decompressed); exported once\n"
	if strings.Count(stderr, "holds the same data") != 1 || !strings.Contains(stderr, note) {
		t.Errorf("want the note %q once:\n%s", note, stderr)
	}
	for _, f := range []string{"cubic_quant.glb", "other/cubic_quant.glb"} {
		if got := readGLB(t, filepath.Join(out, f)).animationNames(); !slices.Equal(got, []string{"Quant", "Nod"}) {
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
	out, got, stderr := exportTree(t, in)
	if !slices.Equal(got, []string{"anims/deep/cubic_f32.glb", "chars/biped/biped.glb"}) {
		t.Errorf("outputs %q", got)
	}
	if got := readGLB(t, filepath.Join(out, "chars/biped/biped.glb")).animationNames(); !slices.Equal(got, []string{"walk"}) {
		t.Errorf("biped.glb: animations %q", got)
	}
	if strings.ContainsAny(stderr, "\r\x1b") {
		t.Errorf("bar codes in a log: %q", stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	last := lines[len(lines)-1]
	if len(lines) != 3 || !strings.HasPrefix(last, "animscope: export: 2 files with 2 animations (") ||
		!regexp.MustCompile(`\), 0 warnings, 0 failed: written to `+regexp.QuoteMeta(out)+` in [0-9.]+s$`).MatchString(last) {
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
	// With --model, a folder of models alone has no animation to pose.
	models := t.TempDir()
	copyFile(t, apptest.ModelFixtures+"chain3.bmd", filepath.Join(models, "chain3.bmd"))
	code, _, stderr := runCLI("export", models, "--model", apptest.ModelFixtures+"biped.bmd", "--out", filepath.Join(t.TempDir(), "out"))
	want := "animscope: note: skipped 1 model file without animations (with --model, the animations are exported on that model): " + filepath.Join(models, "chain3.bmd") + "\n" +
		"animscope: " + models + ": nothing to export: no animation to pose on --model " + apptest.ModelFixtures + "biped.bmd\n"
	if code != 1 || stderr != want {
		t.Errorf("--model on models alone: exit %d, %q, want %q", code, stderr, want)
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
		out, _, _ := exportTree(t, in, "--model", c.model)
		d := readGLB(t, filepath.Join(out, "multi_model_Animation.glb"))
		if !slices.Equal(d.jointNames(), c.nodes) || !slices.Equal(d.animationNames(), []string{"Wave", "Spin"}) {
			t.Errorf("--model %s: joints %q, animations %q; want joints %q", c.model, d.jointNames(), d.animationNames(), c.nodes)
		}
	}

	// Without --model, beside the model file: the body takes Wave and
	// the file's skeleton copy keeps Spin (the prop's bone fits only it).
	copyFile(t, multiModel, filepath.Join(in, "multi_model.bfres"))
	out, got, _ := exportTree(t, in)
	if !slices.Equal(got, []string{"multi_model.glb", "multi_model_Animation.glb"}) {
		t.Errorf("outputs %q", got)
	}
	if d := readGLB(t, filepath.Join(out, "multi_model.glb")); !slices.Equal(d.jointNames(), body) || !slices.Equal(d.animationNames(), []string{"Wave"}) {
		t.Errorf("multi_model.glb: joints %q, animations %q", d.jointNames(), d.animationNames())
	}
	if d := readGLB(t, filepath.Join(out, "multi_model_Animation.glb")); !slices.Equal(d.jointNames(), body) || !slices.Equal(d.animationNames(), []string{"Spin"}) {
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
	model := &pairing.Source{Path: "d/X.bfres", Dir: "d", Asset: &formats.Asset{Format: "bfres", Skeletons: []*anim.Skeleton{skel("X")}}}
	anims := &pairing.Source{Path: "d/X_Animation.bfres", Dir: "d", Asset: &formats.Asset{Format: "bfres", Skeletons: []*anim.Skeleton{skel("Skeleton")},
		Clips: []*anim.Clip{walk, face}}}
	out := t.TempDir()
	var log bytes.Buffer
	jobs := planJobs([]*pairing.Source{model, anims}, exportFlags{out: out}, nil, nil, nil, newReporter(&log))
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
	jobs = planJobs([]*pairing.Source{anims}, exportFlags{out: out}, nil, nil, nil, newReporter(&log))
	if len(jobs) != 1 || jobs[0].out != filepath.Join(out, "X_Animation.glb") || jobs[0].scene.Skeleton != anims.Asset.Skeletons[0] || len(jobs[0].scene.Clips) != 2 || log.Len() != 0 {
		t.Errorf("alone: %d jobs, log %q", len(jobs), log.String())
	}
}

// TestExportSourceNamesNoFolders: an exported file names its inputs
// without the folders they lie in (extras.source is the file's base
// name, an archive entry after the archive's), so the same inputs give
// the same bytes wherever they and the output lie.
func TestExportSourceNamesNoFolders(t *testing.T) {
	var outs [][]byte
	for i, sub := range []string{"a", filepath.Join("deeper", "user", "mods")} {
		in := filepath.Join(t.TempDir(), sub)
		if err := os.MkdirAll(in, 0o755); err != nil {
			t.Fatal(err)
		}
		copyFile(t, apptest.ModelFixtures+"walk.bck", filepath.Join(in, "walk.bck"))
		copyFile(t, apptest.ModelFixtures+"biped.bmd", filepath.Join(in, "biped.bmd"))
		copyFile(t, apptest.ArchiveFixtures+"biped.arc", filepath.Join(in, "biped.arc"))
		outDir := t.TempDir()
		for _, tc := range []struct {
			args   []string
			source string
		}{
			{[]string{filepath.Join(in, "walk.bck"), "--model", filepath.Join(in, "biped.bmd")}, "walk.bck"},
			{[]string{filepath.Join(in, "biped.arc") + ":biped/bck/wave.bck", "--model", filepath.Join(in, "biped.bmd")}, "biped.arc:biped/bck/wave.bck"},
		} {
			out := filepath.Join(outDir, fmt.Sprintf("out%d.glb", len(outs)%2))
			if i == 1 {
				out = filepath.Join(outDir, "x", fmt.Sprintf("other%d.glb", len(outs)%2))
				if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if code, _, stderr := runCLI(append([]string{"export", "--out", out}, tc.args...)...); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			d := readGLB(t, out)
			if got := d.Animations[0].Extras["source"]; got != tc.source {
				t.Errorf("source %q, want %q", got, tc.source)
			}
			b, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			outs = append(outs, b)
		}
		// A folder export names its inputs the same way.
		bo := filepath.Join(t.TempDir(), "batch")
		if code, _, stderr := runCLI("export", in, "--out", bo); code != 0 {
			t.Fatalf("batch: exit %d: %s", code, stderr)
		}
		for _, a := range readGLB(t, filepath.Join(bo, "biped.glb")).Animations {
			if s, _ := a.Extras["source"].(string); strings.ContainsAny(s, `/\`) && !strings.HasPrefix(s, "biped.arc:") || strings.Contains(s, in) {
				t.Errorf("batch: animation %s source %q names a folder", a.Name, s)
			}
		}
	}
	for i := 0; i < 2; i++ {
		if !bytes.Equal(outs[i], outs[i+2]) {
			t.Errorf("export %d differs between input folders", i)
		}
	}
}

// TestExportModelAndAnimations: one output file from a model and its
// animations given as inputs (as a user drops them together) holds every
// animation on the model's skeleton, with its meshes: the same file as
// with --model. Without a model among several inputs the one-line error
// says --model.
func TestExportModelAndAnimations(t *testing.T) {
	dir := t.TempDir()
	model, walk, wave := apptest.ModelFixtures+"biped.bmd", apptest.ModelFixtures+"walk.bck", apptest.ModelFixtures+"wave.bck"
	both := filepath.Join(dir, "both.glb")
	code, _, stderr := runCLI("export", model, walk, wave, "--out", both)
	if code != 0 || !strings.Contains(stderr, "wrote "+both+" (2 animations, ") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	d := readGLB(t, both)
	var names []string
	for _, a := range d.Animations {
		names = append(names, a.Name)
	}
	if strings.Join(names, ",") != "walk,wave" || len(d.Nodes) < 12 || d.Nodes[3].Name != "head" {
		t.Errorf("animations %v, %d nodes", names, len(d.Nodes))
	}
	// The model may come anywhere among the inputs; --model gives the
	// same bytes.
	again := filepath.Join(dir, "again.glb")
	if code, _, stderr := runCLI("export", walk, wave, model, "--out", again); code != 0 {
		t.Fatalf("model last: exit %d: %s", code, stderr)
	}
	viaFlag := filepath.Join(dir, "flag.glb")
	if code, _, stderr := runCLI("export", walk, wave, "--model", model, "--out", viaFlag); code != 0 {
		t.Fatalf("--model: exit %d: %s", code, stderr)
	}
	a, _ := os.ReadFile(both)
	for _, other := range []string{again, viaFlag} {
		if b, _ := os.ReadFile(other); !bytes.Equal(a, b) {
			t.Errorf("%s differs from %s", filepath.Base(other), filepath.Base(both))
		}
	}
	code, _, stderr = runCLI("export", walk, wave, "--out", filepath.Join(dir, "none.glb"))
	if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "--model") {
		t.Errorf("no model: exit %d, %q", code, stderr)
	}
}

// TestExportBatchMaterialClipsWithModel: in a folder with a model, the
// texture and pattern clips of a skeletal clip the model takes (tX.btk
// and tX.btp with X.bck, the J3D games' naming) go into the model's file
// as part of X's animation, not into test-quad files of their own; a
// texture clip that goes with no skeletal clip stays on its own.
func TestExportBatchMaterialClipsWithModel(t *testing.T) {
	in := t.TempDir()
	copyFile(t, "../export/testdata/synth.bmd", filepath.Join(in, "synth.bmd"))
	copyFile(t, "../export/testdata/synth_anim.bck", filepath.Join(in, "synth_anim.bck"))
	copyFile(t, "../../formats/j3d/testdata/family/btk_le.btk", filepath.Join(in, "tsynth_anim.btk"))
	copyFile(t, "../../formats/j3d/testdata/family/btp_pattern.btp", filepath.Join(in, "tsynth_anim.btp"))
	copyFile(t, "../../formats/j3d/testdata/btk_basic.btk", filepath.Join(in, "tother.btk"))
	out := filepath.Join(t.TempDir(), "gltf")
	if code, _, stderr := runCLI("export", in, "--out", out); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var files []string
	ents, _ := os.ReadDir(out)
	for _, e := range ents {
		files = append(files, e.Name())
	}
	if strings.Join(files, ",") != "synth.glb,tother.glb" {
		t.Errorf("outputs %v, want synth.glb (with the tsynth_anim clips) and tother.glb", files)
	}
	d := readGLB(t, filepath.Join(out, "synth.glb"))
	if len(d.Animations) != 1 || d.Animations[0].Name != "synth_anim" {
		t.Fatalf("synth.glb animations %+v", d.Animations)
	}
	var srcs []string
	parts, _ := d.Animations[0].Extras["clips"].([]any)
	for _, p := range parts {
		srcs = append(srcs, p.(map[string]any)["source"].(string))
	}
	slices.Sort(srcs)
	if strings.Join(srcs, ",") != "synth_anim.bck,tsynth_anim.btk,tsynth_anim.btp" {
		t.Errorf("synth_anim's clips %v", srcs)
	}
}

// stepKeyFrames are the key times, in frames at fps, of the first STEP
// sampler of a GLB's first animation.
func stepKeyFrames(t *testing.T, path string, fps float64) []float64 {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n := binary.LittleEndian.Uint32(b[12:16])
	var d struct {
		Animations []struct {
			Samplers []struct {
				Input         int    `json:"input"`
				Interpolation string `json:"interpolation"`
			} `json:"samplers"`
		} `json:"animations"`
		Accessors []struct {
			BufferView, ByteOffset, Count int
		} `json:"accessors"`
		BufferViews []struct {
			ByteOffset int `json:"byteOffset"`
		} `json:"bufferViews"`
	}
	if err := json.Unmarshal(b[20:20+n], &d); err != nil {
		t.Fatal(err)
	}
	bin := b[20+n+8:]
	for _, s := range d.Animations[0].Samplers {
		if s.Interpolation != "STEP" {
			continue
		}
		a := d.Accessors[s.Input]
		at := d.BufferViews[a.BufferView].ByteOffset + a.ByteOffset
		var out []float64
		for i := 0; i < a.Count; i++ {
			out = append(out, float64(math.Float32frombits(binary.LittleEndian.Uint32(bin[at+4*i:])))*fps)
		}
		return out
	}
	t.Fatalf("%s: no STEP sampler", path)
	return nil
}

// TestExportRuntime: --runtime picks the JSystem generation whose
// full-frame lookup the keys follow: a BCA value holds from frame i - 0.5
// in the later runtime ((int)(f + 0.5)) and from frame i in the earlier
// one ((int)f), so its STEP keys lie there.
func TestExportRuntime(t *testing.T) {
	dir := t.TempDir()
	bca := "../../formats/j3d/testdata/family/bca_le.bca"
	for _, tc := range []struct {
		runtime string
		frac    float64
	}{{"", 0.5}, {"late", 0.5}, {"early", 0}} {
		out := filepath.Join(dir, "bca-"+tc.runtime+".glb")
		args := []string{"export", bca, "--out", out}
		if tc.runtime != "" {
			args = append(args, "--runtime", tc.runtime)
		}
		if code, _, stderr := runCLI(args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		keys := stepKeyFrames(t, out, 30)
		for _, f := range keys[1:] {
			if _, fr := math.Modf(f + 1e-4); math.Abs(fr-1e-4-tc.frac) > 1e-3 {
				t.Errorf("--runtime %q: a key at frame %g, want every key at a whole frame + %g", tc.runtime, f, tc.frac)
				break
			}
		}
	}
	if code, _, stderr := runCLI("export", bca, "--out", filepath.Join(dir, "x.glb"), "--runtime", "middle"); code != 2 || !strings.Contains(stderr, "--runtime") {
		t.Errorf("--runtime middle: exit %d, %q", code, stderr)
	}
}

// TestExportArchiveMaterialClipFollowsSkeletal: in an archive of two
// models every clip is "same archive" to both; tX.btk goes to the model
// that takes X.bck, not to the first model.
func TestExportArchiveMaterialClipFollowsSkeletal(t *testing.T) {
	read := func(p string) []byte {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	arc, err := archivetest.WriteRARC("chr", []archivetest.RARCFile{
		{Path: "bmdl/abiped.bmd", Data: read(apptest.ModelFixtures + "biped.bmd")},
		{Path: "bmdl/synth.bmd", Data: read("../export/testdata/synth.bmd")},
		{Path: "bck/synth_anim.bck", Data: read("../export/testdata/synth_anim.bck")},
		{Path: "btk/tsynth_anim.btk", Data: read("../../formats/j3d/testdata/family/btk_le.btk")},
	})
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(t.TempDir(), "chr.arc")
	if err := os.WriteFile(in, arc, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "gltf")
	if code, _, stderr := runCLI("export", in, "--out", out, "--no-mesh"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var found []string
	filepath.WalkDir(out, func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			for _, a := range readGLB(t, p).Animations {
				clips, _ := a.Extras["clips"].([]any)
				found = append(found, filepath.Base(p)+":"+a.Name+fmt.Sprint(len(clips)))
			}
		}
		return nil
	})
	if strings.Join(found, ",") != "synth.glb:synth_anim2" {
		t.Errorf("animations %v, want synth.glb holding synth_anim of 2 clips", found)
	}
}
