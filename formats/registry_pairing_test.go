package formats_test

import (
	"testing"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/pairing"
)

// TestRegisteredFormatPairs: a format added by its descriptor alone is
// found inside an archive, and its clip is offered as an animation, with
// nothing in pairing knowing of it.
func TestRegisteredFormatPairs(t *testing.T) {
	unregister := formats.Register(formats.ToyFormat)
	defer unregister()

	a, err := formats.Open("d/hop.toy", formats.ToyFile(1, 10))
	if err != nil {
		t.Fatal(err)
	}
	loose := &pairing.Source{Path: "d/hop.toy", Dir: "d", Asset: a}
	if p := pairing.Pair([]*pairing.Source{loose}); len(p.Animations) != 1 || len(p.Models) != 0 {
		t.Errorf("pairing a loose toy file: %d animations, %d models; want 1, 0", len(p.Animations), len(p.Models))
	}
	arc := &formats.Asset{Archive: formats.MemArchive{"anims/hop.toy": formats.ToyFile(3, 5), "readme.txt": []byte("hi")}}
	srcs, warnings := pairing.ArchiveSources("d/pack.arc", arc)
	if len(srcs) != 1 || srcs[0].Path != "d/pack.arc:anims/hop.toy" || len(warnings) != 0 {
		t.Errorf("archive sources %v warnings %q", srcs, warnings)
	}
	if p := pairing.Pair(srcs); len(p.Animations) != 1 {
		t.Errorf("pairing animations %d, want the toy clip", len(p.Animations))
	}
}
