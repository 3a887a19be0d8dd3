package j3d_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/formats/j3d"
)

// realAnimations calls f with every BCK, BCA and BTK under the directory
// ANIMSCOPE_REAL names, loose or inside a RARC (Yaz0-compressed or not),
// skipping the test when it is not set.
func realAnimations(t *testing.T, f func(name string, data []byte)) {
	root := os.Getenv("ANIMSCOPE_REAL")
	if root == "" {
		t.Skip("set ANIMSCOPE_REAL to a directory of real game files (.bck/.bca/.btk, .arc)")
	}
	isAnim := func(p string) bool {
		switch strings.ToLower(filepath.Ext(p)) {
		case ".bck", ".bca", ".btk":
			return true
		}
		return false
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
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
			if isAnim(p) {
				f(p, data)
			}
			return nil
		}
		r, err := archive.ReadRARC(data)
		if err != nil {
			return nil
		}
		for _, e := range r.Files() {
			if isAnim(e.Path) {
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

// TestRealFilesReencode re-encodes every real J3D animation: each must
// decode to the same struct but for the layout and sample byte-identically
// (reencodeCheck); BCK and BCA, whose layout the encoder reproduces, must
// come back byte for byte, and BTK too unless the file holds bytes past
// its TTK1 chunk (the games' files end the chunk's 0x20 block with
// leftover memory, which cannot be reproduced).
func TestRealFilesReencode(t *testing.T) {
	type tally struct{ files, exact, bytes, same int }
	by := map[string]*tally{}
	fracs := map[uint8]int{}
	realAnimations(t, func(name string, data []byte) {
		out, exact, err := reencodeCheck(data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return
		}
		ext := strings.ToLower(filepath.Ext(name))
		tl := by[ext]
		if tl == nil {
			tl = &tally{}
			by[ext] = tl
		}
		tl.files++
		tl.bytes += len(data)
		for i := 0; i < len(data) && i < len(out); i++ {
			if data[i] == out[i] {
				tl.same++
			}
		}
		if exact {
			tl.exact++
			return
		}
		switch ext {
		case ".btk":
			b, _ := j3d.DecodeBTK(data)
			if int64(b.Chunk.Offset)+int64(b.Chunk.Size) < int64(len(data)) {
				return // leftover bytes after the chunk
			}
		}
		t.Errorf("%s: re-encoded bytes differ at 0x%x (lengths %d, %d)", name, firstDiff(out, data), len(out), len(data))
	})
	realAnimations(t, func(name string, data []byte) {
		if b, err := j3d.DecodeBCK(data); err == nil {
			fracs[b.RotationFrac]++
		}
	})
	exts := make([]string, 0, len(by))
	for e := range by {
		exts = append(exts, e)
	}
	sort.Strings(exts)
	for _, e := range exts {
		tl := by[e]
		t.Logf("%s: %d files, %d byte-identical; %d of %d bytes identical", e, tl.files, tl.exact, tl.same, tl.bytes)
	}
	t.Logf("BCK rotation fractions: %v", fracs)
}
