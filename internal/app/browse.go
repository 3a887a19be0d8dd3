package app

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/viewmodel"
)

// browse lists a directory for the Open dialog.
func browse(b *viewmodel.Browser, dir string) {
	if dir == "" {
		dir = b.Dir
	}
	if dir == "" {
		dir = "."
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		b.Err = err.Error()
		return
	}
	*b = viewmodel.Browser{Dir: dir}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		de := viewmodel.DirEntry{Name: e.Name(), Dir: e.IsDir()}
		if info, err := e.Info(); err == nil {
			de.Size = info.Size()
			if info.Mode()&fs.ModeSymlink != 0 {
				if st, err := os.Stat(filepath.Join(dir, e.Name())); err == nil {
					de.Dir, de.Size = st.IsDir(), st.Size()
				}
			}
		}
		ext := strings.ToLower(filepath.Ext(e.Name()))
		de.Known = formats.KnownExtension(ext)
		de.Archive = !de.Dir && formats.ArchiveExtension(ext)
		b.Entries = append(b.Entries, de)
	}
	sort.SliceStable(b.Entries, func(i, j int) bool {
		x, y := b.Entries[i], b.Entries[j]
		if x.Dir != y.Dir {
			return x.Dir
		}
		return strings.ToLower(x.Name) < strings.ToLower(y.Name)
	})
}

// browseArchive lists an archive's entries under its row in the Open
// dialog; "" folds the listing. Only the tables are read (entries are
// decoded lazily), so this is quick even for large archives.
func browseArchive(b *viewmodel.Browser, path string) {
	b.Archive, b.ArchiveEntries, b.ArchiveErr = path, nil, ""
	if path == "" {
		return
	}
	data, err := ReadInput(path)
	if err != nil {
		b.ArchiveErr = err.Error()
		return
	}
	as, err := formats.Open(path, data)
	switch {
	case err != nil:
		b.ArchiveErr = err.Error()
	case as.Archive == nil:
		b.ArchiveErr = fmt.Sprintf("a %s file, not an archive: open it directly", formats.DisplayName(as.Format))
	default:
		for _, e := range as.Archive.Entries() {
			b.ArchiveEntries = append(b.ArchiveEntries, archiveEntry(e))
		}
	}
}

// archiveEntry is an archive entry as the UI lists it: its kind's display
// name and whether the viewer can show it on its own.
func archiveEntry(e formats.Entry) viewmodel.ArchiveEntry {
	return viewmodel.ArchiveEntry{Path: e.Path, Kind: formats.DisplayName(e.Kind), Size: e.Size, Openable: formats.Openable(e.Kind)}
}
