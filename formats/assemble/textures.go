package assemble

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/mesh"
)

// Textures points the models' texture slots that name a texture the
// model does not hold at the texture of that name: a BFRES file's own
// textures, or those of the texture files beside it (BotW's X.Tex1 and
// X.Tex2, a Switch X.Tex), read with read (nil: none). A slot whose
// texture is found nowhere stays untextured, and each model with such
// slots gets one warning naming the textures and where the game keeps
// them.
func Textures(a *formats.Asset, read SiblingReader) { linkTextures(a, read, nil) }

// linkTextures is Textures with extra textures by name, found after
// the file's own and its siblings'.
func linkTextures(a *formats.Asset, read SiblingReader, extra map[string]*mesh.Texture) {
	if len(a.Models) == 0 || a.Format != "bfres" {
		return
	}
	byName, problems := bfresTextures(a, read)
	a.Warnings = append(a.Warnings, problems...)
	for name, t := range extra {
		if _, ok := byName[name]; !ok {
			byName[name] = t
		}
	}
	// The file's own textures are also its loose ones: share them, so a
	// texture is one object however it is reached.
	for _, t := range a.Textures {
		if _, ok := byName[t.Name]; ok {
			byName[t.Name] = t
		}
	}
	for _, m := range a.Models {
		index := map[*mesh.Texture]int{}
		for i, t := range m.Textures {
			index[t] = i
		}
		var missing []string
		for mi := range m.Materials {
			slots := m.Materials[mi].Textures
			for si := range slots {
				s := &slots[si]
				if s.Texture >= 0 || s.Name == "" {
					continue
				}
				t, ok := byName[s.Name]
				if !ok {
					if !slices.Contains(missing, s.Name) {
						missing = append(missing, s.Name)
					}
					continue
				}
				i, ok := index[t]
				if !ok {
					i = len(m.Textures)
					m.Textures = append(m.Textures, t)
					index[t] = i
				}
				s.Texture = i
			}
		}
		if len(missing) > 0 {
			a.Warnings = append(a.Warnings, fmt.Sprintf("model %s: %d textures not found (%s); they are not in %s%s, so those materials draw untextured",
				m.Name, len(missing), shortList(missing, 4), path.Base(strings.ReplaceAll(a.Name, `\`, "/")), siblingHint(a.Name)))
		}
	}
}

// siblingHint names the texture files a BFRES model's textures usually
// live in.
func siblingHint(name string) string {
	base := path.Base(strings.ReplaceAll(name, `\`, "/"))
	stem := strings.TrimSuffix(strings.TrimSuffix(base, ".sbfres"), ".bfres")
	return fmt.Sprintf(" or beside it (%s.Tex1/.Tex2 on the Wii U, %s.Tex on the Switch)", stem, stem)
}

func shortList(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:n], ", ") + ", …"
}

// slashes turns a Windows path's separators into the archive's.
func slashes(p string) string { return strings.ReplaceAll(p, `\`, "/") }
