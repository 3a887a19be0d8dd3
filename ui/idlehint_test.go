package ui

import (
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/viewmodel"
)

// TestIdleHintWithAnimationsOpen: Link's cl.bdl picked in Link.arc,
// whose seven item clips it turns down, plays nothing; the transport
// sends the user to the Animation picker that lists them, not to open
// an animation. With nothing open, it says to open one.
func TestIdleHintWithAnimationsOpen(t *testing.T) {
	p := viewmodel.Pairing{Model: 0, Anim: -1, TexAnim: -1,
		Models: []viewmodel.ModelChoice{{Label: "Link.arc › archive/bdl/cl.bdl", Joints: 42}},
		Anims:  []viewmodel.AnimChoice{{Label: "Link.arc › archive/bck/combo_tate.bck", Joints: 6, Frames: 74}}}
	got := idleHint(&p)
	if !strings.Contains(got, "Animation") || !strings.Contains(got, "cl.bdl") || strings.Contains(got, "Open an animation") {
		t.Errorf("with cl.bdl and an item clip open: %q, want the Animation picker named for cl.bdl", got)
	}
	if got := idleHint(&viewmodel.Pairing{Model: 0, Anim: -1, Models: p.Models}); !strings.Contains(got, "Open an animation") {
		t.Errorf("with only the model open: %q, want to open an animation", got)
	}
}
