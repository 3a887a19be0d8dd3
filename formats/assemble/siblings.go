package assemble

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/formats/bfres"
	"github.com/animscope/animscope/mesh"
)

// SiblingReader reads the file called name (a base name such as
// "Npc_Gerudo_Queen.Tex2.sbfres") that lies beside the opened one, in the
// same directory or archive folder; it returns an error when there is
// none.
type SiblingReader func(name string) ([]byte, error)

// DirSiblings reads siblings of the file at filePath from its directory
// (files up to 512 MiB).
func DirSiblings(filePath string) SiblingReader {
	dir := filepath.Dir(filePath)
	return func(name string) ([]byte, error) {
		if name != filepath.Base(name) {
			return nil, fmt.Errorf("%q is not a base name", name)
		}
		p := filepath.Join(dir, name)
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if st.Size() > 512<<20 {
			return nil, fmt.Errorf("%s: %d bytes is too large for a texture file", p, st.Size())
		}
		return os.ReadFile(p)
	}
}

// ArchiveSiblings reads the entries beside entry in the same folder of
// the archive ar.
func ArchiveSiblings(ar formats.Archive, entry string) SiblingReader {
	dir := path.Dir(slashes(entry))
	return func(name string) ([]byte, error) {
		if name != path.Base(name) {
			return nil, fmt.Errorf("%q is not a base name", name)
		}
		return ar.Read(path.Join(dir, name))
	}
}

// bfresTextures finds the textures a BFRES model file's materials can
// name: the file's own (Wii U FTEX, Switch BNTX), then, for a file
// X.bfres or X.sbfres, those of BotW's texture files beside it — X.Tex1
// (level 0) paired with X.Tex2 (levels 1+) on the Wii U, X.Tex on the
// Switch — each as .sbfres (Yaz0) or .bfres. Opened on a Tex1 or Tex2
// file it pairs that file with its partner the same way. The first
// texture of a name wins (the file's own before its siblings). read may
// be nil (no siblings); problems are one line each (a sibling that does
// not parse, a texture that cannot be decoded).
func bfresTextures(a *formats.Asset, read SiblingReader) (map[string]*mesh.Texture, []string) {
	out := map[string]*mesh.Texture{}
	var problems []string
	own, _ := a.Raw.(*bfres.File)
	if own == nil {
		return out, problems
	}
	base := path.Base(slashes(a.Name))
	stem := textureStem(base)
	ownRole := own.TextureRole(base)
	add := func(t *bfres.Texture, role bfres.TextureRole, mips *bfres.Texture) {
		if _, dup := out[t.Name]; dup || t.Name == "" {
			return
		}
		if t.Err != nil {
			problems = append(problems, fmt.Sprintf("texture %q: %v", t.Name, t.Err))
			return
		}
		out[t.Name] = t.Mesh(role, mips)
	}
	sibling := func(kind string) *bfres.File {
		f, err := readSibling(read, stem+kind, base)
		if err != nil {
			problems = append(problems, err.Error())
		}
		return f
	}
	if ownRole == bfres.RoleWhole {
		for i := range own.Textures {
			add(&own.Textures[i], bfres.RoleWhole, nil)
		}
	}
	if own.Switch != nil {
		if tex := sibling(".Tex"); tex != nil {
			for i := range tex.Textures {
				add(&tex.Textures[i], bfres.RoleWhole, nil)
			}
		}
		return out, problems
	}
	tex1, tex2 := own, own
	if ownRole != bfres.RoleTex1 {
		tex1 = sibling(".Tex1")
	}
	if ownRole != bfres.RoleTex2 {
		tex2 = sibling(".Tex2")
	}
	if tex1 != nil {
		// A Tex1 texture's levels 1+ are in the Tex2 texture of its name.
		mips := map[string]*bfres.Texture{}
		if tex2 != nil {
			for i := range tex2.Textures {
				mips[tex2.Textures[i].Name] = &tex2.Textures[i]
			}
		}
		for i := range tex1.Textures {
			t := &tex1.Textures[i]
			add(t, bfres.RoleTex1, mips[t.Name])
		}
	}
	return out, problems
}

// readSibling reads and parses the texture file name.sbfres or
// name.bfres beside the opened file base (nil, nil when read is nil or
// there is none): the first that reads is the one, and an error is why
// it does not parse.
func readSibling(read SiblingReader, name, base string) (*bfres.File, error) {
	if read == nil {
		return nil, nil
	}
	for _, ext := range []string{".sbfres", ".bfres"} {
		if name+ext == base {
			continue
		}
		data, err := read(name + ext)
		if err != nil {
			continue
		}
		if archive.IsYaz0(data) {
			if data, err = archive.DecompressYaz0(data); err != nil {
				return nil, fmt.Errorf("%s: %v", name+ext, err)
			}
		}
		f, err := bfres.ParseTextures(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name+ext, err)
		}
		return f, nil
	}
	return nil, nil
}

// textureStem is a model file's name without its extension and BotW's
// texture suffix: "Npc_Gerudo_Queen" for Npc_Gerudo_Queen.bfres,
// .Tex1.sbfres or .Tex2.bfres.
func textureStem(base string) string {
	s := strings.TrimSuffix(base, path.Ext(base))
	for _, suf := range []string{".Tex1", ".Tex2", ".Tex"} {
		if strings.HasSuffix(strings.ToLower(s), strings.ToLower(suf)) {
			return s[:len(s)-len(suf)]
		}
	}
	return s
}
