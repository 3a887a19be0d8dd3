package pairing

import (
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/mesh"
)

// namedClip is a BFRES-style clip (bound by bone name) animating names.
func namedClip(clip string, names ...string) *anim.Clip {
	c := &anim.Clip{Name: clip, Format: "bfres-skeletal", Duration: 10, FPS: 30}
	for i, n := range names {
		c.Targets = append(c.Targets, anim.Target{Kind: anim.JointTarget, Index: i, Name: n, Base: anim.DefaultBase()})
	}
	return c
}

// withHelpers marks the targets of c called names as helper bones
// (anim.Target.Helper).
func withHelpers(c *anim.Clip, names ...string) *anim.Clip {
	for i := range c.Targets {
		c.Targets[i].Helper = slices.Contains(names, c.Targets[i].Name)
	}
	return c
}

// namedSkeleton is a chain of joints called names.
func namedSkeleton(name string, names ...string) *anim.Skeleton {
	sk := &anim.Skeleton{Name: name, Mode: anim.Standard}
	for i, n := range names {
		sk.Joints = append(sk.Joints, anim.Joint{Name: n, Parent: i - 1, Rest: anim.DefaultBase()})
	}
	return sk
}

var bodyBones = []string{"Root", "Hips", "Spine", "Head"}

// TestRankEachBeatsNext: for every rank k, an animation paired with the
// model for reason k is offered before one paired for reason k+1, even
// when the second's path sorts first (paths only order a rank); and the
// batch's Assign gives a clip paired with two models for those reasons
// to the first.
func TestRankEachBeatsNext(t *testing.T) {
	src := func(p, arc, dir string, a *formats.Asset) *Source {
		entry := ""
		if arc != "" {
			entry = strings.TrimPrefix(p, arc+":")
		}
		return &Source{Path: p, Archive: arc, Entry: entry, Dir: dir, Asset: a}
	}
	clips := func(c ...*anim.Clip) *formats.Asset { return &formats.Asset{Clips: c} }
	body := func() *anim.Skeleton { return namedSkeleton("body", bodyBones...) }
	fits := func(name string) *anim.Clip { return namedClip(name, bodyBones...) }
	cases := []struct {
		better, worse string // reasons
		model         *Source
		srcs          []*Source // the better one first
	}{
		{SameFile, SameName,
			src("d/z.bfres", "", "d", &formats.Asset{Skeletons: []*anim.Skeleton{body()}, Clips: []*anim.Clip{fits("Own")}}),
			[]*Source{src("d/z.bfres", "", "d", nil), src("d/a.bfres", "", "d", clips(fits("z_wait")))}},
		{SameName, SameArchive,
			src("d/p.szs:p/z.bmd", "d/p.szs", "d", &formats.Asset{Skeletons: []*anim.Skeleton{body()}}),
			[]*Source{src("e/z_wait.bfres", "", "e", clips(fits("wait"))), src("d/p.szs:p/a.bfres", "d/p.szs", "d", clips(fits("a")))}},
		{SameArchive, SameDirectory,
			src("d/p.szs:p/z.bmd", "d/p.szs", "d", &formats.Asset{Skeletons: []*anim.Skeleton{body()}}),
			[]*Source{src("d/p.szs:p/x.bfres", "d/p.szs", "d", clips(fits("x"))), src("d/a.bfres", "", "d", clips(fits("a")))}},
		{SameDirectory, MatchingBoneNames,
			src("d/z.bfres", "", "d", &formats.Asset{Skeletons: []*anim.Skeleton{body()}}),
			[]*Source{src("d/x.bfres", "", "d", clips(fits("x"))), src("c/a.bfres", "", "c", clips(fits("a")))}},
		{MatchingBoneNames, MatchingJointCount,
			src("d/z.bfres", "", "d", &formats.Asset{Skeletons: []*anim.Skeleton{body()}}),
			[]*Source{src("c/x.bfres", "", "c", clips(fits("x"))), src("c/a.bfres", "", "c", clips(namedClip("a", "A", "B", "C", "D")))}},
	}
	for k, c := range cases {
		if Rank(c.better) != k || Rank(c.worse) != k+1 {
			t.Fatalf("case %d: ranks %d, %d", k, Rank(c.better), Rank(c.worse))
		}
		better := c.srcs[0]
		if better.Asset == nil {
			better = c.model // its own clips
		}
		p := Pair(append([]*Source{c.model}, c.srcs[1]))
		if better != c.model {
			p = Pair(append([]*Source{c.model}, c.srcs...))
		}
		var got []string
		for _, cand := range p.Suggestions[0].Candidates {
			got = append(got, cand.Reason)
		}
		if want := []string{c.better, c.worse}; !slices.Equal(got, want) {
			t.Errorf("%s vs %s: candidates %q, want %q", c.better, c.worse, got, want)
		}
	}

	// Assign: one clip, two models; the clip is paired with the first
	// for reason k and with the second for reason k+1 (both fit).
	clip := fits("z_wait")
	anims := src("d/p.szs:p/z_wait.bfres", "d/p.szs", "d", clips(clip))
	models := [][2]*Source{
		{src("d/p.szs:p/z.bfres", "d/p.szs", "d", &formats.Asset{Skeletons: []*anim.Skeleton{body()}}), // named after
			src("d/p.szs:p/y.bfres", "d/p.szs", "d", &formats.Asset{Skeletons: []*anim.Skeleton{body()}})}, // same archive
		{src("d/p.szs:p/y.bfres", "d/p.szs", "d", &formats.Asset{Skeletons: []*anim.Skeleton{body()}}),
			src("d/y.bfres", "", "d", &formats.Asset{Skeletons: []*anim.Skeleton{body()}})}, // same directory
		{src("d/y.bfres", "", "d", &formats.Asset{Skeletons: []*anim.Skeleton{body()}}),
			src("c/y.bfres", "", "c", &formats.Asset{Skeletons: []*anim.Skeleton{namedSkeleton("big", append(slices.Clone(bodyBones), "Arm_L", "Arm_R")...)}})}, // bone names
	}
	for i, m := range models {
		for _, order := range [][]*Source{{m[0], m[1], anims}, {m[1], m[0], anims}} {
			p := Pair(order)
			want := slices.Index(order, m[0])
			if got, ok := p.Assign()[clip]; !ok || got != want {
				t.Errorf("models %d (%s, %s): Assign gives suggestion %d (ok %v), want %d", i, m[0].Path, m[1].Path, got, ok, want)
			}
		}
	}
}

// TestAssignSameDirectoryBeatsBoneNamesElsewhere: a model in the
// animation's directory wins over one elsewhere that binds more of its
// bones by name (the export batch once ranked bone names as the model's
// own file).
func TestAssignSameDirectoryBeatsBoneNamesElsewhere(t *testing.T) {
	clip := namedClip("wait", "Root", "Hips", "Spine", "Head", "Tail")
	srcs := []*Source{
		{Path: "other/big.bfres", Dir: "other", Asset: &formats.Asset{Skeletons: []*anim.Skeleton{namedSkeleton("big", "Root", "Hips", "Spine", "Head", "Tail")}}},
		{Path: "npc/small.bfres", Dir: "npc", Asset: &formats.Asset{Skeletons: []*anim.Skeleton{namedSkeleton("small", "Root", "Hips", "Spine")}}},
		{Path: "npc/wait.bfres", Dir: "npc", Asset: &formats.Asset{Clips: []*anim.Clip{clip}}},
	}
	p := Pair(srcs)
	if got := p.Assign()[clip]; p.Suggestions[got].Model.Path != "npc/small.bfres" {
		t.Errorf("Assign gives %s, want npc/small.bfres (same directory)", p.Suggestions[got].Model.Path)
	}
	// Within one rank, the model binding more joints wins.
	srcs[0].Dir, srcs[0].Path = "npc", "npc/big.bfres"
	p = Pair(srcs)
	if got := p.Assign()[clip]; p.Suggestions[got].Model.Path != "npc/big.bfres" {
		t.Errorf("Assign gives %s, want npc/big.bfres (binds 5 of 5)", p.Suggestions[got].Model.Path)
	}
}

// TestFitThreshold: a clip fits when more than half of its animated
// joints bind and nothing but missing bones is reported; exactly half
// does not fit.
func TestFitThreshold(t *testing.T) {
	sk := namedSkeleton("sk", "A", "B", "C")
	cases := []struct {
		clip      *anim.Clip
		bound     int
		fits      bool
		why       string
		skel      *anim.Skeleton
		issueKind anim.BindIssueKind
	}{
		{namedClip("half", "A", "B", "X", "Y"), 2, false, "2 of 4: exactly half", sk, anim.MissingBone},
		{namedClip("over", "A", "B", "C", "Y"), 3, true, "3 of 4", sk, anim.MissingBone},
		{namedClip("odd-under", "A", "X", "Y"), 1, false, "1 of 3", sk, anim.MissingBone},
		{namedClip("odd-over", "A", "B", "Y"), 2, true, "2 of 3", sk, anim.MissingBone},
		{namedClip("one-of-two", "A", "X"), 1, false, "1 of 2: exactly half", sk, anim.MissingBone},
		{namedClip("none"), 0, false, "no joint targets", sk, 0},
		{withHelpers(namedClip("rig", "A", "B", "X", "Y", "Z"), "X", "Y", "Z"), 2, true, "2 of 2: the rig's helper bones, in no skeleton of the clip's file, do not count", sk, anim.MissingBone},
		{bckClip(3, 0), 3, true, "J3D, same count", skeletonOf(3), 0},
		{bckClip(2, 0), 2, false, "J3D, every target binds but the counts differ", skeletonOf(3), anim.JointCountMismatch},
	}
	for _, c := range cases {
		f := FitClip(c.clip, c.skel)
		if f.Bound() != c.bound || f.Fits() != c.fits || Fits(c.clip, c.skel) != c.fits {
			t.Errorf("%s (%s): bound %d fits %v, want %d %v", c.clip.Name, c.why, f.Bound(), f.Fits(), c.bound, c.fits)
		}
		if f.Animated != fitTargets(c.clip) {
			t.Errorf("%s: animated %d", c.clip.Name, f.Animated)
		}
		if c.issueKind != 0 && (len(f.Issues) == 0 || f.Issues[0].Kind != c.issueKind) {
			t.Errorf("%s: issues %+v, want kind %d first", c.clip.Name, f.Issues, c.issueKind)
		}
		if len(f.Issues) != len(f.Warnings) {
			t.Fatalf("%s: %d issues, %d warnings", c.clip.Name, len(f.Issues), len(f.Warnings))
		}
		for i, is := range f.Issues {
			if is.String() != f.Warnings[i] {
				t.Errorf("%s: warning %q is not issue %q", c.clip.Name, f.Warnings[i], is.String())
			}
		}
	}
	// The unbound targets are named, with their clip index.
	f := FitClip(namedClip("half", "A", "B", "X", "Y"), sk)
	want := []anim.BindIssue{{Kind: anim.MissingBone, Target: 2, Name: "X"}, {Kind: anim.MissingBone, Target: 3, Name: "Y"}}
	if !slices.Equal(f.Issues, want) {
		t.Errorf("issues %+v, want %+v", f.Issues, want)
	}
}

func openMultiModel(t *testing.T) (model, anims *formats.Asset) {
	t.Helper()
	model, err := formats.Open("multi_model.bfres", readFixture(t, "../bfres/testdata/multi_model.bfres"))
	if err != nil {
		t.Fatal(err)
	}
	anims, err = formats.Open("multi_model_Animation.bfres", readFixture(t, "../bfres/testdata/multi_model_Animation.bfres"))
	if err != nil {
		t.Fatal(err)
	}
	return model, anims
}

// TestMultiModelDefaultAndNamed: a file holding a 1-bone prop before the
// body stands for the body (the largest skeleton) unless a model is
// named; an unknown name's error is one line listing the models.
func TestMultiModelDefaultAndNamed(t *testing.T) {
	model, anims := openMultiModel(t)
	if i := DefaultSkeleton(model.Skeletons); i != 1 || model.Skeletons[i].Name != "Body" {
		t.Fatalf("DefaultSkeleton %d", i)
	}
	if DefaultSkeleton(nil) != -1 || DefaultSkeleton([]*anim.Skeleton{skeletonOf(2), skeletonOf(2)}) != 0 {
		t.Error("DefaultSkeleton of none, or of equals")
	}
	wave := anims.Clips[0]
	for _, c := range []struct {
		name        string
		skel        string
		bound       int
		fits        bool
		errContains string
	}{
		{"", "Body", 5, true, ""},
		{"Body", "Body", 5, true, ""},
		{"Prop", "Prop", 0, false, ""},
		{"Hair", "Hair", 0, false, ""},
		{"Nope", "", 0, false, `no model named "Nope"; it holds "Prop" (1 joint), "Body" (6 joints), "Hair" (3 joints)`},
	} {
		sk, err := SkeletonNamed(model, c.name)
		if c.errContains != "" {
			if err == nil || err.Error() != c.errContains || strings.Contains(err.Error(), "\n") {
				t.Errorf("%q: error %v, want %q", c.name, err, c.errContains)
			}
			continue
		}
		if err != nil || sk.Name != c.skel {
			t.Fatalf("%q: skeleton %v, %v; want %s", c.name, sk, err, c.skel)
		}
		if f := FitClip(wave, sk); f.Bound() != c.bound || f.Fits() != c.fits {
			t.Errorf("%q: Wave binds %d (fits %v), want %d (%v)", c.name, f.Bound(), f.Fits(), c.bound, c.fits)
		}
	}
	if _, err := SkeletonNamed(&formats.Asset{Format: "bfres", Clips: anims.Clips}, ""); err == nil || err.Error() != "holds no skeleton (it is a bfres file)" {
		t.Errorf("animations only, as a model: %v", err)
	}

	// Pairing (the viewer's model list, info, the export batch) pairs
	// the model file through its body too. Wave is named after it and
	// fits; it fits the animation file's own copy of the body as well
	// (the same file ranks first), but the batch puts it on the model
	// file, as the viewer does when both are open. Spin (the prop's bone)
	// fits neither.
	p := Pair([]*Source{{Path: "d/multi_model.bfres", Dir: "d", Asset: model}, {Path: "d/multi_model_Animation.bfres", Dir: "d", Asset: anims}})
	if len(p.Suggestions) != 2 || p.Suggestions[0].Skeleton.Name != "Body" || p.Suggestions[1].Skeleton.Name != "Skeleton" {
		t.Fatalf("suggestions %+v", p.Suggestions)
	}
	if c := p.Suggestions[1].Candidates[0]; c.Clip != wave || c.Reason != SameFile || !c.Fit.Fits() {
		t.Errorf("Wave on its own file's skeleton: %+v", c)
	}
	as := p.Assign()
	if m, ok := as[wave]; !ok || m != 0 {
		t.Errorf("Wave assigned %d %v, want the model file's body", m, ok)
	}
	if _, ok := as[anims.Clips[1]]; ok {
		t.Error("Spin assigned to a body it does not fit")
	}
}

// TestAssignModelFileOverSkeletonCopy: a model file the animation's file
// is named after (a skeleton sidecar beside a JBA, a model .bfres beside
// an _Animation file carrying a copy) takes the clips that fit it before
// the animation's own skeleton; a clip that fits only its own file's
// skeleton stays there, and so does one whose file is not named after
// the model file.
func TestAssignModelFileOverSkeletonCopy(t *testing.T) {
	walk := namedClip("walk", "Bip01", "Bip01 Pelvis", "Bip01 Spine")
	odd := namedClip("odd", "Tail_1", "Tail_2")
	own := namedSkeleton("inferred", "Bip01", "Bip01 Pelvis", "Bip01 Spine", "Tail_1", "Tail_2")
	sidecar := namedSkeleton("sidecar", "Bip01", "Bip01 Pelvis", "Bip01 Spine")
	srcs := []*Source{
		{Path: "a/walk.jba", Dir: "a", Asset: &formats.Asset{Skeletons: []*anim.Skeleton{own}, Clips: []*anim.Clip{walk, odd}}},
		{Path: "b/walk.skeleton.json", Dir: "b", Asset: &formats.Asset{Skeletons: []*anim.Skeleton{sidecar}}},
	}
	p := Pair(srcs)
	as := p.Assign()
	if m := as[walk]; p.Suggestions[m].Skeleton != sidecar {
		t.Errorf("walk on %s, want the sidecar", p.Suggestions[m].Skeleton.Name)
	}
	if m := as[odd]; p.Suggestions[m].Skeleton != own {
		t.Errorf("odd on %s, want its own file's skeleton", p.Suggestions[m].Skeleton.Name)
	}
	srcs[1].Path = "b/other.skeleton.json"
	p = Pair(srcs)
	if m := p.Assign()[walk]; p.Suggestions[m].Skeleton != own {
		t.Errorf("walk on %s, want its own file's skeleton (its file is not named after other.skeleton.json)", p.Suggestions[m].Skeleton.Name)
	}
}

// TestModelEntry: after ARCHIVE:, an entry path, optionally followed by
// :NAME naming a model inside it; the whole path wins when it is an
// entry.
func TestModelEntry(t *testing.T) {
	data := readFixture(t, "../bfres/testdata/multi_model.bfres")
	sarc := archivetest.WriteSARC([]archivetest.SARCFile{{Path: "Model/multi_model.bfres", Data: data}, {Path: "odd:name.bfres", Data: data}}, true, 4)
	a, err := formats.Open("pack.sarc", sarc)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ inner, entry, name string }{
		{"Model/multi_model.bfres", "Model/multi_model.bfres", ""},
		{"Model/multi_model.bfres:Hair", "Model/multi_model.bfres", "Hair"},
		{"odd:name.bfres", "odd:name.bfres", ""},
		{"odd:name.bfres:Prop", "odd:name.bfres", "Prop"},
	} {
		entry, b, name, err := ModelEntry(a.Archive, c.inner)
		if err != nil || entry != c.entry || name != c.name || len(b) != len(data) {
			t.Errorf("%q: entry %q name %q (%d bytes) %v; want %q %q", c.inner, entry, name, len(b), err, c.entry, c.name)
		}
	}
	if _, _, _, err := ModelEntry(a.Archive, "Model/none.bfres:Body"); err == nil {
		t.Error("a missing entry resolved")
	}
}

// TestAssignOthers: a clip animating no joint (a texture SRT clip) goes
// to the model file its file is named after before the skeleton copy its
// own file carries (BotW's Face_* clips in X_Animation.bfres drive
// X.bfres), to its own file's model when nothing is named after, to a
// model in its archive; a clip that only shares a directory with a model
// goes to none.
func TestAssignOthers(t *testing.T) {
	tex := func(name string) *anim.Clip {
		return &anim.Clip{Name: name, Format: "bfres-texsrt", Duration: 10, FPS: 30,
			Targets: []anim.Target{{Kind: anim.TexSRTTarget, Name: "Eye"}}}
	}
	face, own, inArc, loose := tex("Face_Blink"), tex("Glow"), tex("Scroll"), tex("Water")
	joint := namedClip("Walk", bodyBones...)
	model := &Source{Path: "d/X.bfres", Dir: "d", Asset: &formats.Asset{Skeletons: []*anim.Skeleton{namedSkeleton("body", bodyBones...)}}}
	anims := &Source{Path: "d/X_Animation.bfres", Dir: "d", Asset: &formats.Asset{Skeletons: []*anim.Skeleton{namedSkeleton("Skeleton", bodyBones...)},
		Clips: []*anim.Clip{joint, face}}}
	prop := &Source{Path: "d/Prop.bfres", Dir: "d", Asset: &formats.Asset{Skeletons: []*anim.Skeleton{namedSkeleton("prop", "Root")}, Clips: []*anim.Clip{own}}}
	arcModel := &Source{Path: "d/p.szs:y.bmd", Archive: "d/p.szs", Entry: "y.bmd", Dir: "d", Asset: &formats.Asset{Skeletons: []*anim.Skeleton{namedSkeleton("y", "Root")}}}
	arcTex := &Source{Path: "d/p.szs:scroll.btk", Archive: "d/p.szs", Entry: "scroll.btk", Dir: "d", Asset: &formats.Asset{Clips: []*anim.Clip{inArc}}}
	btk := &Source{Path: "d/water.btk", Dir: "d", Asset: &formats.Asset{Clips: []*anim.Clip{loose}}}
	srcs := []*Source{anims, model, prop, arcModel, arcTex, btk}
	p := Pair(srcs)
	got := p.AssignOthers(srcs)
	for c, want := range map[*anim.Clip]*Source{face: model, own: prop, inArc: arcModel} {
		m, ok := got[c]
		if !ok || p.Suggestions[m].Model != want {
			t.Errorf("%s: assigned %v (ok %v), want %s", c.Name, m, ok, want.Path)
		}
	}
	if m, ok := got[loose]; ok {
		t.Errorf("Water (same directory only) assigned to %s", p.Suggestions[m].Model.Path)
	}
	if _, ok := got[joint]; ok {
		t.Errorf("a joint clip is Assign's, not AssignOthers'")
	}
}

// TestAssignOwnFolder: two folders each holding X.bfres and
// X_Animation.bfres (each animation file is named after both models):
// each folder's clips go to its own model, whichever folder comes first.
func TestAssignOwnFolder(t *testing.T) {
	folder := func(dir string) (model, anims *Source, walk, face *anim.Clip) {
		walk = namedClip("Walk", bodyBones...)
		face = &anim.Clip{Name: "Face", Format: "bfres-texsrt", Duration: 10, FPS: 30, Targets: []anim.Target{{Kind: anim.TexSRTTarget, Name: "Eye"}}}
		model = &Source{Path: dir + "/X.bfres", Dir: dir, Asset: &formats.Asset{Skeletons: []*anim.Skeleton{namedSkeleton("X", bodyBones...)}}}
		anims = &Source{Path: dir + "/X_Animation.bfres", Dir: dir, Asset: &formats.Asset{Clips: []*anim.Clip{walk, face}}}
		return
	}
	m1, a1, w1, f1 := folder("a")
	m2, a2, w2, f2 := folder("b")
	for _, srcs := range [][]*Source{{m1, a1, m2, a2}, {m2, a2, m1, a1}, {m1, m2, a1, a2}} {
		p := Pair(srcs)
		joints, others := p.Assign(), p.AssignOthers(srcs)
		for _, c := range []struct {
			clip  *anim.Clip
			as    map[*anim.Clip]int
			model *Source
		}{{w1, joints, m1}, {w2, joints, m2}, {f1, others, m1}, {f2, others, m2}} {
			if si, ok := c.as[c.clip]; !ok || p.Suggestions[si].Model != c.model {
				t.Errorf("order %s, %s…: %s of %s not on %s", srcs[0].Path, srcs[1].Path, c.clip.Name, c.model.Dir, c.model.Path)
			}
		}
	}
}

// TestAssignOthersInArchiveOfModels: an archive of many models (Wind
// Waker's Link.arc: cl.bdl and 53 item models beside their BTKs) gives a
// texture clip to the model it is named for with the J3D "t"
// (tshms.btk → shms.bdl), else to the model whose materials it animates
// (ttipice.btk animates tipIceMat, arrow.bdl's), and to none when it
// names no material of any: being in the same archive as many models
// ties it to none of them, least of all the first.
func TestAssignOthersInArchiveOfModels(t *testing.T) {
	texClip := func(mat string) *anim.Clip {
		return &anim.Clip{Format: "btk", Duration: 10, FPS: 30, Targets: []anim.Target{{Kind: anim.TexSRTTarget, Name: mat}}}
	}
	const arc = "tww/Link.arc"
	model := func(name, mat string) *Source {
		entry := "archive/bdl/" + name + ".bdl"
		return &Source{Path: arc + ":" + entry, Archive: arc, Entry: entry, Dir: "tww", Asset: &formats.Asset{
			Skeletons: []*anim.Skeleton{namedSkeleton(name, "Root")},
			Models:    []*mesh.Model{{Name: name, Materials: []mesh.Material{{Name: mat}}}}}}
	}
	clipSrc := func(name string, c *anim.Clip) *Source {
		entry := "archive/btk/" + name + ".btk"
		return &Source{Path: arc + ":" + entry, Archive: arc, Entry: entry, Dir: "tww", Asset: &formats.Asset{Clips: []*anim.Clip{c}}}
	}
	binfairy, arrow, shms := model("binfairy", "binfairyMat"), model("arrow", "tipIceMat"), model("shms", "SHMSBMAT")
	// tshms's material is also arrow's: the name decides before the materials.
	tshms, ttipice, stray := texClip("SHMSBMAT"), texClip("tipIceMat"), texClip("nowhereMat")
	arrow.Asset.Models[0].Materials = append(arrow.Asset.Models[0].Materials, mesh.Material{Name: "SHMSBMAT"})
	srcs := []*Source{binfairy, arrow, shms, clipSrc("tshms", tshms), clipSrc("ttipice", ttipice), clipSrc("stray", stray)}
	p := Pair(srcs)
	got := p.AssignOthers(srcs)
	for c, want := range map[*anim.Clip]*Source{tshms: shms, ttipice: arrow} {
		if m, ok := got[c]; !ok || p.Suggestions[m].Model != want {
			name := "none"
			if ok {
				name = p.Suggestions[m].Model.Path
			}
			t.Errorf("%s: assigned to %s, want %s", c.Targets[0].Name, name, want.Path)
		}
	}
	if m, ok := got[stray]; ok {
		t.Errorf("a clip naming no material of the archive's models assigned to %s", p.Suggestions[m].Model.Path)
	}
}

// TestAssignByPartnerMaterials: two models of an archive fit a J3D
// clip equally (Link.arc's fansmall.bdl and swgripms.bdl both have 4
// joints, and swgripmsab.bck binds by index); the clip goes to the
// model whose materials its partner animates (tswgripmsab.brk, which
// plays with it, animates SWGripMSBMAT, swgripms.bdl's), not to the
// first. Without such evidence the first still wins.
func TestAssignByPartnerMaterials(t *testing.T) {
	const arc = "tww/Link.arc"
	model := func(entry, mat string) *Source {
		return &Source{Path: arc + ":" + entry, Archive: arc, Entry: entry, Dir: "tww", Asset: &formats.Asset{
			Skeletons: []*anim.Skeleton{skeletonOf(4)},
			Models:    []*mesh.Model{{Materials: []mesh.Material{{Name: mat}}}}}}
	}
	entry := func(entry string, c *anim.Clip) *Source {
		return &Source{Path: arc + ":" + entry, Archive: arc, Entry: entry, Dir: "tww", Asset: &formats.Asset{Clips: []*anim.Clip{c}}}
	}
	fansmall, swgripms := model("archive/bdl/fansmall.bdl", "fanSmallMat"), model("archive/bdlm/swgripms.bdl", "SWGripMSBMAT")
	bck, other := bckClip(4, 0), bckClip(4, 0)
	brk := &anim.Clip{Format: "brk", Duration: 10, FPS: 30, Targets: []anim.Target{{Kind: anim.TevRegTarget, Name: "SWGripMSBMAT/C0", Material: "SWGripMSBMAT"}}}
	srcs := []*Source{fansmall, swgripms, entry("archive/bck/swgripmsab.bck", bck), entry("archive/brk/tswgripmsab.brk", brk), entry("archive/bck/other.bck", other)}
	p := Pair(srcs)
	got := p.Assign()
	for c, want := range map[*anim.Clip]*Source{bck: swgripms, other: fansmall} {
		if m, ok := got[c]; !ok || p.Suggestions[m].Model != want {
			name := "none"
			if ok {
				name = p.Suggestions[m].Model.Path
			}
			t.Errorf("clip assigned to %s, want %s", name, want.Path)
		}
	}
}
