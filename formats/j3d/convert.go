package j3d

import (
	"fmt"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
)

// FPS is the playback rate of J3D animations: the games advance them one
// frame per 30 Hz game update, and the files store no rate.
const FPS = 30

// Interface values of the default tracks, shared so that count-0 tracks
// cost no allocation.
var (
	defaultScale anim.Curve = anim.Constant(1)
	defaultZero  anim.Curve = anim.Constant(0)
)

// converter turns tracks into curves. Keyed tracks do not copy their keys:
// all keys of one table read with one stride (3 or 4 values per key) and
// one phase (index mod stride) form a view, built once, and a track's
// curve is a sub-slice of its view. Overlapping and shared track
// references (exporters deduplicate sequences) therefore share memory, and
// a hostile file whose every track points at the same long sequence costs
// no more than the table itself: at most 7 views per table.
type converter struct {
	tables   *Tables
	frac     int
	kind     anim.TargetKind
	views    [3][2][4][]anim.HermiteKey // table, stride 3/4, phase
	built    [3][2][4]bool
	hermites []anim.Hermite // preallocated, one per keyed track
	chans    []anim.Channel // preallocated, nine per track set
}

// MaxTotalKeys bounds the keys of all tracks together, counting a shared
// sequence once per track that uses it. Shared references cost no memory
// (see converter), but everything that walks a curve's keys (validation,
// the curve plot, timeline markers) pays per track: a 4 MB file whose
// 590,000 tracks each reference the same 21,845-key sequence would make
// that 12.9 billion keys, minutes of work. Real files hold well under
// 10^5 keys (the 400-joint test file: 53,000), so 4M is far from them and
// keeps a hostile file's validation to milliseconds.
const MaxTotalKeys = 1 << 22

func newConverter(format string, t *Tables, frac uint8, sets []TrackSet, kind anim.TargetKind) (*converter, error) {
	keyed, keys := 0, 0
	for i := range sets {
		for _, tr := range sets[i] {
			if tr.Count >= 2 {
				keyed++
				keys += int(tr.Count)
			}
		}
	}
	if keys > MaxTotalKeys {
		return nil, bin.Unsupportedf(format, "tracks reference %d keys in total (shared sequences counted per track), more than the %d this viewer handles", keys, MaxTotalKeys)
	}
	return &converter{
		tables:   t,
		frac:     int(frac),
		kind:     kind,
		hermites: make([]anim.Hermite, keyed),
		chans:    make([]anim.Channel, 9*len(sets)),
	}, nil
}

// channels converts the nine tracks of a set, in file order.
func (c *converter) channels(set *TrackSet) ([]anim.Channel, error) {
	var ch []anim.Channel
	if len(c.chans) >= 9 {
		ch, c.chans = c.chans[:9:9], c.chans[9:]
	} else {
		ch = make([]anim.Channel, 9)
	}
	for i, tr := range set {
		k := KindOf(i)
		if msg := checkTrack(tr, c.tables.Len(k), k); msg != "" {
			return nil, fmt.Errorf("%s: %s", trackName(i, c.kind), msg)
		}
		ch[i] = anim.Channel{Slot: slotOf(i), Curve: c.curve(tr, k)}
	}
	return ch, nil
}

// curve converts one checked track.
func (c *converter) curve(tr Track, k TrackKind) anim.Curve {
	switch tr.Count {
	case 0:
		if k == ScaleTrack {
			return defaultScale
		}
		return defaultZero
	case 1:
		v := c.tables.Value(k, int(tr.Index))
		if k == RotationTrack {
			return anim.Constant(anim.J3DRotationDegrees(v, c.frac))
		}
		return anim.Constant(v)
	}
	stride := tr.ValuesPerKey()
	view := c.view(k, stride, int(tr.Index)%stride)
	first := int(tr.Index) / stride
	var h *anim.Hermite
	if len(c.hermites) > 0 {
		h, c.hermites = &c.hermites[0], c.hermites[1:]
	} else {
		h = new(anim.Hermite)
	}
	h.Keys = view[first : first+int(tr.Count) : first+int(tr.Count)]
	h.RotationFrac = anim.NotRotation
	if k == RotationTrack {
		h.RotationFrac = c.frac
	}
	return h
}

// view returns every key of table k read with the given stride starting
// at phase, building it on first use.
func (c *converter) view(k TrackKind, stride, phase int) []anim.HermiteKey {
	si := stride - 3
	if c.built[k][si][phase] {
		return c.views[k][si][phase]
	}
	n := c.tables.Len(k)
	var keys []anim.HermiteKey
	if n > phase {
		keys = make([]anim.HermiteKey, (n-phase)/stride)
	}
	for j := range keys {
		at := phase + j*stride
		key := &keys[j]
		key.Time = c.tables.Value(k, at)
		key.Value = c.tables.Value(k, at+1)
		key.In = c.tables.Value(k, at+2)
		key.Out = key.In // tangent mode 0: one tangent used both ways
		if stride == 4 {
			key.Out = c.tables.Value(k, at+3)
		}
	}
	c.views[k][si][phase] = keys
	c.built[k][si][phase] = true
	return keys
}
