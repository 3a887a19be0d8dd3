package assets

import (
	"testing"

	"github.com/animscope/animscope/formats"
)

func TestDemoOpens(t *testing.T) {
	files, err := Demo()
	if err != nil {
		t.Fatal(err)
	}
	var clips, skels int
	for _, f := range files {
		a, err := formats.Open(f.Name, f.Data)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		clips += len(a.Clips)
		skels += len(a.Skeletons)
	}
	if len(files) != 3 || clips != 2 || skels != 1 {
		t.Errorf("demo: %d files, %d clips, %d skeletons; want 3 files: a model, its walk and a texture animation", len(files), clips, skels)
	}
	img, err := Checker()
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 256 || b.Dy() != 256 || b.Dx()%CheckerCells != 0 {
		t.Errorf("checker is %v", b)
	}
}
