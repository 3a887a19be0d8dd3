package archivetest

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive"
)

// RealFiles calls f with every file under the directory ANIMSCOPE_REAL
// names whose path want accepts, Yaz0-decompressed: loose, or as an
// entry of a RARC (named ARCHIVE:path/in/archive), skipping the test
// when ANIMSCOPE_REAL is not set. Archives are looked for in .arc and
// .szs files; other files are read only when want accepts them.
func RealFiles(t testing.TB, want func(path string) bool, f func(name string, data []byte)) {
	t.Helper()
	root := os.Getenv("ANIMSCOPE_REAL")
	if root == "" {
		t.Skip("set ANIMSCOPE_REAL to a directory of real game files")
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		ext := strings.ToLower(filepath.Ext(p))
		if !want(p) && ext != ".arc" && ext != ".szs" {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if archive.IsYaz0(data) {
			if data, err = archive.DecompressYaz0(data); err != nil {
				return nil
			}
		}
		if !archive.IsRARC(data) {
			if want(p) {
				f(p, data)
			}
			return nil
		}
		r, err := archive.ReadRARC(data)
		if err != nil {
			return nil
		}
		for _, e := range r.Files() {
			if want(e.Path) {
				b, err := r.ReadFile(e)
				if err != nil {
					t.Errorf("%s:%s: %v", p, e.Path, err)
					continue
				}
				f(p+":"+e.Path, b)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Ext is a want for RealFiles: paths ending in one of exts (lower case,
// with the dot), case ignored.
func Ext(exts ...string) func(string) bool {
	return func(p string) bool {
		e := strings.ToLower(filepath.Ext(p))
		for _, x := range exts {
			if e == x {
				return true
			}
		}
		return false
	}
}
