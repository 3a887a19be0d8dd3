package bfres

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/animscope/animscope/anim"
)

// refEval evaluates a stored curve from its description with the G3d rules
// of testdata/switch/README.md ("Evaluation rules" of the Wii U README),
// written out directly: wrap, segment search in the stored frame domain,
// power-basis cubic / linear / baked lerp / step / bits, scale and offset,
// relative-repeat delta. It shares no code with the decoder.
func refEval(c nxCurveDesc, f float64) float64 {
	start, end := float64(c.start), float64(c.end)
	cycles, sign := 0.0, 0.0
	if f < start || f > end {
		mode, d := c.post, f-end
		if f < start {
			mode, d = c.pre, start-f
		}
		if mode == anim.NWClamp {
			f = math.Max(start, math.Min(end, f))
		} else {
			l := end - start
			n := math.Trunc(d / l)
			r := d - n*l
			post := f > end
			switch {
			case mode == anim.NWMirror && post && int64(n)%2 == 1:
				f = start + r
			case mode == anim.NWMirror && post:
				f = end - r
			case mode == anim.NWMirror && int64(n)%2 == 1:
				f = end - r
			case mode == anim.NWMirror:
				f = start + r
			case post:
				f = start + r
			default:
				f = end - r
			}
			if mode == anim.NWRelativeRepeat {
				cycles, sign = n+1, 1
				if !post {
					sign = -1
				}
			}
		}
	}
	scale, offset, delta := c.scale, c.offset, c.delta
	if !c.typ.IsInt() {
		scale, offset, delta = float64(float32(scale)), float64(float32(offset)), float64(float32(delta))
	}
	key := func(i, e int) float64 {
		v := c.keys[i][e]
		if !c.typ.IsInt() && c.kt == Key32 {
			v = float64(float32(v))
		}
		return v
	}
	var v float64
	switch c.typ {
	case anim.NWCubic, anim.NWLinear, anim.NWStepInt, anim.NWStepBool:
		frame := func(i int) float64 {
			if c.ft == anim.NWFrameF32 {
				return float64(float32(c.frames[i]))
			}
			return c.frames[i]
		}
		q := f
		switch c.ft {
		case anim.NWFrameFixed:
			q = math.Floor(f*32) / 32
		case anim.NWFrameU8:
			q = math.Floor(f)
		}
		last := len(c.keys) - 1
		i, f0, f1 := last, frame(last), frame(last)+1
		if q < frame(last) {
			i = 0
			for i+1 < len(c.keys) && frame(i+1) <= q {
				i++
			}
			f0, f1 = frame(i), frame(i+1)
		}
		t := (f - f0) / (f1 - f0)
		switch c.typ {
		case anim.NWCubic:
			v = (key(i, 0)+key(i, 1)*t+key(i, 2)*t*t+key(i, 3)*t*t*t)*scale + offset
		case anim.NWLinear:
			v = (key(i, 0)+key(i, 1)*t)*scale + offset
		default:
			v = key(i, 0) + offset
		}
	case anim.NWBakedFloat:
		s := math.Trunc(start)
		i := int(math.Trunc(f) - s)
		t := f - (s + float64(i))
		next := key(i, 0)
		if i+1 < len(c.keys) {
			next = key(i+1, 0)
		}
		v = (key(i, 0)*(1-t)+next*t)*scale + offset
	default: // baked int, baked bool
		v = key(int(math.Trunc(f)-math.Trunc(start)), 0) + offset
	}
	return v + sign*cycles*delta
}

// randomCurve builds a curve of the given kinds with keys in range for
// the key type, frames sorted and exact in the frame type, covering
// [start, end].
func randomCurve(rng *rand.Rand, target uint32, typ anim.NWCurveType, ft anim.NWFrameType, kt KeyType, start, end float64) nxCurveDesc {
	c := nxCurveDesc{target: target, typ: typ, ft: ft, kt: kt, start: float32(start), end: float32(end), scale: 1}
	key := func() float64 {
		switch {
		case typ.IsBool():
			return float64(rng.IntN(2))
		case typ.IsInt():
			return float64(rng.IntN(7) - 1)
		case kt == KeyS16:
			return float64(rng.IntN(60001) - 30000)
		case kt == KeyS8:
			return float64(rng.IntN(241) - 120)
		}
		return rng.Float64()*4 - 2
	}
	if !typ.IsInt() && kt != Key32 {
		c.scale, c.offset = 1.0/float64(int(1)<<(7+4*int(2-kt))), rng.Float64()-0.5
	}
	if typ.IsBaked() {
		for i := 0; i <= int(math.Trunc(end)-math.Trunc(start)); i++ {
			c.keys = append(c.keys, []float64{key()})
		}
	} else {
		f := start
		for f < end {
			c.frames = append(c.frames, f)
			step := 1 + float64(rng.IntN(6))
			switch ft {
			case anim.NWFrameFixed:
				step += float64(rng.IntN(32)) / 32
			case anim.NWFrameF32:
				step += float64(float32(rng.Float64()))
			}
			f = math.Min(f+step, end)
		}
		c.frames = append(c.frames, end)
		for range c.frames {
			k := make([]float64, typ.KeyElems())
			for e := range k {
				k[e] = key()
			}
			c.keys = append(c.keys, k)
		}
	}
	if typ.IsInt() {
		c.offset = float64(rng.IntN(3))
		if typ.IsBool() {
			c.offset = 0
		}
	}
	c.delta = refEval(c, end) - refEval(c, start) // what real files store
	return c
}

var (
	allFrameTypes = []anim.NWFrameType{anim.NWFrameF32, anim.NWFrameFixed, anim.NWFrameU8}
	allKeyTypes   = []KeyType{Key32, KeyS16, KeyS8}
	allWraps      = []anim.NWWrap{anim.NWClamp, anim.NWRepeat, anim.NWMirror, anim.NWRelativeRepeat}
	eulerTargets  = []uint32{TargetScaleX, TargetScaleY, TargetScaleZ, TargetTranslateX, TargetTranslateY, TargetTranslateZ, TargetRotateX, TargetRotateY, TargetRotateZ}
)

// switchTestDesc is one file with every curve, frame, key and wrap kind on
// bone channels (Euler and quaternion, keyed and baked), a skeleton with
// Euler and quaternion bones, texture SRT and bone visibility animations.
func switchTestDesc(major int) nxDesc {
	rng := rand.New(rand.NewPCG(uint64(major), 7))
	d := nxDesc{major: major, name: fmt.Sprintf("writer_v%d", major), alignment: 12}
	d.models = []nxModelDesc{{name: "Rig", scaleMode: 1, rotMode: 1, bones: []nxBoneDesc{
		{name: "Root", parent: -1, smooth: 0, rigid: -1, scale: [3]float32{1, 1, 1}, rotate: [4]float32{0.1, 0.2, 0.3, 1}, translate: [3]float32{0, 1, 0}},
		{name: "Arm", parent: 0, smooth: 1, rigid: -1, scale: [3]float32{1.5, 1, 1}, rotate: [4]float32{0, 0, -0.5, 1}, translate: [3]float32{0.5, 2, 0}},
		{name: "Spin", parent: 1, smooth: -1, rigid: 0, quat: true, scale: [3]float32{1, 2, 1}, rotate: [4]float32{0, 0.6, 0, 0.8}, translate: [3]float32{0, 1, 0.25}},
	}}}
	// Every (curve type, frame type, key type) float combination, wraps
	// cycling through all 16 pre/post pairs, 9 channels per bone anim.
	var curves []nxCurveDesc
	n := 0
	for _, typ := range []anim.NWCurveType{anim.NWCubic, anim.NWLinear, anim.NWBakedFloat} {
		for _, ft := range allFrameTypes {
			for _, kt := range allKeyTypes {
				start := float64(n % 5)
				c := randomCurve(rng, eulerTargets[n%9], typ, ft, kt, start, start+12+float64(n%7))
				c.pre, c.post = allWraps[n%4], allWraps[n/4%4]
				curves = append(curves, c)
				n++
			}
		}
	}
	euler := nxSkelDesc{name: "Keyed", flags: 1<<12 | 1<<8 | animLoop, frames: 30}
	for i := 0; i*9 < len(curves); i++ {
		ba := nxBoneAnimDesc{name: []string{"Root", "Arm", "Spin"}[i], curves: curves[i*9 : min(len(curves), i*9+9)]}
		if i == 0 {
			ba.scale, ba.rotate, ba.translate = &[3]float32{2, 2, 2}, &[4]float32{0, 0.5, 0, 1}, &[3]float32{1, 2, 3}
		}
		euler.boneAnims = append(euler.boneAnims, ba)
	}
	euler.boneAnims = append(euler.boneAnims, nxBoneAnimDesc{name: "Extra"}) // not in the skeleton: identity
	quat := nxSkelDesc{name: "Baked", flags: animBaked, frames: 16}
	qc := []nxCurveDesc{
		randomCurve(rng, TargetRotateX, anim.NWBakedFloat, anim.NWFrameF32, KeyS16, 0, 16),
		randomCurve(rng, TargetRotateW, anim.NWBakedFloat, anim.NWFrameF32, Key32, 0, 16),
		randomCurve(rng, TargetTranslateY, anim.NWLinear, anim.NWFrameFixed, KeyS8, 2, 14),
	}
	qc[2].pre, qc[2].post = anim.NWMirror, anim.NWRelativeRepeat
	quat.boneAnims = []nxBoneAnimDesc{{name: "Spin", curves: qc}, {name: "Root", rotate: &[4]float32{0, 0, 0.6, 0.8}}}
	d.skeletal = []nxSkelDesc{euler, quat}
	// Texture SRT: the mode from an int constant and from step/baked int
	// and bool curves; float curves on every field.
	modeCurve := func(typ anim.NWCurveType, ft anim.NWFrameType) nxCurveDesc {
		c := randomCurve(rng, TexSrtMode, typ, ft, KeyS16, 0, 20)
		for _, k := range c.keys {
			if typ.IsBool() {
				k[0] = float64(rng.IntN(2))
			} else {
				k[0] = float64(rng.IntN(3))
			}
		}
		c.offset = 0
		if typ.IsBool() {
			c.offset = float64(rng.IntN(2))
		}
		c.delta = 0
		return c
	}
	texCurve := func(target uint32, typ anim.NWCurveType, ft anim.NWFrameType, kt KeyType) nxCurveDesc {
		c := randomCurve(rng, target, typ, ft, kt, 0, 20)
		c.pre, c.post = allWraps[rng.IntN(4)], allWraps[rng.IntN(4)]
		return c
	}
	d.material = []nxMatDesc{{name: "Scroll_fts", flags: animLoop, frames: 20, mats: []nxMatDataDesc{
		{name: "Water", params: []nxParamDesc{
			{name: "tex_mtx0", curves: []nxCurveDesc{texCurve(TexSrtSX, anim.NWCubic, anim.NWFrameFixed, KeyS16), texCurve(TexSrtR, anim.NWLinear, anim.NWFrameF32, Key32)},
				constants: [][2]uint32{{TexSrtMode, 1}, {TexSrtTY, math.Float32bits(0.25)}}},
			{name: "tex_mtx1", curves: []nxCurveDesc{texCurve(TexSrtTX, anim.NWBakedFloat, anim.NWFrameU8, KeyS8), modeCurve(anim.NWStepInt, anim.NWFrameFixed)}},
		}},
		{name: "Lava", params: []nxParamDesc{
			{name: "tex_mtx0", curves: []nxCurveDesc{texCurve(TexSrtSY, anim.NWLinear, anim.NWFrameU8, KeyS8), modeCurve(anim.NWBakedInt, anim.NWFrameU8)}},
			{name: "tex_mtx1", curves: []nxCurveDesc{modeCurve(anim.NWStepBool, anim.NWFrameF32)}},
			{name: "tex_mtx2", curves: []nxCurveDesc{texCurve(TexSrtTY, anim.NWCubic, anim.NWFrameU8, KeyS8), modeCurve(anim.NWBakedBool, anim.NWFrameU8)}},
		}},
	}}}
	// A material animation beside it: a colour parameter (float curves and
	// constants at offsets 0..12), a texture pattern from a step int curve
	// and one from a constant, material visibility from a bool curve and
	// from a constant, and a texture SRT parameter.
	patCurve := randomCurve(rng, 0, anim.NWStepInt, anim.NWFrameFixed, KeyS8, 0, 20)
	for _, k := range patCurve.keys {
		k[0] = float64(rng.IntN(4))
	}
	patCurve.offset, patCurve.delta = 1, 0
	visCurve := randomCurve(rng, 0, anim.NWStepBool, anim.NWFrameU8, Key32, 0, 20)
	visCurve.delta = 0
	three, zero := uint32(3), uint32(0)
	d.material = append(d.material, nxMatDesc{name: "Glow_fcl", frames: 20, mats: []nxMatDataDesc{
		{name: "Body", params: []nxParamDesc{
			{name: "albedo_color", curves: []nxCurveDesc{texCurve(4, anim.NWCubic, anim.NWFrameFixed, KeyS16), texCurve(8, anim.NWBakedFloat, anim.NWFrameU8, Key32)},
				constants: [][2]uint32{{0, math.Float32bits(0.5)}, {12, math.Float32bits(1)}}},
			{name: "tex_mtx0", curves: []nxCurveDesc{texCurve(TexSrtTX, anim.NWLinear, anim.NWFrameF32, Key32)}, constants: [][2]uint32{{TexSrtMode, 2}}},
		}, patterns: []nxPatternDesc{{name: "_a0", curve: &patCurve}, {name: "_n0", constant: &three}}, visCurve: &visCurve},
		{name: "Eye", visConst: &zero},
	}})
	vis := func(target uint32, typ anim.NWCurveType, ft anim.NWFrameType, kt KeyType) nxCurveDesc {
		c := randomCurve(rng, target, typ, ft, kt, 2, 18)
		c.pre, c.post = allWraps[rng.IntN(3)], allWraps[rng.IntN(3)]
		return c
	}
	d.boneVis = []nxVisDesc{{name: "Blink", frames: 20, bones: []string{"Root", "Arm", "Spin", "Gone"}, base: []bool{true, false, true, false},
		curves: []nxCurveDesc{vis(1, anim.NWStepBool, anim.NWFrameFixed, Key32), vis(2, anim.NWBakedBool, anim.NWFrameU8, Key32), vis(3, anim.NWStepInt, anim.NWFrameF32, KeyS8)}}}
	return d
}

// sampleFrames are generic frames before, inside and after every curve's
// range (none on a key or wrap boundary).
func sampleFrames() []float64 {
	var out []float64
	for k := 0; k < 120; k++ {
		out = append(out, -37.3+0.731*float64(k))
	}
	return out
}

func channelCurve(t *anim.Target, s anim.Slot) anim.Curve {
	for _, ch := range t.Channels {
		if ch.Slot == s {
			return ch.Curve
		}
	}
	return nil
}

func nxNear(got, want float64) bool { return math.Abs(got-want) <= 1e-6*math.Max(1, math.Abs(want)) }

// TestSwitchWriterVersions writes the same description in every supported
// version and checks the decoded structures and every sampled channel
// against the description and refEval.
func TestSwitchWriterVersions(t *testing.T) {
	for _, major := range []int{5, 8, 9, 10} {
		t.Run(fmt.Sprintf("v%d", major), func(t *testing.T) {
			desc := switchTestDesc(major)
			f, err := Parse(encodeSwitch(desc))
			if err != nil {
				t.Fatal(err)
			}
			checkSwitchModel(t, f, desc)
			clips, _ := f.Clips()
			if len(clips) != 5 {
				t.Fatalf("%d clips, want 2 skeletal + 1 texsrt + 1 bonevis + 1 material", len(clips))
			}
			for _, c := range clips {
				if err := c.Validate(); err != nil {
					t.Fatalf("%s: %v", c.Name, err)
				}
			}
			checkSwitchSkeletal(t, clips[0], desc.skeletal[0], desc.models[0], false)
			checkSwitchSkeletal(t, clips[1], desc.skeletal[1], desc.models[0], true)
			checkSwitchTexSRT(t, clips[2], desc.material[0])
			checkSwitchBoneVis(t, clips[3], desc.boneVis[0])
			checkSwitchMaterial(t, clips[4], desc.material[1])
			if clips[0].Loop != anim.Loop || clips[1].Loop != anim.Once || clips[0].Duration != 30 || !f.SkeletalAnims[1].Baked() {
				t.Errorf("header fields: loop %v/%v, duration %v, baked %v", clips[0].Loop, clips[1].Loop, clips[0].Duration, f.SkeletalAnims[1].Baked())
			}
		})
	}
}

func checkSwitchModel(t *testing.T, f *File, desc nxDesc) {
	t.Helper()
	if f.Name != desc.name || f.Header.VersionString != fmt.Sprintf("%d.0.0", desc.major) || f.Header.Alignment != 4096 {
		t.Errorf("header: name %q version %s alignment %d", f.Name, f.Header.VersionString, f.Header.Alignment)
	}
	if len(f.Models) != 1 || f.Models[0].Skeleton == nil {
		t.Fatalf("models %+v", f.Models)
	}
	s := f.Models[0].Skeleton
	if s.ScaleMode != 1 || s.RotationMode != 1 || len(s.Bones) != 3 || s.NumSmooth != 2 || s.NumRigid != 1 || len(s.MatrixToBone) != 3 {
		t.Fatalf("skeleton: %+v", s)
	}
	for i, want := range desc.models[0].bones {
		b := &s.Bones[i]
		if b.Name != want.name || b.Parent != want.parent || b.SmoothIndex != want.smooth || b.RigidIndex != want.rigid ||
			b.Scale != want.scale || b.Rotation != want.rotate || b.Translation != want.translate || (b.RotationMode() == 0) != want.quat {
			t.Errorf("bone %d: %+v, want %+v", i, b, want)
		}
	}
	sk := f.Skeletons()
	if len(sk) != 1 || sk[0].Joints[2].Parent != 1 || !sk[0].Joints[2].Quaternion || sk[0].Joints[1].Rest[anim.RotZ] != -0.5*180/math.Pi {
		t.Errorf("anim skeleton: %+v", sk)
	}
}

// boneSlotOf maps a curve target to the channel it drives.
func boneSlotOf(target uint32, quat bool) anim.Slot {
	s, _ := boneSlot(target, quat)
	return s
}

func checkSwitchSkeletal(t *testing.T, clip *anim.Clip, a nxSkelDesc, m nxModelDesc, quat bool) {
	t.Helper()
	if clip.Format != "bfres-skeletal" || clip.Name != a.name || len(clip.Targets) != len(a.boneAnims) {
		t.Fatalf("clip %s %q: %d targets", clip.Format, clip.Name, len(clip.Targets))
	}
	for bi, ba := range a.boneAnims {
		tg := &clip.Targets[bi]
		if tg.Name != ba.name || tg.Quaternion != quat {
			t.Errorf("target %d: %q quat %v", bi, tg.Name, tg.Quaternion)
		}
		animated := map[anim.Slot]bool{}
		for _, c := range ba.curves {
			s := boneSlotOf(c.target, quat)
			animated[s] = true
			cv := channelCurve(tg, s)
			unit := 1.0
			if !quat && c.target >= TargetRotateX {
				unit = 180 / math.Pi
			}
			for _, fr := range sampleFrames() {
				if got, want := cv.Eval(fr), refEval(c, fr)*unit; !nxNear(got, want) {
					t.Fatalf("%s/%s target 0x%x (%s %s/%s, wrap %s/%s) at %v: %v, want %v", a.name, ba.name, c.target, c.typ, c.ft, c.kt.Name(c.typ), c.pre, c.post, fr, got, want)
				}
			}
		}
		// Channels without curves: base value, else the skeleton's rest
		// value of the same-named bone, else identity.
		var rest *nxBoneDesc
		for i := range m.bones {
			if m.bones[i].name == ba.name {
				rest = &m.bones[i]
			}
		}
		for _, ch := range tg.Channels {
			if animated[ch.Slot] {
				continue
			}
			want := 0.0
			switch ch.Slot {
			case anim.ScaleX, anim.ScaleY, anim.ScaleZ:
				want = 1
				if rest != nil {
					want = float64(rest.scale[ch.Slot-anim.ScaleX])
				}
				if ba.scale != nil {
					want = float64(ba.scale[ch.Slot-anim.ScaleX])
				}
			case anim.TransX, anim.TransY, anim.TransZ:
				if rest != nil {
					want = float64(rest.translate[ch.Slot-anim.TransX])
				}
				if ba.translate != nil {
					want = float64(ba.translate[ch.Slot-anim.TransX])
				}
			case anim.RotX, anim.RotY, anim.RotZ:
				if rest != nil {
					want = float64(rest.rotate[ch.Slot-anim.RotX]) * 180 / math.Pi
				}
				if ba.rotate != nil {
					want = float64(ba.rotate[ch.Slot-anim.RotX]) * 180 / math.Pi
				}
			case anim.QuatX, anim.QuatY, anim.QuatZ, anim.QuatW:
				if ch.Slot == anim.QuatW {
					want = 1
				}
				if rest != nil {
					want = float64(rest.rotate[ch.Slot-anim.QuatX])
				}
				if ba.rotate != nil {
					want = float64(ba.rotate[ch.Slot-anim.QuatX])
				}
			}
			if got := ch.Curve.Eval(3.3); !nxNear(got, want) {
				t.Errorf("%s/%s %s: %v, want %v", a.name, ba.name, ch.Slot.Name(tg.Kind), got, want)
			}
		}
	}
}

func checkSwitchTexSRT(t *testing.T, clip *anim.Clip, a nxMatDesc) {
	t.Helper()
	if clip.Format != "bfres-texsrt" || clip.Name != a.name || clip.Loop != anim.Loop {
		t.Fatalf("clip %s %q %v", clip.Format, clip.Name, clip.Loop)
	}
	ti := 0
	slots := map[uint32]anim.Slot{TexSrtMode: anim.TexModeSlot, TexSrtSX: anim.ScaleX, TexSrtSY: anim.ScaleY, TexSrtR: anim.RotZ, TexSrtTX: anim.TransX, TexSrtTY: anim.TransY}
	for mi, m := range a.mats {
		for pi, p := range m.params {
			tg := &clip.Targets[ti]
			ti++
			if tg.Kind != anim.TexSRTTarget || tg.Name != m.name || tg.Index != mi || tg.TexGen != pi || tg.Param != p.name {
				t.Fatalf("target %d: %+v", ti-1, tg)
			}
			for _, c := range p.curves {
				unit := 1.0
				if c.target == TexSrtR {
					unit = 180 / math.Pi
				}
				cv := channelCurve(tg, slots[c.target])
				for _, fr := range sampleFrames() {
					if got, want := cv.Eval(fr), refEval(c, fr)*unit; !nxNear(got, want) {
						t.Fatalf("%s/%s 0x%x (%s) at %v: %v, want %v", m.name, p.name, c.target, c.typ, fr, got, want)
					}
				}
			}
			for _, k := range p.constants {
				want := float64(math.Float32frombits(k[1]))
				if k[0] == TexSrtMode {
					want = float64(k[1])
				}
				if got := channelCurve(tg, slots[k[0]]).Eval(5); got != want {
					t.Errorf("%s/%s constant 0x%x: %v, want %v", m.name, p.name, k[0], got, want)
				}
			}
		}
	}
}

func checkSwitchBoneVis(t *testing.T, clip *anim.Clip, a nxVisDesc) {
	t.Helper()
	if clip.Format != "bfres-bonevis" || len(clip.Targets) != len(a.bones) {
		t.Fatalf("clip %s, %d targets", clip.Format, len(clip.Targets))
	}
	for bi, name := range a.bones {
		tg := &clip.Targets[bi]
		cv := channelCurve(tg, anim.Visible)
		if tg.Name != name || tg.Kind != anim.JointTarget || len(tg.Channels) != 1 || cv == nil {
			t.Fatalf("target %d: %+v", bi, tg)
		}
		for _, fr := range sampleFrames() {
			want := 0.0
			if a.base[bi] {
				want = 1
			}
			for _, c := range a.curves {
				if int(c.target) == bi {
					want = 0
					if refEval(c, fr) != 0 {
						want = 1
					}
				}
			}
			if got := cv.Eval(fr); got != want {
				t.Fatalf("%s at %v: %v, want %v", name, fr, got, want)
			}
		}
	}
}

// checkSwitchMaterial checks a material clip's targets against the
// description: shader-parameter channels offset.N, the texture SRT
// parameter as texsrt, texture patterns and material visibility.
func checkSwitchMaterial(t *testing.T, clip *anim.Clip, a nxMatDesc) {
	t.Helper()
	if clip.Format != MaterialClipFormat || clip.Name != a.name || len(clip.Targets) != 6 {
		t.Fatalf("clip %s %q: %d targets, want 6", clip.Format, clip.Name, len(clip.Targets))
	}
	body := a.mats[0]
	sp := &clip.Targets[0]
	if sp.Kind != anim.ShaderParamTarget || sp.Name != "Body" || sp.Param != "albedo_color" || len(sp.Channels) != 4 {
		t.Fatalf("shader param target %+v", sp)
	}
	for _, fr := range sampleFrames() {
		for _, c := range body.params[0].curves {
			if got, want := channelCurve(sp, anim.Param0+anim.Slot(c.target/4)).Eval(fr), refEval(c, fr); !nxNear(got, want) {
				t.Fatalf("offset.%d at %v: %v, want %v", c.target, fr, got, want)
			}
		}
		if channelCurve(sp, anim.Param0).Eval(fr) != 0.5 || channelCurve(sp, anim.Param0+3).Eval(fr) != 1 {
			t.Fatal("shader param constants")
		}
		pat := &clip.Targets[2]
		if got, want := channelCurve(pat, anim.TexIndex).Eval(fr), refEval(*body.patterns[0].curve, fr); got != want {
			t.Fatalf("texIndex at %v: %v, want %v", fr, got, want)
		}
		if channelCurve(&clip.Targets[3], anim.TexIndex).Eval(fr) != 3 {
			t.Fatal("constant texture pattern")
		}
		if got, want := channelCurve(&clip.Targets[4], anim.Visible).Eval(fr), refEval(*body.visCurve, fr); got != want {
			t.Fatalf("material visibility at %v: %v, want %v", fr, got, want)
		}
		if channelCurve(&clip.Targets[5], anim.Visible).Eval(fr) != 0 {
			t.Fatal("constant material visibility")
		}
		tx := &clip.Targets[1]
		if got, want := channelCurve(tx, anim.TransX).Eval(fr), refEval(body.params[1].curves[0], fr); !nxNear(got, want) || tx.Kind != anim.TexSRTTarget || channelCurve(tx, anim.TexModeSlot).Eval(fr) != 2 {
			t.Fatalf("texsrt param at %v: %v, want %v (%+v)", fr, got, want, tx)
		}
	}
	want := []struct {
		kind  anim.TargetKind
		name  string
		param string
	}{{anim.ShaderParamTarget, "Body", "albedo_color"}, {anim.TexSRTTarget, "Body", "tex_mtx0"}, {anim.TexPatternTarget, "Body", "_a0"},
		{anim.TexPatternTarget, "Body", "_n0"}, {anim.ShapeTarget, "Body", ""}, {anim.ShapeTarget, "Eye", ""}}
	for i, w := range want {
		if g := &clip.Targets[i]; g.Kind != w.kind || g.Name != w.name || g.Param != w.param {
			t.Errorf("target %d: %v %q %q, want %v %q %q", i, g.Kind, g.Name, g.Param, w.kind, w.name, w.param)
		}
	}
}
