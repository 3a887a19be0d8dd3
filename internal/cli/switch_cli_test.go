package cli

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/sample/sampletest"
)

const switchFixtures = "../../formats/bfres/testdata/switch/"

// sampleMatches runs sample --json on file with the golden's clip and
// frames and compares with the golden (docs/sample-json.md rule).
func sampleMatches(t *testing.T, file, golden string, extra ...string) {
	t.Helper()
	raw, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	want, err := sampletest.Read(raw)
	if err != nil {
		t.Fatal(err)
	}
	var frames []string
	for _, f := range want.Frames {
		frames = append(frames, strconv.FormatFloat(f, 'g', -1, 64))
	}
	args := append([]string{"sample", "--json", "--clip", want.Clip, "--frames", strings.Join(frames, ","), file}, extra...)
	code, out, errOut := runCLI(args...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got, err := sampletest.Read([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	want.File = got.File // the golden names its own file
	if msgs := sampletest.Compare(got, want, 5); len(msgs) > 0 {
		t.Error(strings.Join(msgs, "\n"))
	}
}

// The usual Switch .szs holds one .bfres beside .byml files: sample opens
// it without :PATH.
func TestSampleSingleBFRESArchive(t *testing.T) {
	sampleMatches(t, switchFixtures+"nx06_v10_archive.szs", switchFixtures+"nx06_v10_archive.szs.Open.expected.json")
	code, out, errOut := runCLI("info", switchFixtures+"nx06_v10_archive.szs")
	if code != ExitOK || !strings.Contains(out, `archiveEntry: "Lantern.bfres"`) || !strings.Contains(out, "platform") {
		t.Errorf("info: exit %d, %s%s", code, out, errOut)
	}
}

func zstdFile(t *testing.T, dir, name string, data []byte, opts ...zstd.EOption) string {
	t.Helper()
	enc, err := zstd.NewWriter(nil, opts...)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, enc.EncodeAll(data, nil), 0o644); err != nil {
		t.Fatal(err)
	}
	enc.Close()
	return p
}

// .zs files open like the data they hold; a frame compressed against a
// dictionary needs --zstd-dict and says so in one line.
func TestZstdCLI(t *testing.T) {
	t.Cleanup(func() { formats.SetZstdDictionaries(nil) })
	data, err := os.ReadFile(switchFixtures + "nx02_v8_quat.bfres")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	plain := zstdFile(t, dir, "Crane.bfres.zs", data)
	sampleMatches(t, plain, switchFixtures+"nx02_v8_quat.bfres.Bob.expected.json")

	rng := rand.New(rand.NewPCG(3, 4))
	words := []string{"FRES", "FSKA", "bone", "curve", "Pivot", "Boom", "Hook", "scale", "rotate"}
	var samples [][]byte
	for i := 0; i < 64; i++ {
		var b bytes.Buffer
		for k := 0; k < 200; k++ {
			b.WriteString(words[rng.IntN(len(words))])
			b.WriteByte(byte(rng.IntN(4)))
		}
		samples = append(samples, b.Bytes())
	}
	dict, err := zstd.BuildDict(zstd.BuildDictOptions{ID: 77, Contents: samples, History: bytes.Join(samples[:8], nil)})
	if err != nil {
		t.Fatal(err)
	}
	dictPath := filepath.Join(dir, "test.zsdic")
	if err := os.WriteFile(dictPath, dict, 0o644); err != nil {
		t.Fatal(err)
	}
	withDict := zstdFile(t, dir, "Crane.pack.zs", data, zstd.WithEncoderDict(dict))
	code, _, errOut := runCLI("info", withDict)
	if code != ExitInput || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "dictionary ID 77") || !strings.Contains(errOut, "--zstd-dict") {
		t.Errorf("without --zstd-dict: exit %d, %q", code, errOut)
	}
	sampleMatches(t, withDict, switchFixtures+"nx02_v8_quat.bfres.Swivel.expected.json", "--zstd-dict", dictPath)
	if code, _, errOut := runCLI("info", "--zstd-dict", plain, withDict); code != ExitInput || !bytes.Contains([]byte(errOut), []byte("Crane.bfres.zs")) {
		t.Errorf("a non-dictionary as --zstd-dict: exit %d, %q", code, errOut)
	}
}

// A .zs frame declaring 4 GiB is refused before any allocation: one line,
// exit 1.
func TestZstdHugeFrameCLI(t *testing.T) {
	b := []byte{0x28, 0xB5, 0x2F, 0xFD, 0xC0, 0x50}
	b = append(b, 0, 0, 0, 0, 1, 0, 0, 0) // content size 4 GiB (u64 LE)
	b = append(b, 0x01, 0x00, 0x00)
	p := filepath.Join(t.TempDir(), "huge.bfres.zs")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range [][]string{{"info", p}, {"sample", "--json", "--frames", "0", p}} {
		code, _, errOut := runCLI(cmd...)
		if code != ExitInput || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "huge.bfres.zs: zstd:") || !strings.Contains(errOut, "4294967296 bytes, over the 256 MiB limit") {
			t.Errorf("%v: exit %d, %q", cmd, code, errOut)
		}
	}
}
