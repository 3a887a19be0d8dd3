package anim

// UnroundedRotations returns the clip as the games would play it without
// the last step of the J3D rotation rule: every J3D rotation curve
// (Hermite with RotationFrac ≥ 0 and more than one key) evaluates to its
// Hermite in degrees, RawValue · 2^RotationFrac · 180/32768, instead of
// truncating the Hermite to a whole s16 unit first. Between keys the
// games' curve lies within one unit of this one, toward zero: a
// staircase of 2^RotationFrac·180/32768° steps (0.022° at fraction 2).
// At a key, whose stored value is a whole unit, both agree up to a
// multiple of 360° (the games wrap to ±180°; this curve does not, which
// is the same rotation). Everything else is shared with c. c itself is
// returned when it has no such curve.
//
// The export follows this clip: reproducing the staircase costs a key per
// step, tens of thousands per curve on a character's clip, for a
// difference that is a fraction of a degree.
func (c *Clip) UnroundedRotations() *Clip {
	var out *Clip
	for i := range c.Targets {
		for ci, ch := range c.Targets[i].Channels {
			h, ok := ch.Curve.(*Hermite)
			// From fraction 32 on the games' shift leaves 0: a constant.
			if !ok || h.RotationFrac < 0 || h.RotationFrac >= 32 || len(h.Keys) < 2 {
				continue
			}
			if out == nil {
				cp := *c
				cp.Targets = append([]Target(nil), c.Targets...)
				out = &cp
			}
			t := &out.Targets[i]
			if &t.Channels[0] == &c.Targets[i].Channels[0] {
				t.Channels = append([]Channel(nil), t.Channels...)
			}
			t.Channels[ci].Curve = h.unrounded()
		}
	}
	if out == nil {
		return c
	}
	if c.plan != nil {
		out.Prepare()
	} else {
		out.plan = nil
	}
	return out
}

// unrounded is a J3D rotation curve's Hermite in degrees: the same keys
// scaled by the rotation unit, not a rotation any more.
func (h *Hermite) unrounded() *Hermite {
	scale := h.unitScale()
	u := &Hermite{RotationFrac: NotRotation, Keys: make([]HermiteKey, len(h.Keys))}
	for k, key := range h.Keys {
		u.Keys[k] = HermiteKey{Time: key.Time, Value: key.Value * scale, In: key.In * scale, Out: key.Out * scale}
	}
	if h.indexed() {
		u.Prepare()
	}
	return u
}
