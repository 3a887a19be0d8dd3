package app

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/viewmodel"
)

// folderTree writes a folder with subfolders: three BCKs that open (one
// two levels down), a .bck of no known content (skipped), a truncated one
// (could not be read), a text file (not looked at) and a BCK in a hidden
// folder (left out). It returns the folder and the names that open.
func folderTree(t *testing.T) (string, []string) {
	t.Helper()
	root := filepath.Join(t.TempDir(), "dump")
	for _, d := range []string{"sub/deeper", ".git"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeBCK(t, filepath.Join(root, "a.bck"), 2, 1, 1)
	writeBCK(t, filepath.Join(root, "sub", "b.bck"), 2, 2, 2)
	writeBCK(t, filepath.Join(root, "sub", "deeper", "c.bck"), 2, 3, 3)
	writeBCK(t, filepath.Join(root, ".git", "hidden.bck"), 2, 4, 4)
	files := map[string][]byte{
		"junk.bck":      []byte("a text that happens to be called .bck"),
		"sub/cut.bck":   []byte("J3D1bck1\x00\x00\x01"),
		"sub/notes.txt": []byte("J3D1bck1"),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(root, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root, []string{"a.bck", "b.bck", "c.bck"}
}

func openNames(a *App) []string {
	var out []string
	for _, f := range a.ses.files {
		out = append(out, f.name)
	}
	slices.Sort(out)
	return out
}

// TestOpenFolder: a folder opens the files inside it and its subfolders,
// and one message counts them and names what could not be read.
func TestOpenFolder(t *testing.T) {
	root, want := folderTree(t)
	a := New(nil)
	a.Apply(viewmodel.OpenFiles{Paths: []string{root}})
	if got := openNames(a); !slices.Equal(got, want) {
		t.Fatalf("open files %q, want %q", got, want)
	}
	if len(a.msgs.notices) != 1 {
		t.Fatalf("messages %+v, want one about the folder", a.msgs.notices)
	}
	n := a.msgs.notices[0]
	// 5 .bck files found: 3 open, junk.bck skipped, cut.bck unreadable.
	wantText := "opened 3 files from folder dump (1 of another format skipped); 1 could not be read (first: " + filepath.Join(root, "sub", "cut.bck") + ": "
	if n.Severity != viewmodel.Warning || !strings.HasPrefix(n.Text, wantText) {
		t.Errorf("message %+v, want a warning starting %q", n, wantText)
	}
	if !strings.Contains(n.Detail, "cut.bck") {
		t.Errorf("the message's detail %q does not name cut.bck", n.Detail)
	}
	if a.ses.recent[0] != root {
		t.Errorf("recent files %q, want the folder first", a.ses.recent)
	}

	// Opened again: every file is reloaded, none listed twice.
	a.Apply(viewmodel.OpenFiles{Paths: []string{root}})
	if got := openNames(a); !slices.Equal(got, want) {
		t.Errorf("open files %q after opening the folder again, want %q", got, want)
	}
	if n := lastNotice(a); !strings.HasPrefix(n.Text, "opened 0 files from folder dump, reloaded 3 already open") {
		t.Errorf("message %q after opening the folder again", n.Text)
	}
}

// TestOpenFolderAsksFirstWhenBig: more files than the limit wait for the
// user's answer; no opens nothing, yes opens them all.
func TestOpenFolderAsksFirstWhenBig(t *testing.T) {
	root, want := folderTree(t)
	a := New(nil)
	a.Configure(Settings{MaxFolderFiles: 4})
	var v viewmodel.View
	ask := func() {
		t.Helper()
		a.Apply(viewmodel.OpenFiles{Paths: []string{root}})
		if len(a.ses.files) != 0 {
			t.Fatalf("%d files opened before the answer", len(a.ses.files))
		}
		a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
		// The five files with a .bck name (hidden folders left out).
		if v.Confirm == nil || !strings.Contains(v.Confirm.Text, "holds 5 files") || v.Confirm.Yes != "Open all 5" {
			t.Fatalf("question %+v, want one about the 5 files", v.Confirm)
		}
	}
	ask()
	a.Apply(viewmodel.Answer{Yes: false})
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	if len(a.ses.files) != 0 || v.Confirm != nil {
		t.Fatalf("after no: %d files, question %+v; want nothing", len(a.ses.files), v.Confirm)
	}
	ask()
	a.Apply(viewmodel.Answer{Yes: true})
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	if got := openNames(a); !slices.Equal(got, want) || v.Confirm != nil {
		t.Errorf("after yes: files %q, question %+v; want %q and no question", got, v.Confirm, want)
	}

	// Within the limit, or without one, no question.
	for _, limit := range []int{5, -1} {
		b := New(nil)
		b.Configure(Settings{MaxFolderFiles: limit})
		b.Apply(viewmodel.OpenFiles{Paths: []string{root}})
		if got := openNames(b); !slices.Equal(got, want) || b.ses.pending != nil {
			t.Errorf("limit %d: files %q, a question pending %v", limit, got, b.ses.pending != nil)
		}
	}
}
