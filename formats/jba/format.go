package jba

import (
	"bytes"
	"encoding/binary"
	"math"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/asset"
	"github.com/animscope/animscope/formats/inspect"
)

// The JBA descriptors (see asset.Format), registered in package formats
// after every format with a magic: neither has one of its own.
var (
	Format = &asset.Format{
		Name:        Name,
		DisplayName: "JBA",
		Extensions:  []string{".jba"},
		Sniff:       func(b []byte) bool { return asset.HasPrefix(b, "JAWB") || looksLikeJBA(b) },
		Open:        open,
		Yields:      asset.Clips | asset.Skeletons,
		ClipFormats: []*asset.ClipFormat{{
			Name: Name, Bind: Bind, BindIndexed: BindIndexed, Fallback: anim.Standard, ZUp: true,
			// A JBA stores no loop mode (the clip loops); it plays under
			// the plain loop-or-once rules, not JSystem's five modes.
			Runtime:   anim.G3dRuntime,
			Kind:      "skeletal",
			ModelHint: "Its bone names are not 3ds Max Biped names: drop a skeleton sidecar JSON (each bone's name and parent) to see the real bones.",
		}},
		Inspect: func(a *asset.Asset) inspect.Source {
			if f, ok := a.Raw.(*File); ok {
				return &jbaInspector{f: f, clips: a.Clips}
			}
			return nil
		},
	}
	// SkeletonJSONFormat is the skeleton sidecar (ParseSkeletonJSON).
	SkeletonJSONFormat = &asset.Format{
		Name:        "skeleton-json",
		DisplayName: "skeleton JSON",
		Extensions:  []string{".json"},
		Sniff:       looksLikeSkeletonJSON,
		Open:        openSkeletonJSON,
		Yields:      asset.Skeletons,
	}
)

// looksLikeJBA recognises the 32-bit-client JBA header: u32 0 then a
// plausible length and fps (JBA has no magic).
func looksLikeJBA(b []byte) bool {
	if len(b) < 0x28 || binary.LittleEndian.Uint32(b) != 0 {
		return false
	}
	fps := math.Float32frombits(binary.LittleEndian.Uint32(b[8:]))
	return fps > 0 && fps <= 1000
}

// looksLikeSkeletonJSON recognises a JSON object naming "bones" in its
// first 4 KiB (the most an archive entry is sniffed with).
func looksLikeSkeletonJSON(b []byte) bool {
	t := bytes.TrimLeft(b, " \t\r\n")
	return len(t) > 0 && t[0] == '{' && bytes.Contains(b[:min(len(b), 4096)], []byte(`"bones"`))
}

// BlockInfo is one row of the "block table" detail of a JBA file.
type BlockInfo struct {
	StartFrame uint32 `json:"startFrame"`
	Frames     int    `json:"frames"`
	Size       uint32 `json:"size"`
	Offset     int64  `json:"offset"`
}

// Values of the "hierarchy" detail of a JBA file: the file stores no bone
// hierarchy, so the asset says where its skeleton came from. With
// HierarchyNone the asset has no skeleton and a viewer draws every bone
// on its own until the user supplies a skeleton sidecar.
const (
	HierarchyBiped = "inferred from 3ds Max Biped bone names"
	HierarchyNone  = "none"
)

// open decodes a SWTOR JBA animation (32-bit-client layout). The clip
// is named after the file stem; when the bone names follow 3ds Max Biped
// naming the asset also carries the skeleton they imply.
func open(a *asset.Asset, data []byte, _ asset.Env) error {
	f, err := Decode(data)
	if err != nil {
		return err
	}
	clip := f.Clip(asset.Stem(a.Name))
	a.Clips = []*anim.Clip{clip}
	a.Raw = f
	blocks := make([]BlockInfo, len(f.Blocks))
	for i, b := range f.Blocks {
		blocks[i] = BlockInfo{StartFrame: b.StartFrame, Frames: b.Frames, Size: b.Size, Offset: b.Offset}
	}
	hierarchy := HierarchyNone
	if s, unplaced, ok := BipedSkeleton(clip, BipedOptions{}); ok {
		hierarchy = HierarchyBiped
		a.Skeletons = []*anim.Skeleton{s}
		if len(unplaced) > 0 {
			a.Warnings = append(a.Warnings, UnplacedWarning(unplaced))
		}
	} else {
		a.Warnings = append(a.Warnings, "no bone hierarchy known: the file stores none and its bone names are not 3ds Max Biped names; give a skeleton sidecar (--model FILE.json) to pose a skeleton")
	}
	a.Details = []asset.Detail{
		{Name: "layout", Value: "32-bit client (before game update 7.2.1)"},
		{Name: "length", Value: float64(f.Header.Length)},
		{Name: "fps", Value: float64(f.Header.FPS)},
		{Name: "frames", Value: f.Frames},
		{Name: "bones", Value: len(f.Bones)},
		{Name: "blocks", Value: len(f.Blocks)},
		{Name: "block table", Value: blocks},
		{Name: "world-space fps", Value: float64(f.WorldSpace.FPS)},
		{Name: "hierarchy", Value: hierarchy},
	}
	return nil
}
