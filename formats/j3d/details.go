package j3d

import (
	"fmt"
	"sort"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/asset"
)

// maxTrackDetails is how many targets get a line of raw track entries in
// `animscope info`; beyond that (the 400-joint files of real games) the
// summary lines say enough and the inspector shows the full tables.
const maxTrackDetails = 16

type j3dTableCounts struct {
	Scale       int `json:"scale"`
	Rotation    int `json:"rotation"`
	Translation int `json:"translation"`
}

type j3dTrackSummary struct {
	Default  int `json:"default"`  // count 0
	Constant int `json:"constant"` // count 1
	Keyed    int `json:"keyed"`
}

func bckDetails(b *BCK) []asset.Detail {
	d := littleDetail(b.File, []asset.Detail{
		{Name: "loop mode byte", Value: b.LoopMode},
		{Name: "rotation frac", Value: b.RotationFrac},
		{Name: "joints", Value: len(b.Joints)},
	})
	d = append(d, trackDetails(b.Joints, &b.Tables, "joint", anim.JointTarget, nil)...)
	return d
}

func btkDetails(b *BTK) []asset.Detail {
	d := littleDetail(b.File, []asset.Detail{
		{Name: "loop mode byte", Value: b.LoopMode},
		{Name: "rotation frac", Value: b.RotationFrac},
		{Name: "entries", Value: len(b.Entries)},
		{Name: "calc type", Value: fmt.Sprintf("%d (%s matrix)", b.CalcType, b.TexMode())},
	})
	names := make([]string, len(b.Names))
	for i, n := range b.Names {
		names[i] = n.Name
	}
	texGens := make([]int, len(b.TexGens)) // []uint8 would marshal as base64
	for i, g := range b.TexGens {
		texGens[i] = int(g)
	}
	d = append(d, asset.Detail{Name: "materials", Value: names}, asset.Detail{Name: "texGens", Value: texGens})
	if int(b.NameCount) != len(b.Entries) {
		d = append(d, asset.Detail{Name: "name table count", Value: b.NameCount})
	}
	if b.SizeQuirk {
		d = append(d, asset.Detail{Name: "chunk size quirk", Value: "TTK1 states up to 4 bytes more than the file holds (a known exporter quirk; tolerated)"})
	}
	label := func(i int) string { return fmt.Sprintf("entry %d (%s, texGen %d)", i, names[i], b.TexGens[i]) }
	d = append(d, trackDetails(b.Entries, &b.Tables, "entry", anim.TexSRTTarget, label)...)
	return d
}

// trackDetails summarises the raw tracks: table sizes, how many tracks are
// default/constant/keyed, the key-count and tangent-mode histograms of the
// keyed ones, and for small files each target's track entries.
func trackDetails(sets []TrackSet, t *Tables, what string, kind anim.TargetKind, label func(int) string) []asset.Detail {
	var sum j3dTrackSummary
	keys := map[int]int{}
	modes := map[int]int{}
	for i := range sets {
		for _, tr := range sets[i] {
			switch tr.Count {
			case 0:
				sum.Default++
			case 1:
				sum.Constant++
			default:
				sum.Keyed++
				keys[int(tr.Count)]++
				modes[int(tr.TangentMode)]++
			}
		}
	}
	d := []asset.Detail{
		{Name: "value tables", Value: j3dTableCounts{len(t.Scale), len(t.Rotation), len(t.Translation)}},
		{Name: "tracks", Value: sum},
	}
	if sum.Keyed > 0 {
		d = append(d,
			asset.Detail{Name: "keyed track key counts", Value: histogram(keys, "keys")},
			asset.Detail{Name: "keyed track tangent modes", Value: histogram(modes, "mode")})
	}
	if len(sets) > maxTrackDetails {
		return d
	}
	for i := range sets {
		name := fmt.Sprintf("%s %d", what, i)
		if label != nil {
			name = label(i)
		}
		parts := make([]string, len(sets[i]))
		for j, tr := range sets[i] {
			parts[j] = trackText(j, tr, kind)
		}
		d = append(d, asset.Detail{Name: name, Value: strings.Join(parts, ", ")})
	}
	return d
}

// trackSlots is the slot of each track of a TrackSet, in file order.
var trackSlots = [9]anim.Slot{anim.ScaleX, anim.RotX, anim.TransX, anim.ScaleY, anim.RotY, anim.TransY, anim.ScaleZ, anim.RotZ, anim.TransZ}

// trackText is one raw track entry: "rotation.x 30 keys mode 1 @120",
// "scale.y const @4" or "translation.z default".
func trackText(j int, tr Track, kind anim.TargetKind) string {
	name := trackSlots[j].Name(kind)
	switch tr.Count {
	case 0:
		return name + " default"
	case 1:
		return fmt.Sprintf("%s const @%d", name, tr.Index)
	}
	return fmt.Sprintf("%s %d keys mode %d @%d", name, tr.Count, tr.TangentMode, tr.Index)
}

// histogram formats counts as "2 keys ×120, 30 keys ×1800", ordered.
func histogram(h map[int]int, unit string) string {
	ks := make([]int, 0, len(h))
	for k := range h {
		ks = append(ks, k)
	}
	sort.Ints(ks)
	parts := make([]string, len(ks))
	for i, k := range ks {
		if unit == "mode" {
			parts[i] = fmt.Sprintf("mode %d ×%d", k, h[k])
		} else {
			parts[i] = fmt.Sprintf("%d %s ×%d", k, unit, h[k])
		}
	}
	return strings.Join(parts, ", ")
}

// littleDetail puts the byte order in front of d for a little-endian file
// (big-endian BCK/BTK details stay as they were).
func littleDetail(h FileHeader, d []asset.Detail) []asset.Detail {
	if !h.LittleEndian {
		return d
	}
	return append([]asset.Detail{endianDetail(h)}, d...)
}
