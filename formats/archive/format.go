package archive

import (
	"sort"
	"strings"

	"github.com/animscope/animscope/formats/asset"
)

// The container descriptors (see asset.Format), registered in package
// formats. Their Extensions also cover Yaz0-compressed archives (.szs):
// the Open dialog offers to expand files with these extensions.
var (
	RARCFormat = containerFormat("rarc", IsRARC, openRARC, ".arc", ".rarc", ".szs")
	SARCFormat = containerFormat("sarc", IsSARC, openSARC, ".sarc", ".szs", ".pack")
)

func containerFormat(name string, sniff func([]byte) bool, open func(*asset.Asset, []byte, asset.Env) error, exts ...string) *asset.Format {
	return &asset.Format{
		Name:        name,
		DisplayName: strings.ToUpper(name),
		Extensions:  exts,
		Sniff:       sniff,
		Open:        open,
		Yields:      asset.Container,
	}
}

// openRARC lists a RARC archive; its files are read only when asked for.
func openRARC(a *asset.Asset, data []byte, env asset.Env) error {
	r, err := ReadRARC(data)
	if err != nil {
		return err
	}
	a.Raw = r
	a.Archive = &container{Archive: r, sniff: env.Sniff}
	a.Warnings = append(a.Warnings, r.Warnings...)
	a.Details = append(a.Details,
		asset.Detail{Name: "root", Value: r.Nodes[0].Name},
		asset.Detail{Name: "directories", Value: len(r.Dirs)},
		asset.Detail{Name: "files", Value: len(r.Files())},
		asset.Detail{Name: "nodes", Value: r.Info.NodeCount},
		asset.Detail{Name: "entries", Value: r.Info.EntryCount},
		asset.Detail{Name: "data size", Value: r.Header.DataSize},
		asset.Detail{Name: "sync ids", Value: r.Info.SyncIDs == 1},
	)
	return nil
}

// sniffBytes is how much of an entry Entries decodes to name its format:
// the longest look any Sniff rule takes (the skeleton JSON rule scans 4
// KiB); asset.Format.Sniff documents the limit for new formats.
const sniffBytes = 4096

// container adapts an Archive (RARC, SARC) to asset.Archive.
type container struct {
	Archive
	// sortByPath lists entries by path instead of table order (SARC's
	// table is ordered by name hash, meaningless to a user).
	sortByPath bool
	sniff      func([]byte) string // names an entry's format
	entries    []asset.Entry       // built on the first Entries call
}

// Entries implements asset.Archive: every file with the kind sniffed from its
// first (decompressed) bytes, computed once.
func (c *container) Entries() []asset.Entry {
	if c.entries == nil {
		files := c.Files()
		if c.sortByPath {
			sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
		}
		c.entries = make([]asset.Entry, len(files))
		for i, f := range files {
			c.entries[i] = asset.Entry{Path: f.Path, Size: f.Size, Kind: c.kind(f)}
		}
	}
	return c.entries
}

// Read implements asset.Archive.
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
