package export

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/archive"
)

// openEntry opens ARCHIVE:PATH (a RARC, Yaz0 or not) under root.
func openEntry(t *testing.T, root, spec string) *formats.Asset {
	t.Helper()
	file, path, _ := strings.Cut(spec, ":")
	data, err := os.ReadFile(filepath.Join(root, file))
	if err != nil {
		t.Skipf("%s: %v", spec, err)
	}
	if archive.IsYaz0(data) {
		if data, err = archive.DecompressYaz0(data); err != nil {
			t.Fatal(err)
		}
	}
	r, err := archive.ReadRARC(data)
	if err != nil {
		t.Fatal(err)
	}
	f, err := r.Find(path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	a, err := formats.Open(path, b)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// realRoot is the real game files' directory (ANIMSCOPE_REAL); the test
// is skipped without it.
func realRoot(t *testing.T) string {
	root := os.Getenv("ANIMSCOPE_REAL")
	if root == "" {
		t.Skip("set ANIMSCOPE_REAL to the real game files' directory")
	}
	return root
}

// The real characters' models: SMG2 Mario (J3D SoftImage) and Wind
// Waker Link (J3D Maya).
const (
	realMario = "smg2/MetalMario.arc:MetalMario/MetalMario.bdl"
	realLink  = "tww/Link.arc:archive/bdl/cl.bdl"
)

// TestRealZeroScaleJoints (ANIMSCOPE_REAL): the real clips whose
// skeletons scale joints to zero (SMG2 Mario's PartsControl, Wind Waker
// Link's parts under an item clip bound by index), exported without
// meshes and played by the specification's player at fractional
// frames: the worst joint error as a fraction of the bound, the
// joint-frames over it, and the file's size, as a table in the log. The
// clips made for the skeleton must be within the bound.
func TestRealZeroScaleJoints(t *testing.T) {
	root := realRoot(t)
	mario, link := realMario, realLink
	cases := []struct {
		model, clip string
		own         bool // made for the model: must hold the bound everywhere
	}{
		{mario, "smg2/MarioAnime.arc:MarioAnime/Run.bck", true},
		{mario, "smg2/MarioAnime.arc:MarioAnime/Wait.bck", true},
		{mario, "smg2/MarioAnime.arc:MarioAnime/Walk.bck", true},
		// The body squashes non-uniformly (SoftImage: the scale nodes).
		{mario, "smg2/MarioAnime.arc:MarioAnime/PetitPorterStart.bck", true},
		{mario, "smg2/MarioAnime.arc:MarioAnime/PetitPorterEnd.bck", true},
		{mario, "smg2/MarioAnime.arc:MarioAnime/CannonFlyLand.bck", true},
	}
	for _, c := range []string{"atngsha", "bomb", "combo_tate", "gicer01", "gwp00", "swgripmsab", "yuchw00"} {
		cases = append(cases, struct {
			model, clip string
			own         bool
		}{link, "tww/Link.arc:archive/bck/" + c + ".bck", false})
	}
	var rows []string
	for i, tc := range cases {
		skel := openEntry(t, root, tc.model).Skeletons[0]
		clip := openEntry(t, root, tc.clip).Clips[0]
		name := fmt.Sprintf("zeroscale-real-%d.glb", i)
		d, _ := exportFile(t, name, Scene{Skeleton: skel, Clips: []Clip{{Clip: clip, Source: tc.clip}}})
		st, err := os.Stat(filepath.Join(outDir(t), name))
		if err != nil {
			t.Fatal(err)
		}
		bind := formats.Bind(clip, skel)
		frames := testFrames(clip)
		want := worldPositions(skel, &bind, clip.UnroundedRotations(), frames, false)
		ai := d.animation(t, clipName(Clip{Clip: clip, Source: tc.clip}))
		// The joints the game has nowhere at some frame, and the joints
		// under them: the export says it cannot hold them.
		unheld := make([]bool, len(skel.Joints))
		for fi := range frames {
			for j, w := range want[fi] {
				if math.IsNaN(w[0]+w[1]+w[2]) || math.IsInf(w[0]+w[1]+w[2], 0) {
					unheld[j] = true
				}
			}
		}
		pose := anim.NewPose(clip)
		for _, f := range frames {
			anim.Evaluate(clip, f, pose)
			for j, jt := range skel.Joints {
				if jt.ScaleCompensate && jt.Parent >= 0 {
					v, _ := skel.LocalSRT(jt.Parent, pose, &bind)
					if v[anim.ScaleX]*v[anim.ScaleY]*v[anim.ScaleZ] == 0 {
						unheld[j] = true // compensates a zero scale: 0·∞
					}
				}
			}
		}
		for _, j := range topoOrderOf(skel) {
			if p := skel.Joints[j].Parent; p >= 0 && unheld[p] {
				unheld[j] = true
			}
		}
		pw := playedWorst(t, d, ai, skel, &bind, clip, frames, want, unheld)
		worst, over, wj, wf, nowhere := pw.ratio, pw.over, pw.joint, pw.frame, 0
		for _, u := range unheld {
			if u {
				nowhere += 2 * len(frames)
			}
		}
		wn := ""
		if wj >= 0 {
			wn = skel.Joints[wj].Name
		}
		rows = append(rows, fmt.Sprintf("%s\t%.3g\t%d\t%s@%g\t%d\t%d", tc.clip, worst, over, wn, wf, nowhere, st.Size()))
		if worst > 1 && (tc.own || nowhere > 0) {
			t.Errorf("%s on %s: %.3g× the bound at frame %g (%s), %d joint-frames over", tc.clip, tc.model, worst, wf, wn, over)
		}
	}
	t.Logf("clip\tworst/bound\tjoint-frames over\tworst at\tjoint-frames under a joint the game has nowhere (left out)\tbytes\n%s", strings.Join(rows, "\n"))
}

func topoOrderOf(s *anim.Skeleton) []int {
	order, _ := topoOrder(s)
	return order
}

// worstAt is where the played file misses the game most: the miss as a
// fraction of the bound, the joint (-1: none moved) and the frame, and
// the joint-frames past the bound.
type worstAt struct {
	ratio float64
	joint int
	frame float64
	over  int
}

// playedWorst plays animation ai of d at frames (clip frames) in the
// specification's player, then in Blender's, and measures every joint's
// world position against want (per frame, per joint): the worst miss.
// Joints skip marks are left out (nil: none); a miss that is the game's
// own step a float32 time away (nearStep) is not one.
func playedWorst(t *testing.T, d *gDoc, ai int, skel *anim.Skeleton, bind *anim.Binding, clip *anim.Clip, frames []float64, want [][][3]float64, skip []bool) worstAt {
	nodes := d.jointNodes(t)
	w := worstAt{joint: -1}
	for pfi, f := range append(frames, frames...) {
		fi := pfi % len(frames)
		d.play = []player{specPlayer, blenderPlayer}[pfi/len(frames)]
		got := d.world(d.pose(t, ai, f/clip.FPS))
		for j := range skel.Joints {
			if skip != nil && skip[j] {
				continue
			}
			n := nodes[j]
			g := [3]float64{got[n][12], got[n][13], got[n][14]}
			r := dist(g, want[fi][j]) / PositionBound(want[fi][j])
			if r > 1 && nearStep(skel, bind, clip, f, j, g, false) {
				continue
			}
			if r > 1 || math.IsNaN(r) {
				w.over++
			}
			if r > w.ratio || math.IsNaN(r) {
				w.ratio, w.joint, w.frame = r, j, f
			}
		}
	}
	return w
}

// exportPlayed exports clip alone on skel (no meshes) as file name and
// plays it in both players at testFrames against the game's pose (the
// rotations before the games' truncation), leaving out the joints the
// game has nowhere: the worst miss, and the game's positions per frame.
func exportPlayed(t *testing.T, name string, skel *anim.Skeleton, clip *anim.Clip, source string) (worstAt, [][][3]float64) {
	src := Clip{Clip: clip, Source: source}
	d, _ := exportFile(t, name, Scene{Skeleton: skel, Clips: []Clip{src}})
	bind := formats.Bind(clip, skel)
	frames := testFrames(clip)
	want := worldPositions(skel, &bind, clip.UnroundedRotations(), frames, false)
	unheld := make([]bool, len(skel.Joints))
	for fi := range frames {
		for j, w := range want[fi] {
			if s := w[0] + w[1] + w[2]; math.IsNaN(s) || math.IsInf(s, 0) {
				unheld[j] = true
			}
		}
	}
	return playedWorst(t, d, d.animation(t, clipName(src)), skel, &bind, clip, frames, want, unheld), want
}
