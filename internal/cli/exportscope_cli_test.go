package cli

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/mesh"
)

// TestFolderExportKeepsSideClipsInTheirArchive: a folder of Galaxy
// archives (BossKameck.arc with Wait.bck; BossKameckBarrier.arc with its
// own model and Wait.brk, Wait.btk): the barrier's Wait clips go into the
// barrier's file, not into the boss's because the boss has a skeletal
// clip of their name. Clips of one name play together within an
// archive, not across a game's folder.
func TestFolderExportKeepsSideClipsInTheirArchive(t *testing.T) {
	skel := func() *anim.Skeleton {
		s := &anim.Skeleton{Mode: anim.J3DBasic, Joints: []anim.Joint{{Parent: -1, Rest: anim.DefaultBase()}, {Parent: 0, Rest: anim.DefaultBase()}}}
		if err := s.Finish(); err != nil {
			t.Fatal(err)
		}
		return s
	}
	model := func(arc, entry, mat string) *pairing.Source {
		return &pairing.Source{Path: arc + ":" + entry, Archive: arc, Entry: entry, Dir: "smg", Asset: &formats.Asset{Format: "bdl",
			Skeletons: []*anim.Skeleton{skel()}, Models: []*mesh.Model{{Name: filepath.Base(entry), Materials: []mesh.Material{{Name: mat}}}}}}
	}
	clip := func(arc, entry string, c *anim.Clip) *pairing.Source {
		return &pairing.Source{Path: arc + ":" + entry, Archive: arc, Entry: entry, Dir: "smg", Asset: &formats.Asset{Format: c.Format, Clips: []*anim.Clip{c}}}
	}
	wait := &anim.Clip{Format: "bck", Duration: 10, FPS: 30, Targets: []anim.Target{
		{Kind: anim.JointTarget, Index: 0, Base: anim.DefaultBase()}, {Kind: anim.JointTarget, Index: 1, Base: anim.DefaultBase()}}}
	brk := &anim.Clip{Format: "brk", Duration: 10, FPS: 30, Targets: []anim.Target{{Kind: anim.TevRegTarget, Name: "Kekkai_v_x/C0", Material: "Kekkai_v_x"}}}
	btk := &anim.Clip{Format: "btk", Duration: 10, FPS: 30, Targets: []anim.Target{{Kind: anim.TexSRTTarget, Name: "Kekkai_v_x"}}}
	const boss, barrier = "smg/BossKameck.arc", "smg/BossKameckBarrier.arc"
	srcs := []*pairing.Source{
		model(boss, "BossKameck/BossKameck.bdl", "body_v"), clip(boss, "BossKameck/Wait.bck", wait),
		model(barrier, "BossKameckBarrier/BossKameckBarrier.bdl", "Kekkai_v_x"), clip(barrier, "BossKameckBarrier/Wait.brk", brk), clip(barrier, "BossKameckBarrier/Wait.btk", btk),
	}
	var log bytes.Buffer
	jobs := planJobs(srcs, exportFlags{out: t.TempDir(), noMesh: true}, nil, nil, nil, newReporter(&log))
	where := map[*anim.Clip]string{}
	for _, j := range jobs {
		for _, c := range j.scene.Clips {
			where[c.Clip] = filepath.Base(j.out)
		}
	}
	for c, want := range map[*anim.Clip]string{wait: "BossKameck.glb", brk: "BossKameckBarrier.glb", btk: "BossKameckBarrier.glb"} {
		if where[c] != want {
			t.Errorf("%s clip in %q, want %s", c.Format, where[c], want)
		}
	}
}
