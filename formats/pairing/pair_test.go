package pairing

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
)

// bckClip is a J3D clip with n joint targets (and texsrt extra targets).
func bckClip(n, texsrt int) *anim.Clip {
	c := &anim.Clip{Format: "bck", Duration: 10, FPS: 30}
	for i := 0; i < n; i++ {
		c.Targets = append(c.Targets, anim.Target{Kind: anim.JointTarget, Index: i, Base: anim.DefaultBase()})
	}
	for i := 0; i < texsrt; i++ {
		c.Targets = append(c.Targets, anim.Target{Kind: anim.TexSRTTarget, Index: i, Base: anim.DefaultBase()})
	}
	if texsrt > 0 {
		c.Format = "btk"
	}
	return c
}

func skeletonOf(n int) *anim.Skeleton {
	s := &anim.Skeleton{Mode: anim.J3DBasic, Joints: make([]anim.Joint, n)}
	for i := range s.Joints {
		s.Joints[i] = anim.Joint{Parent: i - 1, Rest: anim.DefaultBase()}
	}
	return s
}

func TestPairRanking(t *testing.T) {
	src := func(p, arc, dir string, a *formats.Asset) *Source {
		return &Source{Path: p, Archive: arc, Dir: dir, Asset: a}
	}
	clips := func(c ...*anim.Clip) *formats.Asset { return &formats.Asset{Clips: c} }
	model := src("d1/pl.szs:pl/bmdl/pl.bmd", "d1/pl.szs", "d1", &formats.Asset{Skeletons: []*anim.Skeleton{skeletonOf(12)}})
	srcs := []*Source{
		src("d2/other.bck", "", "d2", clips(bckClip(12, 0))),                     // matching count
		src("d2/small.bck", "", "d2", clips(bckClip(5, 0))),                      // not offered
		src("d1/loose.bck", "", "d1", clips(bckClip(7, 0))),                      // same directory, mismatch
		src("d1/pl.szs:pl/btk/eye.btk", "d1/pl.szs", "d1", clips(bckClip(0, 2))), // texture only: never
		src("d1/pl.szs:pl/bck/wait.bck", "d1/pl.szs", "d1", clips(bckClip(12, 0))),
		src("d1/pl.szs:pl/bck/run.bck", "d1/pl.szs", "d1", clips(bckClip(10, 0))), // same archive, mismatch
		model,
		src("d1/en.szs:en/bck/atk.bck", "d1/en.szs", "d1", clips(bckClip(30, 0))), // other archive, same dir
	}
	p := Pair(srcs)
	if len(p.Models) != 1 || len(p.Animations) != 6 || len(p.Suggestions) != 1 {
		t.Fatalf("models %d animations %d suggestions %d", len(p.Models), len(p.Animations), len(p.Suggestions))
	}
	var got []string
	for _, c := range p.Suggestions[0].Candidates {
		got = append(got, c.Anim.Path+" "+c.Reason+" "+strings.Join(c.Warnings(), ";"))
	}
	want := []string{
		"d1/pl.szs:pl/bck/run.bck same archive animation has 10 joints, skeleton has 12; binding the first 10 by index",
		"d1/pl.szs:pl/bck/wait.bck same archive ",
		"d1/en.szs:en/bck/atk.bck same directory animation has 30 joints, skeleton has 12; binding the first 12 by index",
		"d1/loose.bck same directory animation has 7 joints, skeleton has 12; binding the first 7 by index",
		"d2/other.bck matching joint count ",
	}
	if !slices.Equal(got, want) {
		t.Errorf("candidates:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A loose model pairs with its directory first; archives in that
	// directory count as the same directory.
	loose := src("d1/pl.bmd", "", "d1", &formats.Asset{Skeletons: []*anim.Skeleton{skeletonOf(12)}})
	p = Pair(append(srcs[:6:6], loose))
	if c := p.Suggestions[0].Candidates; len(c) != 4 || c[0].Reason != SameDirectory || c[0].Anim.Path != "d1/loose.bck" || c[3].Reason != MatchingJointCount {
		t.Errorf("loose model: %+v", c)
	}
}

func readFixture(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

const (
	modelDir   = "../j3d/testdata/j3dmodel/"
	archiveDir = "../archive/testdata/"
)

func TestOpenModel(t *testing.T) {
	a, err := formats.Open("x/biped.bmd", readFixture(t, modelDir+"biped.bmd"))
	if err != nil {
		t.Fatal(err)
	}
	if a.Format != "bmd" || len(a.Skeletons) != 1 || a.Skeletons[0].Name != "biped" || len(a.Skeletons[0].Joints) != 12 ||
		a.Skeletons[0].Joints[3].Name != "head" || a.Skeletons[0].Joints[3].Parent != 2 {
		t.Errorf("asset %+v", a)
	}
	details := map[string]any{}
	for _, d := range a.Details {
		details[d.Name] = d.Value
	}
	if details["hierarchy mode"] != "basic" || details["joint count"] != 12 || details["magic"] != "J3D2bmd3" {
		t.Errorf("details %v", details)
	}
	m, err := formats.Open("maya_ssc.bmd", readFixture(t, modelDir+"maya_ssc.bmd"))
	if err != nil || m.Skeletons[0].Mode != anim.J3DMaya {
		t.Errorf("maya: %v", err)
	}
}

func TestOpenArchive(t *testing.T) {
	for _, name := range []string{"biped.arc", "biped.szs"} {
		a, err := formats.Open(name, readFixture(t, archiveDir+name))
		if err != nil {
			t.Fatal(err)
		}
		if a.Format != "rarc" || a.Yaz0 != (name == "biped.szs") || a.Archive == nil {
			t.Fatalf("%s: format %q yaz0 %v", name, a.Format, a.Yaz0)
		}
		var got []string
		for _, e := range a.Archive.Entries() {
			got = append(got, e.Path+" "+e.Kind)
		}
		want := []string{"biped/bck/walk.bck bck", "biped/bck/wave.bck bck", "biped/bmdl/biped.bmd bmd", "biped/btk/btk_basic.btk btk"}
		if !slices.Equal(got, want) {
			t.Errorf("%s entries %q", name, got)
		}
		bmd, err := a.Archive.Read("BMDL/biped.bmd")
		if err != nil || !slices.Equal(bmd, readFixture(t, modelDir+"biped.bmd")) {
			t.Errorf("%s: read model: %v", name, err)
		}
		if _, err := a.Archive.Read("bmdl/../bck/walk.bck"); err == nil {
			t.Errorf("%s: a '..' path was accepted", name)
		}
	}
	// A Yaz0 header declaring gigabytes: one line, nothing allocated.
	bomb := []byte("Yaz0\x40\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00")
	if _, err := formats.Open("bomb.szs", bomb); err == nil || !strings.Contains(err.Error(), "yaz0: offset 0x4: declared size 1073741824 exceeds") {
		t.Errorf("bomb: %v", err)
	}
}

// ArchiveSources opens models (and animations) inside an archive for
// pairing; entries that fail become warnings, not errors.
func TestArchiveSourcesModel(t *testing.T) {
	a, err := formats.Open("dir/biped.szs", readFixture(t, archiveDir+"biped.szs"))
	if err != nil {
		t.Fatal(err)
	}
	srcs, _ := ArchiveSources("dir/biped.szs", a)
	var model *Source
	for _, s := range srcs {
		if len(s.Asset.Skeletons) > 0 {
			model = s
		}
	}
	if model == nil || model.Path != "dir/biped.szs:biped/bmdl/biped.bmd" || model.Entry != "biped/bmdl/biped.bmd" ||
		model.Archive != "dir/biped.szs" || model.Dir != "dir" || model.Asset.Skeletons[0].Name != "biped" {
		t.Fatalf("model source %+v", model)
	}
}

// DirSources opens a directory's models and animations, including those
// inside archives; unknown files are skipped and broken ones reported.
func TestDirSources(t *testing.T) {
	files := map[string][]byte{
		"biped.bmd":   readFixture(t, modelDir+"biped.bmd"),
		"biped.szs":   readFixture(t, archiveDir+"biped.szs"),
		"notes.txt":   []byte("not a game file"),
		"broken.bmd":  readFixture(t, modelDir+"chain3.bmd")[:100],
		"missing.bck": nil,
	}
	names := []string{"biped.bmd", "biped.szs", "broken.bmd", "missing.bck", "notes.txt"}
	srcs, warnings := DirSources("models", names, func(n string) ([]byte, error) {
		if files[n] == nil {
			return nil, os.ErrNotExist
		}
		return files[n], nil
	})
	var got []string
	for _, s := range srcs {
		got = append(got, s.Path+" | "+s.Archive+" | "+s.Dir)
	}
	// The archive's animations join once the BCK decoder is present;
	// models are here either way.
	wantModels := []string{"models/biped.bmd |  | models", "models/biped.szs:biped/bmdl/biped.bmd | models/biped.szs | models"}
	for _, w := range wantModels {
		if !slices.Contains(got, w) {
			t.Errorf("sources %q lack %q", got, w)
		}
	}
	for _, w := range []string{"models/broken.bmd: bmd: offset 0x8: header says the file is 768 bytes, but it is 100 (truncated?)", "models/missing.bck: file does not exist"} {
		if !slices.Contains(warnings, w) {
			t.Errorf("warnings %q lack %q", warnings, w)
		}
	}
	p := Pair(srcs)
	if len(p.Models) != 2 {
		t.Fatalf("%d models", len(p.Models))
	}
	if len(p.Animations) == 0 {
		return // no BCK decoder in this build
	}
	for _, sug := range p.Suggestions {
		want := SameDirectory
		if sug.Model.Archive != "" {
			want = SameArchive
		}
		var got []string
		for _, c := range sug.Candidates {
			got = append(got, c.Anim.Entry+" "+c.Reason)
		}
		if !slices.Equal(got, []string{"biped/bck/walk.bck " + want, "biped/bck/wave.bck " + want}) {
			t.Errorf("%s: %q", sug.Model.Path, got)
		}
	}
}

// TestPairBoneNames: a BFRES animation file elsewhere (BotW/TotK keep
// *_Animation files apart from the models) is offered for the model whose
// bones it names (80% of its named joint targets), ahead of a file that
// only matches the joint count.
func TestPairBoneNames(t *testing.T) {
	named := func(names ...string) *anim.Clip {
		c := &anim.Clip{Format: "bfres-skeletal", Duration: 10, FPS: 30}
		for i, n := range names {
			c.Targets = append(c.Targets, anim.Target{Kind: anim.JointTarget, Index: i, Name: n, Base: anim.DefaultBase()})
		}
		return c
	}
	sk := &anim.Skeleton{Mode: anim.Standard}
	for i, n := range []string{"Root", "Spine", "Head", "Arm_L", "Arm_R"} {
		sk.Joints = append(sk.Joints, anim.Joint{Name: n, Parent: i - 1, Rest: anim.DefaultBase()})
	}
	model := &Source{Path: "Model/Zora.bfres", Dir: "Model", Asset: &formats.Asset{Skeletons: []*anim.Skeleton{sk}}}
	srcs := []*Source{
		{Path: "Anim/Other.bfres", Dir: "Anim", Asset: &formats.Asset{Clips: []*anim.Clip{named("A", "B", "C", "D", "E")}}},                   // count only
		{Path: "Anim/Npc_Animation.bfres", Dir: "Anim", Asset: &formats.Asset{Clips: []*anim.Clip{named("Root", "Spine", "Head", "Tail")}}},   // 3 of 4: no
		{Path: "Anim/Npc_Animation2.bfres", Dir: "Anim", Asset: &formats.Asset{Clips: []*anim.Clip{named("Root", "Head", "Arm_L", "Arm_R")}}}, // all
		model,
	}
	p := Pair(srcs)
	var got []string
	for _, c := range p.Suggestions[0].Candidates {
		got = append(got, c.Anim.Path+" "+c.Reason)
	}
	want := []string{"Anim/Npc_Animation2.bfres matching bone names", "Anim/Other.bfres matching joint count"}
	if !slices.Equal(got, want) {
		t.Errorf("candidates %q, want %q", got, want)
	}
}
