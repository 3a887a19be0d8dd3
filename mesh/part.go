package mesh

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Part is a model the game draws following one joint of another (the
// host): Super Mario Odyssey builds Mario from a body, a face and a head
// kept in separate files, each with its own skeleton, and places the face
// and head on the body's Head joint every frame (al::PartsModel). The
// part's joints are posed in its own space (at rest when nothing animates
// them) and the whole part is placed by Place.
type Part struct {
	// Name is what the host calls the attachment ("Face", "Head").
	Name  string
	Model *Model
	// Joint is the host skeleton's joint the part follows.
	Joint int
	// Offset is the part's placement in the joint's frame once the
	// joint's scale is taken out: R·T, the local rotation (degrees, as
	// Rz·Ry·Rx) then the local translation in the rotated frame.
	Offset mgl64.Mat4
	// FollowScale gives the part the scale of the joint's matrix
	// (per axis, the lengths of its columns); Scale multiplies it, or is
	// the part's scale alone without FollowScale.
	FollowScale bool
	Scale       mgl64.Vec3
	// Rest are the part skeleton's joints' world matrices in the part's
	// own space, for a part no animation poses.
	Rest []mgl64.Mat4
}

// PartOffset is the offset of a part rotated by rot (degrees about X, Y
// and Z, applied X first) and moved by trans in the rotated frame, as SMO's
// InitPartsFixInfo gives them.
func PartOffset(rot, trans mgl64.Vec3) mgl64.Mat4 {
	r := mgl64.HomogRotate3DZ(mgl64.DegToRad(rot[2])).
		Mul4(mgl64.HomogRotate3DY(mgl64.DegToRad(rot[1]))).
		Mul4(mgl64.HomogRotate3DX(mgl64.DegToRad(rot[0])))
	return r.Mul4(mgl64.Translate3D(trans[0], trans[1], trans[2]))
}

// Place is the matrix that takes the part's space into the host's model
// space when the host's joints are at hostWorld: the joint's matrix with
// its axes normalised, times Offset, times the part's scale. A joint
// hostWorld does not have places the part at the host's origin.
func (p *Part) Place(hostWorld []mgl64.Mat4) mgl64.Mat4 {
	j := mgl64.Ident4()
	if p.Joint >= 0 && p.Joint < len(hostWorld) {
		j = hostWorld[p.Joint]
	}
	scale := p.Scale
	for c := 0; c < 3; c++ {
		l := math.Sqrt(j[4*c]*j[4*c] + j[4*c+1]*j[4*c+1] + j[4*c+2]*j[4*c+2])
		if p.FollowScale {
			scale[c] *= l
		}
		if l > 0 {
			j[4*c], j[4*c+1], j[4*c+2] = j[4*c]/l, j[4*c+1]/l, j[4*c+2]/l
		}
	}
	m := mul4(&j, &p.Offset)
	for c := 0; c < 3; c++ {
		for r := 0; r < 3; r++ {
			m[4*c+r] *= scale[c]
		}
	}
	return m
}

// JointWorld puts the part's joints' world matrices in the host's model
// space into dst (grown as needed) and returns it: Place · own, own the
// part's joints in its own space (Rest when own is nil).
func (p *Part) JointWorld(dst, hostWorld, own []mgl64.Mat4) []mgl64.Mat4 {
	if own == nil {
		own = p.Rest
	}
	if cap(dst) < len(own) {
		dst = make([]mgl64.Mat4, len(own))
	}
	dst = dst[:len(own)]
	place := p.Place(hostWorld)
	for i := range own {
		dst[i] = mul4(&place, &own[i])
	}
	return dst
}
