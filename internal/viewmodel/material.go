package viewmodel

import "github.com/animscope/animscope/anim"

// MatSlot0 is the first material slot: material clip k of
// View.Materials plays in Slot(MatSlot0 + k), with its own clock, next to
// the joint and texture clips (J3D games run a model's BRK, BPK, BTP and
// BVA with their own frame controls too).
const MatSlot0 Slot = TexSlot + 1

// MaterialView is the material animations on screen (BRK, BPK, BTP, BVA;
// colour, texture pattern and visibility targets of any format).
type MaterialView struct {
	Clips []*Playback
	// Selected is the target whose colour tints the test quad and whose
	// channels the curves follow (Clip -1: none).
	Selected MatRef
	// Runtime is the JSystem generation whose rules apply to full-frame
	// lookups and the mirrored loop modes.
	Runtime anim.Runtime
}

// MatRef names target Target of material clip Clip.
type MatRef struct{ Clip, Target int }

// MaterialPlayback is the playback of a material slot, or nil.
func (v *View) MaterialPlayback(s Slot) *Playback {
	if v.Materials == nil || s < MatSlot0 || int(s-MatSlot0) >= len(v.Materials.Clips) {
		return nil
	}
	return v.Materials.Clips[s-MatSlot0]
}

// MaterialTarget is the selected target of a material slot, or -1.
func (v *View) MaterialTarget(s Slot) int {
	p := v.MaterialPlayback(s)
	if p == nil || v.Materials.Selected.Clip != int(s-MatSlot0) {
		return -1
	}
	if t := v.Materials.Selected.Target; t >= 0 && t < len(p.Clip.Targets) {
		return t
	}
	return -1
}

// SwatchColor turns a colour target's values into a displayable colour:
// GX colours are 0..255; TEV colour registers (−1024..1023) are clamped
// to what they show as.
func SwatchColor(v *[anim.NumSlots]float64) [4]float32 {
	var c [4]float32
	for i := range c {
		x := v[anim.ColorR+anim.Slot(i)] / 255
		c[i] = float32(max(0, min(1, x)))
	}
	return c
}

// PlaysMaterial reports whether c plays in a material slot.
func (v *View) PlaysMaterial(c *anim.Clip) bool {
	if v.Materials == nil {
		return false
	}
	for _, p := range v.Materials.Clips {
		if p.Clip == c {
			return true
		}
	}
	return false
}
