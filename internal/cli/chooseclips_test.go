package cli

import (
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
)

// namedClip is a clip of one target of kind k (a joint clip animates a
// joint, a visibility clip a shape, a texture clip a material).
func namedClip(name string, k anim.TargetKind) *anim.Clip {
	return &anim.Clip{Name: name, Duration: 10, FPS: 30, Targets: []anim.Target{{Name: "t", Kind: k, TexGen: -1, Base: anim.DefaultBase()}}}
}

// TestChooseClipsTakesTheSideClipsOfItsName: --clip NAME exports the
// joint clip NAME with the clips the games play beside it (BotW: the
// visibility clip of the same name and the face clip Face_NAME), not
// the other clips; without --clip the export takes the clip a model
// opens on (a Wait) with its side clips, as the viewer does.
func TestChooseClipsTakesTheSideClipsOfItsName(t *testing.T) {
	clips := []*anim.Clip{
		namedClip("Common_Detect", anim.JointTarget), namedClip("Common_Sleep", anim.JointTarget), namedClip("Default_Wait", anim.JointTarget),
		namedClip("Common_Sleep", anim.ShapeTarget), namedClip("Face_Common_Sleep", anim.TexSRTTarget),
		namedClip("Common_Detect_Vis", anim.ShapeTarget), namedClip("Face_Default_Wait", anim.TexSRTTarget),
	}
	nameOf := func(c *anim.Clip) string { return c.Name }
	pick := func(fl exportFlags) []string {
		t.Helper()
		got, err := chooseClips(clips, fl, false, nameOf)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, c := range got {
			k := "joint"
			if c.Targets[0].Kind != anim.JointTarget {
				k = "side"
			}
			out = append(out, c.Name+"/"+k)
		}
		return out
	}
	if got, want := pick(exportFlags{clip: "Common_Sleep"}), []string{"Common_Sleep/joint", "Common_Sleep/side", "Face_Common_Sleep/side"}; !slices.Equal(got, want) {
		t.Errorf("--clip Common_Sleep: %v, want %v", got, want)
	}
	if got, want := pick(exportFlags{clip: "Common_Detect"}), []string{"Common_Detect/joint"}; !slices.Equal(got, want) {
		t.Errorf("--clip Common_Detect: %v, want %v (the crown's visibility clips play with Common_Sleep)", got, want)
	}
	if got, want := pick(exportFlags{}), []string{"Default_Wait/joint", "Face_Default_Wait/side"}; !slices.Equal(got, want) {
		t.Errorf("no --clip: %v, want %v", got, want)
	}
	if _, err := chooseClips(clips, exportFlags{clip: "Run"}, false, nameOf); err == nil || !strings.Contains(err.Error(), `"Default_Wait"`) {
		t.Errorf("--clip Run: %v, want an error listing the clips", err)
	}
}
