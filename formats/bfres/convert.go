package bfres

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/animscope/animscope/anim"
)

// FPS is the playback rate of NintendoWare animations (the files state
// none; the games step one frame per 1/30 s).
const FPS = 30

const radToDeg = 180 / math.Pi

// Skeletons converts every model's FSKL into an anim.Skeleton named after
// the model. Rotations become degrees (Euler bones) or stay quaternions.
// The skeleton composes as NintendoWare G3d does for its scale mode
// (anim.G3dNoScale .. anim.G3dSoftimage) with each bone's transform flags;
// animated bones take their flags from the bone animation instead (see
// skeletalClip).
func (f *File) Skeletons() []*anim.Skeleton {
	var out []*anim.Skeleton
	for i := range f.Models {
		m := &f.Models[i]
		if m.Skeleton == nil {
			continue
		}
		s := &anim.Skeleton{Name: m.Name, Mode: g3dModes[m.Skeleton.ScaleMode&3], Joints: make([]anim.Joint, len(m.Skeleton.Bones))}
		for j := range m.Skeleton.Bones {
			b := &m.Skeleton.Bones[j]
			quat := b.RotationMode() == rotationModeQuat
			s.Joints[j] = anim.Joint{
				Name: b.Name, Parent: int(b.Parent), Quaternion: quat,
				Flags: anim.G3dTransformFlags(b.Flags),
				Rest:  restOf(b.Scale, b.Rotation, b.Translation, quat),
			}
		}
		out = append(out, s)
	}
	return out
}

// g3dModes maps the FSKL scale mode (flags bits 8-9) to a hierarchy mode.
var g3dModes = [4]anim.HierarchyMode{anim.G3dNoScale, anim.G3dStandard, anim.G3dMaya, anim.G3dSoftimage}

// restOf puts scale, the 4 rotation floats and translation into pose slots:
// Euler radians become degrees in RotX..RotZ, quaternions go to QuatX..QuatW.
func restOf(scale [3]float32, rot [4]float32, trans [3]float32, quat bool) [anim.NumSlots]float64 {
	v := anim.DefaultBase()
	setScale(&v, scale)
	setRotate(&v, rot, quat)
	setTranslate(&v, trans)
	return v
}

func setScale(v *[anim.NumSlots]float64, s [3]float32) {
	v[anim.ScaleX], v[anim.ScaleY], v[anim.ScaleZ] = float64(s[0]), float64(s[1]), float64(s[2])
}

func setTranslate(v *[anim.NumSlots]float64, t [3]float32) {
	v[anim.TransX], v[anim.TransY], v[anim.TransZ] = float64(t[0]), float64(t[1]), float64(t[2])
}

// setRotate copies the 4 stored rotation floats as the runtime does: in
// Euler mode x, y, z are radians (w is unused), in quaternion mode they are
// the components.
func setRotate(v *[anim.NumSlots]float64, r [4]float32, quat bool) {
	if quat {
		v[anim.QuatX], v[anim.QuatY], v[anim.QuatZ], v[anim.QuatW] = float64(r[0]), float64(r[1]), float64(r[2]), float64(r[3])
		return
	}
	v[anim.RotX], v[anim.RotY], v[anim.RotZ] = float64(r[0])*radToDeg, float64(r[1])*radToDeg, float64(r[2])*radToDeg
}

// Clips converts every skeletal animation, then every texture SRT
// animation. Warnings name bone anims whose bind pose could not be found.
func (f *File) Clips() ([]*anim.Clip, []string) {
	var clips []*anim.Clip
	var warnings []string
	bones, held := f.bindBones(), f.heldBones()
	var missing []string // bones no model holds, in file order, once each
	seen := map[string]bool{}
	lacking, name := 0, "" // animations naming such bones; the last one
	for i := range f.SkeletalAnims {
		c, w, miss := f.skeletalClip(i, bones, held)
		clips = append(clips, c)
		warnings = append(warnings, w...)
		if len(miss) > 0 {
			lacking, name = lacking+1, c.Name
		}
		for _, m := range miss {
			if !seen[m] {
				seen[m] = true
				missing = append(missing, m)
			}
		}
	}
	warnings = append(f.missingBones(name, lacking, missing), warnings...)
	for i := range f.TexSRTAnims {
		clips = append(clips, f.TexSRTClip(i))
	}
	for i := range f.ShaderParamAnims {
		clips = append(clips, f.ShaderParamClip(i))
	}
	for i := range f.VisibilityAnims {
		clips = append(clips, f.VisibilityClip(i))
	}
	for i := range f.TexPatternAnims {
		clips = append(clips, f.TexPatternClip(i))
	}
	clips = append(clips, f.switchClips()...) // Switch only: bone visibility
	return clips, warnings
}

// bindSkeleton is the skeleton bone anims take their bind pose from: the
// first model's (BOTW animation files embed it as model "Skeleton").
func (f *File) bindSkeleton() *Skeleton {
	if len(f.Models) == 0 {
		return nil
	}
	return f.Models[0].Skeleton
}

func loopMode(loop bool) anim.LoopMode {
	if loop {
		return anim.Loop
	}
	return anim.Once
}

var (
	eulerSlots = []anim.Slot{anim.ScaleX, anim.ScaleY, anim.ScaleZ, anim.RotX, anim.RotY, anim.RotZ, anim.TransX, anim.TransY, anim.TransZ}
	quatSlots  = []anim.Slot{anim.ScaleX, anim.ScaleY, anim.ScaleZ, anim.QuatX, anim.QuatY, anim.QuatZ, anim.QuatW, anim.TransX, anim.TransY, anim.TransZ}
	texSlots   = []anim.Slot{anim.ScaleX, anim.ScaleY, anim.RotZ, anim.TransX, anim.TransY}
)

// SkeletalClip converts FSKA i: one joint target per bone anim, every
// transform component as a channel (a curve where the file animates it,
// else a constant). Each target starts from the bind pose of the
// same-named bone of the first model's skeleton (identity without one),
// then takes the bone anim's base values, then its curves. Components
// with neither base value nor curve are marked anim.Target.FromRest: posed
// on a skeleton, they take the bound bone's rest instead (G3d binds to the
// model's skeleton, which may be another file's). The bone anim's
// transform flags replace the bone's while it drives it (Target.Flags).
func (f *File) SkeletalClip(i int) (*anim.Clip, []string) {
	c, w, miss := f.skeletalClip(i, f.bindBones(), f.heldBones())
	return c, append(f.missingBones(c.Name, 1, miss), w...)
}

// missingBones words the bones no model holds that n animations name
// (clip the one when n is 1): for one animation a line per bone; for
// several one line, as an
// animation pack exported with its rig's helper bones names the same
// ones in every clip (Mario Kart 8 Deluxe's BotW Link: 49 bones in 62
// clips).
func (f *File) missingBones(clip string, n int, bones []string) []string {
	if len(bones) == 0 {
		return nil
	}
	// Which skeleton lacks them: the one there is, or every one (a Mario
	// Kart 8 driver file holds a one-bone Pupil before the body).
	where := fmt.Sprintf("skeleton %q", f.Models[0].Name)
	if len(f.Models) > 1 {
		where = "any skeleton of the file"
	}
	if n == 1 {
		var out []string
		for _, b := range bones {
			out = append(out, fmt.Sprintf("skeletal animation %q: bone %q is not in %s (values the animation does not set are identity)", clip, b, where))
		}
		return out
	}
	const named = 5
	var list []string
	for _, b := range bones[:min(named, len(bones))] {
		list = append(list, strconv.Quote(b))
	}
	if len(bones) > named {
		list = append(list, "…")
	}
	noun := "bones"
	if len(bones) == 1 {
		noun = "bone"
	}
	return []string{fmt.Sprintf("%d skeletal animations animate %d %s not in %s (%s); values the animations do not set are identity",
		n, len(bones), noun, where, strings.Join(list, ", "))}
}

// heldBones lists the names of the bones of every model's skeleton but
// the first's. A bone anim the bind skeleton lacks but another model
// holds is that model's (a Mario Kart 8 driver file holds a one-bone
// "Pupil" model before the driver): posed on it, the bone takes its rest
// (Target.FromRest), so it is no warning.
func (f *File) heldBones() map[string]bool {
	held := map[string]bool{}
	for mi := 1; mi < len(f.Models); mi++ {
		if skel := f.Models[mi].Skeleton; skel != nil {
			for j := range skel.Bones {
				held[skel.Bones[j].Name] = true
			}
		}
	}
	return held
}

// bindBones indexes the bind skeleton's bones by name (the first of
// duplicates wins); nil without a skeleton.
func (f *File) bindBones() map[string]*Bone {
	skel := f.bindSkeleton()
	if skel == nil {
		return nil
	}
	bones := make(map[string]*Bone, len(skel.Bones))
	for j := range skel.Bones {
		if _, dup := bones[skel.Bones[j].Name]; !dup {
			bones[skel.Bones[j].Name] = &skel.Bones[j]
		}
	}
	return bones
}

// skeletalClip is SkeletalClip with the bind and held bones given, and
// the bones no model holds (missing) apart from the other warnings.
func (f *File) skeletalClip(i int, bones map[string]*Bone, held map[string]bool) (clip *anim.Clip, warnings, missing []string) {
	a := &f.SkeletalAnims[i]
	quat := a.Quaternion()
	clip = a.clip("bfres-skeletal")
	clip.Targets = make([]anim.Target, len(a.BoneAnims))
	skel := f.bindSkeleton()
	slots := eulerSlots
	if quat {
		slots = quatSlots
	}
	// One backing array each for all targets' channels and constants:
	// thousands of small allocations otherwise (a *Constant is a Curve).
	channels := make([]anim.Channel, len(slots)*len(a.BoneAnims))
	consts := make([]anim.Constant, len(slots)*len(a.BoneAnims))
	for bi := range a.BoneAnims {
		ba := &a.BoneAnims[bi]
		t := &clip.Targets[bi]
		t.Name, t.Index, t.Kind, t.TexGen, t.Quaternion = ba.Name, bi, anim.JointTarget, -1, quat
		t.Base = anim.DefaultBase()
		if b, ok := bones[ba.Name]; ok {
			setScale(&t.Base, b.Scale)
			setRotate(&t.Base, b.Rotation, quat)
			setTranslate(&t.Base, b.Translation)
		} else if skel != nil && !held[ba.Name] {
			missing = append(missing, ba.Name)
			t.Helper = true
		}
		if ba.HasScale {
			setScale(&t.Base, ba.Scale)
		}
		if ba.HasRotate {
			setRotate(&t.Base, ba.Rotate, quat)
		}
		if ba.HasTranslate {
			setTranslate(&t.Base, ba.Translate)
		}
		// G3d copies the bone anim's transform flags (segment scale
		// compensation included) into the local matrix of the bone it
		// drives, replacing the skeleton's.
		t.Flags, t.HasFlags = anim.G3dTransformFlags(ba.Flags), true
		var curves [anim.NumSlots]anim.Curve
		for ci := range ba.Curves {
			c := &ba.Curves[ci]
			s, ok := boneSlot(c.TargetOffset, quat)
			if !ok {
				warnings = append(warnings, fmt.Sprintf("skeletal animation %q bone %q: rotate.w curve ignored in Euler mode", a.Name, ba.Name))
				continue
			}
			curves[s] = c.Decoded
		}
		t.Channels = channels[bi*len(slots) : (bi+1)*len(slots) : (bi+1)*len(slots)]
		for k, s := range slots {
			cv := curves[s]
			if cv == nil && !baseSets(ba, s) {
				// Neither curve nor base value: G3d takes the bound
				// bone's rest value, whichever skeleton that is.
				t.FromRest = t.FromRest.With(s)
			}
			if cv == nil {
				c := &consts[bi*len(slots)+k]
				*c = anim.Constant(t.Base[s])
				cv = c
			}
			t.Channels[k] = anim.Channel{Slot: s, Curve: cv}
		}
	}
	return clip, warnings, missing
}

// baseSets reports whether the bone anim's base values set slot s.
func baseSets(ba *BoneAnim, s anim.Slot) bool {
	switch {
	case s >= anim.ScaleX && s <= anim.ScaleZ:
		return ba.HasScale
	case s >= anim.TransX && s <= anim.TransZ:
		return ba.HasTranslate
	case s.IsRotation() || s.IsQuat():
		return ba.HasRotate
	}
	return false
}

// texSrtSlots maps a TexSrt field to a pose slot of a texsrt target.
var texSrtSlots = map[uint32]anim.Slot{TexSrtMode: anim.TexModeSlot, TexSrtSX: anim.ScaleX, TexSrtSY: anim.ScaleY,
	TexSrtR: anim.RotZ, TexSrtTX: anim.TransX, TexSrtTY: anim.TransY}

// TexSRTClip converts texture SRT animation i: one texsrt target per
// (material anim, param anim) pair (texSRTTarget).
func (f *File) TexSRTClip(i int) *anim.Clip {
	a := &f.TexSRTAnims[i]
	clip := a.clip("bfres-texsrt")
	for mi := range a.MaterialAnims {
		for pi := range a.MaterialAnims[mi].Params {
			clip.Targets = append(clip.Targets, texSRTTarget(&a.MaterialAnims[mi], mi, pi))
		}
	}
	return clip
}

// texSRTTarget converts param anim pi of material anim mi. Fields start
// at the TexSrt defaults (mode 0 Maya, scale 1, rotation and translation
// 0), constants override them, curves override those. The matrix mode
// follows the mode field per frame (anim.TexModeSlot); the mode is a
// channel when the file sets it.
func texSRTTarget(m *MaterialAnim, mi, pi int) anim.Target {
	p := &m.Params[pi]
	t := anim.Target{Name: m.Name, Index: mi, Kind: anim.TexSRTTarget, TexGen: pi, Param: p.Name,
		TexMode: anim.TexNWMaya, Base: anim.DefaultBase()}
	t.Base[anim.TexModeSlot] = 0
	var curves [anim.NumSlots]anim.Curve
	modeSet := false
	for k := 0; k < int(p.NumConstants); k++ {
		c := m.Constants[int(p.BeginConstant)+k]
		s := texSrtSlots[c.TargetOffset] // checked while parsing
		switch {
		case s == anim.TexModeSlot:
			t.Base[s] = float64(int32(c.Raw))
			modeSet = true
		case s == anim.RotZ:
			t.Base[s] = float64(math.Float32frombits(c.Raw)) * radToDeg
		default:
			t.Base[s] = float64(math.Float32frombits(c.Raw))
		}
	}
	for k := 0; k < int(p.NumFloatCurves)+int(p.NumIntCurves); k++ {
		c := &m.Curves[int(p.BeginCurve)+k]
		s := texSrtSlots[c.TargetOffset]
		curves[s] = c.Decoded
		if s == anim.TexModeSlot {
			modeSet = true
		}
	}
	slots := texSlots
	if modeSet {
		slots = append(slots[:len(slots):len(slots)], anim.TexModeSlot)
	}
	t.Channels = make([]anim.Channel, len(slots))
	for k, s := range slots {
		cv := curves[s]
		if cv == nil {
			cv = anim.Constant(t.Base[s])
		}
		t.Channels[k] = anim.Channel{Slot: s, Curve: cv}
	}
	return t
}

// CurveFor returns the stored curve behind a clip channel's curve (for the
// inspector's raw view: flags, frame and key arrays, scale, offset, delta),
// or nil when c did not come from this file (constants, other files).
func (f *File) CurveFor(c anim.Curve) *Curve {
	var nw *anim.NWCurve
	switch c := c.(type) {
	case *anim.NWCurve:
		nw = c
	case nonZero:
		nw = c.NWCurve
	case u16Curve:
		nw = c.NWCurve
	}
	for _, cs := range f.curveLists() {
		for k := range cs {
			if nw != nil && cs[k].Decoded == nw {
				return &cs[k]
			}
		}
	}
	return nil
}

// curveLists are the lists of curves the file holds.
func (f *File) curveLists() [][]Curve {
	var out [][]Curve
	for i := range f.SkeletalAnims {
		for j := range f.SkeletalAnims[i].BoneAnims {
			out = append(out, f.SkeletalAnims[i].BoneAnims[j].Curves)
		}
	}
	mats, vis := [][]ShaderParamAnim{f.TexSRTAnims, f.ShaderParamAnims}, f.VisibilityAnims
	if f.Switch != nil {
		mats, vis = append(mats, f.Switch.MaterialAnims), f.Switch.BoneVisAnims
	}
	for _, list := range mats {
		for i := range list {
			for j := range list[i].MaterialAnims {
				out = append(out, list[i].MaterialAnims[j].Curves)
			}
		}
	}
	for i := range f.TexPatternAnims {
		for j := range f.TexPatternAnims[i].MaterialAnims {
			out = append(out, f.TexPatternAnims[i].MaterialAnims[j].Curves)
		}
	}
	for i := range vis {
		out = append(out, vis[i].Curves)
	}
	return out
}

// switchClips converts the Switch-only animations: bone visibility, then
// the material animations that are not pure texture SRT (MaterialClip).
func (f *File) switchClips() []*anim.Clip {
	if f.Switch == nil {
		return nil
	}
	var out []*anim.Clip
	for i := range f.Switch.BoneVisAnims {
		out = append(out, f.BoneVisClip(i))
	}
	for _, i := range f.materialClipAnims() {
		c, _ := f.MaterialClip(i)
		out = append(out, c)
	}
	return out
}
