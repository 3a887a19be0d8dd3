package app

import (
	"image"
	"math"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// animatedModel is a J3D-like model of four shapes on one joint: "body"
// samples TEX1 entry 0 through texture matrix 1, "eye" samples texture
// map 2 (TEX1 entry 0 at rest), "lamp" has a material colour, the fourth
// shape is a second "body" shape. TEX1 entry 1 could not be read, so the
// file's texture numbers 0, 2, 3 are the model's textures 0, 1, 2.
func animatedModel() *mesh.Model {
	tex := func(name string) *mesh.Texture {
		return &mesh.Texture{Name: name, Width: 1, Height: 1, Mips: 1, Format: "RGBA8",
			Decode: func(int) (*image.RGBA, error) { return image.NewRGBA(image.Rect(0, 0, 1, 1)), nil }}
	}
	tri := func(mat int) mesh.Shape {
		one := mesh.Influences{N: 1, Weight: [8]float32{1}}
		return mesh.Shape{Material: mat, Positions: []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, Triangles: []uint32{0, 1, 2},
			UVs: [][]mgl32.Vec2{{{0, 0}, {1, 0}, {0, 1}}}, Skin: []mesh.Influences{one, one, one}}
	}
	m := &mesh.Model{Name: "lamp_man", Skeleton: 0,
		Palette:      []mesh.PaletteEntry{{Joint: 0, InvBind: mgl64.Ident4()}},
		Shapes:       []mesh.Shape{tri(0), tri(1), tri(2), tri(0)},
		Textures:     []*mesh.Texture{tex("skin"), tex("eye_closed"), tex("eye_half")},
		FileTextures: []int{0, -1, 1, 2},
		Materials: []mesh.Material{
			{Name: "body", Color: mgl32.Vec4{1, 1, 1, 1}, Textures: []mesh.TextureSlot{
				{Texture: 0, Role: mesh.RoleAlbedo, TexMatrix: 1, Map: 0},
				{Texture: 0, TexMatrix: 2, Map: 1}}},
			{Name: "eye", Color: mgl32.Vec4{1, 1, 1, 1}, Textures: []mesh.TextureSlot{
				{Texture: 0, Role: mesh.RoleAlbedo, TexMatrix: -1, Map: 2}}},
			{Name: "lamp", Color: mgl32.Vec4{0.5, 0.5, 0.5, 1}},
		}}
	for i := range m.Shapes {
		m.Shapes[i].Name = "shape" + string(rune('0'+i))
	}
	if m.Check(1); len(m.Problems) > 0 {
		panic(strings.Join(m.Problems, "; "))
	}
	return m
}

// ramp is a Hermite curve from a at frame 0 to b at frame 30 with flat
// ends.
func ramp(a, b float64) anim.Curve {
	return &anim.Hermite{Keys: []anim.HermiteKey{{Time: 0, Value: a}, {Time: 30, Value: b}}, RotationFrac: -1}
}

// materialClips are a BTK moving "body"'s texture matrix 1 (and one for
// a material the model lacks), a BTP swapping "eye"'s texture map 2, a
// BVA hiding shape 2 and a BRK colouring "lamp".
func materialClips() (btk, btp, bva, brk *anim.Clip) {
	base := anim.DefaultBase()
	btk = &anim.Clip{Name: "scroll", Format: "btk", Duration: 30, FPS: 30, Loop: anim.Loop, Targets: []anim.Target{
		{Name: "body", Kind: anim.TexSRTTarget, TexGen: 1, TexMode: anim.TexJ3DMaya, Center: [3]float64{0.5, 0.5, 0}, Base: base,
			Channels: []anim.Channel{{Slot: anim.TransX, Curve: ramp(0, 1)}, {Slot: anim.RotZ, Curve: ramp(0, 90)}, {Slot: anim.ScaleY, Curve: anim.Constant(2)}}},
		{Name: "ghost", Kind: anim.TexSRTTarget, TexGen: 0, Base: base,
			Channels: []anim.Channel{{Slot: anim.TransY, Curve: ramp(0, 1)}}},
	}}
	btp = &anim.Clip{Name: "blink", Format: "btp", Duration: 30, FPS: 30, Loop: anim.Loop, Targets: []anim.Target{
		{Name: "eye", Kind: anim.TexPatternTarget, TexGen: -1, TexMap: 2, Base: base,
			Channels: []anim.Channel{{Slot: anim.TexIndex, Curve: &anim.FullFrame{Values: []float32{0, 0, 2, 2, 3, 3, 0}}}}},
	}}
	bva = &anim.Clip{Name: "hide", Format: "bva", Duration: 30, FPS: 30, Loop: anim.Loop, Targets: []anim.Target{
		{Index: 2, Kind: anim.ShapeTarget, TexGen: -1, Base: base,
			Channels: []anim.Channel{{Slot: anim.Visible, Curve: &anim.FullFrame{Values: []float32{1, 1, 1, 0, 0, 1}, Round: true}}}},
	}}
	brk = &anim.Clip{Name: "pulse", Format: "brk", Duration: 30, FPS: 30, Loop: anim.Loop, Targets: []anim.Target{
		{Name: "lamp/C1", Material: "lamp", Register: "C1", Kind: anim.TevRegTarget, TexGen: -1, Base: base,
			Channels: []anim.Channel{{Slot: anim.ColorR, Curve: ramp(0, 255)}, {Slot: anim.ColorG, Curve: anim.Constant(51)},
				{Slot: anim.ColorB, Curve: anim.Constant(300)}, {Slot: anim.ColorA, Curve: anim.Constant(255)}}},
	}}
	for _, c := range []*anim.Clip{btk, btp, bva, brk} {
		if err := c.Validate(); err != nil {
			panic(err)
		}
	}
	return
}

// openAnimated opens the model with the BTK, BTP, BVA and BRK playing.
func openAnimated(t *testing.T) (*App, *mesh.Model, *bytesWriter) {
	t.Helper()
	log := &bytesWriter{}
	a := New(log)
	m := animatedModel()
	btk, btp, bva, brk := materialClips()
	file := func(name string, c *anim.Clip) *File {
		// Given by the user on their own: they play on the model.
		return &File{path: name, name: name, asset: &formats.Asset{Format: c.Format, Clips: []*anim.Clip{c}}, explicit: true}
	}
	a.Add([]*File{
		{path: "lamp_man.bmd", name: "lamp_man.bmd", asset: &formats.Asset{Format: "bmd", Skeletons: []*anim.Skeleton{oneJoint()}, Models: []*mesh.Model{m}}},
		file("scroll.btk", btk), file("blink.btp", btp), file("hide.bva", bva), file("pulse.brk", brk),
	})
	if a.play.tex == nil || a.play.tex.clip != btk || len(a.play.mat.slots) != 3 {
		t.Fatalf("texture slot %v, %d material slots; want the BTK and 3 material clips playing", a.play.tex, len(a.play.mat.slots))
	}
	return a, m, log
}

// oneJoint is a skeleton of one joint.
func oneJoint() *anim.Skeleton {
	s := &anim.Skeleton{Name: "lamp_man", Mode: anim.J3DBasic, Joints: []anim.Joint{{Name: "root", Parent: -1, Rest: anim.DefaultBase()}}}
	if err := s.Finish(); err != nil {
		panic(err)
	}
	return s
}

// drawAt builds the scene at frame f and returns the model's draw.
func drawAt(t *testing.T, a *App, s *viewmodel.Scene, f float64) *viewmodel.MeshDraw {
	t.Helper()
	a.Apply(viewmodel.Seek{Frame: f})
	a.Evaluate()
	a.BuildScene(s, viewmodel.Viewport{W: 64, H: 64}, 1, viewmodel.DefaultOptions(), viewmodel.TextureRef{})
	if len(s.Meshes) != 1 || len(s.Meshes[0].Materials) != len(s.Meshes[0].Model.Materials) {
		t.Fatalf("frame %v: %d draws, want one with an override per material", f, len(s.Meshes))
	}
	return &s.Meshes[0]
}

// TestBTKMovesTheMaterialsUVs: the BTK entry for "body" and texture
// matrix 1 sets exactly the slot that uses matrix 1 to the matrix
// anim.TexMatrixOf gives for the target at that (fractional) frame,
// here also computed from the Maya formula by hand; the other slots keep
// the identity; the entry naming a material the model lacks is reported
// once.
func TestBTKMovesTheMaterialsUVs(t *testing.T) {
	a, _, log := openAnimated(t)
	var s viewmodel.Scene
	btk := a.play.tex.clip
	for _, f := range []float64{0, 7.25, 15, 22.5} {
		d := drawAt(t, a, &s, f)
		// The target's values at f by hand: each ramp is a Hermite with
		// flat ends, the smoothstep between its keys.
		u := f / 30
		h := u * u * (3 - 2*u)
		var p anim.TargetPose
		p.V = btk.Targets[0].Base
		p.V[anim.TransX], p.V[anim.RotZ], p.V[anim.ScaleY] = h, 90*h, 2
		want := anim.TexMatrixOf(&btk.Targets[0], &p)
		md := d.Materials[0]
		for row := 0; row < 2; row++ {
			for col := 0; col < 3; col++ {
				if got := float64(md.TexMatrix[0][row][col]); math.Abs(got-want[row][col]) > 1e-5 {
					t.Fatalf("frame %v: body slot 0 matrix %v, want %v", f, md.TexMatrix[0], want)
				}
			}
		}
		if md.TexMatrix[1] != ([2][3]float32{{1, 0, 0}, {0, 1, 0}}) || d.Materials[1].TexMatrix[0] != ([2][3]float32{{1, 0, 0}, {0, 1, 0}}) {
			t.Errorf("frame %v: slots not on texture matrix 1 moved: %v, %v", f, md.TexMatrix[1], d.Materials[1].TexMatrix[0])
		}
		if f > 0 && want == (anim.TexMatrix{{1, 0, 0}, {0, 1, 0}}) {
			t.Fatalf("frame %v: the test's BTK does not move", f)
		}
	}
	if n := strings.Count(string(log.b), "ghost"); n != 1 {
		t.Errorf("the material the model lacks is reported %d times, want once:\n%s", n, log.b)
	}
	if allocs := testing.AllocsPerRun(10, func() {
		a.BuildScene(&s, viewmodel.Viewport{W: 64, H: 64}, 1, viewmodel.DefaultOptions(), viewmodel.TextureRef{})
	}); allocs > 0 {
		t.Errorf("BuildScene with material animations allocates %v times per frame", allocs)
	}
}

// TestBTPSwapsTheTexture: the BTP entry for "eye" and texture map 2
// shows, at each frame, the TEX1 entry its value names there (J3D BTP
// truncates the frame), as the model's texture (entry 1 could not be
// read: 2 → texture 1, 3 → texture 2).
func TestBTPSwapsTheTexture(t *testing.T) {
	a, _, _ := openAnimated(t)
	var s viewmodel.Scene
	for _, c := range []struct {
		f    float64
		want int
	}{{0, 0}, {1.9, 0}, {2, 1}, {3.99, 1}, {4, 2}, {5.5, 2}, {6, 0}} {
		d := drawAt(t, a, &s, c.f)
		if got := d.Materials[1].Texture[0]; got != c.want {
			t.Errorf("frame %v: eye shows texture %d, want %d", c.f, got, c.want)
		}
		if d.Materials[0].Texture[0] != -1 || d.Materials[0].Texture[1] != -1 {
			t.Errorf("frame %v: body's textures swapped: %v", c.f, d.Materials[0].Texture)
		}
	}
}

// TestBVAHidesTheShape: the BVA hides shape 2 on the frames its values
// are 0 (the later runtime rounds the frame), and the user's hidden
// shapes stay hidden with it.
func TestBVAHidesTheShape(t *testing.T) {
	a, _, _ := openAnimated(t)
	a.Apply(viewmodel.SetShapeHidden{Ref: viewmodel.ShapeRef{Model: 0, Shape: 0}, Hidden: true})
	var s viewmodel.Scene
	for _, c := range []struct {
		f      float64
		hidden bool
	}{{0, false}, {2.4, false}, {2.5, true}, {4.4, true}, {4.5, false}} {
		d := drawAt(t, a, &s, c.f)
		if len(d.Hidden) != 4 || d.Hidden[2] != c.hidden || !d.Hidden[0] || d.Hidden[1] || d.Hidden[3] {
			t.Errorf("frame %v: hidden %v, want shape 2 hidden=%v and the user's shape 0 hidden", c.f, d.Hidden, c.hidden)
		}
	}
	a.Apply(viewmodel.SetShapeHidden{Ref: viewmodel.ShapeRef{Model: 0, Shape: 0}, Hidden: false})
	d := drawAt(t, a, &s, 3)
	if d.Hidden[0] || !d.Hidden[2] {
		t.Errorf("after showing shape 0 again: hidden %v", d.Hidden)
	}
	if user := a.meshes.shapesHidden(a.rig.models()[0]); len(user) != 4 || user[2] {
		t.Errorf("the user's hidden flags %v: want 4, shape 2 not among them (the animation hides it, not the user)", user)
	}
}

// TestBRKColoursTheMaterial: the BRK register of "lamp" becomes its
// material colour, the game's 0..255 as 0..1, clamped (B is 300).
func TestBRKColoursTheMaterial(t *testing.T) {
	a, _, _ := openAnimated(t)
	var s viewmodel.Scene
	for _, f := range []float64{0, 10, 15, 29.5} {
		d := drawAt(t, a, &s, f)
		u := f / 30
		r := 255 * u * u * (3 - 2*u)
		want := viewmodel.Color{float32(r / 255), 0.2, 1, 1}
		md := d.Materials[2]
		if !md.ReplaceColor {
			t.Fatalf("frame %v: lamp's colour not set", f)
		}
		for k := range want {
			if math.Abs(float64(md.Color[k]-want[k])) > 1e-6 {
				t.Fatalf("frame %v: lamp colour %v, want %v", f, md.Color, want)
			}
		}
		if d.Materials[0].ReplaceColor || d.Materials[0].Color != (viewmodel.Color{1, 1, 1, 1}) {
			t.Errorf("frame %v: body's colour changed: %+v", f, d.Materials[0])
		}
	}
	// Muted, the BRK leaves the material as stored.
	for i, sl := range a.play.mat.slots {
		if sl.clip.Format == "brk" {
			a.Apply(viewmodel.MuteClip{Slot: viewmodel.MatSlot0 + viewmodel.Slot(i), Mute: true})
		}
	}
	if d := drawAt(t, a, &s, 15); d.Materials[2].ReplaceColor {
		t.Errorf("muted BRK still colours lamp: %+v", d.Materials[2])
	}
}

// TestBFRESMaterialAnimations: BFRES clips bind by material name too: a
// texture SRT on a material whose slots name no texture matrix moves its
// albedo (its first such target only), a texture pattern swaps the slot
// of its sampler to the model's texture of the name the clip's list
// gives, a material visibility hides the material's shapes, a colour
// shader parameter sets the material colour's components it animates,
// and a bone visibility hides the shape that hidden bone alone drives.
func TestBFRESMaterialAnimations(t *testing.T) {
	tex := func(name string) *mesh.Texture {
		return &mesh.Texture{Name: name, Width: 1, Height: 1, Mips: 1, Format: "RGBA8",
			Decode: func(int) (*image.RGBA, error) { return image.NewRGBA(image.Rect(0, 0, 1, 1)), nil }}
	}
	rigid := func(e uint16) mesh.Influences {
		return mesh.Influences{N: 1, Entry: [8]uint16{e}, Weight: [8]float32{1}}
	}
	shape := func(name string, mat int, skin ...mesh.Influences) mesh.Shape {
		return mesh.Shape{Name: name, Material: mat, Positions: make([]mgl32.Vec3, 3), Triangles: []uint32{0, 1, 2}, Skin: skin}
	}
	m := &mesh.Model{Name: "Queen", Skeleton: 0,
		Palette:  []mesh.PaletteEntry{{Joint: 0, InvBind: mgl64.Ident4()}, {Joint: 1, InvBind: mgl64.Ident4()}},
		Textures: []*mesh.Texture{tex("Eye_Open"), tex("Eye_Closed"), tex("Eye_Nrm")},
		Materials: []mesh.Material{
			{Name: "Mt_Eye", Color: mgl32.Vec4{1, 1, 1, 1}, Textures: []mesh.TextureSlot{
				{Texture: 2, Name: "Eye_Nrm", Role: mesh.RoleNormal, TexMatrix: -1, Map: 0, MapName: "_n0"},
				{Texture: 0, Name: "Eye_Open", Role: mesh.RoleAlbedo, TexMatrix: -1, Map: 1, MapName: "_a0"}}},
			{Name: "Mt_Crown", Color: mgl32.Vec4{1, 1, 1, 0.5}},
		},
		Shapes: []mesh.Shape{
			shape("Eye", 0, rigid(0), rigid(0), rigid(0)),
			shape("Crown", 1, rigid(1), rigid(1), rigid(1)),
			shape("Veil", 0, rigid(0), rigid(1), rigid(1)),
			shape("Cape", 0, rigid(0), rigid(1), rigid(0)),
		}}
	// The Cape belongs to the Crown bone as a whole (its FSHP's bone),
	// although its vertices follow both: G3d hides it with that bone.
	m.Shapes[3].Bone, m.Shapes[3].HasBone = 1, true
	m.Check(2)
	skel := &anim.Skeleton{Name: "Queen", Mode: anim.G3dStandard, Joints: []anim.Joint{
		{Name: "Root", Parent: -1, Rest: anim.DefaultBase()}, {Name: "Crown", Parent: 0, Rest: anim.DefaultBase()}}}
	if err := skel.Finish(); err != nil {
		t.Fatal(err)
	}
	base := anim.DefaultBase()
	steps := func(v ...float32) anim.Curve { return &anim.FullFrame{Values: v} }
	srt := &anim.Clip{Name: "Face_Sleep", Format: "bfres-texsrt", Duration: 10, FPS: 30, Loop: anim.Loop, Targets: []anim.Target{
		{Name: "Mt_Eye", Kind: anim.TexSRTTarget, Param: "tex_srt4", TexMode: anim.TexNWMaya, Base: base,
			Channels: []anim.Channel{{Slot: anim.TransY, Curve: steps(0, 0.25, 0.5)}}},
		{Name: "Mt_Eye", Kind: anim.TexSRTTarget, Param: "tex_srt5", TexMode: anim.TexNWMaya, Base: base,
			Channels: []anim.Channel{{Slot: anim.TransX, Curve: anim.Constant(0.75)}}},
	}}
	srt.Targets[0].Base[anim.TexModeSlot], srt.Targets[1].Base[anim.TexModeSlot] = 0, 0
	pat := &anim.Clip{Name: "Sleep", Format: "bfres-texpattern", Duration: 10, FPS: 30, Loop: anim.Loop,
		TextureNames: []string{"Eye_Closed", "Not_Here", "Eye_Open"}, Targets: []anim.Target{
			{Name: "Mt_Eye", Kind: anim.TexPatternTarget, Param: "_a0", TexMap: 0, TexGen: -1, Base: base,
				Channels: []anim.Channel{{Slot: anim.TexIndex, Curve: steps(2, 0, 1)}}},
		}}
	vis := &anim.Clip{Name: "Sleep", Format: "bfres-matvis", Duration: 10, FPS: 30, Loop: anim.Loop, Targets: []anim.Target{
		{Name: "Mt_Crown", Kind: anim.ShapeTarget, TexGen: -1, Base: base, Channels: []anim.Channel{{Slot: anim.Visible, Curve: steps(1, 0, 1)}}},
	}}
	col := &anim.Clip{Name: "Sleep", Format: "bfres-shaderparam", Duration: 10, FPS: 30, Loop: anim.Loop, Targets: []anim.Target{
		{Name: "Mt_Crown", Kind: anim.ShaderParamTarget, Param: "const_color0", TexGen: -1, Base: base, Channels: []anim.Channel{
			{Slot: anim.Param0, Curve: anim.Constant(0.25)}, {Slot: anim.Param0 + 1, Curve: anim.Constant(2)}}},
	}}
	bone := &anim.Clip{Name: "Sleep", Format: "bfres-bonevis", Duration: 10, FPS: 30, Loop: anim.Loop, Targets: []anim.Target{
		{Name: "Crown", Kind: anim.JointTarget, TexGen: -1, Base: base, Channels: []anim.Channel{{Slot: anim.Visible, Curve: steps(1, 1, 1, 0)}}},
	}}
	a := New(nil)
	a.Add([]*File{
		{path: "Queen.bfres", name: "Queen.bfres", asset: &formats.Asset{Format: "bfres", Skeletons: []*anim.Skeleton{skel}, Models: []*mesh.Model{m}}},
		{path: "Queen_Animation.bfres", name: "Queen_Animation.bfres", asset: &formats.Asset{Format: "bfres", Clips: []*anim.Clip{bone, srt, pat, vis, col}}},
	})
	if a.play.tex == nil || a.play.tex.clip != srt || len(a.play.mat.slots) != 3 || a.play.joint == nil || a.play.joint.clip != bone {
		t.Fatalf("slots: joint %v, texture %v, %d material; want the bone visibility, the texture SRT and 3 material clips", a.play.joint, a.play.tex, len(a.play.mat.slots))
	}
	var s viewmodel.Scene
	ident := [2][3]float32{{1, 0, 0}, {0, 1, 0}}
	for _, c := range []struct {
		f                  float64
		ty                 float64
		tex                int
		crownHid, crownMat bool
	}{{0, 0, 0, false, false}, {1, 0.25, 1, false, true}, {2, 0.5, -1, false, false}, {3, 0.5, -1, true, false}} {
		d := drawAt(t, a, &s, c.f)
		eye, crown := &d.Materials[0], &d.Materials[1]
		var p anim.TargetPose
		p.V = srt.Targets[0].Base
		p.V[anim.TransY] = c.ty
		want := anim.TexMatrixOf(&srt.Targets[0], &p)
		for row := 0; row < 2; row++ {
			for col := 0; col < 3; col++ {
				if math.Abs(float64(eye.TexMatrix[1][row][col])-want[row][col]) > 1e-6 {
					t.Errorf("frame %v: albedo matrix %v, want %v (tex_srt4's)", c.f, eye.TexMatrix[1], want)
				}
			}
		}
		if eye.TexMatrix[0] != ident {
			t.Errorf("frame %v: the normal map moved: %v", c.f, eye.TexMatrix[0])
		}
		if eye.Texture[1] != c.tex || eye.Texture[0] != -1 {
			t.Errorf("frame %v: eye textures %v, want albedo %d (a name the model lacks keeps the stored one), normal map kept", c.f, eye.Texture, c.tex)
		}
		if crown.Hidden != c.crownMat {
			t.Errorf("frame %v: Mt_Crown hidden %v, want %v", c.f, crown.Hidden, c.crownMat)
		}
		if got := len(d.Hidden) > 1 && d.Hidden[1]; got != c.crownHid {
			t.Errorf("frame %v: the Crown shape hidden by its bone %v, want %v (hidden %v)", c.f, got, c.crownHid, d.Hidden)
		}
		if len(d.Hidden) > 2 && d.Hidden[2] {
			t.Errorf("frame %v: the Veil (two bones) hidden by a bone", c.f)
		}
		if got := len(d.Hidden) > 3 && d.Hidden[3]; got != c.crownHid {
			t.Errorf("frame %v: the Cape (owned by the Crown bone) hidden %v, want %v", c.f, got, c.crownHid)
		}
		if wantCol := (viewmodel.Color{0.25, 1, 1, 0.5}); !crown.ReplaceColor || crown.Color != wantCol {
			t.Errorf("frame %v: crown colour %+v, want %v (R, G from const_color0, clamped; B, A stored)", c.f, crown.Color, wantCol)
		}
	}
}

// TestUseClipNamedPlaysEveryKind: render's --clip plays the skeletal and
// the texture SRT animation of one name together (a BotW face).
func TestUseClipNamedPlaysEveryKind(t *testing.T) {
	btk, _, _, _ := materialClips()
	bck := handClip(anim.Loop)
	btk.Name, bck.Name = "Face_Talk", "Face_Talk"
	other := handClip(anim.Loop)
	a := New(nil)
	a.Add([]*File{{path: "face.bfres", name: "face.bfres", asset: &formats.Asset{Format: "bfres", Clips: []*anim.Clip{other, bck, btk}}}})
	if err := a.Headless().UseClipNamed("Face_Talk"); err != nil {
		t.Fatal(err)
	}
	if a.play.joint == nil || a.play.joint.clip != bck || a.play.tex == nil || a.play.tex.clip != btk {
		t.Errorf("joint slot %v, texture slot %v; want both Face_Talk clips", a.play.joint, a.play.tex)
	}
	if err := a.Headless().UseClipNamed("nope"); err == nil || !strings.Contains(err.Error(), "Face_Talk") {
		t.Errorf("unknown name: %v", err)
	}
}
