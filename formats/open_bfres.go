package formats

import (
	"fmt"

	"github.com/animscope/animscope/formats/bfres"
)

// openBFRES decodes a Wii U FRES file: skeletal and texture SRT animations
// become clips, model skeletons become skeletons, and the spec-shaped
// *bfres.File is kept as Raw for the inspector.
func openBFRES(a *Asset, data []byte) error {
	f, err := bfres.Parse(data)
	if err != nil {
		return err
	}
	a.Raw = f
	clips, warnings := f.Clips()
	a.Clips = clips
	a.Skeletons = f.Skeletons()
	a.Warnings = append(a.Warnings, warnings...)
	a.Details = bfresDetails(f)
	return nil
}

type bfresSubfiles struct {
	Kind  string   `json:"kind"`
	Count int      `json:"count"`
	Names []string `json:"names"`
}

type bfresModelInfo struct {
	Name      string `json:"name"`
	Bones     int    `json:"bones"`
	Shapes    int    `json:"shapes"`
	Materials int    `json:"materials"`
}

type bfresAnimInfo struct {
	Name         string         `json:"name"`
	Frames       int32          `json:"frames"`
	Loop         bool           `json:"loop"`
	Baked        bool           `json:"baked"`
	RotationMode string         `json:"rotationMode,omitempty"`
	BoneAnims    int            `json:"boneAnims,omitempty"`
	MatAnims     int            `json:"materialAnims,omitempty"`
	ParamAnims   int            `json:"paramAnims,omitempty"`
	Constants    int            `json:"constants,omitempty"`
	Curves       int            `json:"curves"`
	CurveKinds   map[string]int `json:"curveKinds,omitempty"` // "cubic u8/s16" -> count
	UserData     []bfresUD      `json:"userData,omitempty"`
}

type bfresUD struct {
	Name   string `json:"name"`
	Type   string `json:"type"`
	Values any    `json:"values"`
}

func curveKindKey(c *bfres.Curve) string {
	return fmt.Sprintf("%s %s/%s", c.Type, c.FrameType, c.KeyType.Name(c.Type))
}

func bfresDetails(f *bfres.File) []Detail {
	d := []Detail{{"version", f.Header.VersionString}, {"name", f.Name}, {"alignment", f.Header.Alignment}}
	var groups []bfresSubfiles
	for g, dict := range f.Groups {
		if dict == nil || len(dict.Entries) == 0 {
			continue
		}
		s := bfresSubfiles{Kind: bfres.GroupNames[g], Count: len(dict.Entries)}
		for _, e := range dict.Entries {
			s.Names = append(s.Names, e.Name)
		}
		groups = append(groups, s)
	}
	d = append(d, Detail{"subfiles", groups})
	if len(f.Models) > 0 {
		var models []bfresModelInfo
		for _, m := range f.Models {
			mi := bfresModelInfo{Name: m.Name, Shapes: int(m.NumShapes), Materials: int(m.NumMaterials)}
			if m.Skeleton != nil {
				mi.Bones = len(m.Skeleton.Bones)
			}
			models = append(models, mi)
		}
		d = append(d, Detail{"models", models})
	}
	if len(f.SkeletalAnims) > 0 {
		var anims []bfresAnimInfo
		for i := range f.SkeletalAnims {
			a := &f.SkeletalAnims[i]
			ai := bfresAnimInfo{Name: a.Name, Frames: a.FrameCount, Loop: a.Loop(), Baked: a.Baked(),
				RotationMode: "euler", BoneAnims: len(a.BoneAnims), CurveKinds: map[string]int{}}
			if a.Quaternion() {
				ai.RotationMode = "quaternion"
			}
			for _, b := range a.BoneAnims {
				for ci := range b.Curves {
					ai.Curves++
					ai.CurveKinds[curveKindKey(&b.Curves[ci])]++
				}
			}
			for _, u := range a.UserData {
				ai.UserData = append(ai.UserData, bfresUD{u.Name, u.TypeName(), u.Values()})
			}
			anims = append(anims, ai)
		}
		d = append(d, Detail{"skeletalAnims", anims})
	}
	if len(f.TexSRTAnims) > 0 {
		var anims []bfresAnimInfo
		for i := range f.TexSRTAnims {
			a := &f.TexSRTAnims[i]
			ai := bfresAnimInfo{Name: a.Name, Frames: a.FrameCount, Loop: a.Loop(), Baked: a.Baked(),
				MatAnims: len(a.MaterialAnims), CurveKinds: map[string]int{}}
			for _, m := range a.MaterialAnims {
				ai.ParamAnims += len(m.Params)
				ai.Constants += len(m.Constants)
				for ci := range m.Curves {
					ai.Curves++
					ai.CurveKinds[curveKindKey(&m.Curves[ci])]++
				}
			}
			for _, u := range a.UserData {
				ai.UserData = append(ai.UserData, bfresUD{u.Name, u.TypeName(), u.Values()})
			}
			anims = append(anims, ai)
		}
		d = append(d, Detail{"texSrtAnims", anims})
	}
	return d
}
