package main

import (
	"fmt"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// textureLookup is the Textures browser's way to the GPU: the renderer's
// copy of t (uploaded the first time). A texture that cannot go up is
// reported in Messages once.
func (v *viewer) textureLookup(t *mesh.Texture) viewmodel.GPUTexture {
	m := v.scene.MeshTexture(t)
	if m.Err != nil {
		if v.texErrs == nil {
			v.texErrs = map[string]bool{}
		}
		if msg := m.Err.Error(); !v.texErrs[msg] {
			v.texErrs[msg] = true
			v.app.Notify(viewmodel.Error, "%s", msg)
		}
	}
	return viewmodel.GPUTexture{Ref: m.Ref, Levels: m.Levels, Compressed: m.Compressed, Err: m.Err}
}

// stateTextures is the Textures browser in --state-json.
type stateTextures struct {
	Groups []stateTextureGroup `json:"groups"`
	// Shown is the texture open at full size ("" none); View is where
	// its picture is, in framebuffer pixels (x, y, w, h).
	Shown string     `json:"shown,omitempty"`
	View  *[4]int    `json:"view,omitempty"`
	Saved stateSaved `json:"saved"`
}

type stateTextureGroup struct {
	Label    string         `json:"label"`
	Textures []stateTexture `json:"textures"`
}

// stateTexture is one listed texture: what it is, whether the GPU holds
// it, and where its thumbnail was drawn (framebuffer pixels; none when
// it was scrolled out of the panel).
type stateTexture struct {
	Name       string  `json:"name"`
	Format     string  `json:"format"`
	Width      int     `json:"width"`
	Height     int     `json:"height"`
	Mips       int     `json:"mips"`
	GPU        bool    `json:"gpu"`
	Levels     int     `json:"gpuLevels"`
	Compressed bool    `json:"compressed"`
	Error      string  `json:"error,omitempty"`
	Uses       int     `json:"uses"`
	Thumb      *[4]int `json:"thumb,omitempty"`
}

// stateSaved is the last Save PNG's outcome.
type stateSaved struct {
	Text   string `json:"text,omitempty"`
	Failed bool   `json:"failed,omitempty"`
}

func (v *viewer) texturesState(sx, sy float32) *stateTextures {
	px := func(id string) *[4]int {
		r, ok := v.ui.ItemRect(id)
		if !ok {
			return nil
		}
		return &[4]int{int(r.X * sx), int(r.Y * sy), int(r.W * sx), int(r.H * sy)}
	}
	st := &stateTextures{Groups: []stateTextureGroup{}, Shown: v.ui.TextureShown(), Saved: stateSaved{Text: v.view.TextureSave.Text, Failed: v.view.TextureSave.Failed}}
	if st.Shown != "" {
		st.View = px("texview:pixels")
	}
	for gi, g := range v.view.Textures {
		sg := stateTextureGroup{Label: g.Label, Textures: []stateTexture{}}
		for ti, e := range g.Textures {
			t := e.Texture
			m := v.scene.MeshTexture(t)
			s := stateTexture{Name: t.Name, Format: t.Format, Width: t.Width, Height: t.Height, Mips: t.Mips,
				GPU: m.Ref.ID != 0, Levels: m.Levels, Compressed: m.Compressed, Uses: len(e.Uses), Thumb: px(fmt.Sprintf("texture:%d.%d", gi, ti))}
			if m.Err != nil {
				s.Error = m.Err.Error()
			}
			sg.Textures = append(sg.Textures, s)
		}
		st.Groups = append(st.Groups, sg)
	}
	return st
}
