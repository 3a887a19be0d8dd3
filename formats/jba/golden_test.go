package jba

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/sample"
	"github.com/animscope/animscope/internal/sample/sampletest"
)

// fixtures lists the golden files of testdata (copied from
// ../shared/fixtures/jba, see testdata/README.md).
func fixtures(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/*.jba")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures in testdata: %v", err)
	}
	return files
}

func readFixture(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func stem(path string) string {
	base := filepath.Base(path)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// TestGolden samples every fixture through the Go API at the frames of its
// expected file and compares with the rule of docs/sample-json.md
// (quaternions up to sign).
func TestGolden(t *testing.T) {
	for _, path := range fixtures(t) {
		t.Run(stem(path), func(t *testing.T) {
			f, err := Decode(readFixture(t, path))
			if err != nil {
				t.Fatal(err)
			}
			clip := f.Clip(stem(path))
			if err := clip.Validate(); err != nil {
				t.Fatal(err)
			}
			want, err := sampletest.Read(readFixture(t, strings.TrimSuffix(path, ".jba")+".expected.json"))
			if err != nil {
				t.Fatal(err)
			}
			got, err := sample.Build(filepath.Base(path), clip, sample.Options{Frames: want.Frames})
			if err != nil {
				t.Fatal(err)
			}
			for _, msg := range sampletest.Compare(got, want, 10) {
				t.Error(msg)
			}
			// Compare ignores channels the golden lacks; JBA targets have
			// exactly the quaternion and translation channels.
			for i, tg := range got.Targets {
				if len(tg.Channels) != 7 || len(want.Targets[i].Channels) != 7 {
					t.Errorf("target %d: %d channels, golden %d, want 7", i, len(tg.Channels), len(want.Targets[i].Channels))
				}
			}
		})
	}
}
