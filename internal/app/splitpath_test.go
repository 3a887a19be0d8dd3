package app

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/internal/app/apptest"
)

// TestSplitArchivePathPlatforms: the split of FILE:path/in/archive on a
// made-up file system, as Windows and as Linux split it. Windows paths
// have a drive colon that must never split and may write the path in the
// archive with backslashes; on Linux both are ordinary file name bytes.
func TestSplitArchivePathPlatforms(t *testing.T) {
	files := map[string]bool{ // path: is a directory
		`C:\x\a.szs`:               false,
		`C:\x\dir`:                 true,
		`C`:                        false, // a file named C in the working directory
		`\\?\C:\x\a.szs`:           false,
		`a.szs`:                    false,
		`D:/mods/wälk 歩く.szs`:      false,
		`dir/a\b.szs`:              false,
		`C:\x\weird:name.bck`:      false,
		`C:\x\whole.szs:bck\w.bck`: false,
	}
	stat := func(p string) (bool, bool) {
		dir, ok := files[p]
		return ok, dir
	}
	for _, c := range []struct {
		arg         string
		windows     bool
		file, inner string
	}{
		{`C:\x\a.szs:bck/walk.bck`, true, `C:\x\a.szs`, `bck/walk.bck`},
		{`C:\x\a.szs:bck\walk.bck`, true, `C:\x\a.szs`, `bck/walk.bck`},
		{`C:\x\a.szs`, true, `C:\x\a.szs`, ``},
		{`C:\x\a.szs:d\a.bfres:Model`, true, `C:\x\a.szs`, `d/a.bfres:Model`},
		{`\\?\C:\x\a.szs:d\a.bfres`, true, `\\?\C:\x\a.szs`, `d/a.bfres`},
		// A missing file: not split at the drive colon even though "C" is a file.
		{`C:\x\missing.szs:bck\walk.bck`, true, `C:\x\missing.szs:bck\walk.bck`, ``},
		// On Linux "C" is just a file, and backslashes stay as typed.
		{`C:\x\missing.szs:bck\walk.bck`, false, `C`, `\x\missing.szs:bck\walk.bck`},
		{`dir/a\b.szs:e\f`, false, `dir/a\b.szs`, `e\f`},
		// A one-letter folder in the archive is no drive.
		{`a.szs:x\y:Model`, true, `a.szs`, `x/y:Model`},
		// A directory is never the archive.
		{`C:\x\dir:e`, true, `C:\x\dir:e`, ``},
		{`D:/mods/wälk 歩く.szs:bck/walk.bck`, true, `D:/mods/wälk 歩く.szs`, `bck/walk.bck`},
		// The whole argument wins when it names a file.
		{`C:\x\whole.szs:bck\w.bck`, true, `C:\x\whole.szs:bck\w.bck`, ``},
		{`C:\x\weird:name.bck`, true, `C:\x\weird:name.bck`, ``},
	} {
		file, inner := splitArchivePath(c.arg, c.windows, stat)
		if file != c.file || inner != c.inner {
			t.Errorf("splitArchivePath(%q, windows=%v) = %q, %q; want %q, %q", c.arg, c.windows, file, inner, c.file, c.inner)
		}
	}
}

// TestLoadAssetNonASCIIPath: an archive whose name and folder are not
// ASCII opens, whole and by entry, through the real file system.
func TestLoadAssetNonASCIIPath(t *testing.T) {
	data, err := os.ReadFile(apptest.ArchiveFixtures + "biped.szs")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "modèles", "歩く")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "bïped ✓.szs")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := LoadAsset(file + ":biped/bck/walk.bck")
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Clips) != 1 || a.Clips[0].Duration != 30 {
		t.Errorf("walk.bck from %s: %d clips, want one of 30 frames", file, len(a.Clips))
	}
	fs, err := LoadFiles(file)
	if err != nil {
		t.Fatal(err)
	}
	// The archive and its four entries (biped.szs.listing.json: a BMD, two
	// BCKs, a BTK), all openable.
	if len(fs) != 5 {
		t.Errorf("LoadFiles(%s): %d files, want 5 (the archive and its 4 entries)", file, len(fs))
	}
}
