package app

import (
	"fmt"
	"path"
	"slices"
	"testing"

	"github.com/animscope/animscope/internal/viewmodel"
)

// TestMaterialClipsHaveTheirOwnPicker: BRK and BPK clips animate
// material registers, not joints. The Animation picker lists only the
// joint animations (a BRK there read "0 joints" with a warning that it
// binds "the first 4 joints by index"); the Material picker lists the
// material clips with what they animate, marks the ones playing, plays
// one picked and stops them all with "(none)".
func TestMaterialClipsHaveTheirOwnPicker(t *testing.T) {
	a, _ := openApp(t, courseArchive(t))
	v := viewOf(a)
	var anims []string
	for _, c := range v.Pairing.Anims {
		anims = append(anims, path.Base(a.ses.files[c.File].entry))
	}
	// The course holds one joint animation: bomb_wait.bck.
	if !slices.Equal(anims, []string{"bomb_wait.bck"}) {
		t.Errorf("Animation picker lists %q, want only the joint animation bomb_wait.bck", anims)
	}
	materials := func() (list []string, choices []viewmodel.AnimChoice) {
		v := viewOf(a)
		for _, c := range v.Pairing.MaterialAnims {
			list = append(list, fmt.Sprintf("%s %s playing=%v warnings=%d", path.Base(a.ses.files[c.File].entry), c.Kind, c.Playing, len(c.Warnings)))
		}
		return list, v.Pairing.MaterialAnims
	}
	// bomb.bmd plays the BRK named after it; the arrow's BRK and the BPK
	// named after nothing wait to be picked (archive order).
	got, choices := materials()
	want := []string{"arrow.brk TEV colours playing=false warnings=0", "bomb_1p.brk TEV colours playing=true warnings=0", "shared.bpk material colours playing=false warnings=0"}
	if !slices.Equal(got, want) {
		t.Fatalf("Material picker:\n got %q\nwant %q", got, want)
	}
	a.Apply(viewmodel.SelectClip{File: choices[2].File, Clip: choices[2].Clip})
	got, _ = materials()
	want = []string{"arrow.brk TEV colours playing=false warnings=0", "bomb_1p.brk TEV colours playing=true warnings=0", "shared.bpk material colours playing=true warnings=0"}
	if !slices.Equal(got, want) || !slices.Equal(materialEntries(a), []string{"bomb_1p.brk", "shared.bpk"}) {
		t.Errorf("after picking shared.bpk: picker %q, slots %q", got, materialEntries(a))
	}
	a.Apply(viewmodel.ClearMaterialClips{})
	got, _ = materials()
	want = []string{"arrow.brk TEV colours playing=false warnings=0", "bomb_1p.brk TEV colours playing=false warnings=0", "shared.bpk material colours playing=false warnings=0"}
	if !slices.Equal(got, want) || len(materialEntries(a)) != 0 {
		t.Errorf(`after "(none)": picker %q, slots %q`, got, materialEntries(a))
	}
}
