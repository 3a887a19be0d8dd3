// Package matbind says which part of a model a material animation's
// target acts on, as the games bind them: the material by name, the
// texture slot a texture SRT or texture pattern drives, the texture a
// pattern value names. The viewer (internal/app) and the glTF exporter
// (internal/export) both bind through it, so the two agree.
package matbind

import (
	"strconv"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/mesh"
)

// Material is the index of the material of m that target t animates, -1
// when m has none of that name. The games look materials up by name:
// JSystem in the model's MAT3 name table (the first entry of the name,
// J3DMaterialTable's search by name), NintendoWare G3d in the model's
// material dictionary. A J3D BRK register target names its material in
// Material; every other material target in Name. A J3D BVA shape target
// names no material (Name "", it animates a shape by index): -1.
func Material(m *mesh.Model, t *anim.Target) int {
	name := MaterialName(t)
	if name == "" {
		return -1
	}
	for i := range m.Materials {
		if m.Materials[i].Name == name {
			return i
		}
	}
	return -1
}

// MaterialName is the name of the material target t animates ("" for
// none: joints, J3D BVA shapes).
func MaterialName(t *anim.Target) string {
	switch {
	case t.Kind == anim.JointTarget:
		return ""
	case t.Kind == anim.TevRegTarget && t.Material != "":
		return t.Material
	}
	return t.Name
}

// TexMatrixNumber is the texture-matrix slot a texture SRT target drives:
// a J3D BTK entry's texture matrix (its TexGen, GX TEXMTXn), for BFRES the
// number that ends the shader parameter's name ("tex_mtx0" → 0,
// "tex_srt4" → 4); -1 for none.
func TexMatrixNumber(t *anim.Target) int {
	if t.Param != "" {
		return trailingNumber(t.Param)
	}
	return t.TexGen
}

// TexSRTSlots are the texture slots of mat a texture SRT target moves, as
// a bit mask (slot i is bit i; slots past 63 are not reached): every
// slot whose TexMatrix is the target's matrix number. A material whose
// slots say nothing of texture matrices (BFRES: which texture a shader
// moves by which tex_mtx/tex_srt parameter is in the shader, not the
// file) has its albedo slot moved, and guessed is set: of several such
// targets of one material in a clip only the first should bind (the
// viewer and the exporter both keep the first).
func TexSRTSlots(mat *mesh.Material, t *anim.Target) (mask uint64, guessed bool) {
	if t.Kind != anim.TexSRTTarget {
		return 0, false
	}
	n := TexMatrixNumber(t)
	known := false
	for i := range mat.Textures {
		if mat.Textures[i].TexMatrix >= 0 {
			known = true
		}
		if n >= 0 && mat.Textures[i].TexMatrix == n && i < 64 {
			mask |= 1 << i
		}
	}
	if !known {
		if a := Albedo(mat); a >= 0 && a < 64 {
			return 1 << a, true
		}
	}
	return mask, false
}

// Albedo is the slot of mat's base-colour texture: the one with the
// albedo role, else the first (-1 for a material without textures).
func Albedo(mat *mesh.Material) int {
	for i := range mat.Textures {
		if mat.Textures[i].Role == mesh.RoleAlbedo {
			return i
		}
	}
	if len(mat.Textures) > 0 {
		return 0
	}
	return -1
}

// PatternSlots are the texture slots of mat a texture-pattern target
// swaps, as a bit mask: J3D BTP entries name the GX texture map (TexMap,
// the slot's Map); BFRES patterns the sampler (Param, the slot's
// MapName).
func PatternSlots(mat *mesh.Material, t *anim.Target) uint64 {
	var mask uint64
	for i := range mat.Textures {
		s := &mat.Textures[i]
		match := s.Map == t.TexMap
		if t.Param != "" {
			match = s.MapName == t.Param
		}
		if match && i < 64 {
			mask |= 1 << i
		}
	}
	return mask
}

// PatternTexture is the index into m.Textures of the texture a pattern
// value names (-1 when m does not hold it): for a clip with its own
// texture names (BFRES), the model's texture of that name; else the
// file's own texture number (J3D: a TEX1 entry, through FileTextures).
func PatternTexture(m *mesh.Model, c *anim.Clip, v float64) int {
	if v < 0 || v != v {
		return -1
	}
	if c.TextureNames != nil {
		if v >= float64(len(c.TextureNames)) {
			return -1
		}
		return TextureNamed(m, c.TextureNames[int(v)])
	}
	if m.FileTextures != nil {
		if v >= float64(len(m.FileTextures)) {
			return -1
		}
		return m.FileTextures[int(v)]
	}
	if v >= float64(len(m.Textures)) {
		return -1
	}
	return int(v)
}

// TextureNamed is the index of m's texture called name, -1 for none.
func TextureNamed(m *mesh.Model, name string) int {
	for i, t := range m.Textures {
		if t != nil && t.Name == name {
			return i
		}
	}
	return -1
}

// IsColorParam reports whether a BFRES shader parameter target animates
// a colour the viewer shows as the material colour: a parameter whose
// name says colour ("const_color0", "albedo_tex_color"), not a debug one.
func IsColorParam(t *anim.Target) bool {
	if t.Kind != anim.ShaderParamTarget {
		return false
	}
	n := strings.ToLower(t.Param)
	return strings.Contains(n, "color") && !strings.Contains(n, "debug")
}

// trailingNumber is the number a name ends in ("tex_mtx12" → 12), -1 for
// none.
func trailingNumber(s string) int {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	if i == len(s) {
		return -1
	}
	n, err := strconv.Atoi(s[i:])
	if err != nil {
		return -1
	}
	return n
}

// Unbound lists the materials (or, for a J3D BVA, "shape N") that clip c
// animates when it acts on no part of any of models: a texture, material
// or visibility clip given with another game's model. nil when one of
// its targets binds (a material of its name, a BVA shape index the model
// has) or when it animates joints only.
func Unbound(c *anim.Clip, models []*mesh.Model) []string {
	var missing []string
	seen := map[string]bool{}
	for i := range c.Targets {
		t := &c.Targets[i]
		if t.Kind == anim.JointTarget {
			continue
		}
		for _, m := range models {
			if t.Kind == anim.ShapeTarget && t.Name == "" && t.Index < len(m.Shapes) || Material(m, t) >= 0 {
				return nil
			}
		}
		name := MaterialName(t)
		if name == "" {
			name = "shape " + strconv.Itoa(t.Index)
		}
		if !seen[name] {
			seen[name] = true
			missing = append(missing, name)
		}
	}
	return missing
}
