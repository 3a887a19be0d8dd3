package formats

import (
	"path/filepath"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/jba"
)

// JBABlock is one row of the "block table" detail of a JBA file.
type JBABlock struct {
	StartFrame uint32 `json:"startFrame"`
	Frames     int    `json:"frames"`
	Size       uint32 `json:"size"`
	Offset     int64  `json:"offset"`
}

// Values of the "hierarchy" detail of a JBA file: the file stores no bone
// hierarchy, so the asset says where its skeleton came from. With
// JBAHierarchyNone the asset has no skeleton and a viewer draws every bone
// on its own until the user supplies a skeleton sidecar.
const (
	JBAHierarchyBiped = "inferred from 3ds Max Biped bone names"
	JBAHierarchyNone  = "none"
)

// openJBA decodes a SWTOR JBA animation (32-bit-client layout). The clip
// is named after the file stem; when the bone names follow 3ds Max Biped
// naming the asset also carries the skeleton they imply.
func openJBA(a *Asset, data []byte) error {
	f, err := jba.Decode(data)
	if err != nil {
		return err
	}
	clip := f.Clip(fileStem(a.Name))
	a.Clips = []*anim.Clip{clip}
	a.Raw = f
	blocks := make([]JBABlock, len(f.Blocks))
	for i, b := range f.Blocks {
		blocks[i] = JBABlock{StartFrame: b.StartFrame, Frames: b.Frames, Size: b.Size, Offset: b.Offset}
	}
	hierarchy := JBAHierarchyNone
	if s, unplaced, ok := jba.BipedSkeleton(clip, jba.BipedOptions{}); ok {
		hierarchy = JBAHierarchyBiped
		a.Skeletons = []*anim.Skeleton{s}
		if len(unplaced) > 0 {
			a.Warnings = append(a.Warnings, jba.UnplacedWarning(unplaced))
		}
	} else {
		a.Warnings = append(a.Warnings, "no bone hierarchy known: the file stores none and its bone names are not 3ds Max Biped names; give a skeleton sidecar (--model FILE.json) to pose a skeleton")
	}
	a.Details = []Detail{
		{"layout", "32-bit client (before game update 7.2.1)"},
		{"length", float64(f.Header.Length)},
		{"fps", float64(f.Header.FPS)},
		{"frames", f.Frames},
		{"bones", len(f.Bones)},
		{"blocks", len(f.Blocks)},
		{"block table", blocks},
		{"world-space fps", float64(f.WorldSpace.FPS)},
		{"hierarchy", hierarchy},
	}
	return nil
}

// fileStem is the file name without directories, archive path prefix
// ("x.rarc:anims/walk.jba") or extension.
func fileStem(name string) string {
	base := filepath.Base(name)
	if i := strings.LastIndexAny(base, ":/"); i >= 0 {
		base = base[i+1:]
	}
	return strings.TrimSuffix(base, filepath.Ext(base))
}
