// The joints the game puts nowhere: a pose whose world matrix is not
// finite (Maya scale compensation dividing by a parent's zero scale) is
// replaced by the joint's own T·R·S under its parent, and the export says
// so in one line.

package export

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
)

// holdFinite gives every joint whose world matrix the game leaves
// without a finite value (Maya scale compensation dividing by a parent's
// zero scale: 0·∞ under it) its own T·R·S under its parent instead, and
// notes it in k.unheld. No glTF node can be where the game has no
// position; left as NaN, every error measured on it would compare false
// and let the keys of the joints around it drift off as well.
func (k *baker) holdFinite(pose *anim.Pose, bind *anim.Binding) {
	for _, j := range k.order {
		if finiteAffine(&k.world[j]) {
			continue
		}
		if k.unheld == nil {
			k.unheld = make([]bool, len(k.skel.Joints))
		}
		k.unheld[j] = true
		v, quat := k.skel.LocalSRT(j, pose, bind)
		m := composeTRS(localOf(&v, quat, [3]float64{v[anim.ScaleX], v[anim.ScaleY], v[anim.ScaleZ]}))
		if p := k.skel.Joints[j].Parent; p >= 0 {
			m = k.world[p].Mul4(m)
		}
		if !finiteAffine(&m) { // its own values are not finite either
			m = mgl64.Ident4()
			if p := k.skel.Joints[j].Parent; p >= 0 {
				m = k.world[p]
			}
		}
		k.world[j] = m
	}
}

func finiteAffine(m *mgl64.Mat4) bool {
	for e := 0; e < 15; e++ {
		if math.IsNaN(m[e]) || math.IsInf(m[e], 0) {
			return false
		}
	}
	return true
}

// unheldWarning says, in one line, which joints holdFinite had to place
// and why: the topmost of them by name (the others are under those).
func (k *baker) unheldWarning() string {
	var names []string
	ssc, all := false, 0
	for j, u := range k.unheld {
		if !u {
			continue
		}
		all++
		jt := &k.skel.Joints[j]
		if jt.Parent < 0 || !k.unheld[jt.Parent] {
			names = append(names, jointName(k.skel, j))
			ssc = ssc || jt.ScaleCompensate
		}
	}
	if all == 0 {
		return ""
	}
	why := "the game's pose of them is not finite"
	if ssc {
		why = "the game's scale compensation divides by a parent's zero scale and draws them nowhere"
	}
	if len(names) > 6 {
		names = append(names[:6], fmt.Sprintf("%d more", len(names)-6))
	}
	clip := ""
	if k.clip.Name != "" {
		clip = fmt.Sprintf("clip %q: ", k.clip.Name)
	}
	return fmt.Sprintf("%s%d joints cannot be held (%s): exported as their own T·R·S under the parent, outside the bound: %s and the joints under them", clip, all, why, strings.Join(names, ", "))
}
