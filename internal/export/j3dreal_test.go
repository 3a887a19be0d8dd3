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
	"github.com/animscope/animscope/formats/pairing"
)

// TestRealJ3DClips (ANIMSCOPE_REAL): every skeletal clip of the J3D
// archives we have that binds wholly to a model (the archive's own; SMG2
// Mario's 733 clips on MetalMario), exported without meshes and played
// by the specification's player and Blender's at fractional frames:
// every joint within the bound. A miss is excused only where the game's
// joint moves more than twice its bound within one float32 step of the
// player's time (a glTF time is a float32: a wand's star orbiting five
// times a frame, a root falling 3,000 units in two frames), which the
// log lists.
func TestRealJ3DClips(t *testing.T) {
	root := realRoot(t)
	var files []string
	for _, pat := range []string{"smg/*.arc", "smg2/*.arc", "tww/Link.arc", "mkdd/track.arc"} {
		m, _ := filepath.Glob(filepath.Join(root, pat))
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Skip("no J3D archives under ANIMSCOPE_REAL")
	}
	mario := openEntry(t, root, realMario).Skeletons[0]
	var rows []string
	clips := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		a, err := formats.Open(filepath.Base(file), data)
		if err != nil || a.Archive == nil {
			continue
		}
		var skel *anim.Skeleton
		type entryClip struct {
			path string
			clip *anim.Clip
		}
		var list []entryClip
		for _, e := range a.Archive.Entries() {
			b, err := a.Archive.Read(e.Path)
			if err != nil {
				continue
			}
			ea, err := formats.Open(e.Path, b)
			if err != nil {
				continue
			}
			if skel == nil && len(ea.Skeletons) > 0 && (strings.HasSuffix(e.Path, ".bdl") || strings.HasSuffix(e.Path, ".bmd")) {
				skel = ea.Skeletons[0]
			}
			for _, c := range ea.Clips {
				list = append(list, entryClip{e.Path, c})
			}
		}
		if strings.HasSuffix(file, "MarioAnime.arc") {
			skel = mario
		}
		if skel == nil {
			continue
		}
		for i, ec := range list {
			clip := ec.clip
			if pairing.JointTargets(clip) == 0 || clip.Duration < 2 {
				continue
			}
			bind := formats.Bind(clip, skel)
			if len(bind.Warnings) > 0 {
				continue
			}
			clips++
			name := fmt.Sprintf("j3d-real-%s-%d.glb", strings.TrimSuffix(filepath.Base(file), ".arc"), i)
			src := Clip{Clip: clip, Source: ec.path}
			d, _ := exportFile(t, name, Scene{Skeleton: skel, Clips: []Clip{src}})
			frames := testFrames(clip)
			c := clip.UnroundedRotations()
			want := worldPositions(skel, &bind, c, frames, false)
			unheld := make([]bool, len(skel.Joints))
			for fi := range frames {
				for j, w := range want[fi] {
					if s := w[0] + w[1] + w[2]; math.IsNaN(s) || math.IsInf(s, 0) {
						unheld[j] = true
					}
				}
			}
			w := playedWorst(t, d, d.animation(t, clipName(src)), skel, &bind, clip, frames, want, unheld)
			if w.over == 0 {
				continue
			}
			// The game's motion over one float32 step of time at the
			// worst point.
			p := nearSteps(skel, &bind, c, w.frame, w.joint, false)
			step := dist(p[1], p[2]) / 2
			limited := step > 2*PositionBound(want[0][w.joint]) || step > 2*PositionBound(p[1])
			rows = append(rows, fmt.Sprintf("%s:%s\t%.3g\t%d\t%s@%g\t%.3g", filepath.Base(file), ec.path, w.ratio, w.over, skel.Joints[w.joint].Name, w.frame, step))
			if !limited {
				t.Errorf("%s:%s: %.3g× the bound at frame %g (%s), %d joint-frames over", file, ec.path, w.ratio, w.frame, skel.Joints[w.joint].Name, w.over)
			}
		}
	}
	t.Logf("%d clips; over the bound (clip, worst/bound, joint-frames over, where, the game's motion in one float32 time step):\n%s", clips, strings.Join(rows, "\n"))
}
