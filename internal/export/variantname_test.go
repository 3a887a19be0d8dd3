package export

import (
	"slices"
	"testing"

	"github.com/animscope/animscope/anim"
)

// TestPlayerVariantsKeepTheirNames: MKDD's minigamebombhei_battle.bca
// plays with one of its four player colours (_1p … _4p.brk, one choice).
// The first joins the skeletal clip's animation; the other three, which
// cannot join it (they drive the same colours), are animations named
// after their own files, not three more "minigamebombhei_battle" that an
// importer shows as .001, .002, .003. A clip that merges nowhere keeps
// its name however its partner is named.
func TestPlayerVariantsKeepTheirNames(t *testing.T) {
	joint := &anim.Clip{Format: "bca", Duration: 10, FPS: 30, Targets: []anim.Target{{Kind: anim.JointTarget, Base: anim.DefaultBase()}}}
	colour := func() *anim.Clip {
		return &anim.Clip{Format: "brk", Duration: 10, FPS: 30, Targets: []anim.Target{{Kind: anim.TevRegTarget, Name: "mat/C0", Material: "mat"}}}
	}
	const dir = "track.arc:objects/"
	clips := []Clip{{Clip: joint, Source: dir + "minigamebombhei_battle.bca"}}
	for _, p := range []string{"1p", "2p", "3p", "4p"} {
		clips = append(clips, Clip{Clip: colour(), Source: dir + "minigamebombhei_battle_" + p + ".brk"})
	}
	groups, names := mergeGroups(clips)
	want := []string{"minigamebombhei_battle", "minigamebombhei_battle_2p", "minigamebombhei_battle_3p", "minigamebombhei_battle_4p"}
	if !slices.Equal(names, want) {
		t.Errorf("animations %q, want %q", names, want)
	}
	if len(groups) != 4 || !slices.Equal(groups[0], []int{0, 1}) {
		t.Errorf("groups %v, want the BCA with _1p, then one per other variant", groups)
	}
}
