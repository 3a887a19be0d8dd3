package bfres

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/animscope/animscope/mesh"
)

// What a previewer draws from a material: its textures, the albedo among
// them and the fixed-function state the games' render infos and shader
// options set over the render state (see fmdl_mat.go).

// finishMaterial pairs the textures with their samplers and applies the
// render info.
func finishMaterial(mat mesh.Material, info *MaterialInfo, texNames []string, samplers []mesh.Sampler) mesh.Material {
	setTextures(&mat, info, texNames, samplers)
	applyRenderInfo(&mat, info)
	return mat
}

// setTextures pairs texture i with sampler i and picks the albedo: the
// texture on the material sampler the shader's _a0 symbol is assigned
// to (itself when unassigned), else the first whose name ends in _alb
// (any case, before a variant suffix such as ".0").
func setTextures(mat *mesh.Material, info *MaterialInfo, names []string, samplers []mesh.Sampler) {
	albedoSampler := "_a0"
	if s, ok := info.SamplerAssign["_a0"]; ok && s != "" {
		albedoSampler = s
	}
	albedo := -1
	for i, n := range names {
		slot := mesh.TextureSlot{Texture: -1, Name: n, TexMatrix: -1, Map: i}
		if i < len(samplers) {
			slot.Sampler = samplers[i]
		}
		if i < len(info.Samplers) {
			slot.MapName = info.Samplers[i]
			slot.Role = samplerRole(info.Samplers[i])
			if info.Samplers[i] == albedoSampler {
				albedo = i
			}
		}
		if slot.Role == mesh.RoleAlbedo {
			slot.Role = mesh.RoleOther // only the one albedo below keeps it
		}
		mat.Textures = append(mat.Textures, slot)
	}
	if albedo < 0 {
		for i, n := range names {
			l := strings.ToLower(n)
			if j := strings.LastIndexByte(l, '.'); j > 0 {
				l = l[:j]
			}
			if strings.HasSuffix(l, "_alb") {
				albedo = i
				break
			}
		}
	}
	if albedo >= 0 {
		mat.Textures[albedo].Role = mesh.RoleAlbedo
	}
}

// samplerRole names a sampler's role from its BotW/SMO name: _a albedo,
// _n normal, _s specular, _e emission.
func samplerRole(s string) mesh.TextureRole {
	if len(s) < 3 || s[0] != '_' || s[2] < '0' || s[2] > '9' {
		return mesh.RoleOther
	}
	switch s[1] {
	case 'a':
		return mesh.RoleAlbedo
	case 'n':
		return mesh.RoleNormal
	case 's':
		return mesh.RoleSpecular
	case 'e':
		return mesh.RoleEmission
	}
	return mesh.RoleOther
}

// applyRenderInfo lets the render-info keys the games' material systems
// read override the render state: BotW gsys_render_state_*,
// gsys_alpha_test_*, gsys_color_blend_*, gsys_depth_test_*; SMO
// display_face, enable_depth_test/_write, color_blend_*; and the SMO
// shader option enable_alphamask (α ≤ 0.5 discarded, as noclip does).
func applyRenderInfo(mat *mesh.Material, info *MaterialInfo) {
	one := func(keys ...string) (string, bool) {
		for _, k := range keys {
			if v := info.RenderInfo[k]; len(v) > 0 {
				return strings.ToLower(v[0]), true
			}
		}
		return "", false
	}
	if v, ok := one("gsys_render_state_display_face", "display_face"); ok {
		if c, ok := faceNames[v]; ok {
			mat.Cull = c
		}
	}
	if v, ok := one("gsys_depth_test_enable", "enable_depth_test"); ok {
		mat.DepthTest = v == "true" || v == "1"
	}
	if v, ok := one("gsys_depth_test_write", "enable_depth_write"); ok {
		mat.DepthWrite = v == "true" || v == "1"
	}
	if v, ok := one("gsys_alpha_test_enable"); ok {
		mat.AlphaTest.Enabled = v == "true" || v == "1"
	}
	if v, ok := one("gsys_alpha_test_func"); ok {
		if c, ok := compareNames[v]; ok {
			mat.AlphaTest.Func = c
		}
	}
	if v, ok := one("gsys_alpha_test_value"); ok {
		if x, err := strconv.ParseFloat(v, 32); err == nil && !math.IsNaN(x) {
			mat.AlphaTest.Ref = float32(x)
		}
	}
	if info.ShaderOptions["enable_alphamask"] == "1" {
		mat.AlphaTest = mesh.AlphaTest{Enabled: true, Func: mesh.CompareGreater, Ref: 0.5}
	}
	src, okS := one("gsys_color_blend_rgb_src_func", "color_blend_rgb_src_func")
	dst, okD := one("gsys_color_blend_rgb_dst_func", "color_blend_rgb_dst_func")
	if f, ok := factorNames[src]; okS && ok {
		mat.Blend.Src = f
	}
	if f, ok := factorNames[dst]; okD && ok {
		mat.Blend.Dst = f
	}
	if v, ok := one("gsys_render_state_mode"); ok {
		if m, ok := modeNames[v]; ok {
			mat.Blend.Mode = m
		}
	} else if _, ok := info.ShaderOptions["o_alpha"]; ok {
		// SMO: every material names blend factors; the shader's alpha
		// output decides whether it blends (as noclip reads it).
		if info.outputTranslucent("o_alpha", 0) && info.ShaderOptions["enable_alphamask"] != "1" {
			mat.Blend.Mode = mesh.Translucent
		} else {
			mat.Blend.Mode = mesh.Opaque
		}
	} else if okS || okD {
		// Otherwise blending is on when the factors blend with what is
		// drawn.
		if mat.Blend.Dst != mesh.FactorZero || mat.Blend.Src != mesh.FactorOne {
			mat.Blend.Mode = mesh.Translucent
		} else if mat.Blend.Mode == mesh.Translucent {
			mat.Blend.Mode = mesh.Opaque
		}
	}
	if v, ok := info.ShaderOptions["vtxcolor_type"]; ok {
		n, err := strconv.Atoi(v)
		mat.VertexColor = err == nil && n >= 0
	}
	if mat.Blend.Mode == mesh.Opaque && mat.AlphaTest.Enabled {
		mat.Blend.Mode = mesh.Mask
	}
}

// outputTranslucent reads an SMO shader output option: value 10·kind +
// instance; kind 8 is blend instance's source, kind 11 a constant (6 is
// one, opaque), any other kind a texture, whose alpha may vary.
func (info *MaterialInfo) outputTranslucent(option string, depth int) bool {
	n, err := strconv.Atoi(info.ShaderOptions[option])
	if err != nil || depth > 8 {
		return false
	}
	switch kind, inst := n/10, n%10; kind {
	case 8:
		return info.outputTranslucent(fmt.Sprintf("blend%d_src", inst), depth+1)
	case 11:
		return inst != 6
	}
	return true
}

// faceNames are the faces a display_face key draws, as the faces culled.
var faceNames = map[string]mesh.Cull{"front": mesh.CullBack, "back": mesh.CullFront, "both": mesh.CullNone, "none": mesh.CullAll}

var modeNames = map[string]mesh.BlendMode{"opaque": mesh.Opaque, "mask": mesh.Mask,
	"translucent": mesh.Translucent, "xlu": mesh.Translucent}

var compareNames = map[string]mesh.Compare{
	"never": mesh.CompareNever, "less": mesh.CompareLess, "equal": mesh.CompareEqual, "lequal": mesh.CompareLEqual,
	"greater": mesh.CompareGreater, "nequal": mesh.CompareNEqual, "notequal": mesh.CompareNEqual,
	"gequal": mesh.CompareGEqual, "always": mesh.CompareAlways,
}

var factorNames = map[string]mesh.BlendFactor{
	"zero": mesh.FactorZero, "one": mesh.FactorOne, "src_color": mesh.FactorSrcColor,
	"one_minus_src_color": mesh.FactorOneMinusSrcColor, "src_alpha": mesh.FactorSrcAlpha,
	"one_minus_src_alpha": mesh.FactorOneMinusSrcAlpha, "dst_alpha": mesh.FactorDstAlpha,
	"one_minus_dst_alpha": mesh.FactorOneMinusDstAlpha, "dst_color": mesh.FactorDstColor,
	"one_minus_dst_color": mesh.FactorOneMinusDstColor,
}
