package export

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/mesh"
)

// TestClipsOfOneNameMerge: a model's walk.bck, walk.btk and walk.bva
// (J3D names a clip after its file) export as one animation "walk"
// holding the joint channels, the KHR_texture_transform pointers and the
// visibility extras; played by the specification and as Blender plays
// it, the joints match `sample --model` and the texture matrices the
// game's, and where the joint part (30 frames) has ended inside the
// texture part (60 frames) it holds its last pose. wave.bck, of another
// name, stays an animation of its own, and a second joint clip named
// walk (from another folder) too: two joint clips cannot share one.
func TestClipsOfOneNameMerge(t *testing.T) {
	dir := apptest.ModelFixtures
	skel := open(t, dir+"biped.bmd").Skeletons[0]
	walk := open(t, dir+"walk.bck").Clips[0]
	wave := open(t, dir+"wave.bck").Clips[0]
	other := open(t, dir+"wave.bck").Clips[0]
	tex := open(t, "../../formats/j3d/testdata/btk_basic.btk").Clips[0]
	vis := open(t, "../../formats/j3d/testdata/family/bva_le.bva").Clips[0]
	if tex.Duration/tex.FPS <= walk.Duration/walk.FPS {
		t.Fatalf("fixture: the texture clip (%g frames) should outlast the joint clip (%g)", tex.Duration, walk.Duration)
	}
	sc := Scene{Skeleton: skel, Clips: []Clip{
		{Clip: walk, Source: "chr/walk.bck"}, {Clip: wave, Source: "chr/wave.bck"}, {Clip: tex, Source: "chr/walk.btk"}, {Clip: other, Source: "old/walk.bck"}, {Clip: vis, Source: "chr/walk.bva"},
	}}
	if n := AnimationCount(sc.Clips); n != 3 {
		t.Errorf("AnimationCount %d, want 3", n)
	}
	d, warns := exportFile(t, "merged-walk.glb", sc)
	var names []string
	for _, a := range d.Animations {
		names = append(names, a.Name)
	}
	if !slices.Equal(names, []string{"walk", "wave", "walk"}) {
		t.Fatalf("animations %v, want walk (merged), wave, walk (the second joint clip)", names)
	}

	// The merged animation's channels: every joint channel of walk.bck
	// as exported alone, plus the texture pointers.
	alone, _ := exportFile(t, "merged-walk-alone.glb", Scene{Skeleton: skel, Clips: []Clip{{Clip: walk, Source: "chr/walk.bck"}}})
	nodeCh := func(d *gDoc, ai int) (n int) {
		for _, ch := range d.Animations[ai].Channels {
			if ch.Target.Node != nil {
				n++
			}
		}
		return n
	}
	if got, want := nodeCh(d, 0), nodeCh(alone, 0); got != want {
		t.Errorf("merged animation has %d joint channels, walk.bck alone %d", got, want)
	}
	if n := nodeCh(d, 1) + nodeCh(d, 2); n == 0 || len(pointerMaterials(t, d, 1))+len(pointerMaterials(t, d, 2)) != 0 {
		t.Errorf("wave and the second walk: %d joint channels, pointers %v %v", n, pointerMaterials(t, d, 1), pointerMaterials(t, d, 2))
	}

	// Extras: the first clip's, the longest length, every part listed.
	ex := d.Animations[0].Extras
	if ex["source"] != "walk.bck" || ex["fps"] != walk.FPS || ex["frames"] != tex.Duration || ex["loopMode"] != walk.Loop.String() {
		t.Errorf("merged extras %v", ex)
	}
	parts, _ := ex["clips"].([]any)
	wantParts := []struct {
		src, kind string
		c         *anim.Clip
	}{{"walk.bck", "joint", walk}, {"walk.btk", "texsrt", tex}, {"walk.bva", "shape", vis}}
	if len(parts) != len(wantParts) {
		t.Fatalf("extras.clips %v", ex["clips"])
	}
	for i, w := range wantParts {
		p := parts[i].(map[string]any)
		if p["source"] != w.src || p["kind"] != w.kind || p["clip"] != "walk" || p["frames"] != w.c.Duration || p["fps"] != w.c.FPS || p["loopMode"] != w.c.Loop.String() {
			t.Errorf("extras.clips[%d] %v, want %s %s %g frames", i, p, w.src, w.kind, w.c.Duration)
		}
	}
	if tracks, _ := ex["materialTracks"].([]any); len(tracks) != len(vis.Targets) {
		t.Errorf("materialTracks %d, want the %d visibility targets", len(tracks), len(vis.Targets))
	}
	for ai := 1; ai < 3; ai++ {
		e := d.Animations[ai].Extras
		_, held := e["held"] // the wave holds joints still (document.go markHeld)
		if _, ok := e["clips"]; ok || !held || len(e) != 5 {
			t.Errorf("animation %d (one clip) extras %v: want fps, frames, held, loopMode, source only", ai, e)
		}
	}
	// Sources are named without their folders (the same bytes wherever
	// the inputs lie).
	if got := d.Animations[1].Extras["source"]; got != "wave.bck" {
		t.Errorf("wave's source %v", got)
	}
	if got := d.Animations[2].Extras["source"]; got != "walk.bck" {
		t.Errorf("second walk's source %v", got)
	}

	// The time range is the longest part's.
	if end := d.animEnd(t, 0); math.Abs(end-tex.Duration/tex.FPS) > 1e-6 {
		t.Errorf("merged animation ends at %g s, the texture clip at %g s", end, tex.Duration/tex.FPS)
	}

	// The joints, in both players (checkWorld plays each).
	checkWorld(t, d, skel, walk, "chr/walk.bck", false)
	for _, pl := range []player{specPlayer, blenderPlayer} {
		d.play = pl
		// The texture matrices of the merged animation.
		checkTexSRT(t, d, tex, strings.Join(warns, "\n"))
		// Past the joint part's end, the joints hold its last pose.
		holdEnd(t, d, skel, walk, (walk.Duration+tex.Duration)/2/walk.FPS)
	}
	d.play = specPlayer
}

// holdEnd checks that at time tm, after clip's end, every joint is where
// the game puts it at the clip's last frame.
func holdEnd(t *testing.T, d *gDoc, skel *anim.Skeleton, clip *anim.Clip, tm float64) {
	t.Helper()
	bind := formats.Bind(clip, skel)
	pose := anim.NewPose(clip)
	anim.Evaluate(clip, clip.Duration, pose)
	want := make([]mgl64.Mat4, len(skel.Joints))
	skel.World(pose, &bind, want)
	got := d.world(d.pose(t, 0, tm))
	nodes := d.jointNodes(t)
	for j := range skel.Joints {
		w := [3]float64{want[j][12], want[j][13], want[j][14]}
		g := [3]float64{got[nodes[j]][12], got[nodes[j]][13], got[nodes[j]][14]}
		if e := dist(g, w); e > PositionBound(w) {
			t.Fatalf("%s player, %gs (after the joint clip's end): joint %d at %v, the clip's last frame %v", d.play, tm, j, g, w)
		}
	}
}

// animEnd is the last key time of animation ai's samplers, in seconds.
func (d *gDoc) animEnd(t *testing.T, ai int) float64 {
	end := 0.0
	for _, s := range d.Animations[ai].Samplers {
		v, _ := d.floats(t, s.Input)
		end = math.Max(end, v[len(v)-1])
	}
	return end
}

// TestClipsOfOneNameMergeOnModel: on a model, a joint clip and a texture
// SRT, a colour and a visibility clip of the same name (four files, as
// BotW's skeletal, shader-parameter and visibility animations of one
// name) become one animation that moves the joints and the meshes as
// `sample --model` / `sample --mesh` do and drives the real materials'
// texture transform and colour as the game computes them, in both
// players; the visibility track names its mesh node.
func TestClipsOfOneNameMergeOnModel(t *testing.T) {
	skel := chainSkeleton(t)
	quads := texturedQuads(skel)
	joints := chainClip()
	joints.Name = "pulse"
	mc := materialClip()
	sc := Scene{Skeleton: skel, Models: []*mesh.Model{quads}, Clips: []Clip{{Clip: joints, Source: "a/pulse.skel"}}}
	for i, ext := range []string{"texsrt", "colour", "vis"} {
		c := &anim.Clip{Name: "pulse", Format: "test", Duration: mc.Duration, FPS: mc.FPS, Loop: mc.Loop, Targets: []anim.Target{mc.Targets[i]}}
		sc.Clips = append(sc.Clips, Clip{Clip: c, Source: "a/pulse." + ext})
	}
	d, _ := exportFile(t, "merged-quads.glb", sc)
	if len(d.Animations) != 1 || d.Animations[0].Name != "pulse" {
		t.Fatalf("%d animations (%v), want one, pulse", len(d.Animations), d)
	}
	if parts, _ := d.Animations[0].Extras["clips"].([]any); len(parts) != 4 {
		t.Errorf("extras.clips %v", d.Animations[0].Extras["clips"])
	}
	checkWorld(t, d, skel, joints, "a/pulse.skel", false)
	checkMeshes(t, d, skel, []*mesh.Model{quads}, joints, "a/pulse.skel")
	mats := map[string]int{}
	for m := range d.Materials {
		mats[materialName(t, d, m)] = m
	}
	if got := pointerMaterials(t, d, 0); len(got) != 2 || got[mats["quadA"]] == nil || got[mats["quadB"]] == nil {
		t.Fatalf("animated materials %v, want quadA (%d) and quadB (%d)", got, mats["quadA"], mats["quadB"])
	}
	var tp anim.TargetPose
	wmin := minJumpFrames(mc)
	for _, pl := range []player{specPlayer, blenderPlayer} {
		d.play = pl
		for _, f := range testFrames(mc) {
			anim.EvaluateTarget(&mc.Targets[0], f, &tp)
			want := anim.TexMatrixOf(&mc.Targets[0], &tp)
			if got := texTransformAt(t, d, 0, mats["quadA"], f/mc.FPS); !matrixClose(got, want, 0) {
				t.Fatalf("%s player, frame %g: quadA's texture matrix %v, game %v", pl, f, got, want)
			}
			got := d.pose(t, 0, f/mc.FPS).pointers[fmt.Sprintf("/materials/%d/pbrMetallicRoughness/baseColorFactor", mats["quadB"])]
			near := false
			for _, g := range []float64{f, f - wmin, f + wmin} { // a jump shows either side within the resolution
				anim.EvaluateTarget(&mc.Targets[1], g, &tp)
				c := colourFactor(&tp)
				near = near || math.Abs(got[0]-c[0]) < 1e-6 && math.Abs(got[1]-c[1]) < 1e-6 && math.Abs(got[2]-c[2]) < 1e-6
			}
			if !near {
				anim.EvaluateTarget(&mc.Targets[1], f, &tp)
				t.Fatalf("%s player, frame %g: quadB's colour %v, game %v", pl, f, got, colourFactor(&tp))
			}
		}
	}
	d.play = specPlayer
	tracks, _ := d.Animations[0].Extras["materialTracks"].([]any)
	if len(tracks) != 1 {
		t.Fatalf("materialTracks %v", tracks)
	}
	if nodes, _ := tracks[0].(map[string]any)["nodes"].([]any); len(nodes) != 1 || d.Nodes[int(nodes[0].(float64))].Name != "C" {
		t.Errorf("visibility track nodes %v, want quad C's", nodes)
	}
}

// TestStillJointClipMergedKeepsANodeChannel: a joint clip that moves
// nothing (BotW's Face_Default_Normal_Talk_Wait: its bones at rest)
// merged with a texture SRT clip of its name keeps a channel on a joint
// node, holding it at rest: Blender's importer skips the pointer channels
// and makes actions from node channels only, so without it the clip's
// name would vanish there. Alone, a texture SRT clip gets none (as
// before merging).
func TestStillJointClipMergedKeepsANodeChannel(t *testing.T) {
	skel := chainSkeleton(t)
	still := &anim.Clip{Name: "still", Format: "test", Duration: 20, FPS: 30, Loop: anim.Loop,
		Targets: []anim.Target{{Name: "root", Kind: anim.JointTarget, TexGen: -1, Base: skel.Joints[0].Rest}}}
	mc := materialClip()
	tex := func(name string) *anim.Clip {
		return &anim.Clip{Name: name, Format: "test", Duration: mc.Duration, FPS: mc.FPS, Loop: mc.Loop, Targets: []anim.Target{mc.Targets[0]}}
	}
	d, _ := exportFile(t, "merged-still.glb", Scene{Skeleton: skel, Clips: []Clip{{Clip: still, Source: "a.skel"}, {Clip: tex("still"), Source: "a.tex"}, {Clip: tex("scroll"), Source: "a.tex"}}})
	if len(d.Animations) != 2 {
		t.Fatalf("%d animations, want still (merged) and scroll", len(d.Animations))
	}
	nodes := d.jointNodes(t)
	for ai, want := range []int{1, 0} {
		var onNodes []int
		for _, ch := range d.Animations[ai].Channels {
			if ch.Target.Node != nil {
				onNodes = append(onNodes, *ch.Target.Node)
			}
		}
		if len(onNodes) != want {
			t.Fatalf("animation %s: channels on nodes %v, want %d", d.Animations[ai].Name, onNodes, want)
		}
		if want == 1 && onNodes[0] != nodes[0] {
			t.Errorf("animation %s holds node %d, want the root joint's %d", d.Animations[ai].Name, onNodes[0], nodes[0])
		}
	}
	// The root stays at its rest position all along.
	r := skel.Joints[0].Rest
	w := [3]float64{r[anim.TransX], r[anim.TransY], r[anim.TransZ]}
	for _, tm := range []float64{0, 0.3, 0.6} {
		g := d.world(d.pose(t, 0, tm))[nodes[0]]
		if e := dist([3]float64{g[12], g[13], g[14]}, w); e > PositionBound(w) {
			t.Errorf("%gs: root at %v, rest %v", tm, [3]float64{g[12], g[13], g[14]}, w)
		}
	}
}

// TestJ3DMaterialClipPrefix: J3D games play tX.btk, tX.btp and tX.brk
// with X.bck (Wind Waker's Link: tcutturn.btp with cutturn.bck), so the
// export writes them into X's animation, named X, whichever comes first;
// a tX clip with no X beside it keeps its own name, and so does a joint
// clip named tX.
func TestJ3DMaterialClipPrefix(t *testing.T) {
	dir := apptest.ModelFixtures
	skel := open(t, dir+"biped.bmd").Skeletons[0]
	walk := open(t, dir+"walk.bck").Clips[0]
	wave := open(t, dir+"wave.bck").Clips[0]
	tex := open(t, "../../formats/j3d/testdata/btk_basic.btk").Clips[0]
	pat := open(t, "../../formats/j3d/testdata/family/btp_pattern.btp").Clips[0]
	lone := open(t, "../../formats/j3d/testdata/family/btk_le.btk").Clips[0]
	sc := Scene{Skeleton: skel, Clips: []Clip{
		{Clip: pat, Source: "chr/twalk.btp"}, {Clip: walk, Source: "chr/walk.bck"}, {Clip: tex, Source: "chr/twalk.btk"},
		{Clip: lone, Source: "chr/trun.btk"}, {Clip: wave, Source: "chr/twave.bck"},
	}}
	d, _ := exportFile(t, "prefix-walk.glb", sc)
	var names []string
	for _, a := range d.Animations {
		names = append(names, a.Name)
	}
	if !slices.Equal(names, []string{"walk", "trun", "twave"}) {
		t.Fatalf("animations %v, want walk (twalk.btp, walk.bck, twalk.btk), trun, twave", names)
	}
	parts, _ := d.Animations[0].Extras["clips"].([]any)
	var got []string
	for _, p := range parts {
		got = append(got, p.(map[string]any)["source"].(string))
	}
	if !slices.Equal(got, []string{"twalk.btp", "walk.bck", "twalk.btk"}) {
		t.Errorf("walk's clips %v", got)
	}
	if n := AnimationCount(sc.Clips); n != 3 {
		t.Errorf("AnimationCount %d, want 3", n)
	}
}

// TestSideClipsMergeWithTheirPartner: Wind Waker names cutturn.bck's eye
// clips tcutturn.btk, BotW a face clip Face_X for skeletal X: each
// exports inside its skeletal clip's animation; a texture clip named
// after no joint clip stays an animation of its own.
func TestSideClipsMergeWithTheirPartner(t *testing.T) {
	dir := apptest.ModelFixtures
	walk := open(t, dir+"walk.bck").Clips[0]
	tex := open(t, "../../formats/j3d/testdata/btk_basic.btk").Clips[0]
	other := open(t, "../../formats/j3d/testdata/btk_basic.btk").Clips[0]
	clips := []Clip{{Clip: walk, Source: "chr/cutturn.bck"}, {Clip: tex, Source: "chr/tcutturn.btk"}, {Clip: other, Source: "chr/tarrowglitter.btk"}}
	if got, _ := mergeGroups(clips); len(got) != 2 || !slices.Equal(got[0], []int{0, 1}) || !slices.Equal(got[1], []int{2}) {
		t.Errorf("animations %v, want [[0 1] [2]]: tcutturn.btk inside cutturn", got)
	}
}
