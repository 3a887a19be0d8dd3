package cli

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/archive"
)

const bipedSZS = "../../formats/archive/testdata/biped.szs"

// poseWorst poses two clips on skel at every eighth of a frame and returns
// the largest joint distance as a fraction of the export's bound
// 1e-3·max(1,|w|) at the reference clip's joint.
func poseWorst(skel *anim.Skeleton, got, want *anim.Clip) float64 {
	n := len(skel.Joints)
	bg, bw := formats.Bind(got, skel), formats.Bind(want, skel)
	pg, pw := anim.NewPose(got), anim.NewPose(want)
	wg, ww := make([]mgl64.Mat4, n), make([]mgl64.Mat4, n)
	worst := 0.0
	for i := 0; float64(i) <= want.Duration*8; i++ {
		f := float64(i) / 8
		anim.Evaluate(got, f, pg)
		anim.Evaluate(want, f, pw)
		skel.World(pg, &bg, wg)
		skel.World(pw, &bw, ww)
		for j := range n {
			w := mgl64.Vec3{ww[j][12], ww[j][13], ww[j][14]}
			g := mgl64.Vec3{wg[j][12], wg[j][13], wg[j][14]}
			worst = math.Max(worst, g.Sub(w).Len()/(1e-3*math.Max(1, w.Len())))
		}
	}
	return worst
}

func openAsset(t *testing.T, name string, data []byte) *formats.Asset {
	t.Helper()
	a, err := formats.Open(name, data)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestImportOntoArchiveEntry: export the wave clip of a Yaz0 RARC, import
// the glTF onto the same entry: OUT is a Yaz0 RARC whose other entries
// are byte-identical, whose wave clip poses every joint within the bound
// of the original, and the input is untouched.
func TestImportOntoArchiveEntry(t *testing.T) {
	dir := t.TempDir()
	orig, err := os.ReadFile(bipedSZS)
	if err != nil {
		t.Fatal(err)
	}
	glb := filepath.Join(dir, "wave.glb")
	target := bipedSZS + ":biped/bck/wave.bck"
	model := bipedSZS + ":biped/bmdl/biped.bmd"
	if code, _, errOut := runCLI("export", target, "--model", model, "--out", glb); code != 0 {
		t.Fatalf("export: %d %s", code, errOut)
	}
	out := filepath.Join(dir, "biped.szs")
	code, stdout, errOut := runCLI("import", glb, "--onto", target, "--model", model, "--out", out)
	if code != 0 {
		t.Fatalf("import: exit %d: %s", code, errOut)
	}
	if !strings.HasPrefix(stdout, out+": BCK from "+glb) || strings.Count(stdout, "\n") != 1 {
		t.Errorf("stdout %q, want one line about %s", stdout, out)
	}
	if after, _ := os.ReadFile(bipedSZS); !bytes.Equal(after, orig) {
		t.Fatal("the input archive changed")
	}
	written, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !archive.IsYaz0(written) {
		t.Error("OUT is not Yaz0-compressed like the target")
	}
	a, b := openAsset(t, "orig.szs", orig), openAsset(t, "new.szs", written)
	for _, e := range a.Archive.Entries() {
		x, _ := a.Archive.Read(e.Path)
		y, err := b.Archive.Read(e.Path)
		if err != nil {
			t.Fatalf("%s missing from OUT: %v", e.Path, err)
		}
		if e.Path != "biped/bck/wave.bck" && !bytes.Equal(x, y) {
			t.Errorf("%s changed", e.Path)
		}
	}
	oldWave, _ := a.Archive.Read("biped/bck/wave.bck")
	newWave, _ := b.Archive.Read("biped/bck/wave.bck")
	bmd, _ := a.Archive.Read("biped/bmdl/biped.bmd")
	skel := openAsset(t, "biped.bmd", bmd).Skeletons[0]
	wOld, wNew := openAsset(t, "wave.bck", oldWave).Clips[0], openAsset(t, "wave.bck", newWave).Clips[0]
	if wNew.Loop != wOld.Loop || wNew.Duration != wOld.Duration {
		t.Errorf("loop %v duration %v, want the target's %v %v", wNew.Loop, wNew.Duration, wOld.Loop, wOld.Duration)
	}
	if e := poseWorst(skel, wNew, wOld); e > 1 {
		t.Errorf("the written wave is %.3f× the bound from the original", e)
	}
}

func TestImportRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	bck := filepath.Join(dir, "wave.bck")
	data, _ := os.ReadFile("../../formats/j3d/testdata/j3dmodel/wave.bck")
	os.WriteFile(bck, data, 0o644)
	notGLTF := filepath.Join(dir, "x.glb")
	os.WriteFile(notGLTF, []byte("glTF\x02\x00\x00\x00nonsense"), 0o644)
	model := "../../formats/j3d/testdata/j3dmodel/biped.bmd"
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"import", notGLTF, "--onto", bck, "--model", model, "--out", bck}, 2, "refusing to overwrite an input"},
		{[]string{"import", notGLTF, "--onto", bck, "--model", model, "--out", notGLTF}, 2, "refusing to overwrite an input"},
		{[]string{"import", notGLTF, "--onto", bck, "--model", model, "--out", filepath.Join(dir, "o.bck")}, 1, "x.glb: not a readable glTF"},
		{[]string{"import", notGLTF, "--model", model, "--out", filepath.Join(dir, "o.bck")}, 2, "--onto TARGET is required"},
		// A target inside an archive makes OUT the whole archive: a .bck
		// name for it is refused.
		{[]string{"import", notGLTF, "--onto", "../../formats/archive/testdata/biped.szs:biped/bck/wave.bck", "--model", model, "--out", filepath.Join(dir, "wave.bck")}, 2, "would hold a whole .szs file"},
	} {
		code, _, errOut := runCLI(c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want %d and one line with %q", c.args[1:], code, errOut, c.code, c.want)
		}
	}
	if after, _ := os.ReadFile(bck); !bytes.Equal(after, data) {
		t.Error("an input was written")
	}
}

// TestWatchConvertsAgainOnChange: the watch converts once, then once per
// settled change of the file (written in place or renamed over), and
// not for other files of the folder.
func TestWatchConvertsAgainOnChange(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "anim.glb")
	os.WriteFile(p, []byte("1"), 0o644)
	var runs atomic.Int32
	ready := make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		done <- watchFile(ctx, p, func() { runs.Add(1) }, func() { close(ready) })
	}()
	<-ready
	waitFor := func(n int32) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for runs.Load() < n && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if got := runs.Load(); got != n {
			t.Fatalf("%d conversions, want %d", got, n)
		}
	}
	waitFor(1)
	os.WriteFile(p, []byte("22"), 0o644)
	waitFor(2)
	tmp := filepath.Join(dir, "tmp.glb")
	os.WriteFile(tmp, []byte("333"), 0o644)
	time.Sleep(3 * watchQuiet)
	if runs.Load() != 2 {
		t.Fatalf("another file's change converted again")
	}
	os.Rename(tmp, p)
	waitFor(3)
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
