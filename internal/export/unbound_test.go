package export

import (
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/mesh"
)

// TestMaterialClipBindingNothingSaysWhy: a texture or material clip
// exported onto a model none of whose materials it names (a BTK given
// with --model from another game) gets one warning line naming the file
// and the materials it animates, as render does; a clip that binds one
// of its materials gets none.
func TestMaterialClipBindingNothingSaysWhy(t *testing.T) {
	skel := chainSkeleton(t)
	quads := texturedQuads(skel)
	k := func(f, v float64) anim.HermiteKey { return anim.HermiteKey{Time: f, Value: v} }
	clipOn := func(mats ...string) *anim.Clip {
		c := &anim.Clip{Format: "btk", Duration: 20, FPS: 30}
		for _, m := range mats {
			c.Targets = append(c.Targets, anim.Target{Name: m, Kind: anim.TexSRTTarget, TexMode: anim.TexJ3DMaya, Base: anim.DefaultBase(),
				Channels: []anim.Channel{{Slot: anim.TransX, Curve: hermite(k(0, 0), k(20, 0.5))}}})
		}
		return c
	}
	unboundLines := func(warns []string) []string {
		var out []string
		for _, w := range warns {
			if strings.Contains(w, "binds to nothing") {
				out = append(out, w)
			}
		}
		return out
	}
	_, warns, err := Build(Scene{Skeleton: skel, Models: []*mesh.Model{quads}, Clips: []Clip{{Clip: clipOn("SHMSBMAT", "kaze"), Source: "other/tshms.btk"}}})
	if err != nil {
		t.Fatal(err)
	}
	got := unboundLines(warns)
	if len(got) != 1 || strings.Contains(got[0], "\n") {
		t.Fatalf("a clip binding nothing: %d lines saying so %q (all warnings %q), want one", len(got), got, warns)
	}
	for _, want := range []string{"other/tshms.btk", `"SHMSBMAT"`, `"kaze"`, quads.Name} {
		if !strings.Contains(got[0], want) {
			t.Errorf("%q does not name %s", got[0], want)
		}
	}
	_, warns, err = Build(Scene{Skeleton: skel, Models: []*mesh.Model{quads}, Clips: []Clip{{Clip: clipOn("kaze", "quadA"), Source: "own.btk"}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := unboundLines(warns); len(got) != 0 {
		t.Errorf("a clip binding quadA said %q", got)
	}
}
