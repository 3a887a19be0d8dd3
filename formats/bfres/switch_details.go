package bfres

import "github.com/animscope/animscope/formats/asset"

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

// switchDetails are the `info` details of a Switch file.
func switchDetails(f *File) []asset.Detail {
	sw := f.Switch
	d := []asset.Detail{{Name: "version", Value: f.Header.VersionString}, {Name: "platform", Value: "Switch (little-endian)"},
		{Name: "name", Value: f.Name}, {Name: "alignment", Value: f.Header.Alignment},
		{Name: "relocation", Value: map[string]int{"sections": len(sw.Relocation.Sections), "entries": len(sw.Relocation.Entries)}}}
	var groups []SubfileInfo
	for _, g := range sw.Subfiles {
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
	d = appendInfos(d, "materialAnims", sw.MaterialAnims, materialAnimInfo)
	d = appendInfos(d, "boneVisAnims", sw.BoneVisAnims, boneVisInfo)
	return d
}

func materialAnimInfo(a *SwitchMaterialAnim) MaterialAnimInfo {
	mi := MaterialAnimInfo{AnimInfo: AnimInfo{Name: a.Name, Frames: a.FrameCount, Loop: a.Loop(), Baked: a.Baked(),
		MatAnims: len(a.MaterialAnims), CurveKinds: map[string]int{}}}
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
	mi.UserData = userDataInfo(a.UserData)
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
