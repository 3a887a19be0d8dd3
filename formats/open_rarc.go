package formats

import (
	"github.com/animscope/animscope/formats/archive"
)

// openRARC lists a RARC archive; its files are read only when asked for.
func openRARC(a *Asset, data []byte) error {
	r, err := archive.ReadRARC(data)
	if err != nil {
		return err
	}
	a.Raw = r
	a.Archive = container{r}
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

// container adapts an archive.Archive (RARC, and SARC later) to Archive.
type container struct{ archive.Archive }

// Entries implements Archive.
func (c container) Entries() []Entry {
	files := c.Files()
	out := make([]Entry, len(files))
	for i, f := range files {
		out[i] = Entry{Path: f.Path, Size: f.Size, Kind: Sniff(c.Head(f, sniffBytes))}
	}
	return out
}

// Read implements Archive.
func (c container) Read(path string) ([]byte, error) {
	f, err := c.Find(path)
	if err != nil {
		return nil, err
	}
	return c.ReadFile(f)
}
