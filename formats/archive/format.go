package archive

import (
	"sort"
	"strings"

	"github.com/animscope/animscope/formats/format"
)

// The container descriptors (see format.Format), registered in package
// formats. Their Extensions also cover Yaz0-compressed archives (.szs):
// the Open dialog offers to expand files with these extensions.
var (
	RARCFormat = containerFormat("rarc", IsRARC, openRARC, ".arc", ".rarc", ".szs")
	SARCFormat = containerFormat("sarc", IsSARC, openSARC, ".sarc", ".szs", ".pack")
)

func containerFormat(name string, sniff func([]byte) bool, open func(*format.Asset, []byte, format.Env) error, exts ...string) *format.Format {
	return &format.Format{
		Name:        name,
		DisplayName: strings.ToUpper(name),
		Extensions:  exts,
		Sniff:       sniff,
		Open:        open,
		Yields:      format.Container,
	}
}

// openRARC lists a RARC archive; its files are read only when asked for.
func openRARC(a *format.Asset, data []byte, env format.Env) error {
	r, err := ReadRARC(data)
	if err != nil {
		return err
	}
	a.Raw = r
	a.Archive = &container{Archive: r, sniff: env.Sniff}
	a.Warnings = append(a.Warnings, r.Warnings...)
	a.Details = append(a.Details,
		format.Detail{Name: "root", Value: r.Nodes[0].Name},
		format.Detail{Name: "directories", Value: len(r.Dirs)},
		format.Detail{Name: "files", Value: len(r.Files())},
		format.Detail{Name: "nodes", Value: r.Info.NodeCount},
		format.Detail{Name: "entries", Value: r.Info.EntryCount},
		format.Detail{Name: "data size", Value: r.Header.DataSize},
		format.Detail{Name: "sync ids", Value: r.Info.SyncIDs == 1},
	)
	return nil
}

// sniffBytes is how much of an entry Entries decodes to name its format:
// the longest look any Sniff rule takes (the skeleton JSON rule scans 4
// KiB); format.Format.Sniff documents the limit for new formats.
const sniffBytes = 4096

// container adapts an Archive (RARC, SARC) to format.Archive.
type container struct {
	Archive
	// sortByPath lists entries by path instead of table order (SARC's
	// table is ordered by name hash, meaningless to a user).
	sortByPath bool
	sniff      func([]byte) string // names an entry's format
	entries    []format.Entry      // built on the first Entries call
}

// Entries implements format.Archive: every file with the kind sniffed from its
// first (decompressed) bytes, computed once.
func (c *container) Entries() []format.Entry {
	if c.entries == nil {
		files := c.Files()
		if c.sortByPath {
			sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
		}
		c.entries = make([]format.Entry, len(files))
		for i, f := range files {
			c.entries[i] = format.Entry{Path: f.Path, Size: f.Size, Kind: c.kind(f)}
		}
	}
	return c.entries
}

// Read implements format.Archive.
func (c *container) Read(path string) ([]byte, error) {
	f, err := c.Find(path)
	if err != nil {
		return nil, err
	}
	return c.ReadFile(f)
}

// kind names the format of file f from its first bytes ("" without a
// sniffer).
func (c *container) kind(f File) string {
	if c.sniff == nil {
		return ""
	}
	return c.sniff(c.Head(f, sniffBytes))
}
