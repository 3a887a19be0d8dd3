package app

import (
	"slices"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// Material clips (BRK, BPK, BTP, BVA; any clip whose targets are all
// colour, texture-pattern, visibility or shader-parameter targets) play
// in slots of their own, next to the joint and texture slots, each with
// its own clock: a model's BCK, BTK, BRK, BPK, BTP and BVA play together.
// The test quad shows them (tint, numbered checker variant, fade) and the
// material panel lists their live values.

// maxMaterialSlots bounds the material clips playing at once (a course
// archive holds dozens of BRKs; the panel lists them all up to this).
const maxMaterialSlots = 64

// materialState is the app's material part: the slots, the selected
// target (tint source, curve target) and the runtime rules in force.
type materialState struct {
	slots   []*slot
	sel     viewmodel.MatRef
	runtime anim.Runtime
}

// isMaterialClip reports whether every target of c is a material target.
func isMaterialClip(c *anim.Clip) bool {
	if len(c.Targets) == 0 {
		return false
	}
	for i := range c.Targets {
		if !c.Targets[i].Kind.IsMaterial() {
			return false
		}
	}
	return true
}

// addMaterial puts s in a material slot: it replaces the slot playing the
// same clip, else it is appended (up to maxMaterialSlots).
func (t *transport) addMaterial(s *slot) {
	m := &t.mat
	for i, o := range m.slots {
		if o.file == s.file && o.clipIdx == s.clipIdx {
			m.slots[i] = s
			t.focus = viewmodel.MatSlot0 + viewmodel.Slot(i)
			return
		}
	}
	if len(m.slots) >= maxMaterialSlots {
		return
	}
	m.slots = append(m.slots, s)
	if len(m.slots) == 1 {
		m.sel = viewmodel.MatRef{Clip: 0, Target: t.firstColorTarget()}
	}
}

// firstColorTarget is the first colour target of the first material clip
// (the quad's default tint source), else 0.
func (t *transport) firstColorTarget() int {
	if len(t.mat.slots) == 0 {
		return 0
	}
	for i, t := range t.mat.slots[0].clip.Targets {
		if t.Kind == anim.TevRegTarget || t.Kind == anim.MatColorTarget {
			return i
		}
	}
	return 0
}

// closeMaterials drops the slots of file i (and renumbers the later
// files'); i < 0 drops them all.
func (t *transport) closeMaterials(i int) {
	m := &t.mat
	out := m.slots[:0]
	for _, s := range m.slots {
		switch {
		case i < 0 || s.file == i:
			continue
		case s.file > i:
			s.file--
		}
		out = append(out, s)
	}
	clear(m.slots[len(out):])
	m.slots = out
	if m.sel.Clip >= len(m.slots) {
		m.sel = viewmodel.MatRef{Target: t.firstColorTarget()}
	}
	if t.materialSlot(t.focus) == nil && t.focus >= viewmodel.MatSlot0 {
		t.focus = viewmodel.JointSlot
	}
}

// markPlayingMaterials marks the material choices whose clip plays in a
// material slot. Slots come and go without the pairing being rebuilt (a
// pick, the "(none)" choice), so this runs on every view.
func (r pairer) markPlayingMaterials(p *viewmodel.Pairing) {
	for i := range p.MaterialAnims {
		c := &p.MaterialAnims[i]
		c.Playing = slices.ContainsFunc(r.play.mat.slots, func(s *slot) bool { return s.file == c.File && s.clipIdx == c.Clip })
	}
}

// applyMaterial handles the material intents.
func (t *transport) applyMaterial(in viewmodel.Intent) bool {
	switch in := in.(type) {
	case viewmodel.SelectMaterial:
		if s := t.materialSlot(viewmodel.MatSlot0 + viewmodel.Slot(in.Ref.Clip)); s != nil && in.Ref.Target >= 0 && in.Ref.Target < len(s.clip.Targets) {
			t.mat.sel = in.Ref
			t.focus = viewmodel.MatSlot0 + viewmodel.Slot(in.Ref.Clip)
		}
	default:
		return false
	}
	return true
}

// setRuntime switches every open clip's full-frame lookups and every
// clock's mirrored modes to the rules of JSystem runtime r; clips of
// another runtime (BFRES's G3d) keep their own.
func (a *App) setRuntime(r anim.Runtime) {
	if !r.JSystem() {
		return
	}
	a.play.mat.runtime = r
	for _, f := range a.ses.files {
		for _, c := range f.asset.Clips {
			c.SetRuntime(r)
		}
	}
	for _, s := range a.play.slots() {
		s.clock.Runtime = clipRuntime(s.clip, r)
	}
	a.play.syncClocks()
	a.Evaluate()
}

// Runtime is the JSystem runtime whose rules are in force.
func (a *App) Runtime() anim.Runtime { return a.play.mat.runtime }

// materialView fills v.Materials.
func (t *transport) materialView(v *viewmodel.View) {
	m := &t.mat
	if len(m.slots) == 0 {
		return
	}
	mv := &viewmodel.MaterialView{Selected: m.sel, Runtime: m.runtime, Clips: make([]*viewmodel.Playback, len(m.slots))}
	for i, s := range m.slots {
		mv.Clips[i] = s.playback(t.scrubbing && t.focus == viewmodel.MatSlot0+viewmodel.Slot(i))
	}
	v.Materials = mv
}

// quadMaterial is what the material clips do to the test quad: the
// selected colour target's colour (else the first one's) tints it, the
// first texture-pattern target picks the checker variant, and a hidden
// shape (the first shape target) fades it. Nil without material clips.
func (t *transport) quadMaterial(q *viewmodel.QuadMaterial) *viewmodel.QuadMaterial {
	m := &t.mat
	if len(m.slots) == 0 {
		return nil
	}
	*q = viewmodel.QuadMaterial{Tint: viewmodel.Color{1, 1, 1, 1}}
	tinted, patterned, shaped, hidden := false, false, false, false
	if s := t.materialSlot(viewmodel.MatSlot0 + viewmodel.Slot(m.sel.Clip)); s != nil && !s.muted && m.sel.Target < len(s.pose.Targets) {
		if k := s.clip.Targets[m.sel.Target].Kind; k == anim.TevRegTarget || k == anim.MatColorTarget {
			q.Tint = viewmodel.SwatchColor(&s.pose.Targets[m.sel.Target].V)
			tinted = true
		}
	}
	for _, s := range m.slots {
		if s.muted {
			continue // a muted clip leaves the quad alone
		}
		for i := range s.clip.Targets {
			if i >= len(s.pose.Targets) {
				break
			}
			v := &s.pose.Targets[i].V
			switch s.clip.Targets[i].Kind {
			case anim.TevRegTarget, anim.MatColorTarget:
				if !tinted {
					q.Tint, tinted = viewmodel.SwatchColor(v), true
				}
			case anim.TexPatternTarget:
				if !patterned {
					q.Pattern, q.HasPattern, patterned = int(v[anim.TexIndex]), true, true
				}
			case anim.ShapeTarget:
				if !shaped {
					hidden = v[anim.Visible] == 0
				}
				shaped = true
			}
		}
	}
	// The colour's alpha fades the quad only partly: a register with alpha
	// 0 still shows its colour.
	q.Tint[3] = tintAlphaFloor + (1-tintAlphaFloor)*q.Tint[3]
	if shaped && hidden {
		q.Tint[3] *= hiddenAlpha
	}
	return q
}

// tintAlphaFloor is the quad's opacity under a colour of alpha 0.
const tintAlphaFloor = 0.4

// hiddenAlpha is how visible the quad stays while its shape is hidden.
const hiddenAlpha = 0.2

// selectMaterialNamed selects the first material target called name
// ("mat_2/C1", a BPK or BTP material, "#3" is not: that names a joint).
func (t *transport) selectMaterialNamed(name string) bool {
	for ci, s := range t.mat.slots {
		for ti := range s.clip.Targets {
			if s.clip.Targets[ti].Name == name {
				t.applyMaterial(viewmodel.SelectMaterial{Ref: viewmodel.MatRef{Clip: ci, Target: ti}})
				return true
			}
		}
	}
	return false
}
