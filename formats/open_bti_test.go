package formats

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive/archivetest"
)

// The GX texture fixtures live with their decoder (formats/texture/testdata).
const btiFixtures = "texture/testdata/gx/"

// TestOpenBTI: every GX fixture opens as a BTI holding one texture named
// after the file, with the header's facts among the details.
func TestOpenBTI(t *testing.T) {
	files, err := filepath.Glob(btiFixtures + "*.bti")
	if err != nil || len(files) != 18 {
		t.Fatalf("%d fixtures, %v", len(files), err)
	}
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		a, err := Open("dir/"+filepath.Base(p), data)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		stem := strings.TrimSuffix(filepath.Base(p), ".bti")
		if a.Format != "bti" || len(a.Textures) != 1 || a.Textures[0].Name != stem || len(a.Clips)+len(a.Skeletons)+len(a.Models) != 0 || len(a.Warnings) != 0 {
			t.Errorf("%s: format %q, %d textures, warnings %q", p, a.Format, len(a.Textures), a.Warnings)
			continue
		}
		if _, ok := j3dDetail(a, "texture format"); !ok {
			t.Errorf("%s: details %v", p, a.Details)
		}
		if _, err := a.Textures[0].Decode(0); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// btiI8 is a w×h I8 BTI with one level.
func btiI8(w, h int) []byte {
	b := make([]byte, 0x20+(w+7)/8*((h+3)/4)*32)
	b[0] = 1
	binary.BigEndian.PutUint16(b[2:], uint16(w))
	binary.BigEndian.PutUint16(b[4:], uint16(h))
	b[0x14], b[0x15], b[0x18] = 1, 1, 1
	binary.BigEndian.PutUint32(b[0x1C:], 0x20)
	return b
}

// TestBTISniffStealsNothing: BTI has no magic, so it is sniffed by a
// plausible header after every other format. No other test file of the
// repository (models, animations, archives, JBA, skeleton JSON, Wii U and
// Switch files), whole or as the 4 KiB an archive entry is sniffed with,
// reads as a BTI, nor does random data; a BTI does, whole, as a 4 KiB
// prefix and inside an archive.
func TestBTISniffStealsNothing(t *testing.T) {
	n := 0
	err := filepath.Walk(".", func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.Contains(p, "testdata") || strings.HasSuffix(p, ".bti") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		n++
		if k := Sniff(data); k == "bti" {
			t.Errorf("%s sniffs as a BTI", p)
		}
		if k := Sniff(data[:min(len(data), 4096)]); k == "bti" {
			t.Errorf("the first 4 KiB of %s sniff as a BTI", p)
		}
		return nil
	})
	if err != nil || n < 100 {
		t.Fatalf("walked %d files: %v", n, err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 200000 {
		b := make([]byte, 32+r.IntN(64))
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		if i%2 == 0 { // small integers, as many headers start
			for j := range b {
				b[j] &= 3
			}
		}
		if Sniff(b) == "bti" {
			t.Fatalf("random bytes % x sniff as a BTI", b)
		}
	}

	big := btiI8(256, 256) // 64 KiB of image data
	if Sniff(big) != "bti" || Sniff(big[:4096]) != "bti" {
		t.Error("a 256x256 BTI, or its first 4 KiB, does not sniff as a BTI")
	}
	arc, err := archivetest.WriteRARC("tex", []archivetest.RARCFile{{Path: "timg/big.bti", Data: big}, {Path: "timg/small.bti", Data: btiI8(8, 4)}})
	if err != nil {
		t.Fatal(err)
	}
	a, err := Open("tex.arc", arc)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range a.Archive.Entries() {
		if e.Kind != "bti" {
			t.Errorf("archive entry %s: kind %q, want bti", e.Path, e.Kind)
		}
	}
}

// TestBTIBroken: a file that reads as a BTI header but whose data is cut
// or points outside the file gets one message naming the texture and the
// problem.
func TestBTIBroken(t *testing.T) {
	good := btiI8(16, 8)
	cut := good[:len(good)-1]
	if _, err := Open("cut.bti", cut); err == nil || !strings.Contains(err.Error(), `bti: texture "cut": offset 0x1c: image data at 0x20: level 0 (16x8 I8) needs 128 bytes`) {
		t.Errorf("cut image data: %v", err)
	}
	far := append([]byte(nil), good...)
	binary.BigEndian.PutUint32(far[0x1C:], 0x1000) // past the end: not a BTI any more
	if _, err := Open("far.bti", far); err == nil || !strings.Contains(err.Error(), "unknown file type") {
		t.Errorf("data offset past the end: %v", err)
	}
}
