package j3d_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/go-gl/mathgl/mgl64"
)

const modelFixtures = "testdata/j3dmodel"

// skeletonGolden is the NAME.skeleton.json schema of the j3dmodel fixtures.
type skeletonGolden struct {
	File          string `json:"file"`
	Magic         string `json:"magic"`
	HierarchyMode string `json:"hierarchyMode"`
	LoadFlags     uint16 `json:"loadFlags"`
	JointCount    int    `json:"jointCount"`
	Roots         []int  `json:"roots"`
	MaterialNodes int    `json:"materialNodes"`
	ShapeNodes    int    `json:"shapeNodes"`
	Joints        []struct {
		Index           int           `json:"index"`
		Name            string        `json:"name"`
		Parent          int           `json:"parent"`
		Kind            uint16        `json:"kind"`
		ScaleCompensate uint8         `json:"scaleCompensate"`
		Scale           [3]float64    `json:"scale"`
		RotationRaw     [3]int16      `json:"rotationRaw"`
		RotationDeg     [3]float64    `json:"rotationDeg"`
		Translation     [3]float64    `json:"translation"`
		WorldMatrix     [3][4]float64 `json:"worldMatrix"`
		WorldPosition   [3]float64    `json:"worldPosition"`
	} `json:"joints"`
}

func readModelFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(modelFixtures, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// worldTolerance is the fixtures' rule for world values: 1e-3 · max(1, |want|).
func worldClose(got, want float64) bool {
	return math.Abs(got-want) <= 1e-3*math.Max(1, math.Abs(want))
}

func TestSkeletonGoldens(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(modelFixtures, "*.skeleton.json"))
	if len(files) != 3 {
		t.Fatalf("found %d skeleton goldens, want 3 (chain3, biped, maya_ssc)", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var want skeletonGolden
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			m, err := j3d.ReadModel(readModelFixture(t, want.File))
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Warnings) != 0 {
				t.Errorf("warnings on a clean fixture: %q", m.Warnings)
			}
			if m.Magic != want.Magic || m.INF1.Flags != want.LoadFlags || m.HierarchyMode().String() != want.HierarchyMode {
				t.Errorf("magic %q flags %d mode %v, want %q %d %s", m.Magic, m.INF1.Flags, m.HierarchyMode(), want.Magic, want.LoadFlags, want.HierarchyMode)
			}
			if len(m.Parents) != want.JointCount || !slices.Equal(m.Roots, want.Roots) ||
				m.MaterialNodes != want.MaterialNodes || m.ShapeNodes != want.ShapeNodes {
				t.Errorf("joints %d roots %v materials %d shapes %d, want %d %v %d %d",
					len(m.Parents), m.Roots, m.MaterialNodes, m.ShapeNodes, want.JointCount, want.Roots, want.MaterialNodes, want.ShapeNodes)
			}
			s := m.Skeleton(strings.TrimSuffix(want.File, ".bmd"))
			if err := s.Finish(); err != nil {
				t.Fatal(err)
			}
			world := make([]mgl64.Mat4, len(s.Joints))
			s.World(nil, nil, world)
			for _, wj := range want.Joints {
				i := wj.Index
				if i >= len(s.Joints) {
					t.Fatalf("joint %d missing", i)
				}
				j, d := s.Joints[i], m.Joint(i)
				if j.Name != wj.Name || j.Parent != wj.Parent || d.Kind != wj.Kind || d.ScaleCompensate != wj.ScaleCompensate ||
					j.ScaleCompensate != (wj.ScaleCompensate == 1) || d.Rotation != wj.RotationRaw {
					t.Errorf("joint %d: name %q parent %d kind %d ssc %d rot %v, want %q %d %d %d %v",
						i, j.Name, j.Parent, d.Kind, d.ScaleCompensate, d.Rotation, wj.Name, wj.Parent, wj.Kind, wj.ScaleCompensate, wj.RotationRaw)
				}
				for k := 0; k < 3; k++ {
					for _, c := range []struct {
						what      string
						got, want float64
					}{
						{"scale", j.Rest[anim.ScaleX+anim.Slot(k)], wj.Scale[k]},
						{"rotationDeg", j.Rest[anim.RotX+anim.Slot(k)], wj.RotationDeg[k]},
						{"translation", j.Rest[anim.TransX+anim.Slot(k)], wj.Translation[k]},
						{"worldPosition", world[i][12+k], wj.WorldPosition[k]},
					} {
						if math.Abs(c.got-c.want) > 1e-6*math.Max(1, math.Abs(c.want)) && !(c.what == "worldPosition" && worldClose(c.got, c.want)) {
							t.Errorf("joint %d %s: %s[%d] = %v, want %v", i, wj.Name, c.what, k, c.got, c.want)
						}
					}
					for col := 0; col < 4; col++ {
						got := world[i][col*4+k]
						if w := wj.WorldMatrix[k][col]; !worldClose(got, w) {
							t.Errorf("joint %d %s: world[%d][%d] = %v, want %v", i, wj.Name, k, col, got, w)
						}
					}
				}
			}
		})
	}
}

// The Maya fixture is the one whose rest pose depends on scale
// compensation; a regression that ignores it moves lower_ssc by 12.6 units
// (noclip.website's rest pose). Check the numbers the README names.
func TestMayaRestUsesParentScale(t *testing.T) {
	m, err := j3d.ReadModel(readModelFixture(t, "maya_ssc.bmd"))
	if err != nil {
		t.Fatal(err)
	}
	s := m.Skeleton("maya_ssc")
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	if s.Mode != anim.J3DMaya {
		t.Fatalf("mode %v, want maya", s.Mode)
	}
	world := make([]mgl64.Mat4, len(s.Joints))
	s.World(nil, nil, world)
	// end_ssc (joint 4): the golden's world position.
	want := [3]float64{-0.871455079, 34.090957901, 5.812981027}
	for k := range want {
		if !worldClose(world[4][12+k], want[k]) {
			t.Errorf("end_ssc position[%d] = %v, want %v", k, world[4][12+k], want[k])
		}
	}
}

// modelSpec describes a model for the test encoder.
type modelSpec struct {
	magic   string
	flags   uint16
	joints  []specJoint
	nodes   [][2]uint16 // INF1 hierarchy (type, value), end node included
	remap   []uint16    // nil: identity
	noNames bool
	// chunks written before INF1 (empty filler chunks, to test skipping).
	extra []string
	// more are whole chunks written after JNT1 (the mesh chunks).
	more []be
}

type specJoint struct {
	name  string
	ssc   uint8
	scale [3]float32
	rot   [3]int16
	trans [3]float32
}

// chainNodes is the hierarchy of a chain of n joints: J0 ( J1 ( J2 ... ) ) end.
func chainNodes(n int) [][2]uint16 {
	var out [][2]uint16
	for i := 0; i < n; i++ {
		if i > 0 {
			out = append(out, [2]uint16{j3d.NodeOpen, 0})
		}
		out = append(out, [2]uint16{j3d.NodeJoint, uint16(i)})
	}
	for i := 1; i < n; i++ {
		out = append(out, [2]uint16{j3d.NodeClose, 0})
	}
	return append(out, [2]uint16{j3d.NodeEnd, 0})
}

type be []byte

func (b be) u16(v uint16) be  { return append(b, byte(v>>8), byte(v)) }
func (b be) u32(v uint32) be  { return append(b, byte(v>>24), byte(v>>16), byte(v>>8), byte(v)) }
func (b be) f32(v float32) be { return b.u32(math.Float32bits(v)) }
func (b be) pad(n int) be {
	for len(b)%n != 0 {
		b = append(b, 0)
	}
	return b
}

func chunk(id string, body be) be {
	c := be(id).u32(uint32(8 + len(body)))
	return append(c, body...)
}

// encodeModel writes a BMD with the given INF1 and JNT1 (and filler chunks).
func encodeModel(s modelSpec) []byte {
	if s.magic == "" {
		s.magic = "J3D2bmd3"
	}
	inf := be{}.u16(s.flags).u16(0xFFFF).u32(0).u32(0).u32(0x18)
	for _, n := range s.nodes {
		inf = inf.u16(n[0]).u16(n[1])
	}
	inf = inf.pad(4)
	remap := s.remap
	if remap == nil {
		for i := range s.joints {
			remap = append(remap, uint16(i))
		}
	}
	ndata := 0
	for _, r := range remap {
		ndata = max(ndata, int(r)+1)
	}
	data := be{}
	for i := 0; i < ndata; i++ {
		j := s.joints[min(i, len(s.joints)-1)]
		data = data.u16(0).append(j.ssc, 0xFF)
		for k := 0; k < 3; k++ {
			data = data.f32(j.scale[k])
		}
		for k := 0; k < 3; k++ {
			data = data.u16(uint16(j.rot[k]))
		}
		data = data.u16(0xFFFF)
		for k := 0; k < 3; k++ {
			data = data.f32(j.trans[k])
		}
		data = append(data, make([]byte, 0x40-0x24)...)
	}
	dataOff := 0x18
	remapOff := dataOff + len(data)
	remapBytes := be{}
	for _, r := range remap {
		remapBytes = remapBytes.u16(r)
	}
	remapBytes = remapBytes.pad(4)
	nameOff := remapOff + len(remapBytes)
	names := be{}.u16(uint16(len(s.joints))).u16(0xFFFF)
	strs := be{}
	for _, j := range s.joints {
		names = names.u16(0).u16(uint16(4 + 4*len(s.joints) + len(strs)))
		strs = append(append(strs, j.name...), 0)
	}
	names = append(names, strs...).pad(4)
	if s.noNames {
		nameOff, names = 0, nil
	}
	jnt := be{}.u16(uint16(len(s.joints))).u16(0xFFFF).u32(uint32(dataOff)).u32(uint32(remapOff)).u32(uint32(nameOff))
	jnt = append(append(append(jnt, data...), remapBytes...), names...)
	var chunks []be
	for _, id := range s.extra {
		chunks = append(chunks, chunk(id, be{}.u32(0x12345678)))
	}
	chunks = append(chunks, chunk("INF1", inf), chunk("JNT1", jnt))
	chunks = append(chunks, s.more...)
	body := be{}
	for _, c := range chunks {
		body = append(body, c...)
	}
	file := be(s.magic).u32(uint32(0x20+len(body))).u32(uint32(len(chunks))).append('S', 'V', 'R', '3')
	file = append(file, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF)
	return append(file, body...)
}

func (b be) append(v ...byte) be { return append(b, v...) }

func threeJoints() []specJoint {
	return []specJoint{
		{name: "a", scale: [3]float32{1, 1, 1}},
		{name: "b", scale: [3]float32{1, 1, 1}, trans: [3]float32{0, 10, 0}},
		{name: "c", scale: [3]float32{1, 1, 1}, trans: [3]float32{0, 5, 0}},
	}
}

// The encoder itself must reproduce a fixture's structure, or the hostile
// cases built from it prove nothing.
func TestEncoderRoundTrip(t *testing.T) {
	m, err := j3d.ReadModel(encodeModel(modelSpec{joints: threeJoints(), nodes: chainNodes(3), extra: []string{"VTX1", "EVP1"}}))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(m.Parents, []int{-1, 0, 1}) || !slices.Equal(m.JNT1.Names, []string{"a", "b", "c"}) || len(m.Chunks) != 4 {
		t.Errorf("parents %v names %q chunks %v", m.Parents, m.JNT1.Names, m.Chunks)
	}
}

// makeHierarchy: after a close, an open takes its parent from the current
// level's last joint; material and shape nodes open levels without changing
// parents.
func TestHierarchyRules(t *testing.T) {
	J := func(i uint16) [2]uint16 { return [2]uint16{j3d.NodeJoint, i} }
	O, C, E := [2]uint16{j3d.NodeOpen, 0}, [2]uint16{j3d.NodeClose, 0}, [2]uint16{j3d.NodeEnd, 0}
	M, S := [2]uint16{j3d.NodeMaterial, 0}, [2]uint16{j3d.NodeShape, 0}
	joints := make([]specJoint, 6)
	for i := range joints {
		joints[i] = specJoint{name: fmt.Sprint("j", i), scale: [3]float32{1, 1, 1}}
	}
	cases := []struct {
		name    string
		nodes   [][2]uint16
		parents []int
		mats    int
	}{
		{"siblings after close", [][2]uint16{J(0), O, J(1), O, J(2), C, J(3), O, J(4), C, C, J(5), E},
			[]int{-1, 0, 1, 0, 3, -1}, 0},
		// Real files: joint ( material ( shape ) joint ... ): the material's
		// level keeps the joint as the parent.
		{"material levels", [][2]uint16{J(0), O, M, O, S, C, J(1), O, J(2), O, M, O, S, C, C, J(3), C, J(4), O, J(5), C, C, E},
			[]int{-1, 0, 1, 1, 0, 4}, 2},
		{"open right after open", [][2]uint16{J(0), O, O, J(1), C, J(2), O, J(3), O, J(4), C, J(5), C, C, E},
			[]int{-1, 0, 0, 2, 3, 2}, 0},
	}
	for _, c := range cases {
		m, err := j3d.ReadModel(encodeModel(modelSpec{joints: joints, nodes: c.nodes}))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !slices.Equal(m.Parents, c.parents) || m.MaterialNodes != c.mats {
			t.Errorf("%s: parents %v materials %d, want %v %d", c.name, m.Parents, m.MaterialNodes, c.parents, c.mats)
		}
	}
}

func TestRemapAndNames(t *testing.T) {
	joints := threeJoints()
	joints[2].trans = [3]float32{7, 8, 9}
	// Joint i's data is entry remap[i]; joints 0 and 1 share entry 2.
	m, err := j3d.ReadModel(encodeModel(modelSpec{joints: joints, nodes: chainNodes(3), remap: []uint16{2, 2, 0}}))
	if err != nil {
		t.Fatal(err)
	}
	s := m.Skeleton("x")
	if got := s.Joints[0].Rest[anim.TransX]; got != 7 {
		t.Errorf("joint 0 translation.x %v, want 7 (data entry 2)", got)
	}
	if got := s.Joints[2].Rest[anim.TransY]; got != 0 {
		t.Errorf("joint 2 translation.y %v, want 0 (data entry 0)", got)
	}
	if s.Joints[0].Name != "a" || s.Joints[2].Name != "c" {
		t.Errorf("names come from the name table by joint index: %q %q", s.Joints[0].Name, s.Joints[2].Name)
	}
	m, err = j3d.ReadModel(encodeModel(modelSpec{joints: joints, nodes: chainNodes(3), noNames: true}))
	if err != nil {
		t.Fatal(err)
	}
	if m.JNT1.Names[1] != "" || len(m.Warnings) != 1 {
		t.Errorf("no name table: names %q warnings %q", m.JNT1.Names, m.Warnings)
	}
}

func TestModelModesAndWarnings(t *testing.T) {
	J := func(i uint16) [2]uint16 { return [2]uint16{j3d.NodeJoint, i} }
	E := [2]uint16{j3d.NodeEnd, 0}
	for flags, want := range map[uint16]anim.HierarchyMode{0: anim.J3DBasic, 1: anim.J3DSoftImage, 2: anim.J3DMaya, 0x1102: anim.J3DMaya} {
		m, err := j3d.ReadModel(encodeModel(modelSpec{flags: flags, joints: threeJoints(), nodes: chainNodes(3)}))
		if err != nil || m.HierarchyMode() != want {
			t.Errorf("flags 0x%x: mode %v err %v, want %v", flags, m.HierarchyMode(), err, want)
		}
	}
	// Joint 2 never named: a root, with a warning; two named roots warn too.
	m, err := j3d.ReadModel(encodeModel(modelSpec{joints: threeJoints(), nodes: [][2]uint16{J(0), J(1), E}}))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(m.Parents, []int{-1, -1, -1}) || len(m.Warnings) != 2 ||
		!strings.Contains(m.Warnings[0], "1 joints are not in the INF1 hierarchy (first: 2)") ||
		!strings.Contains(m.Warnings[1], "2 root joints") {
		t.Errorf("parents %v warnings %q", m.Parents, m.Warnings)
	}
}

// Hostile models: one clear error line, never a panic.
func TestHostileModels(t *testing.T) {
	J := func(i uint16) [2]uint16 { return [2]uint16{j3d.NodeJoint, i} }
	O, C, E := [2]uint16{j3d.NodeOpen, 0}, [2]uint16{j3d.NodeClose, 0}, [2]uint16{j3d.NodeEnd, 0}
	good := encodeModel(modelSpec{joints: threeJoints(), nodes: chainNodes(3)})
	jnt1 := int64(0)
	m, _ := j3d.ReadModel(good)
	for _, c := range m.Chunks {
		if c.ID == "JNT1" {
			jnt1 = c.Offset
		}
	}
	put32 := func(b []byte, off int64, v uint32) []byte {
		b = slices.Clone(b)
		b[off], b[off+1], b[off+2], b[off+3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v)
		return b
	}
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "bmd: offset 0x0: file is 0 bytes"},
		{"wrong magic", append([]byte("J3D1bck1"), good[8:]...), `magic "J3D1bck1" is not a BMD/BDL model`},
		{"truncated header", good[:0x10], "too short for the 0x20-byte J3D header"},
		{"truncated file", good[:len(good)-40], "header says the file is"},
		{"huge chunk count", put32(good, 0x0C, 0xFFFFFFFF), "chunk count 4294967295 cannot fit"},
		{"chunk size 0", put32(good, 0x24, 0), `chunk "INF1" declares size 0`},
		{"chunk past end", put32(good, 0x24, 0x7FFFFFFF), `chunk "INF1" (size 2147483647) runs past the end`},
		{"no JNT1", encodeModel(modelSpec{joints: threeJoints(), nodes: chainNodes(3)})[:0], "file is 0 bytes"},
		{"cyclic", encodeModel(modelSpec{joints: threeJoints(), nodes: [][2]uint16{J(0), O, J(1), O, J(0), C, C, E}}), "INF1 names joint 0 twice"},
		{"unbalanced close", encodeModel(modelSpec{joints: threeJoints(), nodes: [][2]uint16{J(0), C, J(1), E}}), "close node without a matching open"},
		{"unbalanced open", encodeModel(modelSpec{joints: threeJoints(), nodes: [][2]uint16{J(0), O, J(1), O, J(2), C, E}}), "ends with 1 levels still open"},
		{"no end", encodeModel(modelSpec{joints: threeJoints(), nodes: [][2]uint16{J(0), O, J(1)}}), "runs past the chunk end without an end node"},
		{"joint past table", encodeModel(modelSpec{joints: threeJoints(), nodes: [][2]uint16{J(0), O, J(900), C, E}}), "INF1 joint index 900 past joint table end (3 joints)"},
		{"unknown node", encodeModel(modelSpec{joints: threeJoints(), nodes: [][2]uint16{J(0), {0x33, 0}, E}}), "unknown hierarchy node type 0x33"},
		{"mode 5", encodeModel(modelSpec{flags: 5, joints: threeJoints(), nodes: chainNodes(3)}), "bmd: unsupported: INF1 hierarchy mode 5"},
		{"remap past table", put32(good, jnt1+0x18+3*0x40, 0x00050000), "joint 0 data index 5 past joint table end (3 entries)"},
		{"remap offset huge", put32(good, jnt1+0x10, 0xFFFFFF00), "remap table at 0xffffff00"},
		{"data offset huge", put32(good, jnt1+0x0C, 0xFFFFFF00), "JNT1 joint data offset 0xffffff00 is past the chunk end"},
		{"name offset huge", put32(good, jnt1+0x14, 0xFFFFFF00), "name table: starts past the chunk end"},
		{"zero joints", put32(good, jnt1+0x08, 0x0000FFFF), "JNT1 has no joints"},
		{"long name", encodeModel(modelSpec{joints: []specJoint{{name: strings.Repeat("j", 256)}}, nodes: chainNodes(1)}), "name 0 at table offset 0x8: past the chunk end, unterminated or longer than 255 bytes"},
		{"old version", append([]byte("J3D1bmd1"), good[8:]...), `bmd: unsupported: model version "J3D1bmd1"`},
		{"bdl prefix", append([]byte("J3D2bdl4"), good[8:0x10]...), "bdl: offset 0x0: file is 16 bytes, too short"},
	}
	for _, c := range cases {
		_, err := j3d.ReadModel(c.data)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %q, want it to contain %q (one line)", c.name, err, c.want)
		}
	}
}

// Every truncation and every single-byte corruption of a fixture either
// loads or fails with an error; none panics.
func TestModelMutations(t *testing.T) {
	data := readModelFixture(t, "maya_ssc.bmd")
	for n := 0; n < len(data); n++ {
		if m, err := j3d.ReadModel(data[:n]); err == nil {
			m.Skeleton("x").Finish()
		}
	}
	for i := range data {
		for _, v := range []byte{0x00, 0xFF, 0x7F, data[i] ^ 0x01} {
			b := slices.Clone(data)
			b[i] = v
			if m, err := j3d.ReadModel(b); err == nil {
				s := m.Skeleton("x")
				if s.Finish() == nil {
					s.World(nil, nil, make([]mgl64.Mat4, len(s.Joints)))
				}
			}
		}
	}
}

func FuzzBMD(f *testing.F) {
	for _, name := range []string{"chain3.bmd", "biped.bmd", "maya_ssc.bmd"} {
		d := readModelFixture(f, name)
		f.Add(d)
		f.Add(d[:len(d)/2])
	}
	f.Add(encodeModel(modelSpec{flags: 1, joints: threeJoints(), nodes: chainNodes(3), remap: []uint16{2, 1, 0}}))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := j3d.ReadModel(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		s := m.Skeleton("fuzz")
		if len(s.Joints) != len(m.Parents) || len(m.JNT1.Names) != len(m.Parents) {
			t.Fatalf("%d joints, %d parents, %d names", len(s.Joints), len(m.Parents), len(m.JNT1.Names))
		}
		if err := s.Finish(); err != nil {
			// INF1 parents always form a forest; only non-finite rest
			// values may fail.
			if !strings.Contains(err.Error(), "not finite") {
				t.Fatalf("Finish: %v", err)
			}
			return
		}
		world := make([]mgl64.Mat4, len(s.Joints))
		s.World(nil, nil, world)
		clip := &anim.Clip{Format: "bck", Duration: 1, FPS: 30, Targets: []anim.Target{{Kind: anim.JointTarget, Base: anim.DefaultBase()}}}
		pose := anim.NewPose(clip)
		anim.Evaluate(clip, 0, pose)
		b := anim.BindByIndex(clip, s)
		s.World(pose, &b, world)
	})
}
