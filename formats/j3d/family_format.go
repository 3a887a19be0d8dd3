package j3d

import (
	"fmt"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/asset"
)

// The descriptors of the rest of the J3D animation family (registered in
// package formats, after BCK and BTK). BCA joints compose like a BCK's;
// the material animations have no joints (their stand-in is the test quad).
var (
	BCAFormat = animFormat("bca", MagicBCA, anim.J3DBasic, func(a *asset.Asset, data []byte, _ asset.Env) error {
		return openAnim(a, data, DecodeBCA, bcaDetails)
	})
	BRKFormat = animFormat("brk", MagicBRK, anim.Standard, func(a *asset.Asset, data []byte, _ asset.Env) error {
		return openAnim(a, data, DecodeBRK, brkDetails)
	})
	BPKFormat = animFormat("bpk", MagicBPK, anim.Standard, func(a *asset.Asset, data []byte, _ asset.Env) error {
		return openAnim(a, data, DecodeBPK, bpkDetails)
	})
	BTPFormat = animFormat("btp", MagicBTP, anim.Standard, func(a *asset.Asset, data []byte, _ asset.Env) error {
		return openAnim(a, data, DecodeBTP, btpDetails)
	})
	BVAFormat = animFormat("bva", MagicBVA, anim.Standard, func(a *asset.Asset, data []byte, _ asset.Env) error {
		return openAnim(a, data, DecodeBVA, bvaDetails)
	})
)

// endianDetail names the byte order.
func endianDetail(h FileHeader) asset.Detail {
	if h.LittleEndian {
		return asset.Detail{Name: "byte order", Value: "little-endian (" + h.Magic + ")"}
	}
	return asset.Detail{Name: "byte order", Value: "big-endian"}
}

// headerDetails are the byte order and, for an archive entry cut short of
// its declared size, how much final padding is missing.
func headerDetails(h FileHeader) []asset.Detail {
	d := []asset.Detail{endianDetail(h)}
	if h.Trimmed > 0 {
		d = append(d, asset.Detail{Name: "trimmed", Value: fmt.Sprintf("the data ends %d bytes before the declared size %d (final padding cut, as in archive entries; tolerated)", h.Trimmed, h.FileSize)})
	}
	return d
}

func bcaDetails(b *BCA) []asset.Detail {
	d := append(headerDetails(b.File),
		asset.Detail{Name: "loop mode byte", Value: b.LoopMode},
		asset.Detail{Name: "joints", Value: len(b.Joints)},
		asset.Detail{Name: "value tables", Value: j3dTableCounts{len(b.Scale), len(b.Rotation), len(b.Translation)}},
	)
	lengths := map[int]int{}
	for i := range b.Joints {
		for _, t := range b.Joints[i] {
			lengths[int(t.Count)]++
		}
	}
	d = append(d, asset.Detail{Name: "track lengths", Value: histogram(lengths, "values")})
	if len(b.Joints) <= maxTrackDetails {
		for i := range b.Joints {
			parts := make([]string, 9)
			for j, t := range b.Joints[i] {
				parts[j] = fmt.Sprintf("%s %d @%d", trackSlots[j].Name(anim.JointTarget), t.Count, t.Index)
			}
			d = append(d, asset.Detail{Name: fmt.Sprintf("joint %d", i), Value: strings.Join(parts, ", ")})
		}
	}
	return d
}

// colorText is one colour entry's tracks: "r 3 keys mode 1 @0, g default, ...".
func colorText(tr *ColorTracks) string {
	parts := make([]string, 4)
	for j, t := range tr {
		switch t.Count {
		case 0:
			parts[j] = colorNames[j] + " 0"
		case 1:
			parts[j] = fmt.Sprintf("%s const @%d", colorNames[j], t.Index)
		default:
			parts[j] = fmt.Sprintf("%s %d keys mode %d @%d", colorNames[j], t.Count, t.TangentMode, t.Index)
		}
	}
	return strings.Join(parts, ", ")
}

func valueCounts(v *[4][]int16) string {
	return fmt.Sprintf("r %d, g %d, b %d, a %d", len(v[0]), len(v[1]), len(v[2]), len(v[3]))
}

func brkDetails(b *BRK) []asset.Detail {
	d := append(headerDetails(b.File),
		asset.Detail{Name: "loop mode byte", Value: b.LoopMode},
		asset.Detail{Name: "TEV colour (C) entries", Value: len(b.CRegs)},
		asset.Detail{Name: "konst colour (K) entries", Value: len(b.KRegs)},
		asset.Detail{Name: "C value tables", Value: valueCounts(&b.CValues)},
		asset.Detail{Name: "K value tables", Value: valueCounts(&b.KValues)},
	)
	add := func(letter string, regs []RegEntry, names []Name) {
		if len(regs) > maxTrackDetails {
			return
		}
		for i, e := range regs {
			d = append(d, asset.Detail{Name: fmt.Sprintf("%s/%s%d", names[i].Name, letter, e.ColorID), Value: colorText(&e.Tracks)})
		}
	}
	add("C", b.CRegs, b.CNames)
	add("K", b.KRegs, b.KNames)
	return d
}

func bpkDetails(b *BPK) []asset.Detail {
	d := append(headerDetails(b.File),
		asset.Detail{Name: "loop mode byte", Value: b.LoopMode},
		asset.Detail{Name: "materials", Value: len(b.Entries)},
		asset.Detail{Name: "value tables", Value: valueCounts(&b.Values)},
	)
	if len(b.Entries) <= maxTrackDetails {
		for i := range b.Entries {
			d = append(d, asset.Detail{Name: b.Names[i].Name, Value: colorText(&b.Entries[i])})
		}
	}
	return d
}

func btpDetails(b *BTP) []asset.Detail {
	d := append(headerDetails(b.File),
		asset.Detail{Name: "loop mode byte", Value: b.LoopMode},
		asset.Detail{Name: "entries", Value: len(b.Entries)},
		asset.Detail{Name: "texture numbers", Value: len(b.Values)},
	)
	if len(b.Entries) <= maxTrackDetails {
		for i, e := range b.Entries {
			d = append(d, asset.Detail{Name: fmt.Sprintf("%s texMap %d", b.Names[i].Name, e.TexMap), Value: fmt.Sprintf("%d frames @%d, textures %s", e.Count, e.Index, distinct(b.Values, e.FullTrack))})
		}
	}
	return d
}

// distinct lists the distinct texture numbers of a track, ordered.
func distinct(values []uint16, t FullTrack) string {
	seen := map[int]int{}
	for _, v := range values[t.Index : int(t.Index)+int(t.Count)] {
		seen[int(v)]++
	}
	ks := make([]string, 0, len(seen))
	for k := 0; len(ks) < len(seen); k++ {
		if seen[k] > 0 {
			ks = append(ks, fmt.Sprint(k))
		}
	}
	return strings.Join(ks, " ")
}

func bvaDetails(b *BVA) []asset.Detail {
	d := append(headerDetails(b.File),
		asset.Detail{Name: "loop mode byte", Value: b.LoopMode},
		asset.Detail{Name: "shapes", Value: len(b.Shapes)},
		asset.Detail{Name: "visibility bytes", Value: len(b.Values)},
	)
	if len(b.Shapes) <= maxTrackDetails {
		for i, t := range b.Shapes {
			hidden := 0
			for _, v := range b.Values[t.Index : int(t.Index)+int(t.Count)] {
				if v == 0 {
					hidden++
				}
			}
			d = append(d, asset.Detail{Name: fmt.Sprintf("shape %d", i), Value: fmt.Sprintf("%d frames @%d, hidden in %d", t.Count, t.Index, hidden)})
		}
	}
	return d
}
