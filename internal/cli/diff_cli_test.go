package cli

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/j3dtest"
	"github.com/animscope/animscope/internal/app/apptest"
)

// diffJSON is animscope diff --json as the contract states it.
type diffJSON struct {
	Same        *bool `json:"same"`
	Differences []struct {
		Target     *string  `json:"target"`
		Index      *int     `json:"index"`
		Channel    string   `json:"channel"`
		MaxDiff    *float64 `json:"maxDiff"`
		AtFrame    *float64 `json:"atFrame"`
		FirstFrame *float64 `json:"firstFrame"`
		OnlyIn     string   `json:"onlyIn"`
	} `json:"differences"`
	Headers []struct{ Field, A, B string } `json:"headers"`
}

// runDiffJSON runs diff --json and decodes its output, checking the exit
// status against "same".
func runDiffJSON(t *testing.T, args ...string) (int, diffJSON) {
	t.Helper()
	code, out, errOut := runCLI(append([]string{"diff", "--json"}, args...)...)
	var d diffJSON
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("diff %q: exit %d, stderr %q, output not JSON: %v\n%s", args, code, errOut, err, out)
	}
	if d.Same == nil || d.Differences == nil {
		t.Fatalf("diff %q: output lacks same or differences:\n%s", args, out)
	}
	if want := map[bool]int{true: 0, false: 1}[*d.Same]; code != want {
		t.Fatalf("diff %q: exit %d with same=%v (stderr %q)", args, code, *d.Same, errOut)
	}
	return code, d
}

// The test's BCK: three joints, every track a constant but joint 1's
// rotation.y, three keys (time, value, tangent; tangent mode 0) at frames
// 0, 10 and 20. key10 is the raw s16 value of the middle key.
func keyedBCK(key10 int16, little bool) *j3d.BCK {
	constant := j3d.TrackSet{}
	for i := range constant {
		constant[i] = j3d.Track{Count: 1, Index: 0}
	}
	keyed := constant
	keyed[4] = j3d.Track{Count: 3, Index: 1} // rotation.y: Y is the second component
	b := &j3d.BCK{LoopMode: 2, Duration: 20, Joints: []j3d.TrackSet{constant, keyed, constant}}
	b.File.LittleEndian = little
	b.Scale = []float32{1}
	b.Translation = []float32{0}
	b.Rotation = []int16{0, 0, 0, 0, 10, key10, 0, 20, 0, 0}
	return b
}

func writeBCK(t *testing.T, dir, name string, b *j3d.BCK) string {
	t.Helper()
	data, err := j3dtest.EncodeBCK(b)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestDiffIdentical: a file against itself and against a byte-for-byte
// copy is the same: exit 0, "same": true, no differences.
func TestDiffIdentical(t *testing.T) {
	dir := t.TempDir()
	a := writeBCK(t, dir, "a.bck", keyedBCK(4096, false))
	b := writeBCK(t, dir, "b.bck", keyedBCK(4096, false))
	for _, args := range [][]string{{a, a}, {a, b}, {"testdata/walk.bck", "testdata/walk.bck", "--model", "testdata/biped.bmd"}} {
		_, d := runDiffJSON(t, args...)
		if !*d.Same || len(d.Differences) != 0 || len(d.Headers) != 0 {
			t.Errorf("diff %q: %+v, want the same", args, d)
		}
	}
	code, out, _ := runCLI("diff", a, b)
	if code != ExitOK || !strings.HasPrefix(out, "same: 27 channels (3 targets)") {
		t.Errorf("diff table: exit %d\n%s", code, out)
	}
}

// TestDiffOneKeyChanged: the middle key of one rotation track moved by
// 500 raw units is reported as exactly that channel, with the largest
// difference at the key (where the Hermite basis of the key is 1 and the
// others' 0) and the first half frame where the difference, Δ·h01(s) on
// the segment before the key, passes 1e-3 degrees.
func TestDiffOneKeyChanged(t *testing.T) {
	dir := t.TempDir()
	a := writeBCK(t, dir, "orig.bck", keyedBCK(4096, false))
	b := writeBCK(t, dir, "edited.bck", keyedBCK(4096+500, false))
	// J3D rotations: degrees = raw · 180 / 32768 (rotation frac 0).
	wantMax := 500 * 180.0 / 32768
	var wantFirst float64 = -1
	for f := 0.0; f <= 10; f += 0.5 {
		s := f / 10
		if wantMax*(3*s*s-2*s*s*s) > 1e-3 {
			wantFirst = f
			break
		}
	}
	code, d := runDiffJSON(t, a, b)
	if code != 1 || *d.Same || len(d.Differences) != 1 || len(d.Headers) != 0 {
		t.Fatalf("diff: exit %d %+v, want one difference", code, d)
	}
	r := d.Differences[0]
	if *r.Target != "" || *r.Index != 1 || r.Channel != "rotation.y" || r.OnlyIn != "" {
		t.Errorf("difference at target %q index %d channel %q onlyIn %q, want joint 1 rotation.y", *r.Target, *r.Index, r.Channel, r.OnlyIn)
	}
	if math.Abs(*r.MaxDiff-wantMax) > 1e-9 || *r.AtFrame != 10 || r.FirstFrame == nil || *r.FirstFrame != wantFirst {
		t.Errorf("maxDiff %v at %v first %v, want %v at 10 first %v", *r.MaxDiff, *r.AtFrame, r.FirstFrame, wantMax, wantFirst)
	}
	// A tolerance above the change makes them the same; one below not.
	if code, _ := runDiffJSON(t, a, b, "--tolerance", "2.75"); code != 0 {
		t.Errorf("--tolerance 2.75 (change %.4f°): exit %d, want 0", wantMax, code)
	}
	if code, _ := runDiffJSON(t, a, b, "--tolerance", "2.74"); code != 1 {
		t.Errorf("--tolerance 2.74 (change %.4f°): exit %d, want 1", wantMax, code)
	}
	// Frames between the keys only: the largest difference is at the
	// nearest frame, 9 (h01(0.9) = 0.972).
	_, d = runDiffJSON(t, a, b, "--frames", "0:9")
	if r := d.Differences[0]; *r.AtFrame != 9 || math.Abs(*r.MaxDiff-wantMax*0.972) > 1e-9 {
		t.Errorf("--frames 0:9: maxDiff %v at %v, want %v at 9", *r.MaxDiff, *r.AtFrame, wantMax*0.972)
	}
	code, out, _ := runCLI("diff", a, b)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 3 || !strings.Contains(lines[1], "rotation.y") || !strings.HasPrefix(lines[2], "1 of 27 channels") {
		t.Errorf("diff table: exit %d\n%s", code, out)
	}
}

// TestDiffHeadersAndTargets: a loop mode, a duration and a joint only
// one file has are differences.
func TestDiffHeadersAndTargets(t *testing.T) {
	dir := t.TempDir()
	a := writeBCK(t, dir, "a.bck", keyedBCK(4096, false))
	other := keyedBCK(4096, false)
	other.LoopMode, other.Duration = 0, 25
	other.Joints = other.Joints[:2]
	b := writeBCK(t, dir, "b.bck", other)
	_, d := runDiffJSON(t, a, b)
	if *d.Same || len(d.Headers) != 2 || d.Headers[0].Field != "duration" || d.Headers[0].A != "20" || d.Headers[0].B != "25" ||
		d.Headers[1].Field != "loopMode" || d.Headers[1].A != "loop" || d.Headers[1].B != "once" {
		t.Errorf("headers %+v", d.Headers)
	}
	if len(d.Differences) != 1 || *d.Differences[0].Index != 2 || d.Differences[0].OnlyIn != "a" || d.Differences[0].Channel != "*" {
		t.Errorf("differences %+v, want joint 2 only in A", d.Differences)
	}
}

// TestDiffLittleEndianTwin: a BCK and the same data written little-endian
// (the family fixture bck_le.bck, and its big-endian twin written by the
// test's encoder) are the same.
func TestDiffLittleEndianTwin(t *testing.T) {
	dir := t.TempDir()
	le := familyDir + "bck_le.bck"
	b := apptest.ReadBCK(t, le)
	if !b.File.LittleEndian {
		t.Fatal("bck_le.bck is not little-endian")
	}
	b.File.LittleEndian = false
	be := writeBCK(t, dir, "bck_be.bck", b)
	beData, _ := os.ReadFile(be)
	if string(beData[:8]) != "J3D1bck1" {
		t.Fatalf("twin magic %q, want the big-endian J3D1bck1", beData[:8])
	}
	for _, args := range [][]string{{le, be}, {be, le}} {
		if code, d := runDiffJSON(t, args...); code != 0 {
			t.Errorf("diff %q: exit %d %+v", args, code, d)
		}
	}
	dirLE := writeBCK(t, dir, "keyed_le.bck", keyedBCK(4096, true))
	dirBE := writeBCK(t, dir, "keyed_be.bck", keyedBCK(4096, false))
	if code, d := runDiffJSON(t, dirLE, dirBE); code != 0 {
		t.Errorf("keyed BCK against its little-endian twin: exit %d %+v", code, d)
	}
}

// TestDiffWiiUAgainstSwitch: the Wii U twins of Switch fixtures
// (formats/bfres/testdata/wiiu_twin) are the same as the Switch files,
// for every animation, at the default frames and at the goldens' (which
// reach past both ends), with and without the file's model.
func TestDiffWiiUAgainstSwitch(t *testing.T) {
	const twins = "../../formats/bfres/testdata/wiiu_twin/"
	for _, c := range []struct{ name, clip, frames string }{
		{"nx01_v5_euler", "Reach", ""},
		{"nx01_v5_euler", "Reach", "-10:60:0.25"},
		{"nx02_v8_quat", "Swivel", "-5.5:40:0.75"},
		{"nx02_v8_quat", "Bob", ""},
	} {
		args := []string{twins + c.name + ".wiiu.bfres", switchFixtures + c.name + ".bfres", "--clip", c.clip}
		if c.frames != "" {
			args = append(args, "--frames", c.frames)
		}
		if code, d := runDiffJSON(t, args...); code != 0 {
			t.Errorf("diff %q: exit %d %+v", args, code, d)
		}
		withModel := append(args, "--model", switchFixtures+c.name+".bfres")
		if code, d := runDiffJSON(t, withModel...); code != 0 {
			t.Errorf("diff %q: exit %d %+v", withModel, code, d)
		}
	}
	// Two different clips of one file are not the same: the check can fail.
	code, d := runDiffJSON(t, switchFixtures+"nx02_v8_quat.bfres", twins+"nx02_v8_quat.wiiu.bfres", "--clip", "Swivel", "--clip-b", "Bob")
	if code != 1 || len(d.Differences) == 0 {
		t.Errorf("Swivel against Bob: exit %d %+v", code, d)
	}
}

// TestDiffTrouble: a bad command line or a bad file is exit 2, with one
// line on stderr; -h is exit 0.
func TestDiffTrouble(t *testing.T) {
	dir, garbage := garbageFile(t)
	ok := writeBCK(t, dir, "ok.bck", keyedBCK(0, false))
	for _, c := range []struct {
		args   []string
		errHas string
	}{
		{[]string{"diff", ok}, "want two files A and B, got 1"},
		{[]string{"diff", ok, ok, ok}, "want two files A and B, got 3"},
		{[]string{"diff", ok, ok, "--clip-b", "x"}, "--clip-b goes with --clip"},
		{[]string{"diff", ok, ok, "--frames", "5:1"}, "--frames"},
		{[]string{"diff", ok, ok, "--tolerance", "-1"}, "must not be negative"},
		{[]string{"diff", ok, ok, "--bogus"}, "flag provided but not defined"},
		{[]string{"diff", ok, garbage}, "garbage.bck: unknown file type"},
		{[]string{"diff", filepath.Join(dir, "missing.bck"), ok}, "missing.bck: no such file"},
		{[]string{"diff", ok, ok, "--clip", "Nope"}, `no animation named "Nope"`},
		{[]string{"diff", ok, ok, "--model", garbage}, "garbage.bck: unknown file type"},
	} {
		code, out, errOut := runCLI(c.args...)
		// A flag the set does not know prints the usage, as in every command.
		if code != 2 || out != "" && !strings.Contains(c.errHas, "not defined") || !strings.Contains(errOut, c.errHas) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errOut, c.errHas)
		}
	}
	if code, out, _ := runCLI("diff", "-h"); code != 0 || !strings.Contains(out, "Usage: animscope diff A B") || !strings.Contains(out, "2 trouble") {
		t.Errorf("diff -h: exit %d\n%s", code, out)
	}
}

// TestDiffTextureSRT: a BTK with one translation key moved by 0.25 is
// reported on that entry (its material name and texGen) and channel, by
// 0.25 at the key; material clips compare like joints.
func TestDiffTextureSRT(t *testing.T) {
	src := "../../formats/j3d/testdata/btk_multi.btk"
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	b, err := j3d.DecodeBTK(data)
	if err != nil {
		t.Fatal(err)
	}
	entry, axis, key := -1, 0, 0.0
	for e := range b.Entries {
		for ax := range 3 {
			tr := b.Entries[e][ax*3+2] // translation tracks are 2, 5 and 8
			if tr.Count < 2 || entry >= 0 {
				continue
			}
			per := tr.ValuesPerKey()
			vals := append([]float32(nil), b.Translation[tr.Index:int(tr.Index)+int(tr.Count)*per]...)
			vals[per+1] += 0.25
			b.Entries[e][ax*3+2].Index = uint16(len(b.Translation))
			b.Translation = append(b.Translation, vals...)
			entry, axis, key = e, ax, float64(vals[per])
		}
	}
	if entry < 0 {
		t.Fatal("btk_multi.btk has no keyed translation")
	}
	out, err := j3dtest.EncodeBTK(b)
	if err != nil {
		t.Fatal(err)
	}
	edited := filepath.Join(t.TempDir(), "edited.btk")
	if err := os.WriteFile(edited, out, 0o644); err != nil {
		t.Fatal(err)
	}
	code, d := runDiffJSON(t, src, edited, "--frames", "0:60:0.25")
	wantChannel := [3]string{"translation.s", "translation.t", "translation.q"}[axis]
	if code != 1 || len(d.Differences) != 1 {
		t.Fatalf("exit %d %+v, want one difference", code, d)
	}
	r := d.Differences[0]
	if *r.Index != entry || *r.Target != b.Names[entry].Name || r.Channel != wantChannel || math.Abs(*r.MaxDiff-0.25) > 1e-6 || *r.AtFrame != key {
		t.Errorf("%+v: target %q index %d, want entry %d (%q) %s by 0.25 at %v", r, *r.Target, *r.Index, entry, b.Names[entry].Name, wantChannel, key)
	}
}
