package ui

import (
	"testing"

	"github.com/animscope/animscope/internal/viewmodel"
)

// TestMaterialPicker: the Material combo lists the material clips; a
// pick of one not playing plays it, a playing one (ticked) is left as it
// is, "(none)" stops them all.
func TestMaterialPicker(t *testing.T) {
	v := archiveView()
	v.Pairing.MaterialAnims = []viewmodel.AnimChoice{
		{File: 1, Clip: 0, Label: "course › bomb_1p.brk", Joints: 6, Frames: 99, Kind: "TEV colours", Playing: true},
		{File: 2, Clip: 0, Label: "course › bomb_2p.brk", Joints: 6, Frames: 99, Kind: "TEV colours"},
	}
	h := newHarness(t, v)
	h.click(center(h.rect("pair:mat")))
	h.frame()
	got := h.click(center(h.rect("pair:mat:1")))
	if s, ok := find[viewmodel.SelectClip](got); !ok || s.File != 2 || s.Clip != 0 {
		t.Errorf("picking bomb_2p.brk: %#v", got)
	}
	h.frame()
	h.click(center(h.rect("pair:mat")))
	h.frame()
	if got := h.click(center(h.rect("pair:mat:0"))); len(got) != 0 {
		t.Errorf("picking the playing bomb_1p.brk: %#v, want nothing", got)
	}
	h.frame()
	h.click(center(h.rect("pair:mat")))
	h.frame()
	got = h.click(center(h.rect("pair:mat:none")))
	if _, ok := find[viewmodel.ClearMaterialClips](got); !ok {
		t.Errorf(`picking "(none)": %#v`, got)
	}
	// Without material clips there is no combo.
	v.Pairing.MaterialAnims = nil
	h.frame()
	if _, ok := h.u.ItemRect("pair:mat"); ok {
		t.Error("Material combo shown without material clips")
	}
}
