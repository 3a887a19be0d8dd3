package bfres

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/internal/sample"
	"github.com/animscope/animscope/internal/sample/sampletest"
)

// readSwitchFixture returns testdata/switch/NAME; for a .szs (Yaz0 SARC
// holding one .bfres) the BFRES entry.
func readSwitchFixture(t testing.TB, name string) []byte {
	t.Helper()
	return readBFRESFile(t, filepath.Join("testdata", "switch", name))
}

// readBFRESFile returns the FRES file at path: the file itself, or the
// first .bfres entry of a SARC, after Yaz0 or Zstandard decompression.
func readBFRESFile(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	name := path
	if archive.IsZstd(data) {
		if data, err = archive.DecompressZstd(data); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if archive.IsYaz0(data) {
		if data, err = archive.DecompressYaz0(data); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if archive.IsSARC(data) {
		s, err := archive.ReadSARC(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, f := range s.Files() {
			if strings.HasSuffix(f.Path, ".bfres") {
				if data, err = s.ReadFile(f); err != nil {
					t.Fatal(err)
				}
				return data
			}
		}
		t.Fatalf("%s: no .bfres entry", name)
	}
	return data
}

// TestSwitchGolden checks every testdata/switch/FILE.ANIM.expected.json
// through the Go API (Parse, Clips, sample.Build) with the comparison rule
// of docs/sample-json.md.
func TestSwitchGolden(t *testing.T) {
	wants, err := filepath.Glob("testdata/switch/*.expected.json")
	if err != nil || len(wants) != 9 {
		t.Fatalf("want 9 Switch goldens, have %d (%v)", len(wants), err)
	}
	for _, wantPath := range wants {
		base := strings.TrimSuffix(filepath.Base(wantPath), ".expected.json")
		dot := strings.LastIndexByte(base, '.')
		file, animName := base[:dot], base[dot+1:]
		t.Run(base, func(t *testing.T) {
			raw, err := os.ReadFile(wantPath)
			if err != nil {
				t.Fatal(err)
			}
			want, err := sampletest.Read(raw)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Parse(readSwitchFixture(t, file))
			if err != nil {
				t.Fatal(err)
			}
			if f.Switch == nil {
				t.Fatal("not parsed as a Switch file")
			}
			clips, _ := f.Clips()
			clip := clipNamed(t, clips, animName)
			if err := clip.Validate(); err != nil {
				t.Fatal(err)
			}
			got, err := sample.Build(want.File, clip, sample.Options{Frames: want.Frames})
			if err != nil {
				t.Fatal(err)
			}
			if msgs := sampletest.Compare(got, want, 10); len(msgs) > 0 {
				t.Error(strings.Join(msgs, "\n"))
			}
		})
	}
}
