package writeback

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/bfres"
)

// newClipFlags are a new skeletal animation's flags where the file has
// no clip to take them from: Euler XYZ rotations (rotation mode 1, bits
// 12-14) and the standard scale mode (1, bits 8-9), not looping.
const newClipFlags = 1<<12 | 1<<8

// AddFSKA adds the glTF's animation to file (a whole FRES file as
// stored, uncompressed) as a new skeletal animation name, posed on skel,
// and returns the whole file with it. The new clip takes its flags
// (rotation mode, scale mode, looping) from the file's first skeletal
// animation, or newClipFlags when the file has none (the first note says
// which), and its length from the glTF. It has a bone anim for each bone
// the glTF animates, in the skeleton's order, fitted as ImportFSKA fits
// a replaced clip's: the clip is first added with those bone anims at
// the bones' rest (base values, no curves) and then replaced by the
// fit, so every other clip of the file reads exactly as before.
func AddFSKA(src *Source, file []byte, name string, skel *anim.Skeleton) (*Result, error) {
	f, err := bfres.Parse(file)
	if err != nil {
		return nil, err
	}
	var names []string
	for i := range f.SkeletalAnims {
		names = append(names, f.SkeletalAnims[i].Name)
	}
	if slices.Contains(names, name) {
		return nil, fmt.Errorf("already has a skeletal animation %q (have %s); pick another name or import onto %q", name, listNames(names, 12), name)
	}
	m, err := MatchJoints(src, skel)
	if err != nil {
		return nil, err
	}
	a := bfres.SkeletalAnim{}
	a.Name = name
	var note string
	if len(f.SkeletalAnims) > 0 {
		first := &f.SkeletalAnims[0]
		a.Flags = first.Flags
		mode := "Euler"
		if first.Quaternion() {
			mode = "quaternion"
		}
		note = fmt.Sprintf("new skeletal animation %q takes its flags from %q: %s rotations, scale mode %d, loop %v", name, first.Name, mode, first.ScaleMode(), first.Loop())
	} else {
		a.Flags = newClipFlags
		note = fmt.Sprintf("new skeletal animation %q: the file has no skeletal animation to take flags from; Euler rotations, standard scale mode (1), not looping", name)
	}
	a.FrameCount = int32(max(1, math.Ceil(src.End*bfres.FPS-1e-6)))
	for j, d := range m.Driven {
		if !d {
			continue
		}
		// The fit sets the bone anim's transform flags (the value
		// hints), as the files' own clips carry them.
		a.BoneAnims = append(a.BoneAnims, restBoneAnim(&skel.Joints[j], 0, a.Quaternion()))
		a.BindIndices = append(a.BindIndices, 0xFFFF)
	}
	if len(a.BoneAnims) == 0 {
		return nil, fmt.Errorf("the glTF animates no bone of model %s", skel.Name)
	}
	a.NumBoneAnims = uint16(len(a.BoneAnims))
	added, err := bfres.AddSkeletalAnim(file, &a)
	if err != nil {
		return nil, err
	}
	res, err := ImportFSKA(src, FSKATarget{File: added, Clip: name}, skel)
	if err != nil {
		return nil, err
	}
	res.KeysBefore = 0
	res.Notes = append([]string{note}, res.Notes...)
	return res, nil
}

// restBoneAnim is a bone anim holding joint j's rest values as its base
// values, with no curves: the skeleton posed on is the one the fit
// measures against, whatever rest the file's own bone has. A rest
// rotation the clip's rotation mode cannot state directly (a quaternion
// rest in an Euler clip) is left to the bone's rest.
func restBoneAnim(j *anim.Joint, flags uint32, quat bool) bfres.BoneAnim {
	r := &j.Rest
	ba := bfres.BoneAnim{Name: j.Name, Flags: flags, HasScale: true, HasTranslate: true, BeginRotate: 3, BeginBaseTranslate: 7}
	ba.Scale = [3]float32{float32(r[anim.ScaleX]), float32(r[anim.ScaleY]), float32(r[anim.ScaleZ])}
	ba.Translate = [3]float32{float32(r[anim.TransX]), float32(r[anim.TransY]), float32(r[anim.TransZ])}
	const rad = math.Pi / 180
	switch {
	case quat && j.Quaternion:
		ba.HasRotate = true
		ba.Rotate = [4]float32{float32(r[anim.QuatX]), float32(r[anim.QuatY]), float32(r[anim.QuatZ]), float32(r[anim.QuatW])}
	case quat:
		q := mgl64.Mat4ToQuat(anim.EulerZYX(r[anim.RotX]*rad, r[anim.RotY]*rad, r[anim.RotZ]*rad).Mat4()).Normalize()
		ba.HasRotate = true
		ba.Rotate = [4]float32{float32(q.V[0]), float32(q.V[1]), float32(q.V[2]), float32(q.W)}
	case !j.Quaternion:
		ba.HasRotate = true
		ba.Rotate = [4]float32{float32(r[anim.RotX] * rad), float32(r[anim.RotY] * rad), float32(r[anim.RotZ] * rad), 1}
	default:
		ba.BeginBaseTranslate = 3
	}
	return ba
}
