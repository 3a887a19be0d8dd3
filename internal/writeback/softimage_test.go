package writeback

import (
	"math"
	"testing"

	"github.com/animscope/animscope/anim"
)

// squashScene is a SoftImage skeleton whose body joint squashes
// non-uniformly (x and z shrink while y grows to 3 and falls to 0.2)
// while the joints under it turn: the export gives the body's scale a
// node of its own under the body's chain node.
func squashScene(t *testing.T) (*anim.Skeleton, *anim.Clip) {
	j := func(name string, parent int, ty float64) anim.Joint {
		r := anim.DefaultBase()
		r[anim.TransY] = ty
		return anim.Joint{Name: name, Parent: parent, Rest: r}
	}
	s := &anim.Skeleton{Name: "squash", Mode: anim.J3DSoftImage, Joints: []anim.Joint{
		j("root", -1, 0), j("body", 0, 50), j("spine", 1, 10), j("head", 2, 20), j("arm", 2, 10),
	}}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	curve := func(pts ...[2]float64) anim.Curve {
		h := &anim.Hermite{RotationFrac: anim.NotRotation}
		for _, p := range pts {
			h.Keys = append(h.Keys, anim.HermiteKey{Time: p[0], Value: p[1]})
		}
		return h
	}
	c := &anim.Clip{Name: "squash", Format: "test", Duration: 30, FPS: 30}
	target := func(name string, ch ...anim.Channel) {
		c.Targets = append(c.Targets, anim.Target{Name: name, Kind: anim.JointTarget, TexGen: -1, Index: len(c.Targets), Base: anim.DefaultBase(), Channels: ch})
	}
	target("root")
	target("body",
		anim.Channel{Slot: anim.ScaleX, Curve: curve([2]float64{0, 1}, [2]float64{15, 0.6}, [2]float64{30, 0.8})},
		anim.Channel{Slot: anim.ScaleY, Curve: curve([2]float64{0, 1}, [2]float64{10, 3}, [2]float64{20, 0.2}, [2]float64{30, 1})},
		anim.Channel{Slot: anim.ScaleZ, Curve: curve([2]float64{0, 1}, [2]float64{15, 0.5}, [2]float64{30, 1})},
		anim.Channel{Slot: anim.TransY, Curve: anim.Constant(50)})
	for _, name := range []string{"spine", "head", "arm"} {
		target(name, anim.Channel{Slot: anim.RotX, Curve: curve([2]float64{0, 0}, [2]float64{30, 60})},
			anim.Channel{Slot: anim.RotZ, Curve: curve([2]float64{0, 20}, [2]float64{30, -40})})
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return s, c
}

// TestSoftImageScaleNodeRoundTrip: a SoftImage clip whose body squashes
// comes back from its export as a new BCK that plays it: the body's
// scale read from the node that carries it (its chain node has none),
// every joint within the bound at every eighth of a frame, and the
// body's scale the clip's at every frame.
func TestSoftImageScaleNodeRoundTrip(t *testing.T) {
	skel, clip := squashScene(t)
	src := exportGLB(t, skel, clip, "squash")
	m, err := MatchJoints(src, skel)
	if err != nil {
		t.Fatal(err)
	}
	if w := m.World[1]; w == m.Node[1] || src.Nodes[w].Parent != m.Node[1] {
		t.Errorf("body: world node %d, joint node %d: want the scale node under the joint's", w, m.Node[1])
	}
	res, err := NewBCK(src, skel, DefaultEncoders)
	if err != nil {
		t.Fatal(err)
	}
	got, err := readBCKData(t, res.Data).Clip()
	if err != nil {
		t.Fatal(err)
	}
	if e := worstAgainst(skel, got.UnroundedRotations(), clip, clip.Duration); e > 2 {
		t.Errorf("new BCK is %.3g× the bound from the clip", e)
	}
	pg, pw := anim.NewPose(got), anim.NewPose(clip)
	bg, bw := anim.BindByIndex(got, skel), anim.BindByIndex(clip, skel)
	for f := 0.0; f <= clip.Duration; f++ {
		anim.Evaluate(got, f, pg)
		anim.Evaluate(clip, f, pw)
		g, _ := skel.LocalSRT(1, pg, &bg)
		w, _ := skel.LocalSRT(1, pw, &bw)
		for _, sl := range []anim.Slot{anim.ScaleX, anim.ScaleY, anim.ScaleZ} {
			if math.Abs(g[sl]-w[sl]) > 2e-3*math.Max(1, math.Abs(w[sl])) {
				t.Fatalf("frame %g: body scale slot %d is %.5g, the clip's %.5g", f, sl, g[sl], w[sl])
			}
		}
	}
}
