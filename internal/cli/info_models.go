package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/mesh"
)

// infoModel is one model of a file as info lists it.
type infoModel struct {
	Name      string         `json:"name"`
	Skeleton  string         `json:"skeleton"`
	Shapes    []infoShape    `json:"shapes"`
	Materials []infoMaterial `json:"materials"`
	Textures  []infoTexture  `json:"textures"`
	// Parts are the models the game draws following this one's joints
	// (SMO's face and head), read from the files beside it.
	Parts []infoPart `json:"parts,omitempty"`
}

type infoPart struct {
	Name      string `json:"name"`
	Model     string `json:"model"`
	Joint     string `json:"joint"`
	Shapes    int    `json:"shapes"`
	Triangles int    `json:"triangles"`
	Textures  int    `json:"textures"`
}

type infoShape struct {
	Name      string `json:"name"`
	Material  string `json:"material"`
	Vertices  int    `json:"vertices"`
	Triangles int    `json:"triangles"`
	// Skin is how the vertices follow the joints: "rigid" (one joint
	// each), "smooth N" (up to N weighted joints) or "none".
	Skin string `json:"skin"`
}

type infoMaterial struct {
	Name     string   `json:"name"`
	Textures []string `json:"textures"`
	// Samplers pairs each texture slot with the material's sampler name
	// (BFRES "_a0"; "" where the format names none) and its role.
	Samplers []infoSampler `json:"samplers"`
	// Albedo is the texture drawn as the base colour ("" for none).
	Albedo string `json:"albedo"`
	Blend  string `json:"blend"`
	Cull   string `json:"cull"`
}

type infoSampler struct {
	Sampler string `json:"sampler"`
	Texture string `json:"texture"`
	Role    string `json:"role"`
}

type infoTexture struct {
	Name   string `json:"name"`
	Format string `json:"format"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Mips   int    `json:"mips"`
	// Stored says how the file lays the texels out (GX2 tile mode, Tegra
	// block height); "" when there is nothing to say.
	Stored string `json:"stored"`
}

func makeInfoModels(a *formats.Asset) (models []infoModel, loose []infoTexture) {
	for _, m := range a.Models {
		im := infoModel{Name: m.Name, Shapes: []infoShape{}, Materials: []infoMaterial{}, Textures: infoTextures(m.Textures)}
		if m.Skeleton >= 0 && m.Skeleton < len(a.Skeletons) {
			im.Skeleton = a.Skeletons[m.Skeleton].Name
		}
		for _, p := range m.Parts {
			ip := infoPart{Name: p.Name, Model: p.Model.Name, Shapes: len(p.Model.Shapes), Textures: len(p.Model.Textures)}
			if m.Skeleton >= 0 && m.Skeleton < len(a.Skeletons) && p.Joint >= 0 && p.Joint < len(a.Skeletons[m.Skeleton].Joints) {
				ip.Joint = a.Skeletons[m.Skeleton].Joints[p.Joint].Name
			}
			for _, s := range p.Model.Shapes {
				ip.Triangles += len(s.Triangles) / 3
			}
			im.Parts = append(im.Parts, ip)
		}
		for si := range m.Shapes {
			s := &m.Shapes[si]
			is := infoShape{Name: s.Name, Vertices: len(s.Positions), Triangles: len(s.Triangles) / 3, Skin: skinKind(s)}
			if is.Name == "" {
				is.Name = fmt.Sprintf("shape%d", si)
			}
			if s.Material >= 0 && s.Material < len(m.Materials) {
				is.Material = m.Materials[s.Material].Name
			}
			im.Shapes = append(im.Shapes, is)
		}
		for _, mat := range m.Materials {
			imat := infoMaterial{Name: mat.Name, Textures: []string{}, Samplers: []infoSampler{}, Blend: blendName(mat.Blend.Mode), Cull: cullName(mat.Cull)}
			for _, t := range mat.Textures {
				imat.Textures = append(imat.Textures, t.Name)
				imat.Samplers = append(imat.Samplers, infoSampler{Sampler: t.MapName, Texture: t.Name, Role: roleName(t.Role)})
				if t.Role == mesh.RoleAlbedo && imat.Albedo == "" {
					imat.Albedo = t.Name
				}
			}
			im.Materials = append(im.Materials, imat)
		}
		models = append(models, im)
	}
	return models, infoTextures(a.Textures)
}

func infoTextures(ts []*mesh.Texture) []infoTexture {
	out := []infoTexture{}
	for _, t := range ts {
		out = append(out, infoTexture{Name: t.Name, Format: t.Format, Width: t.Width, Height: t.Height, Mips: t.Mips, Stored: t.Details})
	}
	return out
}

// skinKind names how a shape's vertices follow the joints.
func skinKind(s *mesh.Shape) string {
	most := 0
	for i := range s.Skin {
		most = max(most, int(s.Skin[i].N))
	}
	switch most {
	case 0:
		return "none"
	case 1:
		return "rigid"
	}
	return fmt.Sprintf("smooth %d", most)
}

func roleName(r mesh.TextureRole) string {
	return [...]string{"other", "albedo", "normal", "specular", "emission"}[min(int(r), 4)]
}

func blendName(b mesh.BlendMode) string {
	return [...]string{"opaque", "mask", "translucent"}[min(int(b), 2)]
}

func cullName(c mesh.Cull) string {
	return [...]string{"back", "none", "front", "all"}[min(int(c), 3)]
}

func writeInfoModels(w io.Writer, models []infoModel, loose []infoTexture) {
	for _, m := range models {
		tris := 0
		for _, s := range m.Shapes {
			tris += s.Triangles
		}
		fmt.Fprintf(w, "model %s: %s, %s, %s, %s (skeleton %s)\n", m.Name, plural(len(m.Shapes), "shape", "shapes"),
			plural(tris, "triangle", "triangles"), plural(len(m.Materials), "material", "materials"),
			plural(len(m.Textures), "texture", "textures"), m.Skeleton)
		table(w, []string{"shape", "material", "vertices", "triangles", "skin"}, len(m.Shapes), func(i int) []any {
			s := m.Shapes[i]
			return []any{s.Name, s.Material, s.Vertices, s.Triangles, s.Skin}
		})
		table(w, []string{"material", "albedo", "blend", "cull", "samplers → textures"}, len(m.Materials), func(i int) []any {
			x := m.Materials[i]
			slots := make([]string, len(x.Samplers))
			for k, s := range x.Samplers {
				slots[k] = s.Texture
				if s.Sampler != "" {
					slots[k] = s.Sampler + " → " + s.Texture
				}
			}
			return []any{x.Name, x.Albedo, x.Blend, x.Cull, strings.Join(slots, ", ")}
		})
		writeTextureTable(w, m.Textures)
		for _, p := range m.Parts {
			joint := p.Joint
			if joint == "" {
				joint = "the model's origin"
			} else {
				joint = "joint " + joint
			}
			fmt.Fprintf(w, "  part %s: model %s on %s (%s, %s, %s)\n", p.Name, p.Model, joint,
				plural(p.Shapes, "shape", "shapes"), plural(p.Triangles, "triangle", "triangles"), plural(p.Textures, "texture", "textures"))
		}
	}
	if len(loose) > 0 {
		fmt.Fprintf(w, "textures: %d\n", len(loose))
		writeTextureTable(w, loose)
	}
}

func writeTextureTable(w io.Writer, ts []infoTexture) {
	table(w, []string{"texture", "format", "size", "mips", "stored"}, len(ts), func(i int) []any {
		t := ts[i]
		return []any{t.Name, t.Format, fmt.Sprintf("%dx%d", t.Width, t.Height), t.Mips, t.Stored}
	})
}

// table writes n rows under cols, indented, or nothing without rows.
func table(w io.Writer, cols []string, n int, row func(int) []any) {
	if n == 0 {
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "    %s\n", strings.Join(cols, "\t"))
	for i := 0; i < n; i++ {
		cells := row(i)
		s := make([]string, len(cells))
		for k, c := range cells {
			s[k] = fmt.Sprint(c)
			if s[k] == "" {
				s[k] = "-"
			}
		}
		fmt.Fprintf(tw, "    %s\n", strings.Join(s, "\t"))
	}
	tw.Flush()
}
