package app

import (
	"strconv"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// selection is what the user inspects: a joint of the drawn skeleton and
// the joint clip's target bound to it (selecting either selects both,
// through the rig's binding), an entry of the texture clip, and the
// texture-matrix formula that entry is shown with (the file's own, or
// one the user picked).
type selection struct {
	viewmodel.Selection
	texMode         anim.TexMatrixMode
	texModeOverride bool

	rig  *rig       // the binding that pairs joints with targets, the markers
	play *transport // the clips whose targets are selected
	msgs *messages
}

// apply handles the choice of joint, clip target and texture entry (by
// index or by name) and of the texture-matrix formula.
func (s *selection) apply(in viewmodel.Intent) bool {
	switch in := in.(type) {
	case viewmodel.SelectJoint:
		s.Joint = in.Joint
		s.Target = s.rig.targetOf(in.Joint)
		if in.Joint < 0 {
			s.Target = -1
		}
	case viewmodel.SelectTarget:
		s.Target = in.Target
		s.Joint = s.rig.jointOf(in.Target)
	case viewmodel.SelectTexTarget:
		if s.play.tex != nil && in.Target >= 0 && in.Target < len(s.play.tex.clip.Targets) {
			s.TexTarget = in.Target
			s.play.focus = viewmodel.TexSlot
		}
	case viewmodel.SelectNamed:
		s.selectByName(in.Name)
	case viewmodel.SetTexMode:
		s.texMode, s.texModeOverride = in.Mode, in.Override
	default:
		return false
	}
	return true
}

// clamp keeps the selection within what is drawn and playing after the
// skeleton, the binding or the clips changed.
func (s *selection) clamp() {
	sk := s.rig.drawnSkeleton()
	if sk == nil || s.Joint >= len(sk.Joints) {
		s.Joint, s.Target = -1, -1
	}
	if s.Joint >= 0 {
		s.Target = s.rig.targetOf(s.Joint)
	}
	if s.play.tex == nil {
		s.TexTarget = 0
	} else if s.TexTarget >= len(s.play.tex.clip.Targets) {
		s.TexTarget = 0
	}
}

// selectByName selects the first joint or texture entry called name, or
// "#N": target N of the joint clip (unnamed BCK joints have no other
// name). Without a match it leaves a warning.
func (s *selection) selectByName(name string) {
	if s.selectByIndex(name) {
		return
	}
	for _, m := range s.rig.markers {
		if m.Name == name {
			s.apply(viewmodel.SelectJoint{Joint: m.Joint})
			return
		}
	}
	if s.play.tex != nil {
		for i, t := range s.play.tex.clip.Targets {
			if t.Name == name {
				s.apply(viewmodel.SelectTexTarget{Target: i})
				return
			}
		}
	}
	if s.play.selectMaterialNamed(name) {
		return
	}
	s.msgs.notify(viewmodel.Warning, "--select: no joint, texture entry or material target named %q", name)
}

func (s *selection) selectByIndex(name string) bool {
	n, err := strconv.Atoi(strings.TrimPrefix(name, "#"))
	if !strings.HasPrefix(name, "#") || err != nil || s.play.joint == nil || n < 0 || n >= len(s.play.joint.clip.Targets) {
		return false
	}
	s.apply(viewmodel.SelectTarget{Target: n})
	return true
}

// texEntryMatrix is the matrix of the selected texture entry, the
// formula it is computed with and the one the file chose.
func (s *selection) texEntryMatrix() (anim.TexMatrix, anim.TexMatrixMode, anim.TexMatrixMode) {
	tex := s.play.tex
	if tex == nil || len(tex.clip.Targets) == 0 || tex.muted {
		return anim.TexMatrix{{1, 0, 0}, {0, 1, 0}}, 0, 0
	}
	i := s.TexTarget
	if i < 0 || i >= len(tex.clip.Targets) {
		i = 0
	}
	t := &tex.clip.Targets[i]
	p := &tex.pose.Targets[i]
	file := anim.TexModeOf(t, p) // NW: the mode curve's choice at this frame
	if s.texModeOverride {
		return anim.TexMatrixWith(s.texMode, t, p), s.texMode, file
	}
	m := anim.TexMatrixOf(t, p)
	return m, file, file
}
