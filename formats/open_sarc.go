package formats

import (
	"fmt"

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
		{"files", len(s.Files)},
		{"hashKey", fmt.Sprintf("0x%x", s.Header.HashKey)},
		{"dataOffset", fmt.Sprintf("0x%x", s.Header.DataOffset)},
	}
	return nil
}

// sarcArchive implements Archive over a parsed SARC.
type sarcArchive struct {
	s       *archive.SARC
	entries []Entry // built on the first Entries call
}

// Entries lists the files in path order, sniffing each one's kind from its
// first bytes; computed once, on first use.
func (z *sarcArchive) Entries() []Entry {
	if z.entries == nil {
		z.entries = make([]Entry, 0, len(z.s.Files))
		for _, p := range z.s.SortedPaths() {
			f, _ := z.s.File(p)
			z.entries = append(z.entries, Entry{Path: p, Size: f.Size(), Kind: Sniff(f.Bytes())})
		}
	}
	return z.entries
}

// Read returns the file at path, Yaz0-decompressed when it is stored so
// (.sbfres and friends).
func (z *sarcArchive) Read(path string) ([]byte, error) {
	b, err := z.s.Open(path)
	if err != nil {
		return nil, err
	}
	if archive.IsYaz0(b) {
		d, err := archive.DecompressYaz0(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return d, nil
	}
	return b, nil
}
