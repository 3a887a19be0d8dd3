package export

import (
	"fmt"
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
		if err != nil {
			continue
		}
		srcs, _ := pairing.ArchiveSources(filepath.Base(file), a)
		var skel *anim.Skeleton
		for _, s := range srcs {
			if skel == nil && len(s.Asset.Skeletons) > 0 && (strings.HasSuffix(s.Entry, ".bdl") || strings.HasSuffix(s.Entry, ".bmd")) {
				skel = s.Asset.Skeletons[0]
			}
		}
		if strings.HasSuffix(file, "MarioAnime.arc") {
			skel = mario
		}
		if skel == nil {
			continue
		}
		for si, s := range srcs {
			for ci, clip := range s.Asset.Clips {
				if pairing.JointTargets(clip) == 0 || clip.Duration < 2 {
					continue
				}
				if bind := formats.Bind(clip, skel); len(bind.Warnings) > 0 {
					continue
				}
				clips++
				name := fmt.Sprintf("j3d-real-%s-%d-%d.glb", strings.TrimSuffix(filepath.Base(file), ".arc"), si, ci)
				w, want := exportPlayed(t, name, skel, clip, s.Path)
				if w.over == 0 {
					continue
				}
				// The game's motion over one float32 step of time at
				// the worst point.
				bind := formats.Bind(clip, skel)
				p := nearSteps(skel, &bind, clip.UnroundedRotations(), w.frame, w.joint, false)
				step := dist(p[1], p[2]) / 2
				limited := step > 2*PositionBound(want[0][w.joint]) || step > 2*PositionBound(p[1])
				rows = append(rows, fmt.Sprintf("%s\t%.3g\t%d\t%s@%g\t%.3g", s.Path, w.ratio, w.over, skel.Joints[w.joint].Name, w.frame, step))
				if !limited {
					t.Errorf("%s: %.3g× the bound at frame %g (%s), %d joint-frames over", s.Path, w.ratio, w.frame, skel.Joints[w.joint].Name, w.over)
				}
			}
		}
	}
	t.Logf("%d clips; over the bound (clip, worst/bound, joint-frames over, where, the game's motion in one float32 time step):\n%s", clips, strings.Join(rows, "\n"))
}
