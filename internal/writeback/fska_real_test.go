package writeback

import (
	"os"
	"testing"
	"time"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/bfres"
	"github.com/animscope/animscope/formats/pairing"
)

// realFRES is a retail FRES (from inside its archive when entry is set)
// and the default skeleton of its model file; the test is skipped where
// the files are not (they are never in the repository).
func realFRES(t *testing.T, path, entry, model string) ([]byte, *bfres.File, *anim.Skeleton) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skip("no retail files here")
	}
	data, f, skel := fresFixture(t, path, entry)
	if model != "" {
		md, err := os.ReadFile(model)
		if err != nil {
			t.Fatal(err)
		}
		a, err := formats.Open(model, md)
		if err != nil {
			t.Fatal(err)
		}
		skel = a.Skeletons[pairing.DefaultSkeleton(a.Skeletons)]
	}
	return data, f, skel
}

// TestFSKARealFiles imports, onto retail clips, the clip's own export
// unedited, the export with one bone turned 30° over frames 10-20, and
// the export with every bone turned a little (so that every bone is
// fitted): each written file plays its glTF within the bound, and the
// other clips of the file play as before.
func TestFSKARealFiles(t *testing.T) {
	for _, c := range []struct{ name, path, entry, model, edit string }{
		{"queen wiiu", "/work/real/botw/Npc_Gerudo_Queen_Animation.bfres", "", "/work/real/botw/Npc_Gerudo_Queen.bfres", "Arm_1_L"},
		{"bombhei switch", "/work/real/smo/BombHei.szs", "BombHei.bfres", "", "FootL"},
	} {
		t.Run(c.name, func(t *testing.T) {
			data, f, skel := realFRES(t, c.path, c.entry, c.model)
			clips := []int{0, len(f.SkeletalAnims) / 2, len(f.SkeletalAnims) - 1}
			for _, ci := range clips {
				fa := &f.SkeletalAnims[ci]
				orig, _ := f.SkeletalClip(ci)
				for _, kind := range []string{"unedited", "one bone", "every bone"} {
					src := exportGLB(t, skel, orig, fa.Name)
					m, err := MatchJoints(src, skel)
					if err != nil {
						t.Fatal(err)
					}
					bind := anim.BindByName(orig, skel)
					switch kind {
					case "one bone":
						for j := range skel.Joints {
							if skel.Joints[j].Name == c.edit && m.Node[j] >= 0 {
								rotateNode(src, m.Node[j], 30, 10, 20, orig.FPS, int(fa.FrameCount))
							}
						}
					case "every bone":
						for j := range skel.Joints {
							if bind.Target[j] >= 0 && m.Node[j] >= 0 {
								rotateNode(src, m.Node[j], 2+float64(j%3), 0, float64(fa.FrameCount)/2, orig.FPS, int(fa.FrameCount))
							}
						}
					}
					start := time.Now()
					res, err := ImportFSKA(src, FSKATarget{File: data, Clip: fa.Name}, skel)
					if err != nil {
						t.Fatal(err)
					}
					took := time.Since(start)
					t.Logf("%s %s (%d frames, %s): worst %.3f of the bound at %s (target %.3f), keys %d -> %d, file %d -> %d bytes, %d passes, %v",
						fa.Name, kind, fa.FrameCount, map[bool]string{true: "quaternion", false: "Euler"}[fa.Quaternion()], res.Worst, res.WorstJoint, res.TargetWorst, res.KeysBefore, res.Keys, len(data), len(res.Data), res.Passes, took.Round(time.Millisecond))
					if os.Getenv("FSKA_NOTES") != "" {
						t.Log(res.Notes)
					}
					g, err := bfres.Parse(res.Data)
					if err != nil {
						t.Fatal(err)
					}
					got, _ := g.SkeletalClip(ci)
					bg := anim.BindByName(got, skel)
					if v := newReference(src, orig.FPS, int(fa.FrameCount)).measure(got, &bg, skel, m); v.worst > 1 {
						t.Errorf("%s %s: %.3f× the bound from the glTF at %s", fa.Name, kind, v.worst, skel.Joints[v.worstJoint].Name)
					}
					if kind == "unedited" {
						checkOthers(t, g, f, ci)
					}
				}
			}
		})
	}
}
