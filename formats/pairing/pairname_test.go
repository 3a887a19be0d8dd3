package pairing

import (
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
)

// TestPairByNameStem: in a course archive every model sits beside every
// animation; the one named after the model ranks first for it, whatever
// the path order (mariotree1.bmd ↔ mariotree1_wait.bck; the laid-out
// names of mkdd-extender's data/courses/*/track.arc).
func TestPairByNameStem(t *testing.T) {
	arc := "c/track.arc"
	src := func(entry string, a *formats.Asset) *Source {
		return &Source{Path: arc + ":" + entry, Archive: arc, Entry: entry, Dir: "c", Asset: a}
	}
	course := src("dstestcircle/babyluigi_course.bmd", &formats.Asset{Skeletons: []*anim.Skeleton{skeletonOf(1)}})
	tree := src("dstestcircle/objects/mariotree1.bmd", &formats.Asset{Skeletons: []*anim.Skeleton{skeletonOf(1)}})
	bomb := src("dstestcircle/objects/minigamebombhei_battle.bmd", &formats.Asset{Skeletons: []*anim.Skeleton{skeletonOf(1)}})
	wait := src("dstestcircle/objects/mariotree1_wait.bck", &formats.Asset{Clips: []*anim.Clip{bckClip(1, 0)}})
	battle := src("dstestcircle/objects/minigamebombhei_battle_1p.bck", &formats.Asset{Clips: []*anim.Clip{bckClip(1, 0)}})
	p := Pair([]*Source{course, tree, bomb, wait, battle})
	first := map[*Source]Candidate{}
	for _, s := range p.Suggestions {
		if len(s.Candidates) > 0 {
			first[s.Model] = s.Candidates[0]
		}
	}
	if c := first[tree]; c.Anim != wait || c.Reason != SameName {
		t.Errorf("mariotree1.bmd: first %s (%s), want mariotree1_wait.bck named after the model", c.Anim.Name(), c.Reason)
	}
	if c := first[bomb]; c.Anim != battle || c.Reason != SameName {
		t.Errorf("minigamebombhei_battle.bmd: first %s (%s), want minigamebombhei_battle_1p.bck", c.Anim.Name(), c.Reason)
	}
	if c := first[course]; c.Reason != SameArchive {
		t.Errorf("babyluigi_course.bmd: first reason %q, want same archive (nothing is named after it)", c.Reason)
	}
	for _, c := range []struct {
		anim, clip, model string
		want              bool
	}{
		{"x/Npc_Gerudo_Queen_Animation.bfres", "Wait", "x/Npc_Gerudo_Queen.bfres", true},
		{"mariotree10_wait.bck", "", "mariotree1.bmd", false},
		{"anim.bfres", "Fox_Run", "Fox.bfres", true},
		{"MARIOTREE1_WAIT.BCK", "", "a.arc:mariotree1.bmd", true},
		{"wait.bck", "", ".bmd", false},
	} {
		if got := NamedAfter(c.anim, c.clip, c.model); got != c.want {
			t.Errorf("NamedAfter(%q, %q, %q) = %v, want %v", c.anim, c.clip, c.model, got, c.want)
		}
	}
}
