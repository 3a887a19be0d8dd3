package jba

import "github.com/animscope/animscope/anim"

// RootMotionName names the clip's RootMotion target (the world-space
// section has no name in the file).
const RootMotionName = "world space"

// Clip converts the file to an animation named name (by convention the
// file stem): one joint target per bone in file order, each with a
// quaternion rotation (slerped between stored frames) and a translation
// (linear between stored frames), duration round(length·fps) at the file's
// fps, loop mode Loop. The world-space section becomes the clip's
// RootMotion. Bone names are reported as stored (GOD stays GOD; Bind
// aliases it to Bip01).
func (f *File) Clip(name string) *anim.Clip {
	c := &anim.Clip{
		Name:     name,
		Format:   Name,
		Duration: float64(f.Frames - 1),
		FPS:      float64(f.Header.FPS),
		Loop:     anim.Loop,
		Targets:  make([]anim.Target, len(f.Bones)),
	}
	n := f.Frames
	// One backing array per kind for all bones: the sizes were bounded by
	// the bytes of the blocks when decoding.
	rots := make([][4]float64, len(f.Bones)*n)
	trans := make([]float64, len(f.Bones)*n*3)
	for i := range f.Bones {
		rot := rots[i*n : (i+1)*n : (i+1)*n]
		tr := trans[i*n*3 : (i+1)*n*3 : (i+1)*n*3]
		f.boneFrames(i, rot, tr)
		name := ""
		if i < len(f.Names.Names) {
			name = f.Names.Names[i]
		}
		c.Targets[i] = target(name, i, rot, tr, n)
	}
	wsRot := make([][4]float64, n)
	wsTr := make([]float64, 3*n)
	f.worldFrames(wsRot, wsTr)
	rm := target(RootMotionName, -1, wsRot, wsTr, n)
	c.RootMotion = &rm
	return c
}

// boneFrames decodes bone i at every frame: rot gets one quaternion per
// frame, tr the x values of all frames, then y, then z. Blocks are applied
// in file order, so on a shared boundary frame the later block wins, as in
// the importer.
func (f *File) boneFrames(i int, rot [][4]float64, tr []float64) {
	n := f.Frames
	q := &f.Bones[i]
	for bi := range f.Blocks {
		b := &f.Blocks[bi]
		bb := &b.Bones[i]
		start := int(b.StartFrame)
		for k, p := range bb.Rotations {
			rot[start+k] = q.Rotation(p)
		}
		if bb.Translations == nil {
			v := q.ConstantTranslation()
			for k := 0; k < b.Frames; k++ {
				tr[start+k], tr[n+start+k], tr[2*n+start+k] = v[0], v[1], v[2]
			}
			continue
		}
		for k, p := range bb.Translations {
			v := q.Translation(p)
			tr[start+k], tr[n+start+k], tr[2*n+start+k] = v[0], v[1], v[2]
		}
	}
}

// worldFrames decodes the world-space track like boneFrames.
func (f *File) worldFrames(rot [][4]float64, tr []float64) {
	n := f.Frames
	ws := &f.WorldSpace
	for k, p := range ws.Rotations {
		rot[k] = ws.Quant.Rotation(p)
	}
	for k, p := range ws.Translations {
		v := ws.Quant.Translation(p)
		tr[k], tr[n+k], tr[2*n+k] = v[0], v[1], v[2]
	}
}

// BoneFrames returns bone i's decoded rotation (x, y, z, w) and translation
// at every stored frame, for the inspector.
func (f *File) BoneFrames(i int) (rot [][4]float64, trans [][3]float64) {
	n := f.Frames
	rot = make([][4]float64, n)
	tr := make([]float64, 3*n)
	f.boneFrames(i, rot, tr)
	return rot, splitXYZ(tr, n)
}

// RootMotionFrames returns the decoded world-space track at every frame.
func (f *File) RootMotionFrames() (rot [][4]float64, trans [][3]float64) {
	n := f.Frames
	rot = make([][4]float64, n)
	tr := make([]float64, 3*n)
	f.worldFrames(rot, tr)
	return rot, splitXYZ(tr, n)
}

func splitXYZ(tr []float64, n int) [][3]float64 {
	out := make([][3]float64, n)
	for k := range out {
		out[k] = [3]float64{tr[k], tr[n+k], tr[2*n+k]}
	}
	return out
}

// target builds a joint target from per-frame values. A translation
// component that never changes becomes a Constant curve (bones without
// translation keys), so the inspector says so and sampling skips the
// lookup.
func target(name string, index int, rot [][4]float64, tr []float64, n int) anim.Target {
	q := &anim.SampledQuat{Q: rot}
	t := anim.Target{
		Name:       name,
		Index:      index,
		Kind:       anim.JointTarget,
		TexGen:     -1,
		Quaternion: true,
		Base:       anim.DefaultBase(),
		Quat:       q,
		Channels:   make([]anim.Channel, 0, 7),
	}
	for c, s := range [4]anim.Slot{anim.QuatX, anim.QuatY, anim.QuatZ, anim.QuatW} {
		t.Channels = append(t.Channels, anim.Channel{Slot: s, Curve: q.Component(c)})
	}
	for c, s := range [3]anim.Slot{anim.TransX, anim.TransY, anim.TransZ} {
		vals := tr[c*n : (c+1)*n : (c+1)*n]
		t.Channels = append(t.Channels, anim.Channel{Slot: s, Curve: translationCurve(vals)})
	}
	return t
}

func translationCurve(vals []float64) anim.Curve {
	for _, v := range vals[1:] {
		if v != vals[0] {
			return &anim.Sampled{Values: vals}
		}
	}
	return anim.Constant(vals[0])
}
