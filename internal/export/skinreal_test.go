package export

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRealSkinnedMeshes (ANIMSCOPE_REAL): real characters exported with
// their meshes, every vertex skinned by the specification's player at
// fractional frames against the game's pose (mesh.Model.PoseInto), within
// the mesh bound: SMG2 Mario (J3D SoftImage) squashing non-uniformly,
// Wind Waker Link (J3D Maya, compensated) and the BotW Gerudo Queen
// (G3d Maya). Normals within 1.7°: the keys hold positions, and a scale
// within its tolerance (1e-3) of the game's, on a body squashed to a
// hundredth, turns a normal by up to 0.8° (PetitPorterStart near frame
// 50).
func TestRealSkinnedMeshes(t *testing.T) {
	root := realRoot(t)
	mario, link := realMario, realLink
	for _, c := range []struct{ model, clip string }{
		{mario, "smg2/MarioAnime.arc:MarioAnime/PetitPorterStart.bck"},
		{mario, "smg2/MarioAnime.arc:MarioAnime/CannonFlyLand.bck"},
		{mario, "smg2/MarioAnime.arc:MarioAnime/Wait.bck"},
		{link, "tww/Link.arc:archive/bck/atngsha.bck"},
		{link, "tww/Link.arc:archive/bck/gwp00.bck"},
	} {
		t.Run(filepath.Base(c.clip), func(t *testing.T) {
			m := openEntry(t, root, c.model)
			clip := openEntry(t, root, c.clip).Clips[0]
			d, _ := exportFile(t, "skinreal-"+filepath.Base(c.clip)+".glb", Scene{Skeleton: m.Skeletons[0], Models: m.Models, Clips: []Clip{{Clip: clip, Source: c.clip}}})
			checkMeshesNormals(t, d, m.Skeletons[0], m.Models, clip, c.clip, 3e-2)
		})
	}
	t.Run("Queen", func(t *testing.T) {
		dir := filepath.Join(root, "botw")
		if _, err := os.Stat(filepath.Join(dir, "Npc_Gerudo_Queen.bfres")); err != nil {
			t.Skip(err)
		}
		m := open(t, filepath.Join(dir, "Npc_Gerudo_Queen.bfres"))
		anims := open(t, filepath.Join(dir, "Npc_Gerudo_Queen_Animation.bfres"))
		var skelIdx int
		for i, s := range m.Skeletons {
			if len(s.Joints) > len(m.Skeletons[skelIdx].Joints) {
				skelIdx = i
			}
		}
		skel := m.Skeletons[skelIdx]
		for _, name := range []string{"Common_Detect", "Common_Sleep"} {
			for _, clip := range anims.Clips {
				if clip.Name != name {
					continue
				}
				models := m.Models[skelIdx : skelIdx+1]
				d, _ := exportFile(t, "skinreal-queen-"+name+".glb", Scene{Skeleton: skel, Models: models, Clips: []Clip{{Clip: clip, Source: name}}})
				checkMeshesNormals(t, d, skel, models, clip, name, 3e-2)
			}
		}
	})
}
