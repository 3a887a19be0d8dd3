package archive

import (
	"fmt"

	"github.com/animscope/animscope/formats/asset"
)

// openSARC reads a SARC archive (after Open unwrapped a .szs/.pack Yaz0
// layer). Entries are decoded only when read.
func openSARC(a *asset.Asset, data []byte, env asset.Env) error {
	s, err := ReadSARC(data)
	if err != nil {
		return err
	}
	a.Archive = &container{Archive: s, sortByPath: true, sniff: env.Sniff}
	a.Raw = s
	a.Warnings = append(a.Warnings, s.Warnings...)
	order := "little-endian (Switch)"
	if s.Header.BigEndian {
		order = "big-endian (Wii U)"
	}
	a.Details = []asset.Detail{
		{Name: "byteOrder", Value: order},
		{Name: "version", Value: fmt.Sprintf("0x%04x", s.Header.Version)},
		{Name: "files", Value: len(s.Nodes)},
		{Name: "hashKey", Value: fmt.Sprintf("0x%x", s.Header.HashKey)},
		{Name: "dataOffset", Value: fmt.Sprintf("0x%x", s.Header.DataOffset)},
	}
	return nil
}
