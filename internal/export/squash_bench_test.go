package export

import (
	"testing"

	"github.com/animscope/animscope/anim"
)

// BenchmarkExportSoftImageSquash exports a clip shaped like Super Mario
// Galaxy 2's PetitPorterStart.bck on MetalMario.bdl (J3D SoftImage
// hierarchy, 65 frames): the body joint under the root squashes
// non-uniformly, its y scale rising to 5 and falling to 0.01 within ten
// frames, while the joints under it turn. SoftImage scales a child's
// translation but not its basis, so every child node must counter-scale
// its parent in glTF's T·R·S and its scale follows 1/s, which lerped keys
// follow only when dense. The real clip exports as 2.3 MB with 139,782
// keys in 14 s CPU and 1.1 GB: far past the export's target (under 1 s,
// 200 MB; a 30-frame clip of a character well under 100 kB). This
// measures it on a generated file (keys and MiB per export).
func BenchmarkExportSoftImageSquash(b *testing.B) {
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
		b.Fatal(err)
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
		b.Fatal(err)
	}
	sc := Scene{Skeleton: s, Clips: []Clip{{Clip: c, Source: "PetitPorterStart.bck"}}}
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
