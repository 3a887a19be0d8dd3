package main

import (
	"slices"
	"testing"

	"github.com/animscope/animscope/formats"
)

// TestAboutListsTheRegistry: the viewer hands Help › About the format
// registry's lines (ui cannot import formats), so the box names every
// format the viewer opens, and the saved options still reach the UI.
func TestAboutListsTheRegistry(t *testing.T) {
	set := loadSettings("")
	set.Options.Grid = !set.Options.Grid
	u := newUI(set)
	if want := formats.SupportedFormats(); !slices.Equal(u.AboutFormats, want) {
		t.Errorf("About lists %q, want formats.SupportedFormats() = %q", u.AboutFormats, want)
	}
	if u.Options != set.Options {
		t.Errorf("the UI's options are %+v, want the saved %+v", u.Options, set.Options)
	}
}
