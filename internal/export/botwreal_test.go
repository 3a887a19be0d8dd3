package export

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/pairing"
)

// TestRealBotwClips (ANIMSCOPE_REAL): every skeletal clip of the BotW
// animation packs on the pack's own skeleton (G3d Maya, whose
// compensation each bone animation sets, so the export keeps one node
// per joint), exported without meshes and played by the specification's
// player and by Blender's at fractional frames: every joint within the
// bound. The table in the log gives each clip's worst joint as a fraction
// of the bound.
func TestRealBotwClips(t *testing.T) {
	root := realRoot(t)
	packs := []string{"botw/Animal_Bass_Animation.bfres", "botw/Npc_Gerudo_Queen_Animation.bfres",
		"botw/Animal_Bear_Animation.bfres", "botw/Animal_Dog_Animation.bfres"}
	var rows []string
	for _, pack := range packs {
		data, err := os.ReadFile(filepath.Join(root, pack))
		if err != nil {
			t.Skipf("%s: %v", pack, err)
		}
		a, err := formats.Open(pack, data)
		if err != nil {
			t.Fatal(err)
		}
		skel := a.Skeletons[0]
		for ci, clip := range a.Clips {
			if pairing.JointTargets(clip) == 0 {
				continue
			}
			name := fmt.Sprintf("botw-real-%s-%d.glb", strings.TrimSuffix(filepath.Base(pack), ".bfres"), ci)
			w, _ := exportPlayed(t, name, skel, clip, pack)
			worst, wj, wf, over := w.ratio, w.joint, w.frame, w.over
			rows = append(rows, fmt.Sprintf("%s\t%s\t%.3g\t%s@%g", pack, clip.Name, worst, skel.Joints[max(wj, 0)].Name, wf))
			if over > 0 {
				t.Errorf("%s %s: %.3g× the bound at frame %g (%s), %d joint-frames over", pack, clip.Name, worst, wf, skel.Joints[max(wj, 0)].Name, over)
			}
		}
	}
	t.Logf("pack\tclip\tworst/bound\tworst at\n%s", strings.Join(rows, "\n"))
}
