package j3d_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/internal/sample"
	"github.com/animscope/animscope/internal/sample/sampletest"
)

// familyDir holds the J3D family fixtures (BCA, BRK, BPK, BTP, BVA and
// little-endian BCK/BTK/BCA/BVA); see its README.
const familyDir = "testdata/family"

func readFamilyManifest(t testing.TB) []manifestEntry {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(familyDir, "MANIFEST.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m []manifestEntry
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if len(m) == 0 {
		t.Fatal("empty manifest")
	}
	return m
}

// decodeFamily decodes any J3D animation file (by magic, either byte order),
// converts it and validates the clip.
func decodeFamily(data []byte) (*anim.Clip, error) {
	var clip *anim.Clip
	var err error
	conv := func(c interface{ Clip() (*anim.Clip, error) }, derr error) {
		if derr != nil {
			err = derr
			return
		}
		clip, err = c.Clip()
	}
	switch {
	case j3d.ByteOrderOf(data, j3d.MagicBCA) != nil:
		conv(j3d.DecodeBCA(data))
	case j3d.ByteOrderOf(data, j3d.MagicBRK) != nil:
		conv(j3d.DecodeBRK(data))
	case j3d.ByteOrderOf(data, j3d.MagicBPK) != nil:
		conv(j3d.DecodeBPK(data))
	case j3d.ByteOrderOf(data, j3d.MagicBTP) != nil:
		conv(j3d.DecodeBTP(data))
	case j3d.ByteOrderOf(data, j3d.MagicBVA) != nil:
		conv(j3d.DecodeBVA(data))
	case j3d.ByteOrderOf(data, j3d.MagicBTK) != nil:
		conv(j3d.DecodeBTK(data))
	default:
		conv(j3d.DecodeBCK(data))
	}
	if err != nil {
		return nil, err
	}
	return clip, clip.Validate()
}

// TestFamilyGolden samples every family fixture through the Go API with
// its manifest arguments and compares with the golden (the same check
// check-fixtures makes through the CLI).
func TestFamilyGolden(t *testing.T) {
	for _, m := range readFamilyManifest(t) {
		t.Run(m.File, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(familyDir, m.File))
			if err != nil {
				t.Fatal(err)
			}
			clip, err := decodeFamily(data)
			if err != nil {
				t.Fatal(err)
			}
			got, err := sample.Build(m.File, clip, sampleOptions(t, m.Args))
			if err != nil {
				t.Fatal(err)
			}
			wantData, err := os.ReadFile(filepath.Join(familyDir, m.Expected))
			if err != nil {
				t.Fatal(err)
			}
			want, err := sampletest.Read(wantData)
			if err != nil {
				t.Fatal(err)
			}
			for _, msg := range sampletest.Compare(got, want, 20) {
				t.Error(msg)
			}
			if len(got.Targets) != len(want.Targets) {
				t.Fatalf("%d targets, golden has %d", len(got.Targets), len(want.Targets))
			}
			for i := range want.Targets {
				g, w := got.Targets[i], want.Targets[i]
				if g.Kind != w.Kind || g.Name != w.Name || g.Material != w.Material || g.Register != w.Register {
					t.Errorf("target %d: %s %q (%q %q), golden %s %q (%q %q)", i, g.Kind, g.Name, g.Material, g.Register, w.Kind, w.Name, w.Material, w.Register)
				}
				if len(g.Channels) != len(w.Channels) {
					t.Errorf("target %d: %d channels, golden has %d", i, len(g.Channels), len(w.Channels))
					continue
				}
				for c := range w.Channels {
					if g.Channels[c].Name != w.Channels[c].Name {
						t.Errorf("target %d channel %d: %s, golden order has %s", i, c, g.Channels[c].Name, w.Channels[c].Name)
					}
				}
			}
		})
	}
}

// TestFamilyManifestComplete: every family binary has a manifest line.
func TestFamilyManifestComplete(t *testing.T) {
	listed := map[string]bool{}
	for _, m := range readFamilyManifest(t) {
		listed[m.File] = true
	}
	files, _ := filepath.Glob(filepath.Join(familyDir, "*.b??"))
	if len(files) != len(listed) || len(files) != 11 {
		t.Errorf("%d fixture binaries, %d in the manifest (want 11)", len(files), len(listed))
	}
	for _, f := range files {
		if !listed[filepath.Base(f)] {
			t.Errorf("%s has no manifest line", f)
		}
	}
}

// TestLittleEndianRoundTrip re-encodes the little-endian BCK and BTK
// fixtures with the production encoders: they are detected as
// little-endian, their decoding comes back the same, and the BCK's bytes
// too (the fixtures' padding text aside, see oldPadding; the BTK fixture
// has the 0x20-aligned layout, not the games').
func TestLittleEndianRoundTrip(t *testing.T) {
	for _, name := range []string{"bck_le.bck", "btk_le.btk"} {
		data, err := os.ReadFile(filepath.Join(familyDir, name))
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Ext(name) == ".btk" {
			b, err := j3d.DecodeBTK(data)
			if err != nil || !b.File.LittleEndian {
				t.Fatalf("%s: %v, little-endian %v", name, err, b != nil && b.File.LittleEndian)
			}
		} else {
			b, err := j3d.DecodeBCK(data)
			if err != nil || !b.File.LittleEndian || b.Chunk.ID != "ANK1" {
				t.Fatalf("%s: %v", name, err)
			}
		}
		out, _, err := reencodeCheck(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if filepath.Ext(name) == ".bck" && !bytes.Equal(out, oldPadding(data)) {
			t.Errorf("%s: re-encoded file differs at 0x%x (lengths %d, %d)", name, firstDiff(out, oldPadding(data)), len(out), len(data))
		}
	}
}
