package pairing

import (
	"fmt"
	"path"

	"github.com/animscope/animscope/formats"
)

// DirSources opens the files of a directory listing (names relative to
// dir, read with read) and the models and animations inside any archive
// among them. Files of unknown format are skipped silently; files that
// fail to open become warnings.
func DirSources(dir string, names []string, read func(name string) ([]byte, error)) (srcs []*Source, warnings []string) {
	for _, n := range names {
		full := path.Join(slashes(dir), n)
		data, err := read(n)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s: %v", full, err))
			continue
		}
		kind := formats.Sniff(data)
		if kind == "" {
			continue
		}
		a, err := formats.Open(full, data)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s: %v", full, err))
			continue
		}
		if a.Archive != nil {
			s, w := ArchiveSources(full, a)
			srcs, warnings = append(srcs, s...), append(warnings, w...)
			continue
		}
		srcs = append(srcs, &Source{Path: full, Dir: path.Dir(full), Asset: a})
	}
	return srcs, warnings
}
