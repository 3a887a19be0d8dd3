package bfres

import (
	"fmt"
	"math"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/sample"
	"github.com/go-gl/mathgl/mgl64"
)

// The posing tests write a skeleton and an animation with the test-side
// writer, open them as the CLI does (`sample ANIM --model MODEL`: parse,
// convert, validate, prepare, bind by name, sample.Build) and compare the
// world positions at fractional frames with a small independent
// composition below, one per G3d scale mode. Every case also checks that
// the rule it is about matters: the wrong rule moves some joint by more
// than 1%.

// The skeleton: Root > Arm > Hand > Tip, and Fin > FinTip under Arm (not
// animated). Rest values are the model's; Hand and Tip leave some
// channels to them.
type poseBone struct {
	name     string
	parent   int
	scale    [3]float32
	euler    [3]float32 // radians (Euler skeletons)
	quat     [4]float32 // x, y, z, w (quaternion skeletons)
	trans    [3]float32
	skelComp bool
	anim     *poseAnim // nil: not animated
}

// poseAnim is one bone animation: base values (nil = absent), linear
// curves from v[0] at frame 0 to v[1] at the last frame, and its own
// compensate flag.
type poseAnim struct {
	comp         bool
	scale, trans *[3]float32
	euler        *[3]float32
	quat         *[4]float32
	curves       map[uint32][2]float32
}

const poseFrames = 10

func poseBones() []poseBone {
	return []poseBone{
		{name: "Root", parent: -1, scale: [3]float32{1, 1, 1}, quat: [4]float32{0, 0, 0, 1}, anim: &poseAnim{
			trans:  &[3]float32{0.5, 0, 0},
			euler:  &[3]float32{0, 0, 0.1},
			quat:   &[4]float32{0, 0, 0.2588190451, 0.9659258263}, // 30° about z
			curves: map[uint32][2]float32{TargetScaleX: {1, 1.8}, TargetScaleY: {1, 0.6}, TargetScaleZ: {1.2, 1.2}, TargetRotateZ: {0.1, 0.9}},
		}},
		{name: "Arm", parent: 0, scale: [3]float32{1, 1, 1}, quat: [4]float32{0, 0, 0, 1}, skelComp: true, anim: &poseAnim{
			comp:   true,
			trans:  &[3]float32{0, 2, 0},
			euler:  &[3]float32{0.3, 0, 0.2},
			quat:   &[4]float32{0.2, 0, 0.3, 0.9327379053}, // unit
			curves: map[uint32][2]float32{TargetScaleX: {0.5, 1.5}, TargetScaleY: {2, 1.2}, TargetScaleZ: {1, 0.7}, TargetRotateY: {0, 0.6}},
		}},
		// Hand: no base scale and no scale curve (the model's rest scale),
		// compensates in the skeleton but not in the animation.
		{name: "Hand", parent: 1, scale: [3]float32{0.9, 1.3, 1.1}, euler: [3]float32{0, 0.4, 0}, quat: [4]float32{0, 0.3826834324, 0, 0.9238795325}, trans: [3]float32{0, 1.5, 0}, skelComp: true, anim: &poseAnim{
			trans:  &[3]float32{1, 1.5, 0},
			curves: map[uint32][2]float32{TargetRotateX: {-0.2, 0.7}},
		}},
		// Tip: only a scale curve; rotation and translation from the model.
		{name: "Tip", parent: 2, scale: [3]float32{1, 1, 1}, euler: [3]float32{0.2, 0, 0}, quat: [4]float32{0.0998334166, 0, 0, 0.9950041653}, trans: [3]float32{0.5, 1.2, 0.3}, anim: &poseAnim{
			comp:   true,
			curves: map[uint32][2]float32{TargetScaleX: {1, 2}},
		}},
		{name: "Fin", parent: 1, scale: [3]float32{1.5, 0.5, 1}, euler: [3]float32{0, 0, 0.5}, quat: [4]float32{0, 0, 0.2474039593, 0.9689124217}, trans: [3]float32{1, 0.5, 0}, skelComp: true},
		{name: "FinTip", parent: 4, scale: [3]float32{1, 1, 1}, quat: [4]float32{0, 0, 0, 1}, trans: [3]float32{0, 2, 0.5}},
	}
}

// linearCurve is a two-key linear f32 curve from v[0] at frame 0 to v[1]
// at poseFrames.
func linearCurve(target uint32, v [2]float32) Curve {
	var frames, keys []byte
	for _, f := range []float32{0, poseFrames} {
		frames = be.AppendUint32(frames, math.Float32bits(f))
	}
	for _, k := range []float32{v[0], v[1] - v[0], v[1], 0} {
		keys = be.AppendUint32(keys, math.Float32bits(k))
	}
	return Curve{
		Flags: uint16(anim.NWFrameF32) | uint16(Key32)<<2 | uint16(anim.NWLinear)<<4, NumKeys: 2,
		TargetOffset: target, EndFrame: poseFrames, ScaleBits: math.Float32bits(1),
		DeltaBits: math.Float32bits(v[1] - v[0]), FrameData: frames, KeyData: keys,
	}
}

// poseSkeleton is the FSKL for a scale mode and rotation kind.
func poseSkeleton(bones []poseBone, scaleMode uint32, quat bool) *Skeleton {
	rot := uint32(rotationModeEulerXYZ)
	if quat {
		rot = rotationModeQuat
	}
	s := &Skeleton{Flags: scaleMode<<8 | rot<<12}
	for i, b := range bones {
		flags := rot<<12 | 1
		if b.skelComp {
			flags |= boneSegmentScaleComp
		}
		r := [4]float32{b.euler[0], b.euler[1], b.euler[2], 1}
		if quat {
			r = b.quat
		}
		s.Bones = append(s.Bones, Bone{Name: b.name, Index: uint16(i), Parent: int16(b.parent), SmoothIndex: -1, RigidIndex: -1, BillboardIndex: -1,
			Flags: flags, Scale: b.scale, Rotation: r, Translation: b.trans})
	}
	return s
}

// poseAnimation is the FSKA "Pose" for the animated bones.
func poseAnimation(bones []poseBone, scaleMode uint32, quat bool) SkeletalAnim {
	rot := uint32(rotationModeEulerXYZ)
	if quat {
		rot = rotationModeQuat
	}
	a := SkeletalAnim{AnimHeader: AnimHeader{Name: "Pose", Flags: scaleMode<<8 | rot<<12, FrameCount: poseFrames}}
	for _, b := range bones {
		p := b.anim
		if p == nil {
			continue
		}
		ba := BoneAnim{Name: b.name}
		if p.comp {
			ba.Flags |= boneSegmentScaleComp
		}
		if p.scale != nil {
			ba.Flags, ba.HasScale, ba.Scale = ba.Flags|boneAnimBaseScale, true, *p.scale
		}
		if !quat && p.euler != nil {
			ba.Flags, ba.HasRotate, ba.Rotate = ba.Flags|boneAnimBaseRotate, true, [4]float32{p.euler[0], p.euler[1], p.euler[2], 1}
		}
		if quat && p.quat != nil {
			ba.Flags, ba.HasRotate, ba.Rotate = ba.Flags|boneAnimBaseRotate, true, *p.quat
		}
		if p.trans != nil {
			ba.Flags, ba.HasTranslate, ba.Translate = ba.Flags|boneAnimBaseTranslate, true, *p.trans
		}
		for _, target := range []uint32{TargetScaleX, TargetScaleY, TargetScaleZ, TargetTranslateX, TargetTranslateY, TargetTranslateZ, TargetRotateX, TargetRotateY, TargetRotateZ} {
			v, ok := p.curves[target]
			if !ok || quat && target >= TargetRotateX {
				continue // quaternion cases keep constant rotations (see refLocal)
			}
			ba.Curves = append(ba.Curves, linearCurve(target, v))
		}
		a.BoneAnims = append(a.BoneAnims, ba)
	}
	return a
}

// ---- the independent reference ----

type mat3 [3][3]float64

func (a mat3) mul(b mat3) mat3 {
	var m mat3
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			for k := 0; k < 3; k++ {
				m[r][c] += a[r][k] * b[k][c]
			}
		}
	}
	return m
}

func (a mat3) apply(v [3]float64) [3]float64 {
	var o [3]float64
	for r := 0; r < 3; r++ {
		o[r] = a[r][0]*v[0] + a[r][1]*v[1] + a[r][2]*v[2]
	}
	return o
}

func diag(s [3]float64) mat3 { return mat3{{s[0], 0, 0}, {0, s[1], 0}, {0, 0, s[2]}} }

func hadamard(a, b [3]float64) [3]float64 { return [3]float64{a[0] * b[0], a[1] * b[1], a[2] * b[2]} }

func add3(a, b [3]float64) [3]float64 { return [3]float64{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }

// eulerMat is Rz·Ry·Rx built from the three axis rotations.
func eulerMat(x, y, z float64) mat3 {
	rx := mat3{{1, 0, 0}, {0, math.Cos(x), -math.Sin(x)}, {0, math.Sin(x), math.Cos(x)}}
	ry := mat3{{math.Cos(y), 0, math.Sin(y)}, {0, 1, 0}, {-math.Sin(y), 0, math.Cos(y)}}
	rz := mat3{{math.Cos(z), -math.Sin(z), 0}, {math.Sin(z), math.Cos(z), 0}, {0, 0, 1}}
	return rz.mul(ry).mul(rx)
}

func quatMat(q [4]float32) mat3 {
	x, y, z, w := float64(q[0]), float64(q[1]), float64(q[2]), float64(q[3])
	n := math.Sqrt(x*x + y*y + z*z + w*w)
	x, y, z, w = x/n, y/n, z/n, w/n
	return mat3{
		{1 - 2*(y*y+z*z), 2 * (x*y - z*w), 2 * (x*z + y*w)},
		{2 * (x*y + z*w), 1 - 2*(x*x+z*z), 2 * (y*z - x*w)},
		{2 * (x*z - y*w), 2 * (y*z + x*w), 1 - 2*(x*x+y*y)},
	}
}

// refLocal is a bone's local scale, rotation and translation at frame f,
// the G3d way: curve, else base value, else the model's rest (or identity,
// the old rule for a separate model: for every channel with restAll, for
// scale only with restScale).
type refLocal struct {
	s, t [3]float64
	r    mat3
	comp bool
}

type restRule int

const (
	restModel restRule = iota
	restAll            // identity for every channel left to the model
	restScale          // identity for the scale only
)

func refLocals(bones []poseBone, quat bool, f float64, animComp bool, identity restRule) []refLocal {
	out := make([]refLocal, len(bones))
	for i, b := range bones {
		l := &out[i]
		rest := func(v float32, id float64, scale bool) float64 {
			if identity == restAll || identity == restScale && scale {
				return id
			}
			return float64(v)
		}
		for k := 0; k < 3; k++ {
			l.s[k], l.t[k] = float64(b.scale[k]), float64(b.trans[k])
		}
		euler := [3]float64{float64(b.euler[0]), float64(b.euler[1]), float64(b.euler[2])}
		q := b.quat
		l.comp = b.skelComp
		if p := b.anim; p != nil {
			for k := 0; k < 3; k++ {
				l.s[k], l.t[k], euler[k] = rest(b.scale[k], 1, true), rest(b.trans[k], 0, false), rest(b.euler[k], 0, false)
			}
			if identity == restAll {
				q = [4]float32{0, 0, 0, 1}
			}
			if p.scale != nil {
				l.s = [3]float64{float64(p.scale[0]), float64(p.scale[1]), float64(p.scale[2])}
			}
			if p.trans != nil {
				l.t = [3]float64{float64(p.trans[0]), float64(p.trans[1]), float64(p.trans[2])}
			}
			if p.euler != nil {
				euler = [3]float64{float64(p.euler[0]), float64(p.euler[1]), float64(p.euler[2])}
			}
			if p.quat != nil {
				q = *p.quat
			}
			lin := func(v [2]float32) float64 {
				return float64(v[0]) + float64(v[1]-v[0])*(f/poseFrames)
			}
			for k, target := range []uint32{TargetScaleX, TargetScaleY, TargetScaleZ} {
				if v, ok := p.curves[target]; ok {
					l.s[k] = lin(v)
				}
			}
			for k, target := range []uint32{TargetRotateX, TargetRotateY, TargetRotateZ} {
				if v, ok := p.curves[target]; ok && !quat {
					euler[k] = lin(v)
				}
			}
			if animComp {
				l.comp = p.comp
			}
		}
		if quat {
			l.r = quatMat(q)
		} else {
			l.r = eulerMat(euler[0], euler[1], euler[2])
		}
	}
	return out
}

// refPositions composes the world positions for a scale mode (0 none,
// 1 standard, 2 maya, 3 softimage), written from the mode definitions:
// none ignores scale; standard is W = Wp·[R·S | t]; maya with compensation
// is W = Wp·[Sp⁻¹·R·S | t]; softimage keeps an unscaled rotation chain M,
// the accumulated scale A and the position x: x = xp + Mp·(Ap ∘ t).
func refPositions(bones []poseBone, ls []refLocal, mode int) [][3]float64 {
	type world struct {
		m   mat3 // basis (softimage: rotation only)
		x   [3]float64
		acc [3]float64
	}
	w := make([]world, len(bones))
	out := make([][3]float64, len(bones))
	for i, b := range bones {
		l := ls[i]
		basis := l.r.mul(diag(l.s))
		switch mode {
		case 0:
			basis = l.r
		case 2:
			if l.comp && b.parent >= 0 {
				ps := ls[b.parent].s
				basis = diag([3]float64{1 / ps[0], 1 / ps[1], 1 / ps[2]}).mul(basis)
			}
		case 3:
			basis = l.r
		}
		if b.parent < 0 {
			w[i] = world{basis, l.t, l.s}
		} else {
			p := w[b.parent]
			t := l.t
			if mode == 3 {
				t = hadamard(p.acc, t)
			}
			w[i] = world{p.m.mul(basis), add3(p.x, p.m.apply(t)), hadamard(p.acc, l.s)}
		}
		out[i] = w[i].x
	}
	return out
}

// ---- the tests ----

var scaleModeNames = [4]string{"none", "standard", "maya", "softimage"}

// poseSample opens the written files as the CLI does and samples Pose
// with the model's world positions; all holds every joint's position per
// frame (the sample lists animated bones only), from the same
// Skeleton.World the sample, the viewer and render use.
func poseSample(t *testing.T, animFile, modelFile *File, frames []float64) (doc *sample.Doc, all [][][3]float64) {
	t.Helper()
	return poseSampleBytes(t, encodeFile(animFile), encodeFile(modelFile), frames)
}

// poseSampleBytes is poseSample on encoded files (either platform).
func poseSampleBytes(t *testing.T, animData, modelData []byte, frames []float64) (doc *sample.Doc, all [][][3]float64) {
	t.Helper()
	clip := preparedClip(t, animData)
	fm, err := Parse(modelData)
	if err != nil {
		t.Fatal(err)
	}
	skel := fm.Skeletons()[0]
	if err := skel.Finish(); err != nil {
		t.Fatal(err)
	}
	b := anim.BindByName(clip, skel) // formats.Bind for bfres-skeletal
	doc, err = sample.Build("anim.bfres", clip, sample.Options{Frames: frames, Model: skel, ModelName: "model.bfres", Binding: &b})
	if err != nil {
		t.Fatal(err)
	}
	pose := anim.NewPose(clip)
	world := make([]mgl64.Mat4, len(skel.Joints))
	for _, f := range frames {
		anim.Evaluate(clip, f, pose)
		skel.World(pose, &b, world)
		pos := make([][3]float64, len(world))
		for j, m := range world {
			pos[j] = [3]float64{m[12], m[13], m[14]}
		}
		all = append(all, pos)
	}
	return doc, all
}

// worldOf is the sampled world position of bone name at frame index fi,
// or, for bones the clip does not drive, nothing (ok false).
func worldOf(doc *sample.Doc, name string, fi int) ([3]float64, bool) {
	for _, tg := range doc.Targets {
		if tg.Name == name && tg.World != nil {
			return tg.World[fi], true
		}
	}
	return [3]float64{}, false
}

// maxChange is the largest position change between two position sets,
// relative to max(1, |right|).
func maxChange(right, wrong [][3]float64) float64 {
	m := 0.0
	for i := range right {
		d := math.Sqrt(sq(right[i][0]-wrong[i][0]) + sq(right[i][1]-wrong[i][1]) + sq(right[i][2]-wrong[i][2]))
		n := math.Max(1, math.Sqrt(sq(right[i][0])+sq(right[i][1])+sq(right[i][2])))
		m = math.Max(m, d/n)
	}
	return m
}

func sq(x float64) float64 { return x * x }

func TestG3dPosing(t *testing.T) {
	frames := []float64{2.3, 7.85}
	bones := poseBones()
	for mode := 0; mode < 4; mode++ {
		for _, quat := range []bool{false, true} {
			for _, separate := range []bool{false, true} {
				rot := "euler"
				if quat {
					rot = "quat"
				}
				layout := "same file"
				if separate {
					layout = "separate model"
				}
				t.Run(fmt.Sprintf("%s/%s/%s", scaleModeNames[mode], rot, layout), func(t *testing.T) {
					skel := poseSkeleton(bones, uint32(mode), quat)
					model := &File{Name: "model", Models: []Model{{Name: "Model", Skeleton: skel}}}
					animFile := &File{Name: "anim", SkeletalAnims: []SkeletalAnim{poseAnimation(bones, uint32(mode), quat)}}
					if !separate {
						// BOTW style: the animation file embeds the skeleton.
						animFile.Models = []Model{{Name: "Skeleton", Skeleton: skel}}
						model = animFile
					}
					doc, all := poseSample(t, animFile, model, frames)
					checkG3dPose(t, doc, all, bones, mode, quat, separate, frames)
				})
			}
		}
	}
}

// checkG3dPose compares the sampled world positions with the reference
// for a scale mode and checks that the wrong rule for the case moves a
// joint by more than 1%.
func checkG3dPose(t *testing.T, doc *sample.Doc, all [][][3]float64, bones []poseBone, mode int, quat, separate bool, frames []float64) {
	t.Helper()
	discriminates := 0.0
	for fi, f := range frames {
		ls := refLocals(bones, quat, f, true, restModel)
		want := refPositions(bones, ls, mode)
		for i, b := range bones {
			got, ok := worldOf(doc, b.name, fi)
			if ok != (b.anim != nil) {
				t.Errorf("%s: sampled world %v, animated %v", b.name, ok, b.anim != nil)
			}
			if !ok {
				got = all[fi][i] // not animated: not in the sample
			}
			for k := range got {
				if math.Abs(got[k]-want[i][k]) > 1e-9*math.Max(1, math.Abs(want[i][k])) {
					t.Errorf("frame %v %s: world %v, want %v", f, b.name, got, want[i])
					break
				}
			}
		}
		// The wrong rule for this case must move a joint by >1%.
		var wrong [][3]float64
		switch mode {
		case 0: // scales composed as standard
			wrong = refPositions(bones, ls, 1)
		case 1: // the compensate flags honoured
			wrong = refPositions(bones, ls, 2)
		case 2: // compensation from the skeleton's flags
			wrong = refPositions(bones, refLocals(bones, quat, f, false, restModel), 2)
		case 3: // softimage treated as standard
			wrong = refPositions(bones, ls, 1)
		}
		discriminates = math.Max(discriminates, maxChange(want, wrong))
		if separate {
			// A separate model's rest values must fill what the
			// animation leaves open (the old rule: identity).
			for _, r := range []restRule{restAll, restScale} {
				if r == restScale && mode == 0 {
					continue // no scale in mode none
				}
				c := maxChange(want, refPositions(bones, refLocals(bones, quat, f, true, r), mode))
				if c < 0.01 {
					t.Errorf("frame %v: identity instead of the model's rest (rule %d) moves joints by only %.3g%%", f, r, 100*c)
				}
				t.Logf("frame %v: identity instead of the model's rest (%s) moves a joint by %.3g%%", f, []string{"", "all channels", "scale only"}[r], 100*c)
			}
		}
	}
	t.Logf("the wrong rule moves a joint by up to %.3g%%", 100*discriminates)
	if discriminates < 0.01 {
		t.Errorf("the wrong rule moves joints by only %.3g%%: the case does not test the rule", 100*discriminates)
	}
}

// The channels `sample --model` prints for a bone animation are the values
// the model's joint is posed with: a separate model's rest scale where the
// animation sets none, not 1.
func TestSampleChannelsTakeModelRest(t *testing.T) {
	bones := poseBones()
	skel := poseSkeleton(bones, 2, false)
	model := &File{Name: "model", Models: []Model{{Name: "Model", Skeleton: skel}}}
	animFile := &File{Name: "anim", SkeletalAnims: []SkeletalAnim{poseAnimation(bones, 2, false)}}
	doc, _ := poseSample(t, animFile, model, []float64{4.5})
	for _, tg := range doc.Targets {
		if tg.Name != "Hand" {
			continue
		}
		for k, ch := range []string{"scale.x", "scale.y", "scale.z"} {
			v, _ := tg.Channels.Get(ch)
			if want := float64(bones[2].scale[k]); v[0] != want {
				t.Errorf("Hand %s = %v, want the model's rest %v", ch, v[0], want)
			}
		}
		return
	}
	t.Fatal("no Hand target")
}
