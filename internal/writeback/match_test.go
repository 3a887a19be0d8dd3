package writeback

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/qmuntal/gltf"

	"github.com/animscope/animscope/anim"
)

func TestMatchJoints(t *testing.T) {
	skel := &anim.Skeleton{Joints: []anim.Joint{
		{Name: "root", Parent: -1, Rest: anim.DefaultBase()},
		{Name: "", Parent: 0, Rest: anim.DefaultBase()},
		{Name: "arm", Parent: 0, Rest: anim.DefaultBase()},
	}}
	if err := skel.Finish(); err != nil {
		t.Fatal(err)
	}
	b := newDoc(&gltf.Node{Name: "Armature"}, &gltf.Node{Name: "root"}, &gltf.Node{Name: "joint 1"},
		&gltf.Node{Name: "arm", Extras: map[string]any{"joint": 7.0}}, &gltf.Node{Name: "arm", Extras: map[string]any{"joint": 2.0}}, &gltf.Node{Name: "Cube"})
	b.doc.Nodes[0].Children = []int{1}
	b.doc.Nodes[1].Children = []int{2, 3, 4}
	b.doc.Scenes[0].Nodes = []int{0, 5}
	b.channel("clip", 0, gltf.TRSTranslation, gltf.InterpolationLinear, []float32{0, 1}, [][3]float32{{0, 0, 0}, {0, 1, 0}})
	b.channel("clip", 4, gltf.TRSRotation, gltf.InterpolationLinear, []float32{0, 1}, [][4]float32{{0, 0, 0, 1}, {0, 0, 1, 0}})
	src := mustRead(t, b.glb(t))
	m, err := MatchJoints(src, skel)
	if err != nil {
		t.Fatal(err)
	}
	if m.Node[0] != 1 || m.Node[1] != 2 || m.Node[2] != 4 {
		t.Errorf("nodes %v, want root→1, the unnamed joint→\"joint 1\" (2), arm→the node whose extras name joint 2 (4)", m.Node)
	}
	// The root moves with the animated Armature node above it; joint 1
	// is not animated; arm is.
	if !m.Driven[0] || m.Driven[1] || !m.Driven[2] {
		t.Errorf("driven %v, want [true false true]", m.Driven)
	}
	if got := strings.Join(m.Ignored, ","); got != "Armature,arm,Cube" {
		t.Errorf("ignored %q", got)
	}
	if got := strings.Join(m.Kept, ","); got != "joint 1" {
		t.Errorf("kept %q", got)
	}

	none := newDoc(&gltf.Node{Name: "Bone"}, &gltf.Node{Name: "Bone.001"})
	none.channel("clip", 0, gltf.TRSTranslation, gltf.InterpolationLinear, []float32{0, 1}, [][3]float32{{0, 0, 0}, {0, 1, 0}})
	_, err = MatchJoints(mustRead(t, none.glb(t)), skel)
	if err == nil || !strings.Contains(err.Error(), `nodes "Bone", "Bone.001"; joints "root", "joint 1", "arm"`) {
		t.Errorf("nothing matching: %v", err)
	}
}

// TestLongerGLTFMakesLongerClip: a glTF running past the target's end
// makes the written clip longer, and a note says so.
func TestLongerGLTFMakesLongerClip(t *testing.T) {
	dir := "../../formats/j3d/testdata/j3dmodel"
	skel := openSkeleton(t, filepath.Join(dir, "biped.bmd"))
	target := readBCK(t, filepath.Join(dir, "wave.bck"))
	orig, _ := target.Clip()
	src := exportGLB(t, skel, orig, "wave")
	m, _ := MatchJoints(src, skel)
	hips := -1
	for j, jt := range skel.Joints {
		if jt.Name == "hips" {
			hips = j
		}
	}
	// Hold the hips' last pose 10 frames longer.
	n := &src.Nodes[m.Node[hips]]
	end := float64(target.Duration+10) / orig.FPS
	tr := &track{comps: 3, interp: interpLinear, times: []float64{0, end}}
	tr.values = append(append(tr.values, n.T[:]...), n.T[:]...)
	if old := n.tracks[pathT]; old != nil {
		v := make([]float64, 3)
		old.eval(0, v)
		copy(tr.values[:3], v)
		old.eval(end, v)
		copy(tr.values[3:], v)
	}
	n.tracks[pathT] = tr
	src.End = end
	res, err := ImportBCK(src, target, skel, DefaultEncoders)
	if err != nil {
		t.Fatal(err)
	}
	got := readBCKData(t, res.Data)
	if int(got.Duration) != int(target.Duration)+10 {
		t.Errorf("duration %d, want %d", got.Duration, target.Duration+10)
	}
	found := false
	for _, note := range res.Notes {
		found = found || strings.Contains(note, "the glTF runs 50 frames, the target 40")
	}
	if !found {
		t.Errorf("no note about the longer glTF in %q", res.Notes)
	}
}
