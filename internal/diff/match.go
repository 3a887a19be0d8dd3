package diff

import (
	"math"
	"strconv"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/sample"
)

// pair is a target of A and its counterpart in B (-1: that side lacks it).
type pair struct{ a, b int }

// key identifies a named target across files: its kind, name and what
// tells targets of one name apart (a BTK entry's texGen, a BFRES
// parameter, a BRK register, a BTP texture slot).
func key(t *anim.Target) string {
	return strconv.Itoa(int(t.Kind)) + "\x00" + t.Name + "\x00" + t.Param + "\x00" + t.Register +
		"\x00" + strconv.Itoa(t.TexGen) + "\x00" + strconv.Itoa(t.TexMap)
}

// matchTargets pairs the targets of two clips: a named target with B's
// target of the same key (the n-th of a repeated key with the n-th), an
// unnamed one (J3D joints and shapes store no names) with B's target at
// the same position when it is of the same kind and unnamed too. The
// result lists A's targets in order, then B's that found no partner.
func matchTargets(a, b *anim.Clip) []pair {
	byKey := map[string][]int{}
	for i := range b.Targets {
		if t := &b.Targets[i]; t.Name != "" {
			k := key(t)
			byKey[k] = append(byKey[k], i)
		}
	}
	used := make([]bool, len(b.Targets))
	out := make([]pair, 0, len(a.Targets))
	for i := range a.Targets {
		t := &a.Targets[i]
		p := pair{i, -1}
		if t.Name != "" {
			k := key(t)
			if q := byKey[k]; len(q) > 0 {
				p.b, byKey[k] = q[0], q[1:]
			}
		} else if i < len(b.Targets) && b.Targets[i].Name == "" && b.Targets[i].Kind == t.Kind {
			p.b = i
		}
		if p.b >= 0 {
			used[p.b] = true
		}
		out = append(out, p)
	}
	for i, u := range used {
		if !u {
			out = append(out, pair{-1, i})
		}
	}
	return out
}

// channelCmp accumulates one row over the frames.
type channelCmp struct {
	row    Row
	ta, tb int // targets in the sample documents (-1: absent)
	// ca, cb are the channels in the documents' targets (-1: the side has
	// none and contributes constA/constB); world, when ≥ 0, compares
	// the world position's component instead.
	ca, cb         int
	constA, constB float64
	world          int
	rot            bool
	// qa, qb are the four quaternion channels of each side when both
	// rotate by quaternion: q and −q are one rotation, so B's component
	// is negated at frames where the two quaternions point apart.
	qa, qb *[4]int
	seen   bool
}

// channelPairs lists the rows of every target pair: the union of both
// sides' channels in A's order (then B's), then world.x/y/z when both are
// posed on a model.
func channelPairs(pairs []pair, a, b *anim.Clip, da, db *sample.Doc, restA, restB [][anim.NumSlots]float64) []*channelCmp {
	var out []*channelCmp
	for _, p := range pairs {
		var ta, tb *anim.Target
		if p.a >= 0 {
			ta = &a.Targets[p.a]
		}
		if p.b >= 0 {
			tb = &b.Targets[p.b]
		}
		t := ta
		if t == nil {
			t = tb
		}
		names := channelNames(ta, tb)
		qa, qb := quatChannels(ta), quatChannels(tb)
		for _, name := range names {
			slot, _ := anim.ParseSlot(t.Kind, name)
			c := &channelCmp{ta: p.a, tb: p.b, ca: channelIndex(ta, slot), cb: channelIndex(tb, slot), world: -1,
				rot: slot.IsRotation()}
			c.constA = constant(restA, p.a, slot)
			c.constB = constant(restB, p.b, slot)
			if slot.IsQuat() && qa != nil && qb != nil {
				c.qa, c.qb = qa, qb
			}
			c.row = newRow(ta, tb, name, p)
			c.row.Slot = int(slot)
			out = append(out, c)
		}
		if da != nil && db != nil && p.a >= 0 && p.b >= 0 && da.Targets[p.a].World != nil && db.Targets[p.b].World != nil {
			for w, name := range [3]string{"world.x", "world.y", "world.z"} {
				c := &channelCmp{ta: p.a, tb: p.b, ca: -1, cb: -1, world: w}
				c.row = newRow(ta, tb, name, p)
				c.row.Slot = -1
				out = append(out, c)
			}
		}
	}
	return out
}

func newRow(ta, tb *anim.Target, channel string, p pair) Row {
	r := Row{Channel: channel, TargetA: p.a, TargetB: p.b, FirstFrame: math.NaN(), AtFrame: math.NaN()}
	t := ta
	switch {
	case ta == nil:
		t, r.OnlyIn = tb, "b"
	case tb == nil:
		r.OnlyIn = "a"
	}
	r.Target, r.Index, r.Kind, r.TexGen = t.Name, t.Index, t.Kind, -1
	if t.Kind == anim.TexSRTTarget {
		r.TexGen = t.TexGen
	}
	if ta != nil && tb != nil {
		_, inA := ta.Channel(mustSlot(t.Kind, channel))
		_, inB := tb.Channel(mustSlot(t.Kind, channel))
		if !inB {
			r.OnlyIn = "a"
		} else if !inA {
			r.OnlyIn = "b"
		}
	}
	return r
}

func mustSlot(k anim.TargetKind, name string) anim.Slot {
	s, _ := anim.ParseSlot(k, name)
	return s
}

// channelNames is the union of both targets' channel names, A's first.
func channelNames(ta, tb *anim.Target) []string {
	var names []string
	seen := map[string]bool{}
	for _, t := range []*anim.Target{ta, tb} {
		if t == nil {
			continue
		}
		for _, ch := range t.Channels {
			n := ch.Slot.Name(t.Kind)
			if !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	return names
}

// channelIndex is the position of slot's channel in t (as in its sample
// document), or -1.
func channelIndex(t *anim.Target, slot anim.Slot) int {
	if t == nil {
		return -1
	}
	for i, ch := range t.Channels {
		if ch.Slot == slot {
			return i
		}
	}
	return -1
}

// quatChannels are t's four quaternion channels when it rotates by
// quaternion and has them all.
func quatChannels(t *anim.Target) *[4]int {
	if t == nil || !t.Quaternion {
		return nil
	}
	var q [4]int
	for i := range q {
		if q[i] = channelIndex(t, anim.QuatX+anim.Slot(i)); q[i] < 0 {
			return nil
		}
	}
	return &q
}

// constant is the value a side without the channel contributes: its
// target's rest value, or the default for a target it lacks.
func constant(rest [][anim.NumSlots]float64, ti int, slot anim.Slot) float64 {
	if ti < 0 || ti >= len(rest) {
		return anim.DefaultBase()[slot]
	}
	return rest[ti][slot]
}

// value is the channel's value at frame k of a chunk's document.
func value(d *sample.Doc, ti, ci, world int, constant float64, k int) float64 {
	if ti < 0 {
		return constant
	}
	t := &d.Targets[ti]
	if world >= 0 {
		return t.World[k][world]
	}
	if ci < 0 {
		return constant
	}
	return t.Channels[ci].Values[k]
}

// add compares a chunk of frames.
func (c *channelCmp) add(frames []float64, da, db *sample.Doc, opt Options) {
	for k, f := range frames {
		va := value(da, c.ta, c.ca, c.world, c.constA, k)
		vb := value(db, c.tb, c.cb, c.world, c.constB, k)
		if c.qa != nil && quatDot(da, db, c.ta, c.tb, c.qa, c.qb, k) < 0 {
			vb = -vb
		}
		d := math.Abs(va - vb)
		var beyond bool
		if c.rot {
			d = math.Mod(d, 360)
			d = min(d, 360-d)
			beyond = d > opt.Degrees
		} else {
			beyond = d > opt.Tolerance*max(1, math.Abs(va), math.Abs(vb))
		}
		if !c.seen || d > c.row.MaxDiff {
			c.row.MaxDiff, c.row.AtFrame, c.seen = d, f, true
		}
		if beyond && !c.row.Differs {
			c.row.Differs, c.row.FirstFrame = true, f
		}
	}
}

// quatDot is the dot product of the two sides' quaternions at frame k.
func quatDot(da, db *sample.Doc, ta, tb int, qa, qb *[4]int, k int) float64 {
	var dot float64
	for i := range 4 {
		dot += da.Targets[ta].Channels[qa[i]].Values[k] * db.Targets[tb].Channels[qb[i]].Values[k]
	}
	return dot
}

// Partners maps each target of a to its counterpart in b by the matching
// Compare uses (-1: b lacks it), for showing b's values next to a's.
func Partners(a, b *anim.Clip) []int {
	out := make([]int, len(a.Targets))
	for _, p := range matchTargets(a, b) {
		if p.a >= 0 {
			out[p.a] = p.b
		}
	}
	return out
}
