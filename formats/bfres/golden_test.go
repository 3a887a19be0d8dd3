package bfres

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/internal/sample"
	"github.com/animscope/animscope/internal/sample/sampletest"
)

// readFixture returns a testdata file, Yaz0-decompressed when it is.
func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if archive.IsYaz0(data) {
		if data, err = archive.DecompressYaz0(data); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return data
}

func parseFixture(t testing.TB, name string) *File {
	t.Helper()
	f, err := Parse(readFixture(t, name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return f
}

func clipNamed(t testing.TB, clips []*anim.Clip, name string) *anim.Clip {
	t.Helper()
	for _, c := range clips {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no clip %q", name)
	return nil
}

// TestGolden checks every FILE.ANIM.expected.json in testdata through the
// Go API with the comparison rule of docs/sample-json.md.
func TestGolden(t *testing.T) {
	wants, err := filepath.Glob("testdata/*.expected.json")
	if err != nil || len(wants) == 0 {
		t.Fatalf("no goldens: %v", err)
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
			f := parseFixture(t, file)
			clips, _ := f.Clips()
			clip := clipNamed(t, clips, animName)
			if err := clip.Validate(); err != nil {
				t.Fatal(err)
			}
			got, err := sample.Build(want.File, clip, sample.Options{Frames: want.Frames})
			if err != nil {
				t.Fatal(err)
			}
			for _, msg := range sampletest.Compare(got, want, 10) {
				t.Error(msg)
			}
		})
	}
}
