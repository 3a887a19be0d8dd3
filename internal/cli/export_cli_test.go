package cli

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/archive/archivetest"
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
	if a.Name != "walk" || a.Extras["fps"] != 30.0 || a.Extras["frames"] != 30.0 || a.Extras["loopMode"] != "loop" || a.Extras["source"] != walk {
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
		!strings.HasSuffix(lines[len(lines)-1], "; 2 warnings, 1 failed") || strings.Contains(stderr, "notes.txt") {
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
		{"export", "a.bck", "b.bck", "--out", "x.glb"},
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
	srcs := []*formats.Source{{Path: "npc.bfres", Dir: ".", Asset: a}}
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
