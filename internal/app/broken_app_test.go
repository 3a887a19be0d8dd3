package app

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/bfres"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestHalfBrokenFileOpensHalf: one unreadable animation must not cost the
// user the rest of the file: a .bfres with one unreadable
// animation opens; the other plays, the broken one is listed in the
// Files tree and in one message with its error.
func TestHalfBrokenFileOpensHalf(t *testing.T) {
	data, err := os.ReadFile(apptest.BFRESFixtures + "texsrt.bfres")
	apptest.Must(t, err)
	f, err := bfres.Parse(data)
	apptest.Must(t, err)
	binary.BigEndian.PutUint32(data[f.TexSRTAnims[0].FileOffset+0x1C:], 1)
	path := filepath.Join(t.TempDir(), "half.bfres")
	apptest.Must(t, os.WriteFile(path, data, 0o644))
	a, _ := openApp(t, path)
	if a.play.tex == nil || a.play.tex.clip.Name != f.TexSRTAnims[1].Name {
		t.Fatalf("playing %v, want %q", a.play.tex, f.TexSRTAnims[1].Name)
	}
	v := viewOf(a)
	if len(v.Files) != 1 || len(v.Files[0].Broken) != 1 || !strings.HasPrefix(v.Files[0].Broken[0], f.TexSRTAnims[0].Name+": ") {
		t.Fatalf("files %+v: want the broken animation listed", v.Files)
	}
	if !noticeWith(a, viewmodel.Warning, "half.bfres: 1 animation could not be read (the rest opened): "+f.TexSRTAnims[0].Name) {
		t.Errorf("messages %+v", a.msgs.notices)
	}
}
