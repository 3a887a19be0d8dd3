package app

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/animscope/animscope/internal/export"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// textureBrowser is what the Textures browser lists, kept between frames:
// rebuilt only when the model in use's models or the open files change.
type textureBrowser struct {
	models []*mesh.Model
	files  []*File
	groups []viewmodel.TextureGroup
	// last is how the last Save PNG ended, for the full-size view.
	last viewmodel.ExportOutcome

	ses  *session // the open files and their loose textures; Save PNG never overwrites one
	rig  *rig     // the model in use and its models
	msgs *messages
}

// list lists the model in use's textures (one group per model, with the
// material slots that sample each) and then each open file's loose
// textures not listed with a model already.
func (tb *textureBrowser) list() []viewmodel.TextureGroup {
	files, rig := tb.ses.files, tb.rig
	models := rig.models()
	if slices.Equal(models, tb.models) && slices.Equal(files, tb.files) {
		return tb.groups
	}
	tb.models = append(tb.models[:0], models...)
	tb.files = append(tb.files[:0], files...)
	tb.groups = nil
	// listed are the model's textures by name: a BFRES's embedded
	// textures are also its loose ones (other objects, the same names).
	listed := map[string]bool{}
	var modelFile *File
	if len(models) > 0 && rig.skelFile >= 0 && rig.skelFile < len(files) {
		f := files[rig.skelFile]
		modelFile = f
		for _, m := range models {
			label := f.name
			if m.Name != f.name && len(models) > 1 {
				label += " · model " + m.Name
			}
			tb.addModelGroup(label, m, f)
			for _, t := range m.Textures {
				listed[t.Name] = true
			}
		}
		// Parts come from other files: their textures are listed under
		// the part, saved beside the model file's.
		for _, m := range models {
			for _, p := range m.Parts {
				tb.addModelGroup(f.name+" · part "+p.Name+" ("+p.Model.Name+")", p.Model, f)
			}
		}
	}
	for _, f := range files {
		g := viewmodel.TextureGroup{Label: f.name}
		// A texture file beside the model (BotW's X.Tex1 for X) that is
		// open too holds the textures the model drew from it: they are
		// listed once, with the model, where the slots using them show.
		own := f == modelFile || (modelFile != nil && besideModel(f.name, modelFile.name))
		for _, t := range f.asset.Textures {
			if !own || !listed[t.Name] {
				g.Textures = append(g.Textures, viewmodel.TextureEntry{Texture: t, Index: -1, SavePath: texturePath(f, t)})
			}
		}
		if len(g.Textures) == 0 {
			continue
		}
		shorten(g.Textures)
		tb.groups = append(tb.groups, g)
	}
	return tb.groups
}

// besideModel reports whether the file named name is a companion of the
// model file named model: its name is the model's without extension,
// then a dot (Npc_Gerudo_Queen.Tex1.bfres for Npc_Gerudo_Queen.bfres).
func besideModel(name, model string) bool {
	name, model = filepath.Base(name), filepath.Base(model)
	stem := strings.TrimSuffix(model, filepath.Ext(model))
	return name != model && strings.HasPrefix(name, stem+".")
}

// addModelGroup lists m's textures (with the material slots that sample
// each) as one group, saved beside the file f; nothing for a model
// without textures.
func (tb *textureBrowser) addModelGroup(label string, m *mesh.Model, f *File) {
	if len(m.Textures) == 0 {
		return
	}
	g := viewmodel.TextureGroup{Label: label}
	for ti, t := range m.Textures {
		g.Textures = append(g.Textures, viewmodel.TextureEntry{Texture: t, Index: ti, Uses: textureUses(m, ti), SavePath: texturePath(f, t)})
	}
	shorten(g.Textures)
	tb.groups = append(tb.groups, g)
}

// shorten sets each entry's Short: its name after the prefix, ending in
// '_', '.' or '/', that all the names share (the whole name when that
// would leave nothing, or there is one texture).
func shorten(es []viewmodel.TextureEntry) {
	prefix := ""
	if len(es) > 1 {
		prefix = es[0].Texture.Name
		for _, e := range es[1:] {
			n := e.Texture.Name
			k := 0
			for k < len(prefix) && k < len(n) && prefix[k] == n[k] {
				k++
			}
			prefix = prefix[:k]
		}
		prefix = prefix[:strings.LastIndexAny(prefix, "_./")+1]
	}
	for i := range es {
		es[i].Short = es[i].Texture.Name
		if rest := strings.TrimPrefix(es[i].Short, prefix); rest != "" {
			es[i].Short = rest
		}
	}
}

// textureUses are the material slots of m that sample texture ti.
func textureUses(m *mesh.Model, ti int) []viewmodel.TextureUse {
	var uses []viewmodel.TextureUse
	for _, mat := range m.Materials {
		for si, s := range mat.Textures {
			if s.Texture == ti {
				uses = append(uses, viewmodel.TextureUse{Material: mat.Name, Slot: si, Sampler: s.Sampler, UVSet: s.UVSet, TexMatrix: s.TexMatrix})
			}
		}
	}
	return uses
}

// texturePath is where Save PNG offers to write t: in the directory of
// the file (or archive) that holds it, named after the texture.
func texturePath(f *File, t *mesh.Texture) string {
	file := f.path
	if f.archive != "" {
		file = f.archive
	}
	dir := filepath.Dir(file)
	if f.demo {
		dir = "."
	}
	return filepath.Join(dir, TextureFileStem(t.Name)+".png")
}

// TextureFileStem is a texture's name as a file name (without
// extension) that every system can create: path separators, NUL, the
// characters Windows refuses (< > : " | ? * and control characters) and
// a trailing dot or space become '_'; a name that is empty, "." or "..",
// or one of Windows' device names (CON, NUL, COM1, …) gets a '_' in front.
// The same on every system, so a PNG has one name wherever it is written.
func TextureFileStem(name string) string {
	base := []rune(strings.Map(func(r rune) rune {
		if r < 32 || strings.ContainsRune(`/\<>:"|?*`, r) {
			return '_'
		}
		return r
	}, name))
	if n := len(base); n > 0 && (base[n-1] == '.' || base[n-1] == ' ') && string(base) != "." && string(base) != ".." {
		base[n-1] = '_'
	}
	out := string(base)
	device, _, _ := strings.Cut(strings.ToUpper(out), ".")
	switch {
	case out == "" || out == "." || out == "..":
		out = "_" + out
	case windowsDevice(device):
		out = "_" + out
	}
	return out
}

// windowsDevice reports whether s names a Windows device (CON, PRN, AUX,
// NUL, COM1–COM9, LPT1–LPT9), which no file may be called, whatever its
// extension.
func windowsDevice(s string) bool {
	switch s {
	case "CON", "PRN", "AUX", "NUL":
		return true
	}
	return len(s) == 4 && (strings.HasPrefix(s, "COM") || strings.HasPrefix(s, "LPT")) && s[3] >= '1' && s[3] <= '9'
}

// TextureImage is mip level 0 of t as the GPU samples it: the decoded
// bytes as straight (not premultiplied) RGBA, checked against the
// texture's size.
func TextureImage(t *mesh.Texture) (*image.NRGBA, error) {
	if t.Decode == nil {
		return nil, fmt.Errorf("texture %q: no decoder for %s", t.Name, t.Format)
	}
	img, err := t.Decode(0)
	if err != nil {
		return nil, err
	}
	if img == nil {
		return nil, fmt.Errorf("texture %q: decoded to nothing", t.Name)
	}
	if w, h := t.MipSize(0); img.Rect.Dx() != w || img.Rect.Dy() != h {
		return nil, fmt.Errorf("texture %q: decoded %dx%d, the texture is %dx%d", t.Name, img.Rect.Dx(), img.Rect.Dy(), w, h)
	}
	return &image.NRGBA{Pix: img.Pix, Stride: img.Stride, Rect: img.Rect}, nil
}

// apply handles the Textures browser's Save PNG.
func (tb *textureBrowser) apply(in viewmodel.Intent) bool {
	s, ok := in.(viewmodel.SaveTexture)
	if !ok {
		return false
	}
	if s.Texture == nil {
		return true
	}
	if err := tb.save(s.Texture, s.Path); err != nil {
		tb.msgs.notify(viewmodel.Error, "save texture %s: %v", s.Texture.Name, err)
		tb.last = viewmodel.ExportOutcome{Text: fmt.Sprintf("Not saved: %v", err), Failed: true, Time: time.Now()}
		return true
	}
	tb.msgs.notify(viewmodel.Info, "saved texture %s (%dx%d, mip 0) to %s", s.Texture.Name, s.Texture.Width, s.Texture.Height, s.Path)
	tb.last = viewmodel.ExportOutcome{Text: "Saved " + s.Path, Time: time.Now()}
	return true
}

// save writes mip 0 of t to path as a PNG, atomically as the exports
// are written.
func (tb *textureBrowser) save(t *mesh.Texture, path string) error {
	if !strings.EqualFold(filepath.Ext(path), ".png") {
		return fmt.Errorf("%q: save to a file ending in .png", path)
	}
	if err := tb.ses.refuseInput(path); err != nil {
		return err
	}
	img, err := TextureImage(t)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	return export.WriteAtomic(path, buf.Bytes())
}
