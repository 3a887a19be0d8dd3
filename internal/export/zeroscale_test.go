package export

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
)

// zeroScaleSkeleton is a root, a joint "parts" under it (as SMG2 Mario's
// PartsControl) and a child "tip" under parts, in the given mode.
func zeroScaleSkeleton(t *testing.T, mode anim.HierarchyMode) *anim.Skeleton {
	j := func(name string, parent int, tr [3]float64) anim.Joint {
		r := anim.DefaultBase()
		r[anim.TransX], r[anim.TransY], r[anim.TransZ] = tr[0], tr[1], tr[2]
		return anim.Joint{Name: name, Parent: parent, Rest: r, ScaleCompensate: parent > 0}
	}
	s := &anim.Skeleton{Name: "zs", Mode: mode, Joints: []anim.Joint{
		j("root", -1, [3]float64{0, 1, 0}),
		j("parts", 0, [3]float64{1, 2, 3}),
		j("tip", 1, [3]float64{0.5, 4, 5}),
	}}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	return s
}

// zeroScaleClip scales parts' X to zero while it is turned (-2° about Y
// as Mario's PartsControl, and a turn about Z at 1.5° a frame); the root turns
// and its scale pulses, the same on every axis (so that Maya's
// compensation under it is no plain product, yet every rule leaves parts'
// node the game's rotation), the tip turns about X (which a zero X scale
// above it keeps in the plane the parent spans).
func zeroScaleClip() *anim.Clip {
	k := func(f, v float64) anim.HermiteKey { return anim.HermiteKey{Time: f, Value: v} }
	pulse := hermite(k(0, 1), k(10, 1.3), k(20, 1))
	c := &anim.Clip{Name: "zero", Format: "test", Duration: 20, FPS: 30, Loop: anim.Loop}
	joint := func(name string, ch ...anim.Channel) anim.Target {
		return anim.Target{Name: name, Kind: anim.JointTarget, TexGen: -1, Base: anim.DefaultBase(), Channels: ch}
	}
	c.Targets = []anim.Target{
		joint("root", anim.Channel{Slot: anim.RotY, Curve: hermite(k(0, 0), k(20, 40))},
			anim.Channel{Slot: anim.ScaleX, Curve: pulse}, anim.Channel{Slot: anim.ScaleY, Curve: pulse},
			anim.Channel{Slot: anim.ScaleZ, Curve: pulse},
			anim.Channel{Slot: anim.TransY, Curve: anim.Constant(1)}),
		joint("parts", anim.Channel{Slot: anim.ScaleX, Curve: anim.Constant(0)},
			anim.Channel{Slot: anim.RotX, Curve: anim.Constant(-0.02197265625)},
			anim.Channel{Slot: anim.RotY, Curve: anim.Constant(-2.0654296875)},
			anim.Channel{Slot: anim.RotZ, Curve: hermite(anim.HermiteKey{Time: 0, Value: 0, In: 1.5, Out: 1.5}, anim.HermiteKey{Time: 20, Value: 30, In: 1.5, Out: 1.5})},
			anim.Channel{Slot: anim.TransX, Curve: anim.Constant(1)}, anim.Channel{Slot: anim.TransY, Curve: anim.Constant(2)},
			anim.Channel{Slot: anim.TransZ, Curve: anim.Constant(3)}),
		joint("tip", anim.Channel{Slot: anim.RotX, Curve: hermite(k(0, 10), k(20, 50))},
			anim.Channel{Slot: anim.TransX, Curve: anim.Constant(0.5)}, anim.Channel{Slot: anim.TransY, Curve: anim.Constant(4)},
			anim.Channel{Slot: anim.TransZ, Curve: anim.Constant(5)}),
	}
	return c
}

// TestZeroScaleKeepsRotation: a joint whose X scale is zero keeps the
// game's rotation in its glTF node, and the positions its children get
// from it hold the bound. Where the rule composes the joint as T·R·S
// under its parent's rotation (SoftImage: the parent's chain; Maya: the
// parent's world, compensated by the parent's scale, which is uniform
// here), the node's rotation is the joint's own Rz·Ry·Rx, built here
// from the three axis rotations, and its X scale stays zero.
func TestZeroScaleKeepsRotation(t *testing.T) {
	clip := zeroScaleClip()
	for _, mode := range []anim.HierarchyMode{anim.J3DSoftImage, anim.J3DMaya, anim.J3DBasic} {
		skel := zeroScaleSkeleton(t, mode)
		name := fmt.Sprintf("zeroscale-%d.glb", mode)
		d, _ := exportFile(t, name, Scene{Skeleton: skel, Clips: []Clip{{Clip: clip, Source: "zero.test"}}})
		checkWorld(t, d, skel, clip, "zero.test", false)
		ai := d.animation(t, clipName(Clip{Clip: clip, Source: "zero.test"}))
		node := d.jointNodes(t)[1]
		for _, f := range []float64{0, 3.5, 10, 17.25} {
			p := d.pose(t, ai, f/clip.FPS)
			q := p.r[node]
			got := mgl64.Quat{W: q[3], V: mgl64.Vec3{q[0], q[1], q[2]}}.Mat4()
			rz := mgl64.HomogRotate3DZ(mgl64.DegToRad(30 * f / 20))
			ry := mgl64.HomogRotate3DY(mgl64.DegToRad(-2.0654296875))
			rx := mgl64.HomogRotate3DX(mgl64.DegToRad(-0.02197265625))
			want := rz.Mul4(ry).Mul4(rx)
			for e := 0; e < 11; e++ {
				if e%4 == 3 {
					continue
				}
				// The Z turn is keyed within the bound, not exactly:
				// a degree's tenth is far below the -2° lost before.
				if math.Abs(got[e]-want[e]) > 2e-3 {
					t.Fatalf("mode %v frame %g: parts' node rotation %v, the game's %v (element %d)", mode, f, got.Mat3(), want.Mat3(), e)
				}
			}
			// (SoftImage keeps the scale on the joint's scale node.)
			if s := p.s[d.scaleNodes(t)[1]]; math.Abs(s[0]) > 1e-9 || s[1] <= 0 || s[2] <= 0 {
				t.Fatalf("mode %v frame %g: parts' node scale %v, the game's (0, 1, 1) (Maya: over the root's)", mode, f, s)
			}
		}
	}
}

// TestCompensatedZeroScaleWarns: under Maya scale compensation a joint
// whose parent's scale is zero has no finite pose in the game (0·∞). The
// export says so in one line naming it, and the joints the game does
// place keep their values: the root's translation, keyed away from its
// rest, is the clip's.
func TestCompensatedZeroScaleWarns(t *testing.T) {
	skel := zeroScaleSkeleton(t, anim.J3DMaya)
	skel.Joints[0].Rest[anim.TransY] = 45
	k := func(f, v float64) anim.HermiteKey { return anim.HermiteKey{Time: f, Value: v} }
	clip := zeroScaleClip()
	clip.Targets[0].Channels = append(clip.Targets[0].Channels[:3], anim.Channel{Slot: anim.TransY, Curve: anim.Constant(0)})
	clip.Targets[1].Channels = append(clip.Targets[1].Channels,
		anim.Channel{Slot: anim.ScaleY, Curve: hermite(k(0, 0), k(5, 0), k(15, 1), k(20, 1))},
		anim.Channel{Slot: anim.ScaleZ, Curve: anim.Constant(0)})
	d, warns := exportFile(t, "zeroscale-ssc.glb", Scene{Skeleton: skel, Clips: []Clip{{Clip: clip, Source: "zero.test"}}})
	said := 0
	for _, w := range warns {
		if strings.Contains(w, "cannot be held") && strings.Contains(w, "tip") && !strings.Contains(w, "\n") {
			said++
		}
	}
	if said != 1 {
		t.Errorf("want one line naming tip as not held, got %q", warns)
	}
	ai := d.animation(t, clipName(Clip{Clip: clip, Source: "zero.test"}))
	root := d.jointNodes(t)[0]
	for _, f := range []float64{0, 2.5, 10, 19} {
		if y := d.pose(t, ai, f/clip.FPS).t[root][1]; math.Abs(y) > 1e-3 {
			t.Errorf("frame %g: root's translation y %g, the clip's 0", f, y)
		}
	}
}
