package pairing

import (
	"fmt"
	"path"
	"strings"

	"github.com/animscope/animscope/formats"
)

// Source is one opened file, loose or inside an archive, as the pairing
// sees it.
type Source struct {
	// Path addresses the file the way the CLI does: "dir/walk.bck" or
	// "dir/biped.szs:biped/bck/walk.bck".
	Path string
	// Archive is the archive file holding it ("" for a loose file) and
	// Entry its path inside that archive.
	Archive, Entry string
	// Dir is the directory of the file, or of its archive.
	Dir   string
	Asset *formats.Asset
}

// Name is the file's own name: the entry path inside an archive, else the
// path.
func (s *Source) Name() string {
	if s.Entry != "" {
		return s.Entry
	}
	return s.Path
}

// ArchiveSources opens the entries inside an opened archive file that can
// hold a skeleton or an animation (Openable; archivePath is how the user
// named it); Pair then keeps those with skeletons or joint clips. Entries
// that fail to open become warnings naming the entry.
func ArchiveSources(archivePath string, a *formats.Asset) (srcs []*Source, warnings []string) {
	if a.Archive == nil {
		return nil, nil
	}
	for _, e := range a.Archive.Entries() {
		if !formats.Openable(e.Kind) {
			continue
		}
		full := archivePath + ":" + e.Path
		data, err := a.Archive.Read(e.Path)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s: %v", full, err))
			continue
		}
		asset, err := formats.Open(full, data)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s: %v", full, err))
			continue
		}
		srcs = append(srcs, &Source{Path: full, Archive: archivePath, Entry: e.Path, Dir: path.Dir(slashes(archivePath)), Asset: asset})
	}
	return srcs, warnings
}

// NamedAfter reports whether an animation file (its path, and the clip's
// own name) is named after a model file: the file's or the clip's name
// is the model's name stem, or starts with the stem and "_"
// ("mariotree1_wait.bck", "minigamebombhei_battle_1p.brk" for
// "minigamebombhei_battle.bmd"; "Npc_Gerudo_Queen_Animation.bfres" for
// "Npc_Gerudo_Queen.bfres"). Case is ignored: archives mix it.
func NamedAfter(animPath, clipName, modelPath string) bool {
	return namedAfter(nameStem(animPath), strings.ToLower(clipName), nameStem(modelPath))
}

// namedAfter is NamedAfter from the file's name stem, the clip's name in
// lower case and the model's name stem.
func namedAfter(animStem, clipName, modelStem string) bool {
	if modelStem == "" {
		return false
	}
	for _, n := range []string{animStem, clipName} {
		if n == modelStem || (len(n) > len(modelStem) && n[len(modelStem)] == '_' && strings.HasPrefix(n, modelStem)) {
			return true
		}
	}
	return false
}

// nameStem is a path's base name without its extensions, lower case.
func nameStem(p string) string {
	b := path.Base(slashes(p))
	if i := strings.LastIndexByte(b, ':'); i >= 0 {
		b = b[i+1:] // ARCHIVE:ENTRY
	}
	if i := strings.IndexByte(b, '.'); i >= 0 {
		b = b[:i]
	}
	return strings.ToLower(b)
}

func slashes(p string) string { return strings.ReplaceAll(p, `\`, "/") }
