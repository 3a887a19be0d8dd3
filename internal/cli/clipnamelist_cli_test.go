package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/bfres"
)

// TestUnknownClipListsFortyNames: sample and export with a --clip the
// file lacks list its names as render does: the first 40 and how many
// more (the Queen's _Animation.bfres holds 140 clips: a screenful of
// names per mistake).
func TestUnknownClipListsFortyNames(t *testing.T) {
	data, err := os.ReadFile("../../formats/bfres/testdata/skel_anim.bfres")
	if err != nil {
		t.Fatal(err)
	}
	f, err := bfres.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	const added = 50
	for i := range added {
		a := f.SkeletalAnims[0]
		a.Name = fmt.Sprintf("Clip%02d", i)
		if data, err = bfres.AddSkeletalAnim(data, &a); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(t.TempDir(), "many.bfres")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	total := len(f.SkeletalAnims) + added
	for _, args := range [][]string{
		{"sample", file, "--clip", "Wait", "--frames", "0", "--json"},
		{"export", file, "--clip", "Wait", "--no-mesh", "--out", filepath.Join(t.TempDir(), "x.glb")},
	} {
		code, _, stderr := runCLI(args...)
		if code == 0 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, %q; want one error line", args[0], code, stderr)
			continue
		}
		if n := strings.Count(stderr, `"Clip`); n != 40-len(f.SkeletalAnims) {
			t.Errorf("%s: lists %d of the added names, want the first 40 names in all: %q", args[0], n, stderr)
		}
		if want := fmt.Sprintf("and %d more", total-40); !strings.Contains(stderr, want) {
			t.Errorf("%s: %q does not say %q", args[0], stderr, want)
		}
	}
}
