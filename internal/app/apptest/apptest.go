// Package apptest holds what the tests of internal/app, internal/cli and
// cmd/animscope share: the fixture folders and the golden-based expected
// skeleton poses (computed independently of anim).
package apptest

import (
	"encoding/json"
	"math"
	"os"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/internal/sample"
	"github.com/animscope/animscope/internal/sample/sampletest"
)

// Fixture folders of the format packages (see their testdata READMEs),
// relative to a package two levels below the module root (internal/app,
// internal/cli, cmd/animscope).
const (
	BFRESFixtures   = "../../formats/bfres/testdata/"
	JBATestdata     = "../../formats/jba/testdata"
	ModelFixtures   = "../../formats/j3d/testdata/j3dmodel/"
	ArchiveFixtures = "../../formats/archive/testdata/"
)

// Must fails the test on an error.
func Must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// GoldenDoc reads a sample-schema golden.
func GoldenDoc(t *testing.T, path string) *sample.Doc {
	t.Helper()
	b, err := os.ReadFile(path)
	Must(t, err)
	d, err := sampletest.Read(b)
	Must(t, err)
	return d
}

// goldenLocal composes a target's local matrix at frame index fi of a
// golden from its channel values, independently of anim: T·R·S with R
// from the quaternion or Rz·Ry·Rx (degrees), values the golden lacks at
// rest (scale 1, rotation 0, translation 0) unless rest gives them.
func goldenLocal(tg *sample.Target, fi int, rest map[string]float64) mgl64.Mat4 {
	val := func(name string, def float64) float64 {
		for _, c := range tg.Channels {
			if c.Name == name {
				return c.Values[fi]
			}
		}
		if v, ok := rest[name]; ok {
			return v
		}
		return def
	}
	var r mgl64.Mat4
	if qw := val("rotation.qw", math.NaN()); !math.IsNaN(qw) {
		r = mgl64.Quat{W: qw, V: mgl64.Vec3{val("rotation.qx", 0), val("rotation.qy", 0), val("rotation.qz", 0)}}.Normalize().Mat4()
	} else {
		d := math.Pi / 180
		r = mgl64.HomogRotate3DZ(val("rotation.z", 0) * d).Mul4(mgl64.HomogRotate3DY(val("rotation.y", 0) * d)).Mul4(mgl64.HomogRotate3DX(val("rotation.x", 0) * d))
	}
	return mgl64.Translate3D(val("translation.x", 0), val("translation.y", 0), val("translation.z", 0)).
		Mul4(r).Mul4(mgl64.Scale3D(val("scale.x", 1), val("scale.y", 1), val("scale.z", 1)))
}

// Bone is a joint of an expected skeleton: name, parent index and the
// rest values of the channels an animation may not drive.
type Bone struct {
	Name   string
	Parent int
	Rest   map[string]float64
}

// GoldenWorldOf poses bones with the golden's targets (by name) at frame
// index fi; bones no target drives keep their rest. Returns positions.
func GoldenWorldOf(doc *sample.Doc, bones []Bone, fi int) [][3]float64 {
	world := make([]mgl64.Mat4, len(bones))
	out := make([][3]float64, len(bones))
	for i, b := range bones {
		var local mgl64.Mat4
		ti := slices.IndexFunc(doc.Targets, func(t sample.Target) bool { return t.Name == b.Name })
		if ti >= 0 {
			local = goldenLocal(&doc.Targets[ti], fi, nil)
		} else {
			local = goldenLocal(&sample.Target{}, 0, b.Rest)
		}
		world[i] = local
		if b.Parent >= 0 {
			world[i] = world[b.Parent].Mul4(local)
		}
		out[i] = [3]float64{world[i][12], world[i][13], world[i][14]}
	}
	return out
}

// FoxBones is skel_model.bfres's skeleton as its golden skeleton JSON
// states it (rest rotation: Euler radians).
func FoxBones(t *testing.T) []Bone {
	t.Helper()
	b, err := os.ReadFile(BFRESFixtures + "skel_model.bfres.skeleton.json")
	Must(t, err)
	var doc struct {
		Bones []struct {
			Name                         string
			Parent                       int
			Scale, Rotation, Translation []float64
		}
	}
	Must(t, json.Unmarshal(b, &doc))
	var out []Bone
	for _, bn := range doc.Bones {
		r := map[string]float64{}
		for k, ax := range []string{"x", "y", "z"} {
			r["scale."+ax] = bn.Scale[k]
			r["rotation."+ax] = bn.Rotation[k] * 180 / math.Pi
			r["translation."+ax] = bn.Translation[k]
		}
		out = append(out, Bone{bn.Name, bn.Parent, r})
	}
	return out
}

// FrameIndex is the index of frame in the golden's frames.
func FrameIndex(t *testing.T, doc *sample.Doc, frame float64) int {
	t.Helper()
	i := slices.Index(doc.Frames, frame)
	if i < 0 {
		t.Fatalf("frame %v not in the golden (%v)", frame, doc.Frames)
	}
	return i
}

// WalkBones is the hierarchy the Biped rules give walk_30fps.jba's bones.
var WalkBones = []Bone{{"Bip01", -1, nil}, {"Bip01 L Thigh", 0, nil}, {"Bip01 L Calf", 1, nil}, {"Bip01 R Thigh", 0, nil}, {"Bip01 R Calf", 3, nil}}

// ZUpDisplay is the viewer's automatic Z-up mapping for JBA.
func ZUpDisplay(p [3]float64) [3]float64 { return [3]float64{p[0], p[2], -p[1]} }
