package ui

import (
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/viewmodel"
)

// TestEmptyViewCaption: with nothing open the 3D view says so; with a
// file open that holds nothing to draw (BotW's .Tex2, mip levels only)
// it said "Nothing open" beside that file in the Files list. It now says
// the open files hold nothing to draw.
func TestEmptyViewCaption(t *testing.T) {
	captions := func(v *viewmodel.View) string {
		h := newHarness(t, v)
		h.frame()
		var lines []string
		for _, c := range h.u.captions {
			lines = append(lines, c.text)
		}
		return strings.Join(lines, "\n")
	}
	if got := captions(&viewmodel.View{}); !strings.HasPrefix(got, "Nothing open.") {
		t.Errorf("nothing open: caption %q", got)
	}
	v := &viewmodel.View{Files: []viewmodel.FileView{{Name: "Npc_Gerudo_Queen.Tex2.bfres", Path: "/g/Npc_Gerudo_Queen.Tex2.bfres", Kind: "BFRES"}}}
	got := captions(v)
	if strings.Contains(got, "Nothing open") || !strings.Contains(got, "no model or animation") {
		t.Errorf("a texture file open: caption %q, want one saying the open files hold no model or animation", got)
	}
}
