package bfres

import (
	"fmt"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/asset"
	"github.com/animscope/animscope/formats/inspect"
)

// Format is the FRES descriptor (see asset.Format), registered in
// package formats.
var Format = &asset.Format{
	Name:        "bfres",
	DisplayName: "BFRES",
	Extensions:  []string{".bfres", ".sbfres", ".szs_"},
	Sniff:       func(b []byte) bool { return asset.HasPrefix(b, "FRES") },
	Open:        open,
	Yields:      asset.Clips | asset.Skeletons,
	ClipFormats: []*asset.ClipFormat{
		{Name: "bfres-skeletal", Fallback: anim.Standard, ModelHint: modelHint, Runtime: anim.G3dRuntime, Kind: "skeletal"},
		{Name: "bfres-texsrt", Fallback: anim.Standard, ModelHint: modelHint, Runtime: anim.G3dRuntime, Kind: "texture SRT"},
		{Name: "bfres-shaderparam", Fallback: anim.Standard, ModelHint: modelHint, Runtime: anim.G3dRuntime, Kind: "shader parameters"},
		{Name: "bfres-bonevis", Fallback: anim.Standard, ModelHint: modelHint, Runtime: anim.G3dRuntime, Kind: "bone visibility"},
		{Name: "bfres-matvis", Fallback: anim.Standard, ModelHint: modelHint, Runtime: anim.G3dRuntime, Kind: "material visibility"},
		{Name: "bfres-texpattern", Fallback: anim.Standard, ModelHint: modelHint, Runtime: anim.G3dRuntime, Kind: "texture pattern"},
		{Name: MaterialClipFormat, Fallback: anim.Standard, ModelHint: modelHint, Runtime: anim.G3dRuntime, Kind: "material"},
	},
	Inspect: func(a *asset.Asset) inspect.Source {
		if f, ok := a.Raw.(*File); ok {
			return newBFRESInspector(f, a.Clips)
		}
		return nil
	},
}

const modelHint = "Open or drop the .bfres model (FMDL skeleton) to see the real bones."

// open decodes a Wii U FRES file: skeletal and texture SRT animations
// become clips, model skeletons become skeletons, and the spec-shaped
// *File is kept as Raw for the inspector.
func open(a *asset.Asset, data []byte, _ asset.Env) error {
	f, strictErr, err := parseForTextures(data)
	if err != nil {
		return err
	}
	if strictErr != nil {
		a.Warnings = append(a.Warnings, fmt.Sprintf("only the textures were read: %v", strictErr))
	}
	a.Raw = f
	clips, warnings := f.Clips()
	a.Clips = clips
	a.Skeletons = f.Skeletons()
	a.Models = f.Meshes()
	a.Warnings = append(a.Warnings, warnings...)
	for _, b := range f.Broken {
		a.Broken = append(a.Broken, asset.BrokenClip{Name: b.Name, Err: b.Err})
	}
	a.Details = details(f)
	addTextures(a, f)
	return nil
}

// SubfileInfo, ModelInfo, AnimInfo and UserDataInfo are the values of the
// "subfiles", "models", "skeletalAnims" and "texSrtAnims" details.
type SubfileInfo struct {
	Kind  string   `json:"kind"`
	Count int      `json:"count"`
	Names []string `json:"names"`
}

type ModelInfo struct {
	Name      string `json:"name"`
	Bones     int    `json:"bones"`
	Shapes    int    `json:"shapes"`
	Materials int    `json:"materials"`
}

type AnimInfo struct {
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
	UserData     []UserDataInfo `json:"userData,omitempty"`
}

type UserDataInfo struct {
	Name   string `json:"name"`
	Type   string `json:"type"`
	Values any    `json:"values"`
}

func curveKindKey(c *Curve) string {
	return fmt.Sprintf("%s %s/%s", c.Type, c.FrameType, c.KeyType.Name(c.Type))
}

// details are the file's `info` details: its header, subfile lists and
// what each model and animation holds.
func details(f *File) []asset.Detail {
	sw := f.Switch
	d := []asset.Detail{{Name: "version", Value: f.Header.VersionString}}
	if sw != nil {
		d = append(d, asset.Detail{Name: "platform", Value: "Switch (little-endian)"})
	}
	d = append(d, asset.Detail{Name: "name", Value: f.Name}, asset.Detail{Name: "alignment", Value: f.Header.Alignment})
	var lists []SwitchSubfile
	if sw == nil {
		for g, dict := range f.Groups {
			if dict != nil {
				lists = append(lists, SwitchSubfile{Kind: GroupNames[g], Dict: dict})
			}
		}
	} else {
		lists = sw.Subfiles
		d = append(d, asset.Detail{Name: "relocation", Value: map[string]int{"sections": len(sw.Relocation.Sections), "entries": len(sw.Relocation.Entries)}})
	}
	var groups []SubfileInfo
	for _, g := range lists {
		if len(g.Dict.Entries) == 0 {
			continue
		}
		s := SubfileInfo{Kind: g.Kind, Count: len(g.Dict.Entries)}
		for _, e := range g.Dict.Entries {
			s.Names = append(s.Names, e.Name)
		}
		groups = append(groups, s)
	}
	d = append(d, asset.Detail{Name: "subfiles", Value: groups})
	d = appendInfos(d, "models", f.Models, modelInfo)
	d = appendInfos(d, "skeletalAnims", f.SkeletalAnims, skeletalInfo)
	if sw != nil {
		d = appendInfos(d, "materialAnims", sw.MaterialAnims, materialAnimInfo)
		return appendInfos(d, "boneVisAnims", sw.BoneVisAnims, boneVisInfo)
	}
	d = appendInfos(d, "texSrtAnims", f.TexSRTAnims, texSRTInfo)
	d = appendInfos(d, "shaderParamAnims", f.ShaderParamAnims, texSRTInfo)
	d = appendInfos(d, "visibilityAnims", f.VisibilityAnims, visInfo)
	return appendInfos(d, "texPatternAnims", f.TexPatternAnims, patternInfo)
}

// countCurves adds curves to the animation's curve count and its
// histogram of curve kinds.
func (ai *AnimInfo) countCurves(curves []Curve) {
	for i := range curves {
		ai.Curves++
		ai.CurveKinds[curveKindKey(&curves[i])]++
	}
}

// userDataInfo lists an animation's user data for `info`.
func userDataInfo(ud []UserData) []UserDataInfo {
	var out []UserDataInfo
	for _, u := range ud {
		out = append(out, UserDataInfo{u.Name, u.TypeName(), u.Values()})
	}
	return out
}

// appendInfos adds a detail listing info(x) for every x, unless xs is
// empty.
func appendInfos[T, I any](d []asset.Detail, name string, xs []T, info func(*T) I) []asset.Detail {
	if len(xs) == 0 {
		return d
	}
	out := make([]I, len(xs))
	for i := range xs {
		out[i] = info(&xs[i])
	}
	return append(d, asset.Detail{Name: name, Value: out})
}

func modelInfo(m *Model) ModelInfo {
	mi := ModelInfo{Name: m.Name, Shapes: int(m.NumShapes), Materials: int(m.NumMaterials)}
	if m.Skeleton != nil {
		mi.Bones = len(m.Skeleton.Bones)
	}
	return mi
}

func skeletalInfo(a *SkeletalAnim) AnimInfo {
	ai := a.info()
	ai.RotationMode, ai.BoneAnims = "euler", len(a.BoneAnims)
	if a.Quaternion() {
		ai.RotationMode = "quaternion"
	}
	for _, b := range a.BoneAnims {
		ai.countCurves(b.Curves)
	}
	return ai
}

func texSRTInfo(a *ShaderParamAnim) AnimInfo {
	ai := a.info()
	ai.MatAnims = len(a.MaterialAnims)
	for _, m := range a.MaterialAnims {
		ai.ParamAnims += len(m.Params)
		ai.Constants += len(m.Constants)
		ai.countCurves(m.Curves)
	}
	return ai
}

// MaterialAnimInfo describes one FMAA for `info`: its material anims and
// what each animates.
type MaterialAnimInfo struct {
	AnimInfo
	TexSRT    bool              `json:"texSrt"`
	Textures  []string          `json:"textures,omitempty"`
	Materials []MatAnimDataInfo `json:"materials"`
}

// MatAnimDataInfo is one material of an FMAA.
type MatAnimDataInfo struct {
	Name             string   `json:"name"`
	Params           []string `json:"params,omitempty"`
	TexturePatterns  []string `json:"texturePatterns,omitempty"`
	VisibilityCurve  bool     `json:"visibilityCurve,omitempty"`
	VisibilityConst  bool     `json:"visibilityConstant,omitempty"`
	Curves           int      `json:"curves"`
	Constants        int      `json:"constants"`
	ShaderParamKinds []string `json:"paramKinds,omitempty"` // "texsrt" or "shaderparam" per param
}

func materialAnimInfo(a *ShaderParamAnim) MaterialAnimInfo {
	mi := MaterialAnimInfo{AnimInfo: a.info()}
	mi.MatAnims = len(a.MaterialAnims)
	_, mi.TexSRT = a.texSRT()
	mi.Textures = a.TextureNames
	for i := range a.MaterialAnims {
		m := &a.MaterialAnims[i]
		md := MatAnimDataInfo{Name: m.Name, Curves: len(m.Curves), Constants: len(m.Constants),
			VisibilityCurve: m.VisCurveIndex != 0xFFFF, VisibilityConst: m.VisConstantIndex != 0xFFFF}
		for k := range m.Params {
			md.Params = append(md.Params, m.Params[k].Name)
			kind := "shaderparam"
			if m.isTexSrtParam(&m.Params[k]) {
				kind = "texsrt"
			}
			md.ShaderParamKinds = append(md.ShaderParamKinds, kind)
		}
		for _, p := range m.Patterns {
			md.TexturePatterns = append(md.TexturePatterns, p.Name)
		}
		mi.ParamAnims += len(m.Params)
		mi.Constants += len(m.Constants)
		mi.countCurves(m.Curves)
		mi.Materials = append(mi.Materials, md)
	}
	return mi
}

// BoneVisInfo describes one FBVS for `info`.
type BoneVisInfo struct {
	Name       string         `json:"name"`
	Frames     int32          `json:"frames"`
	Loop       bool           `json:"loop"`
	Baked      bool           `json:"baked"`
	Bones      int            `json:"bones"`
	Curves     int            `json:"curves"`
	CurveKinds map[string]int `json:"curveKinds,omitempty"`
}

func boneVisInfo(a *VisibilityAnim) BoneVisInfo {
	bi := BoneVisInfo{Name: a.Name, Frames: a.FrameCount, Loop: a.Loop(), Baked: a.Baked(), Bones: len(a.Names), Curves: len(a.Curves), CurveKinds: map[string]int{}}
	for i := range a.Curves {
		bi.CurveKinds[curveKindKey(&a.Curves[i])]++
	}
	return bi
}
