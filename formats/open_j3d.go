package formats

import (
	"fmt"
	"sort"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
)

// maxTrackDetails is how many targets get a line of raw track entries in
// `animscope info`; beyond that (the 400-joint files of real games) the
// summary lines say enough and the inspector shows the full tables.
const maxTrackDetails = 16

// openJ3DAnim decodes a BCK or BTK into one clip; the spec-shaped struct is
// kept as Raw for the inspector.
func openJ3DAnim(a *Asset, data []byte) error {
	switch a.Format {
	case "bck":
		return openJ3D(a, data, j3d.DecodeBCK, bckDetails)
	case "btk":
		return openJ3D(a, data, j3d.DecodeBTK, btkDetails)
	}
	return fmt.Errorf("%s: not a J3D animation", a.Format)
}

// openJ3D is openJ3DAnim for one of the two decoders.
func openJ3D[T interface{ Clip() (*anim.Clip, error) }](a *Asset, data []byte, decode func([]byte) (T, error), details func(T) []Detail) error {
	raw, err := decode(data)
	if err != nil {
		return err
	}
	clip, err := raw.Clip()
	if err != nil {
		return err
	}
	a.Clips = []*anim.Clip{clip}
	a.Raw = raw
	a.Details = details(raw)
	return nil
}

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

func bckDetails(b *j3d.BCK) []Detail {
	d := []Detail{
		{"loop mode byte", b.LoopMode},
		{"rotation frac", b.RotationFrac},
		{"joints", len(b.Joints)},
	}
	d = append(d, trackDetails(b.Joints, &b.Tables, "joint", anim.JointTarget, nil)...)
	return d
}

func btkDetails(b *j3d.BTK) []Detail {
	d := []Detail{
		{"loop mode byte", b.LoopMode},
		{"rotation frac", b.RotationFrac},
		{"entries", len(b.Entries)},
		{"calc type", fmt.Sprintf("%d (%s matrix)", b.CalcType, b.TexMode())},
	}
	names := make([]string, len(b.Names))
	for i, n := range b.Names {
		names[i] = n.Name
	}
	texGens := make([]int, len(b.TexGens)) // []uint8 would marshal as base64
	for i, g := range b.TexGens {
		texGens[i] = int(g)
	}
	d = append(d, Detail{"materials", names}, Detail{"texGens", texGens})
	if int(b.NameCount) != len(b.Entries) {
		d = append(d, Detail{"name table count", b.NameCount})
	}
	if b.SizeQuirk {
		d = append(d, Detail{"chunk size quirk", "TTK1 states up to 4 bytes more than the file holds (a known exporter quirk; tolerated)"})
	}
	label := func(i int) string { return fmt.Sprintf("entry %d (%s, texGen %d)", i, names[i], b.TexGens[i]) }
	d = append(d, trackDetails(b.Entries, &b.Tables, "entry", anim.TexSRTTarget, label)...)
	return d
}

// trackDetails summarises the raw tracks: table sizes, how many tracks are
// default/constant/keyed, the key-count and tangent-mode histograms of the
// keyed ones, and for small files each target's track entries.
func trackDetails(sets []j3d.TrackSet, t *j3d.Tables, what string, kind anim.TargetKind, label func(int) string) []Detail {
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
	d := []Detail{
		{"value tables", j3dTableCounts{len(t.Scale), len(t.Rotation), len(t.Translation)}},
		{"tracks", sum},
	}
	if sum.Keyed > 0 {
		d = append(d,
			Detail{"keyed track key counts", histogram(keys, "keys")},
			Detail{"keyed track tangent modes", histogram(modes, "mode")})
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
		d = append(d, Detail{name, strings.Join(parts, ", ")})
	}
	return d
}

// trackSlots is the slot of each track of a TrackSet, in file order.
var trackSlots = [9]anim.Slot{anim.ScaleX, anim.RotX, anim.TransX, anim.ScaleY, anim.RotY, anim.TransY, anim.ScaleZ, anim.RotZ, anim.TransZ}

// trackText is one raw track entry: "rotation.x 30 keys mode 1 @120",
// "scale.y const @4" or "translation.z default".
func trackText(j int, tr j3d.Track, kind anim.TargetKind) string {
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
