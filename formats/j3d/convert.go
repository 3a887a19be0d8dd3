package j3d

import (
	"fmt"
	"math"
	"slices"

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

// converter turns tracks into curves without letting shared references
// multiply memory. Exporters deduplicate sequences, so tracks may share or
// overlap their data; a hostile file can point every track at the same
// long sequence. Per table, the converter picks the cheaper of two
// layouts, both of which share keys between tracks with the same
// reference:
//   - copies: every distinct reference's keys copied once into one buffer
//     (compact; what real files get, since their sequences barely overlap);
//   - views: all keys of the table read with one stride (3 or 4 values per
//     key) from one phase (index mod stride), built once, each track a
//     sub-slice. At most 7 views per table, so at most 2 keys per table
//     value however the references overlap.
type converter struct {
	tables *Tables
	frac   int
	kind   anim.TargetKind

	useViews [3]bool
	views    [3][2][4][]anim.HermiteKey // table, stride 3/4, phase
	built    [3][2][4]bool

	refs    []uint64 // sorted distinct references of copied tables (packRef)
	refKeys []int    // start of each reference's keys in copies
	// refCurve is the first curve made for each copied reference; later
	// tracks with the same reference copy it and so share its search
	// index (anim.Hermite.Prepare).
	refCurve []*anim.Hermite
	copies   []anim.HermiteKey

	hermites []anim.Hermite // preallocated, one per keyed track
	chans    []anim.Channel // preallocated, nine per track set
}

// packRef orders references by table, stride, index and count.
func packRef(k TrackKind, tr Track) uint64 {
	return uint64(k)<<40 | uint64(tr.ValuesPerKey())<<32 | uint64(tr.Index)<<16 | uint64(tr.Count)
}

func unpackRef(r uint64) (k TrackKind, stride, index, count int) {
	return TrackKind(r >> 40), int(r>>32) & 0xFF, int(r>>16) & 0xFFFF, int(r) & 0xFFFF
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
	c := &converter{
		tables:   t,
		frac:     int(frac),
		kind:     kind,
		hermites: make([]anim.Hermite, keyed),
		chans:    make([]anim.Channel, 9*len(sets)),
	}
	// Distinct valid references (invalid ones fail in channels).
	refs := make([]uint64, 0, keyed)
	for i := range sets {
		for j, tr := range sets[i] {
			if k := KindOf(j); tr.Count >= 2 && checkTrack(tr, t.Len(k), k) == "" {
				refs = append(refs, packRef(k, tr))
			}
		}
	}
	slices.Sort(refs)
	refs = slices.Compact(refs)
	var copyCost, viewCost [3]int
	var phases [3][2][4]bool
	for _, r := range refs {
		k, stride, index, count := unpackRef(r)
		copyCost[k] += count
		p := &phases[k][stride-3][index%stride]
		if !*p {
			*p = true
			viewCost[k] += (t.Len(k) - index%stride) / stride
		}
	}
	total := 0
	for k := range c.useViews {
		c.useViews[k] = copyCost[k] > viewCost[k]
		if !c.useViews[k] {
			total += copyCost[k]
		}
	}
	c.copies = make([]anim.HermiteKey, 0, total)
	c.refs = refs[:0]
	c.refKeys = make([]int, 0, len(refs))
	c.refCurve = make([]*anim.Hermite, len(refs))
	for _, r := range refs {
		k, stride, index, count := unpackRef(r)
		if c.useViews[k] {
			continue
		}
		c.refs = append(c.refs, r)
		c.refKeys = append(c.refKeys, len(c.copies))
		c.copies = c.copies[:len(c.copies)+count]
		c.fill(c.copies[len(c.copies)-count:], k, stride, index)
	}
	return c, nil
}

// fill reads len(keys) keys of table k with the given stride from index.
func (c *converter) fill(keys []anim.HermiteKey, k TrackKind, stride, index int) {
	switch k {
	case ScaleTrack:
		fillKeys(keys, c.tables.Scale, stride, index)
	case RotationTrack:
		fillKeys(keys, c.tables.Rotation, stride, index)
	default:
		fillKeys(keys, c.tables.Translation, stride, index)
	}
}

func fillKeys[T float32 | int16](keys []anim.HermiteKey, table []T, stride, index int) {
	for j := range keys {
		v := table[index+j*stride : index+j*stride+stride]
		key := &keys[j]
		key.Time = float64(v[0])
		key.Value = float64(v[1])
		key.In = float64(v[2])
		key.Out = key.In // tangent mode 0: one tangent used both ways
		if stride == 4 {
			key.Out = float64(v[3])
		}
	}
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
			v = anim.J3DRotationDegrees(v, c.frac)
		}
		// Exporters store plenty of explicit 1s and 0s; sharing their
		// interface values saves an allocation each.
		switch v {
		case 1:
			return defaultScale
		case 0:
			if !math.Signbit(v) {
				return defaultZero
			}
		}
		return anim.Constant(v)
	}
	var h *anim.Hermite
	if len(c.hermites) > 0 {
		h, c.hermites = &c.hermites[0], c.hermites[1:]
	} else {
		h = new(anim.Hermite)
	}
	rotFrac := anim.NotRotation
	if k == RotationTrack {
		rotFrac = c.frac
	}
	if c.useViews[k] {
		// Overlapping references: no index, whose memory would grow with
		// each distinct reference.
		*h = anim.Hermite{Keys: c.viewKeys(k, tr), RotationFrac: rotFrac}
		return h
	}
	i, ok := slices.BinarySearch(c.refs, packRef(k, tr))
	switch {
	case !ok: // not reached: every valid reference was collected
		keys := make([]anim.HermiteKey, tr.Count)
		c.fill(keys, k, tr.ValuesPerKey(), int(tr.Index))
		*h = anim.Hermite{Keys: keys, RotationFrac: rotFrac}
		h.Prepare()
	case c.refCurve[i] != nil:
		*h = *c.refCurve[i]
	default:
		at, n := c.refKeys[i], int(tr.Count)
		*h = anim.Hermite{Keys: c.copies[at : at+n : at+n], RotationFrac: rotFrac}
		h.Prepare()
		c.refCurve[i] = h
	}
	return h
}

// viewKeys returns a checked track's keys as a sub-slice of its view,
// capped so that an append to one track's slice cannot overwrite another's.
func (c *converter) viewKeys(k TrackKind, tr Track) []anim.HermiteKey {
	stride, n := tr.ValuesPerKey(), int(tr.Count)
	view := c.view(k, stride, int(tr.Index)%stride)
	first := int(tr.Index) / stride
	return view[first : first+n : first+n]
}

// view returns every key of table k read with the given stride starting
// at phase, building it on first use.
func (c *converter) view(k TrackKind, stride, phase int) []anim.HermiteKey {
	si := stride - 3
	if c.built[k][si][phase] {
		return c.views[k][si][phase]
	}
	var keys []anim.HermiteKey
	if n := c.tables.Len(k); n > phase {
		keys = make([]anim.HermiteKey, (n-phase)/stride)
		c.fill(keys, k, stride, phase)
	}
	c.views[k][si][phase] = keys
	c.built[k][si][phase] = true
	return keys
}
