package pairing

import (
	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
)

// Fit is a clip bound to a skeleton the way the clip's format binds
// (Bind), with the clip's count of joint targets: everything pairing asks
// of a binding, as data.
type Fit struct {
	anim.Binding
	Animated int // the clip's joint targets but its helper bones (fitTargets)
}

// FitClip binds c to sk.
func FitClip(c *anim.Clip, sk *anim.Skeleton) Fit {
	return Fit{Binding: formats.Bind(c, sk), Animated: fitTargets(c)}
}

// Fits reports whether the clip suits the skeleton: the binding reports
// nothing but missing bones (a J3D joint-count mismatch or a JBA track
// without a joint of its own means another model's animation), and more
// than half of the clip's animated joints find a joint. At exactly half
// it does not fit: as many joints would stay in the bind pose as move,
// which is what a clip made for a related rig sharing its spine bones
// looks like, not one made for this model; the viewer has always asked
// for a strict majority and what it shows is what users compare with.
func (f Fit) Fits() bool {
	return f.Animated > 0 && f.OnlyMissingBones() && 2*f.Bound() > f.Animated
}

// Fits reports whether clip c suits skeleton sk (Fit.Fits).
func Fits(c *anim.Clip, sk *anim.Skeleton) bool { return FitClip(c, sk).Fits() }
