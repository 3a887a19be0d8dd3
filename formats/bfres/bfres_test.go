package bfres

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/sample"
	"github.com/animscope/animscope/internal/sample/sampletest"
)

type skeletonJSON struct {
	File  string `json:"file"`
	Model string `json:"model"`
	Bones []struct {
		Name         string     `json:"name"`
		Index        int        `json:"index"`
		Parent       int        `json:"parent"`
		RotationMode string     `json:"rotationMode"`
		Scale        [3]float64 `json:"scale"`
		Rotation     [4]float64 `json:"rotation"`
		Translation  [3]float64 `json:"translation"`
	} `json:"bones"`
}

func TestSkeletonMatchesJSON(t *testing.T) {
	raw, err := os.ReadFile("testdata/skel_model.bfres.skeleton.json")
	if err != nil {
		t.Fatal(err)
	}
	var want skeletonJSON
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	f := parseFixture(t, "skel_model.bfres")
	if len(f.Models) != 1 || f.Models[0].Name != want.Model || f.Models[0].Skeleton == nil {
		t.Fatalf("models = %+v, want one model %q with a skeleton", f.Models, want.Model)
	}
	fs := f.Models[0].Skeleton
	if len(fs.Bones) != len(want.Bones) {
		t.Fatalf("%d bones, want %d", len(fs.Bones), len(want.Bones))
	}
	// 4 smooth + 1 rigid matrices (README), one inverse matrix per smooth one.
	if fs.NumSmooth != 4 || fs.NumRigid != 1 || len(fs.MatrixToBone) != 5 || len(fs.InverseModelMatrices) != 4 {
		t.Errorf("smooth %d rigid %d matrix-to-bone %v inverse %d", fs.NumSmooth, fs.NumRigid, fs.MatrixToBone, len(fs.InverseModelMatrices))
	}
	if fs.RotationMode != rotationModeEulerXYZ || fs.ScaleMode != 2 {
		t.Errorf("skeleton rotation mode %d scale mode %d, want Euler (1) and maya (2)", fs.RotationMode, fs.ScaleMode)
	}
	skels := f.Skeletons()
	if len(skels) != 1 {
		t.Fatalf("%d skeletons", len(skels))
	}
	s := skels[0]
	if s.Name != want.Model || s.Mode != anim.G3dMaya {
		t.Errorf("skeleton %q mode %v", s.Name, s.Mode)
	}
	for i, wb := range want.Bones {
		b := &fs.Bones[i]
		j := &s.Joints[i]
		if b.Name != wb.Name || int(b.Index) != wb.Index || int(b.Parent) != wb.Parent || j.Name != wb.Name || j.Parent != wb.Parent {
			t.Errorf("bone %d: %q index %d parent %d / joint %q parent %d, want %q %d %d", i, b.Name, b.Index, b.Parent, j.Name, j.Parent, wb.Name, wb.Index, wb.Parent)
		}
		if (wb.RotationMode == "euler") != (b.RotationMode() == rotationModeEulerXYZ) || j.Quaternion {
			t.Errorf("bone %d rotation mode %d, want %s", i, b.RotationMode(), wb.RotationMode)
		}
		for k := 0; k < 3; k++ {
			if float64(b.Scale[k]) != wb.Scale[k] || float64(b.Translation[k]) != wb.Translation[k] {
				t.Errorf("bone %d: scale %v translation %v, want %v %v", i, b.Scale, b.Translation, wb.Scale, wb.Translation)
			}
			if j.Rest[anim.ScaleX+anim.Slot(k)] != wb.Scale[k] || j.Rest[anim.TransX+anim.Slot(k)] != wb.Translation[k] {
				t.Errorf("joint %d rest %v", i, j.Rest)
			}
			// Rest rotations are degrees.
			if d := j.Rest[anim.RotX+anim.Slot(k)] - wb.Rotation[k]*180/math.Pi; math.Abs(d) > 1e-9 {
				t.Errorf("joint %d rotation %d: %v degrees, want %v radians", i, k, j.Rest[anim.RotX+anim.Slot(k)], wb.Rotation[k])
			}
		}
		for k := 0; k < 4; k++ {
			if float64(b.Rotation[k]) != wb.Rotation[k] {
				t.Errorf("bone %d rotation %v, want %v", i, b.Rotation, wb.Rotation)
			}
		}
	}
	// World positions of the rest pose with T·Rz·Ry·Rx·S: Head sits on
	// Spine, which is turned -5° about x.
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	world := make([]mgl64.Mat4, len(s.Joints))
	s.World(nil, nil, world)
	sn, cs := math.Sincos(-0.0872664600610733)
	head := [3]float64{0, 1 + 0.30000001192092896 + 0.4000000059604645*cs - 0.10000000149011612*sn, 0.05000000074505806 + 0.4000000059604645*sn + 0.10000000149011612*cs}
	legL := [3]float64{0.15000000596046448, 1 - 0.10000000149011612, 0}
	for _, c := range []struct {
		j    int
		want [3]float64
	}{{3, head}, {4, legL}} {
		w := world[c.j]
		for k := 0; k < 3; k++ {
			if math.Abs(w[12+k]-c.want[k]) > 1e-6 {
				t.Errorf("joint %d world position %v, want %v", c.j, w.Col(3).Vec3(), c.want)
				break
			}
		}
	}
}

func TestParseFacts(t *testing.T) {
	f := parseFixture(t, "skel_anim.bfres")
	if f.Header.VersionString != "4.5.0.3" || f.Name != "skel_anim" || f.Header.Alignment != 4 {
		t.Errorf("header %+v name %q", f.Header, f.Name)
	}
	if len(f.SkeletalAnims) != 1 {
		t.Fatalf("%d FSKA", len(f.SkeletalAnims))
	}
	a := &f.SkeletalAnims[0]
	if a.Name != "Trot" || a.FrameCount != 24 || !a.Loop() || a.Quaternion() || a.NumCurves != 6 || len(a.BoneAnims) != 6 {
		t.Errorf("FSKA %q frames %d loop %v quat %v curves %d bone anims %d", a.Name, a.FrameCount, a.Loop(), a.Quaternion(), a.NumCurves, len(a.BoneAnims))
	}
	// baked size = sum of 4·(end-start+1) + 20 over curves (LAYOUT.md).
	if a.BakedSize != 6*(4*25+20) {
		t.Errorf("baked size %d", a.BakedSize)
	}
	if len(a.UserData) != 2 || a.UserData[0].Name != "FloorContact_L" || a.UserData[0].TypeName() != "float" ||
		len(a.UserData[0].Floats) != 2 || a.UserData[0].Floats[1] != 12 || a.UserData[1].Name != "Tag" || len(a.UserData[1].Strings) != 1 || a.UserData[1].Strings[0] != "trot" {
		t.Errorf("user data %+v", a.UserData)
	}
	spine := &a.BoneAnims[1]
	if spine.Name != "Spine" || !spine.HasScale || spine.HasRotate || spine.HasTranslate || len(spine.Curves) != 1 {
		t.Fatalf("bone anim 1 %+v", spine)
	}
	c := &spine.Curves[0]
	if c.TargetOffset != TargetRotateX || c.Type != anim.NWCubic || c.FrameType != anim.NWFrameU8 || c.KeyType != KeyS16 || c.NumKeys != 3 || !c.HasDelta {
		t.Errorf("curve %+v", c)
	}
	if c.NumFrameValues() != 3 || c.RawFrame(2) != 24 || c.NumKeyValues() != 12 {
		t.Errorf("frames %d (last %v), key values %d", c.NumFrameValues(), c.RawFrame(2), c.NumKeyValues())
	}
	if c.Decoded == nil || c.Decoded.Kind() != anim.KindCubic {
		t.Errorf("decoded curve %v", c.Decoded)
	}
	// The clip's channel leads back to the stored curve.
	clip, _ := f.SkeletalClip(0)
	ch, _ := clip.Targets[1].Channel(anim.RotX)
	if f.CurveFor(ch.Curve) != c {
		t.Errorf("CurveFor(Spine rotation.x) = %p, want %p", f.CurveFor(ch.Curve), c)
	}
	if sx, _ := clip.Targets[1].Channel(anim.ScaleX); f.CurveFor(sx.Curve) != nil {
		t.Error("CurveFor(constant) is not nil")
	}
	// The decoded key value is (c0·scale + offset) in degrees.
	if got, want := c.Decoded.Key(0).Value, (c.RawKey(0)*c.Scale+c.Offset)*180/math.Pi; math.Abs(got-want) > 1e-9 {
		t.Errorf("key 0 value %v, want %v", got, want)
	}
	if i, ok := f.Groups[GroupSkeletalAnim].Lookup("Trot"); !ok || i != 0 {
		t.Errorf("Lookup(Trot) = %d %v", i, ok)
	}
	if _, ok := f.Groups[GroupSkeletalAnim].Lookup("Trox"); ok {
		t.Error("Lookup(Trox) found something")
	}
	if i, ok := f.Models[0].Skeleton.BoneDict.Lookup("Leg_R"); !ok || i != 5 {
		t.Errorf("bone Lookup(Leg_R) = %d %v", i, ok)
	}

	v := parseFixture(t, "v33_layout.bfres")
	if v.Header.VersionString != "3.3.0.1" || !v.Header.Pre34Layout {
		t.Errorf("v33 header %+v", v.Header)
	}
	bones := v.Models[0].Skeleton.Bones
	if len(bones) != 3 || bones[0].InverseMatrix == nil || bones[0].InverseMatrix[0] != 1 {
		t.Errorf("v33 bones %+v", bones)
	}
	if sa := v.SkeletalAnims[0]; sa.FrameCount != 32 || sa.NumCurves != 3 || len(sa.BoneAnims) != 2 || sa.BoneAnims[1].Curves[0].Type != anim.NWBakedFloat {
		t.Errorf("v33 FSKA %+v", sa)
	}
	if len(v.TexSRTAnims) != 1 || v.TexSRTAnims[0].Name != "Glow" || v.TexSRTAnims[0].FrameCount != 32 {
		t.Errorf("v33 FSHU %+v", v.TexSRTAnims)
	}

	tex := parseFixture(t, "texsrt.bfres")
	sw := &tex.TexSRTAnims[0]
	if sw.Name != "ScrollWater" || len(sw.MaterialAnims) != 2 || sw.NumParamAnims != 6 || sw.NumCurves != 15 {
		t.Fatalf("FSHU %q mats %d params %d curves %d", sw.Name, len(sw.MaterialAnims), sw.NumParamAnims, sw.NumCurves)
	}
	lava := &sw.MaterialAnims[1]
	p := lava.Params[2] // tex_mtx2: r linear + mode stepBool
	if p.Name != "tex_mtx2" || p.NumFloatCurves != 1 || p.NumIntCurves != 1 || p.NumConstants != 1 {
		t.Errorf("param %+v", p)
	}
	mc := &lava.Curves[int(p.BeginCurve)+1]
	if mc.Type != anim.NWStepBool || mc.TargetOffset != TexSrtMode || mc.Offset != 1 || mc.Decoded.Kind() != anim.KindStepBool {
		t.Errorf("mode curve %+v", mc)
	}
}

// The converted texture SRT targets: the mode channel appears where the
// file sets it, as a step curve where a curve drives it, and the matrix
// follows it per frame.
func TestTexSRTModeChannel(t *testing.T) {
	f := parseFixture(t, "texsrt.bfres")
	clips, _ := f.Clips()
	c := clipNamed(t, clips, "ScrollWater")
	if len(c.Targets) != 6 {
		t.Fatalf("%d targets", len(c.Targets))
	}
	lava1 := &c.Targets[3] // Lava tex_mtx1: bakedInt mode
	if lava1.Name != "Lava" || lava1.Index != 1 || lava1.TexGen != 1 || lava1.TexMode != anim.TexNWMaya {
		t.Fatalf("target %+v", lava1)
	}
	ch, ok := lava1.Channel(anim.TexModeSlot)
	if !ok || ch.Curve.Kind() != anim.KindBakedInt {
		t.Fatalf("mode channel %+v", ch)
	}
	var p anim.TargetPose
	for _, fr := range []float64{0, 20, 40, 63.5} {
		anim.EvaluateTarget(lava1, fr, &p)
		mode := p.V[anim.TexModeSlot]
		want := anim.TexMatrixWith([]anim.TexMatrixMode{anim.TexNWMaya, anim.TexNW3dsMax, anim.TexNWSoftimage}[int(mode)], lava1, &p)
		if got := anim.TexMatrixOf(lava1, &p); got != want {
			t.Errorf("frame %v mode %v: matrix %v, want %v", fr, mode, got, want)
		}
	}
	water0 := &c.Targets[0]
	if ch, ok := water0.Channel(anim.TexModeSlot); !ok || ch.Curve.Kind() != anim.KindConstant || ch.Curve.Eval(0) != 0 {
		t.Errorf("Water tex_mtx0 mode channel %+v %v", ch, ok)
	}
	if _, ok := c.Targets[1].Channel(anim.TexModeSlot); !ok {
		t.Error("Water tex_mtx1 sets mode 1 by constant but has no mode channel")
	}
	// Constant r is stored in radians and shown in degrees.
	lava1R, _ := lava1.Channel(anim.RotZ)
	if got := lava1R.Curve.Eval(0); math.Abs(got-float64(math.Float32frombits(1057360530))*180/math.Pi) > 1e-9 {
		t.Errorf("Lava tex_mtx1 rotation.q = %v", got)
	}
}

// Round trip: the test writer re-encodes the FSKA/FMDL fixtures from the
// parsed structs; the result parses and samples like the golden.
func TestEncodeRoundTrip(t *testing.T) {
	for _, tc := range []struct{ file, anim string }{
		{"cubic_f32.bfres", "Wave"}, {"cubic_quant.bfres", "Quant"}, {"linear_baked.bfres", "LinBake"},
		{"quat.bfres", "QuatSpin"}, {"wrap_modes.bfres", "Wrap"}, {"base_only.bfres", "Pose"}, {"skel_anim.bfres", "Trot"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			orig := parseFixture(t, tc.file)
			for i := range orig.SkeletalAnims {
				orig.SkeletalAnims[i].UserData = nil
			}
			out, err := Parse(encodeFile(orig))
			if err != nil {
				t.Fatal(err)
			}
			raw, err := os.ReadFile("testdata/" + tc.file + "." + tc.anim + ".expected.json")
			if err != nil {
				t.Fatal(err)
			}
			want, err := sampletest.Read(raw)
			if err != nil {
				t.Fatal(err)
			}
			clips, _ := out.Clips()
			got, err := sample.Build(want.File, clipNamed(t, clips, tc.anim), sample.Options{Frames: want.Frames})
			if err != nil {
				t.Fatal(err)
			}
			for _, msg := range sampletest.Compare(got, want, 5) {
				t.Error(msg)
			}
		})
	}
}

// The trie builder and the lookup agree for many similar names.
func TestDictManyNames(t *testing.T) {
	var names []string
	for i := 0; i < 300; i++ {
		names = append(names, "Bone_"+string(rune('A'+i%26))+string(rune('a'+i/26)))
	}
	names = append(names, "B", "Bo", "Bone", "Bone_", "x")
	f := &File{Name: "many"}
	m := Model{Name: "Skeleton", Skeleton: &Skeleton{Flags: 0x1200}}
	for i, n := range names {
		parent := int16(i - 1)
		m.Skeleton.Bones = append(m.Skeleton.Bones, Bone{Name: n, Index: uint16(i), Parent: parent, SmoothIndex: -1, RigidIndex: -1, BillboardIndex: -1,
			Flags: 1 << 12, Scale: [3]float32{1, 1, 1}, Rotation: [4]float32{0, 0, 0, 1}})
	}
	f.Models = []Model{m}
	g, err := Parse(encodeFile(f))
	if err != nil {
		t.Fatal(err)
	}
	d := g.Models[0].Skeleton.BoneDict
	for i, n := range names {
		if j, ok := d.Lookup(n); !ok || j != i {
			t.Fatalf("Lookup(%q) = %d %v, want %d", n, j, ok, i)
		}
	}
	for _, n := range []string{"", "Bone_Z", "Bo_", "y"} {
		if _, ok := d.Lookup(n); ok {
			t.Errorf("Lookup(%q) found an entry", n)
		}
	}
}

// Segment scale compensation (Maya scale mode): a compensating child keeps
// its parent's translation scaling but not the parent's scale on its own
// axes, so its own child sits one unit further, not two.
func TestSegmentScaleCompensate(t *testing.T) {
	for _, tc := range []struct {
		name      string
		skelFlags uint32
		want      float64 // grandchild's world x
	}{
		{"maya", 0x1200, 3},
		{"standard scale mode ignores the flag", 0x1100, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bone := func(name string, parent int16, scale float32, ssc bool) Bone {
				flags := uint32(1<<12 | 1)
				if ssc {
					flags |= boneSegmentScaleComp
				}
				tx := float32(1)
				if parent < 0 {
					tx = 0
				}
				return Bone{Name: name, Index: uint16(parent + 1), Parent: parent, SmoothIndex: -1, RigidIndex: -1, BillboardIndex: -1, Flags: flags,
					Scale: [3]float32{scale, scale, scale}, Rotation: [4]float32{0, 0, 0, 1}, Translation: [3]float32{tx, 0, 0}}
			}
			f := &File{Name: "ssc", Models: []Model{{Name: "M", Skeleton: &Skeleton{Flags: tc.skelFlags,
				Bones: []Bone{bone("Root", -1, 2, false), bone("Child", 0, 1, true), bone("Grandchild", 1, 1, true)}}}}}
			g, err := Parse(encodeFile(f))
			if err != nil {
				t.Fatal(err)
			}
			s := g.Skeletons()[0]
			if err := s.Finish(); err != nil {
				t.Fatal(err)
			}
			world := make([]mgl64.Mat4, 3)
			s.World(nil, nil, world)
			if world[1][12] != 2 || world[2][12] != tc.want {
				t.Errorf("child x %v (want 2), grandchild x %v (want %v)", world[1][12], world[2][12], tc.want)
			}
		})
	}
}
