package formats

import (
	"sort"

	"github.com/animscope/animscope/formats/archive"
)

// openRARC lists a RARC archive; its files are read only when asked for.
func openRARC(a *Asset, data []byte) error {
	r, err := archive.ReadRARC(data)
	if err != nil {
		return err
	}
	a.Raw = r
	a.Archive = &container{Archive: r}
	a.Warnings = append(a.Warnings, r.Warnings...)
	a.Details = append(a.Details,
		Detail{"root", r.Nodes[0].Name},
		Detail{"directories", len(r.Dirs)},
		Detail{"files", len(r.Files())},
		Detail{"nodes", r.Info.NodeCount},
		Detail{"entries", r.Info.EntryCount},
		Detail{"data size", r.Header.DataSize},
		Detail{"sync ids", r.Info.SyncIDs == 1},
	)
	return nil
}

// sniffBytes is how much of an entry Entries decodes to name its format:
// the longest look any Sniff rule takes (the skeleton JSON rule scans 4 KiB).
const sniffBytes = 4096

// container adapts an archive.Archive (RARC, SARC) to Archive.
type container struct {
	archive.Archive
	// sortByPath lists entries by path instead of table order (SARC's
	// table is ordered by name hash, meaningless to a user).
	sortByPath bool
	entries    []Entry // built on the first Entries call
}

// Entries implements Archive: every file with the kind sniffed from its
// first (decompressed) bytes, computed once.
func (c *container) Entries() []Entry {
	if c.entries == nil {
		files := c.Files()
		if c.sortByPath {
			sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
		}
		c.entries = make([]Entry, len(files))
		for i, f := range files {
			c.entries[i] = Entry{Path: f.Path, Size: f.Size, Kind: Sniff(c.Head(f, sniffBytes))}
		}
	}
	return c.entries
}

// Read implements Archive.
func (c *container) Read(path string) ([]byte, error) {
	f, err := c.Find(path)
	if err != nil {
		return nil, err
	}
	return c.ReadFile(f)
}
