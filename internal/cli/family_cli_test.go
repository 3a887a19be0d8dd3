package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/sample/sampletest"
)

const familyDir = "../../formats/j3d/testdata/family/"

// TestSampleRuntime: --runtime early truncates BVA's full-frame index and
// clamps the mirrored loop modes; late (the default) rounds half up and
// reflects at end − 1.
func TestSampleRuntime(t *testing.T) {
	visible := func(args ...string) []float64 {
		t.Helper()
		code, out, errOut := runCLI(append([]string{"sample", "--json", familyDir + "bva_visible.bva"}, args...)...)
		if code != 0 {
			t.Fatalf("sample %v: exit %d: %s", args, code, errOut)
		}
		doc, err := sampletest.Read([]byte(out))
		if err != nil {
			t.Fatal(err)
		}
		return doc.Targets[0].Channels[0].Values
	}
	// bva_visible.json shape 0: bytes 1 1 2 0 255 ...; frame 2.5 picks
	// byte 3 (0) rounding, byte 2 (2: shown) truncating.
	if v := visible("--frames", "2.5"); v[0] != 0 {
		t.Errorf("late: shape 0 at 2.5 = %v, want 0", v[0])
	}
	if v := visible("--frames", "2.5", "--runtime", "late"); v[0] != 0 {
		t.Errorf("--runtime late: shape 0 at 2.5 = %v, want 0", v[0])
	}
	if v := visible("--frames", "2.5", "--runtime", "early"); v[0] != 1 {
		t.Errorf("--runtime early: shape 0 at 2.5 = %v, want 1", v[0])
	}
	// Mirrored-loop of the 35-frame clip at time 35: late reflects at 34
	// (frame 33: byte 0), early clamps at 34.999 (truncated to byte 34: 0)
	// — the frames field tells them apart.
	for _, c := range []struct {
		runtime string
		frame   float64
	}{{"late", 33}, {"early", 34.999}} {
		code, out, errOut := runCLI("sample", "--json", familyDir+"bva_visible.bva", "--loop", "mirrored-loop", "--times", "35", "--runtime", c.runtime)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		doc, err := sampletest.Read([]byte(out))
		if err != nil {
			t.Fatal(err)
		}
		if got := doc.Frames[0]; got < c.frame-1e-9 || got > c.frame+1e-9 {
			t.Errorf("%s: time 35 maps to frame %v, want %v", c.runtime, got, c.frame)
		}
	}
	if code, _, errOut := runCLI("sample", "--json", "--frames", "1", "--runtime", "middle", familyDir+"bva_visible.bva"); code != 2 || !strings.Contains(errOut, "--runtime") {
		t.Errorf("--runtime middle: exit %d, %q; want a usage error", code, errOut)
	}
}

// TestFamilyBadInput: a corrupt family file is a one-line error naming the
// file, the format and the offset, exit 1.
func TestFamilyBadInput(t *testing.T) {
	data, err := os.ReadFile(familyDir + "brk_tan1.brk")
	if err != nil {
		t.Fatal(err)
	}
	data[0x20+0x0C] = 0xFF // C entry count 0xFF02: the table runs past the chunk
	bad := filepath.Join(t.TempDir(), "bad.brk")
	if err := os.WriteFile(bad, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range [][]string{{"info", bad}, {"sample", "--json", "--frames", "0", bad}} {
		code, out, errOut := runCLI(cmd...)
		want := "animscope: " + bad + ": brk: offset 0x"
		if code != 1 || out != "" || !strings.HasPrefix(errOut, want) || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "C register table") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and one line starting %q", cmd, code, out, errOut, want)
		}
	}
}
