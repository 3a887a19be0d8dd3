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
	a.Archive = &container{Archive: s, sortByPath: true}
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
