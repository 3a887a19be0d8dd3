package writeback

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/internal/export"
)

var testEncoders = DefaultEncoders

// exportGLB exports clip on skel as animscope export does and reads it
// back as a Source.
func exportGLB(t testing.TB, skel *anim.Skeleton, clip *anim.Clip, name string) *Source {
	t.Helper()
	doc, _, err := export.Build(export.Scene{Skeleton: skel, Clips: []export.Clip{{Clip: clip, Source: name}}})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := export.WriteGLB(&buf, doc); err != nil {
		t.Fatal(err)
	}
	src, err := ReadGLTF(name+".glb", buf.Bytes(), nil, "", "")
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func openSkeleton(t testing.TB, path string) *anim.Skeleton {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := formats.Open(filepath.Base(path), data)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Skeletons) == 0 {
		t.Fatalf("%s: no skeleton", path)
	}
	return a.Skeletons[0]
}

func readBCK(t testing.TB, path string) *j3d.BCK {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := j3d.DecodeBCK(data)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRoundTripFixtureBCK exports each golden J3D clip with its model,
// imports the glTF onto the same BCK and poses the written file (decoded
// again) against the glTF and against the original file: every joint
// within the export's world bound at every eighth of a frame.
func TestRoundTripFixtureBCK(t *testing.T) {
	dir := "../../formats/j3d/testdata/j3dmodel"
	for _, c := range []struct{ bck, model string }{{"walk.bck", "biped.bmd"}, {"wave.bck", "biped.bmd"}, {"pulse.bck", "maya_ssc.bmd"}} {
		t.Run(c.bck, func(t *testing.T) {
			skel := openSkeleton(t, filepath.Join(dir, c.model))
			target := readBCK(t, filepath.Join(dir, c.bck))
			orig, err := target.Clip()
			if err != nil {
				t.Fatal(err)
			}
			src := exportGLB(t, skel, orig, c.bck)
			res, err := ImportBCK(src, target, skel, testEncoders)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("worst %.3f of the bound at %s, keys %d -> %d, passes %d, notes %q", res.Worst, res.WorstJoint, res.KeysBefore, res.Keys, res.Passes, res.Notes)
			got := readBCKData(t, res.Data)
			if got.LoopMode != target.LoopMode || got.Duration != target.Duration || got.File.LittleEndian != target.File.LittleEndian || len(got.Joints) != len(target.Joints) {
				t.Errorf("header: loop %d duration %d little %v joints %d, want the target's %d %d %v %d", got.LoopMode, got.Duration, got.File.LittleEndian, len(got.Joints), target.LoopMode, target.Duration, target.File.LittleEndian, len(target.Joints))
			}
			clip, err := got.Clip()
			if err != nil {
				t.Fatal(err)
			}
			if e := worstAgainst(skel, clip, orig, float64(target.Duration)); e > 1 {
				t.Errorf("written file is %.3f× the bound from the original", e)
			}
		})
	}
}

// worstAgainst poses two clips on skel at every eighth of a frame and
// returns the largest joint distance as a fraction of the bound at the
// reference clip's joint.
func worstAgainst(skel *anim.Skeleton, got, want *anim.Clip, duration float64) float64 {
	var frames []float64
	for i := 0; float64(i) <= duration*8; i++ {
		frames = append(frames, float64(i)/8)
	}
	return worstAgainstFrames(skel, got, want, frames)
}

// worstAgainstFrames is worstAgainst at the given frames.
func worstAgainstFrames(skel *anim.Skeleton, got, want *anim.Clip, frames []float64) float64 {
	n := len(skel.Joints)
	bg, bw := anim.BindByIndex(got, skel), anim.BindByIndex(want, skel)
	pg, pw := anim.NewPose(got), anim.NewPose(want)
	wg, ww := make([]mgl64.Mat4, n), make([]mgl64.Mat4, n)
	worst := 0.0
	for _, f := range frames {
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

func readBCKData(t testing.TB, data []byte) *j3d.BCK {
	t.Helper()
	b, err := j3d.DecodeBCK(data)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
