package j3d_test

import (
	"bytes"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/formats/j3d"
)

// realAnimations calls f with every BCK, BCA and BTK under the directory
// ANIMSCOPE_REAL names, loose or inside a RARC (Yaz0-compressed or not),
// skipping the test when it is not set.
func realAnimations(t *testing.T, f func(name string, data []byte)) {
	archivetest.RealFiles(t, archivetest.Ext(".bck", ".bca", ".btk"), f)
}

// TestRealFilesReencode re-encodes every real J3D animation: each must
// decode to the same struct but for the layout and sample byte-identically
// (reencodeCheck), and come back byte for byte unless it was laid out by
// another tool (community tools' 29-byte padding text, a TTK1 without the
// games' trailer) or holds bytes past its TTK1 chunk (the games' files end
// the chunk's 0x20 block with leftover memory, which cannot be
// reproduced).
func TestRealFilesReencode(t *testing.T) {
	type tally struct{ files, exact, otherTool, leftover, bytes, same int }
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
		if bytes.Equal(out, oldPadding(data)) {
			tl.otherTool++ // the 29-byte padding text of community tools
			return
		}
		if ext == ".btk" {
			b, _ := j3d.DecodeBTK(data)
			end := b.Chunk.Offset + int64(b.TranslationOffset) + 4*int64(b.TranslationCount)
			switch {
			case end+4 > int64(len(data)) || string(data[end:end+4]) != "\x00\x00\xff\xff":
				tl.otherTool++ // no TTK1 trailer: not the games' exporter
				return
			case b.Chunk.Offset+int64(b.Chunk.Size) < int64(len(data)):
				// Leftover bytes after the chunk: all before them must match.
				if n := b.Chunk.Offset + int64(b.Chunk.Size); bytes.Equal(out[:n], data[:n]) {
					tl.leftover++
					return
				}
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
		t.Logf("%s: %d files, %d byte-identical, %d laid out by another tool, %d identical up to leftover bytes after the chunk; %d of %d bytes identical", e, tl.files, tl.exact, tl.otherTool, tl.leftover, tl.same, tl.bytes)
	}
	t.Logf("BCK rotation fractions: %v", fracs)
}
