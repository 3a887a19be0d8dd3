package export

import (
	"fmt"
	"maps"
	"math"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/go-gl/mathgl/mgl64"
)

// BenchmarkExportSoftImageSquash exports a clip shaped like Super Mario
// Galaxy 2's PetitPorterStart.bck on MetalMario.bdl (J3D SoftImage
// hierarchy, 65 frames): the body joint under the root squashes
// non-uniformly, its y scale rising to 5 and falling to 0.01 within ten
// frames, while the joints under it turn. SoftImage scales a child's
// translation but not its basis. Exported as one node per joint, every
// child node had to counter-scale its parent in glTF's T·R·S (its scale
// following 1/s, which lerped keys follow only when dense) and took the
// nearest T·R·S of a sheared matrix: the real clip exported as 2.3 MB
// with 139,782 keys in 14 s CPU and 1.1 GB. The body's scale now has a
// node of its own (layout.go). This measures it on a generated file
// (keys and MiB per export).
func BenchmarkExportSoftImageSquash(b *testing.B) {
	sc := squashScene()
	keys := 0
	if doc, _, err := Build(sc); err == nil {
		for _, a := range doc.Animations {
			for _, sm := range a.Samplers {
				keys += int(doc.Accessors[sm.Input].Count)
			}
		}
	}
	benchExport(b, sc)
	b.ReportMetric(float64(keys), "keys")
}

// squashScene is the clip BenchmarkExportSoftImageSquash exports, on its
// skeleton.
func squashScene() Scene {
	j := func(name string, parent int, ty float64) anim.Joint {
		r := anim.DefaultBase()
		r[anim.TransY] = ty
		return anim.Joint{Name: name, Parent: parent, Rest: r}
	}
	s := &anim.Skeleton{Name: "squash", Mode: anim.J3DSoftImage, Joints: []anim.Joint{
		j("All_Root", -1, 0), j("Center", 0, 50), j("JointRoot", 1, 0), j("Hip", 2, -5), j("LegL", 3, -20), j("FootL", 4, -20),
		j("Spine1", 2, 10), j("Spine2", 6, 15), j("Head", 7, 20), j("ArmL", 7, 10), j("HandL", 9, 15),
	}}
	if err := s.Finish(); err != nil {
		panic(err)
	}
	k := func(f, v float64) anim.HermiteKey { return anim.HermiteKey{Time: f, Value: v} }
	c := &anim.Clip{Name: "PetitPorterStart", Format: "test", Duration: 65, FPS: 30}
	joint := func(name string, ch ...anim.Channel) {
		c.Targets = append(c.Targets, anim.Target{Name: name, Kind: anim.JointTarget, TexGen: -1, Base: anim.DefaultBase(), Channels: ch})
	}
	joint("Center",
		anim.Channel{Slot: anim.ScaleX, Curve: hermite(k(0, 1), k(15, 0.74), k(35, 0.74), k(40, 0.18), k(50, 0.11), k(65, 0.11))},
		anim.Channel{Slot: anim.ScaleY, Curve: hermite(k(0, 1), k(15, 1.7), k(35, 1.0), k(40, 5.1), k(45, 4.7), k(50, 0.01), k(65, 0.01))},
		anim.Channel{Slot: anim.ScaleZ, Curve: hermite(k(0, 1), k(15, 0.74), k(35, 0.66), k(40, 0.09), k(50, 0.1), k(65, 0.1))})
	for _, name := range []string{"JointRoot", "Hip", "Spine1", "Spine2", "Head", "ArmL"} {
		joint(name, anim.Channel{Slot: anim.RotX, Curve: hermite(k(0, 0), k(30, 40), k(65, -20))},
			anim.Channel{Slot: anim.RotZ, Curve: hermite(k(0, 10), k(40, -30), k(65, 5))})
	}
	if err := c.Validate(); err != nil {
		panic(err)
	}
	return Scene{Skeleton: s, Clips: []Clip{{Clip: c, Source: "PetitPorterStart.bck"}}}
}

// TestSoftImageScaleNodes: the squash clip exported plays within the
// bound in both players, and every joint's glTF world matrix is the
// game's whole matrix (anim.Skeleton.World), scale and axes, not only
// its position: the node the skin follows (its scale node where the
// layout splits it) has no shear to approximate. No node but a scale
// node, or a leaf, carries a scale channel.
func TestSoftImageScaleNodes(t *testing.T) {
	sc := squashScene()
	skel, clip := sc.Skeleton, sc.Clips[0].Clip
	d, _ := exportFile(t, "softimage-squash.glb", sc)
	checkWorld(t, d, skel, clip, sc.Clips[0].Source, false)
	ai := d.animation(t, clipName(sc.Clips[0]))
	skin := d.scaleNodes(t)
	if len(skin) == len(d.jointNodes(t)) && maps.Equal(skin, d.jointNodes(t)) {
		t.Fatal("no joint has a scale node")
	}
	bind := formats.Bind(clip, skel)
	pose := anim.NewPose(clip.UnroundedRotations())
	game := make([]mgl64.Mat4, len(skel.Joints))
	for _, f := range []float64{0, 12.5, 38, 40.37, 47.2, 50, 64} {
		anim.Evaluate(clip.UnroundedRotations(), f, pose)
		skel.World(pose, &bind, game)
		got := d.world(d.pose(t, ai, f/clip.FPS))
		for j := range skel.Joints {
			g, w := got[skin[j]], game[j]
			// The axes within 0.5% of their length (or of 1), the
			// position within the bound.
			bad := dist([3]float64{g[12], g[13], g[14]}, [3]float64{w[12], w[13], w[14]}) > PositionBound([3]float64{w[12], w[13], w[14]})
			for c := 0; c < 3; c++ {
				l := math.Max(1, w.Col(c).Vec3().Len())
				bad = bad || g.Col(c).Vec3().Sub(w.Col(c).Vec3()).Len() > 5e-3*l
			}
			if bad {
				t.Fatalf("frame %g joint %s: glTF world %v, the game's %v", f, skel.Joints[j].Name, g, w)
			}
		}
	}
	kids := map[int]bool{}
	for _, jt := range skel.Joints {
		kids[jt.Parent] = true
	}
	nodes := d.jointNodes(t)
	for _, ch := range d.Animations[ai].Channels {
		if ch.Target.Path != "scale" {
			continue
		}
		for j, n := range nodes {
			if n == *ch.Target.Node && kids[j] {
				t.Errorf("joint %s's node, with children, carries a scale channel", skel.Joints[j].Name)
			}
		}
	}
}

// TestSameKeysShareAccessors: key accessors of the same kind and values
// are one accessor, which every sampler using those keys reads: in the
// squash clip the scale nodes under the body carry its accumulated scale
// alike, and many channels share their key times.
func TestSameKeysShareAccessors(t *testing.T) {
	d, _ := exportFile(t, "softimage-squash-shared.glb", squashScene())
	type kind struct {
		typ        string
		comp       int
		normalized bool
		values     string
	}
	seen := map[kind]int{}
	users := map[int]int{}
	for _, a := range d.Animations {
		for _, s := range a.Samplers {
			for _, acc := range []int{s.Input, s.Output} {
				users[acc]++
				v, _ := d.floats(t, acc)
				ga := d.Accessors[acc]
				k := kind{ga.Type, ga.ComponentType, ga.Normalized, fmt.Sprint(v)}
				if other, ok := seen[k]; ok && other != acc {
					t.Errorf("accessors %d and %d hold the same %d keys", other, acc, len(v))
				}
				seen[k] = acc
			}
		}
	}
	shared := 0
	for _, n := range users {
		if n > 1 {
			shared++
		}
	}
	if shared == 0 {
		t.Error("no accessor is read by two samplers")
	}
}

// TestBufferReservesWhatItHolds: a long clip first and many short ones
// after it reserve no more than a few times what they write (the room
// made for the clips to come follows the clips' size so far, which the
// long one would inflate a hundredfold).
func TestBufferReservesWhatItHolds(t *testing.T) {
	sc := squashScene()
	for i := range 100 {
		c := &anim.Clip{Name: fmt.Sprintf("still%d", i), Format: "test", Duration: 2, FPS: 30}
		c.Targets = []anim.Target{{Name: "Center", Kind: anim.JointTarget, TexGen: -1, Base: anim.DefaultBase(),
			Channels: []anim.Channel{{Slot: anim.RotY, Curve: anim.Constant(float64(i))}}}}
		sc.Clips = append(sc.Clips, Clip{Clip: c, Source: "still.bck"})
	}
	doc, _, err := Build(sc)
	if err != nil {
		t.Fatal(err)
	}
	data := doc.Buffers[0].Data
	if cap(data) > 4*len(data)+1<<16 {
		t.Errorf("buffer holds %d bytes in %d reserved", len(data), cap(data))
	}
}
