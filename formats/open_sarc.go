package formats

import (
	"fmt"
	"sort"

	"github.com/animscope/animscope/formats/archive"
)

// openSARC reads a SARC archive (after Open unwrapped a .szs/.pack Yaz0
// layer). Entries are decoded only when read.
func openSARC(a *Asset, data []byte) error {
	s, err := archive.ReadSARC(data)
	if err != nil {
		return err
	}
	a.Archive = &sarcArchive{s: s}
	a.Raw = s
	a.Warnings = append(a.Warnings, s.Warnings...)
	order := "little-endian (Switch)"
	if s.Header.BigEndian {
		order = "big-endian (Wii U)"
	}
	a.Details = []Detail{
		{"byteOrder", order},
		{"version", fmt.Sprintf("0x%04x", s.Header.Version)},
		{"files", len(s.Nodes)},
		{"hashKey", fmt.Sprintf("0x%x", s.Header.HashKey)},
		{"dataOffset", fmt.Sprintf("0x%x", s.Header.DataOffset)},
	}
	return nil
}

// sarcSniffBytes is how much of an entry Entries decodes to name its
// format: the longest look any Sniff rule takes (skeleton JSON: 4 KiB).
const sarcSniffBytes = 4096

// sarcArchive adapts an *archive.SARC (an archive.Archive) to Archive.
type sarcArchive struct {
	s       *archive.SARC
	entries []Entry // built on the first Entries call
}

// Entries lists the files sorted by path (the table's own order is by name
// hash, meaningless to a user), each with the kind sniffed from its first
// (decompressed) bytes; computed once, on first use.
func (z *sarcArchive) Entries() []Entry {
	if z.entries == nil {
		files := z.s.Files()
		sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
		z.entries = make([]Entry, len(files))
		for i, f := range files {
			z.entries[i] = Entry{Path: f.Path, Size: f.Size, Kind: Sniff(z.s.Head(f, sarcSniffBytes))}
		}
	}
	return z.entries
}

// Read returns the file at path, Yaz0-decompressed when it is stored so.
func (z *sarcArchive) Read(path string) ([]byte, error) {
	f, err := z.s.Find(path)
	if err != nil {
		return nil, err
	}
	return z.s.ReadFile(f)
}
