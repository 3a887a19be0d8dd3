package app

import "github.com/animscope/animscope/anim"

// visibilityOnly reports whether every channel of the clip is a visibility
// channel (a BFRES bone visibility animation): such a clip hides and shows
// joints but leaves them in their rest pose.
func visibilityOnly(c *anim.Clip) bool {
	found := false
	for i := range c.Targets {
		for _, ch := range c.Targets[i].Channels {
			if ch.Slot != anim.Visible {
				return false
			}
			found = true
		}
	}
	return found
}

// jointHidden reports whether the joint clip's visibility channel hides
// joint j at the current frame (targets without one are visible: their
// base value is 1).
func (r *rig) jointHidden(j int) bool {
	if r.play.joint == nil {
		return false
	}
	t := r.targetOf(j)
	return t >= 0 && t < len(r.play.joint.pose.Targets) && r.play.joint.pose.Targets[t].V[anim.Visible] == 0
}
