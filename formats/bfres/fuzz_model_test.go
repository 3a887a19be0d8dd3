package bfres

import (
	"strings"
	"testing"

	"github.com/animscope/animscope/mesh"
	"github.com/go-gl/mathgl/mgl64"
)

// FuzzModel decodes arbitrary bytes as a model file and, when it opens,
// builds, checks and poses every mesh: no panic, no hang, every failure
// one bfres-prefixed line, every problem one line naming its model.
// Seeds: the Wii U model writer's file (every skin count, sub-meshes,
// strips, materials), its truncations and its broken variant, and the
// Switch writer's v8 and v9 model files.
func FuzzModel(f *testing.F) {
	good := meshFile(meshShapes())
	bad := meshShapes()
	bad[0].badBuffer = true
	bad[2].verts[1].idx[0] = 9
	f.Add(good)
	f.Add(good[:len(good)*3/4])
	f.Add(meshFile(bad))
	for _, major := range []int{8, 9} {
		f.Add(encodeSwitch(nxDesc{major: major, name: "mesh", models: []nxModelDesc{nxMeshModel(nxMeshShapes())}}))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data)
		if err != nil {
			oneLine(t, err.Error(), "bfres: ")
			return
		}
		skels := file.Skeletons()
		for _, m := range file.Meshes() {
			joints := 0
			if m.Skeleton >= 0 && m.Skeleton < len(skels) {
				joints = len(skels[m.Skeleton].Joints)
			}
			m.Check(joints)
			for _, p := range m.Problems {
				oneLine(t, p, "model "+m.Name+": ")
			}
			world := make([]mgl64.Mat4, joints)
			for i := range world {
				world[i] = mgl64.Ident4()
			}
			var p mesh.Pose
			m.PoseInto(&p, world)
		}
	})
}

// oneLine fails unless msg is one line starting with prefix.
func oneLine(t *testing.T, msg, prefix string) {
	if strings.ContainsAny(msg, "\n\r") || !strings.HasPrefix(msg, prefix) {
		t.Fatalf("%q is not one line starting %q", msg, prefix)
	}
}
